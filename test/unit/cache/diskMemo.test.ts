// The build cache's folder (src/cache/diskMemo.ts): a damaged entry is a miss, never a wrong
// value; another engine's entries are removed only where docsgen's marker is; a folder docsgen
// did not write is never used nor touched; a build keeps only the entries it used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { CORRUPT, DiskMemo, entryFile, MARKER, openDiskMemo, rawBytesAt, readEntry, writeEntry } from '../../../src/cache/diskMemo';
import type { KeptBytes } from '../../../src/cache/memo';
import { dataDigest, digest } from '../../../src/cache/memo';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { withHashedUrls } from '../../../src/render/renderSite';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-memo-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const key = (n: number) => digest(`entry ${n}`);

describe('entries', () => {
  it('give back what was stored, and nothing for a key never stored', () => {
    const memo = new DiskMemo(dir);
    memo.set('page', key(1), { html: new Uint8Array([60, 112, 62]), ids: ['a'] });
    expect(memo.get('page', key(1))).toEqual({ html: new Uint8Array([60, 112, 62]), ids: ['a'] });
    expect(memo.get('page', key(2))).toBeUndefined();
    expect(memo.corrupt).toBe(0);
  });

  it('is a miss, counted as corrupt, when a byte changed or the file was cut short', () => {
    const memo = new DiskMemo(dir);
    memo.set('page', key(1), { text: 'x'.repeat(1000) });
    memo.set('page', key(2), { text: 'y'.repeat(1000) });
    const flipped = entryFile(dir, 'page', key(1));
    const bytes = fs.readFileSync(flipped);
    bytes[bytes.length - 10] ^= 1;
    fs.writeFileSync(flipped, bytes);
    fs.truncateSync(entryFile(dir, 'page', key(2)), 100);
    expect(readEntry(flipped)).toBe(CORRUPT);
    expect(memo.get('page', key(1))).toBeUndefined();
    expect(memo.get('page', key(2))).toBeUndefined();
    expect(memo.corrupt).toBe(2);
  });

  it('leaves no temporary file behind, and reports a write that failed instead of throwing', () => {
    const file = entryFile(dir, 'page', key(1));
    expect(writeEntry(file, 'value')).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual([key(1)]);
    fs.writeFileSync(path.join(dir, 'blocker'), '');
    expect(writeEntry(path.join(dir, 'blocker', 'page', key(2)), 'value')).toBe(false);
  });
});

describe('bytes left in their entry (getBytes)', () => {
  // The API pages' bodies are read from the cache's files where they are (site/pageStore.ts), so
  // where a Uint8Array's bytes lie in V8's serialization must be found exactly in this Node.
  it("finds a serialized Uint8Array's bytes at the end of its payload, whatever its length, and nothing in other values", () => {
    for (const length of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000, 3_000_000]) {
      const bytes = Buffer.allocUnsafe(length).map((_, i) => (i * 7 + length) & 0xff);
      for (const value of [bytes, new Uint8Array(bytes), bytes.subarray(1)]) {
        const payload = v8.serialize(value);
        const at = rawBytesAt(payload.subarray(0, 64), payload.length);
        expect(at, `${length} bytes`).toBeGreaterThan(0);
        expect(Buffer.compare(payload.subarray(at), value)).toBe(0);
      }
    }
    for (const value of ['text', { bytes: new Uint8Array(4) }, [new Uint8Array(4)], new Uint16Array(4)]) {
      const payload = v8.serialize(value);
      expect(rawBytesAt(payload, payload.length), JSON.stringify(value)).toBe(-1);
    }
    // A payload cut short or run on is not one either.
    const payload = v8.serialize(new Uint8Array(10));
    expect(rawBytesAt(payload, payload.length + 1)).toBe(-1);
    expect(rawBytesAt(payload, payload.length - 1)).toBe(-1);
  });

  it('gives an open file and the place of the bytes, checked first: a changed byte anywhere, a cut, or another value is a miss', () => {
    const memo = new DiskMemo(dir);
    const bytes = Buffer.alloc(3 << 20).map((_, i) => i % 251);
    memo.set('api-bodies', key(1), bytes);
    const kept = memo.getBytes('api-bodies', key(1)) as KeptBytes;
    try {
      expect(kept.length).toBe(bytes.length);
      const read = Buffer.alloc(kept.length);
      fs.readSync(kept.fd, read, 0, kept.length, kept.at);
      expect(read.equals(bytes)).toBe(true);
    } finally {
      fs.closeSync(kept.fd);
    }
    expect(memo.getBytes('api-bodies', key(2))).toBeUndefined();

    // A byte changed past the first chunk read, and a file cut short: corrupt, counted, no descriptor left open.
    const file = entryFile(dir, 'api-bodies', key(1));
    const stored = fs.readFileSync(file);
    const flipped = Buffer.from(stored);
    flipped[stored.length - 5] ^= 1;
    const opened = fs.readdirSync('/proc/self/fd').length;
    for (const damaged of [flipped, stored.subarray(0, stored.length - 5), stored.subarray(0, 6)]) {
      fs.writeFileSync(file, damaged);
      expect(memo.getBytes('api-bodies', key(1))).toBeUndefined();
    }
    expect(memo.corrupt).toBe(3);
    expect(fs.readdirSync('/proc/self/fd').length).toBe(opened);

    // An entry holding another value than bytes is read as get() reads it: not bytes, so corrupt.
    memo.set('api-bodies', key(3), { not: 'bytes' });
    expect(memo.getBytes('api-bodies', key(3))).toBeUndefined();
    expect(memo.corrupt).toBe(4);
  });
});

describe('the folder', () => {
  const engine = 'engine-a';

  it('is made with its marker when missing, and says so on one line', () => {
    const logger = createMemoryLogger();
    const memo = openDiskMemo(path.join(dir, 'cache'), engine, logger);
    expect(memo).toBeDefined();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'cache', MARKER), 'utf8')).engine).toBe(engine);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatch(/No build cache in .* yet/);
  });

  it("another engine's entries are removed with one warning; the same engine's are kept without a word", () => {
    const cache = path.join(dir, 'cache');
    openDiskMemo(cache, engine, createMemoryLogger())!.set('page', key(1), 'old page');
    const same = createMemoryLogger();
    expect(openDiskMemo(cache, engine, same)!.get('page', key(1))).toBe('old page');
    expect(same.lines).toEqual([]);
    const other = createMemoryLogger();
    const memo = openDiskMemo(cache, 'engine-b', other)!;
    expect(other.lines).toHaveLength(1);
    expect(other.lines[0]).toMatch(/written by another version of docsgen: a full build/);
    expect(memo.get('page', key(1))).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(path.join(cache, MARKER), 'utf8')).engine).toBe('engine-b');
  });

  it('a damaged marker is a warning and a new cache', () => {
    const cache = path.join(dir, 'cache');
    openDiskMemo(cache, engine, createMemoryLogger())!.set('page', key(1), 'old page');
    fs.writeFileSync(path.join(cache, MARKER), '{"engine": ');
    const logger = createMemoryLogger();
    expect(openDiskMemo(cache, engine, logger)!.get('page', key(1))).toBeUndefined();
    expect(logger.lines).toEqual([expect.stringMatching(/is damaged: a full build, and a new cache/)]);
  });

  it('a file where the folder would be is one warning, and left as it was', () => {
    for (const cache of [path.join(dir, 'a-file'), path.join(dir, 'a-file', 'cache')]) {
      fs.writeFileSync(path.join(dir, 'a-file'), 'mine');
      const logger = createMemoryLogger();
      expect(openDiskMemo(cache, engine, logger)).toBeUndefined();
      expect(logger.lines).toEqual([expect.stringMatching(/cannot be used \(a file is in the way of its folder\): a full build/)]);
      expect(fs.readFileSync(path.join(dir, 'a-file'), 'utf8')).toBe('mine');
    }
  });

  it('a folder docsgen did not write is neither used nor touched', () => {
    const mine = path.join(dir, 'notes');
    fs.mkdirSync(mine);
    fs.writeFileSync(path.join(mine, 'todo.txt'), 'keep me');
    const logger = createMemoryLogger();
    expect(openDiskMemo(mine, engine, logger)).toBeUndefined();
    expect(logger.lines).toEqual([expect.stringMatching(/holds files docsgen did not write: not using it/)]);
    expect(fs.readdirSync(mine)).toEqual(['todo.txt']);
    expect(fs.readFileSync(path.join(mine, 'todo.txt'), 'utf8')).toBe('keep me');
  });

  it('prune keeps the entries a build used (read, written, or reported by a render thread) and removes the rest, and only entries', () => {
    const cache = path.join(dir, 'cache');
    const first = openDiskMemo(cache, engine, createMemoryLogger())!;
    for (const n of [1, 2, 3, 4]) first.set('page', key(n), `page ${n}`);
    fs.writeFileSync(path.join(cache, 'README.txt'), 'not an entry');
    const second = openDiskMemo(cache, engine, createMemoryLogger())!;
    second.get('page', key(1));
    second.set('guides', key(5), 'table');
    second.use('page', key(3));
    second.prune();
    const third = new DiskMemo(cache);
    expect([1, 2, 3, 4].map((n) => third.get('page', key(n)))).toEqual(['page 1', undefined, 'page 3', undefined]);
    expect(third.get('guides', key(5))).toBe('table');
    expect(fs.readFileSync(path.join(cache, 'README.txt'), 'utf8')).toBe('not an entry');
    expect(fs.existsSync(path.join(cache, MARKER))).toBe(true);
  });
});

describe('keys', () => {
  it('differ when any part differs, also where a part boundary moves', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
    expect(digest('a')).toBe(digest('a'));
    expect(dataDigest({ a: 1, b: [1, 2] })).toBe(dataDigest({ a: 1, b: [1, 2] }));
    expect(dataDigest({ a: 1, b: [1, 2] })).not.toBe(dataDigest({ a: 1, b: [2, 1] }));
  });
});

describe("a reused page's content-hashed URLs", () => {
  it("are this build's, everywhere the page had its own", () => {
    const html = '<link href="/assets/style-aaaa.css"><div data-index="/search-index.1111.json"></div><a href="/assets/style-aaaa.css">css</a>';
    const swapped = withHashedUrls(['/assets/style-aaaa.css', '/search-index.1111.json'], Buffer.from(html), ['/assets/style-bbbb.css', '/search-index.2222.json']);
    expect(swapped?.toString()).toBe('<link href="/assets/style-bbbb.css"><div data-index="/search-index.2222.json"></div><a href="/assets/style-bbbb.css">css</a>');
  });

  it('are not swapped from or to nothing (search turned on or off): the page is rendered again', () => {
    expect(withHashedUrls(['/assets/style-aaaa.css', ''], Buffer.from('<p>x</p>'), ['/assets/style-aaaa.css', '/search-index.1111.json'])).toBeUndefined();
    expect(withHashedUrls(['/assets/style-aaaa.css'], Buffer.from('<p>x</p>'), ['/assets/style-aaaa.css', '/search-index.1111.json'])).toBeUndefined();
  });
});
