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
import fs from 'node:fs';

/** Per thread: whether linking failed for good (another file system, one without hard links), so later files are written at once. */
export interface LinkState {
  unlinkable?: boolean;
}

/** Writes `content` to `target`, or links it from `previous` when that file holds exactly those bytes. */
export function writeOrLink(target: string, content: string | Uint8Array, previous: string | undefined, state: LinkState): void {
  if (previous !== undefined && !state.unlinkable && holds(previous, content) && tryLink(previous, target, state)) return;
  fs.writeFileSync(target, content);
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

/** writeOrLink without blocking the thread: the search index's files, written while the render threads start. */
export async function writeOrLinkSoon(target: string, content: string | Uint8Array, previous: string | undefined, state: LinkState): Promise<void> {
  if (previous !== undefined && !state.unlinkable && (await holdsSoon(previous, content))) {
    try {
      await fs.promises.link(previous, target);
      return;
    } catch (e) {
      if (PERMANENT.has((e as NodeJS.ErrnoException).code ?? '')) state.unlinkable = true;
    }
  }
  await fs.promises.writeFile(target, content);
}

/** Errors that every later link would meet too. */
const PERMANENT = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Opened without following a link, and without waiting for a writer when it is a pipe. */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;

/** Whether a file of these stats may be linked to hold `content`: a regular file with one name and its size. */
const linkable = (stat: fs.Stats, content: string | Uint8Array) => stat.isFile() && stat.nlink === 1 && stat.size === (typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength);
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

/** Whether `file` is a regular file with one name whose bytes are `content`. */
export function holds(file: string, content: string | Uint8Array): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch {
    return false;
  }
  try {
    if (!linkable(fs.fstatSync(fd), content)) return false;
    const bytes = bytesOf(content);
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, bytes.byteLength));
    for (let at = 0; at < bytes.byteLength; ) {
      const read = fs.readSync(fd, chunk, 0, Math.min(chunk.length, bytes.byteLength - at), at);
      if (read === 0 || !sameBytes(chunk, read, bytes, at)) return false;
      at += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

async function holdsSoon(file: string, content: string | Uint8Array): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, OPEN_FLAGS);
  } catch {
    return false;
  }
  try {
    if (!linkable(await handle.stat(), content)) return false;
    const bytes = bytesOf(content);
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, bytes.byteLength));
    for (let at = 0; at < bytes.byteLength; ) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, bytes.byteLength - at), at);
      if (bytesRead === 0 || !sameBytes(chunk, bytesRead, bytes, at)) return false;
      at += bytesRead;
    }
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}
