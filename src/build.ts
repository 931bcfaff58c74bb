// docsgen's pipeline. Each stage is a plain function of the resolved config and the previous
// stage's output, timed here in order:
//
//   config   docsgen.config.ts → validated ResolvedConfig
//   content  content/guides/**/*.md → front matter → markdown-it → GuideDoc[]
//   openapi  the spec (file or URL) → parsed document → what the API pages show; the spec is
//            validated in a worker thread meanwhile, awaited before the render stage (`validate`)
//   site     every route → page model (sidebars, TOC, breadcrumbs, tags); duplicate routes
//   locales  with several locales, each other one's guides (translations from i18n/<locale>/)
//            and site again under `baseUrl<locale>/` (src/i18n/); rendered, indexed and
//            link-checked beside the default locale's pages
//   search   listed /guides and /api pages → documents → elasticlunr index → search-index.json
//   islands  esbuild bundles the browser runtime and the islands → hashed JS files (started
//            first, in esbuild's own process; this is the wait for it; the compiled CLI keeps
//            the bundle for its next builds)
//   render   page model → React renderToString → HTML (+ the scripts of the islands it uses)
//   links    every known link → checked against routes and anchors → diagnostics
//   output   everything into a temporary folder, swapped in only when all of it succeeded
//
// `build({ write: false })` stops before output and returns the files in memory.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/load';
import type { InlineConfig, ResolvedConfig, ResolvedOpenApi } from './config/types';
import { apiConfig } from './config/resolve';
import { loadGuides, type GuideDoc, type GuideRenderCache, type GuidesResult } from './content/loadGuides';
import type { ParsedFileCache } from './content/discover';
import { DocsgenError, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic';
import { createLogger, type Logger } from './diagnostics/logger';
import { anchorsAsked, checkLinks } from './links/check';
import { PageStore } from './site/pageStore';
import { collectLinks } from './links/collect';
import type { SiteLink } from './links/check';
import { openOutput, writeOutput, type OutputFiles } from './output/write';
import type { OutDirGuard } from './output/guard';
import { packagePath } from './paths';
import { buildSiteModel } from './render/siteModel';
import { renderPages } from './render/renderPages';
import { PARALLEL_THRESHOLD, renderSite, type SitePage } from './render/renderSite';
import { collectGarbage, collectGarbageAbove } from './workers';
import { generateSitemap } from './render/sitemap';
import { buildStylesheet, themeStaticFiles } from './render/styles';
import { buildSite, withGuideText, type SiteResult } from './site/routes';
import { withApiParts } from './site/home';
import { bundleIslands } from './islands/bundle';
import { pageSearchDocuments, searchDocuments, type PageDocuments } from './search/documents';
import { buildSearchIndex, type BuiltSearchIndex } from './search/buildIndex';
import { routeToFile } from './shared/url';
import { isUrl, loadSpec, type SpecSource } from './openapi/load';
import { parseApi } from './openapi/parse';
import { startValidator, type Validator } from './openapi/validator';
import { buildApiModel, type ApiModel } from './openapi/model';
import { createSpecMarkdown, type SpecMarkdown } from './openapi/markdown';
import { specCopy, type SpecCopy } from './openapi/specCopy';
import type { RenderedPage } from './render/renderPages';
import type { IslandAssets } from './islands/bundle';
import type { SiteModel, PageModel } from './shared/viewModels';
import { checkAlternates, localizePages, siteLocales, siteWideTargets } from './i18n/locales';
import type { Messages } from './shared/messages';
import { buildLocaleSite, type LocaleCache, type LocaleSite } from './i18n/localeSite';
import { openDiskMemo, type DiskMemo } from './cache/diskMemo';
import { guidesKey, keepGuideRenders, restoreGuideRenders } from './content/guideMemo';
import { apiPagesMemo } from './site/apiPagesMemo';
import { digest, type Memo } from './cache/memo';
import { engineDigest } from './cache/engine';
import { hashedUrls, pageKeys, PAGE_STAGE } from './cache/pageKeys';
import type { RenderMemo } from './render/renderSite';

/** Garbage the site stage may leave before a full collection (see collectGarbageAbove). */
const SITE_STAGE_GARBAGE = 160 * 2 ** 20;

/** Where `docsgen build` keeps its cache, in the project. */
export const DEFAULT_CACHE_DIR = '.docsgen/cache';

export interface BuildOptions extends InlineConfig {
  /** Write the site to outDir (default) or only return it. */
  write?: boolean;
  logger?: Logger;
  /** Build drafts too (`serve`). */
  dev?: boolean;
  /** Spec warnings are errors. */
  strict?: boolean;
  /** Replace an output folder that holds files docsgen did not write (`--empty-out-dir`); see output/guard.ts. */
  emptyOutDir?: boolean;
  /** An already loaded spec, used instead of reading `openapi.spec` of a site with one API (serve --watch fetches URL specs itself). */
  specSource?: SpecSource;
  /** Already loaded specs by API id, for a site with several. */
  specSources?: ReadonlyMap<string, SpecSource>;
  /** Threads that render pages: by default more than one only on large sites (src/render/renderSite.ts); 1 renders serially. */
  threads?: number;
  /**
   * The build cache's folder (cache/diskMemo.ts), relative to the project: by default
   * `.docsgen/cache` when the build writes its output, none when it does not (`write: false`);
   * false: none (`--no-cache`).
   */
  cacheDir?: string | false;
  /**
   * Results kept between builds of one process (serve --watch): the parsed spec while its text
   * is unchanged, the island bundle, and each page's HTML while its model is unchanged. The
   * caller drops what a change invalidates (e.g. `islands` when templates/islands change).
   */
  cache?: BuildCache;
}

export interface BuildCache {
  /** The resolved config: serve --watch starts a new cache when the config changes. */
  config?: ResolvedConfig;
  /** Each guide's rendered markdown while its body and the guides' routes are unchanged. */
  guides?: GuideRenderCache;
  /** Each guide's front matter and each category file, until the watcher deletes the entries of changed files. */
  parsedFiles?: ParsedFileCache;
  /** The ids of each page's HTML, while the HTML is the same string. */
  ids?: Map<string, { html: string; ids: Set<string> }>;
  /**
   * Set by each build: files left out of `files` and made when first asked for, so that a save
   * waits for neither: the search index (pages point at it by a URL that does not change with
   * its content) and the sitemap.
   */
  deferred?: Map<string, () => string>;
  /** Each API's parsed spec, by API id. */
  api?: Map<string, { text: string; strict: boolean; onDuplicateRoutes: string; document: Record<string, any>; model: ApiModel; validated: Promise<Diagnostic[]>; bundled: boolean }>;
  islands?: IslandAssets;
  pages?: Map<string, CachedPage>;
  /** Set before a build by a caller that watches the spec files and saw no change to them: they are not read again. */
  specFileUnchanged?: boolean;
  /** The last build's site and what it was made from (see buildSiteWithCache). */
  site?: { config: string; apis: ApiModel[]; docs: GuideDoc[]; categories: GuidesResult['categories']; site: SiteResult };
  /** The API pages (with the spec each came from) and the links of each spec's descriptions, while the parsed specs and the config are unchanged. */
  apiSite?: { models: ApiModel[]; config: string; pages: PageModel[]; sources: string[]; links: SiteLink[][]; files: SiteResult['files'] };
  /** Set by each build: the routes it rendered (the others were reused). */
  rendered?: string[];
  /** Set by each build: the content-hashed URLs every page refers to (stylesheet, search index). */
  hashedUrls?: string[];
  /** Each other locale's rendered guides (src/i18n/localeSite.ts). */
  localeGuides?: LocaleCache;
  /** Each other locale's rendered pages (as `pages` for the default locale). */
  localePages?: Map<string, Map<string, CachedPage>>;
}

/** What the site stage needs from the openapi stage, for each API. */
export interface ApiInput {
  /** This API's config (its id, route, spec, …): `apiConfig(config, api.settings)` is the config its pages are made with. */
  settings: ResolvedOpenApi;
  model: ApiModel;
  document: Record<string, any>;
  markdown: SpecMarkdown;
  source: string;
  /** The spec's copy in the site, when the download link points at it (openapi/specCopy.ts). */
  specCopy?: SpecCopy;
  /** A digest of the spec's text (the build cache's keys); undefined when the spec is more than its text (its `$ref`s name other files). */
  specDigest?: string;
}

export interface BuildResult {
  config: ResolvedConfig;
  /** Site-relative path → content; copied files point at their source. */
  files: OutputFiles;
  pages: number;
  /** Total bytes of the output. */
  bytes: number;
  diagnostics: Diagnostic[];
  /** Milliseconds per stage, in pipeline order. */
  timings: [stage: string, ms: number][];
  /** With a build cache: how many pages were taken from it, of how many. */
  cached?: { pages: number; of: number };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const logger = options.logger ?? createLogger();
  const timings: [string, number][] = [];
  const diagnostics: Diagnostic[] = [];
  let cachedPages = 0;
  const stage = <T>(name: string, run: () => T): T => {
    const start = performance.now();
    const result = run();
    timings.push([name, performance.now() - start]);
    return result;
  };
  // Warnings are printed as they are found; errors end the build at the end of their stage.
  const collect = (list: Diagnostic[]) => {
    const sorted = sortDiagnostics(list);
    diagnostics.push(...sorted);
    if (hasErrors(sorted)) throw new DocsgenError(diagnostics);
    for (const d of sorted) logger.diagnostic(d);
  };

  const configStart = performance.now();
  // serve --watch loads the config again itself when it changes, and then starts a new cache.
  const config = options.cache?.config ?? (await loadConfig(options, { dev: options.dev })).config;
  if (options.cache) options.cache.config = config;
  timings.push(['config', performance.now() - configStart]);

  // The output folder is checked and locked before any work: a folder the build may not
  // replace, or one another build is writing, stops it at once. Pages are streamed into the
  // temporary folder as they are rendered; any error before the swap removes that folder.
  const output = options.write !== false && !options.cache ? openOutput(config.outDir, outDirGuard(config, options)) : undefined;
  const memo = openBuildCache(config, options, output !== undefined, logger);

  // esbuild bundles the islands in its own process while this one works through the stages.
  const islands = options.cache?.islands ? Promise.resolve(options.cache.islands) : bundleIslands({ minify: !options.dev });
  islands.catch(() => {}); // awaited below unless an earlier stage failed
  // The spec's validation thread loads the validator meanwhile too (serve --watch mostly keeps
  // its parsed spec, and starts one only when the spec changed).
  const validators = options.cache ? [] : config.apis.map(() => startValidator());
  // A build (not serve --watch, which compares its page models between saves) keeps the API
  // pages' bodies in a temporary file from the site stage to the render threads: its memory
  // then does not grow with the spec's operations (site/pageStore.ts). Several locales build
  // their pages from the default locale's (i18n/), in memory.
  let store: PageStore | undefined;
  // Every path out of here ends the thread: a live one would keep a failed CLI run from exiting.
  try {
    // A build with a cache renders only the guides that changed since the build that filled it.
    const guidesMemo = memo && { key: guidesKey(config), table: {} as { guides?: GuideRenderCache }, restored: undefined as GuideRenderCache | undefined };
    const guides = stage('content', () => {
      if (guidesMemo) guidesMemo.table.guides = guidesMemo.restored = restoreGuideRenders(memo!, guidesMemo.key);
      return loadGuides(config, guidesMemo?.table ?? options.cache);
    });
    collect(guides.diagnostics);
    if (guidesMemo) keepGuideRenders(memo!, guidesMemo.key, guidesMemo.table.guides!, guidesMemo.restored, guides.docs);

    const apis: ApiInput[] = [];
    let validated: Promise<Diagnostic[]> = Promise.resolve([]);
    if (config.apis.length > 0) {
      const start = performance.now();
      const verdicts: Promise<Diagnostic[]>[] = [];
      try {
        for (const [i, settings] of config.apis.entries()) {
          const specSource = options.specSources?.get(settings.id) ?? (config.apis.length === 1 ? options.specSource : undefined);
          const stageResult = await openapiStage(apiConfig(config, settings), { ...options, specSource, validator: validators[i], memo });
          apis.push(stageResult.api!);
          verdicts.push(stageResult.validated);
        }
      } finally {
        for (const validator of validators) validator.dispose(); // unless it validates
      }
      validated = Promise.all(verdicts).then((lists) => lists.flat());
      validated.catch(() => {}); // awaited below
      timings.push(['openapi', performance.now() - start]);
    }

    // The spec is still being validated (in a worker thread) while the site, search and render
    // stages run; its verdict is reported before their errors, and explains any failure of theirs.
    let site: ReturnType<typeof buildSite>;
    let searchIndex: ReturnType<typeof deferSearchIndex> | BuiltSearchIndex;
    // A site with several locales: the default locale's pages as always, then each other's under
    // its prefix (src/i18n/), each with its own search index.
    const { locales, diagnostics: localeDiagnostics } = siteLocales(config);
    let others: LocaleSite[] = [];
    let otherIndexes: (ReturnType<typeof deferSearchIndex> | BuiltSearchIndex)[] = [];
    try {
      // Each stored page's search documents are made as it is stored: reading every body back for them cost as much garbage as the search stage's own.
      const searchMade = new Map<string, PageDocuments>();
      const onPut = (page: PageModel) => {
        searchMade.set(page.route, pageSearchDocuments(page, { routes: config.search.routes }));
        collectGarbageAbove(SITE_STAGE_GARBAGE);
      };
      if (!options.cache && locales.length === 1 && apis.length > 0) store = new PageStore(output?.dir, onPut, memo !== undefined);
      // Not for a spec whose $refs name other files: its text alone is not what its pages are made of.
      const apiMemo = memo && store && apis.every((api) => api.specDigest) ? apiPagesMemo(memo, store, config, locales[0].messages, apis, searchMade) : undefined;
      site = stage('site', () => (options.cache ? buildSiteWithCache(options.cache, config, guides, apis, locales[0].messages) : buildSite(config, guides, apis, locales[0].messages, store, apiMemo)));
      if (locales.length > 1) {
        site = { ...site, pages: localizePages(site.pages, locales, locales[0], new Set()) };
        others = stage('locales', () =>
          locales.slice(1).map((locale) => {
            const built = buildLocaleSite(locale, locales, apis, { cache: options.cache });
            localeDiagnostics.push(...built.diagnostics);
            return built.site;
          }),
        );
      }
      // What the site stage left is collected before the search stage adds its own.
      if (store && site.pages.length > PARALLEL_THRESHOLD) collectGarbage();
      const made = store ? (page: PageModel) => searchMade.get(page.route) : undefined;
      const makeSearchIndex = (pages: PageModel[], shardAbovePages = config.search.shardAbovePages) => buildSearchIndex(searchDocuments(pages, { routes: config.search.routes, made, memo }), { shardAbovePages, memo });
      // serve --watch builds the index on first request, always as one file; large sites get shards in builds.
      searchIndex = options.cache ? deferSearchIndex(options.cache, () => makeSearchIndex(site.pages, Infinity)) : stage('search', () => makeSearchIndex(site.pages));
      searchMade.clear(); // in the index now
      otherIndexes = others.map((o) => (options.cache ? deferSearchIndex(options.cache, () => makeSearchIndex(o.site.pages, Infinity), o.locale.prefix) : stage(`search (${o.locale.locale})`, () => makeSearchIndex(o.site.pages))));
    } catch (e) {
      await validated;
      throw e;
    }
    if (hasErrors(site.diagnostics) || hasErrors(localeDiagnostics)) collect(await validated);
    collect([...site.diagnostics, ...localeDiagnostics]);
    // What the later stages need of each API: its spec's links and its copy. Each parsed spec and
    // its model (hundreds of MB on a large one) are let go now, not carried through the render.
    const specs = apis.map(({ markdown, specCopy }) => ({ markdown, specCopy }));
    apis.length = 0;
    // …and collected now, with the search stage's garbage, before the render threads start: V8
    // lets a heap grow to a multiple of what was live at its last full collection.
    if (store && site.pages.length > PARALLEL_THRESHOLD) collectGarbage();

    const islandsStart = performance.now();
    const assets = await islands;
    if (options.cache) options.cache.islands = assets;
    timings.push(['islands', performance.now() - islandsStart]);

    const stylesheet = buildStylesheet();
    const siteModel = buildSiteModel(config, stylesheet.path, searchIndex, { locale: locales[0].locale, siteBaseUrl: config.baseUrl, messages: locales[0].messages, configText: locales[0].configText });
    const localeModels = others.map((o, i) => buildSiteModel(o.locale.config, stylesheet.path, otherIndexes[i], { locale: o.locale.locale, siteBaseUrl: config.baseUrl, messages: o.locale.messages, configText: o.locale.configText }));
    const fileOf = (route: string) => (route === '/404' ? '404.html' : routeToFile(route, config.trailingSlash));
    // The search index goes into the output folder now, in the background while pages render: written
    // after them, a large index's thousands of files waited seconds for the disk to take the pages.
    // (serve --watch makes its index on request: nothing to write.)
    const searchFiles: [string, string][] = 'files' in searchIndex ? [[searchIndex.fileName, searchIndex.content!], ...(searchIndex as BuiltSearchIndex).files] : [];
    for (const [i, index] of otherIndexes.entries()) {
      const prefix = others[i].locale.prefix;
      if ('files' in index) searchFiles.push([prefix + index.fileName, index.content], ...[...index.files].map(([rel, content]): [string, string] => [prefix + rel, content]));
    }
    const searchNames = searchFiles.map(([rel]) => rel);
    // Written, the index's text (hundreds of MB on a large site) is let go: the pages know its name and hash.
    const searchWritten = output ? output.writeSoon(searchFiles.splice(0)) : undefined;
    searchWritten?.catch(() => {}); // awaited after the render stage
    if (output) {
      searchIndex = { fileName: searchIndex.fileName, hash: searchIndex.hash };
      otherIndexes = [];
    }
    const files: OutputFiles = new Map();
    // What the later stages need of the pages, taken now: a build lets go of each page model once
    // a render thread has it (serve --watch keeps them for the next rebuild).
    const listed = (pages: PageModel[]) => pages.filter((p) => p.route !== '/404');
    const routes = new Set(listed(site.pages).map((p) => p.route));
    const localeRoutes = others.map((o) => new Set(listed(o.site.pages).map((p) => p.route)));
    const allListed = () => [...listed(site.pages), ...others.flatMap((o) => listed(o.site.pages))];
    const sitemap = options.cache ? () => generateSitemap(allListed()) : generateSitemap(allListed());
    let rendered: SitePage[];
    const otherRendered: SitePage[][] = [];
    let bytes: number | undefined;
    try {
      // IMPORTANT: an invalid spec fails the build before any page is rendered: on a large spec
      // rendering takes minutes, and an author waited them only to read a validation error.
      // The verdict usually comes while the site and search stages run, so this wait is short.
      const validateStart = performance.now();
      collect(await validated);
      if (specs.length > 0) timings.push(['validate', performance.now() - validateStart]);
      const renderStart = performance.now();
      // What the links stage needs of the written pages: the ids that links ask for, and which
      // checked spec links each stored page showed (for the count in their reports).
      const siteLinks = [...collectLinks(config, guides.docs), ...specs.flatMap((spec) => spec.markdown.links)];
      const onSpecLinks = (api: number, kind: string, found: number[]) => specs[api].markdown.countShown(kind, found);
      const renderMemo = (model: SiteModel): RenderMemo | undefined =>
        memo && {
          dir: memo.dir,
          hashed: (page) => hashedUrls(model, page),
          key: pageKeys(model, assets, store?.settled),
          onPage: (key, { reused, corrupt, unwritten }) => {
            memo.use(PAGE_STAGE, key);
            cachedPages += reused ? 1 : 0;
            memo.corrupt += corrupt ? 1 : 0;
            memo.unwritten += unwritten ? 1 : 0;
          },
        };
      rendered = options.cache
        ? renderWithCache(options.cache, siteModel, site.pages, (pages) => renderPages(siteModel, pages, { logger, sources: site.sources, assets }), assets).map((p) => ({ ...p, file: fileOf(p.route) }))
        : await renderSite(siteModel, site.pages.splice(0), { logger, sources: site.sources, assets, fileOf, outDir: output?.dir, threads: options.threads, release: true, store, onSpecLinks, wantedIds: others.length === 0 ? anchorsAsked(siteLinks) : undefined, memo: renderMemo(siteModel) });
      store?.remove();
      for (const [i, o] of others.entries()) {
        const fileOfLocale = (route: string) => o.locale.prefix + fileOf(route);
        const model = localeModels[i];
        otherRendered.push(
          options.cache
            ? renderLocaleWithCache(options.cache, o.locale.locale, () => renderWithCache(options.cache!, model, o.site.pages, (pages) => renderPages(model, pages, { logger, sources: o.site.sources, assets }), assets)).map((p) => ({ ...p, file: fileOfLocale(p.route) }))
            : await renderSite(model, o.site.pages.splice(0), { logger, sources: o.site.sources, assets, fileOf: fileOfLocale, outDir: output?.dir, threads: options.threads, release: true, memo: renderMemo(model) }),
        );
      }
      timings.push(['render', performance.now() - renderStart]);

      for (const page of rendered) files.set(page.file, page.html ?? { copyFrom: output!.finalPath(page.file) });
      files.set(stylesheet.path, stylesheet.css);
      await searchWritten;
      if (output) for (const rel of searchNames) files.set(rel, { copyFrom: output.finalPath(rel) });
      else for (const [rel, content] of searchFiles) files.set(rel, content);
      for (const [rel, content] of assets.files) files.set(rel, content);
      for (const [rel, abs] of themeStaticFiles()) files.set(rel, { copyFrom: abs });
      for (const [rel, abs] of guides.assets) files.set(rel, { copyFrom: abs });
      for (const [rel, content] of site.files) files.set(rel, content);
      for (const spec of specs) if (spec.specCopy) files.set(spec.specCopy.file, spec.specCopy.text);
      for (const [i, o] of others.entries()) {
        for (const page of otherRendered[i]) files.set(page.file, page.html ?? { copyFrom: output!.finalPath(page.file) });
        // The locale's pages refer to images and example files under its own base URL.
        for (const [rel, abs] of o.guides.assets) files.set(o.locale.prefix + rel, { copyFrom: abs });
        for (const [rel, content] of o.site.files) files.set(o.locale.prefix + rel, content);
      }
      if (typeof sitemap === 'string') files.set('sitemap.xml', sitemap);
      else (options.cache!.deferred ??= new Map()).set('sitemap.xml', sitemap);

      stage('links', () => {
        const fileSet = new Set([...files.keys(), ...(options.cache?.deferred?.keys() ?? []), searchIndex.fileName].map((f) => `/${f}`));
        const anchors = (pages: SitePage[], prefix: string) => new Map(pages.map((p) => [p.route, p.ids ?? (options.cache ? idsWithCache(options.cache, { route: prefix + p.route, html: p.html! }) : idsOf(p.html!))]));
        const defaultAnchors = anchors(rendered, '');
        const found = checkLinks(siteLinks, { routes, files: fileSet, anchors: defaultAnchors }, config);
        // Each other locale: what its pages link to under its own base URL. The config's links
        // (navbar, footer, announcement) and problems its untranslated pages share with the
        // default locale are reported once, for the default locale.
        const seen = new Set(found.map(diagnosticKey));
        const localeAnchors = others.map((o, i) => anchors(otherRendered[i], `/${o.locale.locale}`));
        const siteWide = others.length > 0 ? siteWideTargets(locales, [routes, ...localeRoutes], [defaultAnchors, ...localeAnchors]) : undefined;
        for (const [i, o] of others.entries()) {
          const links = [...collectLinks(o.locale.config, o.guides.docs).filter((l) => l.location.file !== config.configFile), ...o.apis.flatMap((api) => api.markdown.links)];
          const own = [
            ...checkLinks(links.filter((l) => l.emittedFrom === undefined), { routes: localeRoutes[i], files: fileSet, anchors: localeAnchors[i] }, o.locale.config),
            ...checkLinks(links.filter((l) => l.emittedFrom !== undefined), { routes: siteWide!.routes, files: fileSet, anchors: siteWide!.anchors }, config),
          ];
          found.push(...own.filter((d) => !seen.has(diagnosticKey(d))));
        }
        found.push(...checkAlternates(locales, [routes, ...localeRoutes], config.configFile));
        collect(found);
      });

      if (options.write !== false) {
        const committed = stage('output', () => (output ? output.commit(files) : writeOutput(config.outDir, files, outDirGuard(config, options))));
        bytes = committed.bytes;
        for (const d of committed.warnings) logger.diagnostic(d);
        diagnostics.push(...committed.warnings);
      }
      if (memo) closeBuildCache(memo, logger);
    } catch (e) {
      await searchWritten?.catch(() => {});
      await validated; // an invalid spec explains a failed render
      throw e;
    }
    // Counted when read: serve --watch never reads it, and on a large site it costs more than a rebuild.
    return {
      config,
      files,
      pages: rendered.length + otherRendered.reduce((n, pages) => n + pages.length, 0),
      get bytes() {
        return (bytes ??= outputBytes(files));
      },
      diagnostics,
      timings,
      cached: memo && { pages: cachedPages, of: rendered.length + otherRendered.reduce((n, pages) => n + pages.length, 0) },
    };
  } finally {
    store?.remove();
    for (const validator of validators) validator.terminate();
    output?.abort(); // after a commit, nothing to do
  }
}

/**
 * The openapi stage alone (check-links runs it without rendering): load the spec (or take
 * `specSource`), convert and model it, and start validating it. With a cache, an unchanged
 * spec text is not parsed again. Errors throw; `validated` resolves to the warnings of the
 * validator and the model, or rejects with the validator's errors.
 */
export async function openapiStage(config: ResolvedConfig, options: Pick<BuildOptions, 'strict' | 'specSource' | 'cache'> & { validator?: Validator | false; memo?: Memo } = {}): Promise<{ api?: ApiInput; validated: Promise<Diagnostic[]> }> {
  if (!config.openapi) return { validated: Promise.resolve([]) };
  const settings = config.openapi;
  const strict = options.strict ?? false;
  let parsed = options.cache?.api?.get(settings.id);
  // With a cache, an unchanged spec file is not even parsed as YAML again.
  const unchangedFile = parsed && !options.specSource && !isUrl(config.openapi.spec) && (options.cache?.specFileUnchanged || readIfExists(path.resolve(config.root, config.openapi.spec)) === parsed.text);
  const spec = unchangedFile ? { source: path.resolve(config.root, config.openapi.spec), text: parsed!.text, document: parsed!.document } : (options.specSource ?? (await loadSpec(config.openapi.spec, { root: config.root, timeoutMs: config.openapi.timeoutMs, memo: options.memo })));
  if (!parsed || parsed.text !== spec.text || parsed.strict !== strict || parsed.onDuplicateRoutes !== config.onDuplicateRoutes) {
    const result = await parseApi(spec, { strict, validator: options.validator, memo: options.memo });
    let built: ReturnType<typeof buildApiModel>;
    try {
      built = buildApiModel(result.document, { onDuplicateRoutes: config.onDuplicateRoutes, source: spec.source });
    } catch (e) {
      await result.validated;
      throw e;
    }
    const validated = result.validated.then((warnings) => [...warnings, ...built.diagnostics]);
    validated.catch(() => {}); // awaited by the caller
    parsed = { text: spec.text, strict, onDuplicateRoutes: config.onDuplicateRoutes, document: result.document, model: built.model, validated, bundled: result.bundled };
    if (options.cache) (options.cache.api ??= new Map()).set(settings.id, parsed);
  }
  // A fresh SpecMarkdown per build: it collects the spec's links as the site stage renders them.
  // Without a download link for this spec, the pages link to the copy the build writes.
  const copy = specCopy(config, settings, spec);
  return {
    api: { settings: copy ? { ...settings, downloadUrl: copy.url } : settings, specCopy: copy, model: parsed.model, document: parsed.document, markdown: createSpecMarkdown(config, spec.source, parsed.document), source: spec.source, specDigest: parsed.bundled ? undefined : digest(spec.text) },
    validated: parsed.validated,
  };
}

/**
 * The site stage of serve --watch. The API pages are kept while the spec and the config are
 * unchanged: they depend on nothing else (not on the guides), and deriving them (code samples)
 * is most of the stage's time; they go where buildSite puts them, after the home page. And when
 * the guides that changed changed only their text (not their title, place, tags or anything
 * else other pages show of them), the whole site of the last build is kept and only their own
 * pages are made again: on a large site that is the difference between one page and all.
 */
function buildSiteWithCache(cache: BuildCache, config: ResolvedConfig, guides: GuidesResult, apis: ApiInput[], messages: Messages): SiteResult {
  const key = JSON.stringify([config, messages]);
  const last = cache.site;
  const models = apis.map((api) => api.model);
  const sameApis = (kept: ApiModel[] | undefined) => kept !== undefined && kept.length === models.length && kept.every((m, i) => m === models[i]);
  const textOnly = last && last.config === key && sameApis(last.apis) && sameModel(last.categories, guides.categories) ? textOnlyChanges(last.docs, guides.docs) : undefined;
  const keptLinks = () => apis.forEach((api, i) => api.markdown.links.push(...cache.apiSite!.links[i]));
  let site: SiteResult;
  if (last && textOnly) {
    site = { ...last.site, pages: last.site.pages.map((page) => (textOnly.has(page.route) ? withGuideText(page, textOnly.get(page.route)!) : page)) };
    if (apis.length > 0) keptLinks();
  } else if (apis.length > 0 && (!sameApis(cache.apiSite?.models) || cache.apiSite!.config !== key)) {
    site = buildSite(config, guides, apis, messages);
    const sources = new Set(apis.map((api) => api.source));
    const pages = site.pages.filter((p) => sources.has(site.sources.get(p.route)!));
    cache.apiSite = { models, config: key, pages, sources: pages.map((p) => site.sources.get(p.route)!), links: apis.map((api) => [...api.markdown.links]), files: site.files };
  } else {
    site = buildSite(config, guides, [], messages);
    if (apis.length > 0) {
      const kept = cache.apiSite!;
      keptLinks();
      const home = site.pages.findIndex((p) => p.route === '/');
      site.pages.splice(home + 1, 0, ...kept.pages);
      // The home page shows the API's groups and its quick start: from the kept API pages.
      site.pages[home] = withApiParts(site.pages[home], kept.pages, config, messages);
      kept.pages.forEach((p, i) => site.sources.set(p.route, kept.sources[i]));
      for (const [rel, content] of kept.files) site.files.set(rel, content);
    }
  }
  cache.site = { config: key, apis: models, docs: guides.docs, categories: guides.categories, site };
  return site;
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

/** A rendered page and what it was rendered from. */
interface CachedPage {
  siteKey: string;
  page: PageModel;
  html: string;
  hashed: string[];
}

/**
 * Renders only the pages whose model (or the site around them) changed since the last build
 * with this cache. URLs that carry a content hash (the stylesheet, the search index) change
 * with the content, not with the page: they are left out of the comparison and swapped in the
 * reused HTML, so a CSS edit or a new search index does not re-render every page.
 */
function renderWithCache(cache: BuildCache, site: SiteModel, pages: PageModel[], render: (pages: PageModel[]) => RenderedPage[], assets: IslandAssets): RenderedPage[] {
  const hashed = [site.stylesheetHref, site.search.indexUrl].filter((url) => url !== '');
  const siteKey = JSON.stringify([{ ...site, stylesheetHref: '', search: { ...site.search, indexUrl: '' } }, assets.runtime, assets.islands]);
  const previous = cache.pages ?? new Map<string, CachedPage>();
  const next = new Map<string, CachedPage>();
  const proven = new Map<object, object>();
  const stale = pages.filter((page) => {
    const old = previous.get(page.route);
    return !old || old.siteKey !== siteKey || old.hashed.length !== hashed.length || !sameModel(old.page, page, proven);
  });
  const fresh = new Map(render(stale).map((p) => [p.route, p.html]));
  const out = pages.map((page): RenderedPage => {
    let html = fresh.get(page.route);
    if (html === undefined) {
      const old = previous.get(page.route)!;
      html = old.hashed.reduce((h, url, i) => (url === hashed[i] ? h : h.split(url).join(hashed[i])), old.html);
    }
    next.set(page.route, { siteKey, page, html, hashed });
    return { route: page.route, html };
  });
  cache.pages = next;
  cache.rendered = stale.map((p) => p.route);
  cache.hashedUrls = hashed;
  return out;
}

/**
 * Deep equality of two page models that trusts identity: `proven` remembers subtrees already
 * found equal in this build, so what many pages share (a large sidebar, the API pages) is
 * compared once, not once per page. Serialising every page instead costs memory in proportion
 * to the whole site's HTML on every save.
 */
export function sameModel(a: unknown, b: unknown, proven: Map<object, object> = new Map()): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (proven.get(b) === a) return true;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysB) {
    if (!Object.hasOwn(a, key) || !sameModel((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], proven)) return false;
  }
  proven.set(b, a);
  return true;
}

/**
 * serve --watch: a save does not wait for the search index. Pages point at it by a URL that does
 * not change with its content (the dev server sends it with no-cache), and `cache.deferred` builds
 * it from this build's pages when first asked for.
 */
function deferSearchIndex(cache: BuildCache, make: () => BuiltSearchIndex, localePrefix = ''): { fileName: string; hash: string; content?: string } {
  let built: BuiltSearchIndex | undefined;
  const fileName: BuiltSearchIndex['fileName'] = 'search-index.json';
  // The default locale's index comes first and starts this build's list; other locales add theirs.
  if (localePrefix === '') cache.deferred = new Map();
  cache.deferred!.set(localePrefix + fileName, () => (built ??= make()).content);
  return { fileName, hash: 'watch' };
}

/**
 * renderWithCache for another locale's pages: its own rendered pages are kept between builds,
 * and what the build reports (the routes rendered, the hashed URLs) stays the default locale's
 * plus, for `rendered`, this locale's routes with its prefix.
 */
function renderLocaleWithCache(cache: BuildCache, locale: string, render: () => RenderedPage[]): RenderedPage[] {
  const saved = { pages: cache.pages, rendered: cache.rendered, hashedUrls: cache.hashedUrls };
  cache.pages = cache.localePages?.get(locale);
  try {
    return render();
  } finally {
    (cache.localePages ??= new Map()).set(locale, cache.pages!);
    const rendered = (cache.rendered ?? []).map((route) => `/${locale}${route === '/' ? '' : route}`);
    Object.assign(cache, saved);
    cache.rendered = [...(saved.rendered ?? []), ...rendered];
  }
}

/** Identifies a problem whatever locale found it (same file, line and text). */
function diagnosticKey(d: Diagnostic): string {
  return `${d.code}|${d.location?.file ?? ''}|${d.location?.line ?? ''}|${d.text}`;
}

/** The anchors of a page, found again only when its HTML changed. */
function idsWithCache(cache: BuildCache, page: RenderedPage): Set<string> {
  cache.ids ??= new Map();
  const old = cache.ids.get(page.route);
  if (old && old.html === page.html) return old.ids;
  const ids = idsOf(page.html);
  cache.ids.set(page.route, { html: page.html, ids });
  return ids;
}

/**
 * The build cache, when this build keeps one (see BuildOptions.cacheDir). serve --watch keeps its
 * own results in memory (BuildOptions.cache).
 */
function openBuildCache(config: ResolvedConfig, options: BuildOptions, writes: boolean, logger: Logger): DiskMemo | undefined {
  if (options.cache || options.cacheDir === false || (options.cacheDir === undefined && !writes)) return undefined;
  const dir = path.resolve(config.root, options.cacheDir ?? DEFAULT_CACHE_DIR);
  return openDiskMemo(dir, engineDigest(), logger, path.relative(process.cwd(), dir) || '.');
}

/** After a successful build: what the cache could not give or keep, and its entries this build did not use removed. */
function closeBuildCache(memo: DiskMemo, logger: Logger): void {
  if (memo.corrupt > 0) logger.warn(`${memo.corrupt} ${memo.corrupt === 1 ? 'entry' : 'entries'} of the build cache in ${memo.dir} failed their checksum: made again.`);
  if (memo.unwritten > 0) logger.warn(`${memo.unwritten} ${memo.unwritten === 1 ? 'entry' : 'entries'} could not be written to the build cache in ${memo.dir}: the next build makes them again.`);
  memo.prune();
}

/** What the output folder must never replace or hold (output/guard.ts). */
function outDirGuard(config: ResolvedConfig, options: BuildOptions): OutDirGuard {
  const spec = config.apis.filter((api) => !isUrl(api.spec)).map((api) => path.resolve(config.root, api.spec));
  return {
    root: config.root,
    protectedDirs: [config.contentDir, packagePath('templates'), packagePath('src'), packagePath('bin')],
    cacheDir: path.resolve(config.root, options.cacheDir || DEFAULT_CACHE_DIR),
    protectedFiles: [config.configFile, ...spec],
    emptyOutDir: options.emptyOutDir,
  };
}

function outputBytes(files: OutputFiles): number {
  let bytes = 0;
  for (const content of files.values()) {
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : 'copyFrom' in content ? fs.statSync(content.copyFrom).size : content.byteLength;
  }
  return bytes;
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every id attribute of a rendered page: the anchors links may point at. */
function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) ids.add(m[1]);
  return ids;
}
