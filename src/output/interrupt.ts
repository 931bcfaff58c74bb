// What a build must undo when the process is stopped by a signal: its temporary folder and its
// lock. Node runs no `finally` on SIGINT or SIGTERM, so the CLI's signal handler calls
// `runCleanups()` (synchronous, so it finishes before the process exits). A program that calls
// `build()` and is killed leaves the temporary folder to the next build (see removeStale in write.ts).
const cleanups = new Set<() => string | void>();

/**
 * Registers a clean-up; the returned function unregisters it (the build finished normally). A
 * clean-up may return what the output folder holds, when it is no longer as it was before the
 * build (a new site was swapped in): the CLI says so instead of "nothing was written".
 */
export function onInterrupt(cleanup: () => string | void): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

/** Runs every clean-up; returns what the output folder holds when a clean-up said so. */
export function runCleanups(): string | undefined {
  let holds: string | undefined;
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      holds = cleanup() ?? holds;
    } catch {
      // The next build removes what is left (see removeStale in write.ts).
    }
  }
  return holds;
}
