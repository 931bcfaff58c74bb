// A sharded index made from the last build's, when this build's documents differ from that
// build's only in the texts of a few pages (a guide's paragraph, an operation's summary): every
// row has the same type, id and page id, so each posting list of a term those pages do not hold
// is what it was, byte for byte. Only the lists of the terms they held or hold now are made
// again, from the last build's list without those pages' documents and with their new ones; the
// rest, and the long lists' files, are the last build's. Made whole, the postings of every term
// (typeTerms, then every list's columns and files) were 0.6–0.7 s of a build from the cache
// after one guide's edit on the 7,000-page site, against 0.3 s for the whole stage with nothing
// changed.
//
// What it starts from is kept in the build's memo under a slot per index and layout (PATCH_STAGE), written
// by every build that made its index: the key of that index (whose files keptIndexFiles reads
// back), each page's digest of its texts, a digest of the rows' types and ids, the groups its
// terms were analysed in (search/indexMemo.ts, to read the changed pages' old terms) and each
// document's field weight. A field weight counts the fields of the same text across the site,
// so one edited field can change the weight of fields on other pages: then, or when anything
// else does not match, the index is made whole. So is it when many pages changed: then patching
// list by list costs more than making every list.
import { digest, type Memo } from '../cache/memo';
import { SEARCH_TYPES, SearchDocumentType, type ShardedManifest, type ShardFile } from '../shared/search/types';
import { isAnalysed, keptIndexFiles, TERMS_STAGE, type DocumentGroup, type DocumentKeys } from './indexMemo';
import { postingColumns, postingEntry, searchFileText, SHARDED_DIR, type PostingEntry, type Postings, type SearchFileContent, type ShardInputs } from './shards';
import type { DocumentTable } from './table';
import type { AnalysedDocuments } from './terms';
import type { Steps } from '../steps';

export const PATCH_STAGE = 'search-patch';
const FORMAT = 'docsgen search patch 1';
/**
 * Above this many changed pages, or this share of the postings in the lists to patch, the index
 * is made whole: a list is patched at the cost of reading and writing all of it, and each changed
 * page's group of terms is read twice. On the 7,000-page site (the search stage, patched against
 * made whole, on a loaded machine): one guide's paragraph touched 23 % of the postings, 0.7–0.9
 * against 1.0–1.2 s; five guides' 41 %, 1.5–1.6 against 1.9–2.0 s; ten guides' 45 %, 1.8–1.9
 * against 1.9–2.0 s; thirty guides' 48 %, no faster.
 */
const MAX_CHANGED = 16;
const MAX_TOUCHED = 1 / 2;

/** What the next build patches this build's index from (see the top of this file). */
interface PatchBase {
  index: string;
  skeleton: string;
  pages: string[];
  /** The groups' keys (TERMS_STAGE) and rows, in order. */
  groups: [key: string, start: number, end: number][];
  weights: Int32Array;
}

/** The entry's key for the index `name` (SearchIndexOptions.name) of this layout. */
export const patchSlot = (layout: string, name = '') => digest(FORMAT, layout, name);

/** Keeps what the next build needs to patch the index this build made under `keys.index`. */
export function rememberPatchBase(memo: Memo, slot: string, keys: DocumentKeys, weights: Int32Array): void {
  const base: PatchBase = { index: keys.index, skeleton: keys.skeleton, pages: keys.pages, groups: keys.groups.map((g) => [g.key, g.start, g.end]), weights };
  memo.set(PATCH_STAGE, slot, base);
}

/** Keeps the last build's entry without reading it: a build that took its whole index from the memo made nothing new to patch from. */
export function keepPatchBase(memo: Memo, slot: string): void {
  memo.use(PATCH_STAGE, slot);
}

/** A patched index's postings, and the long lists' files they name (made again, or the last build's). */
export interface PatchedPostings extends Postings {
  files: Map<string, SearchFileContent>;
}

/** A document's analysed terms: its number of tokens, and each distinct term with its count. */
interface RowTerms {
  length: number;
  terms: [term: string, count: number][];
}

/**
 * This build's postings patched from the last build's index, or undefined when it cannot be (see
 * the top of this file). `analysed` gives this build's analysed terms of a group (from the memo
 * or analysed now): it is asked only for the groups of changed pages, so it must be called while
 * the documents' texts are there. Everything is made here, before the page fragments, so that a
 * failure leaves the caller free to make the index whole. In steps (steps.ts): it yields after each
 * list it makes again.
 */
export function* patchedPostings(memo: Memo, slot: string, table: DocumentTable, keys: DocumentKeys, inputs: ShardInputs, longList: number, analysed: (group: DocumentGroup) => AnalysedDocuments): Steps<PatchedPostings | undefined> {
  const base = memo.get<PatchBase>(PATCH_STAGE, slot);
  if (!isBase(base) || base.skeleton !== keys.skeleton || base.pages.length !== keys.pages.length || base.weights.length !== inputs.weights.length) return undefined;
  const changed: number[] = [];
  for (let page = 0; page < keys.pages.length; page++) if (keys.pages[page] !== base.pages[page]) changed.push(page);
  if (changed.length > MAX_CHANGED) return undefined;
  const rows: number[] = [];
  const changedIds = new Uint8Array(inputs.maxId + 1);
  for (const page of changed)
    for (let row = keys.pageStarts[page]; row < keys.pageStarts[page + 1]; row++) {
      rows.push(row);
      changedIds[table.ids[row]] = 1;
    }
  for (let id = 0; id < inputs.weights.length; id++) if (inputs.weights[id] !== base.weights[id] && !changedIds[id]) return undefined;

  const kept = keptIndexFiles(memo, base.index);
  const before = kept && lastPostings(kept.content, kept.files);
  if (!before) return undefined;
  const oldGroups = base.groups.map(([key, start, end]) => ({ key, start, end }));
  const oldTerms = rowTerms(rows, oldGroups, (group) => {
    const value = memo.get<AnalysedDocuments>(TERMS_STAGE, group.key);
    return isAnalysed(value, group.end - group.start) ? value : undefined;
  });
  const newTerms = oldTerms && rowTerms(rows, keys.groups, analysed);
  if (!oldTerms || !newTerms) return undefined;

  const { postings, frequencies, n, files: old } = before;
  // Per type: the documents to take out of their lists (changed ones), what to put in, and the terms whose lists that changes.
  const changes = SEARCH_TYPES.map(() => ({ gone: new Set<number>(), added: new Map<string, number[]>(), affected: new Set<string>() }));
  rows.forEach((row, k) => {
    const id = table.ids[row];
    // A document of a changed page whose terms and weight did not change is in its lists as it was.
    if (inputs.weights[id] === base.weights[id] && sameTerms(oldTerms[k], newTerms[k])) return;
    const type = table.types[row] as SearchDocumentType;
    const { gone, added, affected } = changes[type];
    gone.add(id);
    // A document without tokens is not indexed (typeTerms).
    if (oldTerms[k].length) n[type]--;
    if (newTerms[k].length) n[type]++;
    for (const [term] of oldTerms[k].terms) affected.add(term);
    for (const [term, count] of newTerms[k].terms) {
      affected.add(term);
      let list = added.get(term);
      if (!list) added.set(term, (list = []));
      list.push(id, count, newTerms[k].length);
    }
  });
  let all = 0;
  for (const list of postings.values()) for (const entry of list) all += entryLength(entry);
  let touched = 0;
  changes.forEach(({ affected }, type) => affected.forEach((term) => (touched += entryLength(postings.get(term)?.[type] ?? 0))));
  if (touched > all * MAX_TOUCHED) return undefined;

  const files = new Map<string, SearchFileContent>();
  const lengths = new Int32Array(inputs.maxId + 1);
  for (const type of SEARCH_TYPES) {
    const { gone, added, affected } = changes[type];
    const withParent = type === SearchDocumentType.Heading || type === SearchDocumentType.Content;
    for (const term of affected) {
      const list = postings.get(term) ?? SEARCH_TYPES.map((): PostingEntry => 0);
      const last = decodeEntry(list[type], old);
      if (!last) return undefined;
      const flat = mergedList(last, added.get(term) ?? [], gone, lengths);
      const count = flat.length / 2;
      const df = (frequencies.get(term) ?? 0) - entryLength(list[type]) + count;
      list[type] = count ? postingEntry(postingColumns(flat, lengths, withParent ? inputs.parentOf : undefined, inputs.weights), longList, files) : 0;
      if (df > 0) {
        postings.set(term, list);
        frequencies.set(term, df);
      } else {
        postings.delete(term);
        frequencies.delete(term);
      }
      // A common word's list is read and written whole: a signal waits for one list, not for all.
      yield;
    }
  }
  // The long lists' files that were not made again: the last build's.
  for (const list of postings.values())
    for (const entry of list) {
      if (entry === 0 || typeof entry[0] !== 'number') continue;
      for (const name of [entry[1], entry[2]] as string[]) {
        const file = `${SHARDED_DIR}/${name}`;
        if (!files.has(file)) files.set(file, old.get(file)!);
      }
    }
  return { postings, frequencies, n, files };
}

/**
 * A list's documents as [id, count, …] in id order: the last build's (`last`) but those `gone`,
 * and `fresh` ([id, count, length, …], the changed documents as they are now). Sets each one's
 * length in `lengths`. A plain function: V8 optimizes its loop while it runs, not a generator's.
 */
function mergedList(last: ListColumns, fresh: readonly number[], gone: ReadonlySet<number>, lengths: Int32Array): Int32Array {
  const freshOrder = Array.from({ length: fresh.length / 3 }, (_, k) => 3 * k).sort((a, b) => fresh[a] - fresh[b]);
  const flat = new Int32Array(2 * (last.ids.length + freshOrder.length));
  let at = 0;
  const put = (id: number, count: number, length: number) => {
    flat[at++] = id;
    flat[at++] = count;
    lengths[id] = length;
  };
  let f = 0;
  for (let k = 0; k < last.ids.length; k++) {
    for (; f < freshOrder.length && fresh[freshOrder[f]] < last.ids[k]; f++) put(fresh[freshOrder[f]], fresh[freshOrder[f] + 1], fresh[freshOrder[f] + 2]);
    if (!gone.has(last.ids[k])) put(last.ids[k], last.counts[k], last.lengths[k]);
  }
  for (; f < freshOrder.length; f++) put(fresh[freshOrder[f]], fresh[freshOrder[f] + 1], fresh[freshOrder[f] + 2]);
  return flat.subarray(0, at);
}

/** The last build's postings, frequencies and documents per type, from its manifest, shards and lexicon; undefined when a file is missing. */
function lastPostings(manifestText: string, files: Map<string, string | Uint8Array>): (Postings & { files: Map<string, string | Uint8Array> }) | undefined {
  const text = (name: string) => {
    const content = files.get(`${SHARDED_DIR}/${name}`);
    return content === undefined ? undefined : searchFileText(content);
  };
  try {
    const manifest = JSON.parse(manifestText) as ShardedManifest;
    if (!Array.isArray(manifest.shards) || !Array.isArray(manifest.n) || manifest.n.length !== SEARCH_TYPES.length) return undefined;
    const postings = new Map<string, PostingEntry[]>();
    for (const [, name] of manifest.shards) {
      const shard = text(name);
      if (shard === undefined) return undefined;
      const { t } = JSON.parse(shard) as ShardFile;
      for (const term of Object.keys(t)) postings.set(term, t[term]);
    }
    const frequencies = new Map<string, number>();
    for (const name of Object.values(manifest.lexicon)) {
      const bucket = text(name);
      if (bucket === undefined) return undefined;
      const terms = JSON.parse(bucket) as Record<string, number>;
      for (const term of Object.keys(terms)) frequencies.set(term, terms[term]);
    }
    // Every long list's files are there (they are read only for the lists patched).
    for (const list of postings.values()) for (const entry of list) if (entry !== 0 && typeof entry[0] === 'number' && !(files.has(`${SHARDED_DIR}/${entry[1]}`) && files.has(`${SHARDED_DIR}/${entry[2]}`))) return undefined;
    return { postings, frequencies, n: manifest.n.slice(), files };
  } catch {
    return undefined;
  }
}

/** A list's documents (ids, their counts and lengths), in id order. */
interface ListColumns {
  ids: Int32Array;
  counts: Int32Array;
  lengths: Int32Array;
}

/** The documents of a list as a shard holds it (its long list's files read from `files`); undefined when they do not hold one. */
function decodeEntry(entry: PostingEntry, files: Map<string, string | Uint8Array>): ListColumns | undefined {
  if (entry === 0) return { ids: new Int32Array(0), counts: new Int32Array(0), lengths: new Int32Array(0) };
  let columns: ArrayLike<number>[];
  if (typeof entry[0] === 'number') {
    const [, first, rest] = entry as [number, string, string];
    const text = (name: string) => searchFileText(files.get(`${SHARDED_DIR}/${name}`)!);
    const ids = integerColumns(text(first));
    const others = integerColumns(text(rest));
    if (!ids || !others) return undefined;
    columns = [...ids, ...others];
  } else columns = entry as number[][];
  const [deltas, counts, lengths] = columns;
  if (!deltas || !counts || !lengths || counts.length !== deltas.length || lengths.length !== deltas.length) return undefined;
  const ids = new Int32Array(deltas.length);
  for (let k = 0, id = 0; k < deltas.length; k++) ids[k] = id += deltas[k];
  return { ids, counts: Int32Array.from(counts), lengths: Int32Array.from(lengths) };
}

/**
 * The columns of a long list's file (`[[1,2,3],[4,5,6]]`: JSON.stringify of arrays of integers),
 * read without JSON.parse, each into an Int32Array: an array of numbers per column was most of
 * the patch's garbage, since the lists a paragraph touches are the longest (its common words').
 * Undefined for any other text.
 */
export function integerColumns(text: string): Int32Array[] | undefined {
  if (text === '[]') return [];
  if (text[0] !== '[' || text[text.length - 1] !== ']') return undefined;
  const columns: Int32Array[] = [];
  for (let at = 1; ; ) {
    const end = text.indexOf(']', at);
    if (text[at] !== '[' || end === -1) return undefined;
    let n = end > at + 1 ? 1 : 0;
    for (let c = text.indexOf(',', at); c !== -1 && c < end; c = text.indexOf(',', c + 1)) n++;
    const column = new Int32Array(n);
    at++;
    for (let k = 0; k < n; k++, at++) {
      const negative = text.charCodeAt(at) === 45; // -
      if (negative) at++;
      const start = at;
      let value = 0;
      for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(++at)) value = value * 10 + c - 48;
      // Each number ends with a comma, the last with the column's bracket.
      if (at === start || text.charCodeAt(at) !== (k === n - 1 ? 93 : 44)) return undefined;
      column[k] = negative ? -value : value;
    }
    if (n === 0) at++;
    columns.push(column);
    // The whole text's bracket, or a comma and the next column.
    if (at === text.length - 1) return columns;
    if (text[at++] !== ',') return undefined;
  }
}

function sameTerms(a: RowTerms, b: RowTerms): boolean {
  return a.length === b.length && a.terms.length === b.terms.length && a.terms.every(([term, count], k) => term === b.terms[k][0] && count === b.terms[k][1]);
}

/** How many documents a list holds. */
function entryLength(entry: PostingEntry): number {
  return entry === 0 ? 0 : typeof entry[0] === 'number' ? (entry[0] as number) : (entry[0] as number[]).length;
}

/** The analysed terms of each of `rows` (ascending), from the groups holding them; undefined when a group's are not there. */
function rowTerms(rows: readonly number[], groups: readonly Pick<DocumentGroup, 'key' | 'start' | 'end'>[], analysedOf: (group: DocumentGroup) => AnalysedDocuments | undefined): RowTerms[] | undefined {
  const out: RowTerms[] = [];
  let g = 0;
  let held: AnalysedDocuments | undefined;
  for (const row of rows) {
    while (g < groups.length && groups[g].end <= row) {
      g++;
      held = undefined;
    }
    const group = groups[g];
    if (!group || group.start > row) return undefined;
    held ??= analysedOf(group as DocumentGroup);
    if (!held) return undefined;
    const { terms, offsets, flat } = held;
    const at = offsets[row - group.start];
    const pairs: [string, number][] = [];
    for (let t = at + 2, last = at + 2 + 2 * flat[at + 1]; t < last; t += 2) pairs.push([terms[flat[t]], flat[t + 1]]);
    out.push({ length: flat[at], terms: pairs });
  }
  return out;
}

function isBase(value: unknown): value is PatchBase {
  const b = value as PatchBase | undefined;
  return !!b && typeof b.index === 'string' && typeof b.skeleton === 'string' && Array.isArray(b.pages) && Array.isArray(b.groups) && b.weights instanceof Int32Array;
}
