// The state of `serve --watch`, in one context object (after esbuild's BuildContext): the last
// good build held in memory, the error of the last failed build, the build's memo (a LiveMemo:
// the same stages and keys as `docsgen build`'s cache on disk, kept in memory), and a queue
// that coalesces changes arriving while a build runs into one next build. chokidar feeds it;
// the server reads `state` and subscribes to its events.
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../build';
import { LiveMemo } from '../cache/liveMemo';
import { loadConfig, type LoadedConfig } from '../config/load';
import type { InlineConfig, ResolvedConfig } from '../config/types';
import { DocsgenError, type Diagnostic } from '../diagnostics/diagnostic';
import { withoutRepeatedWarnings, type Logger } from '../diagnostics/logger';
import { isUrl, type SpecSource } from '../openapi/load';
import type { OutputFiles } from '../output/write';
import { packagePath } from '../paths';
import { withBase } from '../shared/url';
import type { OverlayError } from './events';
import { fetchSpecWithFallback } from './specCache';
import { throwSite } from './throwSite';
import { i18nDir } from '../i18n/locales';
import { versionsFile } from '../versions/resolve';
import { watchFromParent, type ParentWatcher } from './watchFromParent';
import { frameWindow } from '../diagnostics/format';

export interface WatchContextOptions extends InlineConfig {
  logger: Logger;
  strict?: boolean;
  /** Fetch a URL spec again every this many seconds. */
  pollSpecSeconds?: number;
  /**
   * Watch docsgen's templates and styles too. They only change while developing docsgen or a
   * theme in place; tests that must not see such edits turn this off. @default true
   */
  watchTemplates?: boolean;
  /**
   * Changes closer together than this make one build. An editor's save (write, or write a copy
   * and rename it) arrives within a millisecond or two, and changes that arrive during a build
   * go into the next one anyway, so this only needs to be short. @default 5
   */
  debounceMs?: number;
  /**
   * Template components (`templates/**\/*.tsx`) changed. They are compiled into docsgen, so the
   * CLI restarts itself; without this callback a warning says to restart.
   */
  onTemplateCode?: (files: string[]) => void;
  /** An internal error (a bug, not a mistake in the author's files) during a rebuild. */
  onFatal?: (error: unknown) => void;
}

export type WatchEvent =
  | { type: 'built'; version: number; changed: string[]; changedHtml: string[]; stylesheetHref?: string; ms: number; rendered: string[]; pages: number }
  | { type: 'failed'; changed: string[]; errors: OverlayError[] };

export interface WatchState {
  /** The last good build (empty until the first build succeeds). */
  files: OutputFiles;
  /** Files of the last good build made only when asked for (the search index). */
  deferred: Map<string, () => string>;
  /** Changes with every good build; pages carry the version they were served at. */
  version: number;
  /** Errors of the last build, when it failed. */
  errors?: OverlayError[];
  loaded: LoadedConfig;
}

export interface WatchContext {
  readonly state: WatchState;
  /** Resolves once the file watcher is watching. */
  readonly ready: Promise<void>;
  /** Queues a build for these changed paths; resolves when a build that includes them ends. */
  rebuild(paths?: string[]): Promise<void>;
  /** Fetches a URL spec again and rebuilds when it changed. False when the spec is not a URL. */
  refetchSpec(): Promise<boolean>;
  subscribe(listener: (event: WatchEvent) => void): () => void;
  dispose(): Promise<void>;
}

const templatesDir = packagePath('templates');
const isInside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);

export async function createWatchContext(options: WatchContextOptions): Promise<WatchContext> {
  const { logger } = options;
  // Each build's warnings, without those the previous build printed already (#15).
  const buildLogger = withoutRepeatedWarnings(logger);
  const inline: InlineConfig = { configFile: options.configFile, root: options.root, outDir: options.outDir, spec: options.spec, onBrokenLinks: options.onBrokenLinks };
  const state: WatchState = { files: new Map(), deferred: new Map(), version: Date.now(), loaded: await loadConfig(inline, { dev: true }) };
  const memo = new LiveMemo();
  let hashedUrls: string[] = [];
  /** The files the specs' `$ref`s name, as the last good build found them: watched like the specs. */
  let refFiles: string[] = [];
  // URL specs are fetched here (with a fallback to the last good copy), by API id.
  const specs = new Map<string, SpecSource>();
  let specStale = true;
  const listeners = new Set<(event: WatchEvent) => void>();
  const emit = (event: WatchEvent) => listeners.forEach((l) => l(event));
  const rel = (file: string) => path.relative(process.cwd(), file) || file;
  const urlSpecs = () => state.loaded.config.apis.filter((api) => isUrl(api.spec));
  const specFiles = (config: ResolvedConfig) => config.apis.filter((api) => !isUrl(api.spec)).map((api) => path.resolve(config.root, api.spec));

  async function runBuild(changed: string[], first: boolean): Promise<void> {
    const start = performance.now();
    const configChanged = changed.some((f) => state.loaded.dependencies.includes(f));
    // What the memo read from these files (a guide's front matter, the spec) is read again.
    memo.changed(changed);
    const code = changed.filter((f) => isInside(f, templatesDir) && /\.[cm]?[jt]sx?$/.test(f));
    if (code.length > 0) {
      // Template components are compiled into docsgen's own bundle: only a new process sees them.
      if (options.onTemplateCode) return options.onTemplateCode(code);
      logger.warn(`(!) ${code.map(rel).join(', ')} changed: template components are compiled into docsgen, so restart docsgen serve --watch to see this change.`);
    }
    try {
      if (configChanged) {
        const before = JSON.stringify(urlSpecs());
        state.loaded = await loadConfig(inline, { dev: true });
        if (JSON.stringify(urlSpecs()) !== before) specStale = true;
        updateWatched();
      }
      if (specStale) {
        specs.clear();
        for (const api of urlSpecs()) specs.set(api.id, (await fetchSpecWithFallback(api.spec, { root: state.loaded.config.root, timeoutMs: api.timeoutMs, logger })).spec);
        specStale = false;
      }
      buildLogger.nextBuild();
      const result = await build({ ...inline, resolvedConfig: state.loaded.config, write: false, dev: true, logger: buildLogger, strict: options.strict, memo, deferIndex: true, specSources: specs });
      const renamed = hashedUrls.map((url, i): [string, string] => [url, result.hashedUrls[i] ?? url]).filter(([a, b]) => a !== b);
      hashedUrls = result.hashedUrls;
      if (result.specRefFiles.join('\n') !== refFiles.join('\n')) {
        refFiles = result.specRefFiles;
        if (!first) updateWatched();
      }
      const diff = diffBuilds(state.files, result.files, result.config.baseUrl, renamed);
      state.files = result.files;
      state.deferred = result.deferred ?? new Map();
      state.version++;
      state.errors = undefined;
      const ms = performance.now() - start;
      const rendered = result.rendered ?? [];
      emit({ type: 'built', version: state.version, changed, changedHtml: diff.html, stylesheetHref: diff.stylesheetHref, ms, rendered, pages: result.pages });
      if (first) logger.info(`✓ built ${result.pages} pages in ${formatMs(ms)} (in memory, drafts included)`);
      else {
        const what = rendered.length === 0 ? 'no page changed' : `re-rendered ${rendered.length} of ${result.pages} pages${rendered.length <= 3 ? ` (${rendered.join(', ')})` : ''}`;
        const css = diff.stylesheetHref && diff.html.length === 0 ? ', stylesheet swapped without a reload' : diff.stylesheetHref ? ', stylesheet updated' : '';
        logger.info(`✓ ${describeChanges(changed, rel)}: rebuilt in ${formatMs(ms)}, ${what}${css}`);
      }
    } catch (e) {
      if (!(e instanceof DocsgenError)) {
        logger.error(`✗ rebuild failed with an internal error; please report it with the output below.\n${(e as Error)?.stack ?? String(e)}`);
        state.errors = [{ text: `docsgen failed with an internal error: ${(e as Error)?.message ?? String(e)}. The server stops; see the terminal.` }];
        emit({ type: 'failed', changed, errors: state.errors });
        options.onFatal?.(e);
        return;
      }
      const errors = e.diagnostics.filter((d) => d.severity === 'error').map((d) => (d.code === 'render-failed' ? atThrowSite(d, e.cause, rel) : d));
      for (const d of errors) logger.diagnostic(d);
      logger.error(`✗ ${first ? 'build' : 'rebuild'} failed with ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}${state.files.size ? '; still serving the last good build' : ''}. Fix it and save: the page updates by itself.`);
      state.errors = errors.map((d) => toOverlayError(d, state.loaded.config.root));
      emit({ type: 'failed', changed, errors: state.errors });
    }
  }

  // The queue: one build at a time; whatever changes meanwhile goes into the next one.
  const pending = new Set<string>();
  let waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let disposed = false;
  const stamps = new Map<string, string>();
  const recheckTimers = new Set<NodeJS.Timeout>();
  const changedSince = (files: string[]) => files.filter((file) => stamps.get(file) !== stampOf(file));
  const flush = async () => {
    if (running) return;
    running = true;
    try {
      while (pending.size > 0 && !disposed) {
        const batch = [...pending];
        pending.clear();
        const done = waiters;
        waiters = [];
        for (const file of batch) stamps.set(file, stampOf(file));
        await runBuild(batch, false);
        // IMPORTANT: chokidar drops a second change to a path within 50 ms of the last one
        // (it throttles, it does not coalesce), so a quick second save would be lost. Each
        // file's size and modification time when the build began tell: what changed during the
        // build is built again now, what changes just after it (still inside chokidar's 50 ms)
        // when the window has passed.
        for (const file of changedSince(batch)) pending.add(file);
        const recheck = setTimeout(() => {
          recheckTimers.delete(recheck);
          const late = changedSince(batch);
          if (late.length > 0 && !disposed) void rebuild(late);
        }, CHOKIDAR_THROTTLE_MS + 10);
        recheckTimers.add(recheck);
        done.forEach((resolve) => resolve());
      }
    } finally {
      running = false;
    }
  };
  const rebuild = (paths: string[] = ['(manual rebuild)']) =>
    new Promise<void>((resolve) => {
      for (const p of paths) pending.add(p);
      waiters.push(resolve);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), options.debounceMs ?? 5);
    });

  await runBuild([], true);

  const toWatch = () => {
    const config = state.loaded.config;
    const spec = specFiles(config);
    // Translations (i18n/<locale>/guides, messages files) are watched only on a site with several locales.
    const translations = config.i18n.locales.length > 1 ? [i18nDir(config)] : [];
    // Versions: versions.json, the snapshots' folder, and the specs versions.list names.
    const versions = [versionsFile(config), path.join(config.root, 'versioned'), ...(config.versions.list ?? []).flatMap((v) => (typeof v === 'object' && v.spec && !isUrl(v.spec) ? [path.resolve(config.root, v.spec)] : []))];
    return new Set([config.contentDir, ...translations, ...(options.watchTemplates === false ? [] : [templatesDir]), ...state.loaded.dependencies, ...spec, ...refFiles, ...versions]);
  };
  // Every path is watched through a folder above it (serve/watchFromParent.ts), whether or not it
  // exists yet: chokidar watching a file itself loses it once it is deleted and made again, which
  // `git checkout` does to each file it changes.
  let watched = [...toWatch()].sort();
  const watchAll = (paths: string[]) =>
    watchFromParent(paths, (file) => void (disposed || rebuild([file])), {
      base: state.loaded.config.root,
      ignore: (file) => ignored(file, state.loaded),
      onError: (e) => logger.warn(`(!) The file watcher reported: ${e.message}`),
    });
  let watcher = watchAll(watched);
  /** Watchers replaced by updateWatched, until their successor is ready. */
  const retiring = new Set<ParentWatcher>();
  // The project's component overrides (src/theme/): compiled with the site, so a save rebuilds like a guide's.
  const theme = watchFromParent([state.loaded.config.themeDir], (file) => void rebuild([file]), { base: state.loaded.config.root });
  const ready = Promise.all([watcher.ready, theme.ready]).then(() => {});
  /** After a config change or a new set of `$ref` files: the new paths are watched, from the new watcher's start (the old one is closed once it is ready). */
  function updateWatched() {
    const wanted = [...toWatch()].sort();
    if (wanted.join('\n') === watched.join('\n')) return;
    const before = watcher;
    watched = wanted;
    watcher = watchAll(wanted);
    retiring.add(before);
    void watcher.ready.then(() => {
      if (retiring.delete(before)) void before.close();
    });
  }

  const poll = options.pollSpecSeconds && options.pollSpecSeconds > 0 ? setInterval(() => void refetchSpec(), options.pollSpecSeconds * 1000) : undefined;
  poll?.unref();

  async function refetchSpec(): Promise<boolean> {
    const urls = urlSpecs();
    if (urls.length === 0) return false;
    specStale = true;
    await rebuild(urls.map((api) => `${api.spec} (fetched again)`));
    return true;
  }

  return {
    state,
    ready,
    rebuild,
    refetchSpec,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      disposed = true;
      clearTimeout(timer);
      recheckTimers.forEach((t) => clearTimeout(t));
      if (poll) clearInterval(poll);
      listeners.clear();
      await Promise.all([watcher.close(), theme.close(), ...[...retiring].map((w) => w.close())]);
      memo.dispose();
      waiters.forEach((resolve) => resolve());
    },
  };
}

/** chokidar reports one change to a path per this many milliseconds and drops the others. */
const CHOKIDAR_THROTTLE_MS = 50;

/** What tells whether a file changed: its size and modification time (labels like "(manual rebuild)" never change). */
function stampOf(file: string): string {
  if (!path.isAbsolute(file)) return file;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
}

/** outDir, VCS and dependency folders, docsgen's cache, and editor droppings never trigger a build. */
function ignored(file: string, loaded: LoadedConfig): boolean {
  const { root, outDir } = loaded.config;
  const abs = path.resolve(file);
  if (isInside(abs, outDir)) return true;
  const base = path.basename(abs);
  if (/^\.(?!well-known$)|~$|\.sw[px]$|^4913$/.test(base) && !isInside(root, abs)) return true;
  const relative = path.relative(root, abs);
  if (!relative.startsWith('..') && relative.split(path.sep).some((s) => s === 'node_modules' || s === '.git' || s === '.docsgen')) return true;
  return false;
}

/**
 * Which HTML files differ and the new stylesheet, if it changed. A page whose only difference is
 * a new content-hashed URL (`renamed`: the stylesheet, the search index) does not count: the
 * stylesheet is swapped in place, and the search index is fetched fresh whatever its query.
 */
export function diffBuilds(previous: OutputFiles, next: OutputFiles, baseUrl: string, renamed: [before: string, after: string][] = []): { html: string[]; stylesheetHref?: string } {
  // A build makes its files in the same order as the last, mostly as the same strings: an entry
  // with the same name and content at the same place is passed over without reading it (on a
  // large site, reading every file's name cost more than the rest of the diff).
  const names = [...previous.keys()];
  const contents = [...previous.values()];
  const moved: OutputFiles = new Map();
  let place = 0;
  let inPlace = 0;
  for (const [file, content] of next) {
    const at = place++;
    if (names[at] === file && contents[at] === content) inPlace++;
    else moved.set(file, content);
  }
  // A stylesheet in its place is the same file: only one that moved can be new.
  const isCss = (file: string) => /^assets\/css\/[^/]+\.css$/.test(file);
  const after = [...moved.keys()].find(isCss);
  const before = after && names.find(isCss);
  const text = (c: OutputFiles extends Map<string, infer V> ? V : never) => (typeof c === 'string' ? c : c instanceof Uint8Array ? Buffer.from(c).toString('utf8') : `copy:${c.copyFrom}`);
  const html: string[] = [];
  for (const [file, content] of moved) {
    if (!file.endsWith('.html')) continue;
    const old = previous.get(file);
    if (old === content) continue;
    if (old === undefined) {
      html.push(file);
      continue;
    }
    let oldText = text(old);
    if (before && after && before !== after) oldText = oldText.split(`/${before}`).join(`/${after}`);
    for (const [from, to] of renamed) oldText = oldText.split(from).join(to);
    if (oldText !== text(content)) html.push(file);
  }
  // Every earlier file still in its place: none is gone.
  if (inPlace < previous.size) for (const file of names) if (file.endsWith('.html') && !next.has(file)) html.push(file);
  return { html: html.sort(), stylesheetHref: previous.size > 0 && after && before !== after ? withBase(baseUrl, `/${after}`) : undefined };
}

/**
 * A page that failed to render is reported where the template threw (file, line and the line
 * itself), with the page's source as a note: that is the line to fix.
 */
function atThrowSite(d: Diagnostic, cause: unknown, rel: (file: string) => string): Diagnostic {
  const site = throwSite((cause as { stack?: string } | undefined)?.stack ?? (d.notes ? `\n${d.notes.map((n) => `    ${n}`).join('\n')}` : undefined));
  if (!site) return d;
  const page = d.location?.file;
  return { ...d, location: site, notes: page ? [`while rendering ${path.isAbsolute(page) ? rel(page) : page}`] : undefined };
}

function toOverlayError(d: Diagnostic, root: string): OverlayError {
  const file = d.location?.file;
  // The part of a long line the terminal shows (a minified spec's line is megabytes), not all of it.
  const frame = d.location?.lineText === undefined ? undefined : frameWindow(d.location.lineText, d.location.column);
  return {
    // Files of the site from its root; others (a template of docsgen's) as the terminal names them.
    file: file && path.isAbsolute(file) ? (isInside(file, root) ? path.relative(root, file) : path.relative(process.cwd(), file) || file) : file,
    line: d.location?.line,
    column: frame ? frame.column : d.location?.column,
    text: d.text,
    lineText: frame?.text,
    hint: d.hint,
  };
}

function describeChanges(changed: string[], rel: (f: string) => string): string {
  const names = [...new Set(changed)].map((f) => (path.isAbsolute(f) ? rel(f) : f));
  return names.length <= 3 ? `${names.join(', ')} changed` : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more changed`;
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
