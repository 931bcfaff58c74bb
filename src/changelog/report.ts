// How `docsgen diff` prints changes: text grouped by operation, breaking first, then a summary
// line; or JSON `{ before, after, changes, summary }`. Every spec string is made plain again here,
// since this text goes to a terminal.
import { plainText } from './plain';
import type { ApiChange, ChangeSeverity, ChangeSummary } from './types';
import type { SpecDiff } from './diffSpecFiles';

const MARK: Record<ChangeSeverity, { text: string; color: number }> = {
  breaking: { text: '✗ breaking    ', color: 31 },
  deprecation: { text: '! deprecation ', color: 33 },
  'non-breaking': { text: '+ non-breaking', color: 32 },
  annotation: { text: '· annotation  ', color: 2 },
};

const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

/** `GET /parcels/{id}`, or `Document` for changes outside operations. */
export function operationHeading(change: ApiChange): string {
  return change.operation ? plainText(`${change.operation.method.toUpperCase()} ${change.operation.path}`) : 'Document';
}

/** The changes are sorted already (diffSpecs): consecutive ones of the same operation form a group. */
export function formatChanges(changes: ApiChange[], options: { color: boolean }): string[] {
  const lines: string[] = [];
  let heading: string | undefined;
  for (const change of changes) {
    const h = operationHeading(change);
    if (h !== heading) {
      if (heading !== undefined) lines.push('');
      lines.push(paint(options.color, 1, h));
      heading = h;
    }
    const mark = MARK[change.severity];
    lines.push(`  ${paint(options.color, mark.color, mark.text)}  ${plainText(change.text)}`);
  }
  return lines;
}

/** `12 changes: 2 breaking, 7 non-breaking, 1 deprecation, 2 annotations` */
export function formatSummary(summary: ChangeSummary): string {
  if (summary.total === 0) return 'No changes.';
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  return `${n(summary.total, 'change')}: ${summary.breaking} breaking, ${summary['non-breaking']} non-breaking, ${n(summary.deprecation, 'deprecation')}, ${n(summary.annotation, 'annotation')}`;
}

export function formatJson(diff: SpecDiff): string {
  return JSON.stringify({ before: diff.before, after: diff.after, changes: diff.changes, summary: diff.summary }, null, 2);
}
