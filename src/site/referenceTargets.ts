// What a typed link can name in one API's reference (content/typedLinks.ts): its operations (by
// operationId or `METHOD /path`), webhooks (by operationId), component schemas (by name), and on
// their pages a parameter, the request body, a response or a field. Anchors are read from the
// view models the pages are made from, with the options that decide their ids (as the API
// changelog does: changelog/operationHrefs.ts), never predicted: a predicted id the page lacks
// would be a broken link.
import type { ResolvedConfig } from '../config/types';
import type { ApiModel, ApiOperation, ApiSchema } from '../openapi/model';
import { operationView, PAGE_NODE_BUDGET } from '../openapi/operationView';
import { schemaTree } from '../openapi/schemaTree';
import { createExampleFiles } from '../openapi/exampleFiles';
import { pageAnchors } from '../changelog/anchors';
import type { SchemaNode } from '../shared/viewModels';
import { apiBase, DEFAULT_SCHEMA_DEPTH, REPEAT_WITHIN_NODES } from './apiRoutes';

/** A page of the reference a typed link can name, with the anchors its fragment can name. */
export interface ReferencePage {
  route: string;
  /** An operation's method, path (a webhook's event) and summary, for its card (`::operation{id=…}`). */
  card?: OperationCard;
  /** `response-429`, `query.limit`, `response-200.data.boundary_id` (operation) or `boundary_id` (schema) → the page's id. */
  anchors(): FragmentAnchors;
}

export interface OperationCard {
  method: string;
  path: string;
  summary: string;
}

export interface FragmentAnchors {
  named: Map<string, string>;
  /** Every id of an anchored place: a fragment may also be one of them, as written. */
  ids: Set<string>;
}

export interface ReferenceTargets {
  operation(name: string): ReferencePage | undefined;
  schema(name: string): ReferencePage | undefined;
  /** What a link can name: operationIds and `METHOD /path`s, or schema names (for a suggestion when it names nothing). */
  names(kind: 'op' | 'schema'): string[];
}

const METHOD_PATH = /^(get|put|post|delete|options|head|patch|trace|query)\s+(\S+)$/i;

/** The targets of one API, as the pages of `config` (`apiConfig(config, settings)`) show them. */
export function referenceTargets(config: ResolvedConfig, model: ApiModel, document: Record<string, any>): ReferenceTargets {
  const base = apiBase(config);
  const maxDepth = config.openapi?.schemaDepth ?? DEFAULT_SCHEMA_DEPTH;
  const byId = new Map<string, { op: ApiOperation; route: string }>();
  const byPath = new Map<string, { op: ApiOperation; route: string }>();
  for (const op of model.operations) {
    const found = { op, route: `${base}/${op.slug}` };
    if (op.operationId && !byId.has(op.operationId)) byId.set(op.operationId, found);
    byPath.set(`${op.method.toUpperCase()} ${op.path}`, found);
  }
  for (const hook of model.webhooks) if (hook.operationId && !byId.has(hook.operationId)) byId.set(hook.operationId, { op: hook, route: `${base}/webhooks/${hook.slug}` });
  const schemas = new Map(model.schemas.map((s) => [s.name, s]));
  const schemaPages = { href: (name: string) => (schemas.has(name) ? '#' : undefined), maxDepth, repeatWithin: REPEAT_WITHIN_NODES };
  const cache = anchorCache(model, maxDepth);
  return {
    operation(name) {
      const m = METHOD_PATH.exec(name);
      const found = byId.get(name) ?? (m ? byPath.get(`${m[1].toUpperCase()} ${m[2]}`) : undefined);
      if (!found) return undefined;
      const card = { method: found.op.method.toUpperCase(), path: found.op.event ?? found.op.path, summary: found.op.summary };
      return { route: found.route, card, anchors: () => cache(found.op, () => operationAnchors(operationView(model, found.op, document, () => '', { schemaPages, noCodeSamples: true }))) };
    },
    names: (kind) => (kind === 'op' ? [...byId.keys(), ...byPath.keys()] : [...schemas.keys()]),
    schema(name) {
      const schema = schemas.get(name);
      if (!schema) return undefined;
      return { route: `${base}/schemas/${schema.slug}`, anchors: () => cache(schema, () => schemaAnchors(model, schema, schemaPages)) };
    },
  };
}

/**
 * The anchors of a page, kept while its API's model is the same object (serve --watch keeps an
 * unchanged spec's model): making an operation's view walks its every schema and example.
 */
const anchorsByModel = new WeakMap<ApiModel, Map<string, FragmentAnchors>>();

function anchorCache(model: ApiModel, maxDepth: number) {
  let kept = anchorsByModel.get(model);
  if (!kept) anchorsByModel.set(model, (kept = new Map()));
  return (of: ApiOperation | ApiSchema, make: () => FragmentAnchors): FragmentAnchors => {
    const key = `${maxDepth}|${'method' in of ? `op|${of.pointer}` : `schema|${of.pointer}`}`;
    let found = kept.get(key);
    if (!found) kept.set(key, (found = make()));
    return found;
  };
}

/** An operation page's places by the names a typed link gives them (changelog/anchors.ts keys them for changes). */
function operationAnchors(view: Parameters<typeof pageAnchors>[0]): FragmentAnchors {
  const named = new Map<string, string>();
  const ids = new Set<string>();
  for (const [key, { id }] of pageAnchors(view)) {
    ids.add(id);
    const name = fragmentName(key);
    if (name !== undefined && !named.has(name)) named.set(name, id);
  }
  return { named, ids };
}

/**
 * `parameter|query|limit` → `query.limit`, `request|application/json|items[].id` → `request.items.id`,
 * `response|429||` → `response-429`, `response|200|application/json|data.name` → `response-200.data.name`,
 * `response-header|429|Retry-After` → `response-429.headers.Retry-After`. An array's items are
 * named as its fields (`items.id`): the page shows them under the array's row.
 */
function fragmentName(key: string): string | undefined {
  const parts = key.split('|');
  const path = (p: string) => p.replace(/\[\]/g, '');
  switch (parts[0]) {
    case 'parameter':
      return parts[2] ? `${parts[1]}.${path(parts[2])}` : parts[1];
    case 'request':
      return parts[2] ? `request.${path(parts[2])}` : 'request';
    case 'response':
      return parts[3] ? `response-${parts[1]}.${path(parts[3])}` : `response-${parts[1]}`;
    case 'response-header':
      return parts[2] ? `response-${parts[1]}.headers.${parts[2]}` : undefined;
    default:
      return undefined;
  }
}

/** A schema page's fields, by dotted path from the schema (`geometry.type`), as its page makes its tree (site/apiRoutes.ts). */
function schemaAnchors(model: ApiModel, schema: ApiSchema, schemaPages: { href: (name: string) => string | undefined; maxDepth: number; repeatWithin: number }): FragmentAnchors {
  const ids = new Set(['schema', 'example', 'used-by']);
  const tree = schemaTree({ $ref: `#${schema.pointer}` }, {
    resolver: model.resolver,
    markdown: () => '',
    display: createExampleFiles().forPage(),
    direction: 'schema',
    ids,
    budget: { used: 0, max: PAGE_NODE_BUDGET },
    schemaPages: { ...schemaPages, expanded: new Set() },
  }, { id: 'schema', pointer: schema.pointer });
  const named = new Map<string, string>();
  fields(tree, '', (path, id) => named.has(path) || named.set(path, id));
  return { named, ids: new Set([...ids, ...named.values()]) };
}

/** A node's fields, as anchors.ts names them but without `[]`: `a.b`, `a.*` for a map's values, `a.oneOf[1].b` in an alternative. */
function fields(node: SchemaNode, path: string, add: (path: string, id: string) => void): void {
  const join = (name: string) => (path ? `${path}.${name}` : name);
  for (const child of node.children) {
    add(join(child.name ?? ''), child.id);
    fields(child, join(child.name ?? ''), add);
  }
  if (node.additional) {
    add(join('*'), node.additional.id);
    fields(node.additional, join('*'), add);
  }
  node.variants?.options.forEach((option, i) => {
    const at = join(`${node.variants!.kind}[${i}]`);
    add(at, option.node.id);
    fields(option.node, at, add);
  });
}
