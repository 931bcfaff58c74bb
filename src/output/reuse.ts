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
  if (previous !== undefined && !state.unlinkable && holds(previous, content)) {
    try {
      fs.linkSync(previous, target);
      return;
    } catch (e) {
      if (PERMANENT.has((e as NodeJS.ErrnoException).code ?? '')) state.unlinkable = true;
    }
  }
  fs.writeFileSync(target, content);
}

/** Errors that every later link would meet too. */
const PERMANENT = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Whether `file` is a regular file with one name whose bytes are `content`. */
export function holds(file: string, content: string | Uint8Array): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.nlink !== 1 || stat.size !== (typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength)) return false;
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    const old = Buffer.allocUnsafe(bytes.byteLength);
    for (let at = 0; at < old.length; ) {
      const read = fs.readSync(fd, old, at, old.length - at, at);
      if (read === 0) return false;
      at += read;
    }
    return old.equals(bytes);
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}
