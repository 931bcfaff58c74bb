// Where a build keeps the bodies of its heavy pages (API operations and schemas) between the
// site stage that makes them and the render threads that turn them into HTML: in a temporary
// file, not in memory. On a large API the page models were most of the build's memory (about
// 36 KB of heap per operation page, all alive at once at the end of the site stage); here each
// body is serialized as soon as it is made and read back by the thread that renders it, so the
// main thread holds only a small stub per page. Pages that outlive the build (serve --watch
// keeps them in its memo, for the next save, and makes the search index on request) have none.
//
// A stored page's `body` is a getter that reads the body back (the few stages that need one, such
// as the search index, get it unchanged); `pageKind` and `storedRef` answer without reading it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { onInterrupt } from '../output/interrupt';
import { PLACEHOLDER, settlePlaceholders, type SettledLinks } from '../openapi/placeholders';
import type { PageBody, PageModel } from '../shared/viewModels';
import { dataDigest, digest } from '../cache/memo';

/** Where a stored body is: its bytes in the store's file, and the API whose spec links it holds. */
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

const STORED = Symbol('docsgen.stored');
/** The store's file name: a dotfile, never a page's path. */
export const STORE_FILE = '.docsgen-pages';

export class PageStore {
  readonly file: string;
  private fd: number;
  private size = 0;
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
    const bytes = v8.serialize(page.body);
    fs.writeSync(this.fd, bytes, 0, bytes.length, this.size);
    const ref: StoredRef = { kind: page.body.kind, offset: this.size, length: bytes.length, api, links: api >= 0 && (known.links ?? mayHoldPlaceholder(bytes)) };
    if (this.digests) ref.digest = known.json === undefined ? dataDigest(page.body) : digest(known.json);
    this.size += bytes.length;
    const { body: _, ...rest } = page;
    const stub = this.stub(rest, ref);
    this.onStored?.(stub);
    return stub;
  }

  private stub(rest: Omit<PageModel, 'body'>, ref: StoredRef): PageModel {
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
    fs.readSync(this.fd, bytes, 0, bytes.length, start);
    return bytes;
  }

  /**
   * Stores bodies stored before (by this or an earlier build: `bytes` is what `bytesFrom(start)`
   * gave then, `refs` their places in it counted from `start`) and returns their stubs.
   */
  adopt(bytes: Uint8Array, pages: readonly { stub: Omit<PageModel, 'body'>; ref: StoredRef }[], start: number): PageModel[] {
    const offset = this.size;
    fs.writeSync(this.fd, bytes, 0, bytes.length, offset);
    this.size += bytes.length;
    const stubs = pages.map(({ stub, ref }) => this.stub(stub, { ...ref, offset: ref.offset - start + offset }));
    for (const stub of stubs) this.onStored?.(stub);
    return stubs;
  }

  /** A stored body, with its spec links settled when they are. */
  read(ref: StoredRef): PageBody {
    return this.readSettled(ref).body;
  }

  /** `read`, and the checked spec links the body shows. */
  readSettled(ref: StoredRef): { body: PageBody; found: number[] } {
    return readBody(this.fd, ref, this.settled);
  }

  /** Deletes the file (safe to call twice). */
  remove(): void {
    if (this.fd === -1) return;
    try {
      fs.closeSync(this.fd);
    } finally {
      this.fd = -1;
      fs.rmSync(this.ownDir ?? this.file, { recursive: true, force: true });
      this.unregister();
    }
  }
}

/**
 * Reads one body from a store's open file (the store itself, and each render thread with its own
 * descriptor), with its spec links settled; `found`: the checked links it shows.
 */
export function readBody(fd: number, ref: StoredRef, settled: readonly (SettledLinks | undefined)[]): { body: PageBody; found: number[] } {
  const bytes = Buffer.allocUnsafe(ref.length);
  fs.readSync(fd, bytes, 0, ref.length, ref.offset);
  const body = storedBody(bytes);
  const links = ref.api >= 0 && ref.links !== false ? settled[ref.api] : undefined;
  return { body, found: links ? settlePlaceholders(body, links) : [] };
}

/** A body from its stored bytes, as it was put (spec links not settled). */
export function storedBody(bytes: Uint8Array): PageBody {
  return v8.deserialize(bytes) as PageBody;
}

// V8 serializes a string as its Latin-1 or its UTF-16LE bytes, whole: a body whose bytes hold
// the placeholder in neither has none. Settling walks every string of a body, which took 14 s of
// each render thread on Microsoft Graph beta, whose pages almost never link into the guides.
const PLACEHOLDER_BYTES = [Buffer.from(PLACEHOLDER, 'latin1'), Buffer.from(PLACEHOLDER, 'utf16le')];

/** Whether a serialized body may hold a spec-link placeholder. */
export function mayHoldPlaceholder(bytes: Buffer): boolean {
  return PLACEHOLDER_BYTES.some((pattern) => bytes.includes(pattern));
}

/** The page without its body (what goes to a render thread with the ref): every field but the body getter. */
export function stubOf(page: PageModel): Omit<PageModel, 'body'> {
  const stub: Record<string, unknown> = {};
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(page))) if (key !== 'body') stub[key] = d.value;
  return stub as Omit<PageModel, 'body'>;
}

/** The ref of a stored page; undefined for a page kept in memory. */
export function storedRef(page: PageModel): StoredRef | undefined {
  return (page as { [STORED]?: StoredRef })[STORED];
}

/** A page's kind, without reading a stored body. */
export function pageKind(page: PageModel): PageBody['kind'] {
  return storedRef(page)?.kind ?? page.body.kind;
}
