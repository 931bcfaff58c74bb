// The render stage of a full build: every page through renderPage, serially on small sites and
// in worker threads on large ones, and, when the build writes, each page straight into the
// output's temporary folder as soon as it is rendered, so the site's HTML is never all held in
// memory at once (what the links stage needs from a written page is its ids). With the build's
// memo, a page whose key has an entry is taken from it instead: from a file of the disk cache
// (read by whichever thread renders the page), or from memory in serve --watch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { IslandAssets } from '../islands/bundle';
import type { Logger } from '../diagnostics/logger';
import type { PageModel, SidebarItem, SiteModel } from '../shared/viewModels';
import { collectGarbage, startWorker } from '../workers';
import { storedRef, stubOf, type PageStore, type PlacedRef } from '../site/pageStore';
import type { SettledLinks } from '../openapi/placeholders';
import { idsOf, PROGRESS_THRESHOLD, renderFailed, renderPage } from './renderPages';
import { CORRUPT, entryFile, isFileEntry, readEntry, readFileEntry, writeEntry, writeFileEntry, type FileEntry } from '../cache/diskMemo';
import { PAGE_HTML_STAGE, PAGE_MARKDOWN_STAGE, PAGE_STAGE } from '../cache/pageKeys';
import { insideOutput } from '../output/insideOutput';
import { tryLink, writeOrLink, type LinkState } from '../output/reuse';
import { throughGate, writersEnded, type WriteGate } from '../output/writeGate';
import { listedInLlms, pageMarkdown, markdownFileOf, markdownHrefOf, orderSidebars, sidebarOrder, wantsMarkdown } from '../markdown/pageFiles';
import { stepsYielding, type Steps } from '../steps';

/**
 * Above this many pages rendering moves to worker threads. Below it a worker's start-up
 * (loading React and the templates, ~0.2 s) and copying the page models over cost more than
 * the second core gives back.
 */
export const PARALLEL_THRESHOLD = 500;
/** Pages per message to a worker: large enough that messaging is noise, small enough to balance. */
const BATCH_SIZE = 25;
/**
 * Batches a worker is sent before it has replied: it starts the next as soon as it ends one,
 * instead of waiting for this thread to read its reply and make the next batch (the pages'
 * cache keys, the message). From the cache, where a page is a read and a write, each thread of
 * the 7,000-page site waited about 0.5 s of its 3 s so (BENCHMARKS.md).
 */
const BATCHES_AHEAD = 2;
/** Each worker holds its own React and copies of the models it renders; more rarely pays. */
const MAX_THREADS = 4;

/** A rendered page: its HTML when kept in memory, its ids and size when written to the output. */
export interface SitePage {
  route: string;
  file: string;
  html?: string;
  ids?: Set<string>;
  bytes?: number;
  /** A page with a Markdown copy (src/markdown/): its file, its description, and its text when kept in memory (an API page's; a guide's is made from its source). */
  markdown?: {
    file: string;
    description: string;
    text?: string;
    order?: number;
    /** Listed in llms.txt (pages that only list others are not). */
    listed?: boolean;
    /** Where llms-full.txt cuts the copy's "Schemas" section (markdown/apiMarkdown.ts MarkdownCopy). */
    appendixAt?: number;
  };
}

export interface RenderSiteOptions {
  logger: Logger;
  sources: Map<string, string>;
  assets: Pick<IslandAssets, 'runtime' | 'islands' | 'theme'>;
  /** Route → output path of its HTML file (site-relative). */
  fileOf: (route: string) => string;
  /** The base URL `fileOf`'s paths are under, when it is not the pages' own (a locale's pages are under the site's). */
  filesBaseUrl?: string;
  /** Write each page into this folder as it is rendered instead of returning its HTML. */
  outDir?: string;
  /** Folders of `outDir` made already (OutputDir.makeFoldersSoon): a page's writer does not make them again. */
  madeFolders?: ReadonlySet<string>;
  /** What each page's files go through into `outDir` (OutputDir.gate): once it is closed, nothing more is written there. */
  gate?: WriteGate;
  /** The output folder the build replaces (OutputDir.previous): a page's unchanged file there is linked, not written (output/reuse.ts). */
  previousDir?: string;
  /** Render threads; default: renderThreads(). 1 renders in this thread. */
  threads?: number;
  /**
   * Let go of each page model once a worker has it (its entry in `pages` becomes undefined): the
   * models of a large site are most of this thread's memory, and the workers' grows meanwhile.
   */
  release?: boolean;
  /** With `release`: collect this thread's garbage halfway too, not only as the workers start (default true; see build.ts collectWhileRendering). */
  collect?: boolean;
  /** Where the stored pages' bodies are (site/pageStore.ts): each is read by the thread that renders it. */
  store?: PageStore;
  /** Only these ids are kept of a written page (the anchors links ask for: keeping every id of every page grew with the site). */
  wantedIds?: ReadonlySet<string>;
  /** A stored page of `kind` showed the checked spec links `found` of API `api` (openapi/markdown.ts countShown). */
  onSpecLinks?: (api: number, kind: string, found: number[]) => void;
  /** The build's memo: a page whose key has an entry is taken from it, not rendered; a rendered one gets its entry. */
  memo?: RenderMemo;
}

/** The page entries of the build's memo (cache/memo.ts, cache/pageKeys.ts). */
export interface RenderMemo {
  /** Where the entries are: files in a folder (the disk cache: every render thread reads and writes them), or kept in this thread (a live memo). */
  entries: PageEntries;
  /** The content-hashed URLs every page shows in this build (cache/pageKeys.ts hashedUrls). */
  hashed: string[];
  key: (page: PageModel) => string;
  /** Each page's key, and how its entry served it. */
  onPage: (route: string, key: string, served: EntryUse) => void;
  /** A live memo's last render of these pages, under what is around them (cache/pageKeys.ts pageContext). */
  last?: { get(): LastRender | undefined; set(last: LastRender): void };
}

export type PageEntries = { dir: string } | { get(key: string): PageEntry | undefined; set(key: string, entry: PageEntry): void };

/**
 * What a page's entry holds: its HTML with the hashed URLs it was rendered with, its ids, and the
 * checked spec links it shows. In a file, the HTML as UTF-8 and the ids as a list; in memory,
 * the page's own string and set, handed out again as they are.
 */
export interface PageEntry {
  /** In memory the page's string; on disk what the file entry of its bytes holds (cache/diskMemo.ts FileEntry). */
  html: string | FileEntry;
  hashed: string[];
  found: number[];
  ids: string[] | Set<string>;
  /** An API page's Markdown copy (src/markdown/), when it has one: as `html`. */
  markdown?: string | FileEntry;
  /** SitePage's `markdown.appendixAt`. */
  appendixAt?: number;
}

/** How many threads render a site of `pageCount` pages. */
export function renderThreads(pageCount: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, Math.floor(requested));
  if (pageCount <= PARALLEL_THRESHOLD) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), MAX_THREADS));
}

export async function renderSite(site: SiteModel, pages: PageModel[], options: RenderSiteOptions): Promise<SitePage[]> {
  // Entries kept in memory (a live memo) are this thread's: so is the rendering.
  const shared = !options.memo || 'dir' in options.memo.entries;
  const sidebars = site.markdown ? orderSidebars(pages) : [];
  const hashed = [site.stylesheetHref, site.search.indexUrl];
  const last = options.memo?.last?.get();
  const reusable = last !== undefined && sameItems(last.hashed, hashed) ? last : undefined;
  const input = options.memo?.last ? pages.slice() : [];
  // A page the last render had is taken from it as it is (serve --watch): nothing of it is read,
  // which on a large site is most of a save's time (BENCHMARKS.md). It is looked for at the same
  // place, and elsewhere only when a page came or went before it.
  let placeOf: Map<PageModel, number> | undefined;
  const keptAt = reusable ? pages.map((page, i) => (page === reusable.pages[i] ? i : ((placeOf ??= new Map(reusable.pages.map((p, j) => [p, j]))).get(page) ?? -1))) : [];
  const kept = keptAt.map((at) => at >= 0);
  const todo = reusable ? pages.filter((_, i) => !kept[i]) : pages;
  for (const at of keptAt) if (at >= 0) options.memo!.onPage(reusable!.routes[at], reusable!.keys[at], KEPT);
  const threads = shared ? Math.min(renderThreads(todo.length, options.threads), Math.ceil(todo.length / BATCH_SIZE)) : 1;
  // The pages with a Markdown copy link to it (set before their cache keys are taken, which include it).
  const described = new Map<string, { file: string; description: string; order?: number; listed: boolean }>();
  const order = site.markdown ? sidebarOrder(sidebars) : undefined;
  const baseUrl = options.filesBaseUrl ?? site.baseUrl;
  for (const page of site.markdown ? todo : []) {
    if (!wantsMarkdown(site, page)) continue;
    const file = markdownFileOf(options.fileOf(page.route));
    page.markdownHref = markdownHrefOf(baseUrl, file);
    described.set(page.route, { file, description: page.head.description, order: order!.get(page.route), listed: listedInLlms(page) });
  }
  const made = await (threads > 1 ? renderInWorkers(site, todo, options, threads) : stepsYielding(renderHere(site, todo, options)));
  for (const page of described.size > 0 ? made : []) {
    const seen = described.get(page.route);
    if (seen) page.markdown = { ...seen, ...(page.markdown?.text !== undefined ? { text: page.markdown.text } : {}), ...(page.markdown?.appendixAt !== undefined ? { appendixAt: page.markdown.appendixAt } : {}) };
  }
  if (!options.memo?.last) return made;
  let next = 0;
  // The sidebars give the order llms.txt lists the pages in: a kept page's place in it may have moved.
  const reordered = reusable && !sameItems(reusable.sidebars, sidebars) ? order : undefined;
  const rendered = reusable ? keptAt.map((at) => (at >= 0 ? inOrder(reusable.rendered[at], reordered) : made[next++])) : made;
  const routes = input.map((page, i) => (kept[i] ? reusable!.routes[keptAt[i]] : page.route));
  const keys = input.map((page, i) => (kept[i] ? reusable!.keys[keptAt[i]] : options.memo!.key(page)));
  options.memo.last.set({ pages: input, sidebars, hashed, rendered, routes, keys });
  return rendered;
}

const KEPT: EntryUse = { reused: true, corrupt: false, changed: false, unwritten: false };

/** A kept page with its Markdown copy's place in `order` (when given and moved). */
function inOrder(page: SitePage, order: Map<string, number> | undefined): SitePage {
  if (!order || !page.markdown || page.markdown.order === order.get(page.route)) return page;
  return { ...page, markdown: { ...page.markdown, order: order.get(page.route) } };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * A live memo's last render of a site's pages (serve --watch): the pages in order, what decided
 * the order llms.txt lists them in (the sidebars read) and the hashed URLs every page shows, and
 * what each page gave.
 */
export interface LastRender {
  pages: PageModel[];
  sidebars: SidebarItem[][];
  hashed: string[];
  rendered: SitePage[];
  routes: string[];
  keys: string[];
}

/** What rendering one page needs, besides the page: the same in this thread and in the workers. */
export interface PageWriter extends LinkState {
  assets: RenderSiteOptions['assets'];
  outDir?: string;
  gate?: WriteGate;
  previousDir?: string;
  wantedIds?: ReadonlySet<string>;
  /** Folders made so far. */
  dirs: Set<string>;
  /** The memo's page entries. */
  entries?: PageEntries;
  /** Whether the disk cache's files can be linked into the output (one file system). */
  cacheLinks?: LinkState;
  /** Where this thread reads a cached page's HTML and Markdown copy, reused page after page. */
  buffer?: { bytes: Buffer };
  markdownBuffer?: { bytes: Buffer };
}

/**
 * How a page's cache entry served it: taken from it; found corrupt (and rendered), `changed` when
 * it was its files (the output's pages are hard links to them: cache/diskMemo.ts FileEntry); could
 * not be written.
 */
export interface EntryUse {
  reused: boolean;
  corrupt: boolean;
  changed: boolean;
  unwritten: boolean;
}

/** What producing a page gave: the page, the checked spec links it shows, and how the cache served it. */
export interface ProducedPage extends EntryUse {
  page: SitePage;
  found: number[];
}

/**
 * One page, taken from the cache when `key` has an entry there, else loaded (`load`: the model
 * and the checked spec links its body shows), rendered and given its entry; with `outDir`,
 * written there. Shared by this thread and the workers.
 */
export function produceSitePage(site: SiteModel, route: string, file: string, entry: PageJob['entry'], load: () => { page: PageModel; found: number[] }, writer: PageWriter): ProducedPage {
  const entries = entry && writer.entries;
  const dir = entries && 'dir' in entries ? entries.dir : undefined;
  const paths = dir === undefined ? undefined : { entry: entryFile(dir, PAGE_STAGE, entry!.key), html: entryFile(dir, PAGE_HTML_STAGE, entry!.key), markdown: entryFile(dir, PAGE_MARKDOWN_STAGE, entry!.key) };
  const cached = !entries ? undefined : paths ? pageEntryIn(readEntry(paths.entry)) : (entries as Exclude<PageEntries, { dir: string }>).get(entry!.key);
  let corrupt = cached === CORRUPT;
  let changed = false;
  if (cached && cached !== CORRUPT) {
    const page = paths ? fromDiskEntry(cached, paths, route, file, entry!.hashed, writer) : fromEntry(cached, cached.html as string, cached.markdown as string | undefined, route, file, entry!.hashed, writer);
    if (page !== undefined && page !== CORRUPT) return { page, found: cached.found, reused: true, corrupt: false, changed: false, unwritten: false };
    corrupt = changed = page === CORRUPT;
  }
  const { page, found } = load();
  const text = renderPage(site, page, writer.assets);
  const ids = idsOf(text);
  const copy = page.markdownHref ? pageMarkdown(page) : undefined;
  const markdown = copy?.text;
  const appendixAt = copy?.appendixAt;
  if (entries && !paths) {
    (entries as Exclude<PageEntries, { dir: string }>).set(entry!.key, { html: text, hashed: entry!.hashed, found, ids, markdown, appendixAt });
    return { page: writeSitePage(route, file, text, ids, writer, markdown, appendixAt), found, reused: false, corrupt, changed, unwritten: false };
  }
  // Encoded once, when it is written: writeFileSync of the string and Buffer.byteLength each walked the whole page.
  const bytes = paths === undefined && writer.outDir === undefined ? undefined : Buffer.from(text);
  const markdownBytes = paths === undefined || markdown === undefined ? markdown : Buffer.from(markdown);
  const written = writeSitePage(route, file, bytes ?? text, ids, writer, markdownBytes, appendixAt);
  if (!paths) return { page: written, found, reused: false, corrupt, changed, unwritten: false };
  // The files first, linked from the ones just written into the output, then the record that finds them.
  const keep = (entryPath: string, content: Buffer, rel: string) => writeFileEntry(entryPath, content, writer.outDir === undefined ? undefined : insideOutput(writer.outDir, rel), (writer.cacheLinks ??= {}));
  const html = keep(paths.html, bytes!, file);
  const md = markdownBytes === undefined ? undefined : keep(paths.markdown, markdownBytes as Buffer, markdownFileOf(file));
  const unwritten = !html || (markdownBytes !== undefined && !md) || !writeEntry(paths.entry, { html, hashed: entry!.hashed, found, ids: [...ids], ...(md ? { markdown: md, appendixAt } : {}) } satisfies PageEntry);
  return { page: written, found, reused: false, corrupt, changed, unwritten };
}

/**
 * A page from a disk entry: its files, checked, are linked into the output (the HTML when it
 * shows this build's hashed URLs, else written with them swapped in). CORRUPT when a file is not
 * what was written; undefined when the entry cannot serve the page.
 */
function fromDiskEntry(cached: PageEntry, paths: { html: string; markdown: string }, route: string, file: string, hashed: readonly string[], writer: PageWriter): SitePage | undefined | typeof CORRUPT {
  const { html, markdown } = cached;
  if (!isFileEntry(html) || (markdown !== undefined && !isFileEntry(markdown))) return undefined;
  // Both checked before either is placed: a page with a damaged file is rendered whole again.
  const markdownBytes = markdown === undefined ? undefined : readFileEntry(paths.markdown, markdown, (writer.markdownBuffer ??= { bytes: Buffer.alloc(0) }));
  if (markdownBytes === CORRUPT || (markdown !== undefined && markdownBytes === undefined)) return markdownBytes;
  const bytes = readFileEntry(paths.html, html, (writer.buffer ??= { bytes: Buffer.alloc(0) }));
  if (bytes === undefined || bytes === CORRUPT) return bytes;
  if (writer.outDir === undefined || !sameItems(cached.hashed, hashed)) return fromEntry(cached, bytes, markdownBytes?.toString(), route, file, hashed, writer);
  placeFile(paths.html, file, bytes, writer);
  if (markdownBytes !== undefined) placeFile(paths.markdown, markdownFileOf(file), markdownBytes, writer);
  return { route, file, ids: keptIds(new Set(cached.ids), writer.wantedIds), bytes: bytes.byteLength, ...cutAt(file, cached.appendixAt) };
}

/** A file entry into the output as `rel`: hard-linked, so its bytes are not written again, or written where it cannot be (another file system). */
function placeFile(entryPath: string, rel: string, bytes: Buffer, writer: PageWriter): void {
  const target = insideOutput(writer.outDir!, rel);
  throughGate(writer.gate, () => {
    makeFolder(target, writer);
    if (!tryLink(entryPath, target, (writer.cacheLinks ??= {}))) writeOrLink(target, bytes, writer.previousDir === undefined ? undefined : insideOutput(writer.previousDir, rel), writer);
  });
}

/** A page from its entry's HTML (`html`), with this build's hashed URLs swapped in; undefined when they cannot be. */
function fromEntry(cached: PageEntry, html: Buffer | string, markdown: string | undefined, route: string, file: string, hashed: readonly string[], writer: PageWriter): SitePage | undefined {
  const swapped = withHashedUrls(cached.hashed, html, hashed);
  if (swapped === undefined) return undefined;
  return writeSitePage(route, file, swapped, cached.ids instanceof Set ? cached.ids : new Set(cached.ids), writer, markdown, cached.appendixAt);
}

/**
 * What a disk entry's file held, when it is a page entry (another version's, or a damaged one,
 * is not: the page is rendered again). Entries kept in memory are this process's own and are not
 * checked: on a 5,000-page site serve --watch takes every page from them on every save.
 */
function pageEntryIn(value: unknown): PageEntry | typeof CORRUPT | undefined {
  if (value === CORRUPT || value === undefined) return value;
  const entry = value as PageEntry;
  return isFileEntry(entry.html) && Array.isArray(entry.ids) && Array.isArray(entry.hashed) && Array.isArray(entry.found) && (entry.appendixAt === undefined || Number.isSafeInteger(entry.appendixAt)) ? entry : undefined;
}

/** HTML rendered with the hashed URLs `from`, with this build's (`to`) in their place; undefined when they cannot be swapped. */
export function withHashedUrls(from: readonly string[], html: Buffer | string, to: readonly string[]): Buffer | string | undefined {
  if (from.length !== to.length) return undefined;
  for (let i = 0; i < to.length; i++) {
    const url = from[i];
    if (url === to[i]) continue;
    if (url === '' || to[i] === '') return undefined;
    html = typeof html === 'string' ? html.split(url).join(to[i]) : replaceAll(html, Buffer.from(url), Buffer.from(to[i]));
  }
  return html;
}

function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, start)) {
    parts.push(bytes.subarray(start, at), to);
    start = at + from.length;
  }
  if (start === 0) return bytes;
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

/** The page (and its Markdown copy) into the output folder, or returned without one. */
function writeSitePage(route: string, file: string, html: Buffer | string, ids: Set<string>, writer: PageWriter, markdown?: Buffer | string, appendixAt?: number): SitePage {
  if (writer.outDir === undefined) return { route, file, html: html.toString(), ids, ...(markdown !== undefined ? { markdown: { file: markdownFileOf(file), description: '', text: markdown.toString(), ...(appendixAt !== undefined ? { appendixAt } : {}) } } : {}) };
  writeFile(file, html, writer);
  if (markdown !== undefined) writeFile(markdownFileOf(file), markdown, writer);
  return { route, file, ids: keptIds(ids, writer.wantedIds), bytes: Buffer.byteLength(html), ...cutAt(file, markdown === undefined ? undefined : appendixAt) };
}

/** A written copy's place for llms-full.txt's cut (the rest of SitePage.markdown is the render stage's to add). */
function cutAt(file: string, appendixAt: number | undefined): Pick<SitePage, 'markdown'> {
  return appendixAt === undefined ? {} : { markdown: { file: markdownFileOf(file), description: '', appendixAt } };
}

/** A file of the page into the output's temporary folder, linked from the replaced output when it is unchanged there. */
function writeFile(file: string, content: Buffer | string, writer: PageWriter): void {
  const target = insideOutput(writer.outDir!, file);
  throughGate(writer.gate, () => {
    makeFolder(target, writer);
    writeOrLink(target, content, writer.previousDir === undefined ? undefined : insideOutput(writer.previousDir, file), writer);
  });
}

function makeFolder(target: string, writer: PageWriter): void {
  const dir = path.dirname(target);
  if (!writer.dirs.has(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    writer.dirs.add(dir);
  }
}

function keptIds(ids: Set<string>, wanted: ReadonlySet<string> | undefined): Set<string> {
  if (!wanted) return ids;
  const kept = new Set<string>();
  for (const id of ids) if (wanted.has(id)) kept.add(id);
  return kept;
}

/**
 * In steps (steps.ts): a signal waits for the page being rendered, not for every page. A page
 * usually takes milliseconds, but 372 pages of a spec whose schemas expanded to the node budget
 * held a CI runner's SIGTERM for four minutes.
 */
function* renderHere(site: SiteModel, pages: PageModel[], options: RenderSiteOptions): Steps<SitePage[]> {
  const out: SitePage[] = [];
  const { memo } = options;
  const writer: PageWriter = { assets: options.assets, outDir: options.outDir, gate: options.gate, previousDir: options.previousDir, wantedIds: options.wantedIds, dirs: new Set(options.madeFolders), entries: memo?.entries };
  const showProgress = pages.length > PROGRESS_THRESHOLD;
  for (const [i, page] of pages.entries()) {
    if (options.release) pages[i] = undefined as unknown as PageModel;
    const entry = memo && { key: memo.key(page), hashed: memo.hashed };
    try {
      const produced = produceSitePage(site, page.route, options.fileOf(page.route), entry, () => withStoredBody(page, options.store), writer);
      const ref = storedRef(page);
      if (ref && produced.found.length > 0) options.onSpecLinks?.(ref.api, ref.kind, produced.found);
      if (entry) memo!.onPage(page.route, entry.key, produced);
      out.push(produced.page);
    } catch (cause) {
      throw renderFailed(page.route, cause as Error, options.sources, options.assets.theme);
    }
    if (showProgress && (i % 25 === 24 || i === pages.length - 1)) options.logger.progress('rendering pages', i + 1, pages.length);
    yield;
  }
  return out;
}

/** A page with its body read back when it is stored, and the checked spec links that shows. */
function withStoredBody(page: PageModel, store: PageStore | undefined): { page: PageModel; found: number[] } {
  const ref = store && storedRef(page);
  if (!ref) return { page, found: [] };
  const { body, found } = store!.readSettled(ref);
  return { page: { ...stubOf(page), body }, found };
}

/** What a worker is started with (src/render/renderWorker.ts). */
export interface RenderWorkerData {
  site: SiteModel;
  assets: RenderSiteOptions['assets'];
  outDir?: string;
  /** RenderSiteOptions.madeFolders. */
  madeFolders?: string[];
  gate?: WriteGate;
  previousDir?: string;
  wantedIds?: ReadonlySet<string>;
  /** Each API's settled links, when pages are stored. */
  store?: { settled: (SettledLinks | undefined)[] };
  /** The folder of the memo's page entries: only entries in files can be shared with a thread. */
  entries?: { dir: string };
}
/** A page, or a stored page's stub and the place of its body; `entry`: its cache key and its hashed URLs. */
export type PageJob = ({ page: PageModel } | { stub: Omit<PageModel, 'body'>; ref: PlacedRef }) & { file: string; entry?: { key: string; hashed: string[] } };
export type RenderWorkerRequest = { batch: number; pages: PageJob[] };
/**
 * `specLinks`: the checked spec links each stored page showed (see RenderSiteOptions.onSpecLinks);
 * `cache`: per page, whether its cache entry was reused and whether it was corrupt.
 */
export type RenderWorkerReply = { batch: number; results: SitePage[]; specLinks: { api: number; kind: string; found: number[] }[]; cache: EntryUse[] } | { batch: number; failed: { route: string; message: string; stack?: string } };

/**
 * Batches go to whichever worker is free, results land at their page's index, so the returned
 * order (and every byte, renderPage being the same function) is the serial one.
 */
async function renderInWorkers(site: SiteModel, pages: PageModel[], options: RenderSiteOptions, threads: number): Promise<SitePage[]> {
  const results: SitePage[] = new Array(pages.length);
  const batches: number[] = [];
  for (let start = 0; start < pages.length; start += BATCH_SIZE) batches.push(start);
  const data: RenderWorkerData = {
    site,
    assets: { runtime: options.assets.runtime, islands: options.assets.islands, theme: options.assets.theme },
    outDir: options.outDir,
    madeFolders: options.madeFolders && [...options.madeFolders],
    gate: options.gate,
    previousDir: options.previousDir,
    wantedIds: options.wantedIds,
    store: options.store && { settled: options.store.settled },
    entries: options.memo && 'dir' in options.memo.entries ? { dir: options.memo.entries.dir } : undefined,
  };
  // Stored pages go as their stub and the place of their body: the thread reads the body itself.
  const keys: string[] = new Array(pages.length);
  const job = (page: PageModel, i: number): PageJob => {
    const ref = storedRef(page);
    const entry = options.memo && { key: (keys[i] = options.memo.key(page)), hashed: options.memo.hashed };
    const file = options.fileOf(page.route);
    return ref ? { stub: stubOf(page), ref, file, entry } : { page, file, entry };
  };
  const workers: Worker[] = [];
  let done = 0;
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const feed = (worker: Worker) => {
        if (next >= batches.length) return;
        const start = batches[next++];
        const slice = pages.slice(start, start + BATCH_SIZE);
        worker.postMessage({ batch: start, pages: slice.map((page, j) => job(page, start + j)) } satisfies RenderWorkerRequest);
        if (options.release) {
          pages.fill(undefined as unknown as PageModel, start, start + slice.length);
          // Halfway, half the models are garbage, as the workers' heaps near their largest.
          if (next === batches.length >> 1 && options.collect !== false) collectGarbage();
        }
      };
      for (let i = 0; i < threads; i++) {
        const worker = startWorker('render-worker', 'render/renderWorker.ts', data);
        workers.push(worker);
        worker.on('message', (reply: RenderWorkerReply) => {
          if ('failed' in reply) return reject(renderFailed(reply.failed.route, reply.failed, options.sources, options.assets.theme));
          reply.results.forEach((r, j) => (results[reply.batch + j] = r));
          for (const { api, kind, found } of reply.specLinks) options.onSpecLinks?.(api, kind, found);
          if (options.memo) reply.cache.forEach((served, j) => options.memo!.onPage(reply.results[j].route, keys[reply.batch + j], served));
          done += reply.results.length;
          // The threads are named: `--threads` is a trade of memory for speed, and this says what was chosen.
          if (pages.length > PROGRESS_THRESHOLD) options.logger.progress(`rendering pages (${threads} threads)`, done, pages.length);
          if (done === pages.length) resolve();
          else feed(worker);
        });
        worker.on('error', (cause) => reject(new Error(`A render worker failed: ${cause.message}`, { cause })));
        worker.on('exit', (code) => {
          if (next < batches.length || done < pages.length) reject(new Error(`A render worker stopped (exit code ${code}) before the pages were rendered.`));
        });
      }
      // One batch to each in turn: a site of a few batches is shared out, not sent to the first.
      for (let ahead = 0; ahead < BATCHES_AHEAD; ahead++) for (const worker of workers) feed(worker);
      // While the workers start (loading React and the templates), this thread is idle: the time
      // to return the garbage of the stages before, before their heaps grow.
      if (options.release) collectGarbage();
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    // Only these threads wrote through the gate while they ran, and none runs now.
    if (options.gate) writersEnded(options.gate);
  }
  return results;
}

