// A frozen copy of this checkout's code for a measurement that spans many builds: the build cache's
// engine digest hashes src/ and templates/ as they are on disk (src/cache/engine.ts), so an edit
// made in the checkout between two builds (by anyone) turns every cache entry into a miss, and a
// recompiled bundle would time esbuild. The copy holds bin/, src/, templates/ and the package
// files as they are now (committed or not), node_modules as hard links (`cp -al`: seconds, no
// disk) without node_modules/.cache, where each copy compiles its own CLI bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CODE = ['bin', 'src', 'templates'];
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];

/** Copies the code of `root` into a new folder; returns { dir, cli, api, remove() }. */
export function snapshotCheckout(root, { prefix = 'docsgen-bench-snapshot-' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const snapshot = { dir, cli: path.join(dir, 'bin', 'docsgen.js'), api: path.join(dir, 'bin', 'api.js'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
  try {
    for (const d of CODE) fs.cpSync(path.join(root, d), path.join(dir, d), { recursive: true });
    for (const f of FILES) if (fs.existsSync(path.join(root, f))) fs.copyFileSync(path.join(root, f), path.join(dir, f));
    const cp = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], { encoding: 'utf8' });
    if (cp.status !== 0) throw new Error(`cp -al node_modules failed:\n${cp.stderr}`);
    fs.rmSync(path.join(dir, 'node_modules', '.cache'), { recursive: true, force: true });
    const help = spawnSync(process.execPath, [snapshot.cli, '--help'], { cwd: dir, encoding: 'utf8' });
    if (help.status !== 0) throw new Error(`the copied CLI does not compile (node bin/docsgen.js --help exited ${help.status}):\n${help.stderr.trim().split('\n').slice(-20).join('\n')}`);
    return snapshot;
  } catch (e) {
    snapshot.remove();
    throw e;
  }
}
