// Search figures (issues 5 and 7), for the shipped site, a generated 2,000-page site and a
// generated 7,000-page site:
//
//   node bench/search.mjs            prints a markdown section
//   import { benchSearch } from './search.mjs'; const { markdown } = await benchSearch({ log });
//
// - Index bytes: the file(s) the build writes, raw and gzip (level 9, as a server sends them), and
//   per indexed page. Sites above `search.shardAbovePages` (300) get a sharded index: its manifest,
//   shards, lexicon and fragments are reported, and so is the single search-index.json the site
//   would otherwise have, for comparison.
// - Search code: the built site served from 127.0.0.1 in Chromium; the JavaScript files requested
//   after focusing the search box (the search island, the query chunk and, on a sharded site, the
//   sharded reader), gzip. Before that focus, no search file (code or index) may be requested.
// - Query time in Node: warm `search()` over the relevance queries (test/search/cases.ts) on the
//   shipped site, and over a seeded query set drawn from the generated site's own titles,
//   headings and words (test/search/querySet.ts: titles, words, pairs, prefixes, field names,
//   one-edit typos); 20 warm-up rounds, then 30 measured ones; p50 and p95 of single queries.
// - Sharded, per cold query (a new reader for each query, nothing cached): the index bytes
//   fetched before its first results are shown (manifest + shards + lexicon buckets + page
//   fragments, gzip), median, p95 and max over the query set, and the number of files. The
//   7,000-page site is not built as a whole here (the build bench does that): its pages go
//   through the same stages a build runs (config, content, openapi, site, search documents,
//   index, shards), which write the same files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { generateSite } from './generateSite.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEED = 0xd0c5;
const gz = (data) => gzipSync(data, { level: 9 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(2)} ms`;

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function median(sorted) {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The TypeScript modules the figures need, through tsx (registered only while importing). */
async function loadModules() {
  const unregister = register();
  try {
    const [query, sharded, documents, buildIndex, site, cases, querySet, browser] = await Promise.all([
      import('../src/shared/search/query.ts'),
      import('../src/shared/search/sharded.ts'),
      import('../src/search/documents.ts'),
      import('../src/search/buildIndex.ts'),
      import('../test/search/site.ts'),
      import('../test/search/cases.ts'),
      import('../test/search/querySet.ts'),
      import('../test/helpers/browser.ts'),
    ]);
    return { ...query, ...sharded, ...documents, ...buildIndex, ...site, ...cases, ...querySet, ...browser };
  } finally {
    await unregister();
  }
}

function buildWithCli(configFile, out) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/docsgen.js'), 'build', '--config', configFile, '--out', out, '--quiet'], { cwd: path.dirname(configFile), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`docsgen build of ${configFile} failed (${r.status ?? r.signal}):\n${(r.stderr || r.stdout).trim().split('\n').slice(-20).join('\n')}`);
}

/** Every file under `dir`, relative. */
function listFiles(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]));
}

/** Index files a build wrote: the single file, or the sharded folder. */
function indexFiles(out) {
  if (fs.existsSync(path.join(out, 'search-index.json'))) {
    const bytes = fs.readFileSync(path.join(out, 'search-index.json'));
    return { sharded: false, raw: bytes.length, gzip: gz(bytes), files: 1 };
  }
  const dir = path.join(out, 'search-index');
  const files = listFiles(dir);
  let raw = 0;
  let gzip = 0;
  const byKind = {};
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dir, f));
    const size = gz(bytes);
    const kind = f === 'manifest.json' ? 'manifest' : f.split('/')[0];
    byKind[kind] ??= { files: 0, raw: 0, gzip: 0 };
    byKind[kind].files++;
    byKind[kind].raw += bytes.length;
    byKind[kind].gzip += size;
    raw += bytes.length;
    gzip += size;
  }
  return { sharded: true, raw, gzip, files: files.length, byKind };
}

/**
 * Loads `route` in Chromium: the search requests before any interaction (must be none), then the
 * files the first focus of the search box brings, by role, gzip.
 */
async function searchCodeOnFocus(m, out, route) {
  const server = await m.serveStatic(out);
  const browser = await m.launchBrowser();
  try {
    const page = await browser.newPage();
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(server.url + route);
    await page.waitForLoadState('networkidle');
    const isSearch = (p) => p.includes('search-index') || /island-Search/.test(p) || (p.endsWith('.js') && /Invalid search index/.test(readSafe(out, p)));
    const before = requests.filter(isSearch);
    const loadedBefore = requests.length;
    await page.focus('#navbar-search-input');
    await page.keyboard.type('parcel boundary');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    const after = [...new Set(requests.slice(loadedBefore))].filter((p) => p.endsWith('.js'));
    const roles = { island: 0, query: 0, sharded: 0, other: 0 };
    for (const p of after) {
      const code = readSafe(out, p);
      const role = /island-SearchBox/.test(p) ? 'island' : /not a search manifest/.test(code) ? 'sharded' : /Invalid search index/.test(code) ? 'query' : 'other';
      roles[role] += gz(code);
    }
    return { before, roles, files: after.length };
  } finally {
    await browser.close();
    await server.close();
  }
}

function readSafe(out, p) {
  try {
    return fs.readFileSync(path.join(out, decodeURIComponent(p)), 'utf8');
  } catch {
    return '';
  }
}

/** Warm query times (ms) of `search()` over `queries`. */
function queryTimes(m, index, queries, { warm = 20, rounds = 30 } = {}) {
  for (let k = 0; k < warm; k++) for (const q of queries) m.search(index, q, { limit: 8 });
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      const t = performance.now();
      m.search(index, q, { limit: 8 });
      times.push(performance.now() - t);
    }
  }
  return times.sort((a, b) => a - b);
}

/** Pages of a site (the stages before rendering), its documents, the single file and its sharded files. */
async function siteIndex(m, root) {
  const { config, pages } = await m.shippedPages(root);
  const documents = m.searchDocuments(pages, { routes: config.search.routes });
  const single = m.buildSearchIndex(documents, { shardAbovePages: Infinity });
  const sharded = m.buildSearchIndex(documents, { shardAbovePages: 0 });
  const pageCount = documents.filter((d) => d.type === 0).length;
  return { config, documents, single, sharded, pageCount };
}

/** Index bytes (gzip) and files fetched by each cold query on the sharded files, until its first results. */
async function coldQueries(m, sharded, queries) {
  const sizes = new Map();
  const fileSize = (name) => {
    let n = sizes.get(name);
    if (n === undefined) sizes.set(name, (n = gz(name === 'manifest.json' ? sharded.content : sharded.files.get(`search-index/${name}`))));
    return n;
  };
  const manifest = JSON.parse(sharded.content);
  const bytes = [];
  const files = [];
  const times = [];
  let warmEngine;
  for (const q of queries) {
    let total = fileSize('manifest.json');
    let count = 1;
    const t = performance.now();
    const engine = m.loadShardedIndex(manifest, async (file) => {
      total += fileSize(file);
      count++;
      return JSON.parse(sharded.files.get(`search-index/${file}`));
    });
    await engine.search(q, { limit: 8 });
    times.push(performance.now() - t);
    bytes.push(total);
    files.push(count);
    warmEngine ??= engine;
  }
  // One reader answering every query in turn (warm: what it already holds is reused).
  for (const q of queries) await warmEngine.search(q, { limit: 8 });
  const warm = [];
  for (let round = 0; round < 10; round++) {
    for (const q of queries) {
      const t = performance.now();
      await warmEngine.search(q, { limit: 8 });
      warm.push(performance.now() - t);
    }
  }
  const s = (list) => [...list].sort((a, b) => a - b);
  return { bytes: s(bytes), files: s(files), times: s(times), warm: s(warm), shards: manifest.shards.length, manifestGzip: fileSize('manifest.json') };
}

export async function benchSearch({ log = () => {} } = {}) {
  const m = await loadModules();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-search-'));
  const lines = [];
  try {
    // ---- Shipped site
    log('building the shipped site');
    const shippedOut = path.join(tmp, 'shipped-out');
    buildWithCli(path.join(ROOT, 'docsgen.config.ts'), shippedOut);
    const shipped = await siteIndex(m, ROOT);
    const shippedFiles = indexFiles(shippedOut);
    log('measuring the shipped site in Chromium');
    const shippedCode = await searchCodeOnFocus(m, shippedOut, '/guides/boundaries/virtual-layers');
    const shippedIndex = m.loadSearchIndex(shipped.single.content);
    const shippedTimes = queryTimes(m, shippedIndex, m.cases.map((c) => c.query));

    // ---- 2,000 pages (in a block: its data is let go before the 7,000-page site)
    let files2k, code2k, queries2k, times2k, cold2k, single2k, pages2k;
    {
      log('generating and building a 2,000-page site');
      const site2k = path.join(tmp, 'site-2000');
      generateSite({ pages: 2000, out: site2k, seed: SEED });
      const out2k = path.join(tmp, 'site-2000-out');
      buildWithCli(path.join(site2k, 'docsgen.config.ts'), out2k);
      files2k = indexFiles(out2k);
      log('measuring the 2,000-page site in Chromium');
      code2k = await searchCodeOnFocus(m, out2k, '/guides');
      fs.rmSync(out2k, { recursive: true, force: true });
      log('indexing the 2,000-page site in memory');
      const gen2k = await siteIndex(m, site2k);
      queries2k = m.generatedQueries(gen2k.documents, 60, SEED);
      times2k = queryTimes(m, m.loadSearchIndex(gen2k.single.content), queries2k);
      cold2k = await coldQueries(m, gen2k.sharded, queries2k);
      single2k = { raw: Buffer.byteLength(gen2k.single.content), gzip: gz(gen2k.single.content) };
      pages2k = gen2k.pageCount;
    }

    // ---- 7,000 pages
    log('generating and indexing a 7,000-page site');
    const site7k = path.join(tmp, 'site-7000');
    generateSite({ pages: 7000, out: site7k, seed: SEED });
    const gen7k = await siteIndex(m, site7k);
    const queries7k = m.generatedQueries(gen7k.documents, 60, SEED);
    const cold7k = await coldQueries(m, gen7k.sharded, queries7k);
    const single7k = { raw: Buffer.byteLength(gen7k.single.content), gzip: gz(gen7k.single.content) };
    let sharded7kRaw = Buffer.byteLength(gen7k.sharded.content);
    let sharded7kGzip = gz(gen7k.sharded.content);
    for (const text of gen7k.sharded.files.values()) {
      sharded7kRaw += Buffer.byteLength(text);
      sharded7kGzip += gz(text);
    }
    const pages7k = gen7k.pageCount;

    // ---- Markdown
    const codeCell = (c) => `${kib(c.roles.island + c.roles.query + c.roles.sharded)} (island ${kib(c.roles.island)}, query ${kib(c.roles.query)}${c.roles.sharded ? `, sharded reader ${kib(c.roles.sharded)}` : ''})`;
    const beforeCell = (c) => (c.before.length === 0 ? 'none' : `**${c.before.join(', ')}**`);
    lines.push(
      `Index, code and query time (\`node bench/search.mjs\`; gzip level 9; the 2,000- and 7,000-page sites from \`bench/generateSite.mjs\`, seed ${SEED}).`,
      '',
      '| | Shipped site | Generated, 2,000 pages |',
      '|---|---:|---:|',
      `| Pages indexed | ${shipped.pageCount} | ${pages2k.toLocaleString('en-US')} |`,
      `| Index as written by the build | search-index.json: ${kib(shippedFiles.raw)} raw, ${kib(shippedFiles.gzip)} gzip | sharded: ${files2k.files.toLocaleString('en-US')} files, ${kib(files2k.raw)} raw, ${kib(files2k.gzip)} gzip (manifest ${kib(files2k.byKind.manifest.gzip)}) |`,
      `| Single search-index.json (for comparison) | ${kib(shippedFiles.raw)} raw, ${kib(shippedFiles.gzip)} gzip | ${kib(single2k.raw)} raw, ${kib(single2k.gzip)} gzip |`,
      `| Bytes per page (single file) | ${Math.round(shippedFiles.raw / shipped.pageCount)} B raw, ${Math.round(shippedFiles.gzip / shipped.pageCount)} B gzip | ${Math.round(single2k.raw / pages2k)} B raw, ${Math.round(single2k.gzip / pages2k)} B gzip |`,
      `| Search code on first focus (gzip; target ≤ 15 KiB) | ${codeCell(shippedCode)} | ${codeCell(code2k)} |`,
      `| Other JS on first focus (shared React chunk etc.) | ${kib(shippedCode.roles.other)} | ${kib(code2k.roles.other)} |`,
      `| Search files requested before any interaction (target: none) | ${beforeCell(shippedCode)} | ${beforeCell(code2k)} |`,
      `| Query time in Node, warm, single index: p50 / p95 (target p50 ≤ 5 ms) | ${ms(median(shippedTimes))} / ${ms(percentile(shippedTimes, 0.95))} (${m.cases.length} relevance queries × 30) | ${ms(median(times2k))} / ${ms(percentile(times2k, 0.95))} (${queries2k.length} generated queries × 30) |`,
      `| Query time, sharded reader, warm: p50 / p95 | – | ${ms(median(cold2k.warm))} / ${ms(percentile(cold2k.warm, 0.95))} |`,
      '',
      `Sharded index per cold query (a fresh reader per query; index bytes fetched before its first results: manifest + term shards + the long posting lists of the types it scores + lexicon lengths + fragments of the pages shown, gzip; over ${queries7k.length} generated queries: titles, words, pairs, prefixes, API field names, one-edit typos):`,
      '',
      '| Site | Pages | Single file, gzip | All shard files, gzip | Shards | Manifest | Cold query bytes: median / p95 / max (target ≤ 30 / – / 60 KiB) | Files fetched: median / max | Cold query time in Node (no network): median / max |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| Generated, 2,000 pages | ${pages2k.toLocaleString('en-US')} | ${kib(single2k.gzip)} | ${kib(files2k.gzip)} | ${cold2k.shards} | ${kib(cold2k.manifestGzip)} | ${kib(median(cold2k.bytes))} / ${kib(percentile(cold2k.bytes, 0.95))} / ${kib(cold2k.bytes.at(-1))} | ${median(cold2k.files)} / ${cold2k.files.at(-1)} | ${ms(median(cold2k.times))} / ${ms(cold2k.times.at(-1))} |`,
      `| Generated, 7,000 pages | ${pages7k.toLocaleString('en-US')} | ${kib(single7k.gzip)} | ${kib(sharded7kGzip)} (${kib(sharded7kRaw)} raw) | ${cold7k.shards} | ${kib(cold7k.manifestGzip)} | ${kib(median(cold7k.bytes))} / ${kib(percentile(cold7k.bytes, 0.95))} / ${kib(cold7k.bytes.at(-1))} | ${median(cold7k.files)} / ${cold7k.files.at(-1)} | ${ms(median(cold7k.times))} / ${ms(cold7k.times.at(-1))} |`,
      '',
      'The search code is fetched once per site and cached; it is not counted in the per-query bytes.',
    );
    return { markdown: lines.join('\n') };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { markdown } = await benchSearch({ log: (message) => console.error(`search: ${message}`) });
  console.log(markdown);
}
