// `docsgen serve --watch`: time from saving a guide to the updated page being painted, measured
// with real timestamps in Debian's Chromium (playwright-core, never a downloaded browser).
//
//   node bench/watch.mjs [--saves <n>] [--pages <n>] [--site shipped|generated]...
//
// Per site, in a child process of its own (a fresh heap, nothing shared between the sites):
//   1. The site is in a temporary folder: a copy of the shipped site with its versions (the
//      repository's content/ is never touched), or a site from bench/generateSite.mjs with
//      --pages pages (5,000).
//   2. createDevServer({ watch: true }) builds it in memory and serves it; Chromium opens one
//      guide. Two saves are made first and not counted (JIT warm-up of the rebuild path).
//   3. Each measured save writes the guide with a new paragraph, then waits until that text is
//      in the page. The save time is taken just before writeFileSync (performance.timeOrigin +
//      performance.now() in Node). The dev server puts such an edit in place without a reload:
//      the painted time is then when a task queued in the animation-frame callback of the first
//      frame that shows the new text runs (a MutationObserver spots the text). Should the page
//      reload instead, it is the reloaded document's first-contentful-paint entry
//      (performance.timeOrigin + startTime), or, when Chromium reports none, the second
//      animation frame after DOMContentLoaded. Both clocks are the system's wall clock, so their
//      difference is save → painted.
//   4. 600 ms pass between saves (an author does not save faster), after the page has painted.
// Reported: median, p95 (nearest rank), min–max, and the median of save → rebuild finished (the
// server's share) from the watch events.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyShippedSite } from './checkLinks.mjs';
import { launchChromium } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const TARGETS = { shipped: 150, generated: 300 };
const SHIPPED_GUIDE = 'content/guides/boundaries/virtual-layers.md';
const WARMUP_SAVES = 2;
const PAUSE_MS = 600;

/** The shipped site, its versions included (bench/checkLinks.mjs): a save rebuilds what `serve --watch` of the repository does. */
function shippedSite(dir) {
  copyShippedSite(dir);
  return { guide: path.join(dir, SHIPPED_GUIDE) };
}

async function generatedSite(dir, pages) {
  const { generateSite } = await import('./generateSite.mjs');
  const info = generateSite({ pages, out: dir });
  // A guide from the middle of the site, neither first nor last in its sidebar.
  const guides = fs.readdirSync(path.join(dir, 'content', 'guides'), { recursive: true }).filter((f) => f.endsWith('.md')).sort();
  return { guide: path.join(dir, 'content', 'guides', guides[Math.floor(guides.length / 2)]), pages: info.pages };
}

/** The page's URL path for a guide file, from the server's own build (no guessing of routes). */
function pageFile(files, guideText, marker) {
  for (const [file, content] of files) if (file.endsWith('.html') && typeof content === 'string' && content.includes(marker)) return file;
  throw new Error(`no page contains the text of the edited guide (${guideText.slice(0, 60)}…)`);
}

const now = () => performance.timeOrigin + performance.now();

/**
 * The CLI's own logger (what `docsgen serve --watch` prints with), writing to nowhere. A memory
 * logger keeps every line: on the 5,000-page site, 200 progress lines a save, which grew this
 * process's heap by 29 KiB a save and read as the server's leak.
 */
export function discardingLogger(createLogger) {
  const nowhere = { write: () => true, isTTY: false };
  return createLogger({ stdout: nowhere, stderr: nowhere, color: false });
}

/** One site, in this process: prints one JSON line with the measurements. */
async function measureSite(kind, { saves, pages }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-watch-${kind}-`));
  let server;
  let browser;
  try {
    const site = kind === 'shipped' ? shippedSite(dir) : await generatedSite(dir, pages);
    const { createDevServer, createLogger } = await import(path.join(ROOT, 'bin', 'api.js'));
    const startBuild = performance.now();
    server = await createDevServer({ root: dir, watch: true, port: 0, logger: discardingLogger(createLogger), watchTemplates: false });
    await server.context.ready;
    const firstBuildMs = performance.now() - startBuild;
    const original = fs.readFileSync(site.guide, 'utf8');
    const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(original)?.[0] ?? '';
    const withParagraph = (text) => `${frontMatter}\n${text}\n${original.slice(frontMatter.length)}`;

    // Find the page of the guide by a first save, which also checks the whole loop works.
    const probe = `Probe paragraph ${Date.now()}.`;
    const built = waitForBuild(server.context, (e) => e.changed.includes(site.guide));
    fs.writeFileSync(site.guide, withParagraph(probe));
    await built;
    const file = pageFile(server.context.state.files, original, probe);
    const url = new URL(file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, ''), server.url).href;

    browser = await launchChromium();
    const page = await browser.newPage();
    await page.addInitScript(paintProbe);
    await page.goto(url);
    await page.waitForLoadState('load');

    let rebuiltAt = 0;
    server.context.subscribe((e) => {
      if (e.type === 'built') rebuiltAt = now();
    });
    const painted = [];
    const rebuilt = [];
    let inPlace = 0;
    for (let i = 0; i < WARMUP_SAVES + saves; i++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      const marker = `Edited paragraph number ${i} (${Date.now()}).`;
      await page.evaluate((m) => {
        for (const key of ['__docsgenFcp', '__docsgenFrame', '__docsgenSwap', '__docsgenSwapSeen']) delete window[key];
        window.__docsgenMarker = m;
      }, marker);
      const saved = now();
      fs.writeFileSync(site.guide, withParagraph(marker));
      await page.waitForFunction((m) => (document.body?.textContent.includes(m) ?? false) && (window.__docsgenSwap || window.__docsgenFcp || window.__docsgenFrame), marker, { polling: 'raf', timeout: 120_000 });
      // The frame time is only set after two frames: wait for it when FCP came first.
      const t = await page.evaluate(async () => {
        while (!window.__docsgenSwap && !window.__docsgenFcp && !window.__docsgenFrame) await new Promise((r) => requestAnimationFrame(r));
        return { swap: window.__docsgenSwap, fcp: window.__docsgenFcp, frame: window.__docsgenFrame };
      });
      if (i < WARMUP_SAVES) continue;
      if (t.swap) inPlace++;
      painted.push((t.swap ?? t.fcp ?? t.frame) - saved);
      rebuilt.push(rebuiltAt - saved);
    }
    fs.writeFileSync(site.guide, original);
    const pagesBuilt = server.context.state.files.size && [...server.context.state.files.keys()].filter((f) => f.endsWith('.html')).length;
    process.stdout.write(`${JSON.stringify({ kind, painted, rebuilt, inPlace, firstBuildMs, pages: pagesBuilt, guide: path.relative(dir, site.guide), url: new URL(url).pathname })}\n`);
  } finally {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function waitForBuild(context, predicate, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no rebuild saw the save within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const stop = context.subscribe((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      stop();
      if (e.type === 'built') resolve(e);
      else reject(new Error(`the rebuild failed: ${e.errors.map((x) => `${x.file ?? ''}:${x.line ?? ''} ${x.text}`).join('; ')}`));
    });
  });
}

function runChild(kind, options, log) {
  return new Promise((resolve, reject) => {
    const args = ['--max-old-space-size=6144', SELF, '--child', kind, '--saves', String(options.saves), '--pages', String(options.pages)];
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop();
      if (code !== 0 || !line?.startsWith('{')) return reject(new Error(`the ${kind} site's measurement exited with code ${code}:\n${(stderr || stdout).trim().split('\n').slice(-30).join('\n')}`));
      log(`${kind}: done`);
      resolve(JSON.parse(line));
    });
  });
}

/** Median, 95th percentile, min and max of a list of times (also bench/watchScale.mjs's). */
export function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return {
    median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2,
    p95: s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)],
    min: s[0],
    max: s[s.length - 1],
  };
}

const ms = (v) => `${Math.round(v).toLocaleString('en-US')} ms`;

function markdownOf(results, options) {
  const rows = results.map((r) => {
    const p = summary(r.painted);
    const b = summary(r.rebuilt);
    const target = TARGETS[r.kind];
    const name = r.kind === 'shipped' ? 'shipped site' : `generated site (bench/generateSite.mjs, ${options.pages.toLocaleString('en-US')} pages)`;
    return `| ${name}: ${r.pages.toLocaleString('en-US')} pages, \`${r.url}\` | ${ms(p.median)} | ${ms(p.p95)} | ${ms(p.min)} – ${ms(p.max)} | ${ms(b.median)} | ≤ ${target} ms: ${p.median <= target ? 'met' : '**not met**'} |`;
  });
  const how = results.map((r) => `${r.kind}: ${r.inPlace} of ${r.painted.length} in place`).join(', ');
  const reloads = results.some((r) => r.inPlace < r.painted.length)
    ? ' A save that reloaded the page is timed to the first-contentful-paint of the reloaded document (or, where Chromium reported none, the second frame after DOMContentLoaded).'
    : '';
  return [
    `Median time from saving a guide (\`writeFileSync\`) to the updated page being painted in Chromium, over ${options.saves} saves per site after ${WARMUP_SAVES} uncounted ones, ${PAUSE_MS} ms apart; \`node bench/watch.mjs\`. The dev server puts an edit that stays inside the page's content in place without a reload (${how}); painted is when a task queued in the animation-frame callback of the first frame showing the new text runs.${reloads} "Rebuilt" is save → the rebuild finished, the server's share.`,
    '',
    '| Site | Save → painted, median | p95 | min – max | Save → rebuilt, median | Target |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `First build in memory: ${results.map((r) => `${r.kind} ${ms(r.firstBuildMs)}`).join(', ')}. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end.`,
  ].join('\n');
}

/** For bench/run.mjs: measures both sites, each in a child process. */
/**
 * Runs in the page (Playwright's addInitScript): marks first contentful paint, the frame after
 * DOMContentLoaded, and the time the first frame showing `window.__docsgenMarker` is painted.
 * Shared with bench/watchScale.mjs.
 */
export function paintProbe() {
  const w = window;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__docsgenFcp = performance.timeOrigin + e.startTime;
  }).observe({ type: 'paint', buffered: true });
  addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => requestAnimationFrame(() => (w.__docsgenFrame = performance.timeOrigin + performance.now()))));
  // An edit put in place without a reload: the frame that first shows the marker text is
  // painted when a task queued in its animation-frame callback runs.
  new MutationObserver(() => {
    if (!w.__docsgenMarker || w.__docsgenSwapSeen || !document.body?.textContent.includes(w.__docsgenMarker)) return;
    w.__docsgenSwapSeen = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__docsgenSwap = performance.timeOrigin + performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export async function benchWatch({ log = (m) => console.error(m), saves = 15, pages = 5000, sites = ['shipped', 'generated'] } = {}) {
  const results = [];
  for (const kind of sites) {
    log(`${kind}: building and measuring ${saves} saves…`);
    results.push(await runChild(kind, { saves, pages }, log));
  }
  return { markdown: markdownOf(results, { saves, pages }), results };
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const saves = Number(opt('--saves') ?? 15);
  const pages = Number(opt('--pages') ?? 5000);
  if (!Number.isInteger(saves) || saves < 1 || !Number.isInteger(pages)) {
    console.error('usage: node bench/watch.mjs [--saves <n>] [--pages <n>] [--site shipped|generated]...');
    process.exit(2);
  }
  if (opt('--child')) {
    await measureSite(opt('--child'), { saves, pages });
  } else {
    const sites = args.flatMap((a, i) => (args[i - 1] === '--site' ? [a] : []));
    const { markdown } = await benchWatch({ saves, pages, sites: sites.length ? sites : undefined });
    console.log(`### serve --watch: save to painted page\n\n${markdown}`);
  }
}
