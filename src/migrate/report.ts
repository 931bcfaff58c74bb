// What `docsgen migrate docusaurus` prints: what it wrote, then every place left to do by hand
// (file:line, so an editor or terminal jumps there), then what was not carried over. Text that
// came from the project (file names, MDX) is printed without control characters.
import path from 'node:path';
import type { MigrateResult } from './migrate';
import { TODO_MARK } from './convertMarkdown';

const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

export function migrateReport(result: MigrateResult, cwd: string): string[] {
  const out = path.relative(cwd, result.outDir) || '.';
  const shown = (file: string) => clean(path.join(out, file));
  const copied = [...result.files.values()].filter((f) => typeof f !== 'string').length;
  const lines = [
    `✓ migrated to ${clean(out)}/: ${result.files.size} files written (${result.guides} ${result.guides === 1 ? 'guide' : 'guides'}, ${copied} copied as they were, ${result.redirects.length} ${result.redirects.length === 1 ? 'redirect' : 'redirects'} in docsgen.config.ts)`,
  ];
  if (result.todos.length > 0) {
    lines.push('', `To do by hand (${result.todos.length}; each is marked "${TODO_MARK}" in its file):`);
    for (const t of result.todos) lines.push(`  ${shown(t.file)}:${t.line}  ${clean(t.what)}`);
  }
  if (result.notes.length > 0) {
    lines.push('', 'Not carried over:');
    for (const n of result.notes) lines.push(`  - ${clean(n)}`);
  }
  lines.push('', 'Next:', `  cd ${clean(out)} && npx docsgen build`);
  return lines;
}
