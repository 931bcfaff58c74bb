// api-smart-diff cannot merge every allOf: one whose member is a $ref to a recursive schema
// (GitHub's `repository`) stays unmerged in the newer spec, and the library then reports every
// property of the older, merged schema as removed. Before a field is reported added or removed,
// it is looked up in the other spec through $refs, allOf, oneOf and anyOf; one that is there was
// not added or removed.
import type { ChangeLocation } from './types';
import { TRAILING_ARRAY_MARKS } from '../shared/arrayMarks';

type Node = Record<string, any>;

export function fieldExists(doc: Node, method: string, path: string, location: ChangeLocation): boolean {
  return location.name !== undefined && fieldVariants(doc, method, path, location).length > 0;
}

/**
 * Whether the field accepts (or may hold) `value` in `doc`: an enum turned into a oneOf of
 * single-value enums is compared branch by branch by the library, which then reports values as
 * removed that another branch still has. The field's oneOf/anyOf/allOf branches are all looked at.
 */
export function enumHasValue(doc: Node, method: string, path: string, location: ChangeLocation, value: unknown): boolean {
  return enumVariants(doc, method, path, location).some((n) => n.enum.some((v: unknown) => JSON.stringify(v) === JSON.stringify(value)));
}

/** Whether the field has an enum at all in `doc` (in any branch). */
export function declaresEnum(doc: Node, method: string, path: string, location: ChangeLocation): boolean {
  return enumVariants(doc, method, path, location).length > 0;
}

function enumVariants(doc: Node, method: string, path: string, location: ChangeLocation): Node[] {
  const name = location.name?.split('.').filter((seg) => !/^(oneOf|anyOf|allOf)\[\d+\]$/.test(seg)).join('.');
  const nodes = location.in === 'parameter' ? parameterVariants(doc, method, path, location) : fieldVariants(doc, method, path, { ...location, name });
  return nodes.filter((n) => Array.isArray(n.enum));
}

/** Whether the field (or body, or parameter) declares one of `types` in `doc`, in any of its branches. */
export function declaresType(doc: Node, method: string, path: string, location: ChangeLocation, types: string[]): boolean {
  const nodes = location.in === 'parameter' ? parameterVariants(doc, method, path, location) : fieldVariants(doc, method, path, location);
  return nodes.some((n) => (Array.isArray(n.type) ? n.type : [n.type]).some((t: unknown) => types.includes(String(t))));
}

/** A parameter's schema, or a part of it: `tags[]` is the items of the array parameter `tags`. */
function parameterVariants(doc: Node, method: string, path: string, location: ChangeLocation): Node[] {
  const item = doc.paths?.[path];
  const params = [...(item?.[method]?.parameters ?? []), ...(item?.parameters ?? [])].map((p: unknown) => deref(doc, p));
  const [name, ...field] = fieldSegments(location.name ?? '');
  const param = params.find((p) => p?.name === name && p?.in === location.parameterIn);
  return param?.schema ? walk(doc, variants(doc, param.schema), field) : [];
}

function fieldVariants(doc: Node, method: string, path: string, location: ChangeLocation): Node[] {
  const op = doc.paths?.[path]?.[method];
  if (!op) return [];
  let container: Node | undefined;
  if (location.in === 'request') container = deref(doc, op.requestBody);
  else if (location.in === 'response') container = deref(doc, op.responses?.[location.status ?? '']);
  const schema = container?.content?.[location.mediaType ?? '']?.schema;
  if (!schema) return [];
  return walk(doc, variants(doc, schema), location.name ? fieldSegments(location.name) : []);
}

/** The schemas at a field path below `nodes`, through every branch. */
function walk(doc: Node, nodes: Node[], segments: string[]): Node[] {
  for (const seg of segments) {
    nodes = nodes.flatMap((n) => {
      if (seg === '[]') return n.items ? variants(doc, n.items) : [];
      if (seg === '*') return n.additionalProperties && typeof n.additionalProperties === 'object' ? variants(doc, n.additionalProperties) : [];
      const combiner = /^(oneOf|anyOf|allOf)\[(\d+)\]$/.exec(seg);
      if (combiner) return n[combiner[1]]?.[+combiner[2]] ? variants(doc, n[combiner[1]][+combiner[2]]) : [];
      return n.properties?.[seg] !== undefined ? variants(doc, n.properties[seg]) : [];
    });
    if (nodes.length === 0) return [];
  }
  return nodes;
}

/** `a.b[].c` → ['a', 'b', '[]', 'c']. */
function fieldSegments(name: string): string[] {
  return name.split('.').flatMap((part) => {
    const m = TRAILING_ARRAY_MARKS.exec(part);
    if (!m || /^(oneOf|anyOf|allOf)\[\d+\]$/.test(part)) return [part];
    return [...(m.index > 0 ? [part.slice(0, m.index)] : []), ...Array(m[0].length / 2).fill('[]')];
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
