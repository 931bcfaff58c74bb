// Searching `search-index.json` (isomorphic: Node for tests and bench, browser bundle for the
// search box and /search page). No dependencies: the serialised elasticlunr 0.9.5 indexes are
// read directly (their character trie, document frequencies and field lengths) and scored with
// elasticlunr's formula, so the browser never loads elasticlunr — which cannot run when bundled
// as an ES module (`lunr = elasticlunr` assigns an undeclared global in strict code) and would
// add 5.8 KiB gzip. test/unit/search/query.test.ts checks the scores against elasticlunr's own.
//
// How a query is answered:
// 1. Words: tokenize.ts (the tokeniser of the index). No words, or only stop words (`the`,
//    `of and`: SPEC §9's stop-word filter) → no results.
// 2. Each word becomes a clause: its term, plus — for the last word, while typing — every indexed
//    term it begins (`demog` → `demograph`). A code identifier is searched whole (`school_id`), and
//    by its parts only when it is not indexed whole (`getUserName` then finds "get user name"). A
//    word that matches nothing is replaced by the closest indexed word — edit distance 1 for 4–7
//    letters, 2 for longer (Damerau: a swap is one edit), fewest edits then most frequent — and the
//    response says so (`correctedQuery`). Stop words are optional: they add to the score where
//    indexed (titles, headings, keywords).
// 3. Every other word is required (AND), in tiers: every word in one document; then pages holding
//    every word over several of their documents (three sibling headings of a guide: the page's
//    title is the result); then, for Chinese words, every word or all of its ideographs
//    (`界` finds `学区边界查询`, after the pages with the word itself); then, with three or more
//    words, queries dropping one word (with two words, only when nothing was found before).
// 4. Ranking: tier, then type (page titles, headings, descriptions, keywords, content), then
//    inside a type: an exact page title first (as typed, `Boundary` before `Boundaries`; then by
//    stems; then a title spelling a code identifier in words, `School ids` for `school_id`,
//    which thereby ranks with the fields of that name), then elasticlunr's score (Σ √tf · idf /
//    √length, × the share of query words present; prefix matches weighted 0.15 · typed/term
//    length as in elasticlunr, matches by parts half), times the weight of API fields (see
//    `fieldWeights`), then document order. Results are de-duplicated by document id (a page's
//    title, description and keywords share its id; a section's heading and text share theirs),
//    cut to `limit` (after skipping `offset`, for pages of results; `total` counts them all),
//    then grouped: every result of a page follows the first one of that page, the page title first.
// 5. Each result's text is clipped to `contextLength` characters around the first match, with
//    the matched words as ranges (never HTML: the UI inserts text nodes and marks the ranges).
import { fold, IDEOGRAPH, scanTokens, tokenizeQuery, type QueryWord } from './tokenize';
import { FieldContext, SEARCH_TYPES, SearchDocumentType, type SearchIndexFile, type StoredDocument, type TrieNode } from './types';

export { SearchDocumentType };

export interface LoadedSearchIndex {
  types: TypeIndex[];
  /** Page id → its Title document. */
  pages: Map<number, StoredDocument>;
  /** Section id → its Heading document. */
  headings: Map<number, StoredDocument>;
  /** Section id → ranking weight of an API field (see `fieldWeights`). */
  weights: Map<number, number>;
  /** Every indexed term with its document frequency over all types (built on first typo). */
  lexicon?: Map<string, number>;
  /** Page id of every indexed document id (sharded: of the documents of the loaded postings). */
  parents: Map<number, number>;
  /** Sharded: every page id, ascending, once loaded (see `PartialIndex.hasPageIds`). */
  pageIds?: number[];
  /** Set when the index is loaded in parts (sharded.ts): what is loaded, and what a search lacked. */
  partial?: PartialIndex;
}

/**
 * A sharded index (sharded.ts) holds only the shards, lexicon buckets and page fragments loaded
 * so far. `search()` asks it before using anything: an answer of `false` records what is missing
 * (the caller loads it and searches again), so a search over the loaded parts gives exactly the
 * results of the whole index.
 */
export interface PartialIndex {
  /** The shard holding this term (its document frequencies, and the title keys starting with it) is loaded. */
  hasTerm(term: string): boolean;
  /** The term's postings of this type are loaded (long lists have files of their own). */
  hasPostings(type: SearchDocumentType, term: string): boolean;
  /**
   * The field lengths, page ids and API field weights of the term's documents of this type are
   * loaded (with its postings). A long list keeps them in a second file, needed only when a
   * search takes its candidates from that list.
   */
  hasDetails(type: SearchDocumentType, term: string): boolean;
  /** Every shard holding terms that start with `prefix` is loaded. */
  hasPrefix(prefix: string): boolean;
  /** The lexicon of terms of these lengths (UTF-16 code units) is loaded. */
  hasLexicon(minLength: number, maxLength: number): boolean;
  /** The page's documents (its fragment) are loaded. */
  hasPage(pageId: number): boolean;
  /** The list of every page id is loaded (into `LoadedSearchIndex.pageIds`). */
  hasPageIds(): boolean;
  /** Some shard or lexicon bucket was missing during this search. */
  lacksTerms: boolean;
  /** Something was missing during this search. */
  lacks: boolean;
}

interface TypeIndex {
  type: SearchDocumentType;
  docs: Map<number, StoredDocument>;
  root: TrieNode;
  lengths: Record<string, Record<string, number>>;
  /** Number of indexed documents (elasticlunr's `documentStore.length`). */
  n: number;
  /** Term → its trie node with postings (or null), filled as queries look terms up. */
  terms: Map<string, TrieNode | null>;
  /** Title id → its words' terms (for the exact-title test), filled on demand. */
  keys: Map<number, string>;
  /** Title id → its words as written (folded, not stemmed), where they differ from `keys`: `Boundaries` vs `Boundary`. */
  rawKeys: Map<number, string>;
  partial?: PartialIndex;
}

export interface SearchOptions {
  /** Most results returned (the search box shows 8, the search page 100 a page). @default 8 */
  limit?: number;
  /**
   * Results skipped first, for pages of results: `{ offset: 100, limit: 100 }` is the second
   * page, ranks 101–200 (grouped by page within that slice). @default 0
   */
  offset?: number;
  /**
   * Also count every result (`total` in the response). This ranks every type and query variant
   * instead of stopping once `offset + limit` are found, which on a sharded index may fetch more
   * files; the search page asks for it, the search box does not. @default false
   */
  total?: boolean;
  /** Characters of context around the first match. @default 50 */
  contextLength?: number;
  /** Treat the last word as a prefix (search as you type). @default true */
  prefix?: boolean;
  /**
   * Filter stop words (SPEC §9, `search.stopWords`): a query made only of them finds nothing.
   * With `false` such a query searches them, in titles, headings and keywords. @default true
   */
  stopWords?: boolean;
}

export interface SearchResult {
  /** Document id; unique among the results. */
  id: number;
  type: SearchDocumentType;
  /** Where the result leads: the page URL, plus `#anchor` for a section. */
  url: string;
  anchor: string;
  /** Text to show (title, heading, description, keywords or content), clipped to `contextLength` around the first match, `…` where cut. */
  text: string;
  /** Matched words in `text`, as `[start, end)` UTF-16 offsets, in order, not overlapping. */
  ranges: [number, number][];
  /** For content: the heading of its section (`''` before the first heading); for API fields: their context (`Query parameter`). */
  section: string;
  page: { id: number; title: string; url: string };
  /** `Guides › Boundaries`, `API › Schools`. */
  breadcrumb: string;
  /** Listed under an earlier result of the same page. */
  child: boolean;
  score: number;
  /**
   * Set for an API field (a heading with a context, or the text under one), so that the result
   * reads as Redocly's do: `GET /v1/boundaries/search · Header parameter → x-data-version`, with
   * the field's own description. Made from documents the index already holds (the page's
   * keywords, the heading, its text): the file format is unchanged.
   */
  field?: SearchField;
}

export interface SearchField {
  /** `GET /v1/boundaries/search` (a webhook: `Webhook <event> POST`); `''` off operation pages (overview's Authentication). */
  operation: string;
  /** Where the field sits, with `→` between the steps: `Header parameter`, `Response 200 → data → boundaries`. */
  context: string;
  /** The field's name (the heading's text). */
  name: string;
  /** For a hit on the name: the field's description, clipped and marked as `text` is (absent when it has none). */
  description?: { text: string; ranges: [number, number][] };
}

export interface SearchResponse {
  results: SearchResult[];
  /** Every result there is, without `limit` (only with `options.total`): what the search page counts and pages through. */
  total?: number;
  /** The query words as searched (after correction), for `_highlight` on the target page. */
  terms: string[];
  /** Set when a word matched nothing and the closest indexed word was used instead: "Showing results for …". */
  correctedQuery?: string;
}

/** Reads a parsed (or raw JSON) `search-index.json`. */
export function loadSearchIndex(file: SearchIndexFile | string): LoadedSearchIndex {
  const data: SearchIndexFile = typeof file === 'string' ? JSON.parse(file) : file;
  if (!Array.isArray(data) || data.length !== SEARCH_TYPES.length) throw new Error('Invalid search index: expected one entry per search document type.');
  const pages = new Map<number, StoredDocument>();
  const headings = new Map<number, StoredDocument>();
  const types = SEARCH_TYPES.map((type): TypeIndex => {
    const entry = data[type];
    const store = entry?.index?.documentStore;
    const root = entry?.index?.index?.t?.root;
    if (!entry || !Array.isArray(entry.documents) || !store || !root) throw new Error(`Invalid search index: entry ${type} is not an elasticlunr index of documents.`);
    const docs = new Map<number, StoredDocument>();
    for (const d of entry.documents) {
      docs.set(d.i, d);
      if (type === SearchDocumentType.Title) pages.set(d.i, d);
      if (type === SearchDocumentType.Heading) headings.set(d.i, d);
    }
    return { type, docs, root, lengths: store.docInfo, n: store.length, terms: new Map(), keys: new Map(), rawKeys: new Map() };
  });
  const parents = new Map<number, number>();
  for (const t of types) for (const d of t.docs.values()) parents.set(d.i, d.p ?? d.i);
  return { types, pages, headings, weights: fieldWeights(headings), parents };
}

/**
 * Ranking weights of API fields (headings with a context, and the text under them). Parameters
 * document an input, so they come before request-body and response fields; and a field repeated
 * on many pages (the `x-data-version` header of every operation, the response envelope) is
 * boilerplate: its weight is divided by 1 + ln(number of pages repeating it), so one guide section
 * about it is not buried under a dozen identical rows.
 */
function fieldWeights(headings: Map<number, StoredDocument>): Map<number, number> {
  const weights = new Map<number, number>();
  const fields = [...headings.values()].filter((d) => d.s);
  for (const [id, code] of fieldWeightCodes(fields.length, (k) => fields[k].i, (k) => fields[k].t, (k) => fields[k].s!)) weights.set(id, fieldWeight(code));
  return weights;
}

/** Field kinds, by weight: path parameters, responses, …; query/header/cookie parameters; request-body fields; response fields. */
const FIELD_KIND_WEIGHTS = [1, 0.95, 0.9, 0.85];

/**
 * Each API field heading's weight as an integer code, `repeats · 4 + kind` (kind: index in
 * FIELD_KIND_WEIGHTS), so a sharded index can store it in its postings and give the same weight.
 * The n headings with a context are given by position: the sharded index reads them from
 * columns (search/table.ts), where an object each was a million objects on a large site.
 */
export function fieldWeightCodes(n: number, id: (k: number) => number, text: (k: number) => string, context: (k: number) => string): Map<number, number> {
  // Heading text → context → how often: maps of the documents' own strings, whose hashes V8
  // keeps, instead of a key string made per lookup (twice as fast on the 7,000-page site).
  const repeats = new Map<string, Map<string, number>>();
  for (let k = 0; k < n; k++) {
    let contexts = repeats.get(text(k));
    if (!contexts) repeats.set(text(k), (contexts = new Map()));
    contexts.set(context(k), (contexts.get(context(k)) ?? 0) + 1);
  }
  const codes = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const s = context(k);
    const kind =
      s === FieldContext.path || s === FieldContext.response || s === FieldContext.authentication || s === FieldContext.callback
        ? 0
        : s === FieldContext.query || s === FieldContext.header || s === FieldContext.cookie
          ? 1
          : s.startsWith(FieldContext.requestBody)
            ? 2
            : 3; // response fields and headers
    codes.set(id(k), repeats.get(text(k))!.get(s)! * 4 + kind);
  }
  return codes;
}

export function fieldWeight(code: number): number {
  return FIELD_KIND_WEIGHTS[code % 4] / (1 + Math.log(Math.floor(code / 4)));
}

// ---------------------------------------------------------------------------------------------
// The trie

function node(root: TrieNode, term: string): TrieNode | undefined {
  let n: TrieNode | undefined = root;
  for (let i = 0; i < term.length && n; i++) {
    const next: unknown = n[term[i]];
    n = next && typeof next === 'object' && term[i] !== 'docs' ? (next as TrieNode) : undefined;
  }
  return n;
}

function termNode(t: TypeIndex, term: string): TrieNode | null {
  if (t.partial && !t.partial.hasTerm(term)) return null;
  let n = t.terms.get(term);
  if (n === undefined) {
    const found = node(t.root, term);
    n = found && found.df > 0 ? found : null;
    if (t.terms.size > 20_000) t.terms.clear();
    t.terms.set(term, n);
  }
  return n;
}

function postings(t: TypeIndex, term: string): Record<string, { tf: number }> | undefined {
  const n = termNode(t, term);
  // Sharded, a long list comes when a search first scores this type: empty until then (and the search runs again).
  if (n && t.partial && !t.partial.hasPostings(t.type, term)) return n.docs;
  return n?.docs;
}

/** elasticlunr's idf: 1 + ln(N / (df + 1)). */
function idf(t: TypeIndex, term: string): number {
  return 1 + Math.log(t.n / ((termNode(t, term)?.df ?? 0) + 1));
}

/** Indexed terms starting with `prefix`: the shortest first (then in code-unit order), at most `max`. */
function expand(t: TypeIndex, prefix: string, max = 64): string[] {
  if (t.partial && !t.partial.hasPrefix(prefix)) return [];
  const start = node(t.root, prefix);
  if (!start) return [];
  const out: string[] = [];
  const walk = (n: TrieNode, term: string) => {
    if (n.df > 0) out.push(term);
    for (const key in n) if (key !== 'docs' && key !== 'df') walk(n[key] as TrieNode, term + key);
  };
  walk(start, prefix);
  // Sorted fully (not in trie order), so an index rebuilt from shards expands in the same order.
  out.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return out.length > max ? out.slice(0, max) : out;
}

function lexicon(index: LoadedSearchIndex): Map<string, number> {
  if (index.lexicon) return index.lexicon;
  const lex = new Map<string, number>();
  for (const t of index.types) {
    const walk = (n: TrieNode, term: string) => {
      if (n.df > 0) lex.set(term, (lex.get(term) ?? 0) + n.df);
      for (const key in n) if (key !== 'docs' && key !== 'df') walk(n[key] as TrieNode, term + key);
    };
    walk(t.root, '');
  }
  return (index.lexicon = lex);
}

// ---------------------------------------------------------------------------------------------
// Clauses

/** What one query word matches: any of `terms` (term → weight), or else all of `parts`. */
interface Clause {
  word: QueryWord;
  terms: Map<string, number>;
  parts: Clause[];
  /** Optional stop word: adds to the score, never required. */
  optional: boolean;
  /** Its documents per type (computed once per query). */
  refs?: Map<SearchDocumentType, Set<string>>;
}

const PREFIX_WEIGHT = 0.15;
const MAX_WORDS = 12;
const PARTS_WEIGHT = 0.5;

function exists(index: LoadedSearchIndex, term: string): boolean {
  return index.types.some((t) => termNode(t, term) !== null);
}

/** The clause's terms: the exact term, plus every term it begins when `prefix`. */
function termsFor(index: LoadedSearchIndex, term: string, raw: string, prefix: boolean): Map<string, number> {
  const terms = new Map<string, number>();
  if (exists(index, term)) terms.set(term, 1);
  if (prefix) {
    for (const p of raw !== term ? [term, raw] : [term]) {
      for (const t of index.types) {
        for (const x of expand(t, p)) if (!terms.has(x)) terms.set(x, x === term ? 1 : (PREFIX_WEIGHT * p.length) / x.length);
      }
    }
  }
  return terms;
}

function matchable(c: Clause): boolean {
  return c.terms.size > 0 || (c.parts.length > 0 && c.parts.every(matchable));
}

/** Restricted Damerau–Levenshtein distance, or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** Allowed typo distance for a word of this many characters. */
function typoBudget(length: number): number {
  return length < 4 ? 0 : length <= 7 ? 1 : 2;
}

/** The closest indexed term to a word that matched nothing: least edits, then most frequent. */
function correct(index: LoadedSearchIndex, word: QueryWord): string | undefined {
  const max = typoBudget([...word.raw].length);
  if (max === 0) return undefined;
  if (index.partial) {
    // Only terms within `max` of the word's length can be close enough (editDistance says so too).
    if (index.partial.lacksTerms) return undefined;
    const lengths = [word.term.length, word.raw.length];
    if (!index.partial.hasLexicon(Math.max(1, Math.min(...lengths) - max), Math.max(...lengths) + max)) return undefined;
  }
  let best: string | undefined;
  let bestDistance = max + 1;
  let bestDf = 0;
  for (const [term, df] of lexicon(index)) {
    let d = editDistance(word.term, term, max);
    if (d > 0 && word.raw !== word.term) d = Math.min(d, editDistance(word.raw, term, max));
    if (d < bestDistance || (d === bestDistance && d <= max && (df > bestDf || (df === bestDf && best !== undefined && term < best)))) {
      best = term;
      bestDistance = d;
      bestDf = df;
    }
  }
  return bestDistance <= max ? best : undefined;
}

/** A word of the documents that gives `term`, as written there (the closest to what was typed). */
function surfaceOf(index: LoadedSearchIndex, term: string, typed: string): string {
  let best = term;
  let bestDistance = Infinity;
  // Titles and headings first (short texts), content only when they do not have the term.
  for (const t of index.types) {
    if (t.partial && termNode(t, term) && !t.partial.hasDetails(t.type, term)) break;
    const docs = postings(t, term);
    if (!docs) continue;
    let checked = 0;
    let lacking = false;
    for (const ref in docs) {
      if (++checked > 4) break;
      // Sharded: the pages of these documents first (asked for one type at a time, as needed).
      if (index.partial && !index.partial.hasPage(index.parents.get(Number(ref)) ?? Number(ref))) {
        lacking = true;
        continue;
      }
      const doc = t.docs.get(Number(ref));
      if (!doc) break;
      for (const tok of scanTokens(doc.t)) {
        if (tok.term !== term) continue;
        const text = fold(doc.t.slice(tok.start, tok.end));
        const d = editDistance(typed, text, 99);
        if (d < bestDistance) {
          best = text;
          bestDistance = d;
        }
      }
    }
    if (lacking || bestDistance <= 1) break;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Scoring

interface Scored {
  /** Document id. */
  id: number;
  type: SearchDocumentType;
  score: number;
  /** How exactly a page title matches the query (Title type only): see `ExactLevel`. */
  exact: number;
}

/**
 * Exact page titles, strongest first: the words as typed (`Boundary` for `boundary`, before
 * `Boundaries`), the same stems (`boundaries` for `Boundary`, `Get a school` for `get a schools`),
 * or an identifier spelled out in words (`School ids` for `school_id`).
 */
const ExactLevel = { none: 0, identifier: 1, stems: 2, literal: 3 } as const;

/** The keys a page title is compared with (see `wordsKey`). */
interface QueryKeys {
  stems: string;
  literal: string;
  /** The query with each code identifier replaced by its atoms (`school id`), when it has one. */
  identifier?: string;
}

/** Score of one clause on one document of `t`, or 0 when it does not match. */
function clauseScore(t: TypeIndex, c: Clause, ref: string, len: number): number {
  let best = 0;
  for (const [term, weight] of c.terms) {
    const hit = postings(t, term)?.[ref];
    if (hit) best += (hit.tf * idf(t, term) * weight) / len;
  }
  if (c.parts.length) {
    let sum = 0;
    for (const p of c.parts) {
      const s = clauseScore(t, p, ref, len);
      if (s === 0) return best;
      sum += s;
    }
    best = Math.max(best, sum * PARTS_WEIGHT);
  }
  return best;
}

/** Documents of one clause (candidates), as refs. */
function clauseRefs(t: TypeIndex, c: Clause): Set<string> {
  const cached = c.refs?.get(t.type);
  if (cached) return cached;
  const refs = new Set<string>();
  (c.refs ??= new Map()).set(t.type, refs);
  for (const term of c.terms.keys()) {
    const docs = postings(t, term);
    if (docs) for (const ref in docs) refs.add(ref);
  }
  if (c.parts.length) {
    let common: Set<string> | undefined;
    for (const p of c.parts) {
      const r = clauseRefs(t, p);
      common = common ? new Set([...common].filter((x) => r.has(x))) : r;
      if (!common.size) break;
    }
    for (const ref of common ?? []) refs.add(ref);
  }
  return refs;
}

function scoreType(index: LoadedSearchIndex, t: TypeIndex, required: Clause[], optional: Clause[], keys: QueryKeys, extraTitles: number[] = []): Scored[] {
  const out = required.length ? scoreCandidates(index, t, required, optional, keys) : [];
  // Titles spelling the query's identifier in words match none of its terms, but are exact.
  if (extraTitles.length) {
    const found = new Set(out.map((s) => s.id));
    for (const id of extraTitles) if (!found.has(id)) out.push({ id, type: t.type, score: 0, exact: ExactLevel.identifier });
  }
  return out.sort((a, b) => b.exact - a.exact || b.score - a.score || a.id - b.id);
}

function scoreCandidates(index: LoadedSearchIndex, t: TypeIndex, required: Clause[], optional: Clause[], keys: QueryKeys): Scored[] {
  // Candidates: the documents of the rarest clause, kept when every other clause matches.
  const sets = required.map((c) => clauseRefs(t, c)).sort((a, b) => a.size - b.size);
  // Sharded: only candidates' lengths and weights are read, and candidates are documents of every
  // clause, so the details of one clause are enough: the rarest's, the smallest.
  if (t.partial && (!hasDetails(t, rarest(t, required)) || t.partial.lacks)) return [];
  if (!sets[0].size) return [];
  const total = required.length + optional.length;
  const out: Scored[] = [];
  for (const ref of sets[0]) {
    if (!sets.every((s) => s.has(ref))) continue;
    const id = Number(ref);
    const fieldLength = t.lengths[ref]?.t ?? 0;
    const len = fieldLength > 0 ? Math.sqrt(fieldLength) : 1;
    let score = 0;
    let matched = 0;
    for (const c of required) {
      score += clauseScore(t, c, ref, len);
      matched++;
    }
    for (const c of optional) {
      const s = clauseScore(t, c, ref, len);
      if (s > 0) {
        score += s;
        matched++;
      }
    }
    score *= (matched / total) * (t.type === SearchDocumentType.Heading || t.type === SearchDocumentType.Content ? (index.weights.get(id) ?? 1) : 1);
    out.push({ id, type: t.type, score, exact: t.type === SearchDocumentType.Title ? exactLevel(t, id, keys) : ExactLevel.none });
  }
  return out;
}

/** The page a hit belongs to (titles, descriptions and keywords have their page's id). */
function pageOf(index: LoadedSearchIndex, hit: { id: number; type: SearchDocumentType }): number {
  return hit.type === SearchDocumentType.Title ? hit.id : (index.parents.get(hit.id) ?? hit.id);
}

/** Where a word found in a page counts most, by type (title, heading, description, keywords, text). */
const SPREAD_TYPE_WEIGHTS = [5, 4, 3, 2, 1];

/**
 * Pages holding every clause though no single document of theirs does (those with a document
 * holding them all are in `exclude`): "rate limits retries errors" where each is the heading of
 * one section of a guide. Each is a result of its title, scored by where its words are (the best
 * place of each word: title 5 … text 1), so pages with the words in headings come first.
 * Sharded, this needs the page of every document of the clauses (`sectionPage`); it is only
 * reached when the tier above left room for results.
 */
function spreadPages(index: LoadedSearchIndex, clauses: Clause[], exclude: Set<number>): Scored[] {
  let pages: Map<number, number> | undefined;
  for (const c of clauses) {
    const own = new Map<number, number>();
    for (const t of index.types) {
      const refs = clauseRefs(t, c);
      if (!refs.size) continue;
      const inSection = t.type === SearchDocumentType.Heading || t.type === SearchDocumentType.Content;
      for (const ref of refs) {
        const id = Number(ref);
        const page = inSection ? sectionPage(index, id) : id;
        if (page === undefined || exclude.has(page) || (pages && !pages.has(page))) continue;
        own.set(page, Math.max(own.get(page) ?? 0, SPREAD_TYPE_WEIGHTS[t.type]));
      }
    }
    if (index.partial?.lacks) return [];
    const before = pages;
    pages = before ? new Map([...own].map(([page, w]) => [page, w + before.get(page)!])) : own;
    if (!pages.size) return [];
  }
  return [...(pages ?? [])]
    .map(([id, score]): Scored => ({ id, type: SearchDocumentType.Title, score, exact: ExactLevel.none }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * The page of a heading or text. Sharded, a long list's pages come with its second file, which a
 * search fetches only for its rarest word: the others' are found in the list of page ids (one
 * small file instead of a long list's lengths and weights for every word).
 */
function sectionPage(index: LoadedSearchIndex, id: number): number | undefined {
  const known = index.parents.get(id);
  if (known !== undefined || !index.partial) return known ?? id;
  if (!index.partial.hasPageIds()) return undefined;
  const ids = index.pageIds!;
  let lo = 0;
  let hi = ids.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ids[mid] <= id) lo = mid;
    else hi = mid - 1;
  }
  return ids[lo];
}

/** The clause of a Chinese word that also matches its ideographs one by one (`边界` → `边` and `界`, anywhere). */
function ideographClause(index: LoadedSearchIndex, c: Clause): Clause {
  const parts = c.word.ideographs.map((ch): Clause => {
    const terms = new Map<string, number>();
    for (const term of [IDEOGRAPH + ch, ch]) if (exists(index, term)) terms.set(term, 1);
    return { word: { ...c.word, term: ch, raw: ch, parts: [], atoms: [], ideographs: [] }, terms, parts: [], optional: false };
  });
  return { word: c.word, terms: c.terms, parts, optional: false };
}

/** A page title's keys (stems, words as written), computed on first use; sharded, those of the loaded shards. */
function titleKeys(t: TypeIndex, id: number): [stems: string, literal: string] | undefined {
  let key = t.keys.get(id);
  // Sharded, the keys of the titles that could be exact (those starting with the query's first
  // term) come with that term's shard; a title without a key there cannot be exact.
  if (key === undefined) {
    if (t.partial) return undefined;
    const text = t.docs.get(id)?.t ?? '';
    t.keys.set(id, (key = wordsKey(text)));
    const literal = literalKey(text);
    if (literal !== key) t.rawKeys.set(id, literal);
  }
  return [key, t.rawKeys.get(id) ?? key];
}

function exactLevel(t: TypeIndex, id: number, keys: QueryKeys): number {
  const k = titleKeys(t, id);
  if (!k) return ExactLevel.none;
  if (k[0] !== keys.stems) return k[0] === keys.identifier ? ExactLevel.identifier : ExactLevel.none;
  return k[1] === keys.literal ? ExactLevel.literal : ExactLevel.stems;
}

/** Page titles whose key is `key` (every title's key is computed once; sharded: those loaded). */
function titlesWithKey(t: TypeIndex, key: string): number[] {
  if (!t.partial) for (const id of t.docs.keys()) titleKeys(t, id);
  const out: number[] = [];
  for (const [id, k] of t.keys) if (k === key) out.push(id);
  return out.sort((a, b) => a - b);
}

/** Sharded: the details of every term of the clause are loaded (each missing one is asked for). */
function hasDetails(t: TypeIndex, c: Clause): boolean {
  let all = true;
  for (const term of c.terms.keys()) if (termNode(t, term) && !t.partial!.hasDetails(t.type, term)) all = false;
  for (const p of c.parts) if (!hasDetails(t, p)) all = false;
  return all;
}

/** The clause with the fewest documents of `t`, from document frequencies (an upper bound for several terms). */
function rarest(t: TypeIndex, clauses: Clause[]): Clause {
  const size = (c: Clause): number => {
    let n = 0;
    for (const term of c.terms.keys()) n += termNode(t, term)?.df ?? 0;
    return c.parts.length ? n + Math.min(...c.parts.map(size)) : n;
  };
  let best = clauses[0];
  let least = Infinity;
  for (const c of clauses) {
    const n = size(c);
    if (n < least) [best, least] = [c, n];
  }
  return best;
}

/** The terms of a page title's words, space-separated: a query with these terms matches it exactly. */
export function wordsKey(text: string): string {
  return tokenizeQuery(text)
    .map((w) => w.term)
    .join(' ');
}

/** A page title's words as written (folded, not stemmed), space-separated: `boundaries`. */
export function literalKey(text: string): string {
  return tokenizeQuery(text)
    .map((w) => w.raw)
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Search

export function search(index: LoadedSearchIndex, query: string, options: SearchOptions = {}): SearchResponse {
  const limit = options.limit ?? 8;
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const contextLength = options.contextLength ?? 50;
  const none = (): SearchResponse => (options.total ? { results: [], terms: [], total: 0 } : { results: [], terms: [] });
  // A pasted paragraph is not a query: its first 12 words are.
  const words = tokenizeQuery(query).slice(0, MAX_WORDS);
  // SPEC §9, stop-word filter on: `the`, `a`, `of and` are no query (inside a longer one they only add to the score).
  const onlyStopWords = words.every((w) => w.stop);
  if (!words.length || limit <= 0 || (onlyStopWords && options.stopWords !== false)) return none();
  const corrections = new Map<QueryWord, string>();

  const clauses: Clause[] = words.map((word, k) => {
    const typing = options.prefix !== false && k === words.length - 1;
    const optional = word.stop && !onlyStopWords;
    const clause: Clause = { word, terms: termsFor(index, word.term, word.raw, typing && !optional), parts: [], optional };
    // A code identifier is searched whole (`school_id`); by its parts only when the whole is not indexed.
    // (Sharded: only once the whole word's shard says it is not indexed.)
    if (word.parts.length && !clause.terms.size && (!index.partial || index.partial.hasTerm(word.term))) {
      clause.parts = word.parts.map((part, j) => {
        const last = typing && j === word.parts.length - 1;
        const p: QueryWord = { ...word, term: part, raw: part, parts: [] };
        return { word: p, terms: termsFor(index, part, part, last), parts: [], optional: false };
      });
    }
    if (!matchable(clause) && !optional && !word.ideographs.length) {
      const fixed = correct(index, word);
      if (fixed) {
        clause.terms = new Map([[fixed, 1]]);
        clause.parts = [];
        corrections.set(word, surfaceOf(index, fixed, word.raw));
      }
    }
    return clause;
  });

  const required = clauses.filter((c) => !c.optional);
  const optional = clauses.filter((c) => c.optional);
  const corrected = (w: QueryWord) => corrections.get(w)!;
  const keys: QueryKeys = {
    stems: words.map((w) => (corrections.has(w) ? (tokenizeQuery(corrected(w))[0]?.term ?? w.term) : w.term)).join(' '),
    literal: words.map((w) => (corrections.has(w) ? fold(corrected(w)) : w.raw)).join(' '),
  };
  if (words.some((w) => w.atoms.length) && !corrections.size) keys.identifier = words.map((w) => (w.atoms.length ? w.atoms.join(' ') : w.term)).join(' ');
  if (index.partial) {
    index.partial.hasTerm(keys.stems.split(' ')[0]);
    if (keys.identifier) index.partial.hasTerm(keys.identifier.split(' ')[0]);
    if (index.partial.lacks) return none();
  }
  const titles = index.types[SearchDocumentType.Title];
  const identifierTitles = keys.identifier ? titlesWithKey(titles, keys.identifier) : [];

  // Tiers, in ranking order: every word in one document (page titles spelling an identifier
  // included); every word in one page, over its sections; every word, Chinese words also by
  // their ideographs; then (3+ words, or 2 words that found nothing) one word dropped.
  type Tier = { kind: 'all' | 'page' | 'ideographs' | 'drop'; clauses: Clause[] };
  const tiers: Tier[] = [{ kind: 'all', clauses: required }];
  if (required.length >= 2) tiers.push({ kind: 'page', clauses: required });
  if (required.some((c) => c.word.ideographs.length)) tiers.push({ kind: 'ideographs', clauses: [] });
  if (required.length >= 2) for (let k = required.length - 1; k >= 0; k--) tiers.push({ kind: 'drop', clauses: required.filter((_, j) => j !== k) });

  // Ranked in the same order whether counted or cut, so that page n of a count is ranks
  // (n - 1) · limit + 1 … n · limit, and the first page is what the search box shows.
  const wanted = options.total ? Infinity : offset + limit;
  const picked: Scored[] = [];
  const seen = new Set<number>();
  const take = (hits: Scored[]) => {
    for (const hit of hits) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      picked.push(hit);
      if (picked.length >= wanted) break;
    }
  };
  let ideographClauses: Clause[] = [];
  for (const tier of tiers) {
    if (picked.length >= wanted) break;
    if (tier.kind === 'drop' && required.length === 2 && picked.length > 0) break;
    if (tier.kind === 'ideographs') tier.clauses = ideographClauses = required.map((c) => (c.word.ideographs.length ? ideographClause(index, c) : c));
    if (!tier.clauses.every(matchable) && !(tier.kind === 'all' && identifierTitles.length)) continue;
    if (tier.kind === 'page') {
      const pages = new Set<number>();
      for (const hit of picked) pages.add(pageOf(index, hit));
      const hits = spreadPages(index, tier.clauses, pages);
      if (index.partial?.lacks) return none();
      take(hits);
      continue;
    }
    for (const t of index.types) {
      const usable = tier.clauses.every(matchable);
      const hits = usable ? scoreType(index, t, tier.clauses, optional, keys, tier.kind === 'all' && t === titles ? identifierTitles : []) : t === titles ? scoreType(index, t, [], [], keys, identifierTitles) : [];
      // Sharded: the postings of this type first; the next types may not be needed at all.
      if (index.partial?.lacks) return none();
      take(hits);
      if (picked.length >= wanted) break;
    }
  }
  const shown = picked.slice(offset, offset + limit);

  // Marking: every term a clause can match; stop words only where they are indexed.
  const markAll = new Set<string>();
  const markStop = new Set<string>();
  const collect = (c: Clause, into: Set<string>) => {
    for (const term of c.terms.keys()) into.add(term);
    for (const p of c.parts) collect(p, into);
  };
  for (const c of clauses) collect(c, c.optional ? markStop : markAll);
  for (const c of ideographClauses) collect(c, markAll);

  // Group: each page's results follow its first one, its title first.
  const order: number[] = [];
  const groups = new Map<number, Scored[]>();
  for (const hit of shown) {
    const page = pageOf(index, hit);
    if (!groups.has(page)) {
      groups.set(page, []);
      order.push(page);
    }
    groups.get(page)!.push(hit);
  }
  if (index.partial) {
    let loaded = true;
    for (const pageId of order) loaded = index.partial.hasPage(pageId) && loaded;
    if (!loaded) return none();
  }
  const results: SearchResult[] = [];
  for (const pageId of order) {
    const group = groups.get(pageId)!;
    group.sort((a, b) => Number(b.type === SearchDocumentType.Title) - Number(a.type === SearchDocumentType.Title));
    group.forEach((hit, k) => results.push(toResult(index, hit, pageId, k > 0, contextLength, markAll, markStop)));
  }

  const terms = words.filter((w) => !w.stop || onlyStopWords).map((w) => corrections.get(w) ?? w.raw);
  let correctedQuery: string | undefined;
  if (corrections.size) {
    correctedQuery = '';
    let last = 0;
    for (const w of words) {
      const fixed = corrections.get(w);
      if (fixed === undefined) continue;
      correctedQuery += query.slice(last, w.start) + fixed;
      last = w.end;
    }
    correctedQuery = (correctedQuery + query.slice(last)).trim();
  }
  const response: SearchResponse = { results, terms };
  if (options.total) response.total = picked.length;
  if (correctedQuery !== undefined) response.correctedQuery = correctedQuery;
  return response;
}

function toResult(index: LoadedSearchIndex, hit: Scored, pageId: number, child: boolean, contextLength: number, markAll: Set<string>, markStop: Set<string>): SearchResult {
  const { type } = hit;
  const doc = index.types[type].docs.get(hit.id) ?? { i: hit.id, t: '' };
  const page = index.pages.get(pageId);
  const pageUrl = page?.u ?? '';
  let anchor = '';
  let section = '';
  if (type === SearchDocumentType.Heading) {
    anchor = doc.h ?? '';
    section = doc.s ?? '';
  } else if (type === SearchDocumentType.Content && doc.i !== pageId) {
    const heading = index.headings.get(doc.i);
    anchor = heading?.h ?? '';
    section = heading?.t ?? '';
  }
  const stopIndexed = type === SearchDocumentType.Title || type === SearchDocumentType.Heading || type === SearchDocumentType.Keywords;
  const clipped = markAndClip(doc.t, markAll, stopIndexed ? markStop : undefined, contextLength);
  const result: SearchResult = {
    id: doc.i,
    type,
    url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
    anchor,
    text: clipped.text,
    ranges: clipped.ranges,
    section,
    page: { id: pageId, title: page?.t ?? '', url: pageUrl },
    breadcrumb: page?.b ?? '',
    child,
    score: hit.score,
  };
  const field = fieldOf(index, doc, type, pageId, contextLength, markAll);
  if (field) result.field = field;
  return result;
}

/** An operation page's keywords (`GET /v1/…`, `Webhook … POST`): what documents.ts writes for operations. */
const OPERATION_KEYWORDS = /^(?:[A-Z]+ \/|Webhook )/;

/** The API field a heading (with a context) or the text under it is, else undefined. */
function fieldOf(index: LoadedSearchIndex, doc: StoredDocument, type: SearchDocumentType, pageId: number, contextLength: number, markAll: Set<string>): SearchField | undefined {
  const heading = type === SearchDocumentType.Heading ? doc : type === SearchDocumentType.Content && doc.i !== pageId ? index.headings.get(doc.i) : undefined;
  if (!heading?.s) return undefined;
  const keywords = index.types[SearchDocumentType.Keywords].docs.get(pageId)?.t ?? '';
  const field: SearchField = { operation: OPERATION_KEYWORDS.test(keywords) ? keywords : '', context: heading.s.split(' › ').join(' → '), name: heading.t };
  if (type === SearchDocumentType.Heading) {
    const text = index.types[SearchDocumentType.Content].docs.get(doc.i)?.t;
    if (text) field.description = markAndClip(text, markAll, undefined, contextLength);
  }
  return field;
}

/**
 * `markText` then `clip`, without tokenising all of a long text: the first match is found, the
 * window around it chosen, and only that stretch (with a margin) is marked.
 */
export function markAndClip(text: string, terms: Set<string>, stop: Set<string> | undefined, max: number): { text: string; ranges: [number, number][] } {
  if (text.length <= max * 2) return clip(text, markText(text, terms, stop).ranges, max);
  const hit = (t: { term: string }) => terms.has(t.term) || stop?.has(t.term) === true;
  const first = scanTokens(text, hit).find(hit);
  const window = clip(text, first ? [[first.start, first.end]] : [], max);
  // The stretch of text the window can show, from a word boundary.
  let from = Math.max(0, (first?.start ?? 0) - max);
  while (from > 0 && /\S/.test(text[from - 1])) from--;
  let to = Math.min(text.length, (first?.end ?? 0) + max);
  while (to < text.length && /\S/.test(text[to])) to++;
  const local = markText(text.slice(from, to), terms, stop).ranges.map(([a, b]): [number, number] => [a + from, b + from]);
  const clipped = clip(text, local.length ? local : first ? [[first.start, first.end]] : [], max);
  return clipped.text === window.text ? clipped : window;
}

/** Ranges of the words of `text` whose terms are in `terms` (or `stop`). */
export function markText(text: string, terms: Set<string>, stop?: Set<string>): { text: string; ranges: [number, number][] } {
  const raw: [number, number][] = [];
  for (const tok of scanTokens(text)) if (terms.has(tok.term) || stop?.has(tok.term)) raw.push([tok.start, tok.end]);
  raw.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: [number, number][] = [];
  for (const r of raw) {
    const last = ranges[ranges.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else ranges.push([r[0], r[1]]);
  }
  return { text, ranges };
}

/**
 * At most `max` characters of `text` (`…` at each cut end included) around its first range,
 * cut at word boundaries where possible; ranges are moved and clipped along.
 */
export function clip(text: string, ranges: [number, number][], max: number): { text: string; ranges: [number, number][] } {
  if (text.length <= max) return { text, ranges };
  const [s0, e0] = ranges[0] ?? [0, 0];
  const room = Math.max(1, max - 2);
  // Centre the first match in the window.
  let start = Math.min(Math.max(0, s0 - Math.floor((room - (e0 - s0)) / 2)), text.length - room, s0);
  start = Math.max(0, start);
  let end = Math.min(text.length, start + (start === 0 ? max - 1 : room));
  // Do not start or end in the middle of a word when a word boundary is near.
  if (start > 0 && /\S/.test(text[start - 1])) {
    const gap = text.slice(start, Math.min(s0, start + 15)).search(/\s/);
    if (gap >= 0) start += gap + 1;
  }
  if (end < text.length && /\S/.test(text[end]) && /\S/.test(text[end - 1])) {
    const from = Math.max(e0, start, end - 15);
    const gap = text.slice(from, end).search(/\s\S*$/);
    if (gap >= 0) end = from + gap;
  }
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  const head = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = head.length - start;
  const out: [number, number][] = [];
  for (const [a, b] of ranges) {
    const s = Math.max(a, start) + shift;
    const e = Math.min(b, end) + shift;
    if (e > s) out.push([s, e]);
  }
  return { text: head + text.slice(start, end) + tail, ranges: out };
}
