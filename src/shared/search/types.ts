// The search index file (`search-index.json`), as written by src/search/buildIndex.ts and read
// by query.ts. SPEC.md §3/§7: an array of `{ documents, index }`, one entry per hit type, the
// array position being the type.

/** Kinds of hits, in ranking order (titles first). The value is the entry's position in the file. */
export const SearchDocumentType = { Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 } as const;
export type SearchDocumentType = (typeof SearchDocumentType)[keyof typeof SearchDocumentType];

/** Every type, in ranking order. */
export const SEARCH_TYPES: readonly SearchDocumentType[] = [0, 1, 2, 3, 4];

/**
 * Contexts of API field headings (`StoredDocument.s`). Query ranking reads them (parameters before
 * response fields), so documents.ts and query.ts share these strings.
 */
export const FieldContext = {
  path: 'Path parameter',
  query: 'Query parameter',
  header: 'Header parameter',
  cookie: 'Cookie parameter',
  requestBody: 'Request body',
  response: 'Response',
  authentication: 'Authentication',
  callback: 'Callback',
} as const;

/**
 * A document as stored in the file. Keys are short on purpose. What is stored where, so that no
 * text is stored twice:
 * - Title `{ i, t, u, b }`: the page id, its title, URL (with baseUrl, no anchor) and breadcrumb
 *   (`Guides › Boundaries`, the page itself left out).
 * - Heading `{ i, t, p, h, s? }`: a section id, the heading text, its page id, its anchor, and for
 *   API fields a short context (`Query parameter`, `Response 200 › data › boundaries`).
 * - Description, Keywords `{ i, t, p }`: they reuse their page's id (`i === p`), so a page found by
 *   its title is not listed again for its description (results are de-duplicated by id).
 * - Content `{ i, t, p }`: the text of one section, stored once (the index holds terms, not text;
 *   the UI shows a 50/100-character context around the first match, cut from it at query time).
 *   It reuses the id of the heading it sits under (the page id for text before the first heading),
 *   so its anchor and section title come from that heading and a section found by its heading is
 *   not listed again for its text. (An API page's description is the first sentence of its text:
 *   that one sentence is in both; a text equal to the description is not stored.)
 */
export interface StoredDocument {
  i: number;
  t: string;
  p?: number;
  u?: string;
  b?: string;
  h?: string;
  s?: string;
}

/**
 * elasticlunr 0.9.5's `Index#toJSON()` with `ref: 'i'`, one field `t`, no stored documents and an
 * empty pipeline (terms come from tokenize.ts). `index.t.root` is a character trie: each node has
 * `docs` (`{ [ref]: { tf } }`, tf = √count), `df`, and one key per next character.
 */
export interface SerializedElasticlunrIndex {
  version: string;
  fields: string[];
  ref: string;
  documentStore: { docs: Record<string, null>; docInfo: Record<string, Record<string, number>>; length: number; save: boolean };
  index: Record<string, { root: TrieNode }>;
  pipeline: string[];
}

export interface TrieNode {
  docs: Record<string, { tf: number }>;
  df: number;
  [char: string]: TrieNode | Record<string, { tf: number }> | number;
}

export interface SearchIndexEntry {
  documents: StoredDocument[];
  index: SerializedElasticlunrIndex;
}

/** The whole file: entry `n` holds the documents of type `n`. */
export type SearchIndexFile = SearchIndexEntry[];

// ---------------------------------------------------------------------------------------------
// The sharded index of large sites (src/search/shards.ts writes it, sharded.ts reads it).

/** Sites listing more pages than this get a sharded index (`search.shardAbovePages`). */
export const SHARD_ABOVE_PAGES = 300;

/** `search-index/manifest.json`. Paths are relative to the manifest's URL. */
export interface ShardedManifest {
  v: 1;
  /** Pages indexed. */
  pages: number;
  /** Indexed documents per type (elasticlunr's `documentStore.length`, for idf). */
  n: number[];
  /** Term ranges in code-unit order: `[first term, file]`; each runs up to the next one's first term. */
  shards: [string, string][];
  /** Term length → file of the terms of that length with their document frequency. */
  lexicon: Record<string, string>;
  /** Folder of the page fragments, `<pageId>.json` each. */
  fragments: string;
  /**
   * File of every page id, as differences from the previous one. A document's page is the
   * greatest page id not above its id (ids are given page by page); a query fetches it only when
   * it looks for pages holding its words over several sections.
   */
  pageIds: string;
}

/**
 * A shard: `t` term → postings per type (0 when the type lacks the term). Postings are integer
 * columns, one entry per document: ids (each as the difference from the previous one), counts of
 * the term, field lengths; Heading and Content add the distances to the page id and the API
 * field weight codes (0: none; the column is left out when all are 0). A long list is
 * `[document frequency, file of ids and counts, file of the other columns]` instead (the first
 * fetched when a search scores that type, the second only when it takes its candidates from this
 * list). `k`: first term → `[title id, title key, title words as written]` of the titles starting
 * with it (the third left out when equal to the key), for the exact-title ranking.
 */
export interface ShardFile {
  t: Record<string, (number[][] | [number, string, string] | 0)[]>;
  k: Record<string, ([number, string] | [number, string, string])[]>;
}

/** One page's stored documents, each with its type. */
export interface FragmentFile {
  d: [SearchDocumentType, StoredDocument][];
}
