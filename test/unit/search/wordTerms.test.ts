// The search stage makes a text's terms word by word from a cache (src/search/wordTerms.ts); the
// index must still hold exactly the terms the shared tokeniser gives the whole text, which the
// query side uses.
import { describe, expect, it } from 'vitest';
import { WordTerms } from '../../../src/search/wordTerms';
import { indexTerms } from '../../../src/shared/search/tokenize';

const texts = [
  'The boundaries of a school district',
  'Use the x-api-key header — or the api_key query parameter.',
  'getUserName returns the user’s name; dialog.type() and /docs/yaml too',
  '学区边界 を 検索する 学校 of the ภาษาไทย',
  'Café  Straße\tnaïve\nœuvre\u00a0IDs URLs',
  'school_id school_id school_id  the the a',
  `data ${'x'.repeat(300)} end`,
  '  leading and trailing  ',
  '',
];

describe('WordTerms', () => {
  for (const stopWords of ['drop', 'keep'] as const) {
    it(`gives the tokeniser's terms of the whole text (stop words: ${stopWords})`, () => {
      const words = new WordTerms(stopWords);
      // Twice: the second time every word comes from the cache.
      for (const text of [...texts, ...texts]) expect(words.terms(text)).toEqual(indexTerms(text, stopWords));
    });
  }

  it('maps each word’s terms once and gives the mapped terms in order', () => {
    let calls = 0;
    const words = new WordTerms('keep', (terms) => {
      calls++;
      return terms.map((t) => t.toUpperCase());
    });
    expect(words.terms('school id school')).toEqual(['SCHOOL', 'ID', 'SCHOOL']);
    expect(calls).toBe(2);
  });
});
