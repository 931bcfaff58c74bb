// The search stage with the build's memo (src/search/indexMemo.ts): whatever the memo holds, the
// index files are exactly those built without one; a build with unchanged documents makes
// nothing, and a build where one document changed analyses only that document's group of pages.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Memo } from '../../src/cache/memo';
import { buildSearchIndex, searchIndexSteps, type BuiltSearchIndex } from '../../src/search/buildIndex';
import { searchDocuments, searchDocumentTable, type SearchDocument } from '../../src/search/documents';
import { documentKeys } from '../../src/search/indexMemo';
import { integerColumns } from '../../src/search/indexPatch';
import { pageColumns, TableBuilder, titleKeysOf, type PageColumns } from '../../src/search/table';
import { searchFileText } from '../../src/search/shards';
import type { PageModel } from '../../src/shared/viewModels';
import { SearchDocumentType } from '../../src/shared/search/types';
import { buildFiles, configSource } from '../helpers/fixture';
import { shippedPages } from './site';

/** A memo in a Map, its values copied through V8's serialization as the disk memo's are; counts what each stage read and wrote. */
class CountingMemo implements Memo {
  readonly live = false;
  readonly entries = new Map<string, Buffer>();
  hits: Record<string, number> = {};
  misses: Record<string, number> = {};
  sets: Record<string, number> = {};
  written: { stage: string; value: unknown }[] = [];

  get<T>(stage: string, key: string): T | undefined {
    const bytes = this.entries.get(`${stage}/${key}`);
    const counts = bytes ? this.hits : this.misses;
    counts[stage] = (counts[stage] ?? 0) + 1;
    return bytes && (v8.deserialize(bytes) as T);
  }

  set(stage: string, key: string, value: unknown): void {
    this.sets[stage] = (this.sets[stage] ?? 0) + 1;
    this.written.push({ stage, value });
    this.entries.set(`${stage}/${key}`, v8.serialize(value));
  }

  use(): void {}

  finish(): void {}

  /** Forgets the counts, keeps the entries: the next build. */
  next(): this {
    this.hits = {};
    this.misses = {};
    this.sets = {};
    this.written = [];
    return this;
  }
}

const WORDS = 'boundary parcel zoning permit owner assessment tax district school flood map layer query filter page cursor token webhook retry limit region county city street address ünïcode データ'.split(' ');
// 512 made-up words and two of other scripts: each word is in a few pages' documents, as in real
// pages, so that one page's edit touches a small part of the index's postings (indexPatch.ts).
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo'];
const VARIED = [...SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => a + b + c))), 'ünïcode', 'データ'];

/** `pages` pages of documents, each page's words picked from `words` by a fixed rule from its number. */
function documents(pages: number, words = WORDS): SearchDocument[] {
  const docs: SearchDocument[] = [];
  let id = 1;
  const text = (seed: number, n: number) => Array.from({ length: n }, (_, k) => words[(seed * 7 + k * 3 + (seed % 5) * k) % words.length]).join(' ');
  for (let page = 0; page < pages; page++) {
    const p = id++;
    const url = `/guides/page-${page}`;
    const base = { p, url, breadcrumb: 'Guides › Generated', pageTitle: `Page ${page}` };
    docs.push({ ...base, type: SearchDocumentType.Title, i: p, t: `Page ${page} ${text(page, 2)}`, anchor: '' });
    docs.push({ ...base, type: SearchDocumentType.Description, i: p, t: `About ${text(page + 1, 6)}`, anchor: '' });
    docs.push({ ...base, type: SearchDocumentType.Content, i: p, t: text(page + 2, 12), anchor: '' });
    for (let s = 0; s < 2; s++) {
      const h = id++;
      const heading: SearchDocument = { ...base, type: SearchDocumentType.Heading, i: h, t: text(page + s, 2), anchor: `section-${s}` };
      if (s === 1) heading.section = 'Response 200 › data';
      docs.push(heading, { ...base, type: SearchDocumentType.Content, i: h, t: text(page * 3 + s, 20), anchor: '' });
    }
  }
  return docs;
}

/** Every file of an index: its name → its text. */
function files(index: BuiltSearchIndex): Map<string, string> {
  return new Map([[index.fileName, index.content], ...[...index.files].map(([name, content]): [string, string] => [name, searchFileText(content)])]);
}

const PAGES = 600;
// Sharded above 10 pages, single file otherwise.
const SHARDED = { shardAbovePages: 10 };

describe('search index with a memo', () => {
  const docs = documents(PAGES);
  const cold = files(buildSearchIndex(docs, SHARDED));

  it('writes the same files cold, warm, and warm after one document changed, and analyses only the changed group again', () => {
    const memo = new CountingMemo();
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo }))).toEqual(cold);
    const groups = memo.sets['search-terms'];
    expect(groups).toBeGreaterThan(3); // 600 pages are several groups
    expect(memo.sets['search-fragments']).toBe(groups);

    // Nothing changed: the whole index is taken from the memo, nothing is analysed or written.
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(cold);
    expect(memo.misses).toEqual({});
    expect(memo.sets).toEqual({});

    // One Content document of page 300 changed: one group analysed again, the others taken.
    const edited = docs.map((d) => (d.p === docs.find((t) => t.t.startsWith('Page 300 '))!.i && d.type === SearchDocumentType.Content && d.i === d.p ? { ...d, t: `${d.t} freshly edited sentence` } : d));
    const editedCold = files(buildSearchIndex(edited, SHARDED));
    expect(editedCold).not.toEqual(cold);
    expect(files(buildSearchIndex(edited, { ...SHARDED, memo: memo.next() }))).toEqual(editedCold);
    expect(memo.sets['search-terms']).toBe(1);
    // The index is patched from the last one (indexPatch.ts): only the page's old group is read.
    expect(memo.hits['search-terms']).toBe(1);
    // Its pages' fragments made again, the other groups' taken; the index's own entry holds none of them.
    expect(memo.sets['search-fragments']).toBe(1);
    expect(memo.hits['search-fragments']).toBe(groups - 1);
    const indexBytes = memo.written.filter((w) => w.stage === 'search-index' && w.value instanceof Uint8Array).reduce((n, w) => n + (w.value as Uint8Array).length, 0);
    const fragmentNames = [...editedCold.keys()].filter((name) => name.includes('/f/'));
    expect(fragmentNames.length).toBe(PAGES);
    expect(indexBytes).toBeLessThanOrEqual([...editedCold].reduce((n, [name, text]) => n + (name.includes('/f/') ? 0 : Buffer.byteLength(text)), 0));
    // The group analysed holds far fewer documents than the site.
    const analysed = memo.written.find((w) => w.stage === 'search-terms')!.value as { offsets: Int32Array };
    expect(analysed.offsets.length).toBeLessThan(docs.length / 3);
    expect(memo.sets['search-index']).toBeGreaterThan(0);
  });

  it('rebuilds when a stored field other than the text changes (a heading anchor, a title URL, a field context)', () => {
    const memo = new CountingMemo();
    buildSearchIndex(docs, { ...SHARDED, memo });
    const changes: ((d: SearchDocument) => SearchDocument)[] = [
      (d) => (d.type === SearchDocumentType.Heading && d.anchor === 'section-0' && d.p === 1 ? { ...d, anchor: 'renamed' } : d),
      (d) => (d.type === SearchDocumentType.Title && d.i === 1 ? { ...d, url: '/guides/moved' } : d),
      (d) => (d.type === SearchDocumentType.Heading && d.section && d.p === 1 ? { ...d, section: 'Response 404 › data' } : d),
    ];
    for (const change of changes) {
      const changed = docs.map(change);
      const expected = files(buildSearchIndex(changed, SHARDED));
      expect(expected).not.toEqual(cold);
      expect(files(buildSearchIndex(changed, { ...SHARDED, memo: memo.next() }))).toEqual(expected);
      // Not this index's entry: the last build's, to patch (its head and its part).
      expect(memo.misses['search-index']).toBe(1);
      // The texts are the same, so no group is analysed again; page 1's group's fragments are made again.
      expect(memo.sets['search-terms']).toBeUndefined();
      expect(memo.sets['search-fragments']).toBe(1);
    }
  });

  it('keeps the single-file index of a small site the same way', () => {
    const small = documents(5);
    const expected = files(buildSearchIndex(small));
    expect([...expected.keys()]).toEqual(['search-index.json']);
    const memo = new CountingMemo();
    expect(files(buildSearchIndex(small, { memo }))).toEqual(expected);
    expect(files(buildSearchIndex(small, { memo: memo.next() }))).toEqual(expected);
    expect(memo.misses).toEqual({});
    expect(memo.sets).toEqual({});
  });

  it('makes the index again when an entry holds something else', () => {
    const memo = new CountingMemo();
    buildSearchIndex(docs, { ...SHARDED, memo });
    for (const key of memo.entries.keys()) memo.entries.set(key, v8.serialize({ unexpected: true }));
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(cold);
    expect(memo.sets['search-index']).toBeGreaterThan(0);
  });
  it("makes the index again when a group's fragments are missing from the memo, and only that group's fragments", () => {
    const memo = new CountingMemo();
    buildSearchIndex(docs, { ...SHARDED, memo });
    const groups = [...memo.entries.keys()].filter((key) => key.startsWith('search-fragments/'));
    expect(groups.length).toBeGreaterThan(3);
    memo.entries.delete(groups[1]);
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(cold);
    expect(memo.sets['search-fragments']).toBe(1);
    expect(memo.sets['search-terms']).toBeUndefined();
  });

  it('makes the index again when a part of it is missing from the memo', () => {
    const memo = new CountingMemo();
    buildSearchIndex(docs, { ...SHARDED, memo });
    // The parts are the entries holding bytes; the head is the one listing the names.
    const parts = [...memo.entries].filter(([key, bytes]) => key.startsWith('search-index/') && v8.deserialize(bytes) instanceof Uint8Array);
    expect(parts.length).toBeGreaterThan(0);
    memo.entries.delete(parts[0][0]);
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(cold);
    expect(memo.sets['search-index']).toBeGreaterThan(0);
  });
});

describe('search index patched from the last build (indexPatch.ts)', () => {
  // A word in the Content documents of pages 0–49 only: 50 documents, LONG_LIST, one more makes it a long list.
  const base = documents(PAGES, VARIED).map((d) => (d.type === SearchDocumentType.Content && d.i === d.p && d.p <= lastIdOfPage(49) ? { ...d, t: `${d.t} zephyr` } : d));
  const pageId = (page: number) => base.find((d) => d.type === SearchDocumentType.Title && d.t.startsWith(`Page ${page} `))!.i;
  /** The documents with `change` applied to those of page `page` (by its number). */
  const onPage = (docs: SearchDocument[], page: number, change: (d: SearchDocument) => SearchDocument) => docs.map((d) => (d.p === pageId(page) ? change(d) : d));
  const content = (change: (t: string) => string) => (d: SearchDocument) => (d.type === SearchDocumentType.Content ? { ...d, t: change(d.t) } : d);

  /** Builds `docs` with the memo and expects the files of a build without one; returns whether the index was patched (few groups' terms read). */
  function patched(memo: CountingMemo, docs: SearchDocument[]): boolean {
    const expected = files(buildSearchIndex(docs, SHARDED));
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(expected);
    expect(memo.sets['search-patch']).toBe(1);
    // Patched: the last build's index read back, and the terms of the changed pages' groups only
    // (three pages at most here), old and new. Made whole: every group's terms (9 groups).
    return (memo.hits['search-index'] ?? 0) > 0 && (memo.hits['search-terms'] ?? 0) + (memo.sets['search-terms'] ?? 0) <= 6;
  }

  it('writes the bytes of a build without the memo, edit after edit, each patched from the one before', () => {
    const memo = new CountingMemo();
    buildSearchIndex(base, { ...SHARDED, memo });
    expect(memo.sets['search-terms']).toBe(9);
    const zephyr = (docs: SearchDocument[]) => files(buildSearchIndex(docs, SHARDED));
    const listOf = (index: Map<string, string>) => [...index].filter(([name]) => name.includes('/s/')).map(([, text]) => JSON.parse(text) as { t: Record<string, unknown[]> }).find((shard) => shard.t.zephyr)?.t.zephyr[SearchDocumentType.Content];
    // The word's list is inline at 50 documents, a long list (a length and two files) at 51.
    expect(Array.isArray(listOf(zephyr(base)))).toBe(true);
    let docs = base;
    const steps: [string, (docs: SearchDocument[]) => SearchDocument[]][] = [
      ['a new word on one page', (d) => onPage(d, 300, content((t) => `${t} quokka`))],
      ['a word made a long list', (d) => onPage(d, 301, content((t) => `${t} zephyr`))],
      ['that word an inline list again', (d) => onPage(d, 301, content((t) => `${t.replaceAll(' zephyr', '')} dingo`))],
      ['the only use of a word removed', (d) => onPage(d, 300, content((t) => t.replaceAll(' quokka', '')))],
      ['pages in several groups, words removed and counts changed', (d) => [5, 250, 590].reduce((all, page) => onPage(all, page, content((t) => `${t.split(' ').slice(3).join(' ')} parcel parcel`)), d)],
      ['a title', (d) => onPage(d, 120, (doc) => (doc.type === SearchDocumentType.Title ? { ...doc, t: 'Page 120 Wombat survey' } : doc))],
      ['a heading without a field context', (d) => onPage(d, 121, (doc) => (doc.type === SearchDocumentType.Heading && !doc.section ? { ...doc, t: 'numbat tally' } : doc))],
      ['a document emptied, then its words back', (d) => onPage(d, 122, (doc) => (doc.type === SearchDocumentType.Description ? { ...doc, t: '' } : doc))],
      ['words that are names of every object', (d) => onPage(d, 123, content((t) => `${t} constructor hasOwnProperty toString`))],
    ];
    for (const [name, edit] of steps) {
      docs = edit(docs);
      expect([name, patched(memo, docs)]).toEqual([name, true]);
    }
    expect(Array.isArray(listOf(zephyr(docs)))).toBe(true);
    // Those words are in the index like any other.
    const shards = [...zephyr(docs)].filter(([name]) => name.includes('/s/')).map(([, text]) => JSON.parse(text) as { t: Record<string, unknown> });
    for (const word of ['constructor', 'hasownproperti', 'tostr']) expect([word, shards.some((shard) => Object.hasOwn(shard.t, word))]).toEqual([word, true]);
  });

  it('makes the index whole when a page is added, a field weight elsewhere changes, many pages change, or the last build left nothing to patch from', () => {
    const memo = new CountingMemo();
    buildSearchIndex(base, { ...SHARDED, memo });
    // A page's texts changed: patched.
    let docs = onPage(base, 200, content((t) => `${t} okapi`));
    expect(patched(memo, docs)).toBe(true);
    // Two pages' fields given the same text (and context): their weights change with it, on the pages patched.
    const fieldOf = (page: number) => (d: SearchDocument) => d.type === SearchDocumentType.Heading && !!d.section && d.p === pageId(page);
    const renamed = (page: number, text: string) => (d: SearchDocument) => (fieldOf(page)(d) ? { ...d, t: text } : d);
    docs = docs.map(renamed(201, 'kinkajou')).map(renamed(202, 'kinkajou'));
    expect(patched(memo, docs)).toBe(true);
    // One of them renamed again: the other's weight changes too, on a page that did not change.
    docs = docs.map(renamed(201, 'quagga'));
    expect(patched(memo, docs)).toBe(false);
    // Many pages changed.
    docs = docs.map(content((t) => `${t} okapi`));
    expect(patched(memo, docs)).toBe(false);
    // A page added: every later id moves.
    const next = documents(PAGES + 1, VARIED);
    docs = [...docs, ...next.filter((d) => d.p === next[next.length - 1].p)];
    expect(patched(memo, docs)).toBe(false);
    expect(patched(memo, onPage(docs, 202, content((t) => `${t} tapir`)))).toBe(true);
    // The last build's entry gone, or its index's.
    for (const [k, stage] of ['search-patch', 'search-index'].entries()) {
      for (const key of [...memo.entries.keys()]) if (key.startsWith(`${stage}/`)) memo.entries.delete(key);
      expect([stage, patched(memo, onPage(docs, 203 + k, content((t) => `${t} tapir`)))]).toEqual([stage, false]);
    }
  });
});

describe('search index patched, or made whole when that costs less', () => {
  it("makes the index whole when the changed documents' lists hold half its postings", () => {
    // 27 words, each in nearly every document: a page's lists are most of the index.
    const docs = documents(PAGES);
    const memo = new CountingMemo();
    buildSearchIndex(docs, { ...SHARDED, memo });
    const edited = docs.map((d) => (d.type === SearchDocumentType.Content && [10, 300, 550].some((page) => d.p === 3 * page + 1) ? { ...d, t: `${d.t} sentence` } : d));
    expect(files(buildSearchIndex(edited, { ...SHARDED, memo: memo.next() }))).toEqual(files(buildSearchIndex(edited, SHARDED)));
    // Made whole: every group's terms read (patched, three pages' two groups each at most).
    expect(memo.hits['search-terms']).toBeGreaterThan(6);
  });
});

describe('a patch in steps', () => {
  it('yields between the lists it makes again, so that a signal waits for one list, not all', () => {
    const docs = documents(PAGES, VARIED);
    const edited = docs.map((d) => (d.type === SearchDocumentType.Content && d.p === docs[docs.length - 1].p ? { ...d, t: `${d.t} wombat` } : d));
    /** How often the stage yields (steps.ts) building `edited`, with what `prepare` leaves in a memo that built `docs`. */
    const yields = (prepare: (memo: CountingMemo) => void) => {
      const memo = new CountingMemo();
      buildSearchIndex(docs, { ...SHARDED, memo });
      prepare(memo);
      const stage = searchIndexSteps(edited, { ...SHARDED, memo: memo.next() });
      let n = 0;
      while (!stage.next().done) n++;
      return { n, patched: (memo.hits['search-index'] ?? 0) > 0 };
    };
    const patched = yields(() => {});
    // Made whole: the memo without what a patch starts from.
    const whole = yields((memo) => [...memo.entries.keys()].filter((key) => key.startsWith('search-patch/')).forEach((key) => memo.entries.delete(key)));
    expect([patched.patched, whole.patched]).toEqual([true, false]);
    // Both yield once per page fragment; made whole, once per type; patched, once per list (the
    // last page's Content documents hold dozens of words).
    expect(patched.n).toBeGreaterThan(whole.n + 10);
  });
});

describe('several indexes in one build (a locale, a version)', () => {
  it('patches each from its own last build', () => {
    const memo = new CountingMemo();
    const site = documents(PAGES, VARIED);
    const other = documents(PAGES - 40, VARIED).map((d) => ({ ...d, url: `/fr${d.url}`, t: `${d.t} fr` }));
    const both = (a: SearchDocument[], b: SearchDocument[]) => {
      const made = [buildSearchIndex(a, { ...SHARDED, memo: memo.next() }), buildSearchIndex(b, { ...SHARDED, memo, name: 'fr/' })].map(files);
      expect(made).toEqual([files(buildSearchIndex(a, SHARDED)), files(buildSearchIndex(b, SHARDED))]);
      return memo;
    };
    both(site, other);
    const edit = (docs: SearchDocument[], word: string) => docs.map((d) => (d.type === SearchDocumentType.Content && d.p === docs[docs.length - 1].p ? { ...d, t: `${d.t} ${word}` } : d));
    // Each index read back its own last index to patch (a head and a part each). Had they shared
    // one entry, each would have found the other's, and been made whole without reading any.
    both(edit(site, 'gecko'), edit(other, 'gecko'));
    expect(memo.hits['search-index']).toBe(4);
    both(edit(site, 'marmot'), edit(other, 'marmot'));
    expect(memo.hits['search-index']).toBe(4);
  });
});

describe('integerColumns', () => {
  it('reads the columns JSON.stringify writes of arrays of integers, and nothing else', () => {
    const columns = [[1, 22, 333, 0], [], [-5, 7], [2147483647]];
    expect(integerColumns(JSON.stringify(columns))?.map((c) => Array.from(c))).toEqual(columns);
    expect(integerColumns('[]')).toEqual([]);
    for (const text of ['', '[', '[[1,2]', '[[1,,2]]', '[[1.5]]', '[[1],]', '[[1] [2]]', '[{"a":1}]', '[["1"]]', '[[1]]x']) expect([text, integerColumns(text)]).toEqual([text, undefined]);
  });
});

/** The greatest document id of page `page` of documents(): each page takes three ids. */
function lastIdOfPage(page: number): number {
  return 3 * page + 3;
}

/** The documents' pages as a build's page store makes them (pageColumns: numbered from 1, their digest and title's keys made with them). */
function pagesOf(docs: readonly SearchDocument[]): PageColumns[] {
  const starts = docs.flatMap((d, k) => (k === 0 || d.p !== docs[k - 1].p ? [k] : []));
  return starts.map((start, n) => {
    const own = docs.slice(start, starts[n + 1] ?? docs.length);
    const first = own[0].p;
    const next = n + 1 < starts.length ? docs[starts[n + 1]].p : Math.max(...own.map((d) => d.i)) + 1;
    return pageColumns(own.map((d) => ({ ...d, i: d.i - first + 1, p: 1 })), next - first, true);
  });
}

/** A table of pages made beforehand, each numbered to follow the ones before it (as the search stage adds them). */
function tableOf(pages: readonly PageColumns[]) {
  const builder = new TableBuilder();
  let next = 1;
  for (const page of pages) {
    builder.addPage(page, next - 1);
    next += page.ids;
  }
  return builder.finish();
}

describe('search index from pages made beforehand', () => {
  const docs = documents(PAGES);
  const cold = files(buildSearchIndex(docs, SHARDED));

  it('writes the files, and keys the memo, as from the same documents made in the stage', () => {
    const pages = pagesOf(docs);
    expect(pages.length).toBe(PAGES);
    expect(pages.every((p) => p.digest?.length === 40 && p.titleKeys?.[0].startsWith('Page '))).toBe(true);
    const table = tableOf(pages);
    expect(table.toArray()).toEqual(docs);
    expect(documentKeys(table, 'sharded')).toEqual(documentKeys(docs, 'sharded'));
    expect(files(buildSearchIndex(tableOf(pages), SHARDED))).toEqual(cold);
    const memo = new CountingMemo();
    expect(files(buildSearchIndex(tableOf(pages), { ...SHARDED, memo }))).toEqual(cold);
    expect(files(buildSearchIndex(docs, { ...SHARDED, memo: memo.next() }))).toEqual(cold);
    expect(memo.misses).toEqual({});
  });

  it("keys each page by the digest it was made with, and files a title under its own keys when they were made for another title", () => {
    const pages = pagesOf(docs);
    // What the digest is taken for: a page's digest of other texts gives its group another key.
    const other = pagesOf(documents(PAGES + 1))[PAGES];
    const keyed = documentKeys(tableOf(pages.map((p, n) => (n === 300 ? { ...p, digest: other.digest } : p))), 'sharded');
    const before = documentKeys(docs, 'sharded');
    expect(keyed.index).not.toBe(before.index);
    expect(keyed.groups.filter((g, n) => g.key !== before.groups[n].key)).toHaveLength(1);
    // Keys made for another title (a page whose title changed after they were made) are not used.
    const stale = pages.map((p, n) => (n === 300 ? { ...p, titleKeys: other.titleKeys } : p));
    expect(files(buildSearchIndex(tableOf(stale), SHARDED))).toEqual(cold);
  });
});

describe('search documents with a memo', () => {
  it('gives the same documents cold, warm, and after one guide changed, making only the group of that guide again', async () => {
    const { config, pages } = await shippedPages();
    const routes = config.search.routes;
    const expected = searchDocuments(pages, { routes });
    expect(expected.length).toBeGreaterThan(50);
    const memo = new CountingMemo();
    expect(searchDocuments(pages, { routes, memo })).toEqual(expected);
    expect(memo.sets['search-documents']).toBeGreaterThan(0);
    expect(searchDocuments(pages, { routes, memo: memo.next() })).toEqual(expected);
    expect(memo.sets).toEqual({});
    expect(memo.hits['search-documents']).toBeGreaterThan(0);
    // Each guide's digest and title keys, read back with its documents, are those of its texts (the other pages have none).
    const kept = searchDocumentTable(pages, { routes, memo: memo.next() });
    expect(memo.hits['search-documents']).toBeGreaterThan(0);
    expect(kept.digests.filter(Boolean).length).toBeGreaterThan(10);
    expect(documentKeys(kept, 'sharded')).toEqual(documentKeys(expected, 'sharded'));
    const titles = kept.rowsOf(SearchDocumentType.Title).filter((row) => kept.digests[kept.rowPage[row]] !== undefined);
    expect(titles.length).toBeGreaterThan(10);
    expect(Array.from(titles, (row) => kept.titleKeys[kept.rowPage[row]])).toEqual(Array.from(titles, (row) => titleKeysOf(kept.texts[row])));

    const k = pages.findIndex((p) => p.body.kind === 'doc' && p.route.startsWith('/guides/') && !p.body.doc.banner);
    const page = pages[k] as PageModel & { body: { kind: 'doc' } };
    const edited = pages.slice();
    edited[k] = { ...page, body: { ...page.body, doc: { ...page.body.doc, html: `${page.body.doc.html}<h2 id="later-notes">Later notes</h2><p>Zanzibar turnstile.</p>` } } };
    const editedExpected = searchDocuments(edited, { routes });
    expect(editedExpected.some((d) => d.t === 'Zanzibar turnstile.')).toBe(true);
    expect(searchDocuments(edited, { routes, memo: memo.next() })).toEqual(editedExpected);
    expect(memo.sets['search-documents']).toBe(1);
    // Documents taken from the memo are not changed by the build that took them.
    expect(searchDocuments(pages, { routes, memo: memo.next() })).toEqual(expected);
  });
});

describe('search documents of stored pages', () => {
  it('does not read the body of a page whose documents were made as it was stored', async () => {
    const { config, pages } = await shippedPages();
    const routes = config.search.routes;
    const k = pages.findIndex((p) => p.body.kind === 'apiOperation');
    const stub = { ...pages[k], get body(): never { throw new Error('a stored body was read'); } } as PageModel;
    const withStub = pages.map((p, j) => (j === k ? stub : p));
    const made = (page: PageModel) => (page === stub ? pageColumns([], 0) : undefined);
    const expected = searchDocuments(withStub, { routes, made });
    expect(searchDocuments(withStub, { routes, made, memo: new CountingMemo() })).toEqual(expected);
  });
});

describe('search index through build() with a cache folder', () => {
  it('a second build writes the same search index files, taken from the cache', async () => {
    const guides: Record<string, string> = {};
    for (let k = 0; k < 14; k++) guides[`content/guides/guide-${k}.md`] = `# Guide ${k}\n\nHow to query parcels in district ${k}.\n\n## Filters\n\nFilter by zoning ${k} and owner.\n`;
    const first = await buildFiles({ 'docsgen.config.ts': configSource({ search: { shardAbovePages: 4 } }), ...guides }, { cacheDir: '.cache' });
    const out = first.result.config.outDir;
    const indexFiles = () => new Map(listTree(path.join(out, 'search-index')).map((rel) => [rel, fs.readFileSync(path.join(out, 'search-index', rel), 'utf8')]));
    const before = indexFiles();
    expect(before.has('manifest.json')).toBe(true);
    // The title of guide 7 is a shard's word, in the first build's index.
    expect([...before.values()].some((text) => text.includes('"Guide 7"'))).toBe(true);
    const cacheStages = fs.readdirSync(path.join(first.dir, '.cache'));
    expect(cacheStages).toEqual(expect.arrayContaining(['search-documents', 'search-index', 'search-terms']));
    const entries = () => new Map(['search-documents', 'search-index', 'search-terms'].flatMap((stage) => listTree(path.join(first.dir, '.cache', stage)).map((rel) => [`${stage}/${rel}`, fs.statSync(path.join(first.dir, '.cache', stage, rel)).mtimeMs])));
    const written = entries();

    fs.rmSync(out, { recursive: true });
    const { build } = await import('../../src/build');
    const { createMemoryLogger } = await import('../../src/diagnostics/logger');
    await build({ root: first.dir, logger: createMemoryLogger(), cacheDir: '.cache' });
    expect(indexFiles()).toEqual(before);
    // Taken from the cache: the same entries, none written again, none pruned.
    expect(entries()).toEqual(written);

    // A guide's paragraph edited: the index patched from the last one (its entry read back), with
    // the files of a build without the cache.
    const guide = path.join(first.dir, 'content/guides/guide-3.md');
    fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace('How to query parcels in district 3.', 'How to query parcels and easements in district 3.'));
    fs.rmSync(out, { recursive: true });
    const patchEntries = () => listTree(path.join(first.dir, '.cache', 'search-patch'));
    const base = patchEntries();
    expect(base).toHaveLength(1);
    await build({ root: first.dir, logger: createMemoryLogger(), cacheDir: '.cache' });
    const patched = indexFiles();
    expect([...patched.values()].some((text) => text.includes('easements'))).toBe(true);
    fs.rmSync(out, { recursive: true });
    await build({ root: first.dir, logger: createMemoryLogger(), cacheDir: false });
    expect(patched).toEqual(indexFiles());
    expect(patchEntries()).toEqual(base); // one entry, written again in its place
  }, 120_000);
});

function listTree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(dir, rel)).isFile()).sort();
}
