// The API changelog page (#19): `/api/changelog` in the latest version's API section, one section
// per pair of consecutive versions (newest pair first), each change under its operation, linking
// to the operation (and the field) in the version where it exists. Every entry has a stable
// anchor (changeAnchor), which the "Changed in" badges of the operation pages link to.
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/types';
import type { Messages } from '../shared/messages';
import { formatMessage } from '../shared/messages';
import type { ApiChangelogView, PageModel, SidebarItem, TocEntry } from '../shared/viewModels';
import { uniqueId } from '../openapi/schemaTree';
import { apiBase, apiTrail } from '../site/apiRoutes';
import { pageHref } from '../versions/href';
import { summarize } from './diffSpecs';
import type { OperationHref } from './operationHrefs';
import { severityRank } from './rules';
import type { ApiChange, ChangeKind } from './types';

export interface ChangelogVersion {
  /** The version's name (`current`, `2025-06`): its part of the anchors. */
  name: string;
  /** What readers see: `Next`, `2025-06`. */
  label: string;
  /** The URL of an operation's page in this version, with the anchor of the place the location names (operationHrefs). */
  operationHref: OperationHref;
}

export interface ChangelogPair {
  newer: ChangelogVersion;
  older: ChangelogVersion;
  /** diffSpecs(older's spec, newer's spec). */
  changes: ApiChange[];
}

export interface ChangelogPageInput {
  /** The config of the API section the page is in (the latest version's): its route and URLs. */
  config: ResolvedConfig;
  messages: Messages;
  /** Newest pair first. */
  pairs: ChangelogPair[];
  /** The site stage's head(), as for every page. */
  head: (title: string, route: string, description: string) => PageModel['head'];
  /** The API's title (the trail of a site with several APIs names it). */
  apiTitle: string;
  /** The API sidebar of the version the page is in (that of its other API pages). */
  sidebar?: SidebarItem[];
}

type PairNames = { newer: Pick<ChangelogVersion, 'name'>; older: Pick<ChangelogVersion, 'name'> };

export function changelogRoute(config: ResolvedConfig): string {
  return `${apiBase(config)}/changelog`;
}

/** A pair's section id: `next-vs-2025-06` (the current docs are `next`, as their URL segment). */
export function pairAnchor(pair: PairNames): string {
  const part = (name: string) => (name === 'current' ? 'next' : slug(name));
  return `${part(pair.newer.name)}-vs-${part(pair.older.name)}`;
}

/**
 * A change's anchor on the page, the same in every build of the same two specs:
 * `next-vs-2025-06-get-parcels-id-3f2a1c9b`, the operation for readers, a digest of the change
 * for uniqueness (two changes of one operation differ in kind, place or sentence).
 */
export function changeAnchor(pair: PairNames, change: ApiChange): string {
  const digest = createHash('sha1').update(JSON.stringify([change.operation?.method, change.operation?.path, change.kind, change.location, change.text])).digest('hex').slice(0, 8);
  return `${pairAnchor(pair)}-${operationSlug(change)}-${digest}`;
}

/** The URL of a change's entry: what the badges of the newer version's pages link to. */
export function changelogEntryHref(config: ResolvedConfig, pair: PairNames, change: ApiChange): string {
  return `${pageHref(config, changelogRoute(config))}#${changeAnchor(pair, change)}`;
}

export function changelogPage(input: ChangelogPageInput): PageModel {
  const { config, messages, pairs } = input;
  const route = changelogRoute(config);
  const ids = new Set<string>();
  const changelog: ApiChangelogView = { sections: pairs.map((pair) => section(pair, ids)) };
  const toc: TocEntry[] = changelog.sections.map((s) => ({ id: s.id, text: formatMessage(messages.apiChangelogCompared, { newer: s.newer, older: s.older }), children: [] }));
  return {
    route,
    head: input.head(messages.apiChangelog, route, formatMessage(messages.apiChangelogDescription, { api: input.apiTitle })),
    section: 'api',
    sidebar: input.sidebar,
    body: { kind: 'apiChangelog', changelog, toc, breadcrumbs: [...apiTrail(config, input.apiTitle, messages, (r) => pageHref(config, r)), { label: messages.apiChangelog }] },
  };
}

type SectionView = ApiChangelogView['sections'][number];
type GroupView = SectionView['groups'][number];

function section(pair: ChangelogPair, ids: Set<string>): SectionView {
  const id = uniqueId(pairAnchor(pair), ids);
  const { total: _total, ...counts } = summarize(pair.changes);
  return { id, newer: pair.newer.label, older: pair.older.label, counts, groups: groupByOperation(pair.changes).map((changes) => group(pair, changes, id, ids)) };
}

function group(pair: ChangelogPair, changes: ApiChange[], sectionId: string, ids: Set<string>): GroupView {
  const op = changes[0]!.operation;
  const removed = changes.some((c) => c.kind === 'operation-removed');
  const [first, second] = removed ? [pair.older, pair.newer] : [pair.newer, pair.older];
  let operation: GroupView['operation'];
  if (op) {
    const inFirst = first.operationHref(op);
    const href = inFirst ?? second.operationHref(op);
    operation = { method: op.method.toUpperCase(), path: op.path, href, version: inFirst || !href ? first.label : second.label };
  }
  return {
    id: uniqueId(`${sectionId}-${op ? operationSlug(changes[0]!) : 'api'}`, ids),
    operation,
    changes: changes.map((change) => {
      const where = change.operation ? placeHref(pair, change) : undefined;
      // A change to the operation as a whole is shown by the heading's link already.
      const shown = where && (where.href !== operation?.href || where.version !== operation.version) ? where : undefined;
      return { id: uniqueId(changeAnchor(pair, change), ids), severity: change.severity, text: change.text, href: shown?.href, version: shown?.version };
    }),
  };
}

/** Kinds whose place exists only in the older version: their link goes there. */
const GONE: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['operation-removed', 'parameter-removed', 'field-removed', 'request-body-removed', 'status-removed', 'media-type-removed', 'header-removed']);

/** Where a change is shown: its place in the version that has it (the older one for a removal), else in the other. */
function placeHref(pair: ChangelogPair, change: ApiChange): { href: string; version: string } | undefined {
  const order = GONE.has(change.kind) ? [pair.older, pair.newer] : [pair.newer, pair.older];
  for (const version of order) {
    const href = version.operationHref(change.operation!, change.location);
    if (href) return { href, version: version.label };
  }
  return undefined;
}

/**
 * The changes to the API as a whole first, then one group per operation, the operations with
 * the gravest changes first (as `docsgen diff` prints them), else in diffSpecs' order (by path).
 */
export function groupByOperation(changes: readonly ApiChange[]): ApiChange[][] {
  const groups = new Map<string, ApiChange[]>();
  for (const change of changes) {
    const key = change.operation ? `${change.operation.method} ${change.operation.path}` : '';
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  const gravest = (list: ApiChange[]) => Math.min(...list.map((c) => severityRank(c.severity)));
  return [...groups]
    .map(([key, list], i) => ({ key, list, i }))
    .sort((a, b) => Number(a.key !== '') - Number(b.key !== '') || gravest(a.list) - gravest(b.list) || a.i - b.i)
    .map((g) => g.list);
}

function operationSlug(change: ApiChange): string {
  return change.operation ? slug(`${change.operation.method} ${change.operation.path}`).slice(0, 80).replace(/-+$/, '') : 'api';
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9_.]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}
