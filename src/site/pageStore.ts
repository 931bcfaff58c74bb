// Where a build keeps the bodies of its heavy pages (API operations and schemas) between the
// site stage that makes them and the render threads that turn them into HTML: in a temporary
// file, not in memory. On a large API the page models were most of the build's memory (about
// 36 KB of heap per operation page, all alive at once at the end of the site stage); here each
// body is stored as soon as it is made and read back by the thread that renders it, so the
// main thread holds only a small stub per page. Pages that outlive the build (serve --watch
// keeps them in its memo, for the next save, and makes the search index on request) have none.
//
// A body is kept as its JSON, UTF-8 (view models hold plain data: cache/memo.ts dataDigest). A
// build with the cache has made that JSON already, to read the body's spec links and digest it,
// so storing it costs only the encoding (0.22 s of the 7,000-page site's site stage, where V8's
// serializer took 0.66 s for bytes 1.5 times as long); JSON.parse reads a body back in about the
// time v8.deserialize took. The string is written as it is, encoded by the write: encoding it into
// a Buffer and writing that took 0.42–0.46 s of that stage, the write from the string 0.18–0.21 s.
//
// A stored page's `body` is a getter that reads the body back (the few stages that need one, such
// as the search index, get it unchanged); `pageKind` and `storedRef` answer without reading it.
//
// Bodies a build takes back from the build cache are not copied into the file: they stay in the
// cache's files (site/apiPagesMemo.ts), which the store holds open until the build ends, and a
// page's ref says which file and where. Copying them was 170 MB written on the 7,000-page site
// (a third of a second of the main thread) for bytes already on the disk. Descriptors belong to
// the process, so the render threads read through the same ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onInterrupt } from '../output/interrupt';
import { PLACEHOLDER, settlePlaceholders, type SettledLinks } from '../openapi/placeholders';
import type { PageBody, PageModel } from '../shared/viewModels';
import { digest, type KeptBytes } from '../cache/memo';

/**
 * A stored body: its place in the store (the bytes stored before it, `offset`, and its own), and
 * the API whose spec links it holds. The build cache keeps refs with their offsets counted from
 * the start of a part (site/apiPagesMemo.ts).
 */
export interface StoredRef {
  kind: PageBody['kind'];
  offset: number;
  length: number;
  /** Index of the API (in `config.apis`) whose placeholders the body holds; -1 for none. */
  api: number;
  /** Whether a string of the body may hold a placeholder (else reading it skips the walk that settles them). */
  links?: boolean;
  /** A digest of the body, when the store was asked for them (a cached build's page keys). */
  digest?: string;
}

/** A ref the store gave out: with the file its bytes are in (the store's own, or a cache file it holds open) and where. */
export interface PlacedRef extends StoredRef {
  fd: number;
  at: number;
}

/** Where a run of the store's bytes is: from `start` up to `end` (counted as `offset` is), at `at` in the file `fd`. */
interface Extent {
  start: number;
  end: number;
  fd: number;
  at: number;
}

/** Cache files held open at most: past them, adopted bytes are copied into the store's file (a descriptor per part of 128 pages; Node's processes may have 1,024). */
export const MAX_HELD = 256;

const STORED = Symbol('docsgen.stored');
/** The store's file name: a dotfile, never a page's path. */
export const STORE_FILE = '.docsgen-pages';

export class PageStore {
  readonly file: string;
  private fd: number;
  /** Bytes stored, wherever they are: the next body's `offset`. */
  private size = 0;
  /** Bytes in the store's own file. */
  private written = 0;
  private readonly extents: Extent[] = [];
  /** Cache files whose bytes were adopted as they are (adoptable): closed with the store. */
  private readonly held: number[] = [];
  /** The folder made for the store, when it was not given one. */
  private readonly ownDir?: string;
  private readonly unregister: () => void;
  /** Per API: the final hrefs of its spec links, once settled (openapi/markdown.ts). */
  readonly settled: (SettledLinks | undefined)[] = [];
  /** Told of each page once it is stored, in the order of their bodies (the build cache cuts its parts as they come: site/apiPagesMemo.ts). */
  onStored?: (page: PageModel) => void;

  /**
   * `dir`: a folder the build removes whatever happens, even after SIGKILL: the output's
   * temporary folder (output/write.ts), where the file is deleted before the folder becomes the
   * site. Without one (`build({ write: false })`), a folder of its own in the system's temp folder.
   */
  constructor(
    dir?: string,
    /** Takes what another stage needs of a page while its body is in memory (the search documents), before it is stored. */
    private readonly onPut?: (page: PageModel) => void,
    /** Keep a digest of each body (the page keys of a build with a cache: cache/pageKeys.ts). */
    private readonly digests = false,
  ) {
    if (dir === undefined) this.ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-pages-'));
    this.file = path.join(dir ?? this.ownDir!, STORE_FILE);
    this.fd = fs.openSync(this.file, 'wx+');
    this.unregister = onInterrupt(() => this.remove());
  }

  /**
   * Stores the page's body and returns the stub that stands for the page from now on. `known`:
   * the body's JSON, when the caller has it; whether it holds spec links, when the caller knows.
   */
  put(page: PageModel, api = -1, known: { json?: string; links?: boolean } = {}): PageModel {
    this.onPut?.(page);
    const json = known.json ?? JSON.stringify(page.body);
    const [at, length] = this.write(json);
    const ref: PlacedRef = { kind: page.body.kind, offset: this.size, length, api, links: api >= 0 && (known.links ?? mayHoldPlaceholder(json)), fd: this.fd, at };
    if (this.digests) ref.digest = digest(json);
    this.place(this.fd, at, length);
    const { body: _, ...rest } = page;
    const stub = this.stub(rest, ref);
    this.onStored?.(stub);
    return stub;
  }

  /** Writes at the end of the store's own file (a string as UTF-8, encoded by the write: a Buffer first took twice as long); returns where, and how many bytes. */
  private write(content: Uint8Array | string): [at: number, length: number] {
    const at = this.written;
    const length = typeof content === 'string' ? fs.writeSync(this.fd, content, at, 'utf8') : fs.writeSync(this.fd, content, 0, content.length, at);
    this.written += length;
    return [at, length];
  }

  /** The next `length` bytes of the store are at `at` in `fd`. */
  private place(fd: number, at: number, length: number): void {
    const last = this.extents.at(-1);
    if (last && last.fd === fd && last.at + (last.end - last.start) === at) last.end += length;
    else this.extents.push({ start: this.size, end: this.size + length, fd, at });
    this.size += length;
  }

  private stub(rest: Omit<PageModel, 'body'>, ref: PlacedRef): PageModel {
    return Object.defineProperties(rest as PageModel, {
      body: { enumerable: true, configurable: true, get: () => this.read(ref) },
      [STORED]: { value: ref },
    });
  }

  /** Bytes stored so far: where the next body goes. */
  get bytes(): number {
    return this.size;
  }

  /** The stored bytes from `start` to `end` (the build cache keeps a stage's bodies as they are: site/apiPagesMemo.ts). */
  bytesFrom(start: number, end = this.size): Buffer {
    const bytes = Buffer.allocUnsafe(end - start);
    for (const e of this.extents) {
      if (e.end <= start || e.start >= end) continue;
      const from = Math.max(start, e.start);
      readFully(e.fd, bytes.subarray(from - start, Math.min(end, e.end) - start), e.at + from - e.start);
    }
    return bytes;
  }

  /**
   * Bytes to adopt from a cache file the caller opened (memo.ts KeptBytes): left where they are,
   * the store closing the file when it is removed; or, once MAX_HELD files are held, read (and the
   * file closed).
   */
  adoptable(kept: KeptBytes): KeptBytes | Uint8Array {
    if (this.fd !== -1 && this.held.length < MAX_HELD) {
      this.held.push(kept.fd);
      return kept;
    }
    try {
      return readFully(kept.fd, Buffer.allocUnsafe(kept.length), kept.at);
    } finally {
      fs.closeSync(kept.fd);
    }
  }

  /**
   * Stores bodies stored before (by this or an earlier build: `bytes` is what `bytesFrom(start)`
   * gave then, in memory or left in a file the store holds (`adoptable`), and `pages` their refs
   * counted from `start`) and returns their stubs.
   */
  adopt(bytes: Uint8Array | KeptBytes, pages: readonly { stub: Omit<PageModel, 'body'>; ref: StoredRef }[], start: number): PageModel[] {
    const offset = this.size;
    const fd = bytes instanceof Uint8Array ? this.fd : bytes.fd;
    const at = bytes instanceof Uint8Array ? this.write(bytes)[0] : bytes.at;
    this.place(fd, at, bytes.length);
    const stubs = pages.map(({ stub, ref }) => this.stub(stub, { ...ref, offset: ref.offset - start + offset, fd, at: ref.offset - start + at }));
    for (const stub of stubs) this.onStored?.(stub);
    return stubs;
  }

  /** A stored body, with its spec links settled when they are. */
  read(ref: PlacedRef): PageBody {
    return this.readSettled(ref).body;
  }

  /** `read`, and the checked spec links the body shows. */
  readSettled(ref: PlacedRef): { body: PageBody; found: number[] } {
    return readBody(ref, this.settled);
  }

  /** Deletes the file (safe to call twice). */
  remove(): void {
    if (this.fd === -1) return;
    try {
      for (const fd of this.held.splice(0)) fs.closeSync(fd);
      fs.closeSync(this.fd);
    } finally {
      this.fd = -1;
      fs.rmSync(this.ownDir ?? this.file, { recursive: true, force: true });
      this.unregister();
    }
  }
}

/**
 * Reads one body from where its ref says (by the store itself, or a render thread), with its spec
 * links settled; `found`: the checked links it shows.
 */
export function readBody(ref: PlacedRef, settled: readonly (SettledLinks | undefined)[]): { body: PageBody; found: number[] } {
  const body = storedBody(readFully(ref.fd, Buffer.allocUnsafe(ref.length), ref.at));
  const links = ref.api >= 0 && ref.links !== false ? settled[ref.api] : undefined;
  return { body, found: links ? settlePlaceholders(body, links) : [] };
}

/** Fills `bytes` from `fd` at `at`: a read may return less than asked (a file cut short), which is an error here. */
function readFully(fd: number, bytes: Buffer, at: number): Buffer {
  for (let done = 0; done < bytes.length; ) {
    const read = fs.readSync(fd, bytes, done, bytes.length - done, at + done);
    if (read === 0) throw new Error(`The page store's file ended ${bytes.length - done} bytes early.`);
    done += read;
  }
  return bytes;
}

/** A ref as the build cache keeps it: its offset counted from `start` (a part's), without the place this build read it from. */
export function refFrom(ref: StoredRef, start: number): StoredRef {
  const { fd: _fd, at: _at, ...kept } = ref as PlacedRef;
  return { ...kept, offset: ref.offset - start };
}

/** `length` bytes from `offset` of bytes given to `adopt`, as they are (in memory, or left in their file). */
export function sliceOf(bytes: Uint8Array | KeptBytes, offset: number, length: number): Uint8Array | KeptBytes {
  return bytes instanceof Uint8Array ? bytes.subarray(offset, offset + length) : { fd: bytes.fd, at: bytes.at + offset, length };
}

/** A body from bytes given to `adopt`, at `offset` (spec links not settled). */
export function bodyIn(bytes: Uint8Array | KeptBytes, offset: number, length: number): PageBody {
  return storedBody(bytes instanceof Uint8Array ? bytes.subarray(offset, offset + length) : readFully(bytes.fd, Buffer.allocUnsafe(length), bytes.at + offset));
}

/** A body from its stored bytes, as it was put (spec links not settled). */
export function storedBody(bytes: Uint8Array): PageBody {
  return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as PageBody;
}

/**
 * Whether a stored body, as its JSON, may hold a spec-link placeholder. JSON writes the
 * placeholder as it is (it holds nothing JSON escapes): a body whose JSON does not hold it has
 * none. Settling walks every string of a body, which took 14 s of each render thread on Microsoft
 * Graph beta, whose pages almost never link into the guides.
 */
export function mayHoldPlaceholder(json: string): boolean {
  return json.includes(PLACEHOLDER);
}

/** The page without its body (what goes to a render thread with the ref): every field but the body getter. */
export function stubOf(page: PageModel): Omit<PageModel, 'body'> {
  const stub: Record<string, unknown> = {};
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(page))) if (key !== 'body') stub[key] = d.value;
  return stub as Omit<PageModel, 'body'>;
}

/** The ref of a stored page; undefined for a page kept in memory. */
export function storedRef(page: PageModel): PlacedRef | undefined {
  return (page as { [STORED]?: PlacedRef })[STORED];
}

/** A page's kind, without reading a stored body. */
export function pageKind(page: PageModel): PageBody['kind'] {
  return storedRef(page)?.kind ?? page.body.kind;
}
