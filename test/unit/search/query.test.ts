import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../../src/search/documents';
import { buildSearchIndex } from '../../../src/search/buildIndex';
import elasticlunr from '../../../src/search/elasticlunr';
import { SHARDED_DIR, searchFileText, shardSearchIndex } from '../../../src/search/shards';
import { typeTerms } from '../../../src/search/terms';
import { clip, editDistance, loadSearchIndex, markAndClip, markText, search, type SearchOptions, type SearchResponse } from '../../../src/shared/search/query';
import { loadShardedIndex } from '../../../src/shared/search/sharded';
import { SearchDocumentType as T, type SearchIndexFile } from '../../../src/shared/search/types';

/** A tiny site: pages with their documents, ids assigned like searchDocuments does. */
function site(pages: { title: string; url?: string; description?: string; keywords?: string; intro?: string; sections?: { heading: string; text?: string; anchor?: string; section?: string }[] }[]): SearchDocument[] {
  const docs: SearchDocument[] = [];
  let id = 1;
  for (const p of pages) {
    const pageId = id++;
    const base = { p: pageId, url: p.url ?? `/guides/${p.title.toLowerCase().replace(/\W+/g, '-')}`, breadcrumb: 'Guides', pageTitle: p.title, anchor: '' };
    docs.push({ ...base, type: T.Title, i: pageId, t: p.title });
    if (p.description) docs.push({ ...base, type: T.Description, i: pageId, t: p.description });
    if (p.keywords) docs.push({ ...base, type: T.Keywords, i: pageId, t: p.keywords });
    if (p.intro) docs.push({ ...base, type: T.Content, i: pageId, t: p.intro });
    for (const s of p.sections ?? []) {
      const sid = id++;
      const anchor = s.anchor ?? s.heading.toLowerCase().replace(/\W+/g, '-');
      docs.push({ ...base, type: T.Heading, i: sid, t: s.heading, anchor, ...(s.section ? { section: s.section } : {}) });
      if (s.text) docs.push({ ...base, type: T.Content, i: sid, t: s.text, anchor });
    }
  }
  return docs;
}

const load = (docs: SearchDocument[]) => loadSearchIndex(buildSearchIndex(docs).content);
const urls = (r: SearchResponse) => r.results.map((x) => x.url);
const marked = (x: { text: string; ranges: [number, number][] }) => x.ranges.map(([a, b]) => x.text.slice(a, b));

describe('search: ranking', () => {
  it('lists page titles, then headings, descriptions, keywords, content', () => {
    const index = load(
      site([
        { title: 'Alpha', url: '/content', intro: 'Something about zebras in the text.' },
        { title: 'Beta', url: '/keywords', keywords: 'zebra, stripes' },
        { title: 'Gamma', url: '/description', description: 'All about the zebra.' },
        { title: 'Delta', url: '/heading', sections: [{ heading: 'Zebra crossings', anchor: 'zebra-crossings' }] },
        { title: 'Zebras', url: '/title' },
      ]),
    );
    const r = search(index, 'zebra');
    expect(urls(r)).toEqual(['/title', '/heading#zebra-crossings', '/description', '/keywords', '/content']);
    expect(r.results.map((x) => x.type)).toEqual([T.Title, T.Heading, T.Description, T.Keywords, T.Content]);
  });

  it('puts an exact title match first, whatever the scores', () => {
    const index = load(site([{ title: 'Start start start', url: '/a' }, { title: 'Started', url: '/b' }]));
    // Both titles score the same (√3·idf/√3 vs idf/√1); without the rule the first page would win.
    expect(urls(search(index, 'started'))).toEqual(['/b', '/a']);
    expect(urls(search(index, 'start start start'))).toEqual(['/a', '/b']);
  });

  it('ranks by elasticlunr’s score inside a type: shorter and more specific first', () => {
    const index = load(site([{ title: 'Guide', intro: 'layers and many many other words about everything else in the world' }, { title: 'Other', intro: 'layers of layers' }]));
    const r = search(index, 'layers');
    expect(r.results.map((x) => x.page.title)).toEqual(['Other', 'Guide']);
  });

  it('scores exactly like elasticlunr for a single word (same index, same formula)', () => {
    const docs = site([
      { title: 'One', intro: 'boundary layers are the backbone of the boundary model' },
      { title: 'Two', intro: 'a boundary' },
      { title: 'Three', intro: 'layers and more layers, and one boundary' },
    ]);
    const file: SearchIndexFile = JSON.parse(buildSearchIndex(docs).content);
    const lunr = elasticlunr.Index.load<{ i: number; t: string[] }>(file[T.Content].index);
    const expected = lunr.fieldSearch(['boundari'], 't', { t: { bool: 'OR', expand: false, boost: 1 } });
    const r = search(loadSearchIndex(file), 'boundary', { prefix: false });
    expect(r.results).toHaveLength(3);
    for (const x of r.results) expect(x.score).toBeCloseTo(expected[String(x.id)], 10);
  });

  it('de-duplicates by document: a page found by title is not listed again for its description or keywords', () => {
    const index = load(site([{ title: 'Boundaries', description: 'Boundaries explained', keywords: 'boundaries, layers', sections: [{ heading: 'Boundary ids', text: 'Every boundary has an id.' }] }]));
    const r = search(index, 'boundaries');
    expect(r.results.map((x) => [x.type, x.url])).toEqual([
      [T.Title, '/guides/boundaries'],
      [T.Heading, '/guides/boundaries#boundary-ids'],
    ]);
    expect(new Set(r.results.map((x) => x.id)).size).toBe(r.results.length);
  });

  it('groups children under their page, title first', () => {
    const index = load(
      site([
        { title: 'Schools', url: '/schools', sections: [{ heading: 'School ids', text: 'ids' }] },
        { title: 'School districts', url: '/districts' },
        { title: 'Other', url: '/other', sections: [{ heading: 'Nearby school', text: 'text' }] },
      ]),
    );
    const r = search(index, 'school');
    expect(r.results.map((x) => [x.url, x.child])).toEqual([
      ['/schools', false],
      ['/schools#school-ids', true],
      ['/districts', false],
      ['/other#nearby-school', false],
    ]);
  });

  it('puts parameters before the same name repeated in every response', () => {
    const pages = ['a', 'b', 'c', 'd'].map((n) => ({
      title: `Operation ${n}`,
      url: `/api/${n}`,
      sections: [{ heading: 'request_id', anchor: 'response-200-meta-request_id', section: 'Response 200 › meta', text: 'Unique id of this request.' }],
    }));
    pages[3].sections.push({ heading: 'request_id', anchor: 'query-request_id', section: 'Query parameter', text: 'Look up one request.' });
    const r = search(load(site(pages)), 'request_id');
    expect(r.results[0].url).toBe('/api/d#query-request_id');
  });

  it('requires every word, then falls back to all but one (three words or more)', () => {
    const index = load(site([{ title: 'Boundary layers', url: '/a' }, { title: 'Boundary ids', url: '/b' }, { title: 'Layers of zebras', url: '/c' }]));
    expect(urls(search(index, 'boundary layers'))).toEqual(['/a']);
    const r = search(index, 'boundary layers zebras');
    expect(r.results[0].url).toBe('/a'); // two of three words, best score
    expect(urls(r)).toEqual(expect.arrayContaining(['/a', '/c']));
    // Two words where one matches nothing (and cannot be corrected): the other one still finds.
    expect(urls(search(index, 'boundary qqqqqqqqqqqq'))).toEqual(['/a', '/b']);
  });

  it('respects the limit', () => {
    const index = load(site(Array.from({ length: 20 }, (_, k) => ({ title: `Page ${k} about maps`, url: `/p${k}` }))));
    expect(search(index, 'maps').results).toHaveLength(8);
    expect(search(index, 'maps', { limit: 100 }).results).toHaveLength(20);
    expect(search(index, 'maps', { limit: 0 }).results).toHaveLength(0);
  });
});

describe('search: matching', () => {
  const index = load(
    site([
      { title: 'Demographics', url: '/demographics', intro: 'Population and income of a boundary.' },
      { title: 'Boundary layers', url: '/layers', intro: 'Call dialog.type() to read the layer. The getUserName helper returns a name.' },
      { title: 'Le café du coin', url: '/cafe', intro: 'Un café crème, s’il vous plaît.' },
      { title: '学校数据', url: '/zh', intro: '边界数据接口返回所有学校的信息' },
      { title: 'ข้อมูลโรงเรียน', url: '/th', intro: 'ข้อมูลขอบเขตของโรงเรียน' },
      { title: 'Beta', url: '/beta', sections: [{ heading: 'What is in beta now', anchor: 'what-is-in-beta-now', text: 'What is new and what is not.' }] },
      { title: 'Get user name', url: '/user' },
    ]),
  );

  it('matches the last word as a prefix while typing', () => {
    expect(urls(search(index, 'demog'))).toEqual(['/demographics']);
    expect(search(index, 'demog', { prefix: false }).results).toEqual([]);
    expect(urls(search(index, 'boundary lay'))).toContain('/layers');
  });

  it('corrects a word that matches nothing to the closest indexed word and says so', () => {
    const r = search(index, 'boundray layers');
    expect(r.correctedQuery).toBe('boundary layers');
    expect(urls(r)[0]).toBe('/layers');
    expect(r.terms).toEqual(['boundary', 'layers']);
    expect(search(index, 'demografics').correctedQuery).toBe('demographics'); // 11 letters: 2 edits allowed
    expect(search(index, 'demograpics').correctedQuery).toBeUndefined(); // while typing, `demograp` is a prefix of `demograph`
    expect(search(index, 'demograpics', { prefix: false }).correctedQuery).toBe('demographics');
  });

  it('does not correct short words or words too far from anything', () => {
    expect(search(index, 'cfe', { prefix: false })).toEqual({ results: [], terms: ['cfe'] }); // 3 letters: no correction
    expect(search(index, 'lyaerss', { prefix: false }).correctedQuery).toBeUndefined(); // 7 letters, 2 edits from `layers`
    expect(search(index, 'zzzzzzzzzz').results).toEqual([]);
  });

  it('does not report a correction when the word matches', () => {
    expect(search(index, 'boundary').correctedQuery).toBeUndefined();
  });

  it('finds accented words without accents and the other way round', () => {
    const a = search(index, 'cafe');
    expect(urls(a)[0]).toBe('/cafe');
    expect(marked(a.results[0])).toEqual(['café']);
    expect(urls(search(index, 'CAFÉ'))[0]).toBe('/cafe');
    expect(urls(search(index, 'creme', { prefix: false }))).toEqual(['/cafe']);
  });

  it('finds code identifiers by their parts and whole', () => {
    expect(urls(search(index, 'type', { prefix: false }))).toEqual(['/layers']);
    expect(urls(search(index, 'dialog.type'))).toEqual(['/layers']);
    expect(urls(search(index, 'username', { prefix: false }))).toEqual([]);
    // Indexed whole: searched whole; and the page titled with its words (#15) first.
    expect(urls(search(index, 'getUserName'))).toEqual(['/user', '/layers']);
    expect(urls(search(index, 'user.name'))).toEqual(['/user', '/layers']); // not indexed whole: by its parts
    const r = search(index, 'type', { prefix: false });
    expect(marked(r.results[0])).toEqual(['type']); // only the part of `dialog.type()` is marked
  });

  it('finds Chinese and Thai words in the middle of a sentence', () => {
    expect(urls(search(index, '学校'))).toContain('/zh');
    expect(urls(search(index, '接口'))).toEqual(['/zh']);
    expect(urls(search(index, 'ขอบเขต'))).toEqual(['/th']);
  });

  it('finds nothing for a query made only of stop words, though titles and headings index them (#15)', () => {
    expect(search(index, 'what is')).toEqual({ results: [], terms: [] });
    // Without the filter (`search.stopWords: false`), they are searched where they are indexed.
    const unfiltered = search(index, 'what is', { stopWords: false });
    expect(urls(unfiltered)).toEqual(['/beta#what-is-in-beta-now']);
    expect(marked(unfiltered.results[0])).toEqual(['What', 'is']);
    expect(unfiltered.terms).toEqual(['what', 'is']);
    const r = search(index, 'what is in beta');
    expect(urls(r)).toEqual(['/beta', '/beta#what-is-in-beta-now']);
    expect(marked(r.results[1])).toEqual(['What', 'is', 'in', 'beta']);
  });

  it('treats stop words as optional next to other words', () => {
    const r = search(index, 'the demographics');
    expect(urls(r)).toEqual(['/demographics']);
    expect(r.terms).toEqual(['demographics']);
  });

  it('returns nothing for an empty token list', () => {
    for (const q of ['', '   ', '?!', '— …']) expect(search(index, q)).toEqual({ results: [], terms: [] });
  });
});

describe('search: result text', () => {
  it('returns the heading of a content hit, its anchor, the page and the breadcrumb', () => {
    const index = load(site([{ title: 'Quick start', url: '/qs', sections: [{ heading: 'Step 1: Get a key', anchor: 'step-1', text: 'Ask for a sandbox key by email.' }] }]));
    const [x] = search(index, 'sandbox').results;
    expect(x).toMatchObject({ type: T.Content, url: '/qs#step-1', anchor: 'step-1', section: 'Step 1: Get a key', page: { title: 'Quick start', url: '/qs' }, breadcrumb: 'Guides', child: false });
    expect(marked(x)).toEqual(['sandbox']);
  });

  it('clips long text to the context length around the first match', () => {
    const long = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}The sandbox key works only against the sandbox host. ${'Sed do eiusmod tempor incididunt ut labore. '.repeat(4)}`;
    const index = load(site([{ title: 'Keys', intro: long }]));
    const [x] = search(index, 'sandbox').results;
    expect(x.text.length).toBeLessThanOrEqual(50);
    expect(x.text.startsWith('…') && x.text.endsWith('…')).toBe(true);
    expect(marked(x)[0]).toBe('sandbox');
    const page = search(index, 'sandbox', { contextLength: 100 }).results[0];
    expect(page.text.length).toBeLessThanOrEqual(100);
    expect(marked(page)).toEqual(['sandbox', 'sandbox']);
  });

  it('clip: keeps short text, cuts at word boundaries, moves ranges', () => {
    expect(clip('short text', [[0, 5]], 50)).toEqual({ text: 'short text', ranges: [[0, 5]] });
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu';
    const r = clip(text, [[text.indexOf('theta'), text.indexOf('theta') + 5]], 30);
    expect(r.text.length).toBeLessThanOrEqual(30);
    expect(r.text.slice(r.ranges[0][0], r.ranges[0][1])).toBe('theta');
    expect(r.text).toMatch(/^…[a-z]/);
    expect(r.text.replace(/…/g, '').trim().split(' ').every((w) => text.split(' ').includes(w))).toBe(true);
    const start = clip(text, [[0, 5]], 20);
    expect(start.text.startsWith('alpha')).toBe(true);
    expect(start.text.length).toBeLessThanOrEqual(20);
  });

  it('markAndClip: same as marking the whole text then clipping, for long texts', () => {
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' ');
    const text = Array.from({ length: 60 }, (_, k) => words[(k * 7) % words.length]).join(' ') + ' the boundary_id and boundary ids, then ' + words.join(' ').repeat(3);
    for (const terms of [['boundari'], ['boundary_id', 'id'], ['omega'], ['nothing'], ['alpha', 'tau']]) {
      for (const max of [30, 50, 100]) {
        const set = new Set(terms);
        const full = markText(text, set);
        expect(markAndClip(text, set, undefined, max), `${terms} ${max}`).toEqual(clip(full.text, full.ranges, max));
      }
    }
  });

  it('markText: merges overlapping marks', () => {
    expect(markText('boundary_id and ids', new Set(['boundary_id', 'id']))).toEqual({ text: 'boundary_id and ids', ranges: [[0, 11], [16, 19]] });
  });

  it('editDistance counts a swap as one edit and stops past the limit', () => {
    expect(editDistance('boundray', 'boundary', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});

describe('loading', () => {
  it('accepts the JSON text or the parsed file, and rejects anything else', () => {
    const built = buildSearchIndex(site([{ title: 'One' }]));
    expect(search(loadSearchIndex(built.content), 'one').results).toHaveLength(1);
    expect(search(loadSearchIndex(JSON.parse(built.content)), 'one').results).toHaveLength(1);
    expect(() => loadSearchIndex('{}')).toThrow(/Invalid search index/);
    expect(() => loadSearchIndex([{}, {}, {}, {}, {}] as unknown as SearchIndexFile)).toThrow(/Invalid search index/);
  });
});

/** The same search on the sharded index of the same documents (tiny shards, lists above 2 documents apart), cold. */
async function sharded(docs: SearchDocument[], query: string, options: SearchOptions = {}): Promise<SearchResponse> {
  const { manifest, files } = shardSearchIndex(typeTerms(docs), { shardBytes: 200, longList: 2 });
  const engine = loadShardedIndex(JSON.parse(manifest), async (file) => JSON.parse(searchFileText(files.get(`${SHARDED_DIR}/${file}`)!)));
  return engine.search(query, options);
}

/** Searches the single file, checks that the sharded index answers the same, and returns the answer. */
async function both(docs: SearchDocument[], query: string, options: SearchOptions = {}): Promise<SearchResponse> {
  const single = search(load(docs), query, options);
  expect(await sharded(docs, query, options), `sharded: ${query}`).toEqual(single);
  return single;
}

describe('#15 search (SPEC §5, §9)', () => {
  describe('Chinese by ideograph runs', () => {
    const docs = site([
      { title: '学区数据', url: '/zh-word', intro: '本接口提供学区边界查询。' },
      { title: '地图说明', url: '/zh-chars', intro: '世界各地的边缘数据' },
      { title: '日本語', url: '/ja', intro: 'この境界データは学校の情報を返します' },
      { title: 'Boundaries', url: '/en', intro: 'Boundary lookups.' },
    ]);

    it('finds a page by one ideograph inside a word', async () => {
      const r = await both(docs, '界');
      expect(urls(r)).toContain('/zh-word');
      const hit = r.results.find((x) => x.url === '/zh-word')!;
      expect(marked(hit)).toEqual(['界']);
      expect(urls(await both(docs, '询'))).toEqual(['/zh-word']);
    });

    it('ranks word matches above ideograph matches', async () => {
      // `边界` is a word of the first page; the second has `边` and `界` in other words.
      const r = await both(docs, '边界');
      expect(urls(r)).toEqual(['/zh-word', '/zh-chars']);
      expect(marked(r.results[0])).toEqual(['边界']);
      expect(urls(await both(docs, '边界', { limit: 1 }))).toEqual(['/zh-word']);
    });

    it('leaves Japanese to its segmenter, and everything else as it was', async () => {
      expect(urls(await both(docs, '境界'))).toEqual(['/ja']);
      expect(urls(await both(docs, '界', { prefix: false }))).not.toContain('/ja');
      expect(urls(await both(docs, 'boundary'))).toEqual(['/en']);
    });
  });

  describe('stop words filtered', () => {
    const docs = site([
      { title: 'The boundary', url: '/the-boundary', sections: [{ heading: 'What is in a boundary', text: 'Of and the.' }] },
      { title: 'Boundary layers', url: '/layers', intro: 'The layers of a boundary.' },
      { title: 'Theme', url: '/theme' },
    ]);

    it('finds nothing for a query made only of stop words', async () => {
      for (const q of ['the', 'a', 'of and', 'What is in', 'THE ']) expect(await both(docs, q, { total: true }), q).toEqual({ results: [], terms: [], total: 0 });
    });

    it('still ranks with the stop words of a longer query', async () => {
      const r = await both(docs, 'the boundary');
      expect(urls(r)[0]).toBe('/the-boundary');
      expect(marked(r.results[0])).toEqual(['The', 'boundary']);
      expect(r.terms).toEqual(['boundary']);
      expect(urls(await both(docs, 'what is in a boundary'))).toContain('/the-boundary#what-is-in-a-boundary');
    });
  });

  describe('words spread over one page’s sections', () => {
    const docs = site([
      { title: 'Client guide', url: '/guide', sections: [{ heading: 'Retries', text: 'Back off.' }, { heading: 'Timeouts', text: 'Ten seconds.' }, { heading: 'Pagination', text: 'Use cursors.' }] },
      { title: 'Errors', url: '/errors', sections: [{ heading: 'Retries and timeouts', text: 'Retries, timeouts and pagination, in one place.' }] },
      { title: 'Other', url: '/other', sections: [{ heading: 'Retries', text: 'Only this word.' }, { heading: 'Timeouts', text: 'And this one.' }] },
      { title: 'Text only', url: '/text', intro: 'Pagination first.', sections: [{ heading: 'More', text: 'then retries, then timeouts.' }] },
    ]);

    it('finds the page holding every word when no single section does, after section matches', async () => {
      const r = await both(docs, 'retries timeouts pagination', { limit: 100, total: true });
      // One section holds all three: first. Then the pages holding them over several sections,
      // words in headings before words in text. `/other` lacks "pagination": not a full match.
      expect(r.results.slice(0, 3).map((x) => [x.url, x.type])).toEqual([
        ['/errors#retries-and-timeouts', T.Content],
        ['/guide', T.Title],
        ['/text', T.Title],
      ]);
      expect(marked(r.results[1])).toEqual([]);
      expect(r.total).toBe(r.results.length);
    });

    it('works with two words, and before pages with only some of the words', async () => {
      const r = await both(docs, 'timeouts pagination');
      expect(urls(r)).toEqual(['/errors#retries-and-timeouts', '/guide', '/text']);
      expect(urls(await both(docs, 'pagination timeouts', { limit: 1 }))).toEqual(['/errors#retries-and-timeouts']);
    });
  });

  describe('an exact title wins', () => {
    // A tag page and an operation titled like it, in the singular (the tag page comes first in id order).
    const docs = site([
      { title: 'Boundaries', url: '/api/boundaries', intro: 'Every boundary operation.' },
      { title: 'Boundary', url: '/api/boundary', sections: [{ heading: 'boundary_id', section: 'Path parameter', text: 'The boundary.' }] },
      { title: 'Boundary layers', url: '/guides/layers' },
    ]);

    it('puts the page whose title is the query as typed first, before a plural or singular of it', async () => {
      expect(urls(await both(docs, 'Boundary'))[0]).toBe('/api/boundary');
      expect(urls(await both(docs, 'boundary', { prefix: false }))[0]).toBe('/api/boundary');
      expect(urls(await both(docs, 'boundaries'))[0]).toBe('/api/boundaries');
      expect(urls(await both(docs, 'BOUNDARIES'))[0]).toBe('/api/boundaries');
    });
  });

  describe('a guide that explains an identifier', () => {
    const operations = ['a', 'b', 'c', 'd'].map((n) => ({
      title: `Operation ${n}`,
      url: `/api/${n}`,
      keywords: `GET /v1/schools/{school_id}/${n}`,
      sections: [
        { heading: 'school_id', anchor: 'response-200-data-school_id', section: 'Response 200 › data', text: 'The school.' },
        { heading: 'name', anchor: 'response-200-data-name', section: 'Response 200 › data', text: 'Its name.' },
      ],
    }));
    const docs = site([
      ...operations,
      { title: 'School ids', url: '/guides/school-ids', keywords: 'school_id, NCES', intro: 'Every school has a school_id.', sections: [{ heading: 'Public ids', text: 'A school_id has twelve digits.' }] },
      { title: 'Sale-to-list ratio', url: '/guides/ratio', intro: 'What the ratio means.' },
      { title: 'Metrics', url: '/api/metrics', sections: [{ heading: 'sale_to_list_ratio', section: 'Response 200 › data', text: 'Ratio.' }] },
    ]);

    it('ranks the guide whose title spells the identifier with the fields of that name', async () => {
      const r = await both(docs, 'school_id');
      expect(urls(r).slice(0, 3)).toContain('/guides/school-ids');
      expect(urls(r)).toContain('/api/a#response-200-data-school_id');
      expect(urls(await both(docs, 'sale_to_list_ratio')).slice(0, 3)).toContain('/guides/ratio');
      // Every field of that name is still found, after the guide.
      const all = await both(docs, 'school_id', { limit: 100 });
      expect(urls(all)[0]).toBe('/guides/school-ids');
      for (const n of ['a', 'b', 'c', 'd']) expect(urls(all)).toContain(`/api/${n}#response-200-data-school_id`);
    });
  });
});
