// `createDevServer()`: serves the site on 127.0.0.1 (by default). Without `watch` it serves the
// output folder from disk, building it first (with drafts) when there is none. With `watch` it
// serves a build held in memory by a WatchContext, adds the live-reload client to each page as it
// is sent, and answers /__docsgen/events (server-sent events) and POST /__docsgen/refetch-spec.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from '../build';
import { loadConfig } from '../config/load';
import type { InlineConfig, ResolvedConfig } from '../config/types';
import { createLogger, type Logger } from '../diagnostics/logger';
import { contentHash } from '../output/hash';
import { packagePath } from '../paths';
import { createEventHub, type ReloadMessage } from './events';
import { createRequestGuard } from './hosts';
import { listen } from './listen';
import { openBrowser } from './open';
import { createSiteHandler, diskFiles, memoryFiles, servedHtml, type SiteFiles } from './static';
import { createWatchContext, type WatchContext } from './watch';

export interface DevServerOptions extends InlineConfig {
  /** @default 3000 (the next free port when taken); 0 picks any free port */
  port?: number;
  /** Address to bind; `0.0.0.0` exposes the server to the network. @default '127.0.0.1' */
  host?: string;
  /**
   * Host names answered besides `localhost`, `*.localhost`, IP addresses and `host` (a leading dot
   * allows a name and its subdomains); `true` answers any. Other names get 403 (DNS rebinding).
   */
  allowedHosts?: string[] | true;
  /** Fail when `port` is taken instead of moving on to the next free one (the CLI sets it when --port is given). */
  strictPort?: boolean;
  /** Rebuild on change and reload the browser. */
  watch?: boolean;
  /** Open the site in the default browser. */
  open?: boolean;
  /** With `watch` and a URL spec: fetch it again every this many seconds. */
  pollSpecSeconds?: number;
  /** Spec warnings are errors. */
  strict?: boolean;
  /** With `watch`: also watch docsgen's templates and styles. @default true */
  watchTemplates?: boolean;
  /** With `watch`: template components changed, which only a new process can load (the CLI restarts). */
  onTemplateCode?: (files: string[]) => void;
  logger?: Logger;
}

export interface DevServer {
  /** The site's URL, baseUrl included, e.g. `http://127.0.0.1:3000/`. */
  url: string;
  port: number;
  config: ResolvedConfig;
  /** The watch state (serve --watch only). */
  context?: WatchContext;
  /** Settles when the server has stopped: rejects after an internal error in watch mode. */
  closed: Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_PORT = 3000;

export async function createDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const logger = options.logger ?? createLogger();
  const host = options.host ?? '127.0.0.1';
  let context: WatchContext | undefined;
  let config: ResolvedConfig;
  let files: () => SiteFiles;
  let client: { code: string; hash: string } | undefined;
  /** A page as it would be served now, for a `reload` message to carry (watch only; not the 404 pages, whose URL may now have a page of its own). */
  let served: (file: string) => string | undefined = () => undefined;
  let inMemory = false;
  let fatal: (e: unknown) => void = () => {};
  const fatalError = new Promise<never>((_, reject) => (fatal = reject));
  fatalError.catch(() => {});

  if (options.watch) {
    context = await createWatchContext({ ...options, logger, onFatal: (e) => fatal(e) });
    const ctx = context;
    config = ctx.state.loaded.config;
    client = await bundleClient();
    const inject = clientTag(() => ctx.state.version, client.hash);
    files = () => (ctx.state.files.size > 0 ? memoryFiles(ctx.state.files, inject, ctx.state.deferred) : placeholderFiles(inject));
    served = (file) => (/(^|\/)404\.html$/.test(file) ? undefined : servedHtml(ctx.state.files, file, inject));
  } else {
    config = (await loadConfig(options, { dev: true })).config;
    if (fs.existsSync(config.outDir)) {
      const disk = diskFiles(config.outDir);
      files = () => disk;
    } else {
      // In memory: a build with drafts written to outDir would be deployed with them.
      logger.info(`${displayDir(config.outDir)}/ does not exist yet: building the site in memory (drafts included; nothing is written)…`);
      const result = await build({ ...options, dev: true, write: false, logger });
      const memory = memoryFiles(result.files);
      files = () => memory;
      inMemory = true;
    }
  }

  // Under --watch a config change may move baseUrl or flip trailingSlash: read them per request.
  const current = () => context?.state.loaded.config ?? config;
  const site = (req: http.IncomingMessage, res: http.ServerResponse) => createSiteHandler({ files, baseUrl: current().baseUrl, trailingSlash: current().trailingSlash })(req, res);
  const hub = context ? createEventHub(() => initialMessages(context!)) : undefined;
  context?.subscribe((event) => {
    if (!hub) return;
    if (event.type === 'failed') return hub.send({ type: 'error', errors: event.errors });
    hub.send({ type: 'ok', version: event.version });
    if (event.stylesheetHref) hub.send({ type: 'css', version: event.version, href: event.stylesheetHref });
    if (event.changedHtml.length > 0) hub.sendReload(event.version, event.changedHtml, served);
  });

  // Every request passes the Host check first (see hosts.ts: DNS rebinding), /__docsgen/ ones included.
  const guard = createRequestGuard({ host, allowedHosts: options.allowedHosts, logger });
  const server = http.createServer((req, res) => {
    if (guard.refuseHost(req, res)) return;
    const pathname = (req.url ?? '/').split('?')[0];
    if (context && pathname.startsWith('/__docsgen/')) {
      // Only pages of this site may change something (a form on another site can POST here).
      if (req.method !== 'GET' && req.method !== 'HEAD' && guard.refuseCrossOrigin(req, res)) return;
      if (pathname === '/__docsgen/events' && req.method === 'GET') return hub!.handle(req, res);
      if (pathname === '/__docsgen/client.js' && req.method === 'GET') {
        // Pages ask for it by its hash, so a reload does not wait to fetch it again.
        const versioned = new URLSearchParams(req.url!.split('?')[1] ?? '').get('v') === client!.hash;
        return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache' }).end(client!.code);
      }
      if (pathname === '/__docsgen/refetch-spec' && req.method === 'POST') {
        return void context.refetchSpec().then(
          (fetched) => res.writeHead(fetched ? 200 : 409, { 'content-type': 'application/json' }).end(JSON.stringify(fetched ? { refetched: true, ok: !context!.state.errors } : { refetched: false, reason: 'The OpenAPI spec is not a URL.' })),
          (e) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ refetched: false, reason: (e as Error).message })),
        );
      }
      return void res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    }
    site(req, res);
  });
  // An open EventSource keeps a connection alive forever; close() must not wait for it.
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  let port: number;
  try {
    port = await listen(server, { port: options.port ?? DEFAULT_PORT, host, strictPort: options.strictPort ?? false });
  } catch (e) {
    await context?.dispose();
    throw e;
  }
  const wanted = options.port ?? DEFAULT_PORT;
  if (wanted !== 0 && port !== wanted) logger.warn(`(!) Port ${wanted} is in use, so the site is served on port ${port} instead (pass --port to choose one).`);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${encodeURI(config.baseUrl)}`;
  // "watching for changes" is true only once the watchers have scanned: a save before that is lost.
  await context?.ready;
  const what = context ? `${displayDir(config.root) || 'the project'} (in memory, watching for changes)` : inMemory ? `${displayDir(config.root) || 'the project'} (in memory, with drafts)` : `${displayDir(config.outDir)}/`;
  logger.info(`Serving ${what} at ${url}`);
  if (host === '0.0.0.0' || host === '::') logger.warn(`(!) Listening on every network interface (${host}): anyone on your network can read the site.`);
  if (options.open) void openBrowser(url, logger);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      hub?.close();
      await context?.dispose();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    })());
  let stopped: () => void = () => {};
  const closed = Promise.race([new Promise<void>((resolve) => (stopped = resolve)), fatalError]);
  server.once('close', () => stopped());
  fatalError.catch(() => void close());
  return { url, port, config, context, closed, close };
}

function initialMessages(context: WatchContext): ReloadMessage[] {
  const { version, errors } = context.state;
  return [{ type: 'hello', version }, ...(errors ? [{ type: 'error' as const, errors }] : [])];
}

/** The client script tag, added before </head> of every page served in watch mode. */
function clientTag(version: () => number, hash: string): (html: string, file: string) => string {
  return (html, file) => {
    const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const tag = `<script src="/__docsgen/client.js?v=${hash}" data-file="${attr(file)}" data-version="${version()}" defer></script>`;
    const at = html.indexOf('</head>');
    return at === -1 ? tag + html : html.slice(0, at) + tag + html.slice(at);
  };
}

/** Until a first build succeeds there is no site: every page is this one, which shows the error overlay. */
function placeholderFiles(inject: (html: string, file: string) => string): SiteFiles {
  const page = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed | docsgen</title></head><body><p>The first build failed; the error is shown above and in the terminal. This page reloads when the build succeeds.</p></body></html>';
  return memoryFiles(new Map([['404.html', page]]), inject);
}

async function bundleClient(): Promise<{ code: string; hash: string }> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ entryPoints: [packagePath('src/serve/client/reload.ts')], bundle: true, write: false, format: 'iife', target: 'es2020', minify: true, logLevel: 'silent' });
  const code = result.outputFiles[0].text;
  return { code, hash: contentHash(code).slice(0, 10) };
}

function displayDir(dir: string): string {
  return path.relative(process.cwd(), dir) || '.';
}
