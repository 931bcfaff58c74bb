// Real-browser tests drive Debian's Chromium with playwright-core (no browser downloads: they
// cannot work here). The executable comes from CHROMIUM_PATH or /usr/bin/chromium; the global
// setup installs the Debian package when it is missing, or fails saying how.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { repoRoot } from './fixture';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.xml': 'application/xml' };

/** A minimal static server for a built site on 127.0.0.1 (the serve command has its own tests). */
export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file) && fs.existsSync(`${file}.html`)) file = `${file}.html`;
    if (!fs.existsSync(file)) return void res.writeHead(404, { 'content-type': types['.html'] }).end(fs.readFileSync(path.join(root, '404.html')));
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The shipped site built into a temporary folder and served (`dev`: with development React,
 * which reports hydration mismatches); `close` stops the server and removes the folder.
 */
export async function serveShippedSite(name: string, options: { dev?: boolean } = {}): Promise<{ url: string; dir: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-${name}-`));
  await build({ root: repoRoot, outDir: dir, logger: createMemoryLogger(), dev: options.dev });
  const server = await serveStatic(dir);
  return {
    url: server.url,
    dir,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
