// Where a build's time goes: one cold build under the V8 CPU profiler, its samples split by
// stage of build() (all threads: the main one, the render workers, the spec's validation
// worker), summarised as the functions with the most self time in each stage; then what the
// written HTML is made of (bench/htmlBytes.mjs) and how far each stage is from this machine's
// floor (bench/floors.mjs). Prints markdown on stdout, progress on stderr.
//
//   node bench/profile.mjs <site> [--top <n>] [--dir <folder>] [--no-bytes] [--no-floors] [--reuse] [--keep]
//
//   <site>        shipped | generated-<pages> (bench/generateSite.mjs, seed 0xd0c5) | a config file
//   --top <n>     functions listed per stage (default 10)
//   --dir <dir>   where the .cpuprofile files and the build go (default /tmp/docsgen-profile-<site>);
//                 the profiles are kept there (open them in Chrome DevTools or speedscope), never
//                 in the repository
//   --no-bytes    skip the HTML byte split; --no-floors skip the floors (generated sites only)
//   --reuse       summarise the profiles already in --dir (no build, no byte split, no floors)
//   --keep        keep the built site and the generated input (deleted by default: ~0.6 GB at 7,000 pages)
//
// The profiled build is slower than an unprofiled one (the sampler, 1 ms interval, costs a few
// per cent); its wall and CPU are printed beside the stage figures so the shares can be read.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupOf, readProfile, selfTimes } from './cpuProfile.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (m) => process.stderr.write(`profile: ${m}\n`);
const int = (n) => Math.round(n).toLocaleString('en-US');
const pct = (part, whole) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–');
const ms = (us) => us / 1000;

function parseArgs(argv) {
  const opts = { site: undefined, top: 10, dir: undefined, bytes: true, floors: true, keep: false, reuse: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--top') opts.top = Number(argv[++i]);
    else if (a === '--dir') opts.dir = path.resolve(argv[++i]);
    else if (a === '--no-bytes') opts.bytes = false;
    else if (a === '--no-floors') opts.floors = false;
    else if (a === '--keep') opts.keep = true;
    else if (a === '--reuse') opts.reuse = true;
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (!opts.site) opts.site = a;
    else usage(`one site only (got ${opts.site} and ${a})`);
  }
  if (!opts.site) usage('which site?');
  if (!(opts.top > 0)) usage('--top must be a positive number');
  return opts;
}

function usage(problem) {
  console.error(`profile: ${problem}\nusage: node bench/profile.mjs <shipped | generated-<pages> | config file> [--top <n>] [--dir <folder>] [--no-bytes] [--no-floors] [--reuse] [--keep]`);
  process.exit(2);
}

/** The site's config and working folder; generated sites are written under `dir`. */
async function prepare(site, dir) {
  if (site === 'shipped') return { name: 'shipped', cwd: ROOT, configFile: path.join(ROOT, 'docsgen.config.ts') };
  const m = /^generated-(\d+)$/.exec(site);
  if (m) {
    const { generateSite } = await import('./generateSite.mjs');
    const input = path.join(dir, 'input');
    fs.rmSync(input, { recursive: true, force: true });
    const info = generateSite({ pages: Number(m[1]), out: input });
    return { name: site, cwd: input, configFile: info.configFile, generated: input, info };
  }
  const configFile = path.resolve(site);
  if (!fs.existsSync(configFile)) usage(`no site or config file ${site}`);
  return { name: path.basename(configFile), cwd: path.dirname(configFile), configFile };
}

function runChild(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`profiled build exited with code ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// Summary

/** Per stage: CPU by thread, and self time per function merged over all threads. */
function byStage(profiles, windows) {
  const stages = new Map();
  for (const { thread, profile } of profiles) {
    const times = selfTimes(profile, windows);
    for (const [stage, functions] of times) {
      let s = stages.get(stage);
      if (!s) stages.set(stage, (s = { threads: new Map(), functions: new Map(), inclusive: new Map() }));
      for (const f of times.inclusive.get(stage)?.values() ?? []) {
        const e = s.inclusive.get(f.key);
        if (e) e.us += f.us;
        else s.inclusive.set(f.key, { ...f });
      }
      for (const f of functions.values()) {
        if (f.kind === 'idle' || f.kind === 'root') continue;
        s.threads.set(thread, (s.threads.get(thread) ?? 0) + f.us);
        const e = s.functions.get(f.key);
        if (e) e.us += f.us;
        else s.functions.set(f.key, { ...f });
      }
    }
  }
  return stages;
}

export function summarise({ site, result, profiles, top }) {
  const windows = result.windows.filter((w) => w.startUs !== undefined);
  // Before build() (Node start-up, loading the CLI) and after it; between stages goes to `between`.
  const all = [{ name: 'start-up (before build())', startUs: 0, endUs: result.startUs }, ...windows, { name: 'exit (after build())', startUs: result.endUs, endUs: Infinity }];
  const stages = byStage(profiles, all);
  const between = stages.get('(outside the stages)');
  const cpuOf = (s) => [...(s?.threads.values() ?? [])].reduce((a, b) => a + b, 0);
  const totalCpu = [...stages.values()].reduce((n, s) => n + cpuOf(s), 0);
  const threadNames = [...new Set(profiles.map((p) => p.thread))];
  const lines = [];
  const wallMs = (result.endUs - result.startUs) / 1000;
  lines.push(`CPU profile of one cold build of **${site}** (\`node --cpu-prof\`, 1 ms sampling, every thread): build() took ${int(wallMs)} ms wall and the process ${int(result.cpuMs)} ms CPU (profiled: a few per cent slower than a plain build), ${int(result.pages)} pages, peak RSS ${int(result.maxRssKiB / 1024)} MiB, load average ${result.load ?? '?'}. Threads: ${threadNames.map((t) => `${profiles.filter((p) => p.thread === t).length} ${t}`).join(', ')}; the islands stage waits for esbuild, a separate process not profiled. "CPU" is the process's user + system time over the stage (all threads, getrusage); "busy" is the time the profiler found a thread running JavaScript, GC or native code, which also counts time a loaded machine kept the thread waiting for a core: read the shares from it, the cost from CPU.`);
  lines.push('');
  lines.push(`| Stage | Wall | CPU (getrusage) | Busy, all threads (samples) | ${threadNames.map((t) => `busy, ${t}`).join(' | ')} | Share of busy | Largest self time |`);
  lines.push(`|---|---:|---:|---:|${threadNames.map(() => '---:|').join('')}---:|---|`);
  const order = [all[0], ...windows, { name: '(outside the stages)' }, all.at(-1)];
  for (const w of order) {
    const s = stages.get(w.name);
    if (!s) continue;
    const cpu = cpuOf(s);
    const wall = w.ms !== undefined ? `${int(w.ms)} ms` : '';
    const best = [...s.functions.values()].sort((a, b) => b.us - a.us)[0];
    lines.push(`| ${w.name === '(outside the stages)' ? 'between stages' : w.name} | ${wall} | ${w.cpuMs !== undefined ? `${int(w.cpuMs)} ms` : ''} | ${int(ms(cpu))} ms | ${threadNames.map((t) => `${int(ms(s.threads.get(t) ?? 0))} ms`).join(' | ')} | ${pct(cpu, totalCpu)} | ${best ? `${label(best)} (${pct(best.us, cpu)})` : ''} |`);
  }
  lines.push('');
  for (const w of order) {
    const s = stages.get(w.name);
    if (!s) continue;
    const cpu = cpuOf(s);
    if (cpu < totalCpu * 0.02) continue; // stages under 2 % of the CPU: the table above is enough
    const title = w.name === '(outside the stages)' ? 'between stages (site model, collecting files, waits)' : w.name;
    lines.push(`**${title}**: ${int(ms(cpu))} ms busy in samples${w.cpuMs !== undefined ? `, ${int(w.cpuMs)} ms CPU` : ''}${w.ms !== undefined ? `, ${int(w.ms)} ms wall` : ''}. By package: ${groups(s, cpu)}.`);
    lines.push('');
    lines.push('| Function | Where | Self | % of stage |');
    lines.push('|---|---|---:|---:|');
    for (const f of [...s.functions.values()].sort((a, b) => b.us - a.us).slice(0, top)) lines.push(`| \`${f.name}\` | ${f.kind === 'js' ? `\`${f.file}:${f.line}\`` : 'V8'} | ${int(ms(f.us))} ms | ${pct(f.us, cpu)} |`);
    lines.push('');
    // Self time names the leaves (React, highlight.js, GC); this names docsgen's code that called them.
    // Those over half the stage are its drivers (the worker's loop, renderPage): left out.
    const own = [...s.inclusive.values()].sort((a, b) => b.us - a.us).filter((f) => f.us >= cpu * 0.03 && f.us < cpu * 0.5).slice(0, top + 2);
    if (own.length) lines.push(`Docsgen's own functions by total time (everything under them, JavaScript samples; those over half of the stage left out): ${own.map((f) => `\`${f.name}\` ${path.basename(f.file)} ${pct(f.us, cpu)}`).join(', ')}.`, '');
  }
  return { markdown: lines.join('\n'), stages, totalCpu, between };
}

function label(f) {
  return f.kind === 'js' ? `\`${f.name}\` ${path.basename(f.file)}` : `\`${f.name}\``;
}

function groups(s, cpu) {
  const g = new Map();
  for (const f of s.functions.values()) {
    const key = f.kind === 'js' ? groupOf(f.file) : f.name;
    g.set(key, (g.get(key) ?? 0) + f.us);
  }
  return [...g]
    .sort((a, b) => b[1] - a[1])
    .filter(([, us]) => us >= cpu * 0.03)
    .map(([k, us]) => `${k} ${pct(us, cpu)}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Main

function readProfiles(profDir) {
  return fs
    .readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .map((f) => readProfile(path.join(profDir, f)));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dir = opts.dir ?? path.join('/tmp', `docsgen-profile-${path.basename(opts.site).replace(/[^\w.-]+/g, '_')}`);
  fs.mkdirSync(dir, { recursive: true });
  const profDir = path.join(dir, 'profiles');
  const resultFile = path.join(dir, 'result.json');
  if (opts.reuse) {
    const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    console.log([`### CPU profile: ${opts.site}`, '', summarise({ site: opts.site, result, profiles: readProfiles(profDir), top: opts.top }).markdown].join('\n'));
    return;
  }
  fs.rmSync(profDir, { recursive: true, force: true });
  const outDir = path.join(dir, 'site');
  fs.rmSync(outDir, { recursive: true, force: true });
  const captureFile = path.join(dir, 'render-capture.bin');
  fs.rmSync(captureFile, { force: true });

  // Compile the CLI bundle first (bin/compile.js decides), so the profiled build does not.
  const compile = spawnSync(process.execPath, ['bin/docsgen.js', '--help'], { cwd: ROOT, encoding: 'utf8' });
  if (compile.status !== 0) throw new Error(`node bin/docsgen.js --help failed:\n${compile.stderr}`);

  const site = await prepare(opts.site, dir);
  log(`${site.name}: profiling one cold build (profiles in ${profDir})…`);
  const wantCapture = opts.floors && site.generated;
  await runChild(['--cpu-prof', '--cpu-prof-dir', profDir, path.join(ROOT, 'bench', 'profile-child.mjs'), site.configFile, outDir, resultFile, ...(wantCapture ? [captureFile] : [])], site.cwd);
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  const profiles = readProfiles(profDir);
  log(`${site.name}: ${profiles.length} profiles; summarising`);
  const out = [`### CPU profile: ${site.name}`, '', summarise({ site: site.name, result, profiles, top: opts.top }).markdown];

  try {
    if (opts.bytes) {
      const { htmlByteSplit } = await import('./htmlBytes.mjs');
      log(`${site.name}: HTML byte split`);
      out.push(`### HTML bytes per page: ${site.name}`, '', htmlByteSplit(outDir).markdown, '');
    }
    if (wantCapture) {
      const { measureFloors } = await import('./floors.mjs');
      log(`${site.name}: floors`);
      const floors = await measureFloors({ outDir, inputDir: site.generated, captureFile, result, log });
      out.push(`### Floors: ${site.name}`, '', floors.markdown, '');
    }
  } finally {
    if (!opts.keep) {
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.rmSync(captureFile, { force: true });
      if (site.generated) fs.rmSync(site.generated, { recursive: true, force: true });
    }
  }
  console.log(out.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
