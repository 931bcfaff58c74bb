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

export async function resolveOverrides(overrides: readonly Override[]): Promise<{ resolved: ResolvedOverride[]; diagnostics: Diagnostic[] }> {
  const esbuild = await import('esbuild');
  const resolved: ResolvedOverride[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const override of overrides) {
    let code: string;
    try {
      const source = fs.readFileSync(override.file, 'utf8');
      // CommonJS output lists every export in one __export({...}) call, whatever way the source wrote it.
      code = (await esbuild.transform(source, { loader: override.file.endsWith('.jsx') ? 'jsx' : 'tsx', format: 'cjs', sourcefile: override.file, jsx: 'automatic', logLevel: 'silent' })).code;
    } catch (cause) {
      diagnostics.push(...esbuildDiagnostics(cause, 'theme-compile-failed', `Compiling the override ${path.basename(override.file)} failed`));
      continue;
    }
    const list = /__export\(\w+, \{([^}]*)\}\)/.exec(code)?.[1] ?? '';
    const exports = [...list.matchAll(/^\s*(?:"([^"]+)"|([\w$]+)):/gm)].map((m) => m[1] ?? m[2]);
    const reExports = code.includes('__reExport(');
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
