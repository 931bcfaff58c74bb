// The one tokeniser of local search, shared by the index (build time, src/search/) and the
// query (browser, query.ts) so both sides always agree on what a word is. Isomorphic: no `node:`
// imports, no dependencies.
//
// A text becomes terms in four steps:
// 1. Chunks: split on whitespace and hyphens/dashes (`x-api-key` → `x`, `api`, `key`).
// 2. Words: a chunk holding Chinese, Japanese, Thai, Lao, Khmer or Myanmar characters is cut
//    into words with `Intl.Segmenter` (without it: one word per ideograph/character); other
//    chunks are one word. Leading/trailing punctuation is trimmed (`(dialog.type())` →
//    `dialog.type`), a leading `/` is kept (`/docs/yaml`), a possessive `'s` is dropped.
// 3. Code identifiers are indexed whole and by parts: a word with inner punctuation or camelCase
//    humps gives the whole word, each `_`/camelCase segment, and each atom:
//    `dialog.type` → `dialog.type`, `dialog`, `type`; `getUserName` → `getusername`, `get`, `user`,
//    `name`; `/docs/yaml` → `/docs/yaml`, `docs`, `yaml`; `boundary_id` → `boundary_id`,
//    `boundary`, `id`. All-caps plurals stay words (`IDs`, `URLs`).
// 3b. Chinese words are also indexed by ideograph (SPEC §5: "word or ideograph runs"): a word of
//    two or more Han characters, in a chunk without kana (Japanese keeps its segmenter's words),
//    gives its word and one `#` + character term per ideograph (`学区边界` → `学区`, `边界`, `#学`,
//    `#区`, `#边`, `#界`), so `界` finds it. The `#` keeps these apart from one-character words
//    (the query ranks word matches above character matches) and can never start a word's term.
// 4. Terms: lower-cased, accents folded (`Café` → `cafe`; NFKD minus combining diacritics, plus
//    ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ/ð→d, þ→th, ı→i), plain a–z words Porter-stemmed
//    (`boundaries` → `boundari`). Compounds with punctuation are not stemmed.
//
// 5. Terms are at most MAX_TERM_LENGTH characters: a longer one is cut there, on both sides (a
//    query for a 20,000-character word finds the page by its first 64). elasticlunr stores
//    terms as a character trie, one nested object per character, and serialising a term of
//    thousands crashed the search stage (RangeError: Maximum call stack size exceeded).
//
// Stop words (English, `STOP_WORDS`) are flagged, never stemmed away silently: the index drops
// them from body text (descriptions and content) and keeps them in titles, headings and keywords,
// where they add to the score of a longer query (`the three virtual layers`); a query made only
// of stop words finds nothing (query.ts). A compound is never a stop word
// (`CumulativeDaysOnMarket` keeps its whole form; only its atom `on` is a stop word).
import { stem } from './stemmer';

export { stem };

/**
 * English stop words: lunr/elasticlunr's list minus words that carry meaning in API docs
 * (`get` is an HTTP method and the verb of half the operation names; `not`, `no`, `all`, `only`,
 * `other`, `least`, `like`, `let`, `say`, `wants`, `dear`…) plus a few common function words.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a about after also am among an and any are as at be because been being but by can cannot could did do does either else ever every for from had has have he her hers him his how however i if in into is it its just me might must my neither nor of off often on or our own rather should since so some such than that the their them then there these they this those tis to too twas us was we were what when where which while who whom why will with would yet you your').split(' '),
);

/** One term of a text, with the part of the text it came from. */
export interface Token {
  /** The index term: folded, lower-case, stemmed when a plain a–z word. */
  term: string;
  /** Range in the source text (UTF-16 offsets), for marking matches. */
  start: number;
  end: number;
  /** `word`: a plain word; `whole`: a compound (or one of its `_`/camelCase segments); `part`: an atom of a compound. */
  kind: 'word' | 'whole' | 'part';
  /** A stop word (plain words and atoms only). */
  stop: boolean;
  /** Ordinal of the source word the token belongs to. */
  word: number;
}

const CHUNK = /[^\s\-\u2010-\u2015\u2212]+/gu;
// Scripts written without spaces between words.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_WORD = /^\p{Script=Han}+$/u;
/** Prefix of the term of one ideograph of a longer Chinese word (`#界`). */
export const IDEOGRAPH = '#';
const LEAD = /^[^\p{L}\p{N}/]+/u;
const TRAIL = /[^\p{L}\p{M}\p{N}]+$/u;
const POSSESSIVE = /['’]s$/i;
const SEPARATOR = /[^\p{L}\p{M}\p{N}]/u;
const SEGMENTS = /[\p{L}\p{M}\p{N}_]+/gu;
const CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const CAMEL_SPLIT = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const CAPS_PLURAL = /^\p{Lu}{2,}s$/u;
const PLAIN = /^[a-z]+$/;
const SIMPLE_WORD = /^(?:[a-z]+|[A-Z][a-z]*|[A-Z]+|[0-9]+)$/;
const ASCII = /^[\x00-\x7f]*$/;
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower-case with accents folded: `Café` → `cafe`, `Straße` → `strasse`. Keeps non-Latin marks (Thai vowels, kana voicing). */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) return lower;
  return lower
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL[ch])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** The longest index term, in UTF-16 units (longer words are cut; see step 5 above). */
export const MAX_TERM_LENGTH = 64;

/** `folded` cut to MAX_TERM_LENGTH, never inside a surrogate pair. */
function capped(folded: string): string {
  if (folded.length <= MAX_TERM_LENGTH) return folded;
  const end = /[\ud800-\udbff]/.test(folded[MAX_TERM_LENGTH - 1]) ? MAX_TERM_LENGTH - 1 : MAX_TERM_LENGTH;
  return folded.slice(0, end);
}

const stems = new Map<string, string>();
function stemCached(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size > 50_000) stems.clear();
    stems.set(word, (s = stem(word)));
  }
  return s;
}

interface Segmenter {
  segment(text: string): Iterable<{ segment: string; index: number; isWordLike?: boolean }>;
}
let segmenter: Segmenter | null | undefined;
function wordSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (locale?: string, options?: { granularity: string }) => Segmenter }).Segmenter;
    segmenter = Ctor ? new Ctor(undefined, { granularity: 'word' }) : null;
  }
  return segmenter;
}

/**
 * Every token of a text, stop words included (flagged), with source ranges. `until` stops the scan
 * after the first token it accepts (the tokens so far are returned).
 */
export function scanTokens(text: string, until?: (token: Token) => boolean): Token[] {
  const out: Token[] = [];
  let word = 0;
  let done = false;
  let chinese = false;
  const emitWord = (raw: string, offset: number) => {
    const before = out.length;
    if (addWord(raw, offset, word, out, chinese)) word++;
    if (until) for (let k = before; k < out.length && !done; k++) done = until(out[k]);
  };
  for (const chunk of text.matchAll(CHUNK)) {
    if (done) break;
    const value = chunk[0];
    const offset = chunk.index!;
    chinese = false;
    if (!UNSPACED.test(value)) {
      emitWord(value, offset);
      continue;
    }
    chinese = !KANA.test(value);
    const seg = wordSegmenter();
    if (seg) {
      for (const s of seg.segment(value)) if (s.isWordLike) emitWord(s.segment, offset + s.index);
      continue;
    }
    // No Intl.Segmenter: one word per unspaced-script character, the rest as usual.
    let last = 0;
    for (const m of value.matchAll(UNSPACED_CHAR)) {
      if (m.index! > last) emitWord(value.slice(last, m.index), offset + last);
      emitWord(m[0], offset + m.index!);
      last = m.index! + m[0].length;
    }
    if (last < value.length) emitWord(value.slice(last), offset + last);
  }
  return out;
}

/** Adds the tokens of one word; false when nothing was left after trimming. */
function addWord(raw: string, offset: number, word: number, out: Token[], chinese = false): boolean {
  // Fast path: a plain word (`boundary`, `Boundary`, `NCES`).
  if (SIMPLE_WORD.test(raw)) {
    const folded = capped(raw.toLowerCase());
    out.push({ term: PLAIN.test(folded) ? stemCached(folded) : folded, start: offset, end: offset + raw.length, kind: 'word', stop: STOP_WORDS.has(folded), word });
    return true;
  }
  let w = raw;
  let start = offset;
  const lead = LEAD.exec(w);
  if (lead) {
    w = w.slice(lead[0].length);
    start += lead[0].length;
  }
  w = w.replace(TRAIL, '');
  if (POSSESSIVE.test(w) && w.length > 2) w = w.slice(0, -2).replace(TRAIL, '');
  if (!w || !/[\p{L}\p{N}]/u.test(w)) return false;
  const first = out.length;
  const push = (text: string, at: number, kind: Token['kind']) => {
    const folded = capped(fold(text));
    if (!folded) return;
    const stop = kind !== 'whole' && STOP_WORDS.has(folded);
    const term = PLAIN.test(folded) ? stemCached(folded) : folded;
    for (let k = first; k < out.length; k++) if (out[k].term === term) return;
    out.push({ term, start: at, end: at + text.length, kind, stop, word });
  };
  const camel = (s: string) => CAMEL.test(s) && !CAPS_PLURAL.test(s);
  if (!SEPARATOR.test(w) && !camel(w)) {
    push(w, start, 'word');
    if (chinese && HAN_WORD.test(w) && [...w].length > 1) {
      let at = start;
      for (const ch of w) {
        const term = IDEOGRAPH + ch;
        if (!out.some((t, k) => k >= first && t.term === term)) out.push({ term, start: at, end: at + ch.length, kind: 'part', stop: false, word });
        at += ch.length;
      }
    }
    return true;
  }
  push(w, start, 'whole');
  for (const seg of w.matchAll(SEGMENTS)) {
    const s = seg[0];
    const at = start + seg.index!;
    if (s !== w && (s.includes('_') || camel(s)) && /[\p{L}\p{N}]/u.test(s)) push(s, at, 'whole');
    let pos = 0;
    for (const piece of s.split('_')) {
      if (piece) {
        let inner = 0;
        for (const atom of camel(piece) ? piece.split(CAMEL_SPLIT) : [piece]) {
          push(atom, at + pos + inner, 'part');
          inner += atom.length;
        }
      }
      pos += piece.length + 1;
    }
  }
  return true;
}

/**
 * Terms to index for a text. `stopWords: 'drop'` (body text: descriptions, content) leaves stop
 * words out; `'keep'` (titles, headings, keywords) keeps them.
 */
export function indexTerms(text: string, stopWords: 'drop' | 'keep'): string[] {
  const terms: string[] = [];
  for (const t of scanTokens(text)) if (stopWords === 'keep' || !t.stop) terms.push(t.term);
  return terms;
}

/** One word of a query. */
export interface QueryWord {
  /** The word as typed (trimmed), and where it is in the query. */
  text: string;
  start: number;
  end: number;
  /** The term for the whole word: a stemmed plain word or a compound as a whole. */
  term: string;
  /** Folded, unstemmed form (prefix matching while typing, typo correction). */
  raw: string;
  /** A compound's atoms (stop words left out); empty for a plain word. */
  parts: string[];
  /** A plain stop word. */
  stop: boolean;
  /** A compound's atoms, stop words included (`sale_to_list_ratio` → `sale to list ratio`): the words a title may spell it with. */
  atoms: string[];
  /** A Chinese word's ideographs (`边界` → `边`, `界`), each of which the query may match alone. */
  ideographs: string[];
}

/** The words of a query, in order. An empty list means "no results". */
export function tokenizeQuery(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  let current: QueryWord | undefined;
  let lastWord = -1;
  for (const t of scanTokens(query)) {
    if (t.word !== lastWord) {
      lastWord = t.word;
      const text = query.slice(t.start, t.end);
      current = { text, start: t.start, end: t.end, term: t.term, raw: capped(fold(text)), parts: [], stop: t.stop, atoms: [], ideographs: [] };
      // A one-character Chinese word is indexed as itself only.
      if (HAN_WORD.test(t.term) && [...t.term].length === 1) current.ideographs.push(t.term);
      words.push(current);
    } else if (t.kind === 'part' && t.term.startsWith(IDEOGRAPH)) {
      current!.ideographs.push(t.term.slice(IDEOGRAPH.length));
    } else if (t.kind === 'part') {
      current!.atoms.push(t.term);
      if (!t.stop) current!.parts.push(t.term);
    }
  }
  return words;
}
