// docsgen is written in TypeScript and runs from one esbuild bundle per entry, compiled on the
// first run and again whenever a source file is newer than the bundle. Start-up then costs
// one file read instead of a TypeScript loader (tsx adds ~200 ms to every `docsgen --help`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cacheDir = path.join(root, 'node_modules', '.cache', 'docsgen');
const sourceDirs = ['src', 'templates'].map((d) => path.join(root, d));

function newestSource() {
  let newest = fs.statSync(path.join(root, 'package.json')).mtimeMs;
  for (const dir of sourceDirs) {
    for (const rel of fs.readdirSync(dir, { recursive: true })) {
      if (!/\.(ts|tsx)$/.test(rel)) continue;
      newest = Math.max(newest, fs.statSync(path.join(dir, rel)).mtimeMs);
    }
  }
  return newest;
}

/** Returns the file URL of the compiled entry (`cli` or `index`), compiling both when stale. */
export async function compiled(entry) {
  const outDir = path.join(cacheDir, 'dist');
  const stat = fs.statSync(path.join(outDir, 'cli.mjs'), { throwIfNoEntry: false });
  if (!stat || stat.mtimeMs < newestSource()) {
    const esbuild = await import('esbuild');
    const tmp = path.join(cacheDir, `dist-${process.pid}-${Date.now()}`);
    await esbuild.build({
      entryPoints: { cli: path.join(root, 'src/cli/program.ts'), index: path.join(root, 'src/index.ts'), 'render-worker': path.join(root, 'src/render/renderWorker.ts'), 'validate-worker': path.join(root, 'src/openapi/validateWorker.ts'), 'lint-worker': path.join(root, 'src/lint/lintWorker.ts') },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      // Split chunks so `--help` loads commander only, not React and markdown-it.
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'inline',
      logLevel: 'error',
      // The islands bundle is kept in the output folder (src/islands/bundle.ts), so it goes with it.
      define: { __DOCSGEN_ROOT__: JSON.stringify(root), __DOCSGEN_DIST__: JSON.stringify(outDir) },
    });
    // Swap the folder in by rename, so parallel first runs (tests, CI) never read a half-written
    // bundle; a concurrent run that swapped first simply wins.
    const old = `${tmp}-old`;
    try {
      if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
      fs.renameSync(tmp, outDir);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    fs.rmSync(old, { recursive: true, force: true });
  }
  return pathToFileURL(path.join(outDir, `${entry}.mjs`)).href;
}
