// Which pages get a Markdown copy, where it is written, and what it says. The copy is a file
// beside the page's HTML whose name is the page's URL path plus `.md` (`/guides/a` →
// `guides/a.md`, `/guides/2025-06/a` → `guides/2025-06/a.md`): the same whether the HTML is
// `a/index.html` or `a.html` (trailingSlash true, false or unset).
import type { PageModel, SidebarItem, SiteModel } from '../shared/viewModels';
import { pageKind } from '../site/pageStore';
import { changelogMarkdown, operationMarkdown, overviewMarkdown, schemaPageMarkdown, tagMarkdown, type MarkdownCopy } from './apiMarkdown';
import { originOf } from './guideMarkdown';
import { apiIndexMarkdown, homeMarkdown, schemaIndexMarkdown, sectionIndexMarkdown, tagDocsMarkdown, tagsListMarkdown } from './indexMarkdown';

/** The page kinds whose copy llms.txt lists (and llms-full.txt holds): guides and the API's pages. */
const CONTENT_KINDS = new Set(['doc', 'apiOverview', 'apiTag', 'apiOperation', 'apiSchema', 'apiChangelog']);
/** Pages that list other pages (the home page, landings, tag pages, the schemas' index): they have a copy too, not listed (llms.txt lists what they do). */
const INDEX_KINDS = new Set(['home', 'sectionIndex', 'tagsList', 'tagDocs', 'apiIndex', 'apiSchemaIndex']);

/** Whether llms.txt lists the page's copy: not a page that only lists others. */
export function listedInLlms(page: PageModel): boolean {
  return CONTENT_KINDS.has(pageKind(page));
}

/** A route prefix (`/guides`: itself and everything under it) or a glob (`*` within a segment, `**` across). */
export function routeMatches(route: string, pattern: string): boolean {
  return routeMatcher(pattern)(route);
}

function routeMatcher(pattern: string): (route: string) => boolean {
  if (!/[*?]/.test(pattern)) {
    const prefix = pattern.replace(/\/+$/, '');
    return (route) => prefix === '' || route === prefix || route.startsWith(`${prefix}/`);
  }
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*|\*|\?/g, (m) => (m === '**' ? '.*' : m === '*' ? '[^/]*' : '[^/]'));
  const re = new RegExp(`^${source}$`);
  return (route) => re.test(route);
}

/** The config's `llms` selection as one test, made once per selection: serve --watch asks it of every page on every save. */
const selections = new WeakMap<NonNullable<SiteModel['markdown']>, (route: string) => boolean>();

/** Whether the config's `llms` selection (`include`, `exclude`) takes a route. */
export function selects(selected: NonNullable<SiteModel['markdown']>): (route: string) => boolean {
  let test = selections.get(selected);
  if (!test) {
    const include = selected.include.map(routeMatcher);
    const exclude = selected.exclude.map(routeMatcher);
    test = (route) => include.some((matches) => matches(route)) && !exclude.some((matches) => matches(route));
    selections.set(selected, test);
  }
  return test;
}

/** Whether a page gets a Markdown copy: the config's `llms` includes it, and it is neither unlisted nor a draft. */
export function wantsMarkdown(site: Pick<SiteModel, 'markdown'>, page: PageModel): boolean {
  const selected = site.markdown;
  if (!selected || page.head.noindex || page.route === '/404') return false;
  const kind = pageKind(page);
  if (!CONTENT_KINDS.has(kind) && !INDEX_KINDS.has(kind)) return false;
  if (kind === 'doc' && page.body.kind === 'doc' && page.body.doc.banner !== undefined) return false;
  return selects(selected)(page.route);
}

/** `guides/a/index.html` or `guides/a.html` → `guides/a.md`; `index.html` → `index.md`. */
export function markdownFileOf(htmlFile: string): string {
  if (htmlFile === 'index.html') return 'index.md';
  return htmlFile.replace(/\/index\.html$|\.html$/, '') + '.md';
}

/** The `.md` file's URL path (`markdownFile`: its path in the output), from the site's base URL. */
export function markdownHrefOf(baseUrl: string, markdownFile: string): string {
  return baseUrl.replace(/\/?$/, '/') + markdownFile;
}

/**
 * A page's Markdown copy, made from its model (undefined for a guide: its copy is made from its
 * source, see siteMarkdown.ts). Links become absolute URLs: a site path under the page's origin, an
 * `#anchor` under the page's own URL.
 */
export function pageMarkdown(page: PageModel): MarkdownCopy | undefined {
  const body = page.body;
  if (body.kind === 'apiOperation') return operationMarkdown(body.operation, { resolve: copyLinks(page.head.canonical) });
  if (body.kind === 'apiSchema') return schemaPageMarkdown(body.schema, { resolve: copyLinks(page.head.canonical) });
  const text = listingMarkdown(page);
  return text === undefined ? undefined : { text };
}

function listingMarkdown(page: PageModel): string | undefined {
  const resolve = copyLinks(page.head.canonical);
  const body = page.body;
  if (body.kind === 'apiOverview') return overviewMarkdown(body.overview, { resolve });
  if (body.kind === 'apiTag') return tagMarkdown(body.tag, { resolve });
  if (body.kind === 'home') return homeMarkdown(body.home, { resolve });
  if (body.kind === 'sectionIndex') return sectionIndexMarkdown(body, { resolve });
  if (body.kind === 'tagsList') return tagsListMarkdown(body, { resolve });
  if (body.kind === 'tagDocs') return tagDocsMarkdown(body, { resolve });
  if (body.kind === 'apiIndex') return apiIndexMarkdown(body.api, { resolve });
  if (body.kind === 'apiSchemaIndex') return schemaIndexMarkdown(body, { resolve });
  if (body.kind === 'apiChangelog') return changelogMarkdown(body.breadcrumbs.at(-1)?.label ?? '', body.changelog, body.toc, { resolve });
  return undefined;
}

/**
 * How the copy of the page at `pageUrl` writes a link. Only an `#anchor` depends on the page
 * itself; the rest depends on its origin alone (site/appendixMarkdown.ts shares texts by origin).
 */
export function copyLinks(pageUrl: string): (href: string) => string {
  const origin = originOf(pageUrl);
  return (href) => (href.startsWith('#') ? pageUrl + href : href.startsWith('/') ? origin + href : href);
}

/** Distinct sidebars read for the order (large sites give each page a focused one: the first few tell the order of the rest's sections). */
const SIDEBARS_READ = 20;

/**
 * Each route's place in the sidebars (the guides' and each API's, in the order their pages
 * come): llms.txt lists pages in that order. Routes no sidebar shows (a collapsed category's)
 * have none and keep the pages' order after those that do.
 */
export function sidebarOrder(sidebars: readonly SidebarItem[][]): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'link') {
        if (!order.has(item.route)) order.set(item.route, order.size);
      } else walk(item.items);
    }
  };
  for (const sidebar of sidebars) walk(sidebar);
  return order;
}

/** The sidebars the order is read from, in order: the same arrays give the same order. */
export function orderSidebars(pages: readonly PageModel[]): SidebarItem[][] {
  const read = new Set<SidebarItem[]>();
  for (const page of pages) {
    if (read.size >= SIDEBARS_READ) break;
    if (page?.sidebar) read.add(page.sidebar);
  }
  return [...read];
}
