// The pages' folders, made by a thread of their own before the render stage: a page is written
// as `<route>/index.html`, so a site of 7,000 pages needs 7,000 new folders, and making a folder
// is the disk's slowest small job (50–300 µs on ext4, against 8 µs for a hard link). Made by the
// render threads, they held them in `mkdir` for 0.4–2.2 s of busy time on the 7,000-page site;
// made while the main thread works through the search stage, the render stage no longer waits on them.
//
// A thread, not libuv's pool: the pool's requests are answered only when the main thread lets
// its event loop turn (every 50 ms in a long stage, steps.ts), and once handed to the pool they
// cannot be taken back, so a removal of the output folder raced hundreds of them. The thread
// makes one folder at a time, each after its parent (never `recursive`, so nothing can be made
// once the folder above it is gone), and looks at a shared flag before each.
import path from 'node:path';
import { startWorker } from '../workers';
import { insideOutput } from './insideOutput';

/** What the thread is given (foldersWorker.ts). */
export interface FoldersWork {
  /** Absolute paths, each after its parent. */
  dirs: string[];
  /** [STOP]: set to stop; [MADE]: how many of `dirs` are made (always the first ones); [ENDED]: set by the thread once it makes no more. */
  shared: Int32Array;
}
export const STOP = 0;
export const MADE = 1;
export const ENDED = 2;

/**
 * How long halt() waits for the thread to say it has stopped. It says so within one `mkdir`; the
 * limit is for a thread that never ran its loop (it failed to start), which never says so.
 */
const HALT_WAIT_MS = 2_000;

export interface FolderMaking {
  /**
   * Tells the thread to stop, and waits until it has: once this returns, no folder is made any
   * more, so a removal of the output folder cannot race one (it did under load: ENOTEMPTY). It
   * blocks this thread, for one `mkdir` at most, because a signal's clean-up cannot wait otherwise.
   */
  halt(): void;
  /** Resolves once the thread has ended (every folder made, or one could not be, or halted) with every folder made (absolute paths). */
  ended(): Promise<Set<string>>;
  /** halt, then ended. */
  stop(): Promise<Set<string>>;
}

/**
 * The folders that files at these site paths need, by depth (each level's parents in the level
 * before): ['a/b/c.html', 'a/d.html', 'e.html'] → [['a'], ['a/b']].
 */
export function folderLevels(rels: Iterable<string>): string[][] {
  const seen = new Set<string>();
  const levels: string[][] = [];
  for (const rel of rels) {
    // Climbing stops at a known folder: its parents are known too.
    for (let dir = path.posix.dirname(rel); dir !== '.' && dir !== '/' && !seen.has(dir); dir = path.posix.dirname(dir)) {
      seen.add(dir);
      const depth = dir.split('/').length - 1;
      (levels[depth] ??= []).push(dir);
    }
  }
  return Array.from(levels, (level) => level ?? []);
}

/**
 * Makes the folders of the files `rels` under `root` (the output's temporary folder) on a thread
 * of its own, but those in `skip` (site paths another thread makes). A folder that cannot be made
 * (it exists, or the disk refuses) stops the thread: whoever writes into it makes it or reports
 * why it cannot. This only saves time; it never fails a build.
 */
export function makeFolders(root: string, rels: Iterable<string>, skip?: ReadonlySet<string>): FolderMaking {
  // A path outside the output is left out here: the page's writer refuses it, naming the page.
  const dirs = folderLevels(rels)
    .flat()
    .flatMap((rel) => {
      if (skip?.has(rel)) return [];
      try {
        return [insideOutput(root, rel)];
      } catch {
        return [];
      }
    });
  const shared = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  let running = false;
  const halt = () => {
    Atomics.store(shared, STOP, 1);
    if (running) Atomics.wait(shared, ENDED, 0, HALT_WAIT_MS);
  };
  let ended: Promise<unknown> = Promise.resolve();
  if (dirs.length > 0) {
    try {
      const worker = startWorker('folders-worker', 'output/foldersWorker.ts', { dirs, shared } satisfies FoldersWork);
      running = true;
      ended = new Promise((resolve) =>
        worker.once('exit', () => {
          running = false;
          resolve(undefined);
        }),
      );
      worker.on('error', () => {}); // it ends, and the pages' writers make what it did not
    } catch {
      // No thread to be had: the pages' writers make every folder, as they would.
    }
  }
  const making: FolderMaking = {
    halt,
    async ended() {
      await ended;
      return new Set(dirs.slice(0, Atomics.load(shared, MADE)));
    },
    stop() {
      halt();
      return making.ended();
    },
  };
  return making;
}
