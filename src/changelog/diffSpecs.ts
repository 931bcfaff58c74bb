// Compares two OpenAPI 3.x documents (docsgen's openapi stage output, so Swagger 2.0 is already
// converted) and returns what changed for a reader: one ApiChange per change and operation,
// classified by the rules in rules.ts. api-smart-diff does the structural comparison ($refs
// resolved in place, allOf merged), so a change to a shared schema appears under every operation
// that shows it; its reports on `components` are dropped except security schemes.
import { apiCompare, openapi3Rules } from 'api-smart-diff';
import { METHODS, toFacts, type Fact, type RawDiff } from './facts';
import { classify, ruleGroup, severityRank } from './rules';
import { alternatives, compareSecurity } from './security';
import { plainText } from './plain';
import { declaresEnum, declaresType, enumHasValue, fieldExists } from './fieldExists';
import type { ApiChange, ChangeSummary } from './types';

type Doc = Record<string, any>;

export function diffSpecs(before: Doc, after: Doc): ApiChange[] {
  // api-smart-diff writes its normalised nodes back into the documents it is given (an empty
  // `enum: []` where there was none, …): it gets copies, so the callers' documents, and the
  // lookups below, see the specs as written.
  const { diffs, merged } = apiCompare(structuredClone(before), structuredClone(after), { rules: compareRules() }) as { diffs: RawDiff[]; merged: Doc };
  const renames = pathRenames(diffs);
  const lookup = (path: (string | number)[]) => path.reduce<any>((node, key, i) => (node == null ? undefined : (node[key] ?? (i === 1 && path[0] === 'paths' ? node[renames.get(String(key)) ?? ''] : undefined))), merged);
  const groups = new Map<string, { group: string; facts: Fact[] }>();
  for (const diff of diffs) {
    for (const fact of toFacts(diff, lookup)) {
      const group = ruleGroup(fact);
      const l = fact.location;
      const key = [fact.op?.method, fact.op?.path, l.in, l.name, l.parameterIn, l.status, l.mediaType, group].join('\u0000');
      const entry = groups.get(key);
      if (entry) entry.facts.push(fact);
      else groups.set(key, { group, facts: [fact] });
    }
  }
  dropReorderedBranches(groups);
  const identify = operationIdentity(before, after, renames);
  const changes: ApiChange[] = [];
  for (const entry of groups.values()) {
    const { group, facts } = regroupEnumValues(entry, before, after, renames);
    if (facts.length === 0 || (group === 'type' && typeMisreported(facts, before))) continue;
    const classified = classify(group, facts);
    if (!classified) continue;
    const { op, location } = facts[0];
    if (op && misreported(classified.kind, op, location, before, after, renames)) continue;
    changes.push({ operation: op ? identify(op.method, op.path) : undefined, kind: classified.kind, location: cleanLocation(location), severity: classified.severity, text: plainText(classified.text) });
  }
  changes.push(...renamedPaths(after, renames, identify), ...securityChanges(before, after, renames, identify));
  return sortChanges(changes);
}

/**
 * The library's OpenAPI rules, told not to compare the reusable components beside the paths:
 * their changes are reported under the operations that use them, and comparing them again took
 * 45 % of the time on GitHub's spec (8.7 → 4.8 s). Security schemes are still compared.
 */
function compareRules(): any {
  const rules = openapi3Rules() as Record<string, any>;
  const skip = { skip: true };
  rules['/components'] = { ...rules['/components'], '/schemas': skip, '/examples': skip, '/parameters': skip, '/responses': skip, '/requestBodies': skip, '/headers': skip, '/links': skip, '/callbacks': skip, '/pathItems': skip };
  rules['/paths'] = { ...rules['/paths'], mapping: mapPaths, transform: [emptyPathItems] };
  return rules;
}

/**
 * Pairs the paths of the two specs: the same template first, then one whose parameters were only
 * renamed (`/a/{id}` → `/a/{aid}`). The library pairs by the renamed pattern alone, so a spec with
 * `/attestations/{subject_digest}` and `/attestations/{attestation_id}` in both versions had its
 * GET and DELETE paired crosswise ("operation added" twice).
 */
/**
 * A path only one spec has gets an empty item in the other, so that its operations are
 * compared (and reported added or removed) one by one, as the library's own transform does.
 */
function emptyPathItems(before: unknown, after: unknown): [unknown, unknown] {
  if (!isObject(before) || !isObject(after)) return [before, after];
  const { added, removed } = mapPaths(before, after);
  return [{ ...before, ...Object.fromEntries(added.map((p) => [p, {}])) }, { ...after, ...Object.fromEntries(removed.map((p) => [p, {}])) }];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mapPaths(before: Record<string, unknown>, after: Record<string, unknown>): { added: string[]; removed: string[]; mapped: Record<string, string> } {
  const pattern = (p: string) => p.replace(/\{[^}]*\}/g, '*');
  const mapped: Record<string, string> = {};
  const unpaired = new Set(Object.keys(after).filter((p) => !(p in before)));
  const removed: string[] = [];
  for (const p of Object.keys(before)) {
    if (p in after) {
      mapped[p] = p;
      continue;
    }
    const match = [...unpaired].find((q) => pattern(q) === pattern(p));
    if (match === undefined) removed.push(p);
    else {
      mapped[p] = match;
      unpaired.delete(match);
    }
  }
  return { added: [...unpaired], removed, mapped };
}

/** A field reported added (or removed) that the older (or newer) spec has all the same: see fieldExists.ts. */
function misreported(kind: string, op: { method: string; path: string }, location: ApiChange['location'], before: Doc, after: Doc, renames: Map<string, string>): boolean {
  if (kind === 'field-removed') return fieldExists(after, op.method, renames.get(op.path) ?? op.path, location);
  if (kind === 'field-added') return fieldExists(before, op.method, op.path, location);
  return false;
}

/**
 * Enum values are reported one by one, also when the field had no enum before (or has none now):
 * that is an enum added (removed), which restricts (frees) the field as a whole. Values the field
 * has all the same (enumMisreported) are left out.
 */
function regroupEnumValues(entry: { group: string; facts: Fact[] }, before: Doc, after: Doc, renames: Map<string, string>): { group: string; facts: Fact[] } {
  if (!entry.group.startsWith('enum-value:')) return entry;
  const facts = entry.facts.filter((f) => !enumMisreported(f, before, after, renames));
  const first = facts[0];
  if (!first?.op) return { group: entry.group, facts };
  const { method, path } = first.op;
  if (first.action === 'add' && !declaresEnum(before, method, path, first.location)) return { group: 'enum', facts: [{ ...first, rest: [], after: facts.map((f) => f.after) }] };
  if (first.action === 'remove' && !declaresEnum(after, method, renames.get(path) ?? path, first.location)) return { group: 'enum', facts: [{ ...first, rest: [], before: facts.map((f) => f.before) }] };
  return { group: entry.group, facts };
}

/** An enum value reported added (removed) that the field has in the older (newer) spec all the same. */
function enumMisreported(fact: Fact, before: Doc, after: Doc, renames: Map<string, string>): boolean {
  if (!fact.op) return false;
  const { method, path } = fact.op;
  if (fact.action === 'remove') return enumHasValue(after, method, renames.get(path) ?? path, fact.location, fact.before);
  if (fact.action === 'add') return enumHasValue(before, method, path, fact.location, fact.after);
  return false;
}

/**
 * api-smart-diff pairs the oneOf/anyOf branches of the two specs by likeness, and with $refs it
 * cannot resolve (recursive schemas) it may pair them crosswise: GitHub's event payload, the same
 * 17 branches in the same order in both versions, came out as "branch 3 now refers to
 * issue-comment-event instead of issues-event" and the reverse for branch 4. When the $refs of a
 * combiner's changed branches are the same set before and after, nothing changed for a client.
 */
function dropReorderedBranches(groups: Map<string, { group: string; facts: Fact[] }>): void {
  const byCombiner = new Map<string, { keys: string[]; before: string[]; after: string[] }>();
  for (const [key, { group, facts }] of groups) {
    const name = facts[0].location.name ?? '';
    if (group !== '$ref' || !/(oneOf|anyOf)\[\d+\]/.test(name) || facts.length !== 1 || facts[0].action !== 'replace') continue;
    const combiner = `${facts[0].op?.method} ${facts[0].op?.path} ${facts[0].location.in} ${facts[0].location.status} ${facts[0].location.mediaType} ${name.replace(/(oneOf|anyOf)\[\d+\]/g, '$1[*]')}`;
    const entry = byCombiner.get(combiner) ?? { keys: [], before: [], after: [] };
    entry.keys.push(key);
    entry.before.push(String(facts[0].before));
    entry.after.push(String(facts[0].after));
    byCombiner.set(combiner, entry);
  }
  for (const { keys, before, after } of byCombiner.values()) {
    if (before.sort().join('\n') === after.sort().join('\n')) for (const key of keys) groups.delete(key);
  }
}

/**
 * A type reported as newly declared that the older spec declared all the same: the library
 * compares a `$ref` it kept as an allOf member with the resolved schema.
 */
function typeMisreported(facts: Fact[], before: Doc): boolean {
  const op = facts[0].op;
  if (!op || !facts.every((f) => f.keyword === 'type' && f.action === 'add')) return false;
  const types = facts.flatMap((f) => (Array.isArray(f.after) ? f.after.map(String) : [String(f.after)]));
  return declaresType(before, op.method, op.path, facts[0].location, types);
}

/** Path templates whose parameters were renamed (`/a/{id}` → `/a/{aid}`): the same URLs. */
function pathRenames(diffs: RawDiff[]): Map<string, string> {
  const renames = new Map<string, string>();
  for (const d of diffs) if (d.action === 'rename' && d.path.length === 1 && d.path[0] === 'paths') renames.set(String(d.before), String(d.after));
  return renames;
}

function renamedPaths(after: Doc, renames: Map<string, string>, identify: Identify): ApiChange[] {
  return [...renames].flatMap(([from, to]) =>
    Object.keys(after.paths?.[to] ?? {})
      .filter((m) => METHODS.has(m))
      .map((m): ApiChange => ({ operation: identify(m, from), kind: 'path-renamed', location: { in: 'operation' }, severity: 'non-breaking', text: plainText(`The path template changed from ${from} to ${to}; the URLs are the same.`) })),
  );
}

function securityChanges(before: Doc, after: Doc, renames: Map<string, string>, identify: Identify): ApiChange[] {
  const changes: ApiChange[] = [];
  for (const [path, item] of Object.entries<Doc>(before.paths ?? {})) {
    const afterItem = after.paths?.[renames.get(path) ?? path];
    if (!afterItem) continue;
    for (const method of Object.keys(item ?? {})) {
      if (!METHODS.has(method) || !afterItem[method]) continue;
      for (const c of compareSecurity(alternatives(item[method], before), alternatives(afterItem[method], after))) {
        changes.push({ operation: identify(method, path), kind: c.kind, location: { in: 'security' }, severity: c.severity, text: plainText(c.text) });
      }
    }
  }
  return changes;
}

type Identify = (method: string, path: string) => ApiChange['operation'];

/** The operation as the newer spec names it (the older one when it was removed). */
function operationIdentity(before: Doc, after: Doc, renames: Map<string, string>): Identify {
  return (method, path) => {
    const newPath = renames.get(path) ?? path;
    const now = after.paths?.[newPath]?.[method];
    const then = before.paths?.[path]?.[method];
    const operationId = (now ?? then)?.operationId;
    return { method, path: now ? newPath : path, ...(typeof operationId === 'string' ? { operationId } : {}) };
  };
}

function cleanLocation(location: ApiChange['location']): ApiChange['location'] {
  return Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined && v !== '')) as ApiChange['location'];
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Document-level changes first, then by path and method; in each, breaking first. */
export function sortChanges(changes: ApiChange[]): ApiChange[] {
  const opKey = (c: ApiChange) => (c.operation ? `1${c.operation.path}\u0000${METHOD_ORDER.indexOf(c.operation.method)}` : '0');
  return changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const ka = opKey(a.c), kb = opKey(b.c);
      if (ka !== kb) return ka < kb ? -1 : 1;
      return severityRank(a.c.severity) - severityRank(b.c.severity) || a.i - b.i;
    })
    .map(({ c }) => c);
}

export function summarize(changes: ApiChange[]): ChangeSummary {
  const summary: ChangeSummary = { total: changes.length, breaking: 0, 'non-breaking': 0, deprecation: 0, annotation: 0 };
  for (const c of changes) summary[c.severity]++;
  return summary;
}
