// Real-browser tests drive Debian's Chromium with playwright-core (no browser downloads: they
// cannot work here). The executable comes from CHROMIUM_PATH or /usr/bin/chromium; the global
// setup installs the Debian package when it is missing, or fails saying how.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { repoRoot } from './fixture';
// @ts-expect-error: a plain JavaScript module of the bench
import { outsideMainColumn as columnCheck } from '../../bench/layoutCheck.mjs';

// @ts-expect-error: a plain JavaScript module of the bench
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/chromium.mjs';

export const chromiumPath: string = CHROMIUM_PATH;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * What runs out of the open page's main column (`.doc-main`), as `tag.class: text` (the check is
 * bench/layoutCheck.mjs's, which bench/realSpecs.mjs --layout runs on real specs' pages too).
 */
export const outsideMainColumn: (page: Page) => Promise<string[]> = columnCheck;

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.xml': 'application/xml' };

/**
 * A minimal static server for a built site on 127.0.0.1 (the serve command has its own tests).
 * `cacheControl`: sent with every file, as a host that lets browsers keep them does (GitHub Pages: `max-age=600`).
 */
export async function serveStatic(root: string, { cacheControl }: { cacheControl?: string } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file) && fs.existsSync(`${file}.html`)) file = `${file}.html`;
    if (!fs.existsSync(file)) return void res.writeHead(404, { 'content-type': types['.html'] }).end(fs.readFileSync(path.join(root, '404.html')));
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', ...(cacheControl ? { 'cache-control': cacheControl } : {}) }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The shipped site's build (`dev`: with development React, which reports hydration mismatches),
 * made once per test run and shared: a dozen browser test files read it, none writes to it. The
 * first file to ask builds it under a lock; the others wait for the finished folder. It lives in
 * the run's temporary folder (test/helpers/globalSetup.ts), removed when the run ends.
 */
export async function shippedBuild(options: { dev?: boolean } = {}): Promise<string> {
  // Outside the run's folder (vitest started without test/vitest.config.ts, whose global setup
  // makes it), a shared build would outlive the run and be served stale by the next: each file
  // builds its own there, left in the system's temporary folder like the rest of such a run.
  const shared = path.basename(os.tmpdir()).startsWith('docsgen-tests-');
  const dir = path.join(os.tmpdir(), options.dev ? 'docsgen-shipped-dev' : 'docsgen-shipped');
  const failed = `${dir}.failed`;
  try {
    if (shared) fs.mkdirSync(`${dir}.lock`);
  } catch {
    for (const started = Date.now(); Date.now() - started < 180_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (fs.existsSync(dir)) return dir;
      if (fs.existsSync(failed)) throw new Error(`The shared build of the shipped site failed in another test file:\n${fs.readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`The shared build of the shipped site (${dir}) did not finish within 3 minutes`);
  }
  const out = fs.mkdtempSync(`${dir}-`);
  try {
    await build({ root: repoRoot, outDir: out, logger: createMemoryLogger(), dev: options.dev });
  } catch (error) {
    if (shared) fs.writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
  if (!shared) return out;
  fs.renameSync(out, dir);
  return dir;
}

/** The shipped site's shared build (shippedBuild), served; `close` stops the server. */
export async function serveShippedSite(options: { dev?: boolean } = {}): Promise<{ url: string; dir: string; close(): Promise<void> }> {
  const dir = await shippedBuild(options);
  const server = await serveStatic(dir);
  return { url: server.url, dir, close: server.close };
}
