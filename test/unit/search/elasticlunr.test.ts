// docsgen's elasticlunr splits a field given as a list of words itself: the library's own
// tokenizer concatenated the list once per word (quadratic; a guide of 50,000 links spent 7.5 s
// in the search stage). The tokens must be the ones the library made, or indexes would change.
import { describe, expect, it } from 'vitest';
import elasticlunr from '../../../src/search/elasticlunr';
import { searchIndexData } from '../../../src/search/buildIndex';
import { SearchDocumentType } from '../../../src/shared/search/types';

describe('elasticlunr tokenizer', () => {
  it('splits a list as the library does: nulls dropped, lower case, split on spaces and hyphens, in order', () => {
    expect(elasticlunr.tokenizer(['Zoning-Plan', null as unknown as string, 'land  use', 'ÉTÉ', '42'])).toEqual(['zoning', 'plan', 'land', 'use', 'été', '42']);
    expect(elasticlunr.tokenizer('Flood Risk-Zone')).toEqual(['flood', 'risk', 'zone']);
  });

  it('indexes every word of a page with 50,000 distinct words', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `parcel${i.toString(36)}`);
    const page = { p: 1, url: '/guides/parcels', anchor: '', breadcrumb: 'Guides', pageTitle: 'Parcels' };
    const data = searchIndexData([
      { ...page, type: SearchDocumentType.Title, i: 1, t: 'Parcels' },
      { ...page, type: SearchDocumentType.Content, i: 2, t: words.join(' ') },
    ]);
    const content = data[SearchDocumentType.Content].index as unknown as { index: { t: { root: Record<string, unknown> } } };
    let found = 0;
    for (const word of [words[0], words[12_345], words[49_999]]) {
      let node: any = content.index.t.root;
      for (const ch of word) node = node?.[ch];
      if (node?.docs?.['2']) found++;
    }
    expect(found).toBe(3);
  });
});
