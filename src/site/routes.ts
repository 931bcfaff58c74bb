// The site stage: every URL of the site with the view model its template renders. Pages are
// data here; nothing is rendered. Duplicate routes are reported under onDuplicateRoutes and
// resolved deterministically (the first source in path order wins).
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc, GuidesResult } from '../content/loadGuides';
import { byPolicy, type Diagnostic } from '../diagnostics/diagnostic';
import { withBase } from '../shared/url';
import { createExampleFiles } from '../openapi/exampleFiles';
import type { CardGroup, Crumb, PageModel, SidebarItem as ViewSidebarItem } from '../shared/viewModels';
import { buildToc } from './toc';
import { buildGuidesSidebar, firstHref, flattenSidebar, focusSidebars, sidebarTrails, type SidebarItem } from './sidebar';
import { kebabCase } from './slug';
import { defaultMessages, formatMessage, type Messages } from '../shared/messages';
import { apiPageSteps, firstSentence, unknownTags } from './apiRoutes';
import { steps, type Steps } from '../steps';
import type { ApiInput } from '../build';
import { apiConfig } from '../config/resolve';
import { labelFromDir } from '../content/discover';
import { buildHome, withApiParts } from './home';
import { storedRef, type PageStore } from './pageStore';
import type { ApiPagesMemo } from './apiPagesMemo';
import { pageHref } from '../versions/href';
import { addCustomPages } from './customPages';
import { shortDescription, shortTitle } from '../shared/titles';

export interface SiteResult {
  pages: PageModel[];
  /** Site-relative path → content of files pages link to besides pages: the wholes of capped API examples (`assets/examples/`). */
  files: Map<string, string>;
  /** Route → the source file that produced it, for error reports. */
  sources: Map<string, string>;
  diagnostics: Diagnostic[];
}

function guideToc(doc: GuideDoc) {
  return buildToc(doc.headings, doc.frontMatter.toc_min_heading_level ?? 2, doc.frontMatter.toc_max_heading_level ?? 3);
}

/**
 * A guide's page with its text (article and table of contents) taken from `doc` and all else
 * kept: serve --watch, when an edit changed nothing of the guide that other pages show.
 */
export function withGuideText(page: PageModel, doc: GuideDoc): PageModel {
  if (page.body.kind !== 'doc') throw new Error(`${page.route} is not a guide's page`);
  return { ...page, body: { ...page.body, doc: { ...page.body.doc, html: doc.html, toc: guideToc(doc) } } };
}

/**
 * The head of a page of the site: its title with the site's, its canonical URL. The title and
 * the description are written three times each (`<title>`, the meta tags, Open Graph's) and
 * quote spec names, so they are cut to a title's and a description's length (shared/titles.ts).
 */
export function pageHead(config: ResolvedConfig) {
  return (title: string, route: string, description: string, extra: Partial<PageModel['head']> = {}): PageModel['head'] => ({
    title: title === config.title ? config.title : `${shortTitle(title)} ${config.titleDelimiter} ${config.title}`,
    description: shortDescription(description),
    canonical: config.url + pageHref(config, route),
    ogType: 'website' as const,
    noindex: false,
    keywords: [],
    ...extra,
  });
}

/**
 * `messages`: the UI strings of the locale the pages are for (src/shared/messages.ts; English by default).
 * `store`: where the API operation and schema pages' bodies go as soon as each is made (a full
 * build's bounded memory: site/pageStore.ts); without one, every page stays in memory.
 */
export function buildSite(...args: Parameters<typeof siteSteps>): SiteResult {
  return steps(siteSteps(...args));
}

/** buildSite as steps: it yields between the API pages it makes (steps.ts). */
export function* siteSteps(config: ResolvedConfig, guides: GuidesResult, apis: readonly ApiInput[] = [], messages: Messages = defaultMessages, store?: PageStore, apiMemo?: ApiPagesMemo): Steps<SiteResult> {
  const href = (route: string) => pageHref(config, route);
  const head = pageHead(config);
  const diagnostics: Diagnostic[] = [];
  const all = dedupe(guides.docs, config, diagnostics);
  const docs = all.filter((d) => !d.standalone);
  const tree = buildGuidesSidebar(docs, guides.categories);
  const sidebar = withHrefs(tree, href);
  const order = flattenSidebar(tree);
  const orderIndex = new Map(order.map((o, i) => [o.route, i]));
  const trails = sidebarTrails(tree);
  // A site has a few dozen tags, each on hundreds of guides: each slug is made once.
  const tagRoutes = new Map<string, string>();
  const tagRoute = (tag: string) => {
    let route = tagRoutes.get(tag);
    if (route === undefined) tagRoutes.set(tag, (route = `/guides/tags/${kebabCase(tag)}`));
    return route;
  };
  const guidesHome = order[0]?.route ?? '/guides';
  const guidesCrumb: Crumb = { label: messages.guides, href: href('/guides') };

  const pages: PageModel[] = [];
  const sources = new Map<string, string>();

  for (const doc of docs) {
    const i = orderIndex.get(doc.route) ?? -1;
    const trail = trails.get(doc.route) ?? doc.dirs.map(labelFromDir);
    const toc = guideToc(doc);
    sources.set(doc.route, doc.file);
    pages.push({
      route: doc.route,
      head: head(doc.title, doc.route, doc.description, { ogType: 'article', noindex: doc.unlisted, keywords: doc.keywords }),
      section: 'guides',
      sidebar: doc.hideSidebar ? undefined : sidebar,
      body: {
        kind: 'doc',
        doc: {
          title: doc.title,
          html: doc.html,
          toc,
          breadcrumbs: [guidesCrumb, ...trail.map((label) => ({ label })), { label: doc.sidebarLabel }],
          previous: i > 0 ? { label: order[i - 1].label, href: href(order[i - 1].route) } : undefined,
          next: i >= 0 && i < order.length - 1 ? { label: order[i + 1].label, href: href(order[i + 1].route) } : undefined,
          tags: doc.tags.map((t) => ({ label: t, href: href(tagRoute(t)) })),
          banner: doc.draft ? 'draft' : doc.unlisted ? 'unlisted' : undefined,
        },
      },
    });
  }

  // Standalone pages (content/pages/*.md): the shell and the page, nothing of the guides around it.
  for (const doc of all.filter((d) => d.standalone)) {
    sources.set(doc.route, doc.file);
    pages.push({
      route: doc.route,
      head: head(doc.title, doc.route, doc.description, { noindex: doc.unlisted, keywords: doc.keywords }),
      section: 'other',
      body: { kind: 'doc', doc: { title: doc.title, html: doc.html, toc: guideToc(doc), breadcrumbs: [], tags: [], banner: doc.draft ? 'draft' : doc.unlisted ? 'unlisted' : undefined } },
    });
  }

  // Guides landing: one card group per top-level category.
  const listed = docs.filter((d) => !d.unlisted);
  const byRoute = new Map(listed.map((d) => [d.route, d]));
  const groups: CardGroup[] = tree.map((item) => ({
    label: item.label,
    items: flattenSidebar(item.type === 'category' ? item.items : [item]).map((l) => ({
      label: l.label,
      href: href(l.route),
      description: byRoute.get(l.route)?.description ?? '',
    })),
  }));
  // On a site of API reference only, the guides' landing and tags' list are empty: they are still
  // made (a config may link to /guides before the first guide is written), but kept out of the
  // sitemap, search engines and the Markdown copies.
  const hasGuides = docs.length > 0;
  pages.push({
    route: '/guides',
    head: head(messages.guides, '/guides', formatMessage(messages.guidesDescription, { site: config.title, groups: groups.map((g) => g.label).join(', ') }), { noindex: !hasGuides }),
    section: 'guides',
    sidebar,
    body: { kind: 'sectionIndex', title: messages.guides, intro: messages.guidesIntro, groups, breadcrumbs: [] },
  });

  // Tags: only listed guides count.
  const tagged = new Map<string, GuideDoc[]>();
  for (const doc of listed) {
    for (const tag of doc.tags) {
      const list = tagged.get(tag);
      if (list) list.push(doc);
      else tagged.set(tag, [doc]);
    }
  }
  const tags = [...tagged.keys()].sort((a, b) => a.localeCompare(b));
  pages.push({
    route: '/guides/tags',
    head: head(messages.tagsTitle, '/guides/tags', messages.tagsDescription, { noindex: !hasGuides }),
    section: 'guides',
    sidebar,
    body: { kind: 'tagsList', title: messages.tagsTitle, tags: tags.map((t) => ({ label: t, href: href(tagRoute(t)), count: tagged.get(t)!.length })), breadcrumbs: [guidesCrumb, { label: messages.tagsTitle }] },
  });
  for (const tag of tags) {
    const list = tagged.get(tag)!;
    const title = formatMessage(list.length === 1 ? messages.taggedOne : messages.taggedOther, { count: String(list.length), tag });
    pages.push({
      route: tagRoute(tag),
      head: head(title, tagRoute(tag), formatMessage(messages.taggedDescription, { tag })),
      section: 'guides',
      sidebar,
      body: {
        kind: 'tagDocs',
        title,
        tag,
        allTagsHref: href('/guides/tags'),
        docs: list.map((d) => ({ label: d.title, href: href(d.route), description: d.description })),
        breadcrumbs: [guidesCrumb, { label: messages.tagsTitle, href: href('/guides/tags') }, { label: tag }],
      },
    });
  }

  // A site with one API has its landing at that API's route (`/api` unless configured). The
  // config names the APIs also when serve --watch builds the site without them (src/build.ts).
  const apiSettings = apis.length > 0 ? apis.map((api) => api.settings) : config.apis;
  const apiHome = apiSettings.length === 1 ? apiSettings[0].route : '/api';
  // The home page; its API parts are filled in once the API pages are made (site/home.ts).
  const homeIndex = pages.length;
  pages.push({
    route: '/',
    head: head(config.title, '/', config.tagline ? `${config.title}: ${config.tagline}` : config.title),
    section: 'home',
    body: { kind: 'home', home: buildHome(config, messages, { href, guidesHref: href(guidesHome), apiHref: href(apiHome), guideGroups: groups }) },
  });
  const examples = createExampleFiles({ href: (file) => withBase(config.baseUrl, `/${file}`), url: (file) => config.url + withBase(config.baseUrl, `/${file}`) });
  if (apis.length > 1) pages.push(apiList(apis, href, head, messages));
  // With a build cache, the API pages of the build that filled it when the specs and the config are the same (site/apiPagesMemo.ts).
  const restored = apiMemo?.restore(examples.files);
  const apiPages: PageModel[][] = [];
  for (const [i, api] of apis.entries()) {
    const own = apiConfig(config, api.settings);
    // No spec link rendered yet: no body can hold one, and its bytes need no search (pageStore.ts).
    const keep = store ? (page: PageModel) => store.put(page, i, { links: api.markdown.links.length === 0 ? false : undefined }) : undefined;
    const built = restored?.[i] ?? (yield* apiPageSteps(own, api.model, api.document, api.markdown, head, examples, messages, keep, api.changes, apiMemo?.reuse(i, api.document, examples)));
    for (const page of built) {
      pages.push(page);
      sources.set(page.route, api.source);
    }
    diagnostics.push(...unknownTags(own, api.model));
    apiPages.push(built);
  }
  if (apiMemo && !restored && apis.length > 0) apiMemo.keep(apiPages, examples.files);
  // The landing of several APIs is theirs: serve --watch's memo keeps it with their pages (site/liveSite.ts).
  if (apis.length > 1) sources.set('/api', apis[0].source);
  pages[homeIndex] = withApiParts(pages[homeIndex], apiPages.flat(), config, messages);
  // The project's own pages, content/pages/*.tsx (src/site/customPages.ts); an older version's site has none of its own.
  if (config.versionSegment === '') addCustomPages(config, head, pages, sources, diagnostics);
  pages.push({
    route: '/search',
    head: head(messages.searchTitle, '/search', formatMessage(messages.searchDescription, { site: config.title }), { noindex: true }),
    section: 'other',
    body: { kind: 'search', actionHref: href('/search') },
  });
  pages.push({
    route: '/404',
    head: head(messages.notFoundTitle, '/404', messages.notFoundDescription, { noindex: true }),
    section: 'other',
    body: { kind: 'notFound', homeHref: href('/'), guidesHref: href(guidesHome), apiHref: apiSettings.length > 0 ? href(apiHome) : undefined },
  });
  for (const p of pages) if (!sources.has(p.route)) sources.set(p.route, config.configFile);
  // On large sites each page carries only its own branch of the sidebar (see focusSidebars).
  // API categories land on the page listing them (a tag's page, the schema index), others on their first link.
  const apiLandings = new Map<string, string>();
  for (const p of pages) {
    if (storedRef(p)) continue;
    if (p.body.kind === 'apiTag') apiLandings.set(p.body.tag.name, p.body.tag.href);
    else if (p.body.kind === 'apiSchemaIndex') apiLandings.set(p.body.title, href(p.route));
  }
  // Each focused sidebar's tree (the file its collapsed categories expand from) is written once;
  // an older version's files go beside the latest's (build.ts), so its trees carry its segment.
  const treeName = (nth: number) => `sidebar-tree-${config.versionSegment ? `${config.versionSegment}-` : ''}${nth}.json`;
  const trees = focusSidebars(pages, href, (category, section) => (section === 'api' ? apiLandings.get(category.label) : undefined) ?? firstHref(category.items), undefined, (file) => withBase(config.baseUrl, `/${file}`), treeName);
  for (const [file, json] of trees) examples.files.set(file, json);
  // Every route exists now: the spec text's relative links are settled (src/openapi/markdown.ts).
  const targets = { routes: new Set(pages.map((p) => p.route)), files: new Set(['/sitemap.xml', ...[...guides.assets.keys(), ...examples.files.keys()].map((f) => `/${f}`)]) };
  apis.forEach((api, i) => {
    diagnostics.push(...api.markdown.settle(apiPages[i].filter((p) => !storedRef(p) && !apiMemo?.showsNoLinks?.(p)), targets));
    if (store) store.settled[i] = api.markdown.settled();
  });
  return { pages, files: examples.files, sources, diagnostics };
}

/** Keeps the first guide per route (sources are in path order) and reports the others. */
function dedupe(docs: GuideDoc[], config: ResolvedConfig, diagnostics: Diagnostic[]): GuideDoc[] {
  const reserved = new Set(['/guides', '/guides/tags']);
  const seen = new Map<string, GuideDoc>();
  const kept: GuideDoc[] = [];
  for (const doc of docs) {
    const first = seen.get(doc.route);
    if (first || reserved.has(doc.route) || doc.route.startsWith('/guides/tags/')) {
      const other = first ? path.relative(config.root, first.file) : 'a generated page';
      diagnostics.push(
        ...byPolicy(config.onDuplicateRoutes, 'duplicate-route', `The route ${doc.route} is produced by both ${other} and this file; this file is left out.`, {
          location: { file: doc.file },
          hint: 'Give one of them a different file name or a `slug` in its front matter.',
        }),
      );
      continue;
    }
    seen.set(doc.route, doc);
    kept.push(doc);
  }
  return kept;
}

function withHrefs(items: SidebarItem[], href: (route: string) => string): ViewSidebarItem[] {
  return items.map((item) => (item.type === 'link' ? { ...item, href: href(item.route) } : { ...item, items: withHrefs(item.items, href) }));
}

/** `/api` of a site with several APIs: a card per API, linking to its own landing. */
function apiList(apis: readonly ApiInput[], href: (route: string) => string, head: (title: string, route: string, description: string) => PageModel['head'], messages: Messages): PageModel {
  const cards = apis.map((api) => ({ label: apiLabel(api), href: href(api.settings.route), description: api.model.summary || firstSentence(api.model.description) }));
  return {
    route: '/api',
    head: head(messages.apiReference, '/api', cards.map((c) => c.label).join(', ')),
    section: 'api',
    sidebar: apis.map((api, i): ViewSidebarItem => ({ type: 'link', label: cards[i].label, route: api.settings.route, href: cards[i].href })),
    body: { kind: 'sectionIndex', title: messages.apiReference, intro: '', groups: [{ label: '', items: cards }], breadcrumbs: [] },
  };
}

/** What an API is called in the landing, its sidebar and its breadcrumbs: its configured label, else its spec's title. */
export function apiLabel(api: Pick<ApiInput, 'settings' | 'model'>): string {
  return api.settings.label || api.model.title;
}
