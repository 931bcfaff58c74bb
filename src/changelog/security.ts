// Security is compared per operation on what a client must send, not on where the spec says it:
// an operation's own `security` or else the document's. A requirement a client may be using
// that disappears breaks it (and so does authentication where none was needed); a new
// alternative does not.
import type { Classified } from './rules';

type Requirement = Record<string, string[]>;

/** Each accepted alternative as text: `oauth2 (repo, user)`, `apiKey + oauth2`; '' for "no authentication". */
export function alternatives(operation: { security?: unknown }, document: { security?: unknown }): Set<string> {
  const list = (Array.isArray(operation?.security) ? operation.security : Array.isArray(document?.security) ? document.security : []) as Requirement[];
  if (list.length === 0) return new Set(['']);
  return new Set(
    list.map((req) =>
      Object.keys(req ?? {})
        .sort()
        .map((name) => (req[name]?.length ? `${name} (${[...req[name]].sort().join(', ')})` : name))
        .join(' + '),
    ),
  );
}

export function compareSecurity(before: Set<string>, after: Set<string>): Classified[] {
  const removed = [...before].filter((a) => !after.has(a));
  const added = [...after].filter((a) => !before.has(a));
  const anonymousAfter = after.has('');
  const changes: Classified[] = [];
  for (const alt of removed) {
    if (alt === '') changes.push({ kind: 'security-added', severity: 'breaking', text: `The operation now requires authentication: ${[...after].join(' or ')}.` });
    else changes.push({ kind: 'security-removed', severity: anonymousAfter ? 'non-breaking' : 'breaking', text: `The operation no longer accepts ${alt}.` });
  }
  for (const alt of added) {
    if (alt === '') changes.push({ kind: 'security-removed', severity: 'non-breaking', text: 'The operation no longer requires authentication.' });
    else if (!removed.includes('')) changes.push({ kind: 'security-added', severity: 'non-breaking', text: `The operation now also accepts ${alt}.` });
  }
  return changes;
}
