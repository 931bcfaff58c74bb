// What an override file exports, read by esbuild's transform (which also reports a syntax
// error at its line and column before anything is bundled). The override plugin takes these
// names from the override and every other name from the built-in.
import fs from 'node:fs';
import path from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic';
import type { Override } from './overrides';
import type { ResolvedOverride } from './plugin';
import { valueExports } from './builtins';
import { esbuildDiagnostics } from './diagnostics';

/** The names a module file exports (`reExports`: it has `export * from …` too), or its syntax errors. */
export async function exportsOf(file: string): Promise<{ exports: string[]; reExports: boolean } | { diagnostics: Diagnostic[] }> {
  const esbuild = await import('esbuild');
  let code: string;
  try {
    const source = fs.readFileSync(file, 'utf8');
    // CommonJS output lists every export in one __export({...}) call, whatever way the source wrote it.
    code = (await esbuild.transform(source, { loader: file.endsWith('.jsx') ? 'jsx' : 'tsx', format: 'cjs', sourcefile: file, jsx: 'automatic', logLevel: 'silent' })).code;
  } catch (cause) {
    return { diagnostics: esbuildDiagnostics(cause, 'theme-compile-failed', `Compiling ${path.basename(file)} failed`) };
  }
  const list = /__export\(\w+, \{([^}]*)\}\)/.exec(code)?.[1] ?? '';
  return { exports: [...list.matchAll(/^\s*(?:"([^"]+)"|([\w$]+)):/gm)].map((m) => m[1] ?? m[2]), reExports: code.includes('__reExport(') };
}

export async function resolveOverrides(overrides: readonly Override[]): Promise<{ resolved: ResolvedOverride[]; diagnostics: Diagnostic[] }> {
  const resolved: ResolvedOverride[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const override of overrides) {
    const found = await exportsOf(override.file);
    if ('diagnostics' in found) {
      diagnostics.push(...found.diagnostics);
      continue;
    }
    const { exports, reExports } = found;
    const expected = valueExports(override.builtin);
    if (!reExports && !expected.some((name) => exports.includes(name))) {
      const wanted = expected.map((n) => (n === 'default' ? 'a default export' : n)).join(', ');
      diagnostics.push(
        error('theme-override-exports', `${path.basename(override.file)} replaces the built-in ${override.builtin.name} but exports none of its names (${wanted}).`, {
          location: { file: override.file },
          hint: expected.includes('default') ? `Write \`export default function ${override.builtin.name}(props) { … }\`.` : `Write \`export function ${expected[0]}(props: ${expected[0]}Props) { … }\`, with the props type from 'docsgen/theme'.`,
        }),
      );
      continue;
    }
    resolved.push({ ...override, exports, reExports });
  }
  return { resolved, diagnostics };
}

/** Each custom page must export its component as the default. */
export async function checkCustomPages(files: readonly string[]): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const found = await exportsOf(file);
    if ('diagnostics' in found) diagnostics.push(...found.diagnostics);
    else if (!found.exports.includes('default')) {
      diagnostics.push(error('custom-page-export', `${path.basename(file)} has no default export: a page's component is its file's default export.`, { location: { file }, hint: `Write \`export default function Page(props: CustomPageProps) { … }\`, with the props type from 'docsgen/theme'.` }));
    }
  }
  return diagnostics;
}
