// Worker threads. The compiled CLI has each worker as its own entry beside its chunks
// (bin/compile.js); from source (the tests) the TypeScript worker is loaded through tsx.
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { packagePath } from './paths';

// A signal does not terminate the threads before the output's clean-up: terminate() takes effect
// only once a thread's write in progress returns, and a thread terminated there never leaves the
// write gate (no `finally` runs). The clean-up closes the gate instead (output/writeGate.ts), and
// process.exit() ends the threads.
const live = new Set<Worker>();

/** `entry`: the worker's compiled entry name; `source`: its TypeScript file under src/. */
export function startWorker(entry: string, source: string, workerData: unknown): Worker {
  let worker: Worker;
  if (import.meta.url.endsWith('.ts')) {
    const tsx = JSON.stringify(packagePath('node_modules/tsx/dist/esm/api/index.mjs'));
    const file = JSON.stringify(pathToFileURL(packagePath('src', source)).href);
    worker = new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${file}); })`, { eval: true, workerData });
  } else {
    worker = new Worker(new URL(`./${entry}.mjs`, import.meta.url), { workerData });
  }
  live.add(worker);
  worker.once('exit', () => live.delete(worker));
  return worker;
}

/**
 * Threads started and not yet ended. A finished build, failed or not, leaves none: a live one
 * keeps the process from exiting (the tests check this after every failed build).
 */
export function liveWorkers(): number {
  return live.size;
}

let gc: (() => void) | undefined;

/**
 * A full garbage collection, now. V8 lets a heap grow to a multiple of what was live at its
 * last full collection, so a large build's main thread reaches the render stage carrying
 * hundreds of MB of the site and search stages' garbage, and keeps it: while the workers render
 * it allocates almost nothing, so nothing collects it. The flag is set at run time, as Jest's
 * leak detector does, since docsgen does not choose the flags Node is started with.
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  liveAfterGc = v8.getHeapStatistics().used_heap_size;
}

let liveAfterGc = 0;

/** How far above what is live a heap may grow while holdHeapsClose holds, in percent. */
const CLOSE_HEAP_GROWTH = 25;

/**
 * Holds every thread's heap to a quarter above what is live at its last full collection, until
 * the returned function lets V8 choose again. V8 lets a heap grow to about twice that, which on a
 * large API's site and search stages is hundreds of MB: the 35,000-page site's main thread holds
 * 470–650 MB live there, beside the spec's thread holding its own parse, and its peak RSS was
 * that doubling. The extra collections cost its site and search stages 3–4 s each (BENCHMARKS.md).
 * The flag is process-wide and set at run time, as collectGarbage's; Node started with a growth
 * of its own keeps it.
 */
export function holdHeapsClose(): () => void {
  if (process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return () => {};
  v8.setFlagsFromString(`--heap-growing-percent=${CLOSE_HEAP_GROWTH}`);
  return () => v8.setFlagsFromString('--heap-growing-percent=0');
}

/**
 * A full collection once the heap has grown by `slack` bytes, or by as much as was live, since
 * the last one. The site stage of a large API makes and drops tens of KB per page; left to
 * itself, V8 let that grow to 300+ MB of garbage on the 7,000-page site (665 MiB peak after the
 * stage), and the heap's pages, once committed, stay in the process's memory for the stages
 * after. Growing with what is live keeps the number of collections, each of which walks all of
 * it, from growing with the site: a fixed 160 MB made the 35,000-page site's stage take minutes.
 * Cheap to call often.
 */
export function collectGarbageAbove(slack: number): void {
  if (v8.getHeapStatistics().used_heap_size - liveAfterGc > Math.max(slack, liveAfterGc)) collectGarbage();
}
