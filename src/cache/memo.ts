// The build's memo: what a stage made, stored under a digest of everything it was made from, so
// that the next build with the same inputs takes it instead of making it again. It is the one
// incremental mechanism of the pipeline, in two stores: `docsgen build` keeps it on disk between
// runs (cache/diskMemo.ts, `.docsgen/cache/`), so a CI job that restores the folder redoes only
// what changed; `serve --watch` keeps it in memory between saves (cache/liveMemo.ts). A key must
// cover every input of what it stores (the engine's own code is part of every key:
// cache/engine.ts), so a hit is always what a cold build would have made: the byte-identity
// tests compare the two.
import crypto from 'node:crypto';
import type { Logger } from '../diagnostics/logger';

export interface Memo {
  /**
   * Values are kept as they are, in this process (cache/liveMemo.ts): a stage may keep what only
   * lives here (a pending validation, models the next build finds again by identity), and may key
   * what it read from a file by the file's path: whoever watches the files tells the memo which
   * changed (`LiveMemo.changed`). False: values are copied out (serialized) and come back as new
   * objects, and keys must hold the content of every input.
   */
  readonly live: boolean;
  get<T>(stage: string, key: string): T | undefined;
  /**
   * A value stored as a Uint8Array, for a caller that reads only some of it or hands it to another
   * thread: where the memo can, left in its file (KeptBytes, its checksum checked; the caller
   * closes the descriptor), else as get() gives it.
   */
  getBytes?(stage: string, key: string): KeptBytes | Uint8Array | undefined;
  /** `files`: what a live memo's entry was read from (dropped when one changes); ignored by a copying memo. */
  set(stage: string, key: string, value: unknown, files?: readonly string[]): void;
  /** A live memo: the files it was told changed since the last successful build. */
  readonly changedFiles?: readonly string[];
  /** A live memo: keeps every entry of a stage past this build, without reading them. */
  keepStage?(stage: string): void;
  /** Keeps an entry this build needs again later without reading it. */
  use(stage: string, key: string): void;
  /** The file of an entry another thread reads and writes itself (readEntry, writeEntry), kept for the next build. */
  entryFor?(stage: string, key: string): string;
  /** After a successful build: says what the store could not do, and drops the entries this build did not use. */
  finish(logger: Logger): void;
}

/** Bytes left in a file: `length` of them at `at` in the open file `fd`. */
export interface KeptBytes {
  fd: number;
  at: number;
  length: number;
}

/** One entry of a live memo, to get and set: what a stage keeps of its last build (lastOf). */
export interface Last<T> {
  get(): T | undefined;
  set(value: T): void;
}

/**
 * A live memo's entry `key` of `stage`, to get and set: what a stage keeps of its last build to
 * find unchanged inputs by identity. None in a copying memo, where nothing is the same object.
 */
export function lastOf<T>(memo: Memo | undefined, stage: string, key: string): Last<T> | undefined {
  if (!memo?.live) return undefined;
  return { get: () => memo.get<T>(stage, key), set: (value) => memo.set(stage, key, value) };
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

/** The last texts digested and their digests, by source: a rebuild that hands over the same text again (a kept spec) does not digest it again. */
const lastTexts = new Map<string, { text: string; digest: string }>();
/** Sources remembered: a process that builds many sites (the tests) keeps the latest few specs' texts, not all. */
const LAST_TEXTS = 8;

/** digest(text), remembered for the last text of each of the latest `source`s (a spec's path or URL). */
export function textDigest(source: string, text: string): string {
  const last = lastTexts.get(source);
  if (last?.text === text) return last.digest;
  const made = digest(text);
  lastTexts.delete(source);
  lastTexts.set(source, { text, digest: made });
  if (lastTexts.size > LAST_TEXTS) lastTexts.delete(lastTexts.keys().next().value!);
  return made;
}
