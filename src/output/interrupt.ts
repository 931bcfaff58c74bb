// What a build must undo when the process is stopped by a signal: its temporary folder and its
// lock. Node runs no `finally` on SIGINT or SIGTERM, so the CLI's signal handler calls
// `runCleanups()` (synchronous, so it finishes before the process exits). A program that calls
// `build()` and is killed leaves the temporary folder to the next build (see removeStale in write.ts).
const cleanups = new Set<() => void>();

/** Registers a clean-up; the returned function unregisters it (the build finished normally). */
export function onInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

export function runCleanups(): void {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // The next build removes what is left (see cleanStale in write.ts).
    }
  }
}
