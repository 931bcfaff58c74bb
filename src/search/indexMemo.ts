// The search stage's entries in the build's memo (cache/memo.ts), so that a build whose documents
// did not change takes the whole index from the previous build, and a build where a few pages
// changed analyses only their group of pages again.
//
// - `search-index`: the built index (every file's text), under a digest of everything the files
//   are made from: each document's type, text and stored fields (ids, URL, breadcrumb, anchor,
//   context), in order, and how the index is laid out (single file or shards, and the shard
//   sizes). A few entries of about 8 MB (see rememberIndex), not one per file: thousands of small
//   files cost more to read back.
// - `search-terms`: the analysed terms (terms.ts AnalysedDocuments) of a group of consecutive
//   pages, under a digest of its documents' types and texts only (analysis does not depend on
//   ids, so a page added before it does not make it miss). Groups end after a page whose own
//   digest starts with a low byte (about one page in GROUP_PAGES), not every n pages: a page added
//   or removed moves only its own group's boundary, not every later group's.
// - `search-fragments`: a sharded index's page fragments (shards.ts), group by group, as UTF-8,
//   under a digest of the group's documents' texts and stored fields (which hold the ids). They
//   are two thirds of the index's bytes (34 of 52 MB on the 7,000-page site), made and kept again
//   after any edit when they lived in the index's entry; the index's entry names their groups.
//
// Keys are computed from the documents in one pass: each page's texts go through SHA-1 as one
// string with their lengths (JSON.stringify of every document cost twice as much on a large site),
// as UTF-16: UTF-8 would turn every lone surrogate into the same replacement character. A page
// whose documents were made with their digest (table.ts PageColumns: kept in the build cache with
// them) is not digested again.
import crypto from 'node:crypto';
import { digest, type Memo } from '../cache/memo';
import { SearchDocumentType } from '../shared/search/types';
import type { BuiltSearchIndex } from './buildIndex';
import type { SearchDocument } from './documents';
import { asTable, textsDigest, type DocumentTable } from './table';
import type { AnalysedDocuments } from './terms';
import { SHARDED_DIR, searchFileText } from './shards';

export const INDEX_STAGE = 'search-index';
export const TERMS_STAGE = 'search-terms';
export const FRAGMENTS_STAGE = 'search-fragments';
/** Part of every key: a change to what the entries hold changes it. */
const FORMAT = 'docsgen search memo 1';
/** Pages per group, on average. */
export const GROUP_PAGES = 64;
/** A group is closed after this many pages even without a boundary page. */
const MAX_GROUP_PAGES = 4 * GROUP_PAGES;

/** A run of consecutive documents (whole pages): the key of its analysed terms, and of its pages' fragments. */
export interface DocumentGroup {
  start: number;
  end: number;
  key: string;
  pages: number;
  fragments: string;
}

export interface DocumentKeys {
  /** Key of the whole index, given how it is laid out (`layout`). */
  index: string;
  groups: DocumentGroup[];
  /** Each page's digest of its documents' types and texts, in order (search/indexPatch.ts). */
  pages: string[];
  /** Where each page's rows start, and the table's length after the last. */
  pageStarts: Int32Array;
  /** A digest of every row's type, id and page id: the same for two tables whose pages differ only in their texts and stored fields. */
  skeleton: string;
}

/** The keys of the documents' entries; `layout` names how the index is made from them (e.g. `sharded 4000 50`). */
export function documentKeys(documents: DocumentTable | readonly SearchDocument[], layout: string): DocumentKeys {
  const table = asTable(documents);
  const whole = crypto.createHash('sha1');
  whole.update(`${FORMAT}\u0000${layout}\u0000`);
  const groups: DocumentGroup[] = [];
  let groupHash = crypto.createHash('sha1');
  let groupFields = crypto.createHash('sha1');
  let groupStart = 0;
  let groupPages = 0;
  const pages: string[] = [];
  const starts: number[] = [];
  for (let start = 0; start < table.length; ) {
    // One page: the documents sharing its page id (they come page by page).
    let end = start + 1;
    while (end < table.length && table.pageIds[end] === table.pageIds[start]) end++;
    let fields = '';
    for (let k = start; k < end; k++) fields += storedFields(table, k);
    const page = keptDigest(table, start, end) ?? textsDigest(end - start, (k) => table.types[start + k], (k) => table.texts[start + k]);
    pages.push(page);
    starts.push(start);
    whole.update(page).update(fields, 'utf16le');
    groupHash.update(page);
    groupFields.update(page).update(fields, 'utf16le');
    groupPages++;
    start = end;
    if (parseInt(page.slice(0, 2), 16) < 256 / GROUP_PAGES || groupPages >= MAX_GROUP_PAGES || start === table.length) {
      groups.push({ start: groupStart, end: start, key: digest(FORMAT, groupHash.digest('hex')), pages: groupPages, fragments: digest(FORMAT, 'fragments', groupFields.digest('hex')) });
      groupHash = crypto.createHash('sha1');
      groupFields = crypto.createHash('sha1');
      groupStart = start;
      groupPages = 0;
    }
  }
  starts.push(table.length);
  const skeleton = crypto.createHash('sha1').update(table.types.subarray(0, table.length)).update(table.ids.subarray(0, table.length)).update(table.pageIds.subarray(0, table.length)).digest('hex');
  return { index: whole.digest('hex'), groups, pages, pageStarts: Int32Array.from(starts), skeleton };
}

/** The digest of rows start…end kept with their page's columns (TableBuilder.addPage), when those rows are that page's, all of them. */
function keptDigest(table: DocumentTable, start: number, end: number): string | undefined {
  const entry = table.rowPage[start];
  if (table.rowPage[end - 1] !== entry || (start > 0 && table.rowPage[start - 1] === entry) || (end < table.length && table.rowPage[end] === entry)) return undefined;
  return table.digests[entry];
}

/** What the index stores of row k besides its type and text (as DocumentTable.stored keeps it), with lengths. */
function storedFields(table: DocumentTable, k: number): string {
  const i = table.ids[k];
  switch (table.types[k]) {
    case SearchDocumentType.Title: {
      const url = table.urls[table.rowPage[k]];
      const breadcrumb = table.breadcrumbs[table.rowPage[k]];
      return `${i},${url.length}:${url}${breadcrumb.length}:${breadcrumb};`;
    }
    case SearchDocumentType.Heading: {
      const anchor = table.anchors[k];
      const section = table.sections[k];
      return `${i},${table.pageIds[k]},${anchor.length}:${anchor}${section === undefined ? '-' : `${section.length}:${section}`};`;
    }
    default:
      return `${i},${table.pageIds[k]};`;
  }
}

/**
 * The analysed terms of each group: from the memo, or analysed (by `analyse`) and stored.
 * `keep` marks an entry as used without reading it (DiskMemo.use): a build that took the whole
 * index from the memo still keeps the groups the next build needs.
 */
export function memoAnalysed(groups: readonly DocumentGroup[], memo: Memo, analyse: (group: DocumentGroup) => AnalysedDocuments): AnalysedDocuments[] {
  return groups.map((group) => {
    const known = memo.get<AnalysedDocuments>(TERMS_STAGE, group.key);
    if (isAnalysed(known, group.end - group.start)) return known;
    const made = analyse(group);
    memo.set(TERMS_STAGE, group.key, made);
    return made;
  });
}

/** Keeps the groups' entries for the next build without reading them, where the memo can (DiskMemo). */
export function keepAnalysed(groups: readonly DocumentGroup[], memo: Memo): void {
  for (const group of groups) memo.use?.(TERMS_STAGE, group.key);
}

/** A group's page fragments as kept: each page's id and the length of its fragment, and the fragments' UTF-8 one after another. */
interface KeptFragments {
  ids: Int32Array;
  lengths: Int32Array;
  bytes: Uint8Array;
}

/** The kept fragments of a group of `pages` pages, each [id, bytes]; undefined when they are not there whole. */
function keptFragments(memo: Memo, key: string, pages: number): [number, Uint8Array][] | undefined {
  const kept = memo.get<KeptFragments>(FRAGMENTS_STAGE, key);
  if (!kept || !(kept.ids instanceof Int32Array) || !(kept.lengths instanceof Int32Array) || !(kept.bytes instanceof Uint8Array) || kept.ids.length !== pages || kept.lengths.length !== pages) return undefined;
  const fragments: [number, Uint8Array][] = [];
  let at = 0;
  for (let k = 0; k < pages; k++) fragments.push([kept.ids[k], kept.bytes.subarray(at, (at += kept.lengths[k]))]);
  return at === kept.bytes.length ? fragments : undefined;
}

/** Page fragments taken from the memo, and those made (shards.ts FragmentReuse), by the page's place among the index's pages. */
export interface MemoFragments {
  known(page: number, id: number): Uint8Array | undefined;
  made(page: number, id: number, bytes: Uint8Array): void;
  /** Stores the groups whose fragments were made. */
  keep(): void;
}

/** The groups' kept fragments, read now; the others are stored by `keep` once made. */
export function memoFragments(groups: readonly DocumentGroup[], memo: Memo): MemoFragments {
  const known: ([number, Uint8Array] | undefined)[] = [];
  const groupAt: DocumentGroup[] = [];
  const made = new Map<DocumentGroup, [number, Uint8Array][]>();
  for (const group of groups) {
    const kept = keptFragments(memo, group.fragments, group.pages);
    for (let k = 0; k < group.pages; k++) {
      groupAt.push(group);
      known.push(kept?.[k]);
    }
    if (!kept) made.set(group, []);
  }
  return {
    // Only for the same page id at that place: a group's entry is never given to another page.
    known: (page, id) => (known[page]?.[0] === id ? known[page]![1] : undefined),
    made: (page, id, bytes) => made.get(groupAt[page])?.push([id, bytes]),
    keep() {
      for (const [group, fragments] of made) {
        if (fragments.length !== group.pages) continue;
        const bytes = Buffer.allocUnsafe(fragments.reduce((n, [, b]) => n + b.length, 0));
        let at = 0;
        for (const [, b] of fragments) {
          bytes.set(b, at);
          at += b.length;
        }
        memo.set(FRAGMENTS_STAGE, group.fragments, { ids: Int32Array.from(fragments, ([id]) => id), lengths: Int32Array.from(fragments, ([, b]) => b.length), bytes } satisfies KeptFragments);
      }
      made.clear();
    },
  };
}

export function isAnalysed(value: unknown, documents: number): value is AnalysedDocuments {
  const a = value as AnalysedDocuments | undefined;
  return a !== undefined && Array.isArray(a.terms) && a.offsets instanceof Int32Array && a.flat instanceof Int32Array && a.offsets.length === documents;
}

/**
 * The index as kept in the memo: a head entry (names, byte lengths, where the parts end) under the
 * index key, and the files' texts in parts of about PART_BYTES of UTF-8 under keys made from it.
 * UTF-8, because strings with a `›` would be kept as UTF-16, at twice the size; in parts, because
 * one buffer of every file and V8's serialized copy of it are about 100 MB at once on the
 * 7,000-page site, in the stage where a build's memory peaks.
 */
interface IndexHead {
  fileName: string;
  hash: string;
  names: string[];
  /** Byte length of the main file, then of each file of `names`. */
  lengths: number[];
  /** For each part, the index (in `lengths`) of the first file after it. */
  parts: number[];
  /** A sharded index's page fragments, not among `names`: their folder (`search-index/f/<hash>/`), and the keys and page counts of their groups' entries. */
  fragments?: { folder: string; groups: [key: string, pages: number][] };
}

const PART_BYTES = 8 << 20;

const partKey = (key: string, part: number) => digest(key, String(part));

/** Keeps the index in the memo under `key`; a sharded index's fragments are in the memo already, under `groups`' keys (memoFragments). */
export function rememberIndex(memo: Memo, key: string, index: BuiltSearchIndex, groups?: readonly DocumentGroup[]): void {
  const folder = groups && fragmentsFolder(index.content);
  const names = [...index.files.keys()].filter((name) => folder === undefined || !name.startsWith(folder));
  const texts = [index.content, ...names.map((name) => index.files.get(name)!)];
  const lengths = texts.map((text) => Buffer.byteLength(text, 'utf8'));
  const parts: number[] = [];
  for (let start = 0; start < texts.length; ) {
    let end = start;
    let size = 0;
    while (end < texts.length && (end === start || size + lengths[end] <= PART_BYTES)) size += lengths[end++];
    // Encoded straight into one buffer: a buffer per file, then joined, copied every byte twice.
    const bytes = Buffer.allocUnsafe(size);
    for (let k = start, at = 0; k < end; k++) {
      const text = texts[k];
      if (typeof text === 'string') at += bytes.write(text, at, 'utf8');
      else {
        bytes.set(text, at);
        at += text.byteLength;
      }
    }
    memo.set(INDEX_STAGE, partKey(key, parts.length), bytes);
    parts.push(end);
    start = end;
  }
  // The head last: it is found only with its parts written before it.
  const head: IndexHead = { fileName: index.fileName, hash: index.hash, names, lengths, parts };
  if (folder !== undefined) head.fragments = { folder, groups: groups!.map((g) => [g.fragments, g.pages]) };
  memo.set(INDEX_STAGE, key, head);
}

/** The site path of a sharded index's fragments' folder, from its manifest; undefined for a single file. */
function fragmentsFolder(manifest: string): string | undefined {
  const folder = (JSON.parse(manifest) as { fragments?: unknown }).fragments;
  return typeof folder === 'string' ? `${SHARDED_DIR}/${folder}` : undefined;
}

/** The index kept by rememberIndex under `key`; undefined when it is not there whole. */
export function recalledIndex(memo: Memo, key: string): BuiltSearchIndex | undefined {
  const kept = keptIndexFiles(memo, key);
  if (!kept) return undefined;
  const { head, files } = kept;
  for (const [groupKey, pages] of head.fragments?.groups ?? []) {
    const fragments = keptFragments(memo, groupKey, pages);
    if (!fragments) return undefined;
    for (const [id, bytes] of fragments) files.set(`${head.fragments!.folder}${id}.json`, bytes);
  }
  return { fileName: head.fileName, content: kept.content, hash: head.hash, files };
}

/** The main file's text and every other file but a sharded index's page fragments, of the index kept under `key`; undefined when they are not there whole. */
export function keptIndexFiles(memo: Memo, key: string): { head: IndexHead; content: string; files: Map<string, string | Uint8Array> } | undefined {
  const head = memo.get<IndexHead>(INDEX_STAGE, key);
  if (!head || typeof head.fileName !== 'string' || typeof head.hash !== 'string' || !Array.isArray(head.names) || !Array.isArray(head.lengths) || !Array.isArray(head.parts)) return undefined;
  if (head.lengths.length !== head.names.length + 1 || head.parts[head.parts.length - 1] !== head.lengths.length) return undefined;
  if (head.fragments !== undefined && (typeof head.fragments.folder !== 'string' || !Array.isArray(head.fragments.groups))) return undefined;
  // The files as views of the parts' bytes, which is how they are written and hashed: decoded
  // into strings, each was encoded again by every hash and comparison of the output stage.
  const contents: Uint8Array[] = [];
  for (let part = 0, start = 0; part < head.parts.length; start = head.parts[part++]) {
    const value = memo.get<Uint8Array>(INDEX_STAGE, partKey(key, part));
    if (!(value instanceof Uint8Array)) return undefined;
    let at = 0;
    for (let k = start; k < head.parts[part]; k++) contents.push(value.subarray(at, (at += head.lengths[k])));
    if (at !== value.length) return undefined;
  }
  const files = new Map<string, string | Uint8Array>();
  for (let k = 0; k < head.names.length; k++) files.set(head.names[k], contents[k + 1]);
  return { head, content: searchFileText(contents[0]), files };
}
