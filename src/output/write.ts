// The output stage: write every file into a temporary folder beside outDir, then swap it in.
// IMPORTANT: until the final rename, the previous outDir is untouched, so a build that fails
// (or is killed) at any point leaves the last good site exactly as it was.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

/** Files `writeSoon` writes at once (libuv's thread pool has 4 threads). */
const WRITERS = 8;

/** Site-relative path → file content, or `{ copyFrom }` for files copied as they are. */
export type OutputFiles = Map<string, string | Uint8Array | { copyFrom: string }>;

export function writeOutput(outDir: string, files: OutputFiles, guard: { root: string; protectedDirs: string[] }): void {
  const output = openOutput(outDir, guard);
  try {
    output.commit(files);
  } catch (cause) {
    output.abort();
    throw cause;
  }
}

/**
 * The output folder being built: pages can be written into it as they are rendered (so a large
 * site's HTML is never all in memory), the rest at `commit`, which swaps it in. Until then
 * nothing the user sees has changed; `abort` removes it. Pages streamed in are listed in the
 * `files` given to `commit` as `{ copyFrom }` pointing at their final place in outDir
 * (`finalPath`), which commit leaves as written.
 */
export interface OutputDir {
  /** The temporary folder. */
  readonly dir: string;
  finalPath(rel: string): string;
  /**
   * Writes files into the temporary folder in the background (list them in `commit` as
   * `{ copyFrom: finalPath(rel) }`). Resolves when all are written, or rejects with the first
   * failure once none is still being written; the caller then aborts.
   */
  writeSoon(files: Iterable<[rel: string, content: string | Uint8Array]>): Promise<void>;
  commit(files: OutputFiles): void;
  abort(): void;
}

export function openOutput(outDir: string, guard: { root: string; protectedDirs: string[] }): OutputDir {
  assertSafeOutDir(outDir, guard);
  const parent = path.dirname(outDir);
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = path.join(parent, `.${path.basename(outDir)}.docsgen-tmp-${suffix}`);
  const old = path.join(parent, `.${path.basename(outDir)}.docsgen-old-${suffix}`);
  const asError = (cause: unknown) =>
    cause instanceof DocsgenError ? cause : new DocsgenError([error('output-failed', `Writing the site failed: ${(cause as Error).message}`, { location: { file: outDir } })], { cause });
  const failed = (cause: unknown) => {
    fs.rmSync(tmp, { recursive: true, force: true });
    return asError(cause);
  };
  try {
    fs.mkdirSync(tmp, { recursive: true });
  } catch (cause) {
    throw failed(cause);
  }
  const finalPath = (rel: string) => path.join(outDir, rel);
  return {
    dir: tmp,
    finalPath,
    abort: () => fs.rmSync(tmp, { recursive: true, force: true }),
    async writeSoon(files) {
      const list = [...files];
      // Failures are only reported: the caller aborts (pages may still be being written).
      try {
        for (const dir of new Set(list.map(([rel]) => path.dirname(path.join(tmp, rel))))) fs.mkdirSync(dir, { recursive: true });
      } catch (cause) {
        throw asError(cause);
      }
      // A few at a time: thousands of writes started at once each hold a copy of their content.
      let next = 0;
      let failure: unknown;
      const writer = async () => {
        while (next < list.length && failure === undefined) {
          const [rel, content] = list[next++];
          await fs.promises.writeFile(path.join(tmp, rel), content).catch((cause: unknown) => (failure ??= cause));
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      if (failure !== undefined) throw asError(failure);
    },
    commit(files) {
      try {
        const dirs = new Set<string>();
        for (const [rel, content] of files) {
          const target = path.join(tmp, rel);
          if (typeof content === 'object' && 'copyFrom' in content && content.copyFrom === finalPath(rel)) continue;
          const dir = path.dirname(target);
          if (!dirs.has(dir)) {
            fs.mkdirSync(dir, { recursive: true });
            dirs.add(dir);
          }
          if (typeof content === 'object' && 'copyFrom' in content) fs.copyFileSync(content.copyFrom, target);
          else fs.writeFileSync(target, content);
        }
        const hadPrevious = fs.existsSync(outDir);
        if (hadPrevious) fs.renameSync(outDir, old);
        try {
          fs.renameSync(tmp, outDir);
        } catch (e) {
          if (hadPrevious) fs.renameSync(old, outDir);
          throw e;
        }
        if (hadPrevious) fs.rmSync(old, { recursive: true, force: true });
      } catch (cause) {
        throw failed(cause);
      }
    },
  };
}

/**
 * Refuses an outDir that would replace the project itself or the author's sources: `--out .`
 * or `--out content` must never delete what the user wrote.
 */
export function assertSafeOutDir(outDir: string, { root, protectedDirs }: { root: string; protectedDirs: string[] }): void {
  const out = path.resolve(outDir);
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  const clash = [root, ...protectedDirs].find((dir) => inside(path.resolve(dir), out));
  if (clash || out === path.parse(out).root) {
    throw new DocsgenError([
      error('unsafe-out-dir', `The output folder ${out} contains ${clash ?? 'the whole file system'}, which a build would replace.`, {
        hint: 'Choose a dedicated output folder such as "build".',
      }),
    ]);
  }
}
