// The sharded search index for large sites (research/search-anchors.md §8.2): instead of one
// `search-index.json` that every first search downloads whole, a small manifest plus files a
// query fetches only as it needs them. Written when a site lists more than
// `search.shardAbovePages` pages; smaller sites keep the single file of SPEC.md §3.
//
//   search-index/manifest.json            { v, pages, n, shards, lexicon, fragments }; pages name it
//                                         without a hash, and the search box fetches it revalidated
//   search-index/s/<hash>.json            a range of terms: postings per type, and the keys of the
//                                         titles whose first word is one of those terms
//   search-index/p/<hash>.json            one long posting list (a term in more than LONG_LIST
//                                         documents of a type) in two files: its ids and counts,
//                                         fetched when a search scores that type; and its documents'
//                                         field lengths, page distances and weights, fetched only
//                                         when the search takes its candidates from this list
//   search-index/lex/<length>.<hash>.json every term of one length with its document frequency
//                                         (typo fallback: a word only needs lengths within its
//                                         edit budget)
//   search-index/f/<hash>/<pageId>.json   one page's stored documents (titles, headings, texts
//                                         shown in results), fetched for the pages of the results
//   search-index/pages.<hash>.json        every page id (as differences), fetched only by a query
//                                         looking for pages holding its words over several sections
//
// Everything is what the single file holds — postings, document frequencies, field lengths (made
// directly by terms.ts, without elasticlunr), API field weights and title keys — so
// src/shared/search/sharded.ts rebuilds, from the parts a query loads, exactly what query.ts would
// read from the whole file, and returns the same results (test/search/sharded.test.ts).
//
// Shard, lexicon and posting-list files are named by the hash of their own bytes. Fragments share
// one folder named by the hash of all fragments together: one hash per page in the manifest would
// cost more (for 7,000 pages) than the median query fetches, and ids shift when a page is added,
// so most fragments change together anyway.
import { createHash } from 'node:crypto';
import { contentHash } from '../output/hash';
import { fieldWeightCodes } from '../shared/search/query';
import { SEARCH_TYPES, SearchDocumentType } from '../shared/search/types';
import type { ShardedManifest, ShardFile, FragmentFile } from '../shared/search/types';
import type { TypeTerms } from './terms';
import type { DocumentTable } from './table';
import { steps, type Steps } from '../steps';

export const SHARDED_DIR = 'search-index';
export const MANIFEST_FILE = `${SHARDED_DIR}/manifest.json`;
/**
 * Raw JSON bytes (estimated) after which a shard is closed: ≈ 1.5–2 KiB gzip. A long query fetches
 * a shard per word; smaller shards would make the manifest (fetched by every query) grow.
 */
export const SHARD_BYTES = 4_000;
/**
 * Posting lists longer than this (a common word's Content postings) get files of their own,
 * fetched only when a search scores that type: most queries fill their 8 results from titles
 * and headings and never need them.
 */
export const LONG_LIST = 50;

export interface ShardedIndexFiles {
  /** The manifest's text (its site path is MANIFEST_FILE). */
  manifest: string;
  /** Every other file: site path → JSON text (page fragments as UTF-8 bytes, see pageFragments; none when a FragmentSink took them). */
  files: Map<string, SearchFileContent>;
}

/**
 * Takes each page's fragment file as soon as it is made, instead of the index keeping them: they
 * are most of a large index's bytes (the 35,000-page site's 31,000 fragments, 200 MB as UTF-8),
 * and kept, they were all in memory at once at the end of the search stage, its peak.
 */
export interface FragmentSink {
  /** A fragment file, `<pageId>.json`, and its JSON text. */
  put(name: string, text: string): void;
  /** Every fragment is made: their folder's site path under SHARDED_DIR (`f/<hash>/`), a hash of them all. */
  close(folder: string): void;
}

/**
 * Page fragments kept by an earlier build (search/indexMemo.ts memoFragments), by the page's place
 * among the index's pages (`page`): a fragment known is not made again; each made is given to `made`.
 */
export interface FragmentReuse {
  known(page: number, id: number): Uint8Array | undefined;
  made(page: number, id: number, bytes: Uint8Array): void;
}

/** A search index file's content: JSON text, or the same text as UTF-8 bytes. */
export type SearchFileContent = string | Uint8Array;

/** A file's content as text. */
export function searchFileText(content: SearchFileContent): string {
  return typeof content === 'string' ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
}

/** Each type's documents (TypeTerms without its terms): what the fragments and the shards' inputs are made from. */
export type TypeRows = Pick<TypeTerms, 'rows' | 'table'>;

/** A term's postings in one type, as a shard holds them: its columns, a long list's length and files, or 0 for none. */
export type PostingEntry = ShardFile['t'][string][number];

/** Every term's postings per type (in SEARCH_TYPES order), the terms' document frequencies over all types, and the documents indexed per type. */
export interface Postings {
  postings: Map<string, PostingEntry[]>;
  frequencies: Map<string, number>;
  n: number[];
}

/** Makes the postings, adding the long lists' files to `files` (typePostings, or search/indexPatch.ts from an earlier build's). */
export type MakePostings = (inputs: ShardInputs, files: Map<string, SearchFileContent>, longList: number) => Steps<Postings>;

/**
 * `release`: called once the documents' texts are no longer needed (their stored copies are in
 * the page fragments), before the postings are made into files, so that a caller can let them go.
 */
export function shardSearchIndex(...args: Parameters<typeof shardSteps>): ShardedIndexFiles {
  return steps(shardSteps(...args));
}

/**
 * shardSearchIndex as steps: it yields between page fragments and between the postings of each
 * type (steps.ts). Its loops over every document or term are plain functions: V8 optimizes a
 * long loop while it runs (on-stack replacement) in a plain function, not in a generator's body.
 * `types` need their terms only for the default `postings` (typePostings); search/indexPatch.ts
 * gives only their rows, and its own `postings`.
 */
export function* shardSteps(
  types: readonly TypeRows[],
  { shardBytes = SHARD_BYTES, longList = LONG_LIST, release, sink, reuse, inputs = shardInputs(types), postings = (i, f, l) => typePostingSteps(types as readonly TypeTerms[], i, f, l) }: { shardBytes?: number; longList?: number; release?: () => void; sink?: FragmentSink; reuse?: FragmentReuse; inputs?: ShardInputs; postings?: MakePostings } = {},
): Steps<ShardedIndexFiles> {
  const files = new Map<string, SearchFileContent>();
  const { pageIds, maxId } = inputs;

  // The page fragments first: they are the last use of the documents' texts, which can go before
  // the postings' files are made.
  const folderHash = new FragmentsHash();
  const slabs = sink ? undefined : new Slabs();
  const fragments: [number, Uint8Array][] = [];
  yield* pageFragments(types, pageIds, maxId, reuse, (page, id, text) => {
    folderHash.add(id, text);
    if (sink) sink.put(`${id}.json`, text as string);
    else if (typeof text !== 'string') fragments.push([id, text]);
    else {
      const bytes = slabs!.utf8(text);
      fragments.push([id, bytes]);
      reuse?.made(page, id, bytes);
    }
  });
  release?.();
  yield;

  const made = yield* postings(inputs, files, longList);
  const folder = `f/${folderHash.digest()}/`;
  sink?.close(folder);
  for (let k = 0; k < fragments.length; k++) files.set(`${SHARDED_DIR}/${folder}${fragments[k][0]}.json`, fragments[k][1]);
  return { manifest: JSON.stringify(shardFiles(inputs, made, { files, shardBytes, folder })), files };
}

/** Each type's postings made from `types`' terms, a type at a time. */
function* typePostingSteps(types: readonly TypeTerms[], inputs: ShardInputs, files: Map<string, SearchFileContent>, longList: number): Steps<Postings> {
  const postings = new Map<string, PostingEntry[]>();
  /** Term → document frequency over all types (the lexicon of query.ts). */
  const frequencies = new Map<string, number>();
  for (const type of SEARCH_TYPES) {
    typePostings(types, type, inputs, { postings, frequencies, files, longList });
    yield;
  }
  return { postings, frequencies, n: types.map((t) => t.n) };
}

export interface ShardInputs {
  pageIds: number[];
  maxId: number;
  /** Per document id, in arrays (ids are dense): looked up once per posting, millions of times on a large site. */
  parentOf: Int32Array;
  weights: Int32Array;
  /** Title keys, under their first term. */
  keys: Map<string, ShardFile['k'][string]>;
}

export function shardInputs(types: readonly TypeRows[]): ShardInputs {
  const { table } = types[SearchDocumentType.Title];
  const titles = types[SearchDocumentType.Title].rows;
  const pageIds = Array.from(titles, (row) => table.ids[row]);
  // Per document id, in arrays (ids are dense): looked up once per posting, millions of times on a large site.
  // (Indexed loops and forEach here: this function runs once, mostly unoptimised, and for…of
  // allocates an iterator result or a [key, value] pair per element there.)
  let maxId = 0;
  for (let row = 0; row < table.length; row++) maxId = Math.max(maxId, table.ids[row]);
  const parentOf = new Int32Array(maxId + 1);
  for (let row = 0; row < table.length; row++) parentOf[table.ids[row]] = parentRow(table, row);
  const weights = new Int32Array(maxId + 1);
  const fields = types[SearchDocumentType.Heading].rows.filter((row) => !!table.sections[row]);
  fieldWeightCodes(
    fields.length,
    (k) => table.ids[fields[k]],
    (k) => table.texts[fields[k]],
    (k) => table.sections[fields[k]]!,
  ).forEach((code, id) => (weights[id] = code));

  // Title keys, under their first term.
  const keys = new Map<string, ShardFile['k'][string]>();
  for (const row of titles) {
    const [, key, literal] = table.titleKeysAt(row);
    if (!key) continue;
    const first = key.split(' ')[0];
    if (!keys.has(first)) keys.set(first, []);
    keys.get(first)!.push(literal === key ? [table.ids[row], key] : [table.ids[row], key, literal]);
  }
  return { pageIds, maxId, parentOf, weights, keys };
}

/** Adds one type's postings, as flat integer lists (a long list's columns in files of their own). */
function typePostings(types: readonly TypeTerms[], type: SearchDocumentType, { maxId, parentOf, weights }: ShardInputs, { postings, frequencies, files, longList }: { postings: Map<string, PostingEntry[]>; frequencies: Map<string, number>; files: Map<string, SearchFileContent>; longList: number }): void {
  const lengths = new Int32Array(maxId + 1);
  types[type].lengths.forEach((length, id) => (lengths[id] = length));
  const withParent = type === SearchDocumentType.Heading || type === SearchDocumentType.Content;
  types[type].postings.forEach((flat, term) => {
    let list = postings.get(term);
    if (!list) postings.set(term, (list = SEARCH_TYPES.map(() => 0)));
    frequencies.set(term, (frequencies.get(term) ?? 0) + flat.length / 2);
    list[type] = postingEntry(postingColumns(flat, lengths, withParent ? parentOf : undefined, weights), longList, files);
  });
}

/**
 * A posting list as a shard holds it: its columns, or, when longer than `longList`, its length and
 * the names of two files of its own, added to `files`. Scoring reads lengths and weights only for
 * candidates, which are documents of every word of the query: a query needs them from one list
 * (its rarest word's), and they are most of a long list's bytes.
 */
export function postingEntry(columns: number[][], longList: number, files: Map<string, SearchFileContent>): PostingEntry {
  if (columns[0].length <= longList) return columns;
  const file = (part: number[][]) => {
    const text = JSON.stringify(part);
    const name = `p/${contentHash(text)}.json`;
    files.set(`${SHARDED_DIR}/${name}`, text);
    return name;
  };
  return [columns[0].length, file(columns.slice(0, 2)), file(columns.slice(2))];
}

/** The shards, lexicon and page ids' files; returns the manifest. */
function shardFiles({ pageIds, maxId, parentOf, keys }: ShardInputs, { postings, frequencies, n }: Postings, { files, shardBytes, folder }: { files: Map<string, SearchFileContent>; shardBytes: number; folder: string }): ShardedManifest {
  // Shards: consecutive term ranges of about SHARD_BYTES each.
  const terms = [...new Set([...postings.keys(), ...keys.keys()])].sort(compareCodeUnits);
  const shards: [string, string][] = [];
  let current: ShardFile = { t: {}, k: {} };
  let size = 0;
  let first = '';
  const close = () => {
    const text = JSON.stringify(current);
    const file = `s/${contentHash(text)}.json`;
    files.set(`${SHARDED_DIR}/${file}`, text);
    shards.push([first, file]);
  };
  for (const term of terms) {
    if (size > shardBytes) {
      close();
      current = { t: {}, k: {} };
      size = 0;
      first = term;
    }
    const list = postings.get(term);
    if (list) {
      current.t[term] = list;
      size += term.length + 8 + list.reduce<number>((n, p) => n + (p === 0 ? 2 : typeof p[0] === 'number' ? 36 : p.length * p[0].length * 2.5), 0);
    }
    const k = keys.get(term);
    if (k) {
      current.k[term] = k;
      size += k.reduce((n, [, key, literal]) => n + key.length + (literal?.length ?? 0) + 10, 0);
    }
  }
  close();

  // Lexicon buckets by term length, each in code-unit order: what they hold, not the order the
  // terms were first met in, decides their bytes, so an index patched from an earlier build's
  // (search/indexPatch.ts) writes them as a cold build does.
  const byLength = new Map<number, Record<string, number>>();
  for (const term of [...frequencies.keys()].sort(compareCodeUnits)) {
    if (!byLength.has(term.length)) byLength.set(term.length, {});
    byLength.get(term.length)![term] = frequencies.get(term)!;
  }
  const lexicon: Record<string, string> = {};
  for (const length of [...byLength.keys()].sort((a, b) => a - b)) {
    const text = JSON.stringify(byLength.get(length));
    const file = `lex/${length}.${contentHash(text)}.json`;
    files.set(`${SHARDED_DIR}/${file}`, text);
    lexicon[length] = file;
  }

  // IMPORTANT: a document's page is the greatest page id not above its id (sectionPage in query.ts).
  for (let id = 1, page = 0, k = 0; id <= maxId; id++) {
    if (pageIds[k] === id) page = pageIds[k++];
    if (parentOf[id] && parentOf[id] !== page) throw new Error(`Search document ${id} belongs to page ${parentOf[id]}, not to the page before it (${page}): ids must be given page by page.`);
  }
  const pageIdsText = JSON.stringify(pageIds.map((id, k) => id - (pageIds[k - 1] ?? 0)));
  const pageIdsFile = `pages.${contentHash(pageIdsText)}.json`;
  files.set(`${SHARDED_DIR}/${pageIdsFile}`, pageIdsText);

  const manifest: ShardedManifest = {
    v: 1,
    pages: pageIds.length,
    n,
    shards,
    lexicon,
    fragments: folder,
    pageIds: pageIdsFile,
  };
  return manifest;
}

/**
 * A posting list's columns (ids as differences, counts, lengths[, page distances, weights]): runs
 * of alike numbers, which gzip well. Page distances and weights only with `parentOf` (Heading and
 * Content), weights only when one is not 0. Each column is made at its final length: growing
 * them one push at a time was most of the stage's garbage.
 */
export function postingColumns(flat: Int32Array, lengths: Int32Array, parentOf: Int32Array | undefined, weights: Int32Array): number[][] {
  const n = flat.length / 2;
  const ids = new Array<number>(n);
  const counts = new Array<number>(n);
  const lengthColumn = new Array<number>(n);
  let previous = 0;
  for (let k = 0; k < n; k++) {
    const id = flat[2 * k];
    ids[k] = id - previous;
    counts[k] = flat[2 * k + 1];
    lengthColumn[k] = lengths[id];
    previous = id;
  }
  if (!parentOf) return [ids, counts, lengthColumn];
  const distances = new Array<number>(n);
  let weighted = false;
  for (let k = 0; k < n; k++) {
    const id = flat[2 * k];
    distances[k] = id - parentOf[id];
    if (weights[id] !== 0) weighted = true;
  }
  if (!weighted) return [ids, counts, lengthColumn, distances];
  const weightColumn = new Array<number>(n);
  for (let k = 0; k < n; k++) weightColumn[k] = weights[flat[2 * k]];
  return [ids, counts, lengthColumn, distances, weightColumn];
}

/**
 * Each page's fragment, `{ d: [[type, document], …] }` (its documents type by type, in their
 * order), given to `take` page by page, in page order. Most of a large index's bytes, and nearly
 * all of them in strings V8 keeps as UTF-16 (breadcrumbs and field contexts hold a `›`): kept,
 * they are kept as UTF-8 bytes (Slabs), half the memory until written. Made from the documents'
 * positions sorted by page, not from an array per page of every document at once.
 */
function* pageFragments(types: readonly TypeRows[], pageIds: number[], maxId: number, reuse: FragmentReuse | undefined, take: (page: number, id: number, text: string | Uint8Array) => void): Steps<void> {
  let order: ReturnType<typeof fragmentOrder> | undefined;
  for (let page = 0; page < pageIds.length; page++) {
    const id = pageIds[page];
    take(page, id, reuse?.known(page, id) ?? fragmentText(types, (order ??= fragmentOrder(types, pageIds, maxId)), id));
    yield;
  }
}

/** Page `id`'s fragment file. */
function fragmentText(types: readonly TypeRows[], { start, typeAt, docAt }: ReturnType<typeof fragmentOrder>, id: number): string {
  const { table } = types[SearchDocumentType.Title];
  const fragment: FragmentFile = { d: [] };
  for (let e = start[id]; e < start[id + 1]; e++) fragment.d.push([typeAt[e] as SearchDocumentType, table.stored(types[typeAt[e]].rows[docAt[e]])]);
  return JSON.stringify(fragment);
}

/** The documents' places sorted by page: page id → where its documents start (`start`), and each one's type and row. */
function fragmentOrder(types: readonly TypeRows[], pageIds: number[], maxId: number): { start: Int32Array; typeAt: Uint8Array; docAt: Int32Array } {
  /** Page id → where its documents start in `at` (counting sort: stable, so type by type, in order). */
  const start = new Int32Array(maxId + 2);
  const { table } = types[SearchDocumentType.Title];
  const pageOf = (type: SearchDocumentType, k: number) => parentRow(table, types[type].rows[k]);
  const isPage = new Uint8Array(maxId + 1);
  for (const id of pageIds) isPage[id] = 1;
  for (const type of SEARCH_TYPES) for (let k = 0, docs = types[type].rows; k < docs.length; k++) if (isPage[pageOf(type, k)]) start[pageOf(type, k) + 1]++;
  for (let id = 1; id < start.length; id++) start[id] += start[id - 1];
  const filled = start.slice(0, maxId + 1);
  const typeAt = new Uint8Array(start[maxId + 1]);
  const docAt = new Int32Array(start[maxId + 1]);
  for (const type of SEARCH_TYPES)
    for (let k = 0, docs = types[type].rows; k < docs.length; k++) {
      const page = pageOf(type, k);
      if (!isPage[page]) continue;
      typeAt[filled[page]] = type;
      docAt[filled[page]++] = k;
    }
  return { start, typeAt, docAt };
}

/** The id of a row's page, as its stored document gives it (`p`, or its own id for a title). */
function parentRow(table: DocumentTable, row: number): number {
  return table.types[row] === SearchDocumentType.Title ? table.ids[row] : table.pageIds[row];
}

/** Bytes per slab: above glibc's threshold for mapping an allocation of its own, so that a freed slab can go back to the system. */
const SLAB_BYTES = 8 << 20;

/**
 * Texts as UTF-8 in large shared buffers, each text a view: one allocation per 8 MB instead of
 * one per page (tens of thousands of small allocations, which the allocator keeps once freed).
 */
class Slabs {
  private slab = Buffer.alloc(0);
  private used = 0;

  utf8(text: string): Uint8Array {
    const length = Buffer.byteLength(text, 'utf8');
    if (this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, length));
      this.used = 0;
    }
    const view = this.slab.subarray(this.used, this.used + this.slab.write(text, this.used, 'utf8'));
    this.used += view.length;
    return view;
  }
}

/**
 * `contentHash` of the fragments joined as `<id>\0<text>`, separated by `\u0001`, hashed piece by
 * piece: the joined text of a large site's fragments is tens of megabytes made only to be hashed.
 */
class FragmentsHash {
  private readonly hash = createHash('sha256');
  private count = 0;

  add(id: number, text: string | Uint8Array): void {
    this.hash.update(`${this.count++ ? '\u0001' : ''}${id}\u0000`).update(text);
  }

  digest(): string {
    return this.hash.digest('hex').slice(0, 10);
  }
}

/** Code-unit order: how query.ts compares terms (`<`), whatever the locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
