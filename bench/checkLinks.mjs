// `docsgen check-links` as a pre-commit hook runs it: a whole `node bin/docsgen.js check-links`
// process, timed from spawn to exit, on a copy of the shipped site (so the repository's own
// `.docsgen/` cache is never touched).
//
//   cold: the copy has no `.docsgen/` folder, as on a fresh clone or after the spec changed;
//   warm: the cache of the previous run is there, as on every other commit.
//
//   node bench/checkLinks.mjs [--runs <n>]      prints the markdown section
//
// And on a large site (benchCheckLinksLarge, `npm run bench -- --section check-links-large`): the
// generated 7,000-page site (bench/generateSite.mjs), each round in a new copy, its spec read from
// its file and then fetched from a local server: cold, with nothing changed, after one guide's
// edit and after one operation's summary was edited (the edits of bench/incremental.mjs).
//
//   node bench/checkLinks.mjs --large [--runs <n>] [--pages <n>]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generateSite.mjs';
import { editGuide, editOperationSummary } from './incremental.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MS = 1000;

/** A copy of the shipped site, its versions included, in `dir` (default: a new temporary folder); returns the folder. */
export function copyShippedSite(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-links-'))) {
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'fixtures'));
  fs.copyFileSync(path.join(ROOT, 'fixtures', 'hyperlocal-openapi.yaml'), path.join(dir, 'fixtures', 'hyperlocal-openapi.yaml'));
  fs.copyFileSync(path.join(ROOT, 'docsgen.config.ts'), path.join(dir, 'docsgen.config.ts'));
  // Its versions too: check-links checks each one's guides, a watched server builds each one.
  fs.copyFileSync(path.join(ROOT, 'versions.json'), path.join(dir, 'versions.json'));
  fs.cpSync(path.join(ROOT, 'versioned'), path.join(dir, 'versioned'), { recursive: true });
  return dir;
}

function checkLinks(cwd) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), 'check-links'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`docsgen check-links exited ${r.status} on the shipped site:\n${r.stdout}${r.stderr}`);
  return { ms, summary: r.stdout.trim().split('\n').pop() };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function benchCheckLinks({ log = () => {}, runs = 5 } = {}) {
  // Compile the CLI bundle first so no measured run pays for it.
  spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), '--help'], { cwd: ROOT });
  const cold = [];
  const warm = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const dir = copyShippedSite();
    try {
      cold.push(checkLinks(dir).ms);
      const w = checkLinks(dir);
      warm.push(w.ms);
      summary = w.summary;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    log(`check-links: run ${i + 1}/${runs}: cold ${cold.at(-1).toFixed(0)} ms, warm ${warm.at(-1).toFixed(0)} ms`);
  }
  const row = (label, values) => {
    const m = median(values);
    return `| ${label} | ${m.toFixed(0)} ms | ${Math.min(...values).toFixed(0)} – ${Math.max(...values).toFixed(0)} ms | ${m <= TARGET_MS ? 'met' : `missed by ${(m - TARGET_MS).toFixed(0)} ms`} |`;
  };
  const markdown = [
    `\`docsgen check-links\` on a copy of the shipped site, whole process from spawn to exit (Node start-up included), ${runs} runs each. Cold: no \`.docsgen/\` cache (fresh clone, or the spec changed); warm: the cache of the run before (every other commit). Target ≤ ${TARGET_MS} ms.`,
    '',
    '| Run | Median | Min – max | Target |',
    '|---|---:|---:|---|',
    row('cold', cold),
    row('warm', warm),
    '',
    `Its own summary line: \`${summary}\``,
  ].join('\n');
  return { markdown, coldMs: median(cold), warmMs: median(warm) };
}

/** check-links as a process of its own, not blocking this one (whose server may answer it); its wall time and summary line. */
function checkLinksAsync(cwd) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), 'check-links'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) reject(new Error(`docsgen check-links exited ${code} in ${cwd}:\n${out}`));
      else resolve({ ms, summary: out.trim().split('\n').pop() });
    });
  });
}

const int = (ms) => Math.round(ms).toLocaleString('en-US');

/** The runs of one round, in order: the spec from its file, then from a local server. */
const LARGE_RUNS = [
  ['file', 'cold', 'cold (no `.docsgen/`)'],
  ['file', 'warm', 'nothing changed'],
  ['file', 'guide', "one guide's text edited"],
  ['file', 'spec', "one operation's summary edited"],
  ['url', 'cold', 'spec from a local server: cold'],
  ['url', 'warm', 'spec from a local server: nothing changed'],
  ['url', 'spec', "spec from a local server: one operation's summary edited"],
];

export async function benchCheckLinksLarge({ log = () => {}, runs = 3, pages = 7000 } = {}) {
  spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), '--help'], { cwd: ROOT });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-links-large-'));
  const server = http.createServer((req, res) => {
    // /<round>/openapi.yaml: that round's spec as it is now.
    const file = path.join(work, path.normalize(decodeURIComponent(req.url ?? '')).replace(/^(\.\.[/\\])+/, ''));
    fs.readFile(file, (err, text) => (err ? res.writeHead(404).end() : res.writeHead(200, { 'content-type': 'application/yaml' }).end(text)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  const times = new Map(LARGE_RUNS.map(([spec, run]) => [`${spec} ${run}`, []]));
  let info;
  let guide = '';
  let summary = '';
  try {
    const pristine = path.join(work, 'pristine');
    info = generateSite({ pages, out: pristine });
    const guidesDir = path.join(pristine, 'content', 'guides');
    const guides = fs.readdirSync(guidesDir, { recursive: true }).filter((f) => f.endsWith('.md')).sort();
    guide = path.join('content', 'guides', guides[Math.floor(guides.length / 2)]);
    for (let round = 1; round <= runs; round++) {
      for (const spec of ['file', 'url']) {
        const site = path.join(work, `round-${round}-${spec}`);
        fs.cpSync(pristine, site, { recursive: true });
        if (spec === 'url') {
          const config = path.join(site, 'docsgen.config.ts');
          fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("spec: 'openapi.yaml'", `spec: 'http://127.0.0.1:${port}/${path.basename(site)}/openapi.yaml'`));
        }
        for (const [kind, run] of LARGE_RUNS) {
          if (kind !== spec) continue;
          if (run === 'guide') fs.writeFileSync(path.join(site, guide), editGuide(fs.readFileSync(path.join(site, guide), 'utf8'), `A paragraph added by the check-links benchmark (round ${round}).`));
          if (run === 'spec') fs.writeFileSync(path.join(site, 'openapi.yaml'), editOperationSummary(fs.readFileSync(path.join(site, 'openapi.yaml'), 'utf8'), '(revised)').text);
          const r = await checkLinksAsync(site);
          times.get(`${spec} ${run}`).push(r.ms);
          summary = r.summary;
          log(`check-links-large: round ${round}, ${spec} spec, ${run}: ${r.ms.toFixed(0)} ms`);
        }
        fs.rmSync(site, { recursive: true, force: true });
      }
    }
  } finally {
    server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const rows = LARGE_RUNS.map(([spec, run, label]) => {
    const values = times.get(`${spec} ${run}`);
    return `| ${label} | ${int(median(values))} ms | ${int(Math.min(...values))} – ${int(Math.max(...values))} ms |`;
  });
  const markdown = [
    `\`docsgen check-links\` on the generated ${pages.toLocaleString('en-US')}-page site (bench/generateSite.mjs, ${info.files.toLocaleString('en-US')} files), whole process from spawn to exit, ${runs} rounds, each in a new copy of the site: its spec read from its file, then (in another copy) fetched from a server in the benchmark's process. In each, cold (no \`.docsgen/\`), then with the cache of the run before: nothing changed, one guide's text edited (\`${guide}\`), one operation's summary edited.`,
    '',
    '| Run | Median | Min – max |',
    '|---|---:|---:|',
    ...rows,
    '',
    `Its own summary line: \`${summary}\``,
  ].join('\n');
  return { markdown };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = (name, otherwise) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : otherwise;
  };
  const log = (m) => process.stderr.write(`${m}\n`);
  const large = process.argv.includes('--large');
  const { markdown } = large ? await benchCheckLinksLarge({ runs: flag('--runs', 3), pages: flag('--pages', 7000), log }) : await benchCheckLinks({ runs: flag('--runs', 5), log });
  console.log(markdown);
}
