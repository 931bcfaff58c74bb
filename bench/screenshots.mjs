// Screenshots of a built site, for the README and for reviewing a change by eye: each route at
// 390 and 1440 px wide, light and dark (the site's own choice in localStorage, as a reader's
// toggle would set it), above the fold, the whole page, or scrolled to an element (`--scroll
// '#responses'`: what stays in view further down, such as the operation page's sidecar).
//
//   node bench/screenshots.mjs <siteDir> <outDir> [--prefix after] [--full] [--height 1000] [--scroll <selector>] <route>…
//   node bench/screenshots.mjs build docs/screenshots --prefix after /api/search-boundaries
//
// Uses Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium) through playwright-core, and a
// static server on 127.0.0.1 that answers 404.html for a missing path, as hosts do.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.xml': 'application/xml' };

function parseArgs(argv) {
  const opts = { prefix: 'page', full: false, height: 1000, scroll: undefined, routes: [] };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--prefix') opts.prefix = argv[++i];
    else if (a === '--full') opts.full = true;
    else if (a === '--height') opts.height = Number(argv[++i]);
    else if (a === '--scroll') opts.scroll = argv[++i];
    else rest.push(a);
  }
  [opts.siteDir, opts.outDir, ...opts.routes] = rest;
  if (!opts.siteDir || !opts.outDir || opts.routes.length === 0 || !(opts.height > 0)) {
    console.error('usage: node bench/screenshots.mjs <siteDir> <outDir> [--prefix <name>] [--full] [--height <px>] [--scroll <selector>] <route>…');
    process.exit(2);
  }
  return opts;
}

function serve(root) {
  const server = http.createServer((req, res) => {
    let file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404, { 'content-type': TYPES['.html'] }).end(fs.readFileSync(path.join(root, '404.html')));
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const opts = parseArgs(process.argv.slice(2));
const root = path.resolve(opts.siteDir);
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`${root} is not a built site (no index.html). Run docsgen build first.`);
  process.exit(1);
}
fs.mkdirSync(opts.outDir, { recursive: true });
const server = await serve(root);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
try {
  for (const route of opts.routes) {
    for (const width of [390, 1440]) {
      for (const mode of ['light', 'dark']) {
        const context = await browser.newContext({ viewport: { width, height: opts.height }, deviceScaleFactor: 1 });
        await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        const page = await context.newPage();
        await page.goto(base + route, { waitUntil: 'load' });
        if (opts.scroll) {
          const found = await page.evaluate((selector) => {
            const element = document.querySelector(selector);
            element?.scrollIntoView({ block: 'start', behavior: 'instant' });
            return Boolean(element);
          }, opts.scroll);
          if (!found) throw new Error(`${route}: no element matches ${opts.scroll}`);
        }
        const name = `${opts.prefix}-${route.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${width}-${mode}.png`;
        await page.screenshot({ path: path.join(opts.outDir, name), fullPage: opts.full });
        console.log(path.join(opts.outDir, name));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
