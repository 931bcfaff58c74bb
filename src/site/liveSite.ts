// The site stage with a live memo (serve --watch: cache/liveMemo.ts), where the last build's
// page models are still in memory and what did not change can be kept by identity. The API
// pages are kept while the specs' models and the config are the same objects and text: they
// depend on nothing else (not on the guides), and deriving them (code samples) is most of the
// stage's time; they go where buildSite puts them, after the home page. After a spec's edit, its
// operation pages whose own inputs did not change are taken back one by one (`apiPages`:
// site/apiPagesMemo.ts), as `docsgen build` takes them from its cache. And when the guides that
// changed changed only their text (not their title, place, tags or anything else other pages show
// of them), the whole site of the last build is kept and only their own pages are made again:
// on a large site that is the difference between one page and all. The render stage then finds
// every other page unchanged by identity (cache/pageKeys.ts).
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc, GuidesResult } from '../content/loadGuides';
import type { ApiModel } from '../openapi/model';
import type { SiteLink } from '../links/check';
import type { Messages } from '../shared/messages';
import type { PageModel } from '../shared/viewModels';
import type { ApiInput } from '../build';
import { digest, type Memo } from '../cache/memo';
import { buildSite, withGuideText, type SiteResult } from './routes';
import { withApiParts } from './home';
import { findCustomPages } from './customPages';
import type { ApiPagesMemo } from './apiPagesMemo';

const SITE_STAGE = 'live-site';
const API_SITE_STAGE = 'live-api-site';

/** The last build's site and what it was made from. */
interface LastSite {
  apis: ApiModel[];
  docs: GuideDoc[];
  categories: GuidesResult['categories'];
  site: SiteResult;
  /** Each route's place in `site.pages`. */
  places: Map<string, number>;
}

/** The API pages (with the spec each came from) and the links of each spec's descriptions. */
interface ApiSite {
  models: ApiModel[];
  pages: PageModel[];
  sources: string[];
  links: SiteLink[][];
  files: SiteResult['files'];
}

/** `apiPages`: where the operation pages are taken back from after a spec's edit (site/apiPagesMemo.ts). */
export function buildSiteLive(memo: Memo, config: ResolvedConfig, guides: GuidesResult, apis: ApiInput[], messages: Messages, apiPages?: ApiPagesMemo): SiteResult {
  // The badges of what changed since the previous version are part of the API pages (a versioned site).
  // The custom pages (content/pages/*.tsx) are routes of their own: a page added, removed or retitled makes the site again.
  const key = digest(JSON.stringify([config, messages, apis.map((api) => api.changes && [api.changes.versionLabel, api.changes.changes]), findCustomPages(config).pages]));
  const last = memo.get<LastSite>(SITE_STAGE, key);
  const apiSite = memo.get<ApiSite>(API_SITE_STAGE, key);
  const models = apis.map((api) => api.model);
  const sameApis = (kept: ApiModel[] | undefined) => kept !== undefined && kept.length === models.length && kept.every((m, i) => m === models[i]);
  const textOnly = last && sameApis(last.apis) && sameModel(last.categories, guides.categories) ? textOnlyChanges(last.docs, guides.docs) : undefined;
  const keptLinks = () => apis.forEach((api, i) => api.markdown.links.push(...apiSite!.links[i]));
  let site: SiteResult;
  let places: Map<string, number> | undefined;
  if (last && textOnly && (apis.length === 0 || apiSite)) {
    // Only the changed guides' pages are looked at: reading every page's route cost a large site more than the rest of the stage.
    const pages = last.site.pages.slice();
    for (const [route, doc] of textOnly) {
      const at = last.places.get(route);
      if (at !== undefined) pages[at] = withGuideText(pages[at], doc);
    }
    site = { ...last.site, pages };
    places = last.places;
    if (apis.length > 0) keptLinks();
  } else if (apis.length > 0 && !sameApis(apiSite?.models)) {
    site = buildSite(config, guides, apis, messages, undefined, apiPages);
    const sources = new Set(apis.map((api) => api.source));
    const pages = site.pages.filter((p) => sources.has(site.sources.get(p.route)!));
    memo.set(API_SITE_STAGE, key, { models, pages, sources: pages.map((p) => site.sources.get(p.route)!), links: apis.map((api) => [...api.markdown.links]), files: site.files } satisfies ApiSite);
  } else {
    site = buildSite(config, guides, [], messages);
    if (apis.length > 0) {
      const kept = apiSite!;
      keptLinks();
      const home = site.pages.findIndex((p) => p.route === '/');
      site.pages.splice(home + 1, 0, ...kept.pages);
      // The home page shows the API's groups and its quick start: from the kept API pages.
      site.pages[home] = withApiParts(site.pages[home], kept.pages, config, messages);
      kept.pages.forEach((p, i) => site.sources.set(p.route, kept.sources[i]));
      for (const [rel, content] of kept.files) site.files.set(rel, content);
    }
  }
  // A site made again (a title, a place or a file of the guides changed) keeps the last build's
  // model of each page that came out the same: the render stage then takes its HTML by identity,
  // where a new object cost a 5,000-page site a key digested for every page (BENCHMARKS.md).
  if (!places && last) site = { ...site, pages: keptModels(last, site.pages) };
  // Its own list of pages: the build lets go of the models in its list as they are rendered.
  places ??= new Map(site.pages.map((page, i) => [page.route, i]));
  memo.set(SITE_STAGE, key, { apis: models, docs: guides.docs, categories: guides.categories, site: { ...site, pages: [...site.pages] }, places } satisfies LastSite);
  return site;
}

/** `pages`, each replaced by the last build's model of its route when that is the same. */
function keptModels(last: LastSite, pages: PageModel[]): PageModel[] {
  const proven = new Map<object, object>();
  return pages.map((page) => {
    const at = last.places.get(page.route);
    const before = at === undefined ? undefined : last.site.pages[at];
    return before !== undefined && samePage(before, page, proven) ? before : page;
  });
}

/**
 * A page model the last build made is the same as a new one, but for the `markdownHref` the
 * render stage gave it, which follows from its route and the config (both the same here).
 */
function samePage(before: PageModel, after: PageModel, proven: Map<object, object>): boolean {
  if (before === after) return true;
  const { markdownHref: _b, ...a } = before;
  const { markdownHref: _a, ...b } = after;
  return sameModel(a, b, proven);
}

/** What of a guide only its own page shows: its text. Everything else is its outline. */
const GUIDE_TEXT: ReadonlySet<string> = new Set<keyof GuideDoc>(['html', 'headings', 'links', 'body', 'bodyLineOffset']);

/** The guides whose text alone changed, by route; undefined when anything else changed. */
export function textOnlyChanges(before: GuideDoc[], after: GuideDoc[]): Map<string, GuideDoc> | undefined {
  if (before.length !== after.length) return undefined;
  const changed = new Map<string, GuideDoc>();
  for (let i = 0; i < after.length; i++) {
    const [a, b] = [before[i], after[i]];
    if (a === b) continue;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!GUIDE_TEXT.has(key) && !sameModel(a[key as keyof GuideDoc], b[key as keyof GuideDoc])) return undefined;
    }
    changed.set(b.route, b);
  }
  return changed;
}

/**
 * Deep equality of two models that trusts identity: `proven` remembers subtrees already found
 * equal, so what many share is compared once.
 */
export function sameModel(a: unknown, b: unknown, proven: Map<object, object> = new Map()): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (proven.get(b) === a) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) if (!sameModel(a[i], b[i], proven)) return false;
  } else {
    // Keys counted, not listed: a page's sidebar alone is hundreds of small objects.
    let keys = 0;
    for (const key in b) {
      keys++;
      if (!Object.hasOwn(a, key) || !sameModel((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], proven)) return false;
    }
    for (const _ in a) keys--;
    if (keys !== 0) return false;
  }
  proven.set(b, a);
  return true;
}
