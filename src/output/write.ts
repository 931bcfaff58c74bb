// The output stage: write every file into a temporary folder beside outDir, then swap it in.
// IMPORTANT: until the final rename, the previous outDir is untouched, so a build that fails
// (or is killed) at any point leaves the last good site exactly as it was. Only a folder docsgen
// wrote itself (or an empty one) is ever replaced (guard.ts), by one build at a time (lock.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError, error, warning, type Diagnostic } from '../diagnostics/diagnostic';
import { assertSafeOutDir, MANIFEST, manifestText, type OutDirGuard } from './guard';
import { insideOutput, joinPath } from './insideOutput';
import { onInterrupt } from './interrupt';
import { makeFolders, type FolderMaking } from './folders';
import { closeGate, newWriteGate, type WriteGate } from './writeGate';
import { isAlive, lockOutput } from './lock';
import { stepsYielding } from '../steps';
import { writeOrLink, type FileStore, type LinkState } from './reuse';

/**
 * Site-relative path → file content, or `{ copyFrom }` for files copied as they are (with their
 * size when the writer knows it: commit then counts the output's bytes without asking the disk).
 */
export type OutputFiles = Map<string, string | Uint8Array | { copyFrom: string; bytes?: number }>;

export function writeOutput(outDir: string, files: OutputFiles, guard: OutDirGuard): Committed {
  const output = openOutput(outDir, guard);
  try {
    return output.commit(files);
  } catch (cause) {
    output.abort();
    throw cause;
  }
}

/**
 * `output.commit(files)`, with the files still in memory written first by writeSoon, which lets
 * the event loop turn between them, rather than in commit's one synchronous run: a large site's
 * guides' Markdown copies (3,600 files on the 7,000-page site) then never hold a signal for seconds.
 * `files` itself is left as it is (it is the build's result).
 */
export async function commitSoon(output: OutputDir, files: OutputFiles): Promise<Committed> {
  const inMemory: [string, string | Uint8Array][] = [];
  const listed: OutputFiles = new Map();
  for (const [rel, content] of files) {
    if (typeof content === 'string' || content instanceof Uint8Array) {
      inMemory.push([rel, content]);
      listed.set(rel, { copyFrom: output.finalPath(rel) });
    } else listed.set(rel, content);
  }
  await output.writeSoon(inMemory);
  return output.commit(listed);
}

/** What a commit wrote: the output's size, counted from the temporary folder before the swap. */
export interface Committed {
  bytes: number;
  /**
   * The previous output's removal, which goes on after the swap (the caller awaits it before it
   * returns). Never rejects: its warning says when the previous output could not be removed; the
   * new site is in place all the same.
   */
  previousRemoved: Promise<Diagnostic[]>;
}

/**
 * The output folder being built: pages can be written into it as they are rendered (so a large
 * site's HTML is never all in memory), the rest at `commit`, which swaps it in. Until then
 * nothing the user sees has changed; `abort` removes it. Pages streamed in are listed in the
 * `files` given to `commit` as `{ copyFrom }` pointing at their final place in outDir
 * (`finalPath`), which commit leaves as written. Opening it checks that outDir may be replaced,
 * takes its lock and removes what killed builds left beside it; commit and abort release it.
 */
export interface OutputDir {
  /** The temporary folder. */
  readonly dir: string;
  /** What threads other than this one write into `dir` through (output/writeGate.ts): abort and a signal close it. */
  readonly gate: WriteGate;
  /**
   * The output folder this build replaces, when it holds only what an earlier build wrote: its
   * unchanged files can be linked into the new one (output/reuse.ts).
   */
  readonly previous?: string;
  finalPath(rel: string): string;
  /**
   * Writes files into the temporary folder between other work (list them in `commit` as
   * `{ copyFrom: finalPath(rel) }`), each linked from `previousRel` (default: its own place) in the
   * replaced output when that file holds the same bytes. Resolves when all are written, or rejects
   * with the first failure; the caller then aborts.
   */
  writeSoon(files: Iterable<[rel: string, content: string | Uint8Array, previousRel?: string]>): Promise<void>;
  /**
   * Writes one file into the temporary folder now (list it in `commit` as writeSoon's are), or
   * links it from `previousRel`, when given, in the replaced output when that file holds the same bytes.
   */
  writeNow(rel: string, content: string | Uint8Array, previousRel: string | undefined): void;
  /**
   * Makes the folders of these files (site paths) in the temporary folder, on a thread of their
   * own (output/folders.ts): a page's writer then finds its folder made. Stop it before the
   * commit; abort halts it.
   */
  makeFoldersSoon(rels: Iterable<string>, skip?: ReadonlySet<string>): FolderMaking;
  /** Renames a file or folder of the temporary folder (one written with writeNow). */
  rename(fromRel: string, toRel: string): void;
  commit(files: OutputFiles): Committed;
  /** Removes the temporary folder and releases the lock; does nothing after a commit. */
  abort(): void;
  /**
   * From now on, the files given as text or bytes are linked from `store` when it holds their
   * bytes, and linked into it when written (output/reuse.ts): the build cache, once it is open.
   */
  keepIn(store: FileStore): void;
}

export function openOutput(outDir: string, guard: OutDirGuard): OutputDir {
  outDir = path.resolve(outDir);
  const previous = assertSafeOutDir(outDir, guard) ? outDir : undefined;
  const parent = path.dirname(outDir);
  try {
    fs.mkdirSync(parent, { recursive: true });
  } catch (cause) {
    throw new DocsgenError([error('output-failed', `Cannot create the folder ${parent} for the output: ${(cause as Error).message}`, { location: { file: outDir } })], { cause });
  }
  const release = lockOutput(outDir);
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = path.join(parent, `.${path.basename(outDir)}.docsgen-tmp-${suffix}`);
  const old = path.join(parent, `.${path.basename(outDir)}.docsgen-old-${suffix}`);
  const asError = (cause: unknown) =>
    cause instanceof DocsgenError ? cause : new DocsgenError([error('output-failed', `Writing the site failed: ${(cause as Error).message}`, { location: { file: outDir } })], { cause });
  let done = false;
  let removing = false;
  const makings: FolderMaking[] = [];
  const finish = () => {
    done = true;
    for (const making of makings) making.halt();
    unregister();
    release();
  };
  const gate = newWriteGate();
  // The render threads and the thread of makeFoldersSoon are stopped first, and no longer write
  // when closeGate() and halt() return: a file or folder made while the removal walked once failed
  // it (ENOTEMPTY) under load, after every retry. The retries stay for what else may hold a file a
  // moment (another process reading it).
  const removeTmp = () => {
    removing = true;
    closeGate(gate);
    for (const making of makings) making.halt();
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 10 });
  };
  // Killed by a signal: the CLI's handler runs this before the process exits. The lock is released
  // whatever happens (a CI run once saw the folder and the lock left behind).
  const unregister = onInterrupt(() => {
    try {
      removeTmp();
    } finally {
      release();
    }
  });
  try {
    removeStale(outDir);
    fs.mkdirSync(tmp);
    // The marker says the folder is docsgen's: a later build removes it if this one is killed.
    fs.writeFileSync(path.join(tmp, MANIFEST), manifestText([]));
  } catch (cause) {
    removeTmp();
    finish();
    throw new DocsgenError([error('output-failed', `Cannot write beside the output folder: ${(cause as Error).message}`, { location: { file: outDir }, hint: `${parent} must be writable: docsgen builds the site in a temporary folder there and swaps it in.` })], { cause });
  }
  const finalPath = (rel: string) => joinPath(outDir, rel);
  const madeNow = new Set<string>();
  // The sizes of the files writeSoon wrote: commit counts them without a stat (one per file, 0.1 s of a 7,000-page site's build).
  const sizes = new Map<string, number>();
  const linksNow: LinkState = {};
  let store: FileStore | undefined;
  return {
    dir: tmp,
    gate,
    previous,
    finalPath,
    abort() {
      if (done) return;
      removeTmp();
      finish();
    },
    async writeSoon(files) {
      const list = [...files];
      const links: LinkState = {};
      // One file after another, the event loop turning between slices so that the render threads
      // are fed and a signal is heard (steps.ts). Not several at a time on libuv's pool: each file
      // then cost four or five promises on this thread, which competed with the render threads for
      // the machine's 2 cores (a 7,000-page site's 9,500 search files took 2.5 s of this thread, and
      // its build from the cache 0.5 s longer than with these synchronous calls; BENCHMARKS.md).
      const writing = function* () {
        for (const dir of new Set(list.map(([rel]) => path.dirname(insideOutput(tmp, rel))))) fs.mkdirSync(dir, { recursive: true });
        for (const [rel, content, previousRel = rel] of list) {
          yield;
          if (removing || done) throw new Error('the build was stopped');
          writeOrLink(insideOutput(tmp, rel), content, previous === undefined ? undefined : insideOutput(previous, previousRel), links, store);
          sizes.set(rel, typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength);
        }
      };
      try {
        await stepsYielding(writing());
      } catch (cause) {
        throw asError(cause);
      }
    },
    writeNow(rel, content, previousRel) {
      try {
        const target = insideOutput(tmp, rel);
        const dir = path.dirname(target);
        if (!madeNow.has(dir)) {
          fs.mkdirSync(dir, { recursive: true });
          madeNow.add(dir);
        }
        writeOrLink(target, content, previous === undefined || previousRel === undefined ? undefined : insideOutput(previous, previousRel), linksNow, store);
      } catch (cause) {
        throw asError(cause);
      }
    },
    makeFoldersSoon(rels, skip) {
      const making = makeFolders(tmp, removing || done ? [] : rels, skip);
      makings.push(making);
      return making;
    },
    rename(fromRel, toRel) {
      try {
        const target = insideOutput(tmp, toRel);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(insideOutput(tmp, fromRel), target);
      } catch (cause) {
        throw asError(cause);
      }
    },
    keepIn(fileStore) {
      store = fileStore;
    },
    commit(files) {
      let bytes = 0;
      const links: LinkState = {};
      try {
        const dirs = new Set<string>();
        for (const [rel, content] of files) {
          if (typeof content === 'object' && 'copyFrom' in content && content.copyFrom === finalPath(rel)) {
            bytes += content.bytes ?? sizes.get(rel) ?? fs.statSync(insideOutput(tmp, rel)).size; // streamed in
            continue;
          }
          const target = insideOutput(tmp, rel);
          const dir = path.dirname(target);
          if (!dirs.has(dir)) {
            fs.mkdirSync(dir, { recursive: true });
            dirs.add(dir);
          }
          if (typeof content === 'object' && 'copyFrom' in content) {
            fs.copyFileSync(content.copyFrom, target);
            bytes += fs.statSync(target).size;
          } else {
            writeOrLink(target, content, previous === undefined ? undefined : insideOutput(previous, rel), links, store);
            bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
          }
        }
        fs.writeFileSync(path.join(tmp, MANIFEST), manifestText(files.keys()));
        const hadPrevious = fs.existsSync(outDir);
        if (hadPrevious) fs.renameSync(outDir, old);
        try {
          fs.renameSync(tmp, outDir);
        } catch (e) {
          if (hadPrevious) fs.renameSync(old, outDir);
          throw e;
        }
        finish();
        return { bytes, previousRemoved: hadPrevious ? removeReplaced(old, outDir) : Promise.resolve([]) };
      } catch (cause) {
        removeTmp();
        finish();
        throw asError(cause);
      }
    },
  };
}

/**
 * Removes the output a commit replaced, in the background: unlinking is the kernel's work, and
 * libuv's threads do it side by side (a 7,000-page site's 23,000 files: 1.6 s, against 2.6–2.9 s
 * one after the other), while the build's thread prunes its cache. Its marker goes last, so a
 * removal cut short by SIGKILL leaves a folder the next build recognises as docsgen's and removes
 * (removeStale); a signal the CLI handles finishes it before the process exits.
 */
async function removeReplaced(old: string, outDir: string): Promise<Diagnostic[]> {
  const unregister = onInterrupt(() => {
    try {
      fs.rmSync(old, { recursive: true, force: true, maxRetries: 10, retryDelay: 10 });
    } catch {
      // Left for the next build (removeStale).
    }
    return `the new site was already in place in ${outDir}`;
  });
  try {
    // Gone already when a signal's clean-up finished the removal.
    const names = (await fs.promises.readdir(old).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? [] : Promise.reject(e)))).filter((name) => name !== MANIFEST);
    // Settled, not raced: a failure is reported once every removal has stopped.
    const failed = (await Promise.allSettled(names.map((name) => fs.promises.rm(path.join(old, name), { recursive: true, force: true })))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await fs.promises.rm(old, { recursive: true, force: true });
    return [];
  } catch (cause) {
    return [
      warning('output-cleanup-failed', `The new site is in place, but the previous one, moved to ${old}, could not be removed: ${(cause as Error).message}`, {
        location: { file: outDir },
        hint: 'Remove it yourself (the next build tries again).',
      }),
    ];
  } finally {
    unregister();
  }
}

/**
 * Removes the temporary and replaced folders that earlier builds of this outDir left behind
 * when they were killed: only folders holding docsgen's marker, or empty ones, and only when the
 * process named in their name is gone (the lock is held, so no live build of this folder can own one).
 */
function removeStale(outDir: string): void {
  const prefix = `.${path.basename(outDir)}.docsgen-`;
  const parent = path.dirname(outDir);
  for (const name of fs.readdirSync(parent)) {
    const match = name.startsWith(prefix) && /^(?:tmp|old)-(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[1]);
    const dir = path.join(parent, name);
    if (pid === process.pid || isAlive({ pid, host: os.hostname() })) continue;
    if (!fs.existsSync(path.join(dir, MANIFEST))) {
      // A build killed between making its folder and marking it left it empty. rmdir removes
      // only an empty folder, so one holding anything (not docsgen's, then) stays as it is.
      try {
        fs.rmdirSync(dir);
      } catch {
        // Not empty: not ours to remove.
      }
      continue;
    }
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Left for the next build (e.g. a read-only copy); it does not stop this one.
    }
  }
}
