// One cold build in this (fresh) process, measured from the inside, for bench/run.mjs:
//
//   node bench/child-build.mjs <configFile> <outDir> [<api module>]
//
// <api module> is the bin/api.js to build with (default this checkout's): `--baseline` passes an
// older commit's, from its worktree. Render progress goes to stderr as `bench-progress {json}`
// lines (at most one a second), so that a build killed by running out of memory still tells the
// bench how far it got.
//
// Prints exactly one JSON line on stdout:
//   { wallMs, cpuMs, maxRssKiB, pages, bytes, processCpuMs, importMs, warnings, timings }
// wallMs / cpuMs cover the build() call only (CPU = user + system, all threads of the process);
// processCpuMs covers the whole process (start-up, module loading, build); maxRssKiB is the peak
// resident set size of the process (process.resourceUsage().maxRSS, which Node reports in KiB).
// On failure it prints { error, diagnostics } instead and exits with code 1.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [configArg, outArg, apiArg] = process.argv.slice(2);
if (!configArg || !outArg) {
  console.error('usage: node bench/child-build.mjs <configFile> <outDir>');
  process.exit(2);
}

const cpu = (u) => (u.userCPUTime + u.systemCPUTime) / 1000;

const importStart = performance.now();
const { build, createMemoryLogger } = await import(apiArg ? pathToFileURL(path.resolve(apiArg)).href : '../bin/api.js');
const importMs = performance.now() - importStart;

const before = process.resourceUsage();
const start = performance.now();
const logger = createMemoryLogger();
let lastProgress = 0;
logger.progress = (label, done, total) => {
  const ms = performance.now() - start;
  if (ms - lastProgress < 1000 && done !== total) return;
  lastProgress = ms;
  process.stderr.write(`bench-progress ${JSON.stringify({ label, done, total, ms: Math.round(ms) })}\n`);
};
try {
  // Cold builds: without `cacheDir: false`, every run after the first would take its pages from the build cache the first one left in the site's folder (a baseline older than the cache ignores the option).
  const result = await build({ configFile: path.resolve(configArg), outDir: path.resolve(outArg), logger, cacheDir: false });
  const wallMs = performance.now() - start;
  const after = process.resourceUsage();
  console.log(
    JSON.stringify({
      wallMs,
      cpuMs: cpu(after) - cpu(before),
      maxRssKiB: after.maxRSS,
      pages: result.pages,
      bytes: result.bytes,
      processCpuMs: cpu(after),
      importMs,
      warnings: result.diagnostics.filter((d) => d.severity === 'warning').length,
      timings: result.timings,
    }),
  );
} catch (e) {
  const diagnostics = (e?.diagnostics ?? []).map((d) => ({
    severity: d.severity,
    code: d.code,
    text: d.text,
    location: d.location ? [d.location.file, d.location.line, d.location.column].filter((x) => x !== undefined).join(':') : undefined,
    hint: d.hint,
  }));
  console.log(JSON.stringify({ error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), stack: e?.stack, diagnostics, wallMs: performance.now() - start, maxRssKiB: process.resourceUsage().maxRSS }));
  process.exitCode = 1;
}
