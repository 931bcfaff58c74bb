// Where docsgen's own files are, whether it runs from source (tests) or from the compiled
// bundle in node_modules/.cache (the CLI), which bin/compile.js stamps with the real root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __DOCSGEN_ROOT__: string | undefined;

export const packageRoot: string = typeof __DOCSGEN_ROOT__ === 'string' ? __DOCSGEN_ROOT__ : fileURLToPath(new URL('../', import.meta.url));

export const packagePath = (...parts: string[]) => path.join(packageRoot, ...parts);
