// The folder maker's thread (folders.ts): makes the folders in order, until one cannot be made
// or the build says stop, and counts them where the build reads it.
import fs from 'node:fs';
import { workerData } from 'node:worker_threads';
import { ENDED, MADE, STOP, type FoldersWork } from './folders';

const { dirs, shared } = workerData as FoldersWork;
try {
  for (const dir of dirs) {
    if (Atomics.load(shared, STOP) !== 0) break;
    try {
      fs.mkdirSync(dir);
    } catch {
      break;
    }
    Atomics.add(shared, MADE, 1);
  }
} finally {
  // A build halting this thread waits for this before it removes the folder (folders.ts halt).
  Atomics.store(shared, ENDED, 1);
  Atomics.notify(shared, ENDED);
}
