// A long synchronous stage, written as a generator that yields between its pages. Node runs a
// signal's handler only between two tasks of the event loop, so a stage that runs for a minute
// without returning holds Ctrl+C (and a CI runner's SIGTERM) for that minute: on the 35,000-page
// site, a SIGTERM sent while the site stage made its 25,000 operation pages took effect 49.8 s
// later, once the search stage had ended too. A build runs such a stage with `stepsYielding`,
// which lets the event loop turn every TURN_MS; callers that want the value at once (the link
// check, serve --watch, tests) run it with `steps`.

/** A stage that yields between its pages, and returns `T`. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `stage` to its end, without letting the event loop turn. */
export function steps<T>(stage: Steps<T>): T {
  for (;;) {
    const next = stage.next();
    if (next.done) return next.value;
  }
}

/** How long a stage runs before the event loop turns (a signal waits at most about this long). */
const TURN_MS = 50;

/** Runs `stage` to its end, letting the event loop turn every TURN_MS: a signal's handler runs within about that. */
export async function stepsYielding<T>(stage: Steps<T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const next = stage.next();
    if (next.done) return next.value;
    if (performance.now() - since >= TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}
