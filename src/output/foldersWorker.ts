// The folder maker's thread (folders.ts): makes the folders in order, until one cannot be made
// or the build says stop, and counts them where the build reads it.
import fs from 'node:fs';
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import { ENDED, MADE, STOP, type FoldersWork } from './folders';

const { dirs, shared } = workerData as FoldersWork;
// Its work only saves the render threads time: at the lowest priority, it takes a core the stages
// leave idle, not one the spec's parse or the site stage needs. Only on Linux, where a priority is
// a thread's: elsewhere setPriority sets the whole process's.
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here: it runs as any thread does.
  }
}
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
