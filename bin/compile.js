// docsgen is written in TypeScript and runs from esbuild bundles, one per entry:
// - the published package ships them in dist/, built when it is packed (`npm pack` runs
//   `node bin/compile.js --pack`); nothing is compiled or written inside node_modules at run time;
// - a checkout of this repository compiles them on its first run and again whenever a source file
//   is newer than the bundle, into node_modules/.cache/docsgen/<hash of the checkout's path>/, so
//   that two checkouts sharing one node_modules never run each other's code.
// Start-up then costs one file read instead of a TypeScript loader (tsx adds ~200 ms to every
// `docsgen --help`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const packaged = path.join(root, 'dist');
const sourceDirs = ['src', 'templates'].map((d) => path.join(root, d));

const entryPoints = {
  cli: 'src/cli/program.ts',
  index: 'src/index.ts',
  'render-worker': 'src/render/renderWorker.ts',
  'validate-worker': 'src/openapi/validateWorker.ts',
  'folders-worker': 'src/output/foldersWorker.ts',
  'schema-validators': 'src/openapi/schemaValidators.ts',
};

/** Beside the bundles in `dir`, the OpenAPI schema's validators, compiled now rather than in every build (src/openapi/schemaValidators.ts). */
async function writeSchemaValidators(dir) {
  const { writeSchemaValidators } = await import(pathToFileURL(path.join(dir, 'schema-validators.mjs')).href);
  writeSchemaValidators(dir);
}

/** The esbuild options of every bundle; `define` says where the package is (see src/paths.ts). */
function bundleOptions(outdir, define, sourcemap) {
  return {
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    // Split chunks so `--help` loads commander only, not React and markdown-it.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap,
    logLevel: 'error',
    define,
  };
}

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

/** Returns the file URL of the compiled entry (`cli`, `index`), compiling a checkout's when stale. */
export async function compiled(entry) {
  if (fs.existsSync(path.join(packaged, `${entry}.mjs`))) return pathToFileURL(path.join(packaged, `${entry}.mjs`)).href;
  const cacheDir = path.join(root, 'node_modules', '.cache', 'docsgen', createHash('sha256').update(fs.realpathSync(root)).digest('hex').slice(0, 12));
  const outDir = path.join(cacheDir, 'dist');
  const fresh = (newest) => (fs.statSync(path.join(outDir, 'cli.mjs'), { throwIfNoEntry: false })?.mtimeMs ?? -Infinity) >= newest;
  const newest = newestSource();
  if (!fresh(newest)) {
    const esbuild = await import('esbuild');
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = path.join(cacheDir, `dist-${process.pid}-${Date.now()}`);
    // The islands bundle is kept beside the CLI's (src/islands/bundle.ts), so it goes with it.
    try {
      await esbuild.build(bundleOptions(tmp, { __DOCSGEN_ROOT__: JSON.stringify(root), __DOCSGEN_DIST__: JSON.stringify(outDir) }, 'inline'));
      await writeSchemaValidators(tmp);
    } catch (e) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw e;
    }
    // Swap the folder in by rename, so parallel first runs (tests, CI) never read a half-written
    // bundle. A concurrent run that swapped in a fresh bundle while this one compiled wins: swapping
    // again would leave, between the two renames, no bundle for that run's next import to find
    // (ERR_MODULE_NOT_FOUND, seen with two first builds started together).
    if (fresh(newest)) {
      fs.rmSync(tmp, { recursive: true, force: true });
      return pathToFileURL(path.join(outDir, `${entry}.mjs`)).href;
    }
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

/**
 * `npm pack` (prepack): the bundles into dist/, where the package is found from the bundle's own
 * URL (no path of this machine is written into it), the islands bundled once for every site, and
 * the type declarations of the config and the programmatic API.
 */
async function pack() {
  const esbuild = await import('esbuild');
  fs.rmSync(packaged, { recursive: true, force: true });
  await esbuild.build(bundleOptions(packaged, { __DOCSGEN_DIST__: JSON.stringify('dist') }, false));
  await writeSchemaValidators(packaged);
  const islands = path.join(packaged, 'prebuild-islands.mjs');
  await esbuild.build({ ...bundleOptions(packaged, { __DOCSGEN_DIST__: JSON.stringify('dist') }, false), entryPoints: { 'prebuild-islands': path.join(root, 'src/islands/prebuild.ts') }, splitting: false });
  await import(pathToFileURL(islands).href);
  fs.rmSync(islands);
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('The type declarations did not compile (tsconfig.types.json).');
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--pack') await pack();
  else if (process.argv[2] === '--unpack') fs.rmSync(packaged, { recursive: true, force: true });
  else {
    console.error('usage: node bin/compile.js --pack | --unpack');
    process.exit(2);
  }
}
