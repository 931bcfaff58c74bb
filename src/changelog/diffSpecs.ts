// Compares two OpenAPI 3.x documents (docsgen's openapi stage output, so Swagger 2.0 is already
// converted) and returns what changed for a reader: one ApiChange per change and operation,
// classified by the rules in rules.ts. api-smart-diff does the structural comparison ($refs
// resolved in place, allOf merged), so a change to a shared schema appears under every operation
// that shows it; its reports on `components` are dropped except security schemes.
import { apiCompare } from 'api-smart-diff';
import { METHODS, toFacts, type Fact, type RawDiff } from './facts';
import { classify, ruleGroup, severityRank } from './rules';
import { alternatives, compareSecurity } from './security';
import { plainText } from './plain';
import { compareRules } from './libraryRules';
import { dropReorderedBranches, misreported, regroupEnumValues, typeMisreported } from './misreads';
import type { ApiChange, ChangeSummary } from './types';

type Doc = Record<string, any>;

/**
 * api-smart-diff follows `$ref`s by recursion: a chain of a few thousand schemas, each holding a
 * `$ref` to the next (valid OpenAPI, which docsgen builds), overflows the stack. Thrown by
 * diffSpecs for that, so that its callers can name the specs (`docsgen diff` ended with an
 * internal error and api-smart-diff's stack).
 */
export class SpecsTooDeepToCompare extends Error {
  constructor(options: { cause: unknown }) {
    super('the $refs lead deeper than the comparison can follow (a chain of schemas, each holding a $ref to the next, thousands long)', options);
  }
}

export function diffSpecs(before: Doc, after: Doc): ApiChange[] {
  // api-smart-diff writes its normalised nodes back into the documents it is given (an empty
  // `enum: []` where there was none, …): it gets copies, so the callers' documents, and the
  // lookups below, see the specs as written.
  let compared: { diffs: RawDiff[]; merged: Doc };
  try {
    compared = apiCompare(structuredClone(before), structuredClone(after), { rules: compareRules() }) as { diffs: RawDiff[]; merged: Doc };
  } catch (cause) {
    if (cause instanceof RangeError && /call stack/i.test(cause.message)) throw new SpecsTooDeepToCompare({ cause });
    throw cause;
  }
  const { diffs, merged } = compared;
  const renames = pathRenames(diffs);
  const groups = groupFacts(diffs, mergedLookup(merged, renames));
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

type Groups = Map<string, { group: string; facts: Fact[] }>;

/** Facts about the same place and rule (ruleGroup) together: one change each. */
function groupFacts(diffs: RawDiff[], lookup: (path: (string | number)[]) => unknown): Groups {
  const groups: Groups = new Map();
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
  return groups;
}

/**
 * Reads the library's merged document at a diff's path. Its paths are the older spec's, but the
 * merged document names a renamed path template as the newer spec does.
 */
function mergedLookup(merged: Doc, renames: Map<string, string>): (path: (string | number)[]) => unknown {
  return (path) =>
    path.reduce<any>((node, key, i) => {
      if (node == null) return undefined;
      if (node[key] !== undefined || i !== 1 || path[0] !== 'paths') return node[key];
      return node[renames.get(String(key)) ?? ''];
    }, merged);
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
