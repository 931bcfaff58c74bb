// unused-schema: a schema of components.schemas that nothing in use refers to. Used are the
// schemas referred to from outside components.schemas (operations, parameters, bodies, other
// components), and, through them, the schemas those refer to; a discriminator's mapping counts.
import { escapePointerSegment as esc, printable, type Finding } from './finding';
import { isObject } from './walk';

export function checkComponents(document: Record<string, any>, file: string): Finding[] {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : undefined;
  if (!schemas) return [];
  const names = Object.keys(schemas);
  const roots = new Set<string>();
  const edges = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
  const visit = (node: unknown, owner: string | undefined, depth: number) => {
    if (depth > 200 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, owner, depth + 1);
      return;
    }
    const object = node as Record<string, any>;
    const refer = (target: string | undefined) => {
      if (target === undefined) return;
      if (owner === undefined) roots.add(target);
      else if (target !== owner) edges.get(owner)?.add(target);
    };
    if (typeof object.$ref === 'string') refer(schemaName(object.$ref));
    if (isObject(object.discriminator) && isObject(object.discriminator.mapping)) {
      for (const value of Object.values(object.discriminator.mapping)) if (typeof value === 'string') refer(value.startsWith('#') ? schemaName(value) : value);
    }
    for (const [key, value] of Object.entries(object)) {
      // Example values are data: a key named $ref in one is not a reference.
      if (key === 'example' || key === 'examples' && Array.isArray(value)) continue;
      visit(value, owner, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(document)) {
    if (key !== 'components') visit(value, undefined, 0);
  }
  for (const [kind, group] of Object.entries(document.components as Record<string, unknown>)) {
    if (kind !== 'schemas') visit(group, undefined, 0);
  }
  for (const name of names) visit(schemas[name], name, 0);

  const used = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const next of edges.get(name) ?? []) queue.push(next);
  }
  return names
    .filter((name) => !used.has(name))
    .map((name) => ({ code: 'unused-schema', text: `The schema ${printable(name)} is not used by any operation.`, file, pointer: `/components/schemas/${esc(name)}` }));
}

/** `#/components/schemas/Zone/properties/id` → `Zone`. */
function schemaName(ref: string): string | undefined {
  const m = /^#\/components\/schemas\/([^/]+)/.exec(ref);
  if (!m) return undefined;
  let name = m[1];
  try {
    name = decodeURIComponent(name);
  } catch {
    // a stray % is part of the name
  }
  return name.replace(/~1/g, '/').replace(/~0/g, '~');
}
