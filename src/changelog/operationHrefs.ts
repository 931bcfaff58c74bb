// Links from the API changelog into one version's operation pages: the page of an operation,
// with the anchor of the parameter or field a change names. The anchors are read from the view
// the page is made from (changelog/anchors.ts), made again here for the operations asked about
// only, with the options that decide a page's ids: which named schemas it expands and which
// it links to their own pages.
import type { ResolvedConfig } from '../config/types';
import type { ApiModel, ApiOperation } from '../openapi/model';
import { operationView } from '../openapi/operationView';
import { apiBase, DEFAULT_SCHEMA_DEPTH, REPEAT_WITHIN_NODES } from '../site/apiRoutes';
import { anchorFor, pageAnchors, type PageAnchors } from './anchors';
import { operationKey } from './badges';
import type { ChangedOperation, ChangeLocation } from './types';

export type OperationHref = (op: ChangedOperation, location?: ChangeLocation) => string | undefined;

/**
 * `operationHref` for one version: `config` is the config that version's API pages are made with
 * (the one buildApiPages gets), `href` turns a route into that version's URL (pageHref(config, route)).
 * Undefined for an operation the version does not have (or hides).
 */
export function operationHrefs(version: { config: ResolvedConfig; model: ApiModel; document: Record<string, any> }, href: (route: string) => string): OperationHref {
  const { config, model, document } = version;
  const operations = new Map(model.operations.map((op) => [operationKey(op.method, op.path), op]));
  // A path template renamed between the versions (`/a/{id}` → `/a/{aid}`): the older version knows it by its operationId.
  const byId = new Map(model.operations.flatMap((op) => (op.operationId ? [[op.operationId, op] as const] : [])));
  const schemaNames = new Set(model.schemas.map((s) => s.name));
  const schemaPages = {
    // Only whether a schema has a page matters to the ids; the URL itself is not kept.
    href: (name: string) => (schemaNames.has(name) ? '#' : undefined),
    maxDepth: config.openapi?.schemaDepth ?? DEFAULT_SCHEMA_DEPTH,
    repeatWithin: REPEAT_WITHIN_NODES,
  };
  const anchors = new Map<ApiOperation, PageAnchors>();
  const anchorsOf = (op: ApiOperation) => {
    let found = anchors.get(op);
    if (!found) anchors.set(op, (found = pageAnchors(operationView(model, op, document, () => '', { schemaPages, noCodeSamples: true }))));
    return found;
  };
  return (changed, location) => {
    const op = operations.get(operationKey(changed.method, changed.path)) ?? (changed.operationId ? byId.get(changed.operationId) : undefined);
    if (!op) return undefined;
    const page = href(`${apiBase(config)}/${op.slug}`);
    const anchor = location && location.in !== 'operation' && location.in !== 'security' && location.in !== 'document' ? anchorFor(anchorsOf(op), location) : undefined;
    return anchor ? `${page}#${anchor}` : page;
  };
}
