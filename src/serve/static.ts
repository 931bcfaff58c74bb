// Answers requests for the site the way a static host would (src/links/sitePath.ts decides
// which file a URL means), from a folder on disk (sirv sends the file) or from a build held in
// memory (serve --watch). Only files inside the site are ever served: `..` segments, in any
// encoding, are refused before any lookup, and on disk a path whose real location (symlinks
// followed) is outside the folder is refused too.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import type { OutputFiles } from '../output/write';
import { withBase, type TrailingSlash } from '../shared/url';
import { resolveSitePath } from '../links/sitePath';

export interface SiteFiles {
  /** 'file' for a file inside the site; 'forbidden' when the path leads outside it. */
  lookup(file: string): 'file' | 'missing' | 'forbidden';
  /** Sends a file that `lookup` found, with this status and these headers. */
  send(req: IncomingMessage, res: ServerResponse, file: string, status: number, headers: Record<string, string>): void;
}

export interface SiteHandlerOptions {
  files: () => SiteFiles;
  baseUrl: string;
  trailingSlash: TrailingSlash;
}

/** Content-hashed files under assets/ never change; everything else is revalidated. */
export function cacheControl(file: string): string {
  return file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function createSiteHandler(options: SiteHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const base = options.baseUrl;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const files = options.files();
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q === -1 ? raw : raw.slice(0, q);
    const query = q === -1 ? '' : raw.slice(q);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return void plain(res, 400, 'Bad request: the URL is not valid percent-encoding.');
    }
    if (!decoded.startsWith('/') || decoded.includes('\0')) return void plain(res, 400, 'Bad request.');
    // IMPORTANT: before any file system access. `%2e%2e`, `..%2f` and `..\` all end up here.
    if (decoded.split(/[/\\]/).some((s) => s === '..' || s === '.')) return void plain(res, 403, 'Forbidden: the path leaves the site.');

    if (`${decoded}/` === base) return void redirect(res, 301, encodeURI(base) + query);
    if (!decoded.startsWith(base)) {
      if (decoded === '/') return void redirect(res, 302, encodeURI(base) + query);
      return void notFound(req, res, files);
    }
    const sitePath = decoded.slice(base.length - 1);
    if (sitePath.split('/').some((s) => s.startsWith('.') && s !== '.well-known')) return void notFound(req, res, files);
    const has = (file: string) => files.lookup(file) === 'file';
    const found = resolveSitePath(sitePath, has, options.trailingSlash);
    if (found.kind === 'redirect') return void redirect(res, 301, encodeURI(withBase(base, found.to)) + query);
    if (found.kind === 'file') return void files.send(req, res, found.file, 200, { 'cache-control': cacheControl(found.file) });
    if (files.lookup(sitePath.slice(1)) === 'forbidden') return void plain(res, 403, 'Forbidden: the path leaves the site.');
    notFound(req, res, files, sitePath);
  };
}

/** The 404 page of the path's first folder when it has one (a locale's: `/fr/nothing` → `fr/404.html`), else the site's. */
function notFound(req: IncomingMessage, res: ServerResponse, files: SiteFiles, sitePath?: string): void {
  const folder = sitePath && /^\/([^/]+)\//.exec(sitePath)?.[1];
  if (folder && files.lookup(`${folder}/404.html`) === 'file') return files.send(req, res, `${folder}/404.html`, 404, { 'cache-control': 'no-cache' });
  if (files.lookup('404.html') === 'file') return files.send(req, res, '404.html', 404, { 'cache-control': 'no-cache' });
  plain(res, 404, 'Not found.');
}

function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location, 'cache-control': 'no-cache', 'content-type': 'text/plain; charset=utf-8' }).end(`Redirecting to ${location}\n`);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end(text + '\n');
}

/** A built folder on disk; sirv streams the files (ETag, ranges, content types). */
export function diskFiles(dir: string): SiteFiles {
  const root = path.resolve(dir);
  const send = sirv(root, {
    dev: true, // look files up per request: a `docsgen build` elsewhere swaps the folder under us
    etag: true,
    dotfiles: false,
    extensions: [],
    setHeaders: (res) => {
      const headers = (res as ServerResponse & { docsgenHeaders?: Record<string, string> }).docsgenHeaders ?? {};
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    },
  });
  return {
    lookup(file) {
      const abs = path.resolve(root, file);
      if (abs !== root && !abs.startsWith(root + path.sep)) return 'forbidden';
      let real: string;
      let realRoot: string;
      try {
        real = fs.realpathSync(abs);
        realRoot = fs.realpathSync(root);
      } catch {
        return 'missing';
      }
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return 'forbidden';
      return fs.statSync(real).isFile() ? 'file' : 'missing';
    },
    send(req, res, file, status, headers) {
      if (status !== 200) {
        const body = fs.readFileSync(path.join(root, file));
        return void res.writeHead(status, { 'content-type': contentType(file), 'content-length': String(body.length), ...headers }).end(req.method === 'HEAD' ? undefined : body);
      }
      (res as ServerResponse & { docsgenHeaders?: Record<string, string> }).docsgenHeaders = headers;
      req.url = '/' + encodeURI(file).replace(/[?#]/g, encodeURIComponent);
      send(req, res, () => void res.writeHead(404).end());
    },
  };
}

/**
 * A build held in memory; `transformHtml` lets serve --watch add its client to pages as they are
 * sent, and `deferred` files (the search index) are made when first asked for.
 */
export function memoryFiles(files: OutputFiles, transformHtml?: (html: string, file: string) => string, deferred: Map<string, () => string> = new Map()): SiteFiles {
  return {
    lookup: (file) => (files.has(file) || deferred.has(file) ? 'file' : 'missing'),
    send(req, res, file, status, headers) {
      const content = files.get(file) ?? deferred.get(file)!();
      const body = transformHtml && file.endsWith('.html') ? transformHtml(textOf(content), file) : bodyOf(content);
      const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      res.writeHead(status, { 'content-type': contentType(file), 'content-length': String(length), ...headers }).end(req.method === 'HEAD' ? undefined : body);
    },
  };
}

/** An HTML page of the build as memoryFiles sends it, `transformHtml` applied; undefined when there is none. */
export function servedHtml(files: OutputFiles, file: string, transformHtml: (html: string, file: string) => string): string | undefined {
  const content = file.endsWith('.html') ? files.get(file) : undefined;
  if (content === undefined) return undefined;
  return transformHtml(textOf(content), file);
}

function bodyOf(content: string | Uint8Array | { copyFrom: string }): string | Uint8Array {
  return typeof content === 'object' && 'copyFrom' in content ? fs.readFileSync(content.copyFrom) : content;
}

function textOf(content: string | Uint8Array | { copyFrom: string }): string {
  const body = bodyOf(content);
  return typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
