// A file of the new output that is byte for byte the file the replaced output has at the same
// place is linked from there, not written again. The replaced output is removed once the new one
// is swapped in (write.ts), so the link leaves the new file the only name of its bytes: nothing
// is shared with any other folder. Linking skips writing the bytes, most of a rebuild's work for
// the kernel (a 7,000-page site's 23,000 files: 5.8–6.5 s written, 1.4–2.2 s linked, 3.1 s read,
// compared and linked; BENCHMARKS.md).
//
// Only a regular file with no other name is linked, opened without following a link and without
// waiting on a pipe, so a file the user swapped in there is written over, never shared or read
// from elsewhere; the guard (guard.ts) has already refused or emptied a folder holding anything
// docsgen did not write.
//
// A build with the cache also has a FileStore: files kept by their bytes' SHA-1 (the cache's
// `site-file` entries). A file whose bytes the store holds is linked from it, checked byte for byte
// first; one written is linked into it for the next build. So a CI job that restores the cache into
// a fresh checkout links the search index's files and the Markdown copies instead of writing them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** Per thread: whether linking failed for good (another file system, one without hard links), so later files are written at once. */
export interface LinkState {
  unlinkable?: boolean;
}

/** Where files of earlier builds are kept by their bytes (the build cache: cache/diskMemo.ts). */
export interface FileStore {
  /** The file that holds the bytes of this SHA-1 (hex), whether or not there is one. */
  fileOf(digest: string): string;
  /**
   * Claims the bytes of this digest for one file of this build; false when another file already
   * has them. That file gets a copy of its own: two files of the output never share their bytes,
   * so a step that edits one in place does not edit the other.
   */
  claim(digest: string): boolean;
  /** A file of the store held other bytes than its name says: edited in place through an output that shared it. */
  changed(): void;
  /** Whether links into and out of the store work (another file system, one without hard links). */
  readonly links: LinkState;
}

/**
 * Writes `content` to `target`, or links it from the store when it holds those bytes, or from
 * `previous` when that file holds them. A file written is linked into the store.
 */
export function writeOrLink(target: string, content: string | Uint8Array, previous: string | undefined, state: LinkState, store?: FileStore): void {
  const digest = claimed(store, content);
  if (digest !== undefined) {
    const kept = store!.fileOf(digest);
    const found = holding(kept, content, false);
    if (found === 'same' && tryLink(kept, target, store!.links)) return;
    if (found === 'other') store!.changed();
  }
  if (!(previous !== undefined && !state.unlinkable && holding(previous, content, true) === 'same' && tryLink(previous, target, state))) fs.writeFileSync(target, content);
  if (digest !== undefined) keepAs(store!.fileOf(digest), target, store!.links);
}

/** The digest of `content` when the store is to be asked for it: one that links, and bytes no other file of the build has. */
function claimed(store: FileStore | undefined, content: string | Uint8Array): string | undefined {
  if (store === undefined || store.links.unlinkable) return undefined;
  const digest = crypto.createHash('sha1').update(content).digest('hex');
  return store.claim(digest) ? digest : undefined;
}

/** The temporary name a cache file is written under by this thread (the cache's prune knows its shape). */
const tempName = (file: string) => `${file}.${process.pid}-${threadId}.tmp`;

/**
 * The cache's folders this thread made or found: one per stage and first byte of a key, so all
 * but the first of a folder's files skip the `mkdir` (three per page for a build filling the
 * cache, each a call into the file system). Forgotten when a file in it could not be made.
 */
const cacheFolders = new Set<string>();

/**
 * Makes the cache's file `file` by `make(tmp)` under its temporary name, then renames it, so a
 * build reading `file` never sees half of it. False when `make` says it made nothing or anything
 * fails (a full disk, a read-only cache): never throws, since a cache that cannot be written
 * never fails a build. A killed build's leftover of the temporary name may be a link to its
 * output: it is removed first, never written through.
 */
export function madeAs(file: string, make: (tmp: string) => boolean): boolean {
  const tmp = tempName(file);
  const folder = path.dirname(file);
  try {
    if (!cacheFolders.has(folder)) fs.mkdirSync(folder, { recursive: true });
    cacheFolders.add(folder);
    removeFile(tmp);
    if (!make(tmp)) return false;
    fs.renameSync(tmp, file);
    return true;
  } catch {
    cacheFolders.delete(folder);
    try {
      removeFile(tmp);
    } catch {
      // Left for the cache's prune.
    }
    return false;
  }
}

/** Removes the file (or link) `file` if there is one; `rm` would look at it first and run a JavaScript walk for each call. */
function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Gives the file `written` the name `file` too (a file of the cache): a hard link, or where it
 * cannot be linked, `bytes` written there, when given. False when `file` was not made.
 *
 * A link is whole the moment it exists, so it is made under its own name at once, into a folder
 * this thread knows: the temporary name and its rename (two more changes to the disk's folders,
 * which a build filling the cache made for two files of each page) only when the name is taken
 * (another build's file, or a killed one's), which madeAs replaces.
 */
export function keepAs(file: string, written: string | undefined, links: LinkState, bytes?: Uint8Array): boolean {
  if (written !== undefined && cacheFolders.has(path.dirname(file)) && tryLink(written, file, links)) return true;
  return madeAs(file, (tmp) => {
    if (written !== undefined && tryLink(written, tmp, links)) return true;
    if (bytes === undefined) return false;
    fs.writeFileSync(tmp, bytes);
    return true;
  });
}

/** Links `from` as `to`; false when it cannot, and `state` then says whether any later link could. */
export function tryLink(from: string, to: string, state: LinkState): boolean {
  if (state.unlinkable) return false;
  try {
    fs.linkSync(from, to);
    return true;
  } catch (e) {
    if (PERMANENT.has((e as NodeJS.ErrnoException).code ?? '')) state.unlinkable = true;
    return false;
  }
}

/** Errors that every later link would meet too. */
const PERMANENT = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Opened without following a link, and without waiting for a writer when it is a pipe. */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;

/**
 * What a file holds against `content`: the same bytes (`same`), a regular file with others
 * (`other`), or nothing that may be linked: missing, a link, a pipe, or, with `oneName`, a file
 * with another name besides (`none`).
 */
type Holding = 'same' | 'other' | 'none';

/** What a file of these stats holds before its bytes are read: `other` for a regular file of another size. */
const byStat = (stat: fs.Stats, content: string | Uint8Array, oneName: boolean): Holding | undefined =>
  !stat.isFile() || (oneName && stat.nlink !== 1) ? 'none' : stat.size !== (typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength) ? 'other' : undefined;
const bytesOf = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.from(content) : content);

/**
 * Files are compared a chunk at a time, and given up at the first that differs: after a text
 * edit every page differs from its old copy, in the search index's hash about 4 KB into a 160 KB
 * page, so the 7,000-page site reads about 110 MB of its old output instead of 600 MB (from the
 * disk, when the old pages are no longer in the page cache), into one buffer per file at most
 * 16 KB long rather than one as long as the page.
 */
const CHUNK = 16 * 1024;
const sameBytes = (chunk: Buffer, length: number, bytes: Uint8Array, at: number) => chunk.subarray(0, length).equals(bytes.subarray(at, at + length));

/** What `file` holds against `content` (see Holding). */
function holding(file: string, content: string | Uint8Array, oneName: boolean): Holding {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch {
    return 'none';
  }
  try {
    const known = byStat(fs.fstatSync(fd), content, oneName);
    if (known) return known;
    const bytes = bytesOf(content);
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, bytes.byteLength));
    for (let at = 0; at < bytes.byteLength; ) {
      const read = fs.readSync(fd, chunk, 0, Math.min(chunk.length, bytes.byteLength - at), at);
      if (read === 0 || !sameBytes(chunk, read, bytes, at)) return 'other';
      at += read;
    }
    return 'same';
  } catch {
    return 'none';
  } finally {
    fs.closeSync(fd);
  }
}
