// The package entry for `import { build } from 'docsgen'` in plain Node: the compiled API.
import { compiled } from './compile.js';

// React renders several times faster in production mode.
process.env.NODE_ENV ??= 'production';

const api = await import(await compiled('index'));
export const { build, LiveMemo, loadConfig, defineConfig, DocsgenError, createLogger, createMemoryLogger, formatDiagnostic, createDevServer, checkSiteLinks, diffSpecs, summarizeChanges, diffSpecFiles, cutVersion, initProject, migrateDocusaurus } = api;
