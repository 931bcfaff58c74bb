// #16: a 20,000-character word crashed the search stage (elasticlunr's character trie, one
// nested object per character, overflowed JSON.stringify's stack), and a data URL or base64
// blob in a description was stored whole in every reader's search index.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSearchIndex, search } from '../../src/shared/search/query';
import { indexTerms, tokenizeQuery } from '../../src/shared/search/tokenize';
import { buildFiles, configSource } from '../helpers/fixture';

// Letters only (a real word, not base64), so it is indexed, cut, rather than dropped.
const longWord = 'Pneumono'.repeat(2_500);
const dataUrl = `data:image/png;base64,${randomBytes(150_000).toString('base64')}`;
const blob = randomBytes(3_000).toString('base64');

const spec = `openapi: 3.0.3
info: { title: Zones, version: '1' }
paths:
  /zones:
    get:
      operationId: listZones
      summary: List zones
      description: "Floodplain zones. ${longWord} Thumbnail ${dataUrl} and a key ${blob} end here."
      responses:
        '200': { description: OK }
`;
const guide = `# Tides

Harbour tide tables. ${longWord}

Inline image: ${dataUrl}

A signature ${blob} follows.
`;

describe('#16 search: overlong words, data URLs and base64 blobs', () => {
  it('builds, keeps the index small, and still finds the page by its ordinary words and by the long word', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
      'openapi.yaml': spec,
      'content/guides/tides.md': guide,
    });
    const text = f.read('search-index.json');
    // The pages hold 2 × (200 KB + 20 KB + 4 KB); the index, a few KB of ordinary words.
    expect(text.length).toBeLessThan(30_000);
    expect(text).not.toContain(dataUrl.slice(22, 100));
    expect(text).not.toContain(blob.slice(0, 60));
    const index = loadSearchIndex(text);
    expect(search(index, 'floodplain').results.map((r) => r.url)).toContain('/api/list-zones');
    expect(search(index, 'harbour').results.map((r) => r.url)).toContain('/guides/tides');
    // The long word, typed (or pasted) whole, finds both pages by its first 64 characters.
    const urls = search(index, longWord, { limit: 20 }).results.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/list-zones', '/guides/tides']));
  }, 60_000);

  it('cuts index and query terms at 64 characters, the same way on both sides', () => {
    const [term] = indexTerms(longWord, 'keep');
    expect(term).toBe('pneumono'.repeat(8));
    expect(tokenizeQuery(longWord)[0]).toMatchObject({ term: 'pneumono'.repeat(8), raw: 'pneumono'.repeat(8) });
    expect(indexTerms('getThisVeryLongCamelCaseIdentifierNameThatGoesOnAndOnForeverAndEver', 'keep')[0]).toBe('getthisverylongcamelcaseidentifiernamethatgoesonandonforeverand');
  });
});
