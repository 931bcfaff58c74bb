// The memo on disk: `docsgen build`'s cache between runs (`.docsgen/cache/` in the project, or
// `--cache-dir`). One file per entry, `<stage>/<first two hex digits>/<key>`, holding the value
// (v8.serialize) behind a checksum (CRC-32: a third of SHA-1's time on a large site's pages): an entry cut short, edited or written by another machine's
// Node is a miss, never a wrong page. Entries are written to a temporary name and renamed, so
// two builds sharing the folder never read half an entry. The folder carries a marker naming the
// engine that wrote it (cache/engine.ts): another engine's entries are removed, not read.
// A file entry (FileEntry) holds bytes as they are, with its size and checksum in an ordinary
// entry beside it: a page's HTML and Markdown copy, which the output's pages are hard links to, so
// that a build from the cache does not write them again. The output's other files are kept by the
// SHA-1 of their bytes (`site-file/`, fileStore below), checked against the bytes a build makes.
//
// Render threads read and write their pages' entries themselves (render/renderWorker.ts), with
// the functions below; the main thread keeps the list of entries the build used, and removes
// the others once the build has succeeded, so the folder stays the size of one build.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import type { Logger } from '../diagnostics/logger';
import type { KeptBytes, Memo } from './memo';
import { joinPath } from '../output/insideOutput';
import { keepAs, madeAs, type FileStore, type LinkState } from '../output/reuse';

const MAGIC = Buffer.from('DGC1');
const HEADER = MAGIC.length + 4;
/** The stage of the output's files kept by their bytes (fileStore). */
const FILE_STAGE = 'site-file';
/** The marker file: which engine wrote the entries beside it. */
export const MARKER = 'docsgen-cache.json';
/** A stale temporary entry (its writer was killed) older than this is removed by the next prune. */
const STALE_TMP_MS = 60 * 60 * 1000;

/** What readEntry returns for an entry whose bytes are not what was written. */
export const CORRUPT: unique symbol = Symbol('corrupt cache entry');

export function entryFile(dir: string, stage: string, key: string): string {
  return joinPath(dir, `${stage}/${key.slice(0, 2)}/${key}`);
}

/** An entry's value; undefined when there is none; CORRUPT when it fails its checksum or cannot be read. */
export function readEntry(file: string): unknown {
  const payload = entryPayload(file);
  if (!(payload instanceof Buffer)) return payload;
  try {
    return v8.deserialize(payload);
  } catch {
    return CORRUPT;
  }
}

/** An entry's serialized value, its checksum checked (without the cost of deserializing it); undefined when there is none. */
export function entryPayload(file: string): Buffer | undefined | typeof CORRUPT {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : CORRUPT;
  }
  if (bytes.length < HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return CORRUPT;
  const payload = bytes.subarray(HEADER);
  return zlib.crc32(payload) === bytes.readUInt32BE(MAGIC.length) ? payload : CORRUPT;
}

/** Bytes read at a time to check a kept entry's checksum (keptBytes): never the whole of a 32 MB part in memory. */
const CHUNK = 1 << 20;

/**
 * An entry whose value is a Uint8Array, its checksum checked, left in its file: the descriptor
 * stays open (the caller closes it) and the bytes' place in it is given (memo.ts KeptBytes).
 * Undefined when there is none; CORRUPT as readEntry. An entry of another layout is read as
 * readEntry reads it.
 */
export function keptBytes(file: string): KeptBytes | Uint8Array | undefined | typeof CORRUPT {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : CORRUPT;
  }
  let kept: KeptBytes | undefined;
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size < HEADER) return CORRUPT;
    const chunk = Buffer.allocUnsafe(Math.min(stat.size, CHUNK));
    let crc = 0;
    let sum = -1;
    let raw = -1;
    for (let at = 0; at < stat.size; ) {
      const read = fs.readSync(fd, chunk, 0, Math.min(chunk.length, stat.size - at), at);
      if (read === 0) return CORRUPT;
      let view = chunk.subarray(0, read);
      if (at === 0) {
        if (read < HEADER || !view.subarray(0, MAGIC.length).equals(MAGIC)) return CORRUPT;
        sum = view.readUInt32BE(MAGIC.length);
        view = view.subarray(HEADER);
        raw = rawBytesAt(view, stat.size - HEADER);
      }
      crc = zlib.crc32(view, crc);
      at += read;
    }
    if (crc !== sum) return CORRUPT;
    if (raw < 0) {
      const value = readEntry(file);
      return value instanceof Uint8Array || value === CORRUPT ? value : CORRUPT;
    }
    kept = { fd, at: HEADER + raw, length: stat.size - HEADER - raw };
    return kept;
  } catch {
    return CORRUPT;
  } finally {
    if (!kept) fs.closeSync(fd);
  }
}

/** The view types (in Node's list: lib/v8.js) read back as a Uint8Array: Uint8Array and Buffer. */
const UINT8_VIEWS = new Set([1, 10]);

/**
 * Where the bytes of a serialized Uint8Array start in `head`, the start of a payload of
 * `length` bytes: Node writes a typed array as a host object (V8's version, tag `\\`, the view's
 * type, its byte length), then the bytes as they are, which end the payload. -1 for any other
 * payload (the test suite checks this Node still writes them so).
 */
export function rawBytesAt(head: Uint8Array, length: number): number {
  let at = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; at < head.length && shift < 35; shift += 7) {
      const byte = head[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return -1;
  };
  if (head[at++] !== 0xff || varint() < 0 || head[at++] !== 0x5c || !UINT8_VIEWS.has(varint())) return -1;
  const size = varint();
  return size >= 0 && at + size === length ? at : -1;
}

/** Writes an entry; false when it could not (a full disk or a read-only folder costs the next build time, not this one). */
export function writeEntry(file: string, value: unknown): boolean {
  return madeAs(file, (tmp) => {
    const payload = v8.serialize(value);
    const fd = fs.openSync(tmp, 'w');
    try {
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(zlib.crc32(payload));
      fs.writevSync(fd, [MAGIC, sum, payload]);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  });
}

/**
 * A file entry: bytes kept as they are, in a file of their own, for a caller that links them into
 * the output rather than reading and writing them again (a page's HTML: render/renderSite.ts).
 * Their size and CRC-32 go in an ordinary entry beside them, written after them.
 */
export interface FileEntry {
  size: number;
  crc: number;
}

export function isFileEntry(value: unknown): value is FileEntry {
  const v = value as FileEntry | undefined;
  return typeof v === 'object' && v !== null && Number.isInteger(v.size) && Number.isInteger(v.crc);
}

/**
 * Keeps `bytes` as the file entry `file`: linked from `written` (a file of the output that holds
 * them) when the two folders are on one file system, else written. Returns what to record of it,
 * or undefined when it could not be kept.
 */
export function writeFileEntry(file: string, bytes: Uint8Array, written: string | undefined, links: LinkState): FileEntry | undefined {
  return keepAs(file, written, links, bytes) ? { size: bytes.byteLength, crc: zlib.crc32(bytes) } : undefined;
}

/**
 * The bytes of the file entry `file`, checked against what was recorded of it: a view of `buffer`
 * (grown when too small), valid until its next use; undefined when there is none, CORRUPT when
 * they are not what was written (an output file edited in place shares them: the output's pages are hard links to them).
 */
export function readFileEntry(file: string, recorded: FileEntry, buffer: { bytes: Buffer }): Buffer | undefined | typeof CORRUPT {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : CORRUPT;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size !== recorded.size) return CORRUPT;
    if (buffer.bytes.length < stat.size) buffer.bytes = Buffer.allocUnsafeSlow(Math.max(stat.size, 2 * buffer.bytes.length));
    let at = 0;
    while (at < stat.size) {
      const read = fs.readSync(fd, buffer.bytes, at, stat.size - at, at);
      if (read === 0) return CORRUPT;
      at += read;
    }
    const bytes = buffer.bytes.subarray(0, stat.size);
    return zlib.crc32(bytes) === recorded.crc ? bytes : CORRUPT;
  } catch {
    return CORRUPT;
  } finally {
    fs.closeSync(fd);
  }
}

export class DiskMemo implements Memo {
  readonly live = false;
  /** Entries (`stage/key`) this build read or wrote: the ones prune keeps. */
  private readonly used = new Set<string>();
  /** Entries found corrupt (and made again). */
  corrupt = 0;
  /** Of those, files the output shares (pages, and the store's files) that were not what was written. */
  changedShared = 0;
  /** Entries that could not be written. */
  unwritten = 0;

  constructor(readonly dir: string) {}

  get<T>(stage: string, key: string): T | undefined {
    const value = readEntry(entryFile(this.dir, stage, key));
    if (value === CORRUPT) {
      this.corrupt++;
      return undefined;
    }
    if (value !== undefined) this.used.add(`${stage}/${key}`);
    return value as T | undefined;
  }

  getBytes(stage: string, key: string): KeptBytes | Uint8Array | undefined {
    const value = keptBytes(entryFile(this.dir, stage, key));
    if (value === CORRUPT) {
      this.corrupt++;
      return undefined;
    }
    if (value !== undefined) this.used.add(`${stage}/${key}`);
    return value;
  }

  set(stage: string, key: string, value: unknown): void {
    if (writeEntry(entryFile(this.dir, stage, key), value)) this.used.add(`${stage}/${key}`);
    else this.unwritten++;
  }

  /** Entries a render thread read or wrote. */
  use(stage: string, key: string): void {
    this.used.add(`${stage}/${key}`);
  }

  /** The file of an entry another thread reads and writes itself (readEntry, writeEntry); this build keeps it. */
  entryFor(stage: string, key: string): string {
    this.use(stage, key);
    return entryFile(this.dir, stage, key);
  }

  /** The output's files other than pages, kept by their bytes (output/reuse.ts FileStore), for the output of this build. */
  fileStore(): FileStore {
    const claimed = new Set<string>();
    return {
      fileOf: (digest) => entryFile(this.dir, FILE_STAGE, digest),
      claim: (digest) => {
        if (claimed.has(digest)) return false;
        claimed.add(digest);
        this.used.add(`${FILE_STAGE}/${digest}`);
        return true;
      },
      changed: () => {
        this.corrupt++;
        this.changedShared++;
      },
      links: {},
    };
  }

  finish(logger: Logger): void {
    if (this.corrupt > 0) logger.warn(`${this.corrupt} ${this.corrupt === 1 ? 'entry' : 'entries'} of the build cache in ${this.dir} failed ${this.corrupt === 1 ? 'its' : 'their'} checksum: made again.${sharedFiles(this.changedShared, this.corrupt)}`);
    if (this.unwritten > 0) logger.warn(`${this.unwritten} ${this.unwritten === 1 ? 'entry' : 'entries'} could not be written to the build cache in ${this.dir}: the next build makes them again.`);
    this.prune();
  }

  /** Removes every entry this build did not use. Only files named like entries are touched. */
  prune(): void {
    const now = Date.now();
    for (const stage of readDir(this.dir)) {
      const stageDir = path.join(this.dir, stage);
      if (!/^[a-z-]+$/.test(stage) || !fs.statSync(stageDir).isDirectory()) continue;
      for (const bucket of readDir(stageDir)) {
        if (!/^[0-9a-f]{2}$/.test(bucket)) continue;
        for (const name of readDir(path.join(stageDir, bucket))) {
          const file = path.join(stageDir, bucket, name);
          if (/^[0-9a-f]{40}$/.test(name)) {
            if (!this.used.has(`${stage}/${name}`)) fs.rmSync(file, { force: true });
          } else if (/^[0-9a-f]{40}\.\d+-\d+\.tmp$/.test(name)) {
            const stat = fs.statSync(file, { throwIfNoEntry: false });
            if (stat && now - stat.mtimeMs > STALE_TMP_MS) fs.rmSync(file, { force: true });
          }
        }
      }
    }
  }
}

/** Why files the output shares may have changed, when some did: the output's files are hard links to them. */
function sharedFiles(changed: number, corrupt: number): string {
  if (changed === 0) return '';
  const one = changed === 1;
  const which = changed === corrupt ? (one ? 'It is' : 'They are') : `${changed} of them ${one ? 'is' : 'are'}`;
  return ` ${which} the cache's ${one ? 'copy of a file the output shares (a hard link)' : 'copies of files the output shares (hard links)'}: a step that edits the output's files in place, rather than writing new ones, changes ${one ? 'it' : 'them'} too.`;
}

function readDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * The cache in `dir` for this engine, made when missing. Anything wrong with it (written by
 * another engine, an unreadable marker, files docsgen did not write) costs one warning and a full
 * build, never a failed one. Entries of another engine are removed only where the marker proves
 * docsgen wrote the folder; a folder without one is left alone and not used.
 */
export function openDiskMemo(dir: string, engine: string, logger: Logger, shown = dir): DiskMemo | undefined {
  const marker = path.join(dir, MARKER);
  const entries = readDir(dir);
  const fresh = () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(marker, `${JSON.stringify({ docsgenCache: 1, engine })}\n`);
    return new DiskMemo(dir);
  };
  try {
    if (entries.length === 0) {
      const made = fresh(); // said once it is made: a folder that cannot be is the one warning below
      logger.info(`No build cache in ${shown} yet: a full build, kept there for the next one.`);
      return made;
    }
    if (!entries.includes(MARKER)) {
      logger.warn(`${shown} holds files docsgen did not write: not using it as the build cache (remove it, or choose another folder with --cache-dir).`);
      return undefined;
    }
    let written: unknown;
    try {
      written = JSON.parse(fs.readFileSync(marker, 'utf8')).engine;
    } catch {
      written = undefined;
    }
    if (written === engine) return new DiskMemo(dir);
    logger.warn(written === undefined ? `The build cache in ${shown} is damaged: a full build, and a new cache.` : `The build cache in ${shown} was written by another version of docsgen: a full build, and a new cache.`);
    for (const name of entries) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    return fresh();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way of its folder' : (e as Error).message;
    logger.warn(`The build cache in ${shown} cannot be used (${why}): a full build.`);
    return undefined;
  }
}
