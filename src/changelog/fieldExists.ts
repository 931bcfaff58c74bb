// api-smart-diff cannot merge every allOf: one whose member is a $ref to a recursive schema
// (GitHub's `repository`) stays unmerged in the newer spec, and the library then reports every
// property of the older, merged schema as removed. Before a field is reported added or removed,
// it is looked up in the other spec through $refs, allOf, oneOf and anyOf; one that is there was
// not added or removed.
import type { ChangeLocation } from './types';

type Node = Record<string, any>;

export function fieldExists(doc: Node, method: string, path: string, location: ChangeLocation): boolean {
  const op = doc.paths?.[path]?.[method];
  if (!op || !location.name) return false;
  let container: Node | undefined;
  if (location.in === 'request') container = deref(doc, op.requestBody);
  else if (location.in === 'response') container = deref(doc, op.responses?.[location.status ?? '']);
  const schema = container?.content?.[location.mediaType ?? '']?.schema;
  if (!schema) return false;
  let nodes = variants(doc, schema);
  for (const seg of fieldSegments(location.name)) {
    nodes = nodes.flatMap((n) => {
      if (seg === '[]') return n.items ? variants(doc, n.items) : [];
      if (seg === '*') return n.additionalProperties && typeof n.additionalProperties === 'object' ? variants(doc, n.additionalProperties) : [];
      const combiner = /^(oneOf|anyOf|allOf)\[(\d+)\]$/.exec(seg);
      if (combiner) return n[combiner[1]]?.[+combiner[2]] ? variants(doc, n[combiner[1]][+combiner[2]]) : [];
      return n.properties?.[seg] !== undefined ? variants(doc, n.properties[seg]) : [];
    });
    if (nodes.length === 0) return false;
  }
  return true;
}

/** `a.b[].c` → ['a', 'b', '[]', 'c']. */
function fieldSegments(name: string): string[] {
  return name.split('.').flatMap((part) => {
    const m = /^(.*?)((\[\])+)$/.exec(part);
    if (!m || /^(oneOf|anyOf|allOf)\[\d+\]$/.test(part)) return [part];
    return [...(m[1] ? [m[1]] : []), ...Array(m[2].length / 2).fill('[]')];
  });
}

/** The schema and every schema it stands for: $refs followed, allOf/oneOf/anyOf members included. */
function variants(doc: Node, schema: unknown, seen = new Set<unknown>()): Node[] {
  const node = deref(doc, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const members = ['allOf', 'oneOf', 'anyOf'].flatMap((k) => (Array.isArray(node[k]) ? node[k] : []));
  return [node, ...members.flatMap((m: unknown) => variants(doc, m, seen))];
}

function deref(doc: Node, value: unknown): Node | undefined {
  let node = value as Node | undefined;
  for (let i = 0; i < 32 && node && typeof node.$ref === 'string'; i++) {
    const ref: string = node.$ref;
    if (!ref.startsWith('#/')) return undefined;
    node = ref
      .slice(2)
      .split('/')
      .reduce<any>((o, k) => o?.[decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}
