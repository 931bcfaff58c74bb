// The esbuild plugin that puts a project's overrides in place of the built-ins, for the template
// bundle (src/theme/compileTemplates.ts) and the islands bundle (src/islands/bundle.ts) alike:
// - an import of an overridden built-in, from docsgen's templates, goes to a small generated
//   module that takes the override's exports and the built-in's for the names it leaves out
//   (an override of SearchBox need not repeat SEARCH_BOX_ENGLISH);
// - `docsgen/theme/original/<Name>` (or `original/<folder>/<Name>`) is the built-in itself, so
//   an override can wrap it;
// - `docsgen/theme/<folder>/<Name>` is a built-in or its override (what `docsgen eject` writes
//   for a built-in's relative imports), `docsgen/theme/shared/<module>` (and client/, content/)
//   the modules of docsgen's src/ that templates use, `docsgen/theme` the props types (nothing at run time);
// - React is docsgen's own copy, wherever the importing file is: one React renders the page.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { packagePath, packageRoot } from '../paths';
import { BUILTIN_FOLDERS, builtinAt, builtins, templatesDir, valueExports } from './builtins';
import type { Override } from './overrides';

/** An override with the names its file exports (src/theme/exportsOf.ts). */
export interface ResolvedOverride extends Override {
  exports: string[];
  /** The file has `export * from …`: it may export more than `exports` says. */
  reExports: boolean;
}

const SHIM = 'docsgen-override';
/** The folders of docsgen's src/ the templates import from. */
export const SRC_FOLDERS = ['shared', 'client', 'content'];
const SPECIFIER = /^docsgen\/theme(?:\/(.*))?$/;

export function overridePlugin(overrides: readonly ResolvedOverride[], options: { platform: 'node' | 'browser' }): Plugin {
  const byName = new Map(overrides.map((o) => [o.builtin.name, o]));
  const shimOf = (name: string) => (byName.has(name) ? { path: name, namespace: SHIM } : undefined);
  return {
    name: 'docsgen-theme',
    setup(build) {
      build.onResolve({ filter: SPECIFIER }, (args) => {
        const rest = SPECIFIER.exec(args.path)![1] ?? '';
        if (rest === '') return { path: packagePath('src/theme/props.ts') };
        const [first, second, ...more] = rest.split('/');
        // `original/Footer`, or `original/components/Footer` (the form package.json types for editors).
        if (first === 'original' && second && more.length <= 1) {
          const name = more[0] ?? second;
          const builtin = builtins().get(name);
          if (builtin && (more.length === 0 || builtin.folder === second)) return { path: builtin.file };
          return { errors: [{ text: `"${args.path}": docsgen has no built-in component ${more.length ? `${second}/` : ''}${name} (docsgen eject --list lists them)` }] };
        }
        if ((BUILTIN_FOLDERS as readonly string[]).includes(first) && second && more.length === 0) {
          const builtin = builtins().get(second);
          if (builtin?.folder === first) return shimOf(second) ?? { path: builtin.file };
          // A template module that is not a component to override (Messages, Island): the one every template uses.
          const file = path.join(templatesDir, first, `${second}.tsx`);
          return fs.existsSync(file) ? { path: file } : { errors: [{ text: `"${args.path}": docsgen has no template ${first}/${second}` }] };
        }
        if (SRC_FOLDERS.includes(first) && second) {
          const base = packagePath('src', first, [second, ...more].join('/'));
          const file = ['.ts', '.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f));
          return file ? { path: file } : { errors: [{ text: `"${args.path}": docsgen has no module src/${first}/${[second, ...more].join('/')}` }] };
        }
        return { errors: [{ text: `"${args.path}" is not a module of docsgen/theme (use docsgen/theme, docsgen/theme/original/<Name>, docsgen/theme/<folder>/<Name>, docsgen/theme/shared/<module> or docsgen/theme/client/<module>)` }] };
      });

      // docsgen's templates (and the island entries) import the built-ins by path.
      build.onResolve({ filter: /^(\.\.?\/|\/)/ }, (args) => {
        if (args.namespace === SHIM || !(args.namespace === 'docsgen-island' || args.importer.startsWith(templatesDir + path.sep))) return undefined;
        const target = path.resolve(args.resolveDir, args.path).replace(/\.tsx$/, '');
        const builtin = builtinAt(target);
        return builtin ? shimOf(builtin.name) : undefined;
      });

      build.onLoad({ filter: /.*/, namespace: SHIM }, (args) => {
        const override = byName.get(args.path)!;
        const own = new Set(override.exports);
        const fromOriginal = valueExports(override.builtin).filter((name) => !own.has(name));
        const lines = [
          override.exports.length > 0 ? `export { ${override.exports.map(exportName).join(', ')} } from ${JSON.stringify(override.file)};` : '',
          override.reExports ? `export * from ${JSON.stringify(override.file)};` : '',
          fromOriginal.length > 0 ? `export { ${fromOriginal.map(exportName).join(', ')} } from ${JSON.stringify(override.builtin.file)};` : '',
        ];
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(override.file) };
      });

      // On the server, the packages docsgen's own modules import (highlight.js, …) are loaded from
      // docsgen's node_modules as the CLI loads them, not copied into the bundle.
      if (options.platform === 'node') {
        build.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.pluginData?.docsgenExternal || SPECIFIER.test(args.path) || !args.importer.startsWith(path.resolve(packageRoot) + path.sep) || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { docsgenExternal: true, docsgenReact: true } });
          if (found.errors.length > 0) return { errors: found.errors };
          return { path: pathToFileURL(found.path).href, external: true };
        });
      }

      // One React: docsgen's, resolved from its own folder whatever file imports it.
      build.onResolve({ filter: /^(react|react-dom|scheduler)(\/.*)?$/ }, async (args) => {
        if (args.pluginData?.docsgenReact) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: packageRoot, pluginData: { docsgenReact: true } });
        if (found.errors.length > 0) return { errors: found.errors };
        return options.platform === 'node' ? { path: pathToFileURL(found.path).href, external: true } : { path: found.path };
      });
    },
  };
}

function exportName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}
