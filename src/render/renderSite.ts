// The render stage of a full build: every page through renderPage, serially on small sites and
// in worker threads on large ones, and, when the build writes, each page straight into the
// output's temporary folder as soon as it is rendered, so the site's HTML is never all held in
// memory at once (what the links stage needs from a written page is its ids). serve --watch's
// incremental path keeps using renderPages (src/build.ts, renderWithCache).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { IslandAssets } from '../islands/bundle';
import type { Logger } from '../diagnostics/logger';
import type { PageModel, SiteModel } from '../shared/viewModels';
import { collectGarbage, startWorker } from '../workers';
import { storedRef, stubOf, type PageStore, type StoredRef } from '../site/pageStore';
import type { SettledLinks } from '../openapi/placeholders';
import { idsOf, PROGRESS_THRESHOLD, renderFailed, renderPage } from './renderPages';

/**
 * Above this many pages rendering moves to worker threads. Below it a worker's start-up
 * (loading React and the templates, ~0.2 s) and copying the page models over cost more than
 * the second core gives back.
 */
export const PARALLEL_THRESHOLD = 500;
/** Pages per message to a worker: large enough that messaging is noise, small enough to balance. */
const BATCH_SIZE = 25;
/** Each worker holds its own React and copies of the models it renders; more rarely pays. */
const MAX_THREADS = 4;

/** A rendered page: its HTML when kept in memory, its ids and size when written to the output. */
export interface SitePage {
  route: string;
  file: string;
  html?: string;
  ids?: Set<string>;
  bytes?: number;
}

export interface RenderSiteOptions {
  logger: Logger;
  sources: Map<string, string>;
  assets: Pick<IslandAssets, 'runtime' | 'islands'>;
  /** Route → output path of its HTML file (site-relative). */
  fileOf: (route: string) => string;
  /** Write each page into this folder as it is rendered instead of returning its HTML. */
  outDir?: string;
  /** Render threads; default: renderThreads(). 1 renders in this thread. */
  threads?: number;
  /**
   * Let go of each page model once a worker has it (its entry in `pages` becomes undefined): the
   * models of a large site are most of this thread's memory, and the workers' grows meanwhile.
   */
  release?: boolean;
  /** Where the stored pages' bodies are (site/pageStore.ts): each is read by the thread that renders it. */
  store?: PageStore;
  /** Only these ids are kept of a written page (the anchors links ask for: keeping every id of every page grew with the site). */
  wantedIds?: ReadonlySet<string>;
  /** A stored page of `kind` showed the checked spec links `found` of API `api` (openapi/markdown.ts countShown). */
  onSpecLinks?: (api: number, kind: string, found: number[]) => void;
}

/** How many threads render a site of `pageCount` pages. */
export function renderThreads(pageCount: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, Math.floor(requested));
  if (pageCount <= PARALLEL_THRESHOLD) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), MAX_THREADS));
}

export async function renderSite(site: SiteModel, pages: PageModel[], options: RenderSiteOptions): Promise<SitePage[]> {
  const threads = Math.min(renderThreads(pages.length, options.threads), Math.ceil(pages.length / BATCH_SIZE));
  return threads > 1 ? renderInWorkers(site, pages, options, threads) : renderHere(site, pages, options);
}

/** What rendering one page needs, besides the page: the same in this thread and in the workers. */
export interface PageWriter {
  assets: RenderSiteOptions['assets'];
  outDir?: string;
  wantedIds?: ReadonlySet<string>;
  /** Folders made so far. */
  dirs: Set<string>;
}

/** Renders one page and, with `outDir`, writes it there. Shared by this thread and the workers. */
export function renderSitePage(site: SiteModel, page: PageModel, file: string, { assets, outDir, wantedIds, dirs }: PageWriter): SitePage {
  const html = renderPage(site, page, assets);
  if (outDir === undefined) return { route: page.route, file, html };
  const target = path.join(outDir, file);
  const dir = path.dirname(target);
  if (!dirs.has(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    dirs.add(dir);
  }
  // Encoded once: writeFileSync of the string and Buffer.byteLength each walked the whole page.
  const bytes = Buffer.from(html);
  fs.writeFileSync(target, bytes);
  return { route: page.route, file, ids: keptIds(html, wantedIds), bytes: bytes.length };
}

function keptIds(html: string, wanted: ReadonlySet<string> | undefined): Set<string> {
  const ids = idsOf(html);
  if (!wanted) return ids;
  const kept = new Set<string>();
  for (const id of ids) if (wanted.has(id)) kept.add(id);
  return kept;
}

function renderHere(site: SiteModel, pages: PageModel[], options: RenderSiteOptions): SitePage[] {
  const out: SitePage[] = [];
  const writer: PageWriter = { assets: options.assets, outDir: options.outDir, wantedIds: options.wantedIds, dirs: new Set() };
  const showProgress = pages.length > PROGRESS_THRESHOLD;
  for (const [i, stored] of pages.entries()) {
    const page = options.store ? withStoredBody(stored, options.store, options.onSpecLinks) : stored;
    if (options.release) pages[i] = undefined as unknown as PageModel;
    try {
      out.push(renderSitePage(site, page, options.fileOf(page.route), writer));
    } catch (cause) {
      throw renderFailed(page.route, cause as Error, options.sources);
    }
    if (showProgress && (i % 25 === 24 || i === pages.length - 1)) options.logger.progress('rendering pages', i + 1, pages.length);
  }
  return out;
}

/** A stored page with its body read back, and its spec links counted. */
function withStoredBody(page: PageModel, store: PageStore, onSpecLinks: RenderSiteOptions['onSpecLinks']): PageModel {
  const ref = storedRef(page);
  if (!ref) return page;
  const { body, found } = store.readSettled(ref);
  if (found.length > 0) onSpecLinks?.(ref.api, ref.kind, found);
  return { ...stubOf(page), body };
}

/** What a worker is started with (src/render/renderWorker.ts). */
export interface RenderWorkerData {
  site: SiteModel;
  assets: RenderSiteOptions['assets'];
  outDir?: string;
  wantedIds?: ReadonlySet<string>;
  /** The page store's file and each API's settled links, when pages are stored. */
  store?: { file: string; settled: (SettledLinks | undefined)[] };
}
/** A page, or a stored page's stub and the place of its body. */
export type PageJob = { page: PageModel; file: string } | { stub: Omit<PageModel, 'body'>; ref: StoredRef; file: string };
export type RenderWorkerRequest = { batch: number; pages: PageJob[] };
/** `specLinks`: the checked spec links each stored page showed (see RenderSiteOptions.onSpecLinks). */
export type RenderWorkerReply = { batch: number; results: SitePage[]; specLinks: { api: number; kind: string; found: number[] }[] } | { batch: number; failed: { route: string; message: string; stack?: string } };

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
    assets: { runtime: options.assets.runtime, islands: options.assets.islands },
    outDir: options.outDir,
    wantedIds: options.wantedIds,
    store: options.store && { file: options.store.file, settled: options.store.settled },
  };
  // Stored pages go as their stub and the place of their body: the thread reads the body itself.
  const job = (page: PageModel): PageJob => {
    const ref = storedRef(page);
    return ref ? { stub: stubOf(page), ref, file: options.fileOf(page.route) } : { page, file: options.fileOf(page.route) };
  };
  const workers: Worker[] = [];
  let done = 0;
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let idle = 0;
      const feed = (worker: Worker) => {
        if (next >= batches.length) {
          if (++idle === threads) resolve();
          return;
        }
        const start = batches[next++];
        const slice = pages.slice(start, start + BATCH_SIZE);
        worker.postMessage({ batch: start, pages: slice.map(job) } satisfies RenderWorkerRequest);
        if (options.release) {
          pages.fill(undefined as unknown as PageModel, start, start + slice.length);
          // Halfway, half the models are garbage, as the workers' heaps near their largest.
          if (next === batches.length >> 1) collectGarbage();
        }
      };
      for (let i = 0; i < threads; i++) {
        const worker = startWorker('render-worker', 'render/renderWorker.ts', data);
        workers.push(worker);
        worker.on('message', (reply: RenderWorkerReply) => {
          if ('failed' in reply) return reject(renderFailed(reply.failed.route, reply.failed, options.sources));
          reply.results.forEach((r, j) => (results[reply.batch + j] = r));
          for (const { api, kind, found } of reply.specLinks) options.onSpecLinks?.(api, kind, found);
          done += reply.results.length;
          if (pages.length > PROGRESS_THRESHOLD) options.logger.progress('rendering pages', done, pages.length);
          feed(worker);
        });
        worker.on('error', (cause) => reject(new Error(`A render worker failed: ${cause.message}`, { cause })));
        worker.on('exit', (code) => {
          if (next < batches.length || done < pages.length) reject(new Error(`A render worker stopped (exit code ${code}) before the pages were rendered.`));
        });
        feed(worker);
      }
      // While the workers start (loading React and the templates), this thread is idle: the time
      // to return the garbage of the stages before, before their heaps grow.
      if (options.release) collectGarbage();
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

