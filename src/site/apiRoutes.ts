// The API section's pages: the /api landing, the overview, one page per tag (several for a very
// large tag) and one per operation, the webhooks' index and one page per webhook, the schema
// index (in parts when long) and one page per schema, all sharing the API sidebar (apiSidebar.ts).
import fs from 'node:fs';
import { locateKey } from '../config/load';
import type { ResolvedConfig } from '../config/types';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { ApiModel, ApiOperation, ApiTag } from '../openapi/model';
import type { MakeSchemaPages, PageReuse, SchemaDraft, UsedBySchema } from './apiPagesMemo';
import { apiSidebar, flattenTags, readingOrder, tagTree } from './apiSidebar';
import { escapeHtml } from '../shared/html';
import { shortTitle } from '../shared/titles';
import { cappedMarkdown, operationView } from '../openapi/operationView';
import { capMarkdown, DESCRIPTION_CHARS, omittedNote, type ExampleFiles } from '../openapi/exampleFiles';
import type { SpecHeading, SpecMarkdown } from '../openapi/markdown';
import { stripHtmlTags } from '../openapi/sanitizeHtml';
import type { ApiOverviewView, ApiSchemaView, ApiTagView, Crumb, OperationView, PageBody, PageModel, SchemaNode, SidebarItem, TocEntry } from '../shared/viewModels';
import { withBase } from '../shared/url';
import { tryItData, tryItFile, tryItWanted } from '../openapi/tryIt';
import { buildToc } from './toc';
import { schemaTree, uniqueId, type SchemaUse } from '../openapi/schemaTree';
import { selects } from '../markdown/pageFiles';
import { createSchemaAppendix, operationTrees } from '../openapi/schemaAppendix';
import { createAppendixMarkdown } from './appendixMarkdown';
import { PAGE_NODE_BUDGET } from '../openapi/operationView';
import { schemaExample } from '../openapi/examples';
import { oauthFlows, schemeAnchor, schemeSummary } from '../openapi/security';
import { defaultMessages, formatMessage, type Messages } from '../shared/messages';
import { pageHref } from '../versions/href';
import { steps, type Steps } from '../steps';
import { addChangeBadges, changesByOperation, operationKey, type OperationChanges } from '../changelog/badges';

type Head = (title: string, route: string, description: string) => PageModel['head'];

/**
 * `examples` collects the files that capped examples link to (src/openapi/exampleFiles.ts).
 * `keep` takes each operation, webhook and schema page as soon as it is made, and returns what
 * stands for it in the list (a full build stores its body: site/pageStore.ts).
 * `changes`: on the newer version of a pair of versions, what changed since the older one: the
 * operation pages get "New in" / "Changed in" badges (src/changelog/badges.ts).
 * `reuse`: with a build cache, makes the operation and webhook pages, taking back those whose
 * inputs did not change (site/apiPagesMemo.ts); it stores them itself.
 */
export function buildApiPages(...args: Parameters<typeof apiPageSteps>): PageModel[] {
  return steps(apiPageSteps(...args));
}

/** buildApiPages as steps: it yields after each operation and webhook page (steps.ts). */
export function* apiPageSteps(config: ResolvedConfig, api: ApiModel, document: Record<string, any>, markdown: SpecMarkdown, head: Head, examples: ExampleFiles, messages: Messages = defaultMessages, keep: (page: PageModel) => PageModel = (page) => page, changes?: OperationChanges, reuse?: PageReuse): Steps<PageModel[]> {
  const href = (route: string) => pageHref(config, route);
  // `/api`, or with several APIs this one's route (`/api/<id>`).
  const base = config.openapi?.route ?? '/api';
  const overviewRoute = `${base}/${api.overviewSlug}`;
  const tagRoute = (slug: string) => `${base}/${slug}`;
  const opRoute = (slug: string) => `${base}/${slug}`;
  const schemaIndexRoute = `${base}/schemas`;
  const schemaRoute = (slug: string) => `${schemaIndexRoute}/${slug}`;
  const schemaSlugs = new Map(api.schemas.map((s) => [s.name, s.slug]));
  const schemaHref = (name: string) => {
    const slug = schemaSlugs.get(name);
    return slug === undefined ? undefined : href(schemaRoute(slug));
  };
  const webhookIndexRoute = `${base}/webhooks`;
  const webhookRoute = (slug: string) => `${webhookIndexRoute}/${slug}`;
  const sidebar: SidebarItem[] = apiSidebar(api, { overview: overviewRoute, op: opRoute, webhook: webhookRoute, webhookIndex: webhookIndexRoute, schema: schemaRoute, schemaIndex: schemaIndexRoute, href }, messages);
  const labels = new Map<string, string>([[overviewRoute, messages.apiIntroduction], ...api.operations.map((o): [string, string] => [opRoute(o.slug), o.summary]), ...api.webhooks.map((w): [string, string] => [webhookRoute(w.slug), w.summary])]);
  const order = readingOrder(sidebar, (route) => labels.has(route));
  const position = new Map(order.map((route, i) => [route, i]));
  const neighbours = (route: string) => {
    const i = position.get(route) ?? -1;
    const link = (r: string | undefined) => (r ? { label: labels.get(r)!, href: href(r) } : undefined);
    return { previous: link(order[i - 1]), next: link(order[i + 1]) };
  };
  const tagsByName = new Map(api.tags.map((t) => [t.name, t]));
  const maxDepth = config.openapi?.schemaDepth ?? DEFAULT_SCHEMA_DEPTH;
  const usedBy = new UsedBy();
  const several = config.apis.length > 1;
  const label = config.openapi?.label || api.title;
  const apiCrumbs = apiTrail(config, api.title, messages, href);

  // The spec's texts the overview and the tags' pages show, capped as an operation's are: the
  // overview's and a tag's own (DESCRIPTION_CHARS.intro), a server's, a variable's and a security
  // scheme's (a field's).
  const render = (text: string, pointer: string, headings?: SpecHeading[]) => markdown.render(text, pointer, headings);
  const intro = (text: string, pointer: string, headings?: SpecHeading[]) => {
    const capped = capMarkdown(text, DESCRIPTION_CHARS.intro);
    return render(capped.text, pointer, headings) + (capped.omitted ? omittedNote(capped.omitted, text.length) : '');
  };
  const aside = cappedMarkdown(render, DESCRIPTION_CHARS.field);
  const cut = <T,>(value: T): T => (typeof value === 'string' ? (shortTitle(value) as T) : value);
  const tagViews: ApiTagView[] = api.tags.map((tag) => ({
    name: tag.name,
    href: href(tagRoute(tag.slug)),
    descriptionHtml: tag.description ? intro(tag.description, `/tags/${tag.name}`) : '',
    // The names a list repeats from other pages, cut as titles are where repeated (shortTitle).
    operations: tag.operations.map((op) => ({ method: op.method.toUpperCase(), path: op.path, summary: shortTitle(op.summary), href: href(opRoute(op.slug)), deprecated: op.deprecated })),
    subTags: api.tags.filter((t) => t.parent === tag.name).map((t) => ({ name: shortTitle(t.name), href: href(tagRoute(t.slug)) })),
  }));
  // The webhooks' index, listed like a tag's operations (the event in place of the path).
  const webhooksView: ApiTagView | undefined = api.webhooks.length === 0 ? undefined : {
    name: messages.apiWebhooks,
    href: href(webhookIndexRoute),
    descriptionHtml: '',
    operations: api.webhooks.map((w) => ({ method: w.method.toUpperCase(), path: w.event!, summary: shortTitle(w.summary), href: href(webhookRoute(w.slug)), deprecated: w.deprecated })),
    webhooks: true,
  };
  // The landing and the overview list every operation of a usual API; a huge one (Microsoft Graph
  // beta: 22,361 operations in 829 tags) gets the first few of each tag and a link to the rest.
  const listed = new Map(shortLists([...tagViews, ...(webhooksView ? [webhooksView] : [])], LANDING_OPERATIONS).map((t) => [t.href, { ...t, name: shortTitle(t.name) }]));
  const short = (view: ApiTagView) => listed.get(view.href)!;
  const tagViewByName = new Map(tagViews.map((t) => [t.name, t]));
  // `x-tagGroups` on the landing: each group's tags, each followed by the tags nested in it.
  const tagGroupViews = landingGroups(api, messages).map((g) => ({ name: shortTitle(g.name), tags: g.tags.map((t) => short(tagViewByName.get(t.name)!)) }));

  const overviewHeadings: SpecHeading[] = [];
  const descriptionHtml = api.description ? intro(api.description, '/info/description', overviewHeadings) : '';
  // The spec's own description may already have an "Authentication" heading.
  const taken = new Set(overviewHeadings.map((h) => h.id));
  const sectionIds = { servers: uniqueId('servers', taken), authentication: uniqueId('authentication', taken), endpoints: uniqueId('endpoints', taken), webhooks: webhooksView ? uniqueId('webhooks', taken) : undefined };
  const overview: ApiOverviewView = {
    sectionIds,
    title: api.title,
    version: api.version,
    descriptionHtml,
    downloadUrl: config.openapi?.downloadUrl || undefined,
    // Names and URLs cut as titles are (real ones are far shorter): the overview is one page, but
    // each of them 300,000 characters long made it 1.2 MB.
    servers: api.servers.map((s, i) => ({ url: shortTitle(s.url || '/'), descriptionHtml: s.description ? aside(s.description, `/servers/${i}/description`) : '' })),
    serverDetails: api.servers.map((s, i) => ({
      template: shortTitle(s.template),
      relative: s.relative,
      variables: s.variables.map((v) => ({ ...v, descriptionHtml: v.description ? aside(v.description, `/servers/${i}/variables/${v.name}/description`) : '' })),
    })),
    auth: api.securitySchemes.map((s) => ({
      id: schemeAnchor(s.key),
      name: shortTitle(s.key),
      type: shortTitle(String(s.type)),
      where: cut(s.in),
      headerName: cut(s.name),
      scheme: cut(s.scheme),
      descriptionHtml: s.description ? aside(String(s.description), `/components/securitySchemes/${s.key}/description`) : '',
      summary: schemeSummary(s),
      bearerFormat: typeof s.bearerFormat === 'string' ? shortTitle(s.bearerFormat) : undefined,
      openIdConnectUrl: typeof s.openIdConnectUrl === 'string' ? s.openIdConnectUrl : undefined,
      flows: oauthFlows(s),
    })),
    logo: api.logo,
    contact: api.contact,
    license: api.license,
    tags: tagViews.map(short),
    webhooks: webhooksView && short(webhooksView),
  };
  const overviewToc: TocEntry[] = [
    ...buildToc(overviewHeadings, 2, 3),
    { id: sectionIds.servers, text: 'Servers', children: [] },
    { id: sectionIds.authentication, text: 'Authentication', children: overview.auth.map((a) => ({ id: a.id, text: a.name, children: [] })) },
    ...(tagViews.length > 0 ? [{ id: sectionIds.endpoints, text: 'Endpoints', children: [] }] : []),
    ...(sectionIds.webhooks ? [{ id: sectionIds.webhooks, text: messages.apiWebhooks, children: [] }] : []),
  ];

  const pages: PageModel[] = [
    {
      route: base,
      head: head(several ? label : messages.apiReference, base, api.summary || formatMessage(messages.apiReferenceDescription, { api: api.title })),
      section: 'api',
      sidebar,
      body: {
        kind: 'apiIndex',
        api: { title: shortTitle(api.title), version: api.version, summary: api.summary, downloadUrl: overview.downloadUrl, overviewHref: href(overviewRoute), tags: tagViews.map((t) => { const { name, descriptionHtml, href, operations, more } = short(t); return { name, descriptionHtml, href, operations, more }; }), tagGroups: tagGroupViews.length ? tagGroupViews : undefined, webhooks: webhooksView && short(webhooksView) },
        breadcrumbs: several ? [apiCrumbs[0], { label }] : [{ label: messages.api }],
      },
    },
    {
      route: overviewRoute,
      head: head(api.title, overviewRoute, api.summary || firstSentence(api.description)),
      section: 'api',
      sidebar,
      body: { kind: 'apiOverview', overview, toc: overviewToc, breadcrumbs: [...apiCrumbs, { label: api.title }] },
    },
  ];
  const withoutSidebar = new Set(config.openapi?.tagsWithoutSidebar);
  api.tags.forEach((tag, i) => {
    // A tag of more than TAG_PAGE_OPERATIONS operations lists them over several pages: /api/<tag>, /api/<tag>/2, …
    const parts = chunks(tagViews[i].operations, TAG_PAGE_OPERATIONS);
    const partRoute = (n: number) => (n === 0 ? tagRoute(tag.slug) : `${tagRoute(tag.slug)}/${n + 1}`);
    const range = (n: number) => `${(n * TAG_PAGE_OPERATIONS + 1).toLocaleString('en-US')}–${(n * TAG_PAGE_OPERATIONS + parts[n].length).toLocaleString('en-US')}`;
    (parts.length > 0 ? parts : [[]]).forEach((operations, n) => {
      const route = partRoute(n);
      const pager = parts.length > 1 ? parts.map((_, k) => ({ label: range(k), href: href(partRoute(k)), current: k === n })) : undefined;
      pages.push({
        route,
        head: head(n === 0 ? tag.name : `${tag.name} (${range(n)})`, route, firstSentence(tag.description) || formatMessage(messages.apiTagDescription, { tag: tag.name })),
        section: 'api',
        sidebar: withoutSidebar.has(tag.name) ? undefined : sidebar,
        body: { kind: 'apiTag', tag: { ...tagViews[i], operations, parts: pager }, toc: [], breadcrumbs: [...apiCrumbs, { label: tag.name }] },
      });
    });
  });
  // The try-it console's data files share the examples' output map (written beside the pages).
  const tryIt = config.openapi?.tryIt;
  const changedOps = changes && changesByOperation(changes.changes);
  // The Markdown copies list the schemas their trees link to (openapi/schemaAppendix.ts).
  const appendixMarkdown = cappedMarkdown(render, DESCRIPTION_CHARS.field);
  const appendix = config.llms.enabled ? createSchemaAppendix(api, { render: appendixMarkdown, href: schemaHref }) : undefined;
  const appendixText = createAppendixMarkdown();
  // llms-full.txt holds each schema's page: a copy whose appended schemas are all there leaves them out of it.
  const inLlms = config.llms.enabled ? selects(config.llms) : undefined;
  const appended = (roots: readonly SchemaNode[], canonical: string, own?: string): Pick<OperationView, 'appendix' | 'appendixListed'> => {
    const list = appendixText(appendix!(roots, own), canonical, own);
    return list.length > 0 && list.every((s) => inLlms!(schemaRoute(schemaSlugs.get(s.name)!))) ? { appendix: list, appendixListed: true } : { appendix: list };
  };
  // An operation or webhook page: made, or with a build cache taken back when its inputs did not change (site/apiPagesMemo.ts).
  const operationPage = (op: ApiOperation, route: string, stub: Omit<PageModel, 'body'>, crumbs: Crumb[]) => {
    const opHref = href(route);
    const page = { label: op.summary, kind: 'operation' as const, method: op.method.toUpperCase(), href: opHref };
    const changed = changedOps?.get(operationKey(op.method, op.path)) ?? [];
    const make = (effects?: { uses: UsedBySchema[]; own: string[] }): PageBody => {
      const uses = effects && usesRecorder(effects.uses);
      const view = operationView(api, op, document, render, {
        examples,
        schemaPages: { href: schemaHref, maxDepth, repeatWithin: REPEAT_WITHIN_NODES },
        overviewHref: href(overviewRoute),
        onUse: (use) => {
          const where = use.path ? `${use.section} › ${use.path}` : use.section;
          usedBy.add(use.name, page, where, `${opHref}#${use.id}`);
          uses?.add(use.name, where, `${opHref}#${use.id}`);
        },
      });
      uses?.end();
      if (appendix) Object.assign(view, appended(operationTrees(view), stub.head.canonical));
      if (changedOps && op.event === undefined) addChangeBadges(view, changed, changes!);
      if (op.event === undefined && tryIt && tryItWanted(tryIt.enabled, op)) {
        const file = tryItFile(op.slug, tryItData(api, op, document, { proxyUrl: tryIt.proxyUrl || undefined, servers: tryIt.servers, source: config.openapi?.spec }));
        examples.files.set(file.path, file.text);
        effects?.own.push(file.path);
        view.tryIt = { dataUrl: withBase(config.baseUrl, `/${file.path}`) };
      }
      return { kind: 'apiOperation', operation: view, toc: operationToc(view), breadcrumbs: crumbs, ...neighbours(route) };
    };
    if (!reuse) return keep({ ...stub, body: make() });
    const item = op.event === undefined ? document.paths?.[op.path] : (document.webhooks?.[op.event] ?? document['x-webhooks']?.[op.event]);
    // The operation's object and its resolved parameters follow from its path item and the spec
    // outside its paths: digested again, they were half of the JSON each page's key is made from.
    const { raw: _raw, parameters: _parameters, ...own } = op;
    // Its changes since the older version with their links to the changelog, whose anchors follow from all the changes.
    const badges = changed.map((c) => [c, changes!.entryHref(c)]);
    const made = reuse.page(route, [own, item, stub.head, crumbs, neighbours(route), badges], stub, make);
    replayUses(usedBy, made.uses ?? [], page);
    return made.page;
  };
  for (const op of api.operations) {
    const route = opRoute(op.slug);
    const tag = tagsByName.get(op.tag)!;
    const opHead = head(op.summary, route, firstSentence(op.summaryMore) || firstSentence(op.description) || `${op.method.toUpperCase()} ${op.path}`);
    pages.push(operationPage(op, route, { route, head: opHead, section: 'api', sidebar }, [...apiCrumbs, { label: tag.name, href: href(tagRoute(tag.slug)) }, { label: op.summary }]));
    yield;
  }
  if (webhooksView) {
    const webhooksCrumb: Crumb = { label: messages.apiWebhooks, href: webhooksView.href };
    pages.push({
      route: webhookIndexRoute,
      head: head(messages.apiWebhooks, webhookIndexRoute, formatMessage(messages.apiWebhooksDescription, { api: api.title })),
      section: 'api',
      sidebar,
      body: { kind: 'apiTag', tag: { ...webhooksView, descriptionHtml: `<p>${escapeHtml(messages.apiWebhooksIntro)}</p>` }, toc: [], breadcrumbs: [...apiCrumbs, { label: messages.apiWebhooks }] },
    });
    for (const hook of api.webhooks) {
      const route = webhookRoute(hook.slug);
      const hookHead = head(hook.summary, route, firstSentence(hook.description) || `${messages.apiWebhook} ${hook.event}`);
      pages.push(operationPage(hook, route, { route, head: hookHead, section: 'api', sidebar }, [...apiCrumbs, webhooksCrumb, { label: hook.summary }]));
      yield;
    }
  }
  if (api.schemas.length === 0) return pages;

  // Each schema page's stub, and what of its body the operation pages decide: its "Used by" lists.
  const schemaCrumb: Crumb = { label: messages.apiSchemas, href: href(schemaIndexRoute) };
  const summaries: { name: string; href: string; summary: string }[] = [];
  const drafts = api.schemas.map((s): SchemaDraft & { page: UsePage; breadcrumbs: Crumb[] } => {
    const route = schemaRoute(s.slug);
    const raw = api.resolver.schema({ $ref: `#${s.pointer}` }).schema;
    const description = typeof raw.description === 'string' ? raw.description : '';
    summaries.push({ name: s.name, href: href(route), summary: firstSentence(description) });
    return {
      stub: { route, head: head(s.name, route, firstSentence(description) || formatMessage(messages.apiSchemaDescription, { schema: s.name, api: api.title })), section: 'api', sidebar },
      page: { label: s.name, kind: 'schema', href: href(route) },
      breadcrumbs: [...apiCrumbs, schemaCrumb, { label: s.name }],
      own: () => usedBy.list(s.name),
      patch: (body) => (body.kind === 'apiSchema' ? { ...body, schema: { ...body.schema, ...usedBy.list(s.name) } } : body),
    };
  });
  // Schema trees first (each records the schemas it uses), then the pages with complete "Used by" lists.
  // In steps, one per tree and one per page: the 35,000-page site's 5,053 held a signal for 3.6 s.
  const makeSchemaPages: MakeSchemaPages = function* (record, put) {
    const trees: { tree: ReturnType<typeof schemaTree>; display: ReturnType<typeof examples.forPage> }[] = [];
    for (const [i, s] of api.schemas.entries()) {
      const { page } = drafts[i];
      const uses = record ? usesRecorder((record.uses[i] = [])) : undefined;
      const ids = new Set(['schema', 'example', 'used-by']);
      const display = examples.forPage();
      const tree = schemaTree({ $ref: `#${s.pointer}` }, {
        resolver: api.resolver,
        markdown: cappedMarkdown(render, DESCRIPTION_CHARS.field, { chars: DESCRIPTION_CHARS.total, min: DESCRIPTION_CHARS.min }),
        display,
        direction: 'schema',
        ids,
        budget: { used: 0, max: PAGE_NODE_BUDGET },
        schemaPages: { href: schemaHref, maxDepth, expanded: new Set(), repeatWithin: REPEAT_WITHIN_NODES },
        onUse: (use: SchemaUse) => {
          if (!use.path || record === null) return;
          usedBy.add(use.name, page, use.path, `${page.href}#${use.id}`);
          uses?.add(use.name, use.path, `${page.href}#${use.id}`);
        },
      }, { id: 'schema', pointer: s.pointer });
      uses?.end();
      trees.push({ tree, display });
      yield;
    }
    for (const [i, s] of api.schemas.entries()) {
      const { tree, display } = trees[i];
      const example = schemaExample({ $ref: `#${s.pointer}` }, 'response', document);
      const view: ApiSchemaView = {
        name: s.name,
        schema: tree,
        example: example === undefined ? undefined : display.value(example, { name: s.name, language: 'json' }),
        ...usedBy.list(s.name),
        ...(appendix ? appended([tree], drafts[i].stub.head.canonical, s.name) : {}),
      };
      const toc: TocEntry[] = [{ id: 'schema', text: 'Schema', children: [] }];
      if (view.example) toc.push({ id: 'example', text: 'Example', children: [] });
      toc.push({ id: 'used-by', text: 'Used by', children: [] });
      put(i, { kind: 'apiSchema', schema: view, toc, breadcrumbs: drafts[i].breadcrumbs });
      yield;
    }
  };
  if (reuse) for (const page of yield* reuse.schemas(drafts, makeSchemaPages, (uses) => uses.forEach((list, i) => replayUses(usedBy, list, drafts[i].page)))) pages.push(page);
  else yield* makeSchemaPages(undefined, (i, body) => pages.push(keep({ ...drafts[i].stub, body })));
  // A long index is cut into parts, in name order, so that no page grows with the spec (Microsoft
  // Graph beta's 6,177 schemas made one list of over 1 MB): the index then lists the parts.
  const parts = summaries.length > SCHEMA_INDEX_PART ? chunks(byName(summaries), SCHEMA_INDEX_PART) : undefined;
  const partRoute = (n: number) => `${schemaIndexRoute}/part/${n}`;
  const partTitle = (part: typeof summaries) => formatMessage(messages.apiSchemasPart, { first: shortTitle(part[0].name), last: shortTitle(part[part.length - 1].name) });
  pages.push({
    route: schemaIndexRoute,
    head: head(messages.apiSchemas, schemaIndexRoute, formatMessage(messages.apiSchemasDescription, { api: api.title })),
    section: 'api',
    sidebar,
    body: {
      kind: 'apiSchemaIndex',
      title: messages.apiSchemas,
      schemas: parts ? [] : summaries,
      parts: parts?.map((part, i) => ({ label: partTitle(part), href: href(partRoute(i + 1)), count: part.length })),
      breadcrumbs: [...apiCrumbs, { label: messages.apiSchemas }],
    },
  });
  parts?.forEach((part, i) => {
    const route = partRoute(i + 1);
    pages.push({
      route,
      head: head(partTitle(part), route, formatMessage(messages.apiSchemasDescription, { api: api.title })),
      section: 'api',
      sidebar,
      body: { kind: 'apiSchemaIndex', title: partTitle(part), schemas: part, breadcrumbs: [...apiCrumbs, schemaCrumb, { label: partTitle(part) }] },
    });
  });
  return pages;
}

/** The route of an API's pages: `/api`, or with several APIs this one's (`/api/<id>`). */
export function apiBase(config: ResolvedConfig): string {
  return config.openapi?.route ?? '/api';
}

/** The trail of an API's pages above the page itself; with several APIs it goes through /api (the list of them) to this one's landing. */
export function apiTrail(config: ResolvedConfig, apiTitle: string, messages: Messages, href: (route: string) => string): Crumb[] {
  const base = apiBase(config);
  if (config.apis.length <= 1) return [{ label: messages.api, href: href(base) }];
  return [{ label: messages.api, href: href('/api') }, { label: config.openapi?.label || apiTitle, href: href(base) }];
}

/** Operations a tag's page lists: a larger tag continues on further pages (`/api/<tag>/2`, …). */
export const TAG_PAGE_OPERATIONS = 1000;

/** Operation rows the /api landing and the overview list in all, before each tag is shortened to its first few. */
export const LANDING_OPERATIONS = 1000;

/**
 * Tag lists within `budget` rows in all: unchanged when they fit, else each tag lists as many of
 * its first operations as an even share of the budget allows (none when there are more tags than
 * rows) and counts the rest in `more`, which the landing links to the tag's page.
 */
function shortLists(tags: ApiTagView[], budget: number): ApiTagView[] {
  if (tags.reduce((n, t) => n + t.operations.length, 0) <= budget) return tags;
  const each = Math.floor(budget / tags.length);
  return tags.map((t) => (t.operations.length <= each ? t : { ...t, operations: t.operations.slice(0, each), more: t.operations.length - each }));
}

/** Schemas per page of the schema index: above this the index is cut into parts (each at most ~0.4 MB). */
export const SCHEMA_INDEX_PART = 1000;

/** By name, case folded first so that `account` and `Account` sit together; stable for the same spec. */
function byName<T extends { name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Label of the API sidebar category and landing page listing the component schemas. */
export const SCHEMAS_LABEL = 'Schemas';

/** A name in `openapi.tagsWithoutSidebar` that is no tag of the spec: a warning at its line of the config. */
export function unknownTags(config: ResolvedConfig, api: ApiModel): Diagnostic[] {
  const names = config.openapi?.tagsWithoutSidebar ?? [];
  const known = new Set(api.tags.map((t) => t.name));
  let source: string | undefined;
  return names.flatMap((name, i) => {
    if (known.has(name)) return [];
    source ??= readConfigSource(config.configFile);
    const tags = [...known].map((t) => JSON.stringify(t)).join(', ');
    return [
      warning('unknown-tag', `openapi.tagsWithoutSidebar names the tag "${name}", which the spec does not have; its tags are ${tags || 'none'}.`, {
        location: source === undefined ? { file: config.configFile } : locateKey(config.configFile, source, `openapi.tagsWithoutSidebar[${i}]`),
      }),
    ];
  });
}

function readConfigSource(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
/** A page with fewer schema nodes than this expands a repeated schema again rather than linking to its page. */
export const REPEAT_WITHIN_NODES = 400;
/** Named schemas nested deeper than this on a page link to their own page (config `openapi.schemaDepth`). */
export const DEFAULT_SCHEMA_DEPTH = 5;

/** Fields of one page listed under "Used by"; more are counted, not listed. */
const USED_BY_FIELDS_PER_PAGE = 5;

/**
 * Pages listed under "Used by"; more are counted. Microsoft Graph's error schema is used by all
 * 14,000 operations: listed in full, its page was 5.7 MB.
 */
export const USED_BY_PAGES = 200;

type UsePage = { label: string; kind: 'operation' | 'schema'; method?: string; href: string };

/** Records a page's uses of schemas for the cache to replay (replayUses), as UsedBy keeps them: past a schema's first fields on the page, how many more. */
function usesRecorder(into: UsedBySchema[]): { add(name: string, where: string, fieldHref: string): void; end(): void } {
  const times = new Map<string, number>();
  return {
    add(name, where, fieldHref) {
      const n = (times.get(name) ?? 0) + 1;
      times.set(name, n);
      if (n <= USED_BY_FIELDS_PER_PAGE) into.push([name, where, fieldHref]);
    },
    end() {
      for (const [name, n] of times) if (n > USED_BY_FIELDS_PER_PAGE) into.push([name, '', '', n - USED_BY_FIELDS_PER_PAGE]);
    },
  };
}

/** A page's uses of schemas, recorded by usesRecorder when it was made, added again for a page taken back. */
function replayUses(usedBy: UsedBy, uses: readonly UsedBySchema[], page: UsePage): void {
  for (const [name, where, fieldHref, times = 1] of uses) for (let n = 0; n < times; n++) usedBy.add(name, page, where, fieldHref);
}

/** Where each named schema is used: per schema, one entry per page, with every field on that page. */
class UsedBy {
  private readonly bySchema = new Map<string, { pages: Map<string, ApiSchemaView['usedBy'][number]>; more: Set<string> }>();

  add(name: string, page: UsePage, where: string, fieldHref: string): void {
    let uses = this.bySchema.get(name);
    if (!uses) this.bySchema.set(name, (uses = { pages: new Map(), more: new Set() }));
    let entry = uses.pages.get(page.href);
    if (!entry) {
      // Past the pages listed, only how many more: an error schema used by every operation of a
      // large spec otherwise kept an entry per operation. Operations are made before schemas, so
      // the first pages are the ones the list shows (operations first).
      if (uses.pages.size >= USED_BY_PAGES) {
        uses.more.add(page.href);
        return;
      }
      uses.pages.set(page.href, (entry = { ...page, fields: [], moreFields: 0 }));
    }
    // A schema used all over one large page would otherwise list hundreds of fields there.
    if (entry.fields.length < USED_BY_FIELDS_PER_PAGE) entry.fields.push({ where, href: fieldHref });
    else entry.moreFields++;
  }

  /** Operations first (in spec order), then schemas; at most USED_BY_PAGES of them, and how many more there are. */
  list(name: string): { usedBy: ApiSchemaView['usedBy']; usedByMore: number } {
    const uses = this.bySchema.get(name);
    const entries = [...(uses?.pages.values() ?? [])];
    const ordered = [...entries.filter((e) => e.kind === 'operation'), ...entries.filter((e) => e.kind === 'schema')];
    return { usedBy: ordered.slice(0, USED_BY_PAGES), usedByMore: Math.max(0, ordered.length - USED_BY_PAGES) + (uses?.more.size ?? 0) };
  }
}

/** `x-tagGroups` as the landing shows them: each group's top-level tags, each followed by its nested tags; then the tags no group lists. */
function landingGroups(api: ApiModel, messages: Messages): { name: string; tags: ApiTag[] }[] {
  if (api.tagGroups.length === 0) return [];
  const roots = new Map(tagTree(api).map((n) => [n.tag.name, n]));
  const grouped = new Set(api.tagGroups.flatMap((g) => g.tags));
  const groups = api.tagGroups.map((g) => ({ name: g.name, tags: flattenTags(g.tags.flatMap((t) => roots.get(t) ?? [])) }));
  const rest = [...roots.values()].filter((n) => !grouped.has(n.tag.name));
  if (rest.length > 0) groups.push({ name: messages.apiOtherTags, tags: flattenTags(rest) });
  return groups.filter((g) => g.tags.length > 0);
}

function operationToc(view: ReturnType<typeof operationView>): TocEntry[] {
  const toc: TocEntry[] = [];
  const request: TocEntry[] = view.parameters.map((g) => ({ id: g.id ?? `${g.location}-parameters`, text: g.label, children: [] }));
  if (view.requestBody) request.push({ id: view.requestBody.id, text: 'Request body', children: [] });
  if (request.length) toc.push({ id: 'request', text: 'Request', children: request });
  // The samples come right after the request on the page (in the sidecar, templates/pages/ApiOperation.tsx).
  if (view.codeSamples.length) toc.push({ id: 'code-samples', text: 'Code samples', children: [] });
  toc.push({ id: 'responses', text: 'Responses', children: view.responses.map((r) => ({ id: r.id, text: r.status, children: [] })) });
  // Each callback, and under it each of its operations (`POST Order shipped`).
  const callbackOps = (c: OperationView['callbacks'][number]) => c.operations.map((o) => ({ id: o.id, text: `${o.method} ${o.summary || o.expression}`, children: [] }));
  if (view.callbacks.length) toc.push({ id: 'callbacks', text: 'Callbacks', children: view.callbacks.map((c) => ({ id: c.id, text: c.name, children: callbackOps(c) })) });
  return toc;
}

/**
 * What firstSentence drops: emphasis marks, underscores that are not inside a name, and a link's
 * brackets and URL (one level of parentheses in it). Spec text is untrusted: no part starts a
 * match that then scans to the end of a long text and fails, as `\[[^\]]*\]\([^)]*\)` did from
 * every `[` of `[a[a[a…` (an 800 KB description took two minutes).
 */
const MARKUP = /[`*>#]|(?<!\w)_+|(?<!_)_+(?!\w)|\[([^\][]*)\]\((?:[^()]|\([^()]*\))*\)/g;

/** A one-line description for meta tags from spec markdown: its first sentence, markup stripped (emphasis marks go, a name's underscores, `radius_m`, stay). */
export function firstSentence(markdown: string): string {
  const text = stripHtmlTags(markdown).replace(/```[\s\S]*?```/g, '').replace(/^#+\s.*$/gm, '').replace(MARKUP, '$1').replace(/\s+/g, ' ').trim();
  const m = /^(.{20,200}?[.!?])(\s|$)/.exec(text);
  return (m ? m[1] : text.slice(0, 160)).trim();
}
