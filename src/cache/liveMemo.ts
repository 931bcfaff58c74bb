// The memo in memory: serve --watch's between saves, the same stages and keys as the build
// cache on disk (cache/diskMemo.ts). Values are kept as they are, not copied: taking one is free,
// so a stage may keep what only lives in this process (a spec's pending validation, the site's
// page models, which the next save finds again by identity). What a stage read from a file may
// be kept under the file's path: the watcher says which files changed, and their entries go.
// (Checking every file's time instead cost more than the rest of a save on a large site.) Each
// successful build drops the entries it did not use, so hundreds of saves hold one build's worth.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Memo } from './memo';

export class LiveMemo implements Memo {
  readonly live = true;
  /** Stage → key → entry (not one map of `stage/key`: a save looks up thousands of page entries, and joining their names cost more than the lookups). */
  private readonly stages = new Map<string, Map<string, { value: unknown; used: boolean }>>();
  /** File → the entries read from it. */
  private readonly readFrom = new Map<string, [stage: string, key: string][]>();
  private told: string[] = [];
  /** Stages whose entries this build keeps whole (keepStage). */
  private kept = new Set<string>();

  /**
   * The files it was told changed since the last successful build, in order. A stage that keeps
   * a folder's listing asks whether one of them was added or removed (content/discover.ts).
   */
  get changedFiles(): readonly string[] {
    return this.told;
  }

  get<T>(stage: string, key: string): T | undefined {
    const entry = this.stages.get(stage)?.get(key);
    if (entry) entry.used = true;
    return entry?.value as T | undefined;
  }

  set(stage: string, key: string, value: unknown, files: readonly string[] = []): void {
    let entries = this.stages.get(stage);
    if (!entries) this.stages.set(stage, (entries = new Map()));
    entries.set(key, { value, used: true });
    for (const file of files) {
      let names = this.readFrom.get(file);
      if (!names) this.readFrom.set(file, (names = []));
      if (!names.some(([s, k]) => s === stage && k === key)) names.push([stage, key]);
    }
  }

  /** These files changed (or went): what was read from them is dropped. */
  changed(files: Iterable<string>): void {
    for (const file of files) {
      this.told.push(file);
      for (const [stage, key] of this.readFrom.get(file) ?? []) this.stages.get(stage)?.delete(key);
      this.readFrom.delete(file);
    }
  }

  /** Keeps every entry of `stage` past this build's end, without reading them (a stage that took them all by identity). */
  keepStage(stage: string): void {
    this.kept.add(stage);
  }

  use(stage: string, key: string): void {
    const entry = this.stages.get(stage)?.get(key);
    if (entry) entry.used = true;
  }

  /** The folder of entryFor's files: named when first asked for, made by the first write into it. */
  private scratch: string | undefined;

  /**
   * The file of an entry another thread reads and writes itself (a spec thread's example
   * verdicts, lint/exampleVerdicts.ts), in a temporary folder of this process's own: values in
   * memory cannot be shared with a thread. The folder exists only once an entry is written
   * (writeEntry makes it): a build asks for the file before it knows whether its spec is large
   * enough to be checked in a thread. Gone with dispose().
   */
  entryFor(stage: string, key: string): string {
    this.scratch ??= path.join(os.tmpdir(), `docsgen-serve-${process.pid}-${crypto.randomBytes(6).toString('hex')}`);
    return path.join(this.scratch, `${stage}-${key}`);
  }

  /** Removes entryFor's folder (the server stops). */
  dispose(): void {
    if (this.scratch !== undefined) fs.rmSync(this.scratch, { recursive: true, force: true });
    this.scratch = undefined;
  }

  /** How many entries it holds (tests, and the bench's memory figures). */
  get size(): number {
    let size = 0;
    for (const entries of this.stages.values()) size += entries.size;
    return size;
  }

  finish(): void {
    this.told = [];
    for (const [stage, entries] of this.stages) {
      if (this.kept.has(stage)) continue;
      for (const [key, entry] of entries) {
        if (entry.used) entry.used = false;
        else entries.delete(key);
      }
    }
    this.kept.clear();
    for (const [file, names] of this.readFrom) {
      const kept = names.filter(([stage, key]) => this.stages.get(stage)?.has(key));
      if (kept.length === 0) this.readFrom.delete(file);
      else this.readFrom.set(file, kept);
    }
  }
}
