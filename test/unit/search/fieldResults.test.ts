// Issue 17 (D1): an API field's search result says which operation and where (`field`), and the
// 404 page's query is the missing path's words.
import { describe, expect, it } from 'vitest';
import { searchIndexData } from '../../../src/search/buildIndex';
import type { SearchDocument } from '../../../src/search/documents';
import { loadSearchIndex, search } from '../../../src/shared/search/query';
import { pathQuery } from '../../../templates/islands/NotFoundSuggestions';

const page = { url: '/api/list-things', breadcrumb: 'API › Things', pageTitle: 'List things', p: 1 };
const documents: SearchDocument[] = [
  { ...page, type: 0, i: 1, t: 'List things', anchor: '' },
  { ...page, type: 3, i: 1, t: 'GET /v1/things', anchor: '' },
  { ...page, type: 1, i: 2, t: 'x-request-tag', anchor: 'header-x-request-tag', section: 'Header parameter' },
  { ...page, type: 4, i: 2, t: 'A tag echoed back in the response.', anchor: '' },
  { ...page, type: 1, i: 3, t: 'colour', anchor: 'response-200-data-colour', section: 'Response 200 › data' },
  { ...page, type: 1, i: 4, t: 'Paging', anchor: 'paging' },
  { ...page, type: 4, i: 4, t: 'Pages of things are fetched with a cursor.', anchor: '' },
];
const index = loadSearchIndex(JSON.parse(JSON.stringify(searchIndexData(documents))));

describe('API field results', () => {
  it('names the operation, the context and the field, with its description', () => {
    const hit = search(index, 'x-request-tag').results.find((r) => r.id === 2)!;
    expect(hit.field).toEqual({ operation: 'GET /v1/things', context: 'Header parameter', name: 'x-request-tag', description: { text: 'A tag echoed back in the response.', ranges: [[2, 5]] } }); // `tag`, a part of the name searched
  });

  it('joins a nested context with arrows, and leaves out a missing description', () => {
    const hit = search(index, 'colour').results.find((r) => r.id === 3)!;
    expect(hit.field).toEqual({ operation: 'GET /v1/things', context: 'Response 200 → data', name: 'colour' });
  });

  it('gives a hit on a field\'s description the field, and marks the description in the result text', () => {
    const hit = search(index, 'echoed').results.find((r) => r.id === 2)!;
    expect(hit.type).toBe(4);
    expect(hit.field).toEqual({ operation: 'GET /v1/things', context: 'Header parameter', name: 'x-request-tag' });
    expect(hit.text.slice(...hit.ranges[0])).toBe('echoed');
  });

  it('leaves headings without a context (guide sections) as they were', () => {
    const hits = search(index, 'cursor').results;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.field).toBeUndefined();
  });
});

describe('the 404 page query', () => {
  it.each([
    ['/api/serch-boundaries', '/', 'serch boundaries'],
    ['/guides/boundaries/virtual_layerz.html', '/', 'boundaries virtual layerz'],
    ['/docs/api/get-a-school/', '/docs/', 'get school'],
    ['/quickstart', '/', 'quickstart'],
    ['/api/caf%C3%A9', '/', 'café'],
  ])('%s under %s → %s', (pathname, baseUrl, query) => {
    expect(pathQuery(pathname, baseUrl)).toBe(query);
  });
});
