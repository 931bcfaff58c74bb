// The rest of a page's schemas, for its Markdown copy only. The HTML page expands named schemas a
// few levels deep and then links to their pages (schemaTree.ts: whole expansion explodes on real
// specs); a reader of the Markdown, often a program with one document in hand, should not have to
// follow links to see a field's type. So each named schema the page's trees stop at is listed
// after them, once, with its own fields down to the next named schema, which is listed in turn,
// until every schema the page reaches is there or the node budget is spent.
import type { AppendedSchema, OperationView, SchemaNode } from '../shared/viewModels';
import type { ApiModel } from './model';
import { schemaTree } from './schemaTree';

/** Nodes the appended schemas of one page may hold; past it, the trees keep their links. */
export const APPENDIX_NODE_BUDGET = 4000;

export interface AppendixOptions {
  render: (text: string, pointer: string) => string;
  href: (name: string) => string | undefined;
  /** Nodes one page's appended schemas may hold (each schema's own tree is capped by it too). */
  budget?: number;
}

/**
 * The appendix of each page of an API: `(roots, shown)` → the named schemas the trees in `roots`
 * link to instead of expanding, each with its fields, transitively (`shown`: named schemas the
 * page shows in full already, a schema page's own). Each schema's tree is made once for all the
 * pages that list it (thousands of operations share a few error and envelope schemas).
 */
export function createSchemaAppendix(api: ApiModel, options: AppendixOptions): (roots: readonly SchemaNode[], shown?: string) => AppendedSchema[] {
  const pointers = new Map(api.schemas.map((s) => [s.name, s.pointer]));
  const budget = options.budget ?? APPENDIX_NODE_BUDGET;
  const made = new Map<string, { node: SchemaNode; size: number; stops: string[] }>();
  const tree = (name: string) => {
    let entry = made.get(name);
    if (!entry) {
      const used = { used: 0, max: budget };
      const node = schemaTree({ $ref: `#${pointers.get(name)}` }, {
        resolver: api.resolver,
        markdown: options.render,
        direction: 'schema',
        ids: new Set(),
        budget: used,
        // One named level: the schema's own fields; the named schemas under them are appended in turn.
        schemaPages: { href: options.href, maxDepth: 1, expanded: new Set(), repeatWithin: 0 },
      }, { id: 'schema', pointer: pointers.get(name)! });
      made.set(name, (entry = { node, size: used.used, stops: stopNames(node) }));
    }
    return entry;
  };
  return (roots, shown) => {
    const queued = new Set<string>(shown === undefined ? [] : [shown]);
    const queue: string[] = [];
    const enqueue = (names: readonly string[]) => {
      for (const name of names) {
        if (queued.has(name) || !pointers.has(name)) continue;
        queued.add(name);
        queue.push(name);
      }
    };
    for (const root of roots) enqueue(stopNames(root));
    const out: AppendedSchema[] = [];
    let used = 0;
    for (let i = 0; i < queue.length && used < budget; i++) {
      const entry = tree(queue[i]);
      out.push({ name: queue[i], node: entry.node });
      used += entry.size;
      enqueue(entry.stops);
    }
    return out;
  };
}

/** Names of the named schemas a tree stops at (not circular references: those are expanded above them). */
export function stopNames(node: SchemaNode, out: string[] = []): string[] {
  if (node.truncated?.typeName) out.push(node.truncated.typeName);
  for (const child of node.children) stopNames(child, out);
  if (node.additional) stopNames(node.additional, out);
  for (const option of node.variants?.options ?? []) stopNames(option.node, out);
  return out;
}

/** Every schema tree of an operation's page: parameters, bodies, headers, and its callbacks'. */
export function operationTrees(view: Pick<OperationView, 'parameters' | 'requestBody' | 'responses' | 'callbacks'>): SchemaNode[] {
  const exchange = (x: Pick<OperationView, 'parameters' | 'requestBody' | 'responses'>): SchemaNode[] => [
    ...x.parameters.flatMap((g) => g.params),
    ...(x.requestBody?.contents ?? []).flatMap((c) => (c.schema ? [c.schema] : [])),
    ...x.responses.flatMap((r) => [...r.headers, ...r.contents.flatMap((c) => (c.schema ? [c.schema] : []))]),
  ];
  return [...exchange(view), ...view.callbacks.flatMap((cb) => cb.operations.flatMap(exchange))];
}
