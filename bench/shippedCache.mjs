// Issue 18's target for the shipped site (≤ 0.6× the process wall of 2860eab) as a CI job meets
// it: a whole `docsgen build` process, timed from spawn to exit, on a copy of the shipped site,
//   cold:       `--no-cache`, as the first build of a project or after docsgen's own upgrade;
//   from cache: a new output folder and the `.docsgen/cache/` an earlier build filled, as a CI job
//               that restores the folder (bench/incremental.mjs does the same on the 7,000-page site).
// With --baseline, that commit's CLI builds its own shipped site (it reads no newer config, and
// has no cache), alternating with the two builds above.
//
//   node bench/shippedCache.mjs [--runs <n>] [--baseline <commit>]   (npm run bench -- --section shipped-cache)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyShippedSite } from './checkLinks.mjs';
import { median, prepareBaseline } from './baseline.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_RATIO = 0.6;

/** One `docsgen build` process of the site in `cwd`, into a new folder: its wall time and summary line. */
function timedBuild(cli, cwd, args) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-shipped-out-'));
  try {
    const start = performance.now();
    const r = spawnSync(process.execPath, [cli, 'build', '--out', path.join(out, 'site'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const ms = performance.now() - start;
    if (r.status !== 0) throw new Error(`${cli} build exited ${r.status} in ${cwd}:\n${(r.stderr || r.stdout).trim().split('\n').slice(-20).join('\n')}`);
    // Without the temporary output folder's name.
    return { ms, summary: (r.stdout.trim().split('\n').find((l) => l.startsWith('✓ built')) ?? '').replace(/ → \S+/, '') };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const pagesOf = (summary) => /built (\d+) pages/.exec(summary)?.[1] ?? '?';

export async function benchShippedCache({ log = () => {}, runs = 5, baseline } = {}) {
  const cli = path.join(ROOT, 'bin', 'docsgen.js');
  const site = copyShippedSite();
  const cache = path.join(site, '.docsgen', 'cache');
  try {
    // Compiles the CLI bundle and fills the cache; not measured.
    timedBuild(cli, site, ['--cache-dir', cache, '-q']);
    if (baseline) timedBuild(path.join(baseline.dir, 'bin', 'docsgen.js'), baseline.dir, ['-q']);
    const rows = { baseline: [], cold: [], cached: [] };
    const summaries = {};
    for (let i = 0; i < runs; i++) {
      if (baseline) {
        const b = timedBuild(path.join(baseline.dir, 'bin', 'docsgen.js'), baseline.dir, []);
        rows.baseline.push(b.ms);
        summaries.baseline = b.summary;
      }
      const c = timedBuild(cli, site, ['--no-cache']);
      rows.cold.push(c.ms);
      summaries.cold = c.summary;
      const w = timedBuild(cli, site, ['--cache-dir', cache]);
      rows.cached.push(w.ms);
      summaries.cached = w.summary;
      log(`run ${i + 1}/${runs}:${baseline ? ` baseline ${rows.baseline.at(-1).toFixed(0)} ms,` : ''} cold ${rows.cold.at(-1).toFixed(0)} ms, from the cache ${rows.cached.at(-1).toFixed(0)} ms`);
    }
    const base = baseline ? median(rows.baseline) : undefined;
    const row = (label, key, target) => {
      const values = rows[key];
      const m = median(values);
      const ratio = base === undefined || key === 'baseline' ? '' : `${(m / base).toFixed(2)}×`;
      const verdict = target && base !== undefined ? (m / base <= TARGET_RATIO ? 'met' : `missed by ${(m / base - TARGET_RATIO).toFixed(2)}×`) : '';
      return `| ${label} | ${pagesOf(summaries[key])} | ${m.toFixed(0)} ms | ${Math.min(...values).toFixed(0)} – ${Math.max(...values).toFixed(0)} ms | ${ratio} | ${verdict} |`;
    };
    const markdown = [
      `\`node bench/shippedCache.mjs\`: \`docsgen build\` of a copy of the shipped site (its versions included), each a whole process from spawn to exit (Node's start-up included) into a new output folder, ${runs} runs of each${baseline ? `, alternating with the baseline \`${baseline.short}\`, which builds its own shipped site (it cannot read today's config, and has no cache)` : ''}. Cold: \`--no-cache\`. From the cache: the \`.docsgen/cache/\` an earlier build of the same inputs filled, as a CI job that restores the folder. Target: ≤ ${TARGET_RATIO}× the baseline.`,
      '',
      '| Build | Pages | Median | Min – max | Ratio | Target |',
      '|---|---:|---:|---:|---:|---|',
      ...(baseline ? [row(`baseline \`${baseline.short}\`, cold`, 'baseline')] : []),
      row('current, cold', 'cold', true),
      row('current, from the cache', 'cached', true),
      '',
      `Summary lines: ${Object.entries(summaries).map(([k, s]) => `${k} \`${s}\``).join('; ')}.`,
    ].join('\n');
    return { markdown };
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const log = (m) => process.stderr.write(`${m}\n`);
  const commit = arg('--baseline');
  const baseline = commit ? prepareBaseline({ root: ROOT, commit, log }) : undefined;
  try {
    const { markdown } = await benchShippedCache({ runs: Number(arg('--runs') ?? 5), baseline, log });
    console.log(markdown);
  } finally {
    baseline?.remove();
  }
}
