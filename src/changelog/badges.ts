// The "New in" / "Changed in" badges of the newer version's operation pages (#19): on the
// operation's title, and on each parameter, header or body field a change names exactly. Changes
// to the documentation only (annotations) get no badge: a reworded description is not news to a
// client. A removed field has no row to badge; its operation's badge links to its entry.
import { anchorFor, fieldKey, pageAnchors } from './anchors';
import { severityRank } from './rules';
import type { ApiChange } from './types';
import type { ChangeBadge, OperationView, SchemaNode } from '../shared/viewModels';

/** What the site stage of the newer version of a pair needs to badge its operation pages. */
export interface OperationChanges {
  /** The newer version's label, e.g. `Next`: "New in Next". */
  versionLabel: string;
  /** diffSpecs(older, newer). */
  changes: ApiChange[];
  /** The URL of a change's entry on the API changelog (`changelogEntryHref`). */
  entryHref(change: ApiChange): string;
}

const ADDED = new Set(['operation-added', 'parameter-added', 'field-added']);

/** The changes of each operation, by `get /parcels/{id}`, for the badges of the pages that show them. */
export function changesByOperation(changes: readonly ApiChange[]): Map<string, ApiChange[]> {
  const byOperation = new Map<string, ApiChange[]>();
  for (const change of changes) {
    if (!change.operation || change.severity === 'annotation' || change.kind === 'operation-removed') continue;
    const key = operationKey(change.operation.method, change.operation.path);
    byOperation.set(key, [...(byOperation.get(key) ?? []), change]);
  }
  return byOperation;
}

export const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

/**
 * Sets the badges on a freshly made view (its title's and its fields'), in place: the view is
 * the page's own, and copying every schema tree to mark a few of its nodes would cost more.
 */
export function addChangeBadges(view: OperationView, changes: readonly ApiChange[], context: Pick<OperationChanges, 'versionLabel' | 'entryHref'>): void {
  if (changes.length === 0) return;
  view.change = badge(changes, (c) => c.kind === 'operation-added', context);
  const anchors = pageAnchors(view);
  const byNode = new Map<SchemaNode, ApiChange[]>();
  for (const change of changes) {
    const key = fieldKey(change.location);
    const node = key === undefined ? undefined : anchors.get(key)?.node;
    if (node && anchorFor(anchors, change.location) === node.id) byNode.set(node, [...(byNode.get(node) ?? []), change]);
  }
  for (const [node, list] of byNode) node.change = badge(list, (c) => ADDED.has(c.kind), context);
}

/** One badge for the changes of one place: "New in" when it was added, else the gravest change. */
function badge(changes: readonly ApiChange[], added: (c: ApiChange) => boolean, context: Pick<OperationChanges, 'versionLabel' | 'entryHref'>): ChangeBadge {
  const addition = changes.find(added);
  const gravest = [...changes].sort((a, b) => severityRank(a.severity) - severityRank(b.severity))[0]!;
  const kind: ChangeBadge['kind'] = addition ? 'new' : gravest.severity === 'breaking' ? 'breaking' : changes.every((c) => c.severity === 'deprecation') ? 'deprecated' : 'changed';
  const shown = changes.slice(0, TITLE_SENTENCES).map((c) => c.text);
  return { kind, version: context.versionLabel, href: context.entryHref(addition ?? gravest), title: [...shown, ...(changes.length > TITLE_SENTENCES ? ['…'] : [])].join('\n') };
}

/** Sentences a badge's tooltip quotes: an operation of a large API can have dozens of changes, all on its changelog entry. */
const TITLE_SENTENCES = 5;
