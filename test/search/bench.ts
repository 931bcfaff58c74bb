// Search figures for the shipped site, in a process of its own:
//   npx tsx test/search/bench.ts
// index bytes (raw, gzip) and per page, index build and load time, query time p50/p95 over the
// relevance queries (warm), and the gzip size of the browser bundle of query.ts.
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { loadSearchIndex, search } from '../../src/shared/search/query';
import { searchDocuments } from '../../src/search/documents';
import { buildSearchIndex } from '../../src/search/buildIndex';
import { cases } from './cases';
import { repoRoot, shippedPages } from './site';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const { pages, config } = await shippedPages();

let start = performance.now();
const documents = searchDocuments(pages, { routes: config.search.routes });
const documentsMs = performance.now() - start;
start = performance.now();
const built = buildSearchIndex(documents);
const buildMs = performance.now() - start;
start = performance.now();
const index = loadSearchIndex(built.content);
const loadMs = performance.now() - start;

const pageCount = new Set(documents.map((d) => d.p)).size;
const raw = Buffer.byteLength(built.content);
const gzip = gzipSync(built.content, { level: 9 }).length;
const parts = JSON.parse(built.content) as { documents: unknown; index: unknown }[];
const docsBytes = gzipSync(JSON.stringify(parts.map((p) => p.documents)), { level: 9 }).length;

for (let k = 0; k < 20; k++) for (const c of cases) search(index, c.query);
const times: number[] = [];
for (let round = 0; round < 50; round++) {
  for (const c of cases) {
    const t = performance.now();
    search(index, c.query);
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);

const bundle = await esbuild.build({ entryPoints: [path.join(repoRoot, 'src/shared/search/query.ts')], bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'silent' });
const code = bundle.outputFiles[0].text;

console.log(`pages indexed          ${pageCount} (${documents.length} documents)`);
console.log(`search-index.json      ${kib(raw)} raw, ${kib(gzip)} gzip (documents alone ${kib(docsBytes)} gzip)`);
console.log(`per page               ${Math.round(raw / pageCount)} B raw, ${Math.round(gzip / pageCount)} B gzip`);
console.log(`build                  documents ${documentsMs.toFixed(0)} ms, index ${buildMs.toFixed(0)} ms; load (JSON.parse + read) ${loadMs.toFixed(1)} ms`);
console.log(`query (${cases.length} relevance queries × 50, warm)  p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${times[times.length - 1].toFixed(2)} ms`);
console.log(`query.ts browser bundle ${kib(code.length)} minified, ${kib(gzipSync(code, { level: 9 }).length)} gzip`);
