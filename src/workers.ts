// Worker threads. The compiled CLI has each worker as its own entry beside its chunks
// (bin/compile.js); from source (the tests) the TypeScript worker is loaded through tsx.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packagePath } from './paths';

/** `entry`: the worker's compiled entry name; `source`: its TypeScript file under src/. */
export function startWorker(entry: string, source: string, workerData: unknown): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = JSON.stringify(packagePath('node_modules/tsx/dist/esm/api/index.mjs'));
    const file = JSON.stringify(pathToFileURL(packagePath('src', source)).href);
    return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${file}); })`, { eval: true, workerData });
  }
  return new Worker(new URL(`./${entry}.mjs`, import.meta.url), { workerData });
}
