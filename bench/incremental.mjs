// Incremental production builds (issue 18): how long `docsgen build` takes with its build cache
// (.docsgen/cache) after small edits, against a cold build of the same site in the same run, and
// whether what it writes is byte-identical to a cold build of the same inputs.
//
//   node bench/incremental.mjs [--pages <n>] [--runs <n>]      (npm run bench -- --section incremental)
//
// On the generated site of --pages pages (7,000; bench/generateSite.mjs), in a fresh copy of its
// folder per round, each build a new `docsgen build` process (bin/docsgen.js, as a CI job runs it):
//   (a) --no-cache: cold, no cache read or written;   (b) cold, filling the empty cache;
//   (c) nothing changed;                               (d) one guide's text edited (a paragraph added);
//   (e) one operation's summary changed in the spec;   (f) the config's title changed (every page);
//   (g) the guide edited again, built into (f)'s output folder (a rebuild on one's own machine);
//   (h) every tenth guide edited;                      (i) nothing changed again, to hold against (c).
// Each with --timings, whose line the report lists per build. After (d), the floor: a process that
// does only what any build from the cache must (bench/cacheFloor.mjs), against (d)'s output.
// After (d), the cache folder's round trip through a CI cache: packed and unpacked with tar and
// zstd, as actions/cache does (cacheTrip).
// After (d), (e) and (g) the same inputs are built again with --no-cache into another folder (not
// measured) and every file is compared, names and bytes. Each build but (g) writes into a new
// output folder (the previous one is removed first, untimed), as in a CI job that restores the cache.
// Measured per build: wall time of the whole process (spawn → exit), its CPU time (user + system,
// all threads) and peak RSS (written by bench/rusage-preload.mjs when the process exits), and the
// "K from the cache" of its summary line. With --runs > 1 the whole sequence is repeated (a … i, a … i, …), each round
// in a new copy with an empty cache, so that every figure is taken under the same load. The
// builds run a copy of the checkout's code taken when the section starts (bench/snapshot.mjs):
// an edit to src/ during the section would otherwise change the cache's engine digest midway.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listOutput } from './cacheFloor.mjs';
import { compareTrees, describeComparison, treeSize } from './compareTrees.mjs';
import { readHwm } from './processStats.mjs';
import { snapshotCheckout } from './snapshot.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const PRELOAD = pathToFileURL(path.join(ROOT, 'bench', 'rusage-preload.mjs')).href;
const FLOOR = path.join(ROOT, 'bench', 'cacheFloor.mjs');
const CACHE_DIR = path.join('.docsgen', 'cache');

/** The builds of one round, in order. `edit` changes the site folder before the build. */
export const STEPS = [
  { id: 'a', label: '(a) cold, `--no-cache`', noCache: true },
  { id: 'b', label: '(b) cold, filling the cache' },
  { id: 'c', label: '(c) nothing changed' },
  { id: 'd', label: "(d) one guide's text edited", edit: 'guide', compare: true, target: 0.1 },
  { id: 'e', label: "(e) one operation's summary edited", edit: 'spec', compare: true, target: 0.2 },
  { id: 'f', label: "(f) the config's title changed", edit: 'config' },
  // A rebuild on one's own machine: the last build's output folder is there, and its unchanged files are linked (src/output/reuse.ts).
  { id: 'g', label: "(g) one guide's text edited, into (f)'s output folder", edit: 'guide', keepOut: true, compare: true },
  // A cache that rolls forward from commit to commit: (i) must cost what (c) does. A stage that
  // did not store what it made again would make it again in every later build (the rendered
  // guides did until the sixty-fifth stop).
  { id: 'h', label: '(h) every tenth guide edited', edit: 'guides' },
  { id: 'i', label: '(i) nothing changed, after (h)' },
];

// ---------------------------------------------------------------------------------------------
// Pure parts

/** The CLI's summary line → { pages, cached } (`cached` 0 when the line names no cache), or undefined. */
export function parseSummary(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('✓ built'));
  const m = line && /^✓ built ([\d,]+) pages\b/.exec(line);
  if (!m) return undefined;
  const cached = /, ([\d,]+) from the cache/.exec(line);
  const n = (s) => Number(s.replaceAll(',', ''));
  return { pages: n(m[1]), cached: cached ? n(cached[1]) : 0, line };
}

/** The guide text with one paragraph added right after its front matter. */
export function editGuide(text, note) {
  const front = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? '';
  return `${front}\n${note}\n${text.slice(front.length)}`;
}

/**
 * The spec (YAML as bench/generateSpec.mjs writes it) with the summary of its middle operation
 * changed: only `summary:` lines of operations (six spaces in, under `paths:`) are candidates, not
 * those of components' examples. Returns { text, before, after }.
 */
export function editOperationSummary(yaml, suffix) {
  const start = yaml.search(/^paths:\n/m);
  if (start === -1) throw new Error('the spec has no paths: section');
  const rest = yaml.slice(start + 'paths:\n'.length);
  const end = start + 'paths:\n'.length + (rest.search(/^\S/m) === -1 ? rest.length : rest.search(/^\S/m));
  const re = /^ {6}summary: (.*)$/gm;
  re.lastIndex = start;
  const found = [];
  for (let m; (m = re.exec(yaml)) && m.index < end; ) found.push(m);
  if (!found.length) throw new Error('the spec has no operation with a summary');
  const m = found[Math.floor(found.length / 2)];
  const after = `${m[1]} ${suffix}`;
  return { text: yaml.slice(0, m.index) + `      summary: ${after}` + yaml.slice(m.index + m[0].length), before: m[1], after };
}

/** The config with its site title (the top-level `title: '…'`) changed. */
export function editConfigTitle(source, title) {
  const re = /^ {2}title: '[^'\n]*',$/m;
  if (!re.test(source)) throw new Error("the config has no top-level title: '…' line");
  return source.replace(re, `  title: '${title.replaceAll("'", "\\'")}',`);
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (v) => (v < 10_000 ? `${int(v)} ms` : `${(v / 1000).toFixed(1)} s`);
const fmtMiB = (kib) => `${int(kib / 1024)} MiB`;
const fmtBytes = (b) => (b < 1024 * 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${(b / 1024 / 1024).toFixed(1)} MiB`);
const pct = (r) => `${(r * 100).toFixed(1)} %`;

/** "12.3 s" or, over several rounds, "12.3 s (11.9 s – 13.0 s)". */
function cell(values, fmt) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.length > 1 && fmt(lo) !== fmt(hi) ? `${fmt(median(values))} (${fmt(lo)} – ${fmt(hi)})` : fmt(median(values));
}

/**
 * Table rows from the rounds (each { builds: { a: {processWallMs, cpuMs, maxRssKiB, cached,
 * pages}, … } }): the ratio is each round's build ÷ that round's (a), median over the rounds.
 */
export function incrementalRows(rounds) {
  return STEPS.map((step) => {
    const builds = rounds.map((r) => r.builds[step.id]).filter(Boolean);
    if (!builds.length) return [step.label, '—', '—', '—', '—', '—', '—'];
    const ratios = rounds.filter((r) => r.builds[step.id] && r.builds.a).map((r) => r.builds[step.id].processWallMs / r.builds.a.processWallMs);
    const ratio = median(ratios);
    const target = step.target === undefined ? '' : `≤ ${pct(step.target)}: ${ratio <= step.target ? 'met' : `**missed** by ${((ratio / step.target - 1) * 100).toFixed(0)} %`}`;
    return [
      step.label,
      cell(builds.map((b) => b.processWallMs), fmtMs),
      cell(builds.map((b) => b.cpuMs), fmtMs),
      cell(builds.map((b) => b.maxRssKiB), fmtMiB),
      `${cell(builds.map((b) => b.cached), int)} of ${int(builds[0].pages)}`,
      step.id === 'a' ? '100 %' : cell(ratios, pct),
      target,
    ];
  }).concat(floorRow(rounds));
}

export const FLOOR_LABEL = "(floor) start-up, docsgen's code loaded, the inputs hashed, (d)'s files linked into a new folder";

/** The row of each round's floor (bench/cacheFloor.mjs), as a share of that round's (a); none when no round measured it. */
function floorRow(rounds) {
  const measured = rounds.filter((r) => r.floor && r.builds.a);
  if (!measured.length) return [];
  const floors = measured.map((r) => r.floor);
  const ratios = measured.map((r) => r.floor.processWallMs / r.builds.a.processWallMs);
  return [[FLOOR_LABEL, cell(floors.map((f) => f.processWallMs), fmtMs), cell(floors.map((f) => f.cpuMs), fmtMs), cell(floors.map((f) => f.maxRssKiB), fmtMiB), '—', cell(ratios, pct), '']];
}

export const INCREMENTAL_HEADER = ['Build', 'Wall, whole process', 'CPU', 'Peak RSS', 'Pages from the cache', 'Wall ÷ (a)', 'Target (issue 18)'];

// ---------------------------------------------------------------------------------------------
// Processes

/** One `docsgen build` process: { code, stdout, stderr, processWallMs, cpuMs, maxRssKiB, pages, cached }. */
async function cliBuild({ cli, site, out, noCache, timeoutS }) {
  const r = await measured([cli, 'build', '--config', path.join(site, 'docsgen.config.ts'), '--out', out, '--timings', ...(noCache ? ['--no-cache'] : [])], site, timeoutS);
  const summary = parseSummary(r.stdout);
  const timings = r.stdout.split('\n').find((l) => l.startsWith('timings:'));
  return { ...r, pages: summary?.pages, cached: summary?.cached, summary: summary?.line, timings };
}

/** A Node process running `args` in `cwd`: { code, signal, stdout, stderr, processWallMs, cpuMs, maxRssKiB }. */
function measured(args, cwd, timeoutS) {
  const usageFile = path.join(os.tmpdir(), `docsgen-bench-rusage-${process.pid}-${Date.now()}.json`);
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', PRELOAD, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', DOCSGEN_BENCH_RUSAGE: usageFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hwmKiB;
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const poll = setInterval(() => (hwmKiB = readHwm(child.pid) ?? hwmKiB), 250);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
    child.on('close', (code, signal) => {
      const processWallMs = Number(process.hrtime.bigint() - start) / 1e6;
      clearInterval(poll);
      clearTimeout(timer);
      let usage = {};
      try {
        usage = JSON.parse(fs.readFileSync(usageFile, 'utf8'));
        fs.rmSync(usageFile);
      } catch {}
      resolve({ code, signal, stdout, stderr, processWallMs, cpuMs: usage.cpuMs, maxRssKiB: usage.maxRssKiB ?? hwmKiB });
    });
  });
}

/** The floor (bench/cacheFloor.mjs) against the output `out` a build just wrote, measured as the builds are. */
async function measureFloor({ api, site, out, timeoutS, dir }) {
  const list = path.join(dir, 'floor-list.json');
  const to = path.join(dir, 'floor-out');
  fs.writeFileSync(list, JSON.stringify(listOutput(out)));
  try {
    const r = await measured([FLOOR, '--api', api, '--site', site, '--from', out, '--list', list, '--to', to], site, timeoutS);
    if (r.code !== 0) throw failure('the floor (bench/cacheFloor.mjs)', r);
    return { ...r, did: JSON.parse(r.stdout) };
  } finally {
    fs.rmSync(list, { force: true });
    fs.rmSync(to, { recursive: true, force: true });
  }
}

function failure(what, r) {
  const tail = (r.stderr || r.stdout).trim().split('\n').slice(-30).join('\n');
  return new Error(`${what} exited with ${r.signal ? `signal ${r.signal}` : `code ${r.code}`} after ${fmtMs(r.processWallMs)}:\n${tail}`);
}

/**
 * The cache folder as a CI job saves and restores it: `tar --posix` through `zstd -T0 --long=30`
 * (what actions/cache runs), into an archive, then unpacked into an empty folder. Each is timed
 * from spawn to exit: { saveMs, restoreMs, bytes } (the archive's size), or { missing } when this
 * machine has no zstd.
 */
function cacheTrip(site, dir) {
  if (spawnSync('zstd', ['--version'], { stdio: 'ignore' }).status !== 0) return { missing: 'zstd is not installed here: not measured' };
  const archive = path.join(dir, 'cache.tar.zst');
  const restored = path.join(dir, 'restored');
  const timed = (args) => {
    const start = performance.now();
    const r = spawnSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tar ${args.join(' ')} exited with ${r.status ?? r.signal}: ${r.stderr}`);
    return performance.now() - start;
  };
  try {
    const saveMs = timed(['--posix', '--use-compress-program', 'zstd -T0 --long=30', '-cf', archive, '-C', site, CACHE_DIR]);
    const bytes = fs.statSync(archive).size;
    fs.mkdirSync(restored);
    const restoreMs = timed(['--use-compress-program', 'zstd -d --long=30', '-xf', archive, '-C', restored]);
    return { saveMs, restoreMs, bytes };
  } finally {
    fs.rmSync(archive, { force: true });
    fs.rmSync(restored, { recursive: true, force: true });
  }
}

/** The files edited, found once in the pristine copy (the same in every round). */
function planEdits(pristine) {
  const guidesDir = path.join(pristine, 'content', 'guides');
  const guides = fs.readdirSync(guidesDir, { recursive: true }).filter((f) => f.endsWith('.md')).sort();
  // A guide from the middle of the site, neither first nor last in its sidebar.
  const guide = path.join('content', 'guides', guides[Math.floor(guides.length / 2)]);
  return { guide, guides: guides.filter((_, i) => i % 10 === 5).map((g) => path.join('content', 'guides', g)), spec: 'openapi.yaml', config: 'docsgen.config.ts' };
}

function applyEdit(kind, site, plan, round) {
  if (kind === 'guides') {
    for (const guide of plan.guides) {
      const file = path.join(site, guide);
      fs.writeFileSync(file, editGuide(fs.readFileSync(file, 'utf8'), `This paragraph was added to every tenth guide by the incremental benchmark (round ${round}).`));
    }
    return `added a paragraph to ${int(plan.guides.length)} guides, every tenth in path order`;
  }
  const file = path.join(site, plan[kind]);
  const text = fs.readFileSync(file, 'utf8');
  if (kind === 'guide') {
    fs.writeFileSync(file, editGuide(text, `This paragraph was added by the incremental benchmark (round ${round}).`));
    return `added a paragraph to \`${plan.guide}\``;
  }
  if (kind === 'spec') {
    const edited = editOperationSummary(text, '(revised)');
    fs.writeFileSync(file, edited.text);
    return `changed the summary "${edited.before}" to "${edited.after}" in \`${plan.spec}\``;
  }
  fs.writeFileSync(file, editConfigTitle(text, 'PropData API'));
  return "changed the config's `title` from 'API' to 'PropData API'";
}

/** One round a … i in a fresh copy of the site; returns { builds, comparisons, cache, edits } or throws. */
async function runRound(pristine, plan, round, { cli, api, log, timeoutS, work }) {
  const site = path.join(work, `round-${round}`, 'site');
  const out = path.join(work, `round-${round}`, 'out');
  fs.cpSync(pristine, site, { recursive: true });
  const builds = {};
  const comparisons = {};
  const edits = {};
  let cache;
  let floor;
  let trip;
  try {
    for (const step of STEPS) {
      if (step.edit) edits[step.id] = applyEdit(step.edit, site, plan, round);
      const target = step.noCache ? path.join(work, `round-${round}`, 'cold') : out;
      // Every build writes a new output folder, as a CI job that restores only the cache does:
      // replacing the last build's folder costs the output stage seconds of its own (deleting
      // 16,000 files on the 7,000-page site), which is not what the cache is measured for.
      if (!step.keepOut) fs.rmSync(target, { recursive: true, force: true });
      const r = await cliBuild({ cli, site, out: target, noCache: step.noCache, timeoutS });
      if (r.code !== 0 || r.pages === undefined) throw failure(`build ${step.label}`, r);
      builds[step.id] = r;
      log(`round ${round} ${step.label}: ${fmtMs(r.processWallMs)} wall, ${fmtMs(r.cpuMs)} CPU, ${fmtMiB(r.maxRssKiB)}, ${int(r.cached)} of ${int(r.pages)} pages from the cache`);
      if (step.noCache) fs.rmSync(target, { recursive: true, force: true });
      if (step.id === 'b') cache = treeSize(path.join(site, CACHE_DIR));
      // Right after (d), as (d) ran right after (c): after (d)'s reference build, which writes
      // 600 MB, the disk made folders and links slower for seconds (the floor took 0.9–2.2 s there).
      if (step.id === 'd') {
        floor = await measureFloor({ api, site, out, timeoutS, dir: path.join(work, `round-${round}`) });
        log(`round ${round} ${FLOOR_LABEL}: ${fmtMs(floor.processWallMs)} wall, ${fmtMs(floor.cpuMs)} CPU, ${fmtMiB(floor.maxRssKiB)}`);
      }
      if (step.compare) {
        const ref = path.join(work, `round-${round}`, `ref-${step.id}`);
        const cold = await cliBuild({ cli, site, out: ref, noCache: true, timeoutS });
        if (cold.code !== 0) throw failure(`the --no-cache reference build after ${step.label}`, cold);
        comparisons[step.id] = compareTrees(out, ref);
        log(`round ${round} ${step.label}: byte-identical to a --no-cache build: ${describeComparison(comparisons[step.id])}`);
        fs.rmSync(ref, { recursive: true, force: true });
      }
      if (step.id === 'd') {
        trip = cacheTrip(site, path.join(work, `round-${round}`));
        log(`round ${round} the cache as CI moves it: ${trip.missing ? trip.missing : `${fmtBytes(trip.bytes)} packed in ${fmtMs(trip.saveMs)}, unpacked in ${fmtMs(trip.restoreMs)}`}`);
      }
    }
    return { builds, comparisons, edits, floor, trip, cacheAfterFill: cache, cacheAtEnd: treeSize(path.join(site, CACHE_DIR)) };
  } finally {
    fs.rmSync(path.join(work, `round-${round}`), { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The section

/** For bench/run.mjs (`--section incremental`; `--incremental-pages`, `--runs`). */
export async function benchIncremental({ log = (m) => console.error(m), runs = 1, incrementalPages: pages = 7000, timeoutS = 900 } = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-incremental-'));
  try {
    const pristine = path.join(work, 'pristine');
    const { generateSite } = await import('./generateSite.mjs');
    const info = generateSite({ pages, out: pristine });
    const plan = planEdits(pristine);
    log(`generated ${int(info.pages)} pages; ${runs} round${runs === 1 ? '' : 's'} of ${STEPS.length} measured builds and ${STEPS.filter((step) => step.compare).length} reference builds`);
    // Every build runs the code as it is now, whatever is edited in the checkout meanwhile.
    const snapshot = snapshotCheckout(ROOT);
    const rounds = [];
    try {
      for (let round = 1; round <= runs; round++) rounds.push(await runRound(pristine, plan, round, { cli: snapshot.cli, api: snapshot.api, log, timeoutS, work }));
    } finally {
      snapshot.remove();
    }
    return { markdown: markdownOf(rounds, { info, runs }), rounds };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Whether each round's build wrote a `--no-cache` build's files, as the report says it. Each
 * round's edit has words of its own, so a sharded index may have a file more or less in one round.
 */
export function identicalText(comparisons) {
  if (!comparisons.every((c) => c.identical)) return comparisons.map((c, i) => `round ${i + 1}: ${describeComparison(c)}`).join('; ');
  const counts = comparisons.map((c) => int(c.files));
  if (comparisons.length === 1) return `yes (${counts[0]} files)`;
  return new Set(counts).size === 1 ? `yes (${counts[0]} files, in each of ${comparisons.length} rounds)` : `yes, in each of ${comparisons.length} rounds (${counts.join(', ')} files)`;
}

/** (i) against (c): both take everything from the cache, (i) after (h)'s edits were built. */
export function rollingText(rounds) {
  const measured = rounds.filter((r) => r.builds.c && r.builds.i);
  if (!measured.length) return '(i) against (c): not measured.';
  const ratios = measured.map((r) => r.builds.i.processWallMs / r.builds.c.processWallMs);
  const content = (r, id) => /\bcontent (\d+) ms/.exec(r.builds[id].timings ?? '')?.[1];
  const first = measured[0];
  const stages = content(first, 'c') && content(first, 'i') ? ` (content stage, first round: ${content(first, 'c')} ms in (c), ${content(first, 'i')} ms in (i))` : '';
  return `(i) against (c), the same build from the cache before and after (h)'s edits were built: ${cell(ratios, (r) => `${r.toFixed(2)}×`)}${stages}. A cache that rolls forward keeps a build with nothing changed at (c)'s cost only if every stage stores again what it made again.`;
}

function floorText({ inputs, folders, files }) {
  return `The floor (\`bench/cacheFloor.mjs\`, right after (d) in each round, measured as the builds are): what any build from the cache must do here, and nothing else. Node starts and loads docsgen's build code (\`bin/api.js\`). It reads and hashes the site's ${int(inputs.files)} input files (${fmtBytes(inputs.bytes)}). Then it makes a new folder with (d)'s ${int(folders)} folders and hard-links its ${int(files)} files from (d)'s output, on one thread. No page, cache entry or search index is read or made.`;
}

/** What a CI job adds to (d) to save and restore the cache (cacheTrip), over the rounds that measured it. */
export function tripText(rounds) {
  const trips = rounds.map((r) => r.trip).filter((t) => t && !t.missing);
  if (!trips.length) return `The cache's round trip through a CI cache: ${rounds.find((r) => r.trip)?.trip.missing ?? 'not measured'}.`;
  const d = median(rounds.filter((r) => r.trip && !r.trip.missing).map((r) => r.builds.d.processWallMs));
  const save = cell(trips.map((t) => t.saveMs), fmtMs);
  const restore = cell(trips.map((t) => t.restoreMs), fmtMs);
  const total = median(trips.map((t) => t.saveMs + t.restoreMs));
  return `The cache as a CI job moves it, after (d) (\`tar --posix\` through \`zstd -T0 --long=30\`, as actions/cache does, each timed from spawn to exit): ${cell(trips.map((t) => t.bytes), fmtBytes)} to upload and download; saving it took ${save}, restoring it into an empty folder ${restore}: ${fmtMs(total)} beside (d)'s ${fmtMs(d)}, before the network's share.`;
}

function markdownOf(rounds, { info, runs }) {
  const first = rounds[0];
  const rows = incrementalRows(rounds);
  const identical = (id) => identicalText(rounds.map((r) => r.comparisons[id]));
  return [
    `\`npm run bench -- --section incremental\` (\`bench/incremental.mjs\`): the generated ${int(info.pages)}-page site (bench/generateSite.mjs, ${int(info.guides)} guides, ${int(info.operations)} operations), in a fresh copy of its folder with an empty \`.docsgen/cache/\`, each build but (g) into a new output folder (as a CI job that restores only the cache; (g) into (f)'s, as a rebuild on one's own machine); each build a new \`docsgen build\` process (running a copy of the checkout's code taken when the section starts, \`bench/snapshot.mjs\`), timed from spawn to exit (CPU: user + system of all its threads; pages from the cache: its summary line). ${runs > 1 ? `${rounds.length} rounds of a … i, each in a new copy (median, min – max; the ratio is each round's build ÷ that round's (a)).` : 'One round.'} Edits: (d) ${first.edits.d}; (e) ${first.edits.e}; (f) ${first.edits.f}; (g) the same guide's edit again; (h) ${first.edits.h}.`,
    '',
    `| ${INCREMENTAL_HEADER.join(' | ')} |`,
    `|${INCREMENTAL_HEADER.map((_, i) => (i === 0 || i === 6 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...(first.floor ? [floorText(first.floor.did), ''] : []),
    `Where the time goes (the \`--timings\` line of each build${rounds.length > 1 ? ', first round' : ''}):`,
    '',
    ...STEPS.map((step) => `- ${step.label}: \`${first.builds[step.id].timings?.replace(/^timings: /, '') ?? '—'}\``),
    '',
    `${rollingText(rounds)}`,
    '',
    `Byte-identical to a \`--no-cache\` build of the same inputs (every file, names and bytes): after (d) ${identical('d')}; after (e) ${identical('e')}; after (g) ${identical('g')}.`,
    '',
    `The cache folder after (b): ${fmtBytes(first.cacheAfterFill.bytes)} in ${int(first.cacheAfterFill.files)} files; after (i): ${fmtBytes(first.cacheAtEnd.bytes)} in ${int(first.cacheAtEnd.files)} files. ${tripText(rounds)} Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end.`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const pages = Number(opt('--pages') ?? 7000);
  const runs = Number(opt('--runs') ?? 1);
  if (!Number.isInteger(pages) || !Number.isInteger(runs) || runs < 1) {
    console.error('usage: node bench/incremental.mjs [--pages <n>] [--runs <n>]');
    process.exit(2);
  }
  const { markdown } = await benchIncremental({ runs, incrementalPages: pages });
  console.log(`### Incremental builds\n\n${markdown}`);
}
