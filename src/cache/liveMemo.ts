// The memo in memory: serve --watch's between saves, the same stages and keys as the build
// cache on disk (cache/diskMemo.ts). Values are kept as they are, not copied: taking one is free,
// so a stage may keep what only lives in this process (a spec's pending validation, the site's
// page models, which the next save finds again by identity). What a stage read from a file may
// be kept under the file's path: the watcher says which files changed, and their entries go.
// (Checking every file's time instead cost more than the rest of a save on a large site.) Each
// successful build drops the entries it did not use, so hundreds of saves hold one build's worth.
import type { Memo } from './memo';

export class LiveMemo implements Memo {
  readonly live = true;
  private readonly entries = new Map<string, { value: unknown; used: boolean }>();
  /** File → the entries read from it. */
  private readonly readFrom = new Map<string, Set<string>>();

  get<T>(stage: string, key: string): T | undefined {
    const entry = this.entries.get(`${stage}/${key}`);
    if (entry) entry.used = true;
    return entry?.value as T | undefined;
  }

  set(stage: string, key: string, value: unknown, files: readonly string[] = []): void {
    const name = `${stage}/${key}`;
    this.entries.set(name, { value, used: true });
    for (const file of files) {
      let names = this.readFrom.get(file);
      if (!names) this.readFrom.set(file, (names = new Set()));
      names.add(name);
    }
  }

  /** These files changed (or went): what was read from them is dropped. */
  changed(files: Iterable<string>): void {
    for (const file of files) {
      for (const name of this.readFrom.get(file) ?? []) this.entries.delete(name);
      this.readFrom.delete(file);
    }
  }

  use(stage: string, key: string): void {
    const entry = this.entries.get(`${stage}/${key}`);
    if (entry) entry.used = true;
  }

  /** How many entries it holds (tests, and the bench's memory figures). */
  get size(): number {
    return this.entries.size;
  }

  finish(): void {
    for (const [name, entry] of this.entries) {
      if (entry.used) entry.used = false;
      else this.entries.delete(name);
    }
    for (const [file, names] of this.readFrom) {
      for (const name of names) if (!this.entries.has(name)) names.delete(name);
      if (names.size === 0) this.readFrom.delete(file);
    }
  }
}
