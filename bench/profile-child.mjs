// One cold build for bench/profile.mjs, started with `node --cpu-prof`: it records where each
// stage of build() starts and ends on the profile's clock, and can keep a sample of the render
// threads' input for the floor measurements (bench/floors.mjs).
//
//   node --cpu-prof --cpu-prof-dir <dir> bench/profile-child.mjs <configFile> <outDir> <result.json> [<capture.bin>]
//
// Stage windows: build() times each stage with performance.now() and returns [stage, ms] pairs.
// This process records every value performance.now() returns, and finds for each pair the two
// readings whose difference is exactly that ms (the subtraction build() did): the stage's start
// and end, and the process's CPU time at both. performance.now() and the V8 profiler read the same monotonic clock (uv_hrtime), so
// one offset turns them into the profile's microseconds.
//
// Capture: every CAPTURE_EVERY-th batch of pages sent to a render thread, and the site model and
// assets the threads start with, are kept (v8.serialize) so that the floor measurement renders
// the same models with the same code, without a build around it.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import workerThreads from 'node:worker_threads';

const [configArg, outArg, resultArg, captureArg] = process.argv.slice(2);
if (!configArg || !outArg || !resultArg) {
  console.error('usage: node --cpu-prof bench/profile-child.mjs <configFile> <outDir> <result.json> [<capture.bin>]');
  process.exit(2);
}
const CAPTURE_EVERY = 10;

// Readings of performance.now(), in call order (monotonic within this thread).
const readings = [];
// Process CPU (user + system, all threads, µs) at each reading: the profile's samples count a
// thread's busy wall time, which a loaded machine inflates; this is what the stage cost.
const cpuAt = [];
const now = performance.now.bind(performance);
performance.now = () => {
  const v = now();
  readings.push(v);
  const u = process.cpuUsage();
  cpuAt.push(u.user + u.system);
  return v;
};

const capture = { workerData: undefined, batches: [] };
/**
 * A batch with each stored page's body read now, as bytes: a job names its body by a descriptor of
 * the page store (src/site/pageStore.ts), which is closed, and its number reused, once the build
 * ends. bench/floors.mjs parses them (parsing here would be the profiled build's time).
 */
const withBodies = (message) => (!Array.isArray(message?.pages) ? message : {
  ...message,
  pages: message.pages.map((job) => {
    if (!job.ref) return job;
    const { ref, ...rest } = job;
    const bodyBytes = Buffer.allocUnsafe(ref.length);
    for (let done = 0; done < bodyBytes.length; ) done += fs.readSync(ref.fd, bodyBytes, done, bodyBytes.length - done, ref.at + done) || fail(ref);
    return { ...rest, bodyBytes };
  }),
});
const fail = (ref) => {
  throw new Error(`the page store ended before the ${ref.length} bytes of a captured page's body`);
};
if (captureArg) {
  const Base = workerThreads.Worker;
  let sent = 0;
  class CapturingWorker extends Base {
    constructor(file, options) {
      super(file, options);
      if (String(file).includes('render-worker') && capture.workerData === undefined) capture.workerData = v8.serialize(options.workerData);
      this.renderWorker = String(file).includes('render-worker');
    }
    postMessage(message, transfer) {
      if (this.renderWorker && sent++ % CAPTURE_EVERY === 0) capture.batches.push(v8.serialize(withBodies(message)));
      return super.postMessage(message, transfer);
    }
  }
  workerThreads.Worker = CapturingWorker;
  syncBuiltinESMExports();
}

const { build, createMemoryLogger } = await import('../bin/api.js');

// Microseconds on the profiler's clock at performance.now() === 0.
const hr = Number(process.hrtime.bigint()) / 1000;
const offsetUs = hr - now() * 1000;
const toUs = (ms) => offsetUs + ms * 1000;

/** Index of the first reading ≥ v (readings are sorted). */
function lowerBound(v) {
  let lo = 0;
  let hi = readings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (readings[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The [start, end] readings of each timed stage, searched forwards from the previous stage's end. */
function stageWindows(timings, from) {
  const windows = [];
  let cursor = from;
  for (const [name, ms] of timings) {
    let found;
    for (let b = cursor; b < readings.length && !found; b++) {
      const end = readings[b];
      // The start reading is at (end - ms) give or take rounding; check the neighbours exactly.
      const i = lowerBound(end - ms - 1e-6);
      for (let a = Math.max(0, i - 2); a <= Math.min(b - 1, i + 2); a++) if (end - readings[a] === ms) found = [a, b];
    }
    if (!found) {
      windows.push({ name, ms, startUs: undefined, endUs: undefined });
      continue;
    }
    cursor = found[1];
    windows.push({ name, ms, startUs: toUs(readings[found[0]]), endUs: toUs(readings[found[1]]), cpuMs: (cpuAt[found[1]] - cpuAt[found[0]]) / 1000 });
  }
  return windows;
}

const buildStartIndex = readings.length;
const startUs = Number(process.hrtime.bigint()) / 1000;
// Cold, as the bench's builds: without `cacheDir: false` a build keeps its cache beside the config,
// and the profile showed a cache-filling build (hashing, checksums and stored entries: a tenth of
// Microsoft Graph v1.0's site and render stages), or a warm one on the next run.
const result = await build({ configFile: path.resolve(configArg), outDir: path.resolve(outArg), logger: createMemoryLogger(), cacheDir: false });
const endUs = Number(process.hrtime.bigint()) / 1000;
const usage = process.resourceUsage();
const windows = stageWindows(result.timings, buildStartIndex);
fs.writeFileSync(
  resultArg,
  JSON.stringify({ startUs, endUs, pages: result.pages, bytes: result.bytes, timings: result.timings, windows, maxRssKiB: usage.maxRSS, load: (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' '), cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }),
);
if (captureArg && capture.workerData) fs.writeFileSync(captureArg, v8.serialize({ workerData: capture.workerData, batches: capture.batches }));
