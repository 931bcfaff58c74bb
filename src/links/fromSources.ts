// `check-links` from sources: the config, content, openapi and site stages, then the link
// check, with no render, no island bundling and nothing written. Anchors come from the guides'
// own HTML; only a page a link needs an anchor of that is not found there is rendered (API
// field anchors, ids added by templates), so the common case renders nothing at all. What the
// API reference contributes is cached between runs (apiCache.ts) while the spec is unchanged.
import type { ApiInput } from '../build';
import { apiConfig } from '../config/resolve';
import { loadConfig } from '../config/load';
import type { ResolvedConfig } from '../config/types';
import path from 'node:path';
import { engineDigest } from '../cache/engine';
import { openDiskMemo, type DiskMemo } from '../cache/diskMemo';
import { loadGuidesWithMemo } from '../content/guideMemo';
import { DocsgenError, hasErrors, type Diagnostic } from '../diagnostics/diagnostic';
import { siteVersions } from '../versions/resolve';
import { versionSections } from '../versions/href';
import { createMemoryLogger } from '../diagnostics/logger';
import { themeStaticFiles } from '../render/styles';
import type { PageModel, SidebarItem } from '../shared/viewModels';
import { routeToFile, versionedRoute } from '../shared/url';
import { buildSite, type SiteResult } from '../site/routes';
import { resolveTypedLinks, typedLinkResolver, typedTargets, type TypedLinkResolver } from '../site/typedLinks';
import { typedLinkKey, type TypedTarget } from '../content/typedLinks';
import { apiCacheKey, readApiCache, specTexts, writeApiCache, type ApiPart } from './apiCache';
import { checkLinks, type LinkDiagnostic, type LinkTargets, type SiteLink } from './check';
import { collectAllLinks, type ExternalLink } from './collect';
import { scanHtml } from './html';
import { linesOf, locateSpecLink, specFileText } from './specLocation';
import { checkLocaleLinks } from '../i18n/checkLocales';
import { SPEC_LINK_BASE } from '../openapi/markdown';
import { parseSpec } from '../openapi/load';
import type { CheckLinksOptions, LinkReport } from './types';

export async function checkSources(options: CheckLinksOptions): Promise<LinkReport & { external: ExternalLink[] }> {
  const loaded = await loadConfig(options);
  // Each version's guides and spec, as a site of its own (src/versions/): the latest first.
  const { versions, diagnostics: problems } = siteVersions({ ...loaded.config, ...definedOnly(options.policies ?? {}) });
  if (hasErrors(problems)) return { diagnostics: problems, pages: 0, links: 0, external: [] };
  const latest = versions.find((v) => v.isLatest)!;
  // The guides as the last run rendered them, in a cache of check-links' own (the build's renders
  // highlight code, which a check does not): only the guides whose text changed are rendered.
  // A cache that cannot be used costs only the time; it is not worth a line of a hook's output.
  const memo = openDiskMemo(path.join(loaded.config.root, '.docsgen', 'check-links', 'guides'), engineDigest(), createMemoryLogger());
  // The older versions first: the latest's guides may link to their pages (`/guides/2025-06/…`).
  const older = [];
  for (const version of versions) {
    if (version !== latest) older.push(await checkVersionSources(version.config, { ...options, specSource: undefined }, false, undefined, memo));
  }
  const elsewhere = { routes: new Set(older.flatMap((r) => r.pageRoutes)), ids: new Map(older.flatMap((r) => [...r.pageIds])) };
  const report = await checkVersionSources(latest.config, options, true, elsewhere, memo);
  memo?.finish(createMemoryLogger());
  for (const own of older) {
    report.diagnostics.push(...own.diagnostics);
    report.pages += own.pages;
    report.links += own.links;
    report.external.push(...own.external);
  }
  return report;
}

/**
 * `isLatest`: the version whose config links (navbar, footer, announcement) and locales are
 * checked. `elsewhere`: the other versions' pages, at their URLs, with the ids known of them.
 * Returns this version's pages at their URLs too (`pageRoutes`, and `pageIds` where known).
 */
async function checkVersionSources(config: ResolvedConfig, options: CheckLinksOptions, isLatest: boolean, elsewhere: { routes: Set<string>; ids: Map<string, Set<string>> } | undefined, memo: DiskMemo | undefined): Promise<LinkReport & { external: ExternalLink[]; pageRoutes: string[]; pageIds: Map<string, Set<string>> }> {
  const diagnostics: Diagnostic[] = [];
  // Code is not highlighted: only links and ids are read, and highlighting is most of the cost.
  const guides = loadGuidesWithMemo(memo, config, { highlight: false });
  // Without the content folder every link to a guide is broken: say why, and nothing else.
  const missing = guides.diagnostics.find((d) => d.code === 'content-dir-missing' && d.severity === 'error');
  if (missing) return { diagnostics: [missing], pages: 0, links: 0, external: [], pageRoutes: [], pageIds: new Map() };
  diagnostics.push(...guides.diagnostics.map((d) => (d.code === 'broken-markdown-link' ? markdownLinkProblem(d) : d)));

  // The API part: from the cache when the spec and everything else it depends on is unchanged.
  let specs: Awaited<ReturnType<typeof specTexts>>;
  try {
    specs = options.specSource ? undefined : await specTexts(config);
  } catch (e) {
    // A spec URL that cannot be fetched: said as the build says it, and nothing else.
    if (e instanceof DocsgenError) return { diagnostics: e.diagnostics, pages: 0, links: 0, external: [], pageRoutes: [], pageIds: new Map() };
    throw e;
  }
  const key = specs && apiCacheKey(config, specs.text, options.strict ?? false);
  const kept = key ? readApiCache(config, key) : { ids: {} };
  let apiPart = kept.part;
  let full: { site: SiteResult; apis: ApiInput[] } | undefined;
  const fullSite = async () => {
    if (full) return full;
    if (config.apis.length === 0) return (full = { site: buildSite(config, guides), apis: [] });
    // Imported here: a run whose API part is cached never loads the spec parser at all.
    const { openapiStage } = await import('../build');
    // Not validated against the OpenAPI schema (`docsgen build` does that): in a worker thread it
    // took as long as the rest of a cold run. A spec that cannot be read or modelled is reported.
    const results = [];
    for (const api of config.apis) {
      const fetched = specs?.fetched.get(api.spec);
      const specSource = config.apis.length === 1 && options.specSource ? options.specSource : fetched !== undefined ? { source: api.spec, text: fetched, document: parseSpec(fetched, api.spec) } : undefined;
      results.push(await openapiStage(apiConfig(config, api), { strict: options.strict, specSource, validator: false }));
    }
    const apis = results.map((r) => r.api!);
    const validated = Promise.all(results.map((r) => r.validated)).then((lists) => lists.flat());
    let site: SiteResult;
    try {
      site = buildSite(config, guides, apis);
    } catch (e) {
      await validated; // validation ran beside buildSite: an invalid spec explains the failure
      throw e;
    }
    const specDiagnostics = await validated;
    apiPart ??= extractApiPart(key ?? '', site, apis, specDiagnostics, config);
    return (full = { site, apis });
  };
  let site: SiteResult;
  if (config.apis.length > 0 && !apiPart) {
    try {
      site = (await fullSite()).site;
    } catch (e) {
      // Without its spec the API routes are unknown and every link to them would be reported:
      // report why the spec failed instead, and nothing else.
      if (e instanceof DocsgenError) return { diagnostics: e.diagnostics, pages: 0, links: 0, external: [], pageRoutes: [], pageIds: new Map() };
      throw e;
    }
    if (key) writeApiCache(config, apiPart!);
  } else {
    site = buildSite(config, guides);
  }
  const apiRoutes = new Set(apiPart?.routes.map(([route]) => route));
  const guidePages = site.pages.filter((p) => p.route !== '/404' && !apiRoutes.has(p.route));
  diagnostics.push(...(apiPart?.diagnostics ?? []));
  // The warning about a spec's inferred link base belongs to the API part (cached with it).
  diagnostics.push(...site.diagnostics.filter((d) => d.code !== SPEC_LINK_BASE).map((d) => (d.code === 'duplicate-route' ? { ...d, target: /route (\S+)/.exec(d.text)?.[1], reason: 'two sources for one route' } : d)));

  // Typed links into the reference (`op:searchBoundaries`) are resolved against the API models;
  // a run whose API part is cached answers from it, and reads the spec only for a link it lacks.
  const known = apiPart?.typed ?? {};
  let added = false;
  let live: TypedLinkResolver | undefined;
  const typedLinks = async (wanted: TypedTarget[]): Promise<TypedLinkResolver> => {
    if (!live && !wanted.every((target) => typedLinkKey(target) in known)) live = typedLinkResolver(config, config.apis.length > 0 ? (await fullSite()).apis : []);
    return (target) => (known[typedLinkKey(target)] ??= ((added = true), live!(target)));
  };
  let docs = guides.docs;
  const wanted = typedTargets(guides);
  if (wanted.length > 0) {
    let resolve: TypedLinkResolver;
    try {
      resolve = await typedLinks(wanted);
    } catch (e) {
      if (e instanceof DocsgenError) return { diagnostics: e.diagnostics, pages: 0, links: 0, external: [], pageRoutes: [], pageIds: new Map() };
      throw e;
    }
    const typed = resolveTypedLinks(config, guides, resolve);
    diagnostics.push(...typed.diagnostics);
    docs = typed.guides.docs;
  }
  const collected = collectAllLinks(config, docs, { external: !!options.external });
  const fromConfig = (l: { location: { file: string } }) => !isLatest && l.location.file === config.configFile;
  const links = collected.links.filter((l) => !fromConfig(l));
  const external = collected.external.filter((l) => !fromConfig(l));
  links.push(...sidebarLinks(guidePages, site.sources, config), ...(apiPart?.links ?? []));

  const routes = new Set([...guidePages.map((p) => p.route), ...apiRoutes, ...(elsewhere?.routes ?? [])]);
  const files = new Set<string>(['/404.html', '/sitemap.xml']);
  for (const p of guidePages) files.add(`/${routeToFile(p.route, config.trailingSlash)}`);
  for (const [, file] of apiPart?.routes ?? []) files.add(`/${file}`);
  for (const file of apiPart?.files ?? []) files.add(`/${file}`);
  for (const rel of guides.assets.keys()) files.add(`/${rel}`);
  for (const rel of themeStaticFiles().keys()) files.add(`/${rel}`);

  // Pass 1 with the anchors at hand (guide HTML, cached API ids); note which pages lacked one.
  const quick = new Map<string, Set<string>>([...(elsewhere?.ids ?? []), ...guides.docs.map((d): [string, Set<string>] => [d.route, scanHtml(d.html).ids])]);
  for (const [route, page] of Object.entries(apiPart?.ids ?? {})) quick.set(route, new Set(page.ids));
  const misses = new Set<string>();
  // Another version's page whose ids this check does not have (an API page it did not render): not reported.
  const unknown = (route: string) => elsewhere !== undefined && elsewhere.routes.has(route) && !elsewhere.ids.has(route);
  const probe: LinkTargets['anchors'] = { get: (route) => ({ has: (id) => quick.get(route)?.has(id) || unknown(route) || (misses.add(route), false) }) };
  let linkDiagnostics = checkLinks(links, { routes, files, anchors: probe }, config);
  if (misses.size > 0 && config.onBrokenAnchors !== 'ignore') {
    const needsApi = [...misses].some((r) => apiRoutes.has(r));
    const from = needsApi ? (await fullSite()).site : site;
    const renderer = await idRenderer(config, from.sources);
    const found = new Map<string, Set<string>>();
    const toRender: PageModel[] = [];
    for (const page of from.pages) {
      if (!misses.has(page.route)) continue;
      // An API page's ids from an earlier run whose spec differed, if this page came out the same.
      const earlier = apiRoutes.has(page.route) ? kept.ids[page.route] : undefined;
      if (earlier && typeof earlier.key === 'string' && Array.isArray(earlier.ids) && earlier.key === renderer.keyOf(page)) found.set(page.route, new Set(earlier.ids));
      else toRender.push(page);
    }
    for (const [route, ids] of await renderer.render(toRender)) found.set(route, ids);
    for (const [route, ids] of found) quick.set(route, new Set([...(quick.get(route) ?? []), ...ids]));
    const anchors = { get: (route: string) => (unknown(route) ? { has: () => true } : quick.get(route)) };
    linkDiagnostics = checkLinks(links, { routes, files, anchors }, config);
    if (needsApi && key && apiPart) {
      for (const page of from.pages) {
        const ids = apiRoutes.has(page.route) && found.get(page.route);
        if (ids) apiPart.ids[page.route] = { key: renderer.keyOf(page), ids: [...ids] };
      }
      writeApiCache(config, apiPart);
    }
  }
  // Every other locale's guides, under its own base URL (src/i18n/checkLocales.ts).
  if (isLatest) {
    try {
      linkDiagnostics.push(...(await checkLocaleLinks(config, { routes, files, anchors: quick }, linkDiagnostics, { typedLinks })));
    } catch (e) {
      if (e instanceof DocsgenError) return { diagnostics: e.diagnostics, pages: 0, links: 0, external: [], pageRoutes: [], pageIds: new Map() };
      throw e;
    }
  }
  if (key && apiPart && added) {
    apiPart.typed = known;
    writeApiCache(config, apiPart);
  }
  const own = [...routes].filter((route) => !elsewhere?.routes.has(route));
  const pageIds = new Map(own.flatMap((route): [string, Set<string>][] => (quick.has(route) ? [[versionedRoute(route, config.versionSegment, versionSections(config)), quick.get(route)!]] : [])));
  const pageRoutes = own.map((route) => versionedRoute(route, config.versionSegment, versionSections(config)));
  return { diagnostics: [...diagnostics, ...linkDiagnostics], pages: own.length, links: links.length, external, pageRoutes, pageIds };
}

/** The APIs' share of a full site: their routes, spec and sidebar links, and warnings. */
function extractApiPart(key: string, site: SiteResult, apis: ApiInput[], diagnostics: Diagnostic[], config: ResolvedConfig): ApiPart {
  const sources = new Set(apis.map((api) => api.source));
  const pages = site.pages.filter((p) => sources.has(site.sources.get(p.route)!));
  return {
    key,
    routes: pages.map((p) => [p.route, routeToFile(p.route, config.trailingSlash)]),
    files: apis.flatMap((api) => (api.specCopy ? [api.specCopy.file] : [])),
    links: [...apis.flatMap(specLinks), ...sidebarLinks(pages, site.sources, config)],
    diagnostics: [...diagnostics, ...site.diagnostics.filter((d) => d.code === SPEC_LINK_BASE)],
    ids: {},
  };
}

/**
 * Renders pages with the real templates (React is loaded only now) to learn their ids, and gives
 * each page's key: what its HTML is made from (cache/pageKeys.ts), under which its ids are kept.
 */
async function idRenderer(config: ResolvedConfig, sources: Map<string, string>): Promise<{ keyOf: (page: PageModel) => string; render: (pages: PageModel[]) => Promise<Map<string, Set<string>>> }> {
  const [{ buildSiteModel }, { buildStylesheet }, { siteCodeForChecks }, { pageKeys }] = await Promise.all([import('../render/siteModel'), import('../render/styles'), import('../theme/siteCode'), import('../cache/pageKeys')]);
  const siteModel = buildSiteModel(config, buildStylesheet().path);
  // A project's overrides and custom pages render with its compiled templates (src/theme/), as in the build.
  const assets = await siteCodeForChecks(config, createMemoryLogger());
  return {
    // No island is bundled for a check: the built-in templates' pages are keyed without them.
    keyOf: pageKeys(siteModel, assets ?? { runtime: '', islands: {} }),
    // React and the templates load only when a page is rendered: after most edits, every id is kept.
    async render(pages) {
      if (pages.length === 0) return new Map();
      const { renderPages } = await import('../render/renderPages');
      return new Map(renderPages(siteModel, pages, { logger: createMemoryLogger(), sources, assets }).map((p) => [p.route, scanHtml(p.html).ids]));
    },
  };
}

/** Links in spec descriptions, with the line in the spec file where the text can be found. */
function specLinks(api: ApiInput): SiteLink[] {
  // The text the build read (a pipe given as --spec cannot be read twice); a bundled spec's lines are in its files.
  const spec = api.text !== undefined ? linesOf(api.text) : specFileText(api.source);
  // Links made external against the spec's link base are not checked (nor cached).
  return api.markdown.links.filter((link) => link.external === undefined).map((link) => ({ ...link, location: locateSpecLink(link, spec) }));
}

/** Sidebar links as emitted, once per distinct sidebar; a broken one is reported at its page's source. */
function sidebarLinks(pages: PageModel[], sources: Map<string, string>, config: ResolvedConfig): SiteLink[] {
  const seen = new Set<SidebarItem[]>();
  const links: SiteLink[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'category') walk(item.items);
      // An older version's hrefs carry its segment (`/guides/1.0/a`); its routes do not: checked by route.
      else if (config.versionSegment) links.push({ location: { file: sources.get(item.route) ?? config.configFile }, route: item.route, hash: '', raw: item.href });
      else links.push({ location: { file: sources.get(item.route) ?? config.configFile }, route: '', hash: '', raw: item.href, emittedFrom: config.baseUrl });
    }
  };
  for (const page of pages) {
    if (!page.sidebar || seen.has(page.sidebar)) continue;
    seen.add(page.sidebar);
    walk(page.sidebar);
  }
  return links;
}

/** A broken `.md` link as a link problem: its target and a short reason (the content stage found its line and column). */
function markdownLinkProblem(d: Diagnostic): LinkDiagnostic {
  const target = /"([^"]+)"/.exec(d.text)?.[1];
  return { ...d, target, reason: 'no such file (or it is a draft)' };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type { LinkDiagnostic };
