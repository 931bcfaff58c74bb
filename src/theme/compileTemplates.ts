// The templates with a project's overrides in place: esbuild bundles docsgen's template entry
// (templates/index.tsx) through the override plugin into one ES module in the project's
// `.docsgen/theme/` (never inside node_modules: an install may be read-only and shared). React
// stays outside the bundle, imported from docsgen's own copy. The file is named by its content,
// so a render thread, or a later build of serve --watch, imports exactly the bundle it was given.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../diagnostics/diagnostic';
import { digest } from '../cache/memo';
import { packagePath } from '../paths';
import { esbuildDiagnostics } from './diagnostics';
import { overridePlugin, type ResolvedOverride } from './plugin';

/** The compiled templates of a themed site, as the render stage gets them (src/theme/templateModule.ts). */
export interface ThemeModule {
  /** Absolute path of the bundle. */
  module: string;
  /** Digest of its content: part of every page's cache key. */
  digest: string;
  /** The project's root, and the folders of its own components (theme/, content/pages/): a render error in a file there is reported as that file's. */
  root: string;
  dirs: string[];
}

/** Where a project's compiled templates go. */
export function themeOutDir(root: string): string {
  return path.join(root, '.docsgen', 'theme');
}

export interface CompileOptions {
  root: string;
  themeDir: string;
  /** The project's custom pages (src/site/customPages.ts): registered by name for templates/pages/CustomPage.tsx. */
  customPages: readonly { name: string; file: string }[];
  customPagesDir: string;
}

export async function compileTemplates(overrides: readonly ResolvedOverride[], options: CompileOptions): Promise<ThemeModule> {
  const esbuild = await import('esbuild');
  let text: string;
  try {
    const result = await esbuild.build({
      stdin: { contents: entrySource(options.customPages), loader: 'js', resolveDir: packagePath('templates'), sourcefile: 'docsgen-templates-entry.js' },
      absWorkingDir: '/',
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      // The project's own tsconfig is not docsgen's business (a `jsx: preserve` there would break the bundle).
      tsconfigRaw: '{}',
      // Inline, so the render error's throw site (src/serve/throwSite.ts) maps back to theme/….tsx.
      sourcemap: 'inline',
      // The sources are read from disk when an error is reported; copying them in doubled the file.
      sourcesContent: false,
      write: false,
      outfile: path.join(themeOutDir(options.root), 'templates.mjs'),
      logLevel: 'silent',
      plugins: [overridePlugin(overrides, { platform: 'node' })],
    });
    text = result.outputFiles[0].text;
  } catch (cause) {
    throw new DocsgenError(esbuildDiagnostics(cause, 'theme-compile-failed', 'Compiling the theme overrides failed'), { cause });
  }
  const hash = digest(text);
  const module = path.join(themeOutDir(options.root), `templates-${hash.slice(0, 12)}.mjs`);
  writeOnce(module, text);
  return { module, digest: hash, root: options.root, dirs: [options.themeDir, options.customPagesDir] };
}

/** The bundle's entry: docsgen's templates, and each custom page's component registered by name. */
function entrySource(pages: CompileOptions['customPages']): string {
  const lines = [`export { renderTemplate } from ${JSON.stringify(packagePath('templates/index.tsx'))};`];
  if (pages.length > 0) lines.push(`import { customPages } from ${JSON.stringify(packagePath('templates/pages/CustomPage.tsx'))};`);
  pages.forEach((page, i) => lines.push(`import Page${i} from ${JSON.stringify(page.file)};`, `customPages.set(${JSON.stringify(page.name)}, Page${i});`));
  return lines.join('\n') + '\n';
}

/** Writes the bundle unless it is there already, and removes the bundles of earlier builds. */
function writeOnce(file: string, text: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  }
  for (const old of fs.readdirSync(dir)) if (/^templates-\w+\.mjs$/.test(old) && path.join(dir, old) !== file) fs.rmSync(path.join(dir, old), { force: true });
}
