// The package as a new user installs it (issue 21): `npm pack` (compiling dist/), its size, an
// install into an empty project outside the repository, `docsgen --help` (target: under 300 ms),
// `docsgen init --yes` and the first `docsgen build` of the scaffold, each in a fresh process.
//
//   node bench/package.mjs [--runs <n>]      prints the markdown section
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Milliseconds `args` takes to run to its end in a fresh process; throws when it fails. */
function timed(command, args, cwd) {
  const start = performance.now();
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${r.status}):\n${r.stderr || r.stdout}`);
  return ms;
}

export async function benchPackage({ runs = 5, log = console.log } = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-package-'));
  try {
    const source = path.join(work, 'source');
    for (const entry of ['bin', 'src', 'templates', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json', 'README.md']) fs.cpSync(path.join(ROOT, entry), path.join(source, entry), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(source, 'node_modules'));
    log('packing');
    const packMs = timed('npm', ['pack', '--pack-destination', work], source);
    const tarball = path.join(work, fs.readdirSync(work).find((f) => f.endsWith('.tgz')));
    const project = path.join(work, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "bench-docs", "version": "1.0.0", "private": true }\n');
    log('installing');
    const installMs = timed('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
    const bin = path.join(project, 'node_modules/.bin/docsgen');
    const help = [];
    for (let i = 0; i < runs; i++) help.push(timed(process.execPath, [bin, '--help'], project));
    const initMs = timed(process.execPath, [bin, 'init', '--yes'], project);
    const builds = [];
    for (let i = 0; i < runs; i++) builds.push(timed(process.execPath, [bin, 'build', '--no-cache'], project));
    const unpacked = Number(execFileSync('du', ['-sk', path.join(project, 'node_modules/docsgen')], { encoding: 'utf8' }).split('\t')[0]);
    const rows = [
      ['`npm pack` (compiles dist/ and the type declarations)', `${Math.round(packMs)} ms`],
      ['Tarball', `${(fs.statSync(tarball).size / 1024).toFixed(0)} KiB (${(unpacked / 1024).toFixed(1)} MiB installed, without dependencies)`],
      ['`npm install <tarball>` into an empty project (npm cache warm)', `${Math.round(installMs)} ms`],
      [`\`docsgen --help\`, median of ${runs} (target: under 300 ms)`, `${Math.round(median(help))} ms (${Math.round(Math.min(...help))}–${Math.round(Math.max(...help))})`],
      ['`docsgen init --yes`', `${Math.round(initMs)} ms`],
      [`\`docsgen build --no-cache\` of the scaffold, whole process, median of ${runs}`, `${Math.round(median(builds))} ms (${Math.round(Math.min(...builds))}–${Math.round(Math.max(...builds))})`],
    ];
    const markdown = ['| Step | Time or size |', '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n');
    return { markdown };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const { markdown } = await benchPackage({ runs: at > 0 ? Number(process.argv[at + 1]) : 5 });
  console.log(markdown);
}
