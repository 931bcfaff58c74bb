// The API section's pages: the /api landing, the overview, one page per tag and one per
// operation, all sharing the API sidebar (overview first, then one category per tag in spec order).
import type { ResolvedConfig } from '../config/types';
import type { ApiModel } from '../openapi/model';
import { operationView } from '../openapi/operationView';
import type { SpecMarkdown } from '../openapi/markdown';
import type { ApiOverviewView, ApiTagView, Crumb, PageModel, SidebarItem, TocEntry } from '../shared/viewModels';
import { routeUrl } from '../shared/url';
import { buildToc } from './toc';
import { uniqueId } from '../openapi/schemaTree';

type Head = (title: string, route: string, description: string) => PageModel['head'];

export function buildApiPages(config: ResolvedConfig, api: ApiModel, document: Record<string, any>, markdown: SpecMarkdown, head: Head): PageModel[] {
  const href = (route: string) => routeUrl(config.baseUrl, route, config.trailingSlash);
  const overviewRoute = `/api/${api.overviewSlug}`;
  const tagRoute = (slug: string) => `/api/${slug}`;
  const opRoute = (slug: string) => `/api/${slug}`;
  const sidebar: SidebarItem[] = [
    { type: 'link', label: 'Introduction', route: overviewRoute, href: href(overviewRoute) },
    ...api.tags.map((tag): SidebarItem => ({
      type: 'category',
      label: tag.name,
      items: tag.operations.map((op) => ({ type: 'link', label: op.summary, route: opRoute(op.slug), href: href(opRoute(op.slug)), method: op.method, deprecated: op.deprecated })),
    })),
  ];
  const order = [overviewRoute, ...api.tags.flatMap((t) => t.operations.map((o) => opRoute(o.slug)))];
  const labels = new Map<string, string>([[overviewRoute, 'Introduction'], ...api.operations.map((o): [string, string] => [opRoute(o.slug), o.summary])]);
  const neighbours = (route: string) => {
    const i = order.indexOf(route);
    const link = (r: string | undefined) => (r ? { label: labels.get(r)!, href: href(r) } : undefined);
    return { previous: link(order[i - 1]), next: link(order[i + 1]) };
  };
  const apiCrumb: Crumb = { label: 'API', href: href('/api') };

  const tagViews: ApiTagView[] = api.tags.map((tag) => ({
    name: tag.name,
    href: href(tagRoute(tag.slug)),
    descriptionHtml: tag.description ? markdown.render(tag.description, `/tags/${tag.name}`) : '',
    operations: tag.operations.map((op) => ({ method: op.method.toUpperCase(), path: op.path, summary: op.summary, href: href(opRoute(op.slug)), deprecated: op.deprecated })),
  }));

  const overviewHeadings: { level: number; text: string; id: string }[] = [];
  const descriptionHtml = api.description ? markdown.render(api.description, '/info/description', overviewHeadings) : '';
  // The spec's own description may already have an "Authentication" heading.
  const taken = new Set(overviewHeadings.map((h) => h.id));
  const sectionIds = { servers: uniqueId('servers', taken), authentication: uniqueId('authentication', taken), endpoints: uniqueId('endpoints', taken) };
  const overview: ApiOverviewView = {
    sectionIds,
    title: api.title,
    version: api.version,
    descriptionHtml,
    downloadUrl: config.openapi?.downloadUrl || undefined,
    servers: api.servers.map((s, i) => ({ url: s.url, descriptionHtml: s.description ? markdown.render(s.description, `/servers/${i}/description`) : '' })),
    auth: api.securitySchemes.map((s) => ({
      id: `auth-${s.key.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}`,
      name: s.key,
      type: String(s.type),
      where: s.in,
      headerName: s.name,
      scheme: s.scheme,
      descriptionHtml: s.description ? markdown.render(String(s.description), `/components/securitySchemes/${s.key}/description`) : '',
    })),
    contact: api.contact,
    license: api.license,
    tags: tagViews,
  };
  const overviewToc: TocEntry[] = [
    ...buildToc(overviewHeadings, 2, 3),
    { id: sectionIds.servers, text: 'Servers', children: [] },
    { id: sectionIds.authentication, text: 'Authentication', children: overview.auth.map((a) => ({ id: a.id, text: a.name, children: [] })) },
    { id: sectionIds.endpoints, text: 'Endpoints', children: [] },
  ];

  const pages: PageModel[] = [
    {
      route: '/api',
      head: head('API reference', '/api', api.summary || `Reference of the ${api.title}.`),
      section: 'api',
      sidebar,
      body: {
        kind: 'apiIndex',
        api: { title: api.title, version: api.version, summary: api.summary, downloadUrl: overview.downloadUrl, overviewHref: href(overviewRoute), tags: tagViews.map((t) => ({ name: t.name, descriptionHtml: t.descriptionHtml, href: t.href, operations: t.operations })) },
        breadcrumbs: [{ label: 'API' }],
      },
    },
    {
      route: overviewRoute,
      head: head(api.title, overviewRoute, api.summary || firstSentence(api.description)),
      section: 'api',
      sidebar,
      body: { kind: 'apiOverview', overview, toc: overviewToc, breadcrumbs: [apiCrumb, { label: api.title }] },
    },
  ];
  api.tags.forEach((tag, i) => {
    pages.push({
      route: tagRoute(tag.slug),
      head: head(tag.name, tagRoute(tag.slug), firstSentence(tag.description) || `Endpoints of the ${tag.name} group.`),
      section: 'api',
      sidebar,
      body: { kind: 'apiTag', tag: tagViews[i], toc: [], breadcrumbs: [apiCrumb, { label: tag.name }] },
    });
  });
  const render = (text: string, pointer: string) => markdown.render(text, pointer);
  for (const op of api.operations) {
    const route = opRoute(op.slug);
    const view = operationView(api, op, document, render);
    const tag = api.tags.find((t) => t.name === op.tag)!;
    pages.push({
      route,
      head: head(op.summary, route, firstSentence(op.description) || `${op.method.toUpperCase()} ${op.path}`),
      section: 'api',
      sidebar,
      body: { kind: 'apiOperation', operation: view, toc: operationToc(view), breadcrumbs: [apiCrumb, { label: tag.name, href: href(tagRoute(tag.slug)) }, { label: op.summary }], ...neighbours(route) },
    });
  }
  return pages;
}

function operationToc(view: ReturnType<typeof operationView>): TocEntry[] {
  const toc: TocEntry[] = [];
  const request: TocEntry[] = view.parameters.map((g) => ({ id: `${g.location}-parameters`, text: g.label, children: [] }));
  if (view.requestBody) request.push({ id: view.requestBody.id, text: 'Request body', children: [] });
  if (request.length) toc.push({ id: 'request', text: 'Request', children: request });
  toc.push({ id: 'responses', text: 'Responses', children: view.responses.map((r) => ({ id: r.id, text: r.status, children: [] })) });
  if (view.callbacks.length) toc.push({ id: 'callbacks', text: 'Callbacks', children: view.callbacks.map((c) => ({ id: c.id, text: c.name, children: [] })) });
  toc.push({ id: 'code-samples', text: 'Code samples', children: [] });
  return toc;
}

/** A one-line description for meta tags from spec markdown: its first sentence, markup stripped. */
export function firstSentence(markdown: string): string {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/^#+\s.*$/gm, '').replace(/[`*_>#]|\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
  const m = /^(.{20,200}?[.!?])(\s|$)/.exec(text);
  return (m ? m[1] : text.slice(0, 160)).trim();
}
