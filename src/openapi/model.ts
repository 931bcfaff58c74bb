// The API model: overview, tags and operations of a bundled OpenAPI 3 document, each with its
// slug. Slugs follow the rules sites migrating from Docusaurus rely on (kebab-case of the
// operationId, else the summary, else method + path); collisions are reported, never silent.
import { byPolicy, type Diagnostic, type Policy } from '../diagnostics/diagnostic';
import { kebabCase } from '../site/slug';
import { createResolver, type Resolver } from './resolve';
import type { HttpMethod } from './types';

type Obj = Record<string, any>;

export interface ApiOperation {
  slug: string;
  method: HttpMethod;
  path: string;
  operationId?: string;
  summary: string;
  description: string;
  deprecated: boolean;
  tag: string;
  /** JSON pointer of the operation, for error reports. */
  pointer: string;
  /** The operation object (internal $refs intact). */
  raw: Obj;
  /** Path-level and operation-level parameters, resolved and merged (operation wins). */
  parameters: Obj[];
  /** Security requirements in force (operation-level, else global). */
  security: Obj[];
}

export interface ApiTag {
  name: string;
  slug: string;
  description: string;
  operations: ApiOperation[];
}

/** A named component schema, which gets its own page at /api/schemas/<slug>. */
export interface ApiSchema {
  name: string;
  slug: string;
  /** JSON pointer of the schema, for error reports. */
  pointer: string;
}

export interface ApiModel {
  title: string;
  version: string;
  summary: string;
  description: string;
  overviewSlug: string;
  servers: { url: string; description: string }[];
  securitySchemes: (Obj & { key: string })[];
  contact?: { name?: string; email?: string; url?: string };
  license?: { name: string; url?: string };
  tags: ApiTag[];
  operations: ApiOperation[];
  /** `components.schemas`, in spec order. */
  schemas: ApiSchema[];
  resolver: Resolver;
}

const METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function buildApiModel(document: Obj, options: { onDuplicateRoutes: Policy; source: string }): { model: ApiModel; diagnostics: Diagnostic[] } {
  const resolver = createResolver(document);
  const info: Obj = document.info ?? {};
  const diagnostics: Diagnostic[] = [];
  const taken = new Map<string, string>();
  // Routes under /api that generated pages must not take.
  for (const reserved of ['schemas']) taken.set(reserved, 'a reserved docsgen route');
  const claim = (wanted: string, what: string, pointer: string): string => {
    const base = wanted || 'untitled';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    if (slug !== base) {
      diagnostics.push(
        ...byPolicy(options.onDuplicateRoutes, 'duplicate-route', `The route /api/${base} is wanted by both ${taken.get(base)} and ${what}; ${what} gets /api/${slug} instead.`, {
          location: { file: options.source },
          notes: [`in the OpenAPI spec at ${pointer}`],
          hint: 'Give one of them a distinct operationId or tag name.',
        }),
      );
    }
    taken.set(slug, what);
    return slug;
  };

  const title = String(info.title ?? 'API');
  const overviewSlug = claim(kebabCase(title), `the overview ("${title}")`, '/info/title');
  const globalSecurity: Obj[] = document.security ?? [];
  const tagDefs: { name: string; description: string }[] = (document.tags ?? []).map((t: Obj) => ({ name: String(t.name), description: String(t.description ?? '') }));
  const operations: ApiOperation[] = [];
  for (const [path, rawItem] of Object.entries<Obj>(document.paths ?? {})) {
    const item = resolver.deref(rawItem) ?? {};
    const shared = (item.parameters ?? []).map((p: Obj) => resolver.deref(p));
    for (const method of METHODS) {
      const op: Obj | undefined = item[method];
      if (!op) continue;
      const own = (op.parameters ?? []).map((p: Obj) => resolver.deref(p));
      const parameters = [...shared.filter((s: Obj) => !own.some((o: Obj) => o.name === s.name && o.in === s.in)), ...own];
      const tag = String(op.tags?.[0] ?? 'default');
      if (!tagDefs.some((t) => t.name === tag)) tagDefs.push({ name: tag, description: '' });
      operations.push({
        slug: '',
        method,
        path,
        operationId: op.operationId,
        summary: String(op.summary ?? op.operationId ?? `${method.toUpperCase()} ${path}`),
        description: String(op.description ?? ''),
        deprecated: op.deprecated === true,
        tag,
        pointer: `/paths/${escapePointer(path)}/${method}`,
        raw: op,
        parameters,
        security: op.security ?? globalSecurity,
      });
    }
  }
  const tags: ApiTag[] = tagDefs
    .map((t, i) => ({ ...t, i, operations: operations.filter((o) => o.tag === t.name) }))
    .filter((t) => t.operations.length > 0)
    .map((t) => ({ name: t.name, description: t.description, operations: t.operations, slug: claim(kebabCase(t.name), `the tag "${t.name}"`, `/tags/${t.i}`) }));
  for (const op of operations) {
    const wanted = op.operationId ? kebabCase(op.operationId) : op.raw.summary ? kebabCase(op.raw.summary) : kebabCase(`${op.method} ${op.path}`);
    op.slug = claim(wanted, `the operation ${op.method.toUpperCase()} ${op.path}`, op.pointer);
  }
  // Schema pages live under /api/schemas/, a namespace of their own: only two schemas can collide.
  const schemaSlugs = new Map<string, string>();
  const schemas: ApiSchema[] = Object.keys(document.components?.schemas ?? {}).map((name) => {
    const pointer = `/components/schemas/${escapePointer(name)}`;
    const base = kebabCase(name) || 'schema';
    let slug = base;
    for (let n = 2; schemaSlugs.has(slug); n++) slug = `${base}-${n}`;
    if (slug !== base) {
      diagnostics.push(
        ...byPolicy(options.onDuplicateRoutes, 'duplicate-route', `The route /api/schemas/${base} is wanted by both the schema "${schemaSlugs.get(base)}" and the schema "${name}"; "${name}" gets /api/schemas/${slug} instead.`, {
          location: { file: options.source },
          notes: [`in the OpenAPI spec at ${pointer}`],
          hint: 'Rename one of the schemas so that their kebab-case names differ.',
        }),
      );
    }
    schemaSlugs.set(slug, name);
    return { name, slug, pointer };
  });
  const schemes = document.components?.securitySchemes ?? {};
  return {
    model: {
      title,
      version: String(info.version ?? ''),
      summary: String(info.summary ?? ''),
      description: String(info.description ?? ''),
      overviewSlug,
      servers: (document.servers ?? []).map((s: Obj) => ({ url: String(s.url ?? '/'), description: String(s.description ?? '') })),
      securitySchemes: Object.entries<Obj>(schemes).map(([key, s]) => ({ key, ...resolver.deref(s) })),
      contact: info.contact,
      license: info.license,
      tags,
      operations,
      schemas,
      resolver,
    },
    diagnostics,
  };
}
