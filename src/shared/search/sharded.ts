// Searching a sharded index (src/search/shards.ts writes it) with query.ts itself: the index
// starts empty apart from the manifest, and query.ts asks it (through `PartialIndex`) for every
// term, prefix range, lexicon length and page it uses. A search that lacked something records
// it, the missing files are fetched in parallel, and the search runs again, until nothing is
// missing: a query downloads only the shards of its words (all shards of the last word's prefix
// range), the ids and counts of its common words' long lists in the types it scores (their
// lengths and weights only for its rarest word), the lexicon lengths a typo needs, the list of
// page ids when it looks for pages holding its words over several sections, and the fragments of
// the pages it shows. Each pass is the same synchronous search over more data, so
// the answer is exactly the single-file one.
//
// Isomorphic: the browser passes a `fetch` of same-origin URLs, the tests and the bench read files.
import { fieldWeight, search, type LoadedSearchIndex, type PartialIndex, type SearchOptions, type SearchResponse } from './query';
import { SEARCH_TYPES, SearchDocumentType, type FragmentFile, type ShardFile, type ShardedManifest, type TrieNode } from './types';

/** Fetches and parses one file of the index, by its path relative to the manifest. */
export type FetchIndexFile = (path: string) => Promise<unknown>;

export interface ShardedSearchIndex {
  index: LoadedSearchIndex;
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
}

export function isShardedManifest(data: unknown): data is ShardedManifest {
  const m = data as ShardedManifest | null;
  return typeof m === 'object' && m !== null && !Array.isArray(m) && m.v === 1 && Array.isArray(m.shards) && Array.isArray(m.n) && typeof m.fragments === 'string' && typeof m.pageIds === 'string';
}

// Every pass that lacks something loads at least one file not loaded before, so searches end; a
// query on a big site may take a dozen passes (each type's long lists, pages for a correction).
const MAX_PASSES = 100;

export function loadShardedIndex(manifest: ShardedManifest, fetchFile: FetchIndexFile): ShardedSearchIndex {
  if (!isShardedManifest(manifest) || manifest.n.length !== SEARCH_TYPES.length || !manifest.shards.length) throw new Error('Invalid search index: not a search manifest.');
  const firsts = manifest.shards.map(([first]) => first);
  const loadedShards = new Set<number>();
  const loadedLengths = new Set<number>();
  const loadedPages = new Set<number>();
  const need = { shards: new Set<number>(), lengths: new Set<number>(), pages: new Set<number>(), postings: new Set<string>(), details: new Set<string>(), pageIds: false };
  /** `type NUL term` → the two files of a long posting list; the lists loaded (ids and counts, with their ids), and those with details. */
  const longLists = new Map<string, [postings: string, details: string]>();
  const listIds = new Map<string, number[]>();
  const loadedDetails = new Set<string>();
  /** Files being fetched or applied, so that searches typed in quick succession share them. */
  const inFlight = new Map<string, Promise<void>>();

  /** Index of the shard whose range holds `term`: the last one starting at or before it. */
  const shardOf = (term: string) => {
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firsts[mid] <= term) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  const partial: PartialIndex & { reset(): void } = {
    lacksTerms: false,
    lacks: false,
    reset() {
      this.lacksTerms = this.lacks = false;
      need.shards.clear();
      need.lengths.clear();
      need.pages.clear();
      need.postings.clear();
      need.details.clear();
      need.pageIds = false;
    },
    hasPostings(type, term) {
      const key = `${type}\u0000${term}`;
      if (!longLists.has(key) || listIds.has(key)) return true;
      need.postings.add(key);
      this.lacks = true;
      return false;
    },
    hasDetails(type, term) {
      const key = `${type}\u0000${term}`;
      if (!longLists.has(key) || loadedDetails.has(key)) return true;
      need.details.add(key);
      this.lacks = true;
      return false;
    },
    hasTerm(term) {
      const shard = shardOf(term);
      if (loadedShards.has(shard)) return true;
      need.shards.add(shard);
      this.lacksTerms = this.lacks = true;
      return false;
    },
    hasPrefix(prefix) {
      let all = true;
      // Terms starting with `prefix` sort from `prefix` on, before any later shard start without it.
      const from = shardOf(prefix);
      for (let s = from; s < firsts.length && (s === from || firsts[s].startsWith(prefix)); s++) {
        if (loadedShards.has(s)) continue;
        need.shards.add(s);
        all = false;
      }
      if (!all) this.lacksTerms = this.lacks = true;
      return all;
    },
    hasLexicon(min, max) {
      let all = true;
      for (let length = min; length <= max; length++) {
        if (!(String(length) in manifest.lexicon) || loadedLengths.has(length)) continue;
        need.lengths.add(length);
        all = false;
      }
      if (!all) this.lacksTerms = this.lacks = true;
      return all;
    },
    hasPageIds() {
      if (index.pageIds) return true;
      need.pageIds = true;
      this.lacks = true;
      return false;
    },
    hasPage(pageId) {
      if (loadedPages.has(pageId)) return true;
      need.pages.add(pageId);
      this.lacks = true;
      return false;
    },
  };

  const index: LoadedSearchIndex = {
    types: SEARCH_TYPES.map((type) => ({ type, docs: new Map(), root: emptyNode(), lengths: {}, n: manifest.n[type], terms: new Map(), keys: new Map(), rawKeys: new Map(), partial })),
    pages: new Map(),
    headings: new Map(),
    weights: new Map(),
    parents: new Map(),
    partial,
  };

  const applyShard = (shard: ShardFile) => {
    for (const term in shard.t) {
      shard.t[term].forEach((entry, type) => {
        if (entry === 0) return;
        const node = insert(index.types[type].root, term);
        if (isLongList(entry)) {
          node.df = entry[0];
          longLists.set(`${type}\u0000${term}`, [entry[1], entry[2]]);
        } else {
          node.df = entry[0].length;
          fill(type, node, entry);
        }
      });
    }
    const titles = index.types[SearchDocumentType.Title];
    for (const first in shard.k)
      for (const [id, key, literal] of shard.k[first]) {
        titles.keys.set(id, key);
        if (literal !== undefined) titles.rawKeys.set(id, literal);
      }
    for (const t of index.types) t.terms.clear();
  };

  const fill = (type: number, node: TrieNode & { docs: Record<string, { tf: number }> }, columns: number[][]) => {
    const t = index.types[type];
    const [ids, counts, lengths, parents, weights] = columns;
    let id = 0;
    for (let k = 0; k < ids.length; k++) {
      id += ids[k];
      node.docs[id] = { tf: Math.sqrt(counts[k]) };
      t.lengths[id] = { t: lengths[k] };
      index.parents.set(id, parents ? id - parents[k] : id);
      if (weights?.[k]) index.weights.set(id, fieldWeight(weights[k]));
    }
  };

  const applyLongList = (key: string, [deltas, counts]: number[][]) => {
    const [type, term] = key.split('\u0000');
    const node = insert(index.types[Number(type)].root, term);
    const ids: number[] = [];
    let id = 0;
    for (let k = 0; k < deltas.length; k++) {
      ids.push((id += deltas[k]));
      node.docs[id] = { tf: Math.sqrt(counts[k]) };
    }
    listIds.set(key, ids);
    for (const t of index.types) t.terms.clear();
  };

  const applyDetails = (key: string, [lengths, parents, weights]: number[][]) => {
    const t = index.types[Number(key.split('\u0000')[0])];
    listIds.get(key)!.forEach((id, k) => {
      t.lengths[id] = { t: lengths[k] };
      index.parents.set(id, parents ? id - parents[k] : id);
      if (weights?.[k]) index.weights.set(id, fieldWeight(weights[k]));
    });
    loadedDetails.add(key);
  };

  const applyLexicon = (terms: Record<string, number>) => {
    index.lexicon ??= new Map();
    for (const term in terms) index.lexicon.set(term, terms[term]);
  };

  const applyPageIds = (deltas: number[]) => {
    let id = 0;
    index.pageIds = deltas.map((d) => (id += d));
  };

  const applyFragment = (fragment: FragmentFile) => {
    for (const [type, doc] of fragment.d) {
      index.types[type].docs.set(doc.i, doc);
      if (type === SearchDocumentType.Title) index.pages.set(doc.i, doc);
      if (type === SearchDocumentType.Heading) index.headings.set(doc.i, doc);
    }
  };

  /** Runs `run` once per `what` (two long lists with equal postings share a file, not a `what`). */
  const once = (what: string, run: () => Promise<void>): Promise<void> => {
    let promise = inFlight.get(what);
    if (!promise) {
      promise = run();
      inFlight.set(what, promise);
      // A failed file is fetched again by the next search.
      promise.catch(() => inFlight.delete(what));
    }
    return promise;
  };
  const load = (path: string, apply: (data: never) => void, what = path) => once(what, () => fetchFile(path).then((data) => apply(data as never)));
  const loadList = (key: string) => load(longLists.get(key)![0], (columns: number[][]) => applyLongList(key, columns), `list ${key}`);
  // Details are matched to the list's ids, so they are applied once its ids are.
  const loadDetails = (key: string) =>
    once(`details ${key}`, () => Promise.all([fetchFile(longLists.get(key)![1]), loadList(key)]).then(([columns]) => applyDetails(key, columns as number[][])));

  const loadMissing = () =>
    Promise.all([
      ...[...need.shards].map((s) => load(manifest.shards[s][1], (shard: ShardFile) => (applyShard(shard), loadedShards.add(s)))),
      ...[...need.lengths].map((length) => load(manifest.lexicon[length], (terms: Record<string, number>) => (applyLexicon(terms), loadedLengths.add(length)))),
      ...[...need.pages].map((id) => load(`${manifest.fragments}${id}.json`, (fragment: FragmentFile) => (applyFragment(fragment), loadedPages.add(id)))),
      ...[...need.postings].map(loadList),
      ...[...need.details].map(loadDetails),
      ...(need.pageIds ? [load(manifest.pageIds, applyPageIds)] : []),
    ]);

  return {
    index,
    async search(query, options) {
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        partial.reset();
        const response = search(index, query, options);
        if (!partial.lacks) return response;
        await loadMissing();
      }
      throw new Error(`Search for "${query}" still lacked parts of the index after ${MAX_PASSES} loads.`);
    },
  };
}

function isLongList(entry: number[][] | [number, string, string]): entry is [number, string, string] {
  return typeof entry[0] === 'number';
}

function emptyNode(): TrieNode {
  return { docs: {}, df: 0 };
}

/** The trie node of `term`, created (with its path) when missing. */
function insert(root: TrieNode, term: string): TrieNode & { docs: Record<string, { tf: number }> } {
  let node = root;
  // By UTF-16 code unit, as elasticlunr's trie (and query.ts's lookups) go.
  for (let k = 0; k < term.length; k++) {
    let next = node[term[k]] as TrieNode | undefined;
    if (!next) node[term[k]] = next = emptyNode();
    node = next;
  }
  return node as TrieNode & { docs: Record<string, { tf: number }> };
}
