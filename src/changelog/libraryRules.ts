// How docsgen runs api-smart-diff: its OpenAPI rules, with the reusable components left out of
// the comparison and the paths of the two specs paired by docsgen.
import { openapi3Rules } from 'api-smart-diff';

/**
 * The library's OpenAPI rules, told not to compare the reusable components beside the paths:
 * their changes are reported under the operations that use them, and comparing them again took
 * 45 % of the time on GitHub's spec (8.7 → 4.8 s). Security schemes are still compared.
 */
export function compareRules(): any {
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
  // `[^{}]`: a `{` left open ends the scan at the next one, not at the path's end (paths are spec text).
  const pattern = (p: string) => p.replace(/\{[^{}]*\}/g, '*');
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
