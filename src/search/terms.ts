// What an elasticlunr index of each hit type holds, made directly: every term's postings (document
// id → how often the term occurs), each document's field length and the number of documents
// indexed. The sharded index (shards.ts) is written from this; building elasticlunr's character
// trie first, with an object per posting, took most of the search stage of a 7,000-page site
// and much of its memory. Same steps as elasticlunr's `addDoc` with the empty pipeline of
// buildIndex.ts, so the numbers are exactly those of the single file (test/search/sharded.test.ts).
import { SEARCH_TYPES, SearchDocumentType, type StoredDocument } from '../shared/search/types';
import type { SearchDocument } from './documents';
import { WordTerms } from './wordTerms';

export interface TypeTerms {
  /** The stored documents of this type, as the single file has them. */
  documents: StoredDocument[];
  /** Documents indexed (those with at least one term): elasticlunr's `documentStore.length`. */
  n: number;
  /** Document id → number of its terms (elasticlunr's `docInfo[id].t`). */
  lengths: Map<number, number>;
  /** Term → [id, count, id, count, …] in ascending id order. */
  postings: Map<string, number[]>;
}

/** elasticlunr's tokenizer splits every given term again on whitespace and hyphens. */
const ELASTICLUNR_SEPARATOR = /[\s-]+/;

/** elasticlunr's tokens of the index terms of a word. */
function elasticlunrTokens(terms: string[]): string[] {
  const tokens: string[] = [];
  for (const term of terms) for (const token of term.toLowerCase().split(ELASTICLUNR_SEPARATOR)) tokens.push(token);
  return tokens;
}

/** A text's tokens (as numbers, see typeTerms), each once in order of first occurrence, with how often it occurs. */
interface TextTokens {
  /** Number of tokens, repeats included (elasticlunr's field length). */
  length: number;
  tokens: number[];
  counts: number[];
}

/** Texts remembered per type at most: API pages repeat most field descriptions and names. */
const MAX_TEXTS = 50_000;

export function typeTerms(documents: SearchDocument[]): TypeTerms[] {
  // Tokens are numbered as first met, so that counting and postings use arrays: a Map lookup per
  // posting (2 million on the 7,000-page site) was most of this function's time.
  const numbers = new Map<string, number>();
  const names: string[] = [];
  const numbered = (terms: string[]) =>
    elasticlunrTokens(terms).map((token) => {
      let n = numbers.get(token);
      if (n === undefined) numbers.set(token, (n = names.push(token) - 1));
      return n;
    });
  const words = { drop: new WordTerms('drop', numbered), keep: new WordTerms('keep', numbered) };
  // Occurrences of each token in the text being counted, and the tokens met in it, in order.
  let tally = new Int32Array(1024);
  const met: number[] = [];
  let length = 0;
  const count = (token: number) => {
    length++;
    if (token >= tally.length) {
      const larger = new Int32Array(Math.max(tally.length * 2, token + 1));
      larger.set(tally);
      tally = larger;
    }
    if (tally[token]++ === 0) met.push(token);
  };
  return SEARCH_TYPES.map((type) => {
    const docs = documents.filter((d) => d.type === type).sort((a, b) => a.i - b.i);
    const stopWords = type === SearchDocumentType.Description || type === SearchDocumentType.Content ? 'drop' : 'keep';
    const lengths = new Map<number, number>();
    const texts = new Map<string, TextTokens>();
    const tokensOf = (text: string): TextTokens => {
      let known = texts.get(text);
      if (known === undefined) {
        length = 0;
        met.length = 0;
        words[stopWords].forEach(text, count);
        known = { length, tokens: met.slice(), counts: met.map((token) => tally[token]) };
        for (const token of met) tally[token] = 0;
        if (texts.size >= MAX_TEXTS) texts.clear();
        texts.set(text, known);
      }
      return known;
    };
    // Two passes, so that each posting list is made at its final length: grown one push at a
    // time, the lists were most of this function's garbage.
    const ofDoc: TextTokens[] = new Array(docs.length);
    for (let k = 0; k < docs.length; k++) {
      if (k > 0 && docs[k - 1].i === docs[k].i) throw new Error(`Search document id ${docs[k].i} is used twice for type ${type}.`);
      ofDoc[k] = tokensOf(docs[k].t);
    }
    /** Token number → length of its list; `order` lists the tokens as first indexed. */
    const sizes = new Int32Array(names.length);
    const order: number[] = [];
    for (let k = 0; k < ofDoc.length; k++) {
      const { tokens } = ofDoc[k];
      for (let t = 0; t < tokens.length; t++) {
        if (sizes[tokens[t]] === 0) order.push(tokens[t]);
        sizes[tokens[t]] += 2;
      }
    }
    const lists: number[][] = new Array(names.length);
    for (const token of order) lists[token] = new Array(sizes[token]);
    const filled = new Int32Array(names.length);
    for (let k = 0; k < docs.length; k++) {
      const { length, tokens, counts } = ofDoc[k];
      // Every term comes with at least one token, so no tokens means no terms: not indexed.
      if (!length) continue;
      const id = docs[k].i;
      lengths.set(id, length);
      for (let t = 0; t < tokens.length; t++) {
        const list = lists[tokens[t]];
        list[filled[tokens[t]]++] = id;
        list[filled[tokens[t]]++] = counts[t];
      }
    }
    const postings = new Map<string, number[]>();
    for (const token of order) postings.set(names[token], lists[token]);
    return { documents: documents.filter((d) => d.type === type).map(stored), n: lengths.size, lengths, postings };
  });
}

/** What the index keeps of a document: only what the UI shows (see StoredDocument). */
export function stored(d: SearchDocument): StoredDocument {
  switch (d.type) {
    case SearchDocumentType.Title:
      return { i: d.i, t: d.t, u: d.url, b: d.breadcrumb };
    case SearchDocumentType.Heading:
      return d.section ? { i: d.i, t: d.t, p: d.p, h: d.anchor, s: d.section } : { i: d.i, t: d.t, p: d.p, h: d.anchor };
    default:
      return { i: d.i, t: d.t, p: d.p };
  }
}
