// api-smart-diff misreads some refactorings of a schema (README "Comparing two specs"): its
// reports on fields, enum values, types and oneOf branches are checked here against the other
// spec before they become changes.
import type { Fact } from './facts';
import type { ApiChange } from './types';
import { declaresEnum, declaresType, enumHasValue, fieldExists } from './fieldExists';

type Doc = Record<string, any>;

/** A field reported added (or removed) that the older (or newer) spec has all the same: see fieldExists.ts. */
export function misreported(kind: string, op: { method: string; path: string }, location: ApiChange['location'], before: Doc, after: Doc, renames: Map<string, string>): boolean {
  if (kind === 'field-removed') return fieldExists(after, op.method, renames.get(op.path) ?? op.path, location);
  if (kind === 'field-added') return fieldExists(before, op.method, op.path, location);
  return false;
}

/**
 * Enum values are reported one by one, also when the field had no enum before (or has none now):
 * that is an enum added (removed), which restricts (frees) the field as a whole. Values the field
 * has all the same (enumMisreported) are left out.
 */
export function regroupEnumValues(entry: { group: string; facts: Fact[] }, before: Doc, after: Doc, renames: Map<string, string>): { group: string; facts: Fact[] } {
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
export function dropReorderedBranches(groups: Map<string, { group: string; facts: Fact[] }>): void {
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
export function typeMisreported(facts: Fact[], before: Doc): boolean {
  const op = facts[0].op;
  if (!op || !facts.every((f) => f.keyword === 'type' && f.action === 'add')) return false;
  const types = facts.flatMap((f) => (Array.isArray(f.after) ? f.after.map(String) : [String(f.after)]));
  return declaresType(before, op.method, op.path, facts[0].location, types);
}
