// Lighthouse scores of the shipped site: builds it into a temporary folder, serves it
// gzip-compressed from 127.0.0.1, and runs Lighthouse's default mobile preset (Moto G Power
// emulation, simulated slow-4G throttling) on a guide page and an API operation page.
//
//   node bench/lighthouse.mjs [--runs <n>]      prints a markdown section
//   import { benchLighthouse } from './lighthouse.mjs'; await benchLighthouse({ log })
//
// Performance scores move with machine load (Lighthouse's simulated throttling still measures
// real main-thread work), so each page is audited <runs> times (default 3) and the run with the
// median performance score is reported, with the min–max of all runs and the load average.
// Chromium is Debian's (CHROME_PATH, else CHROMIUM_PATH, else /usr/bin/chromium); Lighthouse is
// pointed at its DevTools port, so nothing downloads a browser.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
// Started by hand for Lighthouse (not by playwright-core), so headless is a flag of its own.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CATEGORY_TITLES = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best practices', seo: 'SEO' };
const METRICS = [
  ['total-blocking-time', 'TBT'],
  ['largest-contentful-paint', 'LCP'],
  ['cumulative-layout-shift', 'CLS'],
  ['first-contentful-paint', 'FCP'],
  ['speed-index', 'SI'],
];
/** [type, route, site]: `shipped`, or `tryIt` (the shipped site with the console on, closed). */
export const LIGHTHOUSE_PAGES = [
  ['guide', '/guides/boundaries/virtual-layers', 'shipped'],
  ['API operation', '/api/search-boundaries', 'shipped'],
  ['API operation with Try it', '/api/search-boundaries', 'tryIt'],
];
// Issue 7's reference: the Docusaurus site docsgen replaces, measured on these machines.
const ORIGINAL_SITE = { guide: { performance: 80, accessibility: 96 }, 'API operation': { performance: 68, accessibility: 87 } };

// ---------------------------------------------------------------------------------------------
// The site and its server

function buildShippedSite(outDir, cwd = ROOT) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), 'build', '--quiet', '--out', outDir], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lighthouse bench: docsgen build failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
}

/**
 * The shipped site with the try-it console on (the shipped config keeps it off: SPEC), so the
 * operation page is audited with its "Try it" button and the console closed. The config lives in
 * a temporary folder beside links to the repository's content and spec, whose paths it resolves.
 */
function buildTryItSite(outDir, tmp) {
  const project = path.join(tmp, 'try-it-project');
  fs.mkdirSync(project);
  for (const dir of ['content', 'fixtures']) fs.symlinkSync(path.join(ROOT, dir), path.join(project, dir));
  const shipped = JSON.stringify(path.join(ROOT, 'docsgen.config.ts'));
  fs.writeFileSync(
    path.join(project, 'docsgen.config.ts'),
    `import shipped from ${shipped};\nexport default { ...shipped, openapi: { ...shipped.openapi, tryIt: { enabled: true } } };\n`,
  );
  buildShippedSite(outDir, project);
}

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.svg', '.xml', '.txt']);

/** The file a clean URL maps to, as a static host serves a docsgen build (`/a/b` → `a/b/index.html`). */
function resolveFile(root, pathname) {
  const file = path.join(root, pathname);
  if (!file.startsWith(root)) return undefined;
  for (const candidate of [file, path.join(file, 'index.html'), `${file}.html`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Serves a built site on 127.0.0.1 the way a production host would: gzip, and long caching for hashed assets. */
export async function serveCompressed(root) {
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const found = resolveFile(root, pathname);
    const file = found ?? path.join(root, '404.html');
    const ext = path.extname(file);
    const headers = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
    };
    let body = fs.readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
      body = gzipped.get(file);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(found ? 200 : 404, headers).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// ---------------------------------------------------------------------------------------------
// Chromium

/** Starts headless Chromium with a DevTools port for Lighthouse; resolves once the port is known. */
export async function launchChromium(profileDir) {
  if (!fs.existsSync(CHROME)) throw new Error(`lighthouse bench: no Chromium at ${CHROME}. Install Debian's "chromium" package or set CHROME_PATH.`);
  const child = spawn(CHROME, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`lighthouse bench: Chromium did not open a DevTools port within 30 s:\n${stderr}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lighthouse bench: Chromium exited (code ${code}) before opening a DevTools port:\n${stderr}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    version: spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Audits

async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse bench: Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse bench: ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

const score = (lhr, category) => (lhr.categories[category].score === null ? null : Math.round(lhr.categories[category].score * 100));

/**
 * Audits that cost a category points: scored audits below 1, plus (for performance, where only
 * the metrics carry weight) opportunities and diagnostics Lighthouse flags as failing (< 0.9).
 */
export function failingAudits(lhr, category) {
  const failing = [];
  for (const ref of lhr.categories[category].auditRefs) {
    const a = lhr.audits[ref.id];
    if (a.score === null || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual') continue;
    const threshold = ref.weight > 0 ? 1 : category === 'performance' ? 0.9 : 1;
    if (a.score < threshold) failing.push({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue });
  }
  return failing;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Audits each page <runs> times; returns, per page, the median-performance run and the spread. */
export async function auditPages({ origins, port, runs, log }) {
  const pages = [];
  for (const [type, route, site] of LIGHTHOUSE_PAGES) {
    const lhrs = [];
    const loads = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(origins[site] + route, port);
      lhrs.push(lhr);
      loads.push(os.loadavg()[0]);
      log(`lighthouse: ${route} run ${i + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}; TBT ${lhr.audits['total-blocking-time'].displayValue}`);
    }
    const perf = lhrs.map((l) => score(l, 'performance'));
    const medianRun = lhrs[perf.indexOf(median(perf))];
    pages.push({ type, route, runs: lhrs, loads, lhr: medianRun, perfMin: Math.min(...perf), perfMax: Math.max(...perf) });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Report

const msText = (value) => `${Math.round(value)} ms`;

/** Whether a page meets issue 7's target: performance 100 with no blocking time, the rest 100. */
function meetsTarget(lhr) {
  return CATEGORIES.every((c) => score(lhr, c) === 100) && Math.round(lhr.audits['total-blocking-time'].numericValue) === 0;
}

function formatMarkdown({ pages, runs, load, lighthouseVersion, chromeVersion }) {
  const lines = [];
  const allLoads = pages.flatMap((p) => p.loads);
  lines.push(
    `Lighthouse ${lighthouseVersion}, default mobile preset (emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), ${chromeVersion} headless; ` +
      `the shipped site built by \`docsgen build\` (and once more with \`openapi.tryIt\` on, for the page with a closed Try it console) and served gzip-compressed from 127.0.0.1 (\`node bench/lighthouse.mjs\`). ` +
      `${runs} run${runs === 1 ? '' : 's'} per page; the table shows the run with the median performance score (min–max over all runs in brackets) and the blocking time of every run.`,
  );
  lines.push(
    `1-minute load average ${load.before.toFixed(2)} before the audits, ${Math.max(...allLoads).toFixed(2)} at most after a run (2 cores: above ~1, other processes competed with Chromium, ` +
      'and simulated throttling multiplies whatever main-thread time it measured by 4, so blocking time grows with load).',
  );
  lines.push('');
  lines.push(`| Page | ${CATEGORIES.map((c) => CATEGORY_TITLES[c]).join(' | ')} | ${METRICS.map(([, label]) => label).join(' | ')} | TBT, every run |`);
  lines.push(`|---|${CATEGORIES.map(() => '---:').join('|')}|${METRICS.map(() => '---:').join('|')}|---:|`);
  for (const p of pages) {
    const cells = CATEGORIES.map((c) => {
      const s = score(p.lhr, c);
      return c === 'performance' && p.perfMin !== p.perfMax ? `${s} (${p.perfMin}–${p.perfMax})` : String(s);
    });
    const metrics = METRICS.map(([id]) => (p.lhr.audits[id].displayValue ?? '–').replace(/\u00a0/g, ' '));
    const tbts = p.runs.map((l) => msText(l.audits['total-blocking-time'].numericValue)).join(', ');
    lines.push(`| ${p.type} \`${p.route}\` | ${cells.join(' | ')} | ${metrics.join(' | ')} | ${tbts} |`);
  }
  lines.push('');
  const reference = pages
    .filter((p) => ORIGINAL_SITE[p.type])
    .map((p) => `${p.type} performance ${ORIGINAL_SITE[p.type].performance}, accessibility ${ORIGINAL_SITE[p.type].accessibility}`)
    .join('; ');
  lines.push(`For comparison, the original Docusaurus site (issue 7): ${reference}.`);
  lines.push('');
  const met = pages.filter((p) => meetsTarget(p.lhr)).map((p) => p.type);
  const missed = pages.filter((p) => !meetsTarget(p.lhr));
  lines.push(
    missed.length === 0
      ? `Target (performance 100 with no blocking time; accessibility, best practices and SEO 100): met on ${met.join(' and ')} in the reported runs.`
      : `Target (performance 100 with no blocking time; accessibility, best practices and SEO 100): ${met.length ? `met on ${met.join(' and ')}; ` : ''}missed on ${missed
          .map((p) => `${p.type} (${CATEGORIES.filter((c) => score(p.lhr, c) !== 100).map((c) => `${CATEGORY_TITLES[c]} ${score(p.lhr, c)}`).concat(Math.round(p.lhr.audits['total-blocking-time'].numericValue) > 0 ? [`TBT ${msText(p.lhr.audits['total-blocking-time'].numericValue)}`] : []).join(', ')})`)
          .join(' and ')} in the reported runs.`,
  );
  const failures = [];
  for (const p of pages) {
    for (const c of CATEGORIES) {
      if (score(p.lhr, c) === 100) continue;
      const audits = failingAudits(p.lhr, c);
      const list = audits.length ? audits.map((a) => `\`${a.id}\` (${a.title}${a.displayValue ? `: ${a.displayValue}` : ''})`).join(', ') : 'no single failing audit';
      failures.push(`- ${p.type}, ${CATEGORY_TITLES[c]} ${score(p.lhr, c)}: ${list.replace(/\u00a0/g, ' ')}`);
    }
  }
  if (failures.length) {
    lines.push('');
    lines.push('Audits below 1 in each category under 100 (for performance, also the opportunities and diagnostics Lighthouse flags), reported runs:');
    lines.push('');
    lines.push(...failures);
  }
  return lines.join('\n');
}

/** Builds, serves and audits the shipped site; returns the markdown section for BENCHMARKS.md. */
export async function benchLighthouse({ log = () => {}, runs = 3 } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-lighthouse-'));
  const outDir = path.join(tmp, 'site');
  const tryItDir = path.join(tmp, 'site-try-it');
  let server;
  let tryItServer;
  let chrome;
  try {
    log('lighthouse: building the shipped site, and again with the try-it console on');
    buildShippedSite(outDir);
    buildTryItSite(tryItDir, tmp);
    server = await serveCompressed(outDir);
    tryItServer = await serveCompressed(tryItDir);
    chrome = await launchChromium(path.join(tmp, 'profile'));
    const load = { before: os.loadavg()[0] };
    const pages = await auditPages({ origins: { shipped: server.origin, tryIt: tryItServer.origin }, port: chrome.port, runs, log });
    const lighthouseVersion = pages[0].lhr.lighthouseVersion;
    return { markdown: formatMarkdown({ pages, runs, load, lighthouseVersion, chromeVersion: chrome.version }), pages };
  } finally {
    await chrome?.close();
    await server?.close();
    await tryItServer?.close();
    // Chromium's helper processes may still be writing the profile for a moment after close; a
    // folder left in /tmp must not throw away the audits that were made.
    try {
      fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      log(`lighthouse: could not delete ${tmp} (${error.code ?? error.message}); delete it by hand`);
    }
  }
}

function parseRuns(argv) {
  const i = argv.indexOf('--runs');
  if (i === -1) return 3;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: node bench/lighthouse.mjs [--runs <n>]   (--runs must be a positive integer)');
    process.exit(2);
  }
  return n;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { markdown } = await benchLighthouse({ log: (line) => console.error(line), runs: parseRuns(process.argv.slice(2)) });
  console.log(`### Lighthouse\n\n${markdown}`);
}
