// How `docsgen diff` prints changes: text grouped by operation, breaking first, then a summary
// line; or JSON `{ before, after, changes, summary }`. Every spec string is made plain again here,
// since this text goes to a terminal.
import { plainText } from './plain';
import { severityRank } from './rules';
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

/**
 * One group per operation (in diffSpecs' order, breaking first within each); the operations
 * with the gravest changes come first, so a reviewer reads what breaks clients at the top.
 */
export function formatChanges(changes: ApiChange[], options: { color: boolean }): string[] {
  const groups = new Map<string, ApiChange[]>();
  for (const change of changes) {
    const h = operationHeading(change);
    groups.set(h, [...(groups.get(h) ?? []), change]);
  }
  const gravest = (list: ApiChange[]) => Math.min(...list.map((c) => severityRank(c.severity)));
  const ordered = [...groups].map(([heading, list], i) => ({ heading, list, i })).sort((a, b) => gravest(a.list) - gravest(b.list) || a.i - b.i);
  return ordered.flatMap(({ heading, list }, i) => [
    ...(i > 0 ? [''] : []),
    paint(options.color, 1, heading),
    ...list.map((change) => {
      const mark = MARK[change.severity];
      return `  ${paint(options.color, mark.color, mark.text)}  ${plainText(change.text)}`;
    }),
  ]);
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
