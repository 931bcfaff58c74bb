// `npm run bench -- --baseline <commit>`: the same sites built by an older commit's CLI, in the
// same run, alternating with the current code (A B A B …), so that speed is compared as a ratio
// on one machine under one load rather than against figures from another day or machine.
//
// The older CLI lives in a detached git worktree under the OS temp folder. Its node_modules is a
// hard-link copy (`cp -al`, seconds, no disk) of this checkout's when both package-lock.json files
// are identical, else `npm ci --omit=dev` in the worktree (a build needs no devDependencies).
// The copy leaves out node_modules/.cache: the compiled CLI bundle lives there and each checkout
// must compile its own. The worktree is removed at the end, also on error or Ctrl-C.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Pure parts

/** The order of the measured builds of one site: baseline first, then strictly alternating. */
export function alternation(runs) {
  return Array.from({ length: 2 * runs }, (_, i) => ({ side: i % 2 === 0 ? 'baseline' : 'current', run: Math.floor(i / 2) + 1 }));
}

/** The figures compared: label, how to read one from a run, how to print it. */
export const RATIO_METRICS = [
  ['Wall time, build()', (r) => r.wallMs, (v) => `${Math.round(v).toLocaleString('en-US')} ms`],
  ['Wall time, whole process', (r) => r.processWallMs, (v) => `${Math.round(v).toLocaleString('en-US')} ms`],
  ['CPU time, build()', (r) => r.cpuMs, (v) => `${Math.round(v).toLocaleString('en-US')} ms`],
  ['CPU time, whole process', (r) => r.processCpuMs, (v) => `${Math.round(v).toLocaleString('en-US')} ms`],
  ['Peak RSS', (r) => r.maxRssKiB, (v) => `${(v / 1024).toFixed(1)} MiB`],
];

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** "0.52×": current ÷ baseline, two decimals (below 1 the current code is faster or smaller). */
export const formatRatio = (current, baseline) => (baseline > 0 ? `${(current / baseline).toFixed(2)}×` : '—');

/**
 * Rows of the comparison table: metric, baseline median (min–max), current median (min–max),
 * current ÷ baseline of the medians.
 */
export function ratioRows(baselineRuns, currentRuns) {
  const cell = (runs, get, fmt) => {
    const values = runs.map(get);
    const m = median(values);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return values.length > 1 && lo !== hi ? `${fmt(m)} (${fmt(lo)} – ${fmt(hi)})` : fmt(m);
  };
  return RATIO_METRICS.map(([label, get, fmt]) => [label, cell(baselineRuns, get, fmt), cell(currentRuns, get, fmt), formatRatio(median(currentRuns.map(get)), median(baselineRuns.map(get)))]);
}

export const ratioHeader = (short) => ['Metric', `Baseline ${short}`, 'Current', 'Current / baseline'];

// ---------------------------------------------------------------------------------------------
// The worktree

function git(root, args) {
  return spawnSync('git', args, { cwd: root, encoding: 'utf8' });
}

/** The full hash of `commit`, or an Error saying that this repository has no such commit. */
export function resolveCommit(root, commit) {
  const r = git(root, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (r.status !== 0 || !r.stdout.trim()) throw new Error(`--baseline ${commit}: no such commit in ${root}`);
  return r.stdout.trim();
}

const sameFile = (a, b) => {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
};

/**
 * Checks out `commit` in a new worktree, gives it node_modules and compiles its CLI bundle.
 * Returns { commit, short, dir, api, remove() }; `api` is the worktree's bin/api.js, which
 * bench/child-build.mjs imports instead of this checkout's. Throws (after removing the worktree)
 * when the commit has no bin/api.js or its CLI does not compile.
 */
export function prepareBaseline({ root, commit, log }) {
  const full = resolveCommit(root, commit);
  const short = full.slice(0, 7);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-baseline-${short}-`));
  fs.rmdirSync(dir); // git worktree add wants to create it
  const baseline = { commit: full, short, dir, api: path.join(dir, 'bin', 'api.js'), remove: () => removeWorktree(root, dir) };
  try {
    log(`baseline: git worktree add --detach ${dir} ${short}`);
    const add = git(root, ['worktree', 'add', '--detach', dir, full]);
    if (add.status !== 0) throw new Error(`git worktree add failed:\n${add.stderr}`);
    if (!fs.existsSync(baseline.api)) throw new Error(`commit ${short} has no bin/api.js: its CLI cannot be measured by bench/child-build.mjs`);
    const modules = path.join(dir, 'node_modules');
    if (sameFile(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'))) {
      log('baseline: package-lock.json is identical; hard-linking node_modules (cp -al)');
      const cp = spawnSync('cp', ['-al', path.join(root, 'node_modules'), modules], { encoding: 'utf8' });
      if (cp.status !== 0) throw new Error(`cp -al node_modules failed:\n${cp.stderr}`);
      // Never share the compiled bundle: each checkout compiles its own source.
      fs.rmSync(path.join(modules, '.cache'), { recursive: true, force: true });
    } else {
      log(`baseline: package-lock.json differs from ${short}'s; npm ci --omit=dev in the worktree…`);
      const ci = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
      if (ci.status !== 0) throw new Error(`npm ci in the worktree of ${short} failed:\n${(ci.stderr || ci.stdout).trim().split('\n').slice(-20).join('\n')}`);
    }
    log(`baseline: compiling the CLI of ${short}…`);
    const help = spawnSync(process.execPath, [path.join(dir, 'bin', 'docsgen.js'), '--help'], { cwd: dir, encoding: 'utf8' });
    if (help.status !== 0) throw new Error(`the CLI of ${short} does not compile (node bin/docsgen.js --help exited ${help.status}):\n${help.stderr.trim().split('\n').slice(-20).join('\n')}`);
    return baseline;
  } catch (e) {
    baseline.remove();
    throw e;
  }
}

/** Removes the worktree and git's record of it; safe to call twice and from a signal handler. */
export function removeWorktree(root, dir) {
  if (!fs.existsSync(dir)) return;
  const r = git(root, ['worktree', 'remove', '--force', dir]);
  if (r.status !== 0 || fs.existsSync(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    git(root, ['worktree', 'prune']);
  }
}
