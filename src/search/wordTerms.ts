// The index terms of a text, made word by word and remembered per word. A site's texts repeat
// few words (the 7,000-page site: 2.4 million words, 5,218 distinct), and the shared tokeniser's
// regular expressions, run on each occurrence, were a third of the search stage.
//
// The terms are exactly `indexTerms(text, stopWords)`: the tokeniser cuts a text into chunks at
// whitespace (and hyphens) before anything else and makes each chunk's terms from that chunk
// alone, so the terms of the text's space-separated pieces, in order, are the text's terms.
import { indexTerms } from '../shared/search/tokenize';

/** Words remembered at most; past this the memory starts again (same terms, only slower). */
const MAX_WORDS = 200_000;

export class WordTerms<Term = string> {
  private readonly words = new Map<string, readonly Term[]>();

  /**
   * @param stopWords as for `indexTerms`.
   * @param map what is kept of a word's terms (typeTerms splits them as elasticlunr would, and numbers them).
   */
  constructor(
    private readonly stopWords: 'drop' | 'keep',
    private readonly map: (terms: string[]) => readonly Term[] = (terms) => terms as unknown as Term[],
  ) {}

  /** Calls `each` with every term of `text`, in order (after `map`). */
  forEach(text: string, each: (term: Term) => void): void {
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf(' ', start);
      if (end === -1) end = text.length;
      if (end > start) for (const term of this.of(text.slice(start, end))) each(term);
      start = end + 1;
    }
  }

  /** The terms of `text`, in order (after `map`). */
  terms(text: string): Term[] {
    const out: Term[] = [];
    this.forEach(text, (term) => out.push(term));
    return out;
  }

  private of(word: string): readonly Term[] {
    let terms = this.words.get(word);
    if (terms === undefined) {
      if (this.words.size >= MAX_WORDS) this.words.clear();
      terms = this.map(indexTerms(word, this.stopWords));
      this.words.set(word, terms);
    }
    return terms;
  }
}
