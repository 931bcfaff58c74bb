// What an elasticlunr index of each hit type holds, made directly: every term's postings (document
// id → how often the term occurs), each document's field length and the number of documents
// indexed. The sharded index (shards.ts) is written from this; building elasticlunr's character
// trie first, with an object per posting, took most of the search stage of a 7,000-page site
// and much of its memory. Same steps as elasticlunr's `addDoc` with the empty pipeline of
// buildIndex.ts, so the numbers are exactly those of the single file (test/search/sharded.test.ts).
import { SEARCH_TYPES, SearchDocumentType } from '../shared/search/types';
import type { SearchDocument } from './documents';
import { asTable, type DocumentTable } from './table';
import { WordTerms } from './wordTerms';

export interface TypeTerms {
  /** The documents of this type, rows of `table` in its order: `table.stored(row)` is each as the single file stores it. */
  rows: Int32Array;
  table: DocumentTable;
  /** Documents indexed (those with at least one term): elasticlunr's `documentStore.length`. */
  n: number;
  /** Document id → number of its terms (elasticlunr's `docInfo[id].t`). */
  lengths: Map<number, number>;
  /** Term → [id, count, id, count, …] in ascending id order (4 bytes a number, not a JS array's 8: a million documents' postings). */
  postings: Map<string, Int32Array>;
}

/** elasticlunr's tokenizer splits every given term again on whitespace and hyphens. */
const ELASTICLUNR_SEPARATOR = /[\s-]+/;

/** elasticlunr's tokens of the index terms of a word. */
function elasticlunrTokens(terms: string[]): string[] {
  const tokens: string[] = [];
  for (const term of terms) for (const token of term.toLowerCase().split(ELASTICLUNR_SEPARATOR)) tokens.push(token);
  return tokens;
}

/** Texts remembered per stop-word mode at most: API pages repeat most field descriptions and names. */
const MAX_TEXTS = 50_000;

/**
 * The analysed terms of documents (in their order), as numbers into `terms`: for document k,
 * from `flat[offsets[k]]`, its number of tokens (repeats included: elasticlunr's field length),
 * its number of distinct tokens n, then n (token, count) pairs in order of first occurrence.
 * Plain data (a string list and two integer arrays), so that a build can keep it in its memo
 * (search/indexMemo.ts) and the next build analyse only the documents that changed.
 */
export interface AnalysedDocuments {
  terms: string[];
  offsets: Int32Array;
  flat: Int32Array;
}

/** Analyses each document's text: the shared tokeniser's terms, split as elasticlunr would. */
export function analyseDocuments(documents: DocumentTable | readonly SearchDocument[]): AnalysedDocuments {
  return new Analyser().analyse(asTable(documents));
}


/** A text's tokens (global numbers of the Analyser), each once in order of first occurrence, with how often it occurs. */
interface TextTokens {
  /** Number of tokens, repeats included (elasticlunr's field length). */
  length: number;
  tokens: number[];
  counts: number[];
}

/**
 * Analyses documents in parts (the memo's groups of pages, search/indexMemo.ts), remembering
 * words and texts across the parts: a word is tokenised once per build, not once per part.
 * Each part's result numbers its own terms, so it stands alone in the memo.
 */
export class Analyser {
  private readonly numbers = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly words = {
    drop: new WordTerms('drop', (terms) => this.numbered(terms)),
    keep: new WordTerms('keep', (terms) => this.numbered(terms)),
  };
  private readonly texts = { drop: new Map<string, TextTokens>(), keep: new Map<string, TextTokens>() };
  // Occurrences of each token in the text being counted, and the tokens met in it, in order.
  private tally = new Int32Array(1024);
  private readonly met: number[] = [];
  private length = 0;
  private readonly count = (token: number) => {
    this.length++;
    if (token >= this.tally.length) {
      const larger = new Int32Array(Math.max(this.tally.length * 2, token + 1));
      larger.set(this.tally);
      this.tally = larger;
    }
    if (this.tally[token]++ === 0) this.met.push(token);
  };

  /** Rows `start` to `end` of the table. */
  analyse(table: DocumentTable, start = 0, stop = table.length): AnalysedDocuments {
    const of: TextTokens[] = new Array(stop - start);
    for (let k = start; k < stop; k++) of[k - start] = this.tokensOf(table.types[k] === SearchDocumentType.Description || table.types[k] === SearchDocumentType.Content ? 'drop' : 'keep', table.texts[k]);
    // This part's own numbering, in order of first occurrence.
    const local = new Int32Array(this.names.length).fill(-1);
    const terms: string[] = [];
    let size = 0;
    for (const t of of) size += 2 + 2 * t.tokens.length;
    const offsets = new Int32Array(stop - start);
    const flat = new Int32Array(size);
    let end = 0;
    for (let k = 0; k < of.length; k++) {
      const { length, tokens, counts } = of[k];
      offsets[k] = end;
      flat[end++] = length;
      flat[end++] = tokens.length;
      for (let t = 0; t < tokens.length; t++) {
        if (local[tokens[t]] === -1) local[tokens[t]] = terms.push(this.names[tokens[t]]) - 1;
        flat[end++] = local[tokens[t]];
        flat[end++] = counts[t];
      }
    }
    return { terms, offsets, flat };
  }

  private numbered(terms: string[]): number[] {
    return elasticlunrTokens(terms).map((token) => {
      let n = this.numbers.get(token);
      if (n === undefined) this.numbers.set(token, (n = this.names.push(token) - 1));
      return n;
    });
  }

  private tokensOf(stopWords: 'drop' | 'keep', text: string): TextTokens {
    const texts = this.texts[stopWords];
    let known = texts.get(text);
    if (known === undefined) {
      this.length = 0;
      this.met.length = 0;
      this.words[stopWords].forEach(text, this.count);
      known = { length: this.length, tokens: this.met.slice(), counts: this.met.map((token) => this.tally[token]) };
      for (const token of this.met) this.tally[token] = 0;
      if (texts.size >= MAX_TEXTS) texts.clear();
      texts.set(text, known);
    }
    return known;
  }
}

/** The analyses of consecutive parts of the documents as one (for typeTerms). */
export function joinAnalysed(parts: readonly AnalysedDocuments[]): AnalysedDocuments {
  if (parts.length === 1) return parts[0];
  const numbers = new Map<string, number>();
  const terms: string[] = [];
  let docs = 0;
  let size = 0;
  for (const part of parts) {
    docs += part.offsets.length;
    size += part.flat.length;
  }
  const offsets = new Int32Array(docs);
  const flat = new Int32Array(size);
  let d = 0;
  let base = 0;
  for (const part of parts) {
    const global = part.terms.map((term) => {
      let n = numbers.get(term);
      if (n === undefined) numbers.set(term, (n = terms.push(term) - 1));
      return n;
    });
    for (let k = 0; k < part.offsets.length; k++) offsets[d++] = base + part.offsets[k];
    const f = part.flat;
    for (let at = 0; at < f.length; ) {
      flat[base + at] = f[at];
      flat[base + at + 1] = f[at + 1];
      const last = at + 2 + 2 * f[at + 1];
      for (at += 2; at < last; at += 2) {
        flat[base + at] = global[f[at]];
        flat[base + at + 1] = f[at + 1];
      }
    }
    base += f.length;
  }
  return { terms, offsets, flat };
}

export function typeTerms(documents: DocumentTable | readonly SearchDocument[], analysed?: AnalysedDocuments): TypeTerms[] {
  const table = asTable(documents);
  const { terms: names, offsets, flat } = analysed ?? analyseDocuments(table);
  const idOf = table.ids;
  return SEARCH_TYPES.map((type) => {
    const rows = table.rowsOf(type);
    const docs = Array.from(rows).sort((a, b) => idOf[a] - idOf[b]);
    const lengths = new Map<number, number>();
    // Two passes, so that each posting list is made at its final length: grown one push at a
    // time, the lists were most of this function's garbage.
    /** Token number → length of its list; `order` lists the tokens as first indexed. */
    const sizes = new Int32Array(names.length);
    const order: number[] = [];
    for (let k = 0; k < docs.length; k++) {
      if (k > 0 && idOf[docs[k - 1]] === idOf[docs[k]]) throw new Error(`Search document id ${idOf[docs[k]]} is used twice for type ${type}.`);
      const at = offsets[docs[k]];
      for (let t = at + 2, last = at + 2 + 2 * flat[at + 1]; t < last; t += 2) {
        if (sizes[flat[t]] === 0) order.push(flat[t]);
        sizes[flat[t]] += 2;
      }
    }
    // Views of one buffer per type: an allocation per list (hundreds of thousands on a large site)
    // left the allocator's heap in pieces it kept once they were freed.
    let total = 0;
    for (const token of order) total += sizes[token];
    const buffer = new Int32Array(total);
    const lists: Int32Array[] = new Array(names.length);
    for (let k = 0, at = 0; k < order.length; at += sizes[order[k++]]) lists[order[k]] = buffer.subarray(at, at + sizes[order[k]]);
    const filled = new Int32Array(names.length);
    for (let k = 0; k < docs.length; k++) {
      const at = offsets[docs[k]];
      // Every term comes with at least one token, so no tokens means no terms: not indexed.
      if (!flat[at]) continue;
      const id = idOf[docs[k]];
      lengths.set(id, flat[at]);
      for (let t = at + 2, last = at + 2 + 2 * flat[at + 1]; t < last; t += 2) {
        const list = lists[flat[t]];
        list[filled[flat[t]]++] = id;
        list[filled[flat[t]]++] = flat[t + 1];
      }
    }
    const postings = new Map<string, Int32Array>();
    for (const token of order) postings.set(names[token], lists[token]);
    return { rows, table, n: lengths.size, lengths, postings };
  });
}
