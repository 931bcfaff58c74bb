// Evaluates a Docusaurus project's JavaScript or TypeScript file (docusaurus.config.*, sidebars.*)
// to the value it exports. esbuild bundles the file's own local imports into one CommonJS
// module held in memory (nothing is written, least of all under node_modules); the packages it
// imports are required from the project's own folder. A package that is not installed there is
// replaced by a stand-in that yields itself for anything asked of it, so a config that only
// passes `require('prism-react-renderer').themes.github` along still evaluates; the missing
// packages are reported, since what came from them is not in the result.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface Evaluated {
  value: unknown;
  /** Packages the file imports that are not installed in the project. */
  missing: string[];
}

/** Marks a stand-in for a package that is not installed: mapping code leaves such values out. */
export const STAND_IN = Symbol('docsgen.migrate.standIn');

export async function evaluateFile(file: string): Promise<Evaluated> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    // CSS, images and the like imported by a config are of no use here.
    loader: { '.css': 'empty', '.scss': 'empty', '.png': 'empty', '.svg': 'empty', '.jpg': 'empty' },
    define: { 'import.meta.url': '__docsgenImportMetaUrl', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
  });
  const code = result.outputFiles[0].text;
  const missing: string[] = [];
  const realRequire = createRequire(file);
  const projectRequire = Object.assign((id: string) => {
    try {
      return realRequire(id);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' || id.startsWith('.')) throw e;
      if (!missing.includes(id)) missing.push(id);
      return standIn(id);
    }
  }, { resolve: (id: string) => {
    try {
      return realRequire.resolve(id);
    } catch {
      return path.resolve(path.dirname(file), id);
    }
  } });
  const module = { exports: {} as Record<string, unknown> };
  const run = new Function('require', 'module', 'exports', '__filename', '__dirname', '__docsgenImportMetaUrl', code);
  run(projectRequire, module, module.exports, file, path.dirname(file), pathToFileURL(file).href);
  let value: unknown = module.exports;
  if (value && typeof value === 'object' && '__esModule' in value && 'default' in value) value = (value as { default: unknown }).default;
  // Docusaurus accepts a function (sync or async) returning the config.
  if (typeof value === 'function') value = await (value as () => unknown)();
  return { value: await value, missing };
}

function standIn(id: string): unknown {
  const target = function () {};
  const proxy: unknown = new Proxy(target, {
    get: (_t, key) => (key === STAND_IN ? id : key === Symbol.toPrimitive ? () => `[${id}]` : key === 'then' ? undefined : proxy),
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}

/** True for a value that came from a package that is not installed. */
export function isStandIn(value: unknown): boolean {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[STAND_IN] !== undefined;
}
