// docsgen's pipeline. Each stage is a plain function of the resolved config and the previous
// stage's output, timed here in order:
//
//   config   docsgen.config.ts → validated ResolvedConfig
//   content  content/guides/**/*.md → front matter → markdown-it → GuideDoc[]
//   openapi  the spec (file or URL) → parsed document → what the API pages show; the spec is
//            validated in a worker thread meanwhile, awaited before the render stage (`validate`),
//            or as soon as the thread marks it as having errors while the site stage runs
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
//
// Incremental builds are one mechanism, the memo (cache/memo.ts): a stage whose inputs are
// those of an earlier build takes what that build made, from entries keyed by a digest of the
// inputs. Each stage asks it from its own module (content/guideMemo.ts, openapi/load.ts and
// parse.ts, site/apiPagesMemo.ts, search/indexMemo.ts, the page entries of render/renderSite.ts).
// `docsgen build` keeps it on disk (cache/diskMemo.ts), serve --watch in memory between saves
// (cache/liveMemo.ts), where a stage may also keep live objects: the spec's model with its
// pending verdict (below), the last site's page models (site/liveSite.ts), the island bundle.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/load';
import type { InlineConfig, ResolvedConfig, ResolvedOpenApi } from './config/types';
import { apiConfig } from './config/resolve';
import { DocsgenError, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic';
import { createLogger, type Logger } from './diagnostics/logger';
import { anchorsAsked, checkLinks } from './links/check';
import { PageStore } from './site/pageStore';
import { collectLinks, linksOfConfig } from './links/collect';
import { checkSiteLinks, pageAnchors, routeSet, type LastAnchors, type LastLinkCheck, type LastRoutes } from './links/lastCheck';
import type { SiteLink } from './links/check';
import { pageFolders, type PageFolders } from './output/pageFolders';
import { commitSoon, openOutput, writeOutput, type OutputFiles } from './output/write';
import type { OutDirGuard } from './output/guard';
import { packagePath } from './paths';
import { buildSiteModel } from './render/siteModel';
import { PARALLEL_THRESHOLD, renderSite, type SitePage } from './render/renderSite';
import { PROGRESS_THRESHOLD } from './render/renderPages';
import { collectGarbage, collectGarbageAbove, holdHeapsClose } from './workers';
import { generateSitemap } from './render/sitemap';
import { buildStylesheet, themeStaticFiles } from './render/styles';
import { brandStylesheet } from './branding/stylesheet';
import { brandAssets } from './branding/assets';
import { pageHead, siteSteps, type SiteResult } from './site/routes';
import { steps, stepsYielding, type Steps } from './steps';
import { pageHref } from './versions/href';
import { addMarkdownFiles, type LastCopies } from './markdown/siteMarkdown';
import { redirectPages } from './redirects/redirectPages';
import type { Messages } from './shared/messages';
import { buildSiteLive } from './site/liveSite';
import { bundleSiteCode } from './theme/siteCode';
import { pageSearchDocuments, searchDocumentTable } from './search/documents';
import { PageColumnsByRoute } from './search/table';
import { fragmentsInOutput, withPreviousFragments } from './search/fragmentsInOutput';
import { searchIndexSteps, type BuiltSearchIndex } from './search/buildIndex';
import { routeToFile } from './shared/url';
import { earlySpec, isUrl, liveSpecKept, loadSpec, type EarlySpec, type SpecSource } from './openapi/load';
import { parseApi } from './openapi/parse';
import { startValidator, type Validator } from './openapi/validator';
import { buildApiModel, type ApiModel } from './openapi/model';
import { createSpecMarkdown, type SpecMarkdown } from './openapi/markdown';
import { specCopy, type SpecCopy } from './openapi/specCopy';
import type { SiteModel, PageModel } from './shared/viewModels';
import type { OperationChanges } from './changelog/badges';
import { checkAlternates, localizePages, prefixedRoute, siteLocales, siteWideTargets } from './i18n/locales';
import { siteVersions, type DocVersion } from './versions/resolve';
import { changelogPairs } from './versions/changelog';
import { changelogPage, type ChangelogPair } from './changelog/changelogPage';
import { loadVersion, versionPages, siteVersionsModel, sitemapPages, versionedTargets, versionRoute, withSearchVersions, type LoadedVersion, type VersionSite } from './versions/versionSite';
import { buildLocaleSite, type LocaleSite } from './i18n/localeSite';
import { DiskMemo, openDiskMemo } from './cache/diskMemo';
import { loadGuidesWithMemo } from './content/guideMemo';
import { lintBuild, specLintJob, THREAD_MIN_CHARS } from './lint/buildLint';
import { resolveTypedLinks } from './site/typedLinks';
import { apiPagesMemo, heldApiPagesMemo, takesPagesBack, type ApiPagesMemo, type Counts } from './site/apiPagesMemo';
import { dataDigest, digest, lastOf, textDigest, type Memo } from './cache/memo';
import { engineDigest } from './cache/engine';
import { hashedUrls, lastRender, pageContext, pageEntries, pageKeys, usePage } from './cache/pageKeys';
import type { RenderMemo } from './render/renderSite';

/** Garbage the site stage may leave before a full collection (see collectGarbageAbove). */
const SITE_STAGE_GARBAGE = 160 * 2 ** 20;

/**
 * API pages (operations, webhooks, schemas) from which the site and search stages hold the heaps
 * close (holdHeapsClose): the main thread then holds several hundred MB (Microsoft Graph v1.0,
 * the 35,000-page site's 30,000). A process-wide V8 flag is set only where it pays: held close,
 * the 7,000-page site (about 3,500) built in the same time with the same 0.6 GB peak.
 */
const LARGE_API_PAGES = 10_000;

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
   * The memo this build takes from and adds to, kept by the caller between builds of one process
   * (serve --watch keeps a LiveMemo): instead of the disk cache of `cacheDir`.
   */
  memo?: Memo;
  /** The config, already loaded and resolved (serve --watch loads it itself, when it changes). */
  resolvedConfig?: ResolvedConfig;
  /**
   * Leave the search index, the sitemap, the guides' Markdown copies and the llms files out of
   * `files` and make them when first asked for (`BuildResult.deferred`), the index as one file at
   * a URL that does not change with its content: serve --watch's save then waits for none of them.
   */
  deferIndex?: boolean;
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
  /** The files its `$ref`s name, when it is a file (openapi/refFiles.ts). */
  refFiles: string[];
  /** The spec's text, when the document is that text parsed (a spec thread parses it again: src/lint/buildLint.ts). */
  text?: string;
  /** The quality gate's findings on the spec, from its validation thread (openapi/validator.ts's `linted`). */
  linted?: Promise<Diagnostic[] | undefined>;
  /** Whether its validation found errors, known while a stage that does not yield runs (the verdict comes after). */
  foundErrors?: () => boolean;
  /** On the newer version of a pair of versions: what changed since the older one, for the operation pages' badges (changelog/badges.ts). */
  changes?: OperationChanges;
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
  /**
   * With a memo: how many pages were taken from it, of how many; with a memo (a build cache, or
   * serve --watch's) and a spec that changed, how many operation and webhook pages, and how many
   * schema pages, the site stage took back and made again (site/apiPagesMemo.ts); `versions`:
   * the same for each older version whose pages the memo held.
   */
  cached?: { pages: number; of: number; operations?: Counts; schemas?: Counts; versions?: { name: string; operations: Counts; schemas: Counts }[] };
  /** With a memo: the routes rendered anew (the others were taken from it), with their locale's prefix. */
  rendered?: string[];
  /** The content-hashed URLs every page refers to (the stylesheet, the search index). */
  hashedUrls: string[];
  /** With `deferIndex`: the files made when first asked for. */
  deferred?: Map<string, () => string>;
  /** Files the specs' `$ref`s name besides the spec files themselves: serve --watch watches them too. */
  specRefFiles: string[];
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const logger = options.logger ?? createLogger();
  const timings: [string, number][] = [];
  const diagnostics: Diagnostic[] = [];
  let cachedPages = 0;
  const renderedRoutes: string[] = [];
  const stage = <T>(name: string, run: () => T): T => {
    const start = performance.now();
    const result = run();
    timings.push([name, performance.now() - start]);
    return result;
  };
  const stageAsync = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
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
  const loadedConfig = options.resolvedConfig ?? (await loadConfig(options, { dev: options.dev })).config;
  // With versions, the pipeline below makes the latest one's pages (and the home page, search
  // and 404 pages); each other version is made beside it (versions/versionSite.ts).
  const { versions, diagnostics: versionProblems } = siteVersions(loadedConfig);
  collect(versionProblems);
  const latest = versions.find((v) => v.isLatest)!;
  const config = latest.config;
  const olderVersions = versions.filter((v) => v !== latest);
  timings.push(['config', performance.now() - configStart]);

  // The output folder is checked and locked before any work: a folder the build may not
  // replace, or one another build is writing, stops it at once. Pages are streamed into the
  // temporary folder as they are rendered; any error before the swap removes that folder.
  const output = options.write !== false ? openOutput(config.outDir, outDirGuard(config, options)) : undefined;
  const memo = options.memo ?? openBuildCache(config, options, output !== undefined, logger);
  // The output's other files (search index, Markdown copies, …) are kept in the cache by their bytes, and linked from there.
  if (output && memo instanceof DiskMemo) output.keepIn(memo.fileStore());

  // esbuild bundles the islands in its own process while this one works through the stages.
  // With a theme folder of overrides (src/theme/), the templates are compiled with them too.
  const islands = bundleSiteCode(memo, config, { minify: !options.dev, logger });
  islands.catch(() => {}); // awaited below unless an earlier stage failed
  // The spec's validation thread loads the validator meanwhile too, and checks the quality
  // gate's spec rules on the same parse when the spec is large. A live memo mostly holds the
  // spec's verdict already: it starts one now only for a spec file the watcher said changed (or
  // one never read), and for another spec parseApi starts one if its text is new.
  const validators = config.apis.map((settings, i) => {
    if (memo?.live && (specSourceOf(options, latest, config.apis, i) || liveSpecKept(memo, settings.spec, config.root))) return undefined;
    return startValidator({ job: specLintJob(config, settings.id, memo), minChars: THREAD_MIN_CHARS });
  });
  // The API pages' bodies wait in a temporary file from the site stage to the render threads:
  // memory then does not grow with the spec's operations (site/pageStore.ts). Several locales
  // build their pages from the default locale's (i18n/), in memory.
  let store: PageStore | undefined;
  let linted: ReturnType<typeof lintBuild> | undefined;
  let apiMemo: ApiPagesMemo | undefined;
  // A large site's page folders, made by threads of their own while this one works through the
  // stages: the last build's from the start, the others once the site stage knows them (output/pageFolders.ts).
  let folders: PageFolders | undefined;
  // Every path out of here ends the thread: a live one would keep a failed CLI run from exiting.
  try {
    folders = output && pageFolders(output, memo, PARALLEL_THRESHOLD);
    // Each spec file is read now, and a large YAML one parsed by its thread beside the content stage.
    const earlySpecs = validators.map((validator, i) => (!validator || specSourceOf(options, latest, config.apis, i) ? undefined : earlySpec(config.apis[i].spec, config.root, memo, validator.parse)));
    // With a memo, only the guides that changed since the build that filled it are rendered.
    const written = stage('content', () => loadGuidesWithMemo(memo, config));
    collect(written.diagnostics);

    const apis: ApiInput[] = [];
    const specRefFiles: string[] = [];
    let validated: Promise<Diagnostic[]> = Promise.resolve([]);
    if (config.apis.length > 0) {
      const start = performance.now();
      const verdicts: Promise<Diagnostic[]>[] = [];
      try {
        await openapiStages(config, options, { latest, validators, memo, early: earlySpecs }, apis, verdicts);
      } finally {
        earlySpecs.fill(undefined); // their documents' bytes: build()'s frame would keep them to its end
        for (const validator of validators) validator?.dispose(); // unless it validates
      }
      specRefFiles.push(...apis.flatMap((api) => api.refFiles));
      validated = Promise.all(verdicts).then((lists) => lists.flat());
      validated.catch(() => {}); // awaited below
      timings.push(['openapi', performance.now() - start]);
    }
    // The quality gate (src/lint/), under each rule's policy: the guides' findings now, a spec's
    // with its validation (errors stop the build before the render stage).
    linted = stage('lint', () => lintBuild(config, written.docs, apis, memo));
    if (hasErrors(linted.found)) collect(await validated); // an invalid spec explains them
    collect(linted.found);
    validated = Promise.all([validated, linted.pending]).then((lists) => lists.flat());
    validated.catch(() => {}); // awaited below

    // The guides' links into the API reference (`op:searchBoundaries`), now that each API's model exists.
    const { guides, diagnostics: typedLinkProblems } = resolveTypedLinks(config, written, apis);
    if (hasErrors(typedLinkProblems)) collect(await validated); // an invalid spec explains them
    collect(typedLinkProblems);

    // A site with several locales: the default locale's pages as always, then each other's under
    // its prefix (src/i18n/), each with its own search index.
    const { locales, diagnostics: localeDiagnostics } = siteLocales(config);

    // Every other version: its guides, spec and pages, in memory (a version is a snapshot of a
    // site's docs, far smaller than the sites the page store is for).
    let versionSites: VersionSite[] = [];
    let changelog: ChangelogPair[] = [];
    if (olderVersions.length > 0) {
      const start = performance.now();
      const loaded: LoadedVersion[] = [];
      try {
        for (const version of olderVersions) {
          const one = await loadVersion(version, { memo, strict: options.strict });
          loaded.push(one);
          specRefFiles.push(...one.apis.flatMap((api) => api.refFiles));
          collect(one.guides.diagnostics);
        }
        // What changed between consecutive versions: badges on the newer one's pages, and the changelog page.
        const apiOf = (v: DocVersion) => (v === latest ? apis[0] : loaded.find((l) => l.version === v)!.apis[0]);
        changelog = changelogPairs(versions.map((version) => ({ version, api: apiOf(version) })), config, memo);
        versionSites = loaded.map((one) => versionPages(one, locales[0].messages, memo));
      } catch (e) {
        await validated;
        await Promise.all(loaded.map((v) => v.validated.catch(() => {})));
        throw e;
      }
      const verdicts = [validated, ...versionSites.map((v) => v.validated)];
      validated = Promise.all(verdicts).then((lists) => lists.flat());
      validated.catch(() => {}); // awaited below
      timings.push(['versions', performance.now() - start]);
    }

    // The spec is still being validated (in a worker thread) while the site, search and render
    // stages run; its verdict is reported before their errors, and explains any failure of theirs.
    let site: SiteResult;
    let searchIndex: { fileName: string; hash: string } | BuiltSearchIndex;
    let others: LocaleSite[] = [];
    let otherIndexes: ({ fileName: string; hash: string } | BuiltSearchIndex)[] = [];
    let versionIndexes: ({ fileName: string; hash: string } | BuiltSearchIndex)[] = [];
    const deferred = options.deferIndex ? new Map<string, () => string>() : undefined;
    let specs: Pick<ApiInput, 'markdown' | 'specCopy'>[] = [];
    const fragmentsWritten: string[][] = [];
    const fileOf = (route: string) => (route === '/404' ? '404.html' : routeToFile(route, config.trailingSlash));
    // A large API's site and search stages hold hundreds of MB: its heaps are held close to what
    // is live until the render stage (workers.ts holdHeapsClose).
    const apiPages = apis.reduce((n, api) => n + api.model.operations.length + api.model.webhooks.length + api.model.schemas.length, 0);
    const letHeapsGrow = apiPages >= LARGE_API_PAGES ? holdHeapsClose() : () => {};
    // Two full collections during the render stage (once the index is written, and halfway) give
    // back what the site and search stages left, hundreds of MB on a cold build of a large site.
    // Each holds this thread, which feeds the render threads: pages taken from the cache are done
    // in a fraction of a millisecond, so the threads wait. A build that took most of its API pages
    // from the cache has little to give back and skips them (after a guide's edit, 0.2 s of the
    // 7,000-page site's 5.6 s and 0.4 s of the 15,000-page site's 10.8 s). The three others stay:
    // without the two around the search stage too, it was hardly faster; without all five, the
    // 15,000-page site's build peaked above the cold build's (BENCHMARKS.md, fifty-first stop).
    let collectWhileRendering = false;
    try {
      // Each stored page's search documents are made as it is stored: reading every body back for them cost as much garbage as the search stage's own.
      // (As columns, search/table.ts: held until the search stage, 1.9 million objects on the 35,000-page site; each distinct text once.)
      const searchMade = new PageColumnsByRoute();
      // A large spec's pages take a minute or more to make (Microsoft Graph beta's 29,000): the
      // site stage shows how far it is, as the render stage does. Pages a build cache gives back
      // whole show none; given back part by part (not through onPut), they are counted at the end.
      const storeProgress = (done: number) => apiPages > PROGRESS_THRESHOLD && logger.progress('making API pages', Math.min(done, apiPages), apiPages);
      let pagesMade = 0;
      const onPut = (page: PageModel) => {
        // The spec's thread found errors: the build fails on them, so making more pages is time
        // lost (a 47 MB spec's verdict comes over half a minute before its site stage would end).
        if (apis.some((api) => api.foundErrors?.())) throw new SpecFoundInvalid();
        searchMade.set(page.route, pageSearchDocuments(page, { routes: config.search.routes, htmlToText: searchMade.htmlToText, kept: memo !== undefined }));
        collectGarbageAbove(SITE_STAGE_GARBAGE);
        if (++pagesMade % 25 === 0) storeProgress(pagesMade);
      };
      // Pages that outlive the build (in a live memo, or for a deferred index) keep their bodies.
      if (!memo?.live && !deferred && locales.length === 1 && apis.length > 0) store = new PageStore(output?.dir, onPut, memo !== undefined);
      // Operation pages taken back after a spec's edit: kept in memory by a live memo, in the
      // store's bytes on disk.
      if (memo && takesPagesBack(apis)) {
        if (memo.live) apiMemo = heldApiPagesMemo(memo, config, locales[0].messages, apis);
        else if (store) apiMemo = apiPagesMemo(memo, store, config, locales[0].messages, apis, searchMade);
      }
      try {
        // In steps, so that a signal stops a large API's site stage at once (steps.ts).
        site = await stageAsync('site', async () => (memo?.live ? buildSiteLive(memo, config, guides, apis, locales[0].messages, apiMemo) : stepsYielding(siteSteps(config, guides, apis, locales[0].messages, store, apiMemo))));
      } catch (e) {
        if (e instanceof SpecFoundInvalid) collect(await validated); // throws the spec's errors
        throw e;
      }
      if (pagesMade > 0) storeProgress(apiPages);
      collectWhileRendering = store !== undefined && site.pages.length > PARALLEL_THRESHOLD && (apiPages >= LARGE_API_PAGES || pagesMade * 2 > apiPages);
      if (locales.length > 1) {
        site = { ...site, pages: localizePages(site.pages, locales, locales[0], new Set()) };
        others = stage('locales', () =>
          locales.slice(1).map((locale) => {
            const built = buildLocaleSite(locale, locales, apis, { memo });
            localeDiagnostics.push(...built.diagnostics);
            return built.site;
          }),
        );
      }
      // The site stage is synchronous, so a verdict that came meanwhile is still a message waiting:
      // read now, an invalid spec ends the build before the search stage (16 s and the build's
      // memory peak on the 35,000-page site's 47 MB spec) rather than after it.
      const early = await settledNow(validated);
      if (early && (early.failed || hasErrors(early.value))) collect(await validated); // throws (a valid spec's warnings are collected later, once)
      // What the later stages need of each API: its spec's links and its copy. Each parsed spec and
      // its model (hundreds of MB on a large one) are let go now, before the search stage, whose
      // peak they were a third of on the 7,000-page site, and not carried through the render.
      if (changelog.length > 0) site = { ...site, pages: [...site.pages, apiChangelogPage(config, apis[0], site.pages, changelog, locales[0].messages)] };
      changelog = [];
      folders?.known(site.pages.map((page) => fileOf(page.route)));
      specs = apis.map(({ markdown, specCopy }) => ({ markdown, specCopy }));
      apis.length = 0;
      // What the site stage left is collected before the search stage adds its own.
      if (store && site.pages.length > PARALLEL_THRESHOLD) collectGarbage();
      const made = store ? (page: PageModel) => searchMade.get(page.route) : undefined;
      const searchSteps = function* (pages: PageModel[], shardAbovePages = config.search.shardAbovePages, prefix = ''): Steps<BuiltSearchIndex> {
        const documents = searchDocumentTable(pages, { routes: config.search.routes, made, memo });
        searchMade.clear(); // in `documents` now, whose texts the index lets go of once its page fragments hold them
        yield;
        // A sharded index's page fragments go into the output as they are made (most of its bytes).
        const fragments = output && !memo ? fragmentsInOutput(output, prefix) : undefined;
        if (fragments) fragmentsWritten.push(fragments.written);
        return yield* searchIndexSteps(documents, { shardAbovePages, memo, release: true, fragments, name: prefix });
      };
      // A deferred index is made on first request, always as one file; large sites get shards in
      // builds, made in steps so that a signal stops the stage at once (steps.ts).
      const searchStage = (name: string, pages: PageModel[], prefix?: string) => stageAsync(name, () => stepsYielding(searchSteps(pages, undefined, prefix)));
      const deferredIndex = (pages: PageModel[], prefix?: string) => deferIndex(deferred!, pages.slice(), (list) => steps(searchSteps(list, Infinity)), prefix);
      searchIndex = deferred ? deferredIndex(site.pages) : await searchStage('search', site.pages);
      for (const o of others) otherIndexes.push(deferred ? deferredIndex(o.site.pages, o.locale.prefix) : await searchStage(`search (${o.locale.locale})`, o.site.pages, o.locale.prefix));
      // Each version its own index, under its segment: results never mix versions.
      for (const v of versionSites) versionIndexes.push(deferred ? deferredIndex(v.site.pages, `${v.version.segment}/`) : await searchStage(`search (${v.version.name})`, v.site.pages, `${v.version.segment}/`));
    } catch (e) {
      await validated;
      throw e;
    } finally {
      letHeapsGrow();
    }
    const versionDiagnostics = versionSites.flatMap((v) => v.site.diagnostics);
    if (hasErrors(site.diagnostics) || hasErrors(localeDiagnostics) || hasErrors(versionDiagnostics)) collect(await validated);
    collect([...site.diagnostics, ...localeDiagnostics, ...versionDiagnostics]);
    // The search stage's garbage is collected now, before the render threads start: V8 lets a
    // heap grow to a multiple of what was live at its last full collection.
    if (store && site.pages.length > PARALLEL_THRESHOLD) collectGarbage();

    const islandsStart = performance.now();
    const assets = await islands;
    timings.push(['islands', performance.now() - islandsStart]);

    // The branding's palette, fonts and contrast warnings (src/branding/) end the stylesheet.
    const brand = brandStylesheet(config);
    collect(brand.diagnostics);
    const stylesheet = buildStylesheet(brand.css);
    // What the later stages need of the pages, taken now: a build lets go of each page model once
    // a render thread has it.
    const listed = (pages: PageModel[]) => pages.filter((p) => p.route !== '/404');
    const routes = routeSet(site.pages, lastOf<LastRoutes>(memo, ROUTES_STAGE, ''));
    // With versions, every page's version menu needs the routes of each version.
    const versionRoutes = versionSites.map((v) => new Set(v.site.pages.map((p) => p.route)));
    const routesOfVersion = versions.map((v) => (v === latest ? routes : versionRoutes[versionSites.findIndex((s) => s.version === v)]));
    const changelogRoute = config.openapi && `${config.openapi.route}/changelog`;
    const changelogHref = changelogRoute && routes.has(changelogRoute) ? pageHref(config, changelogRoute) : undefined;
    const versionsModel = (version: DocVersion) => (versions.length > 1 ? siteVersionsModel(versions, routesOfVersion, version, changelogHref) : undefined);
    const indexOf = (i: number) => ({ fileName: `${versionSites[i].version.segment}/${versionIndexes[i].fileName}`, hash: versionIndexes[i].hash });
    const siteModel = buildSiteModel(config, stylesheet.path, searchIndex, { locale: locales[0].locale, siteBaseUrl: config.baseUrl, messages: locales[0].messages, configText: locales[0].configText }, versionsModel(latest));
    const versionModels = versionSites.map((v, i) => buildSiteModel(v.version.config, stylesheet.path, indexOf(i), { locale: locales[0].locale, siteBaseUrl: config.baseUrl, messages: locales[0].messages, configText: locales[0].configText }, versionsModel(v.version)));
    if (versionSites.length > 0) withSearchVersions(site.pages, [latest, ...versionSites.map((v) => v.version)], [siteModel, ...versionModels]);
    const localeModels = others.map((o, i) => buildSiteModel(o.locale.config, stylesheet.path, otherIndexes[i], { locale: o.locale.locale, siteBaseUrl: config.baseUrl, messages: o.locale.messages, configText: o.locale.configText }));
    // The search index goes into the output folder now, in the background while pages render: written
    // after them, a large index's thousands of files waited seconds for the disk to take the pages.
    // (A deferred index is made on request: nothing to write.)
    const searchFiles: [string, string | Uint8Array][] = isBuilt(searchIndex) ? [[searchIndex.fileName, searchIndex.content], ...searchIndex.files] : [];
    for (const [i, index] of otherIndexes.entries()) {
      const prefix = others[i].locale.prefix;
      if (isBuilt(index)) searchFiles.push([prefix + index.fileName, index.content], ...[...index.files].map(([rel, content]): [string, string | Uint8Array] => [prefix + rel, content]));
    }
    for (const [i, index] of versionIndexes.entries()) {
      const prefix = `${versionSites[i].version.segment}/`;
      if (isBuilt(index)) searchFiles.push([prefix + index.fileName, index.content], ...[...index.files].map(([rel, content]): [string, string | Uint8Array] => [prefix + rel, content]));
    }
    const searchNames = [...searchFiles.map(([rel]) => rel), ...fragmentsWritten.flat()];
    // Written, the index's text (hundreds of MB on a large site) is let go: the pages know its name and hash.
    const searchWritten = output ? output.writeSoon(withPreviousFragments(searchFiles.splice(0), output.previous)) : undefined;
    searchWritten?.catch(() => {}); // awaited after the render stage
    // …and collected as soon as it is written. The main thread allocates almost nothing while the
    // render threads work, so nothing else collects it: its heap stayed at what the search stage
    // left for the whole render stage (Microsoft Graph v1.0: 1.1–1.4 GB of RSS while rendering,
    // 0.75–1.05 GB when collected; BENCHMARKS.md).
    if (searchWritten && collectWhileRendering) void searchWritten.then(collectGarbage, () => {});
    if (output) {
      searchIndex = { fileName: searchIndex.fileName, hash: searchIndex.hash };
      otherIndexes = [];
      versionIndexes = [];
    }
    const files: OutputFiles = new Map();
    const localeRoutes = others.map((o) => new Set(listed(o.site.pages).map((p) => p.route)));
    // The sitemap's pages: the lists taken now (rendering empties them), read when it is made
    // (serve --watch makes it when asked for: reading every page on every save cost a large site 2 ms).
    const sitemapLists = [site.pages, ...others.map((o) => o.site.pages)].map((pages) => pages.slice());
    const versionLists = versionSites.map((v) => sitemapPages(v.version, v.site.pages).slice());
    const allListed = () => [...sitemapLists.flatMap(listed), ...versionLists.flat()];
    const sitemap = deferred ? () => generateSitemap(allListed()) : generateSitemap(allListed());
    let rendered: SitePage[];
    const otherRendered: SitePage[][] = [];
    const versionRendered: SitePage[][] = [];
    let bytes: number | undefined;
    try {
      // IMPORTANT: an invalid spec fails the build before any page is rendered: on a large spec
      // rendering takes minutes, and an author waited them only to read a validation error.
      // The verdict usually comes while the site and search stages run, so this wait is short.
      const validateStart = performance.now();
      collect(await validated);
      if (specs.length > 0) timings.push(['validate', performance.now() - validateStart]);
      const renderStart = performance.now();
      const madeFolders = await folders?.stop();
      // What the links stage needs of the written pages: the ids that links ask for, and which
      // checked spec links each stored page showed (for the count in their reports).
      const specLinks = specs.flatMap((spec) => spec.markdown.links);
      const siteLinks = () => [...collectLinks(config, guides.docs), ...specLinks];
      const onSpecLinks = (api: number, kind: string, found: number[]) => specs[api].markdown.countShown(kind, found);
      const renderMemo = (model: SiteModel, routeOf: (route: string) => string, context = memo && pageContext(model, assets)): RenderMemo | undefined =>
        memo && {
          entries: pageEntries(memo),
          hashed: hashedUrls(model),
          key: pageKeys(model, assets, store?.settled, context),
          last: lastRender(memo, digest(context!, routeOf('/'))),
          onPage: (route, key, { reused, corrupt, changed, unwritten }) => {
            usePage(memo, key);
            if (reused) cachedPages++;
            else renderedRoutes.push(routeOf(route));
            if (memo instanceof DiskMemo) {
              memo.corrupt += corrupt ? 1 : 0;
              memo.changedShared += changed ? 1 : 0;
              memo.unwritten += unwritten ? 1 : 0;
            }
          },
        };
      rendered = await renderSite(siteModel, site.pages.splice(0), { logger, sources: site.sources, assets, fileOf, outDir: output?.dir, gate: output?.gate, previousDir: output?.previous, madeFolders, threads: options.threads, release: true, collect: store === undefined || collectWhileRendering, store, onSpecLinks, wantedIds: output && others.length === 0 ? anchorsAsked(siteLinks()) : undefined, memo: renderMemo(siteModel, (route) => route) });
      store?.remove();
      for (const [i, o] of others.entries()) {
        const fileOfLocale = (route: string) => o.locale.prefix + fileOf(route);
        otherRendered.push(await renderSite(localeModels[i], o.site.pages.splice(0), { logger, sources: o.site.sources, assets, fileOf: fileOfLocale, filesBaseUrl: config.baseUrl, outDir: output?.dir, gate: output?.gate, previousDir: output?.previous, threads: options.threads, release: true, memo: renderMemo(localeModels[i], (route) => prefixedRoute(o.locale, route)) }));
      }
      for (const [i, v] of versionSites.entries()) {
        const routeOf = (route: string) => versionRoute(v.version, route);
        versionRendered.push(await renderSite(versionModels[i], v.site.pages.splice(0), { logger, sources: v.site.sources, assets, fileOf: (route) => fileOf(routeOf(route)), outDir: output?.dir, gate: output?.gate, previousDir: output?.previous, threads: options.threads, release: true, memo: renderMemo(versionModels[i], routeOf) }));
      }
      timings.push(['render', performance.now() - renderStart]);

      for (const page of rendered) files.set(page.file, page.html ?? { copyFrom: output!.finalPath(page.file), bytes: page.bytes });
      files.set(stylesheet.path, stylesheet.css);
      await searchWritten;
      if (output) for (const rel of searchNames) files.set(rel, { copyFrom: output.finalPath(rel) });
      else for (const [rel, content] of searchFiles) files.set(rel, content);
      for (const [rel, content] of assets.files) files.set(rel, content);
      for (const [rel, abs] of themeStaticFiles()) files.set(rel, { copyFrom: abs });
      for (const asset of brandAssets(config.branding)) files.set(asset.path.slice(1), { copyFrom: asset.file });
      for (const [rel, abs] of guides.assets) files.set(rel, { copyFrom: abs });
      for (const [rel, content] of site.files) files.set(rel, content);
      for (const spec of specs) if (spec.specCopy) files.set(spec.specCopy.file, spec.specCopy.text);
      for (const [i, o] of others.entries()) {
        for (const page of otherRendered[i]) files.set(page.file, page.html ?? { copyFrom: output!.finalPath(page.file), bytes: page.bytes });
        // The locale's pages refer to images and example files under its own base URL.
        for (const [rel, abs] of o.guides.assets) files.set(o.locale.prefix + rel, { copyFrom: abs });
        for (const [rel, content] of o.site.files) files.set(o.locale.prefix + rel, content);
      }
      for (const [i, v] of versionSites.entries()) {
        for (const page of versionRendered[i]) files.set(page.file, page.html ?? { copyFrom: output!.finalPath(page.file), bytes: page.bytes });
        // Images and example files are named by their content: a version's are beside the latest's.
        for (const [rel, abs] of v.guides.assets) files.set(rel, { copyFrom: abs });
        for (const [rel, content] of v.site.files) files.set(rel, content);
        for (const api of v.apis) if (api.specCopy) files.set(api.specCopy.file, api.specCopy.text);
      }
      // Markdown for machines: each page's .md copy, llms.txt and llms-full.txt (src/markdown/).
      // Other locales' and older versions' pages get copies, not listed.
      const unlisted = [...others.map((o, i) => ({ config: o.locale.config, guides: o.guides.docs, pages: otherRendered[i] })), ...versionSites.map((v, i) => ({ config: v.version.config, guides: v.guides.docs, pages: versionRendered[i] }))];
      // A live memo keeps these stages' last results under the config's content (their messages and URLs follow it).
      const configKey = memo?.live ? dataDigest(config) : '';
      const lastCopies = (site: number, of: ResolvedConfig) => (memo?.live ? lastOf<LastCopies>(memo, COPIES_STAGE, `${site}:${of === config ? configKey : dataDigest(of)}`) : undefined);
      addMarkdownFiles(files, { config, guides: guides.docs, pages: rendered, last: lastCopies(0, config) }, unlisted.map((site, i) => ({ ...site, last: lastCopies(i + 1, site.config) })), output, deferred);
      if (typeof sitemap === 'string') files.set('sitemap.xml', sitemap);
      else deferred!.set('sitemap.xml', sitemap);
      // Old URLs sent on to their new pages (config `redirects`).
      const moved = redirectPages(config, files, routes);
      for (const [rel, html] of moved.files) files.set(rel, html);
      collect(moved.diagnostics);

      stage('links', () => {
        // A view of the output's paths, not a set of them: serve --watch makes it on every save, and
        // a set of a large site's 12,000 paths cost two thirds of checking its links.
        const fileSet = { has: (file: string) => file.startsWith('/') && (files.has(file.slice(1)) || deferred?.has(file.slice(1)) === true || file.slice(1) === searchIndex.fileName) };
        const anchors = (pages: SitePage[], _prefix: string) => new Map(pages.map((p) => [p.route, p.ids!]));
        const defaultAnchors = pageAnchors(rendered, lastOf<LastAnchors>(memo, ANCHORS_STAGE, ''));
        // With versions, a link may go to another version's page (`/guides/2025-06/…`), and raw
        // HTML links of every version are resolved from the site's root, as a browser does.
        const everyVersion = versionSites.length > 0 ? versionedTargets([{ version: latest, routes, anchors: defaultAnchors }, ...versionSites.map((v, i) => ({ version: v.version, routes: versionRoutes[i], anchors: anchors(versionRendered[i], '') }))]) : undefined;
        const targets = { routes: everyVersion?.routes ?? routes, files: fileSet, anchors: everyVersion?.anchors ?? defaultAnchors };
        const found = checkSiteLinks(config, guides.docs, [...linksOfConfig(config), ...specLinks], targets, lastOf<LastLinkCheck>(memo, LINKS_STAGE, configKey));
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
        // Each version's links within its own pages; the config's links are checked once, above.
        for (const [i, v] of versionSites.entries()) {
          const links = [...collectLinks(v.version.config, v.guides.docs).filter((l) => l.location.file !== config.configFile), ...v.apis.flatMap((api) => api.markdown.links)];
          const own = [
            ...checkLinks(links.filter((l) => l.emittedFrom === undefined), { routes: versionRoutes[i], files: fileSet, anchors: anchors(versionRendered[i], '') }, v.version.config),
            ...checkLinks(links.filter((l) => l.emittedFrom !== undefined), { routes: everyVersion!.routes, files: fileSet, anchors: everyVersion!.anchors }, config),
          ];
          found.push(...own.filter((d) => !seen.has(diagnosticKey(d))));
        }
        collect(found);
      });

      const outputStart = performance.now();
      await folders?.prune();
      const committed = options.write !== false ? (output ? await commitSoon(output, files) : writeOutput(config.outDir, files, outDirGuard(config, options))) : undefined;
      // The cache is pruned while the replaced output is removed in the background.
      memo?.finish(logger);
      if (committed) {
        bytes = committed.bytes;
        const warnings = await committed.previousRemoved;
        for (const d of warnings) logger.diagnostic(d);
        diagnostics.push(...warnings);
        timings.push(['output', performance.now() - outputStart]);
      }
    } catch (e) {
      await searchWritten?.catch(() => {});
      await validated; // an invalid spec explains a failed render
      throw e;
    }
    const taken = apiMemo?.taken();
    const versionsTaken = versionSites.flatMap((v) => (v.taken ? [{ name: v.version.name, ...v.taken }] : []));
    // Counted when read: serve --watch never reads it, and on a large site it costs more than a rebuild.
    return {
      config,
      files,
      pages: rendered.length + [...otherRendered, ...versionRendered].reduce((n, pages) => n + pages.length, 0),
      get bytes() {
        return (bytes ??= outputBytes(files));
      },
      diagnostics,
      timings,
      cached: memo && { pages: cachedPages, of: rendered.length + [...otherRendered, ...versionRendered].reduce((n, pages) => n + pages.length, 0), ...taken, ...(versionsTaken.length > 0 ? { versions: versionsTaken } : {}) },
      rendered: memo && renderedRoutes,
      hashedUrls: hashedUrls(siteModel).filter((url) => url !== ''),
      deferred,
      specRefFiles,
    };
  } finally {
    store?.remove();
    for (const validator of validators) validator?.terminate();
    linted?.terminate();
    await folders?.stop(); // its thread ends before the folder it writes in is removed
    output?.abort(); // after a commit, nothing to do
  }
}

/**
 * The openapi stage of each API, into `apis` and `verdicts`. A function of its own: a result held
 * in a local of build(), even one scoped to a loop, stays in its suspended frame until build()
 * returns (V8 keeps an async function's registers), and with it the API's parsed spec and model,
 * which build() lets go of after the site stage (the 35,000-page site: 300 MB kept alive).
 */
async function openapiStages(config: ResolvedConfig, options: BuildOptions, { latest, validators, memo, early }: { latest: DocVersion; validators: (Validator | undefined)[]; memo?: Memo; early: (EarlySpec | undefined)[] }, apis: ApiInput[], verdicts: Promise<Diagnostic[]>[]): Promise<void> {
  for (const [i, settings] of config.apis.entries()) {
    const specSource = specSourceOf(options, latest, config.apis, i);
    const { api, validated } = await openapiStage(apiConfig(config, settings), { ...options, specSource, validator: validators[i], memo, early: early[i] });
    apis.push(api!);
    verdicts.push(validated);
  }
}

/** The spec given to build() for API `i`, already loaded. It is the current docs' (serve --watch), not an older version's. */
function specSourceOf(options: BuildOptions, latest: DocVersion, apis: ResolvedConfig['apis'], i: number): SpecSource | undefined {
  return !latest.isCurrent ? undefined : (options.specSources?.get(apis[i].id) ?? (apis.length === 1 ? options.specSource : undefined));
}

/**
 * The openapi stage alone (check-links runs it without rendering): load the spec (or take
 * `specSource`), convert and model it, and start validating it. With a live memo (serve
 * --watch), an unchanged spec is neither parsed nor modelled again. Errors throw; `validated`
 * resolves to the warnings of the validator and the model, or rejects with the validator's errors.
 */
export async function openapiStage(config: ResolvedConfig, options: Pick<BuildOptions, 'strict' | 'specSource'> & { validator?: Validator | false; memo?: Memo; early?: EarlySpec } = {}): Promise<{ api?: ApiInput; validated: Promise<Diagnostic[]> }> {
  if (!config.openapi) return { validated: Promise.resolve([]) };
  const settings = config.openapi;
  const strict = options.strict ?? false;
  const { memo } = options;
  const spec = options.specSource ?? (await loadSpec(settings.spec, { root: config.root, timeoutMs: settings.timeoutMs, memo, early: options.early }));
  // The model holds a pending verdict and is what the site stage finds again by identity: only a live memo keeps it.
  const key = memo?.live ? digest(spec.source, textDigest(spec.source, spec.text), String(strict), config.onDuplicateRoutes) : undefined;
  let parsed = key ? memo!.get<ParsedSpec>(API_MODEL_STAGE, key) : undefined;
  if (!parsed) {
    const result = await parseApi(spec, { strict, validator: options.validator, memo, timeoutMs: settings.timeoutMs });
    let built: ReturnType<typeof buildApiModel>;
    try {
      built = buildApiModel(result.document, { onDuplicateRoutes: config.onDuplicateRoutes, source: spec.source });
    } catch (e) {
      await result.validated;
      throw e;
    }
    const validated = result.validated.then((warnings) => [...warnings, ...built.diagnostics]);
    validated.catch(() => {}); // awaited by the caller
    parsed = { document: result.document, model: built.model, validated, foundErrors: result.foundErrors, bundled: result.bundled, refFiles: result.refFiles };
    // A spec whose $refs name other files is more than its text: modelled again every build.
    if (key && !result.bundled) memo!.set(API_MODEL_STAGE, key, parsed);
  }
  // A fresh SpecMarkdown per build: it collects the spec's links as the site stage renders them.
  // Without a download link for this spec, the pages link to the copy the build writes.
  const copy = specCopy(config, settings, spec, parsed.bundled ? parsed.document : undefined);
  return {
    api: {
      settings: copy ? { ...settings, downloadUrl: copy.url } : settings,
      specCopy: copy,
      model: parsed.model,
      document: parsed.document,
      markdown: createSpecMarkdown(config, spec.source, parsed.document),
      source: spec.source,
      specDigest: parsed.bundled ? undefined : textDigest(spec.source, spec.text),
      // Not for a Swagger 2.0 spec: what the pages show is its conversion.
      text: parsed.bundled || 'swagger' in spec.document ? undefined : spec.text,
      linted: options.validator ? options.validator.linted() : undefined,
      refFiles: parsed.refFiles,
      foundErrors: parsed.foundErrors,
    },
    validated: parsed.validated,
  };
}

/** Thrown by the site stage when a spec's validation has found errors (ApiInput.foundErrors): the verdict is read instead. */
class SpecFoundInvalid extends Error {}

/** A live memo's entry for a spec: what openapiStage made of its text. */
interface ParsedSpec {
  document: Record<string, any>;
  model: ApiModel;
  validated: Promise<Diagnostic[]>;
  foundErrors: () => boolean;
  bundled: boolean;
  refFiles: string[];
}
const API_MODEL_STAGE = 'api-model';
/** A live memo's last Markdown copies of each site (markdown/siteMarkdown.ts LastCopies): 0 the latest, then the other locales and versions. */
const COPIES_STAGE = 'last-copies';
/** A live memo's last routes, anchors and link check of the latest version's pages (links/lastCheck.ts). */
const ROUTES_STAGE = 'last-routes';
const ANCHORS_STAGE = 'last-anchors';
const LINKS_STAGE = 'last-link-check';

/**
 * A search index made when first asked for, at a URL that does not change with its content (a
 * server sends it with no-cache), so that the build does not wait for it.
 */
function deferIndex(deferred: Map<string, () => string>, pages: PageModel[], make: (pages: PageModel[]) => BuiltSearchIndex, localePrefix = ''): { fileName: string; hash: string } {
  let built: BuiltSearchIndex | undefined;
  const fileName: BuiltSearchIndex['fileName'] = 'search-index.json';
  deferred.set(localePrefix + fileName, () => (built ??= make(pages)).content);
  return { fileName, hash: 'deferred' };
}

/** `/api/changelog`, with the API pages' sidebar, in the latest version's API section. */
function apiChangelogPage(config: ResolvedConfig, api: ApiInput, pages: PageModel[], pairs: ChangelogPair[], messages: Messages): PageModel {
  const own = apiConfig(config, api.settings);
  const landing = pages.find((page) => page.route === own.openapi!.route);
  return changelogPage({ config: own, messages, pairs, head: pageHead(own), apiTitle: api.model.title, sidebar: landing?.sidebar });
}

/** Identifies a problem whatever locale found it (same file, line and text). */
function diagnosticKey(d: Diagnostic): string {
  return `${d.code}|${d.location?.file ?? ''}|${d.location?.line ?? ''}|${d.text}`;
}

function isBuilt(index: { fileName: string; hash: string } | BuiltSearchIndex): index is BuiltSearchIndex {
  return 'files' in index;
}

/** The build cache on disk, when this build keeps one (see BuildOptions.cacheDir). */
function openBuildCache(config: ResolvedConfig, options: BuildOptions, writes: boolean, logger: Logger): DiskMemo | undefined {
  if (options.cacheDir === false || (options.cacheDir === undefined && !writes)) return undefined;
  const dir = path.resolve(config.root, options.cacheDir ?? DEFAULT_CACHE_DIR);
  return openDiskMemo(dir, engineDigest(), logger, path.relative(process.cwd(), dir) || '.');
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

/** How a promise has settled once the messages already waiting are handled; undefined while pending. */
async function settledNow<T>(promise: Promise<T>): Promise<{ failed: false; value: T } | { failed: true } | undefined> {
  let settled: { failed: false; value: T } | { failed: true } | undefined;
  promise.then(
    (value) => (settled = { failed: false, value }),
    () => (settled = { failed: true }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
