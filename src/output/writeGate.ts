// The gate the render threads pass through to write into the output's temporary folder. When a
// signal stops a build, the main thread removes that folder while the render threads still run:
// a page written meanwhile either failed the removal (ENOTEMPTY: the removal lists a folder's
// files once, then retries only the folder) or made its folders again (`mkdir -p`), and a CI run
// found the temporary folder left behind after SIGTERM. The removal closes the gate first and
// waits for the threads inside to leave; from then on no thread writes there.
//
// Two counters in shared memory. A writer adds itself to INSIDE, then looks at CLOSED; the closer
// sets CLOSED, then looks at INSIDE. Atomics are sequentially consistent, so either the writer
// sees the gate closed, or the closer sees the writer and waits for it.
const CLOSED = 0;
const INSIDE = 1;

/**
 * How long closeGate() waits for the writers inside: each is writing one page's file. The limit is
 * for a thread stuck in the disk; the removal then goes ahead as it did before the gate.
 */
const LEAVE_WAIT_MS = 2_000;

export type WriteGate = Int32Array;

export function newWriteGate(): WriteGate {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

/** Runs `write` inside the gate; throws, writing nothing, once the gate is closed. */
export function throughGate<T>(gate: WriteGate | undefined, write: () => T): T {
  if (gate === undefined) return write();
  Atomics.add(gate, INSIDE, 1);
  try {
    if (Atomics.load(gate, CLOSED) !== 0) throw new Error('The build was stopped: its temporary output folder is being removed.');
    return write();
  } finally {
    if (Atomics.sub(gate, INSIDE, 1) === 1) Atomics.notify(gate, INSIDE);
  }
}

/**
 * Closes the gate and waits until no writer is inside; false when one was still inside after
 * LEAVE_WAIT_MS. It blocks this thread, for one file's write at most, because a signal's clean-up
 * runs synchronously before the process exits. A thread terminated inside never leaves (no
 * `finally` runs then): see writersEnded.
 */
export function closeGate(gate: WriteGate): boolean {
  Atomics.store(gate, CLOSED, 1);
  const deadline = Date.now() + LEAVE_WAIT_MS;
  for (let inside = Atomics.load(gate, INSIDE); inside !== 0; inside = Atomics.load(gate, INSIDE)) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    Atomics.wait(gate, INSIDE, inside, left);
  }
  return true;
}

/**
 * Says that every thread that wrote through the gate has ended. A thread terminated between its
 * entry and its exit (`Worker.terminate()` runs no `finally`) is still counted inside, and the
 * output's removal would wait for it until LEAVE_WAIT_MS: it did in three of five failed renders.
 */
export function writersEnded(gate: WriteGate): void {
  Atomics.store(gate, INSIDE, 0);
  Atomics.notify(gate, INSIDE);
}
