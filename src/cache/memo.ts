// The build's memo: what a stage made, stored under a digest of everything it was made from, so
// that the next build with the same inputs takes it instead of making it again. `docsgen build`
// keeps it on disk between runs (cache/diskMemo.ts, `.docsgen/cache/`): a CI job that restores
// the folder redoes only what changed. A key must cover every input of what it stores (the
// engine's own code is part of every key: cache/engine.ts), so a hit is always what a cold
// build would have made: the byte-identity tests compare the two.
import crypto from 'node:crypto';

export interface Memo {
  get<T>(stage: string, key: string): T | undefined;
  set(stage: string, key: string, value: unknown): void;
  /** Keeps an entry this build needs again later without reading it (a memo that drops unused entries). */
  use?(stage: string, key: string): void;
}

/** A digest of strings and bytes, in order: the keys of the memo. */
export function digest(...parts: (string | Uint8Array)[]): string {
  const hash = crypto.createHash('sha1');
  // Each part with its length: no two lists of parts make the same stream.
  for (const part of parts) {
    hash.update(`${typeof part === 'string' ? Buffer.byteLength(part) : part.length}:`);
    hash.update(part);
  }
  return hash.digest('hex');
}

/**
 * A digest of data (a page model, a config): of its JSON, which is the same for the same data
 * made the same way (view models hold plain objects, arrays, strings, numbers and booleans).
 * Not of V8's serialization: that writes one value to different bytes from run to run (a string
 * stored one- or two-byte, a number as an integer or a double). Walking the objects to digest
 * each once cost six times JSON.stringify on a large site's guides.
 */
export function dataDigest(value: unknown): string {
  return digest(JSON.stringify(value) ?? 'undefined');
}
