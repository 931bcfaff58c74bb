// The build cache's folder (src/cache/diskMemo.ts): a damaged entry is a miss, never a wrong
// value; another engine's entries are removed only where docsgen's marker is; a folder docsgen
// did not write is never used nor touched; a build keeps only the entries it used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORRUPT, DiskMemo, entryFile, MARKER, openDiskMemo, readEntry, writeEntry } from '../../../src/cache/diskMemo';
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
