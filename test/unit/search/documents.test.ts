import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { searchDocuments, type SearchDocument } from '../../../src/search/documents';
import { buildSearchIndex, searchIndexData } from '../../../src/search/buildIndex';
import { htmlToText, splitSections } from '../../../src/search/html';
import elasticlunr from '../../../src/search/elasticlunr';
import { contentHash } from '../../../src/output/hash';
import { SearchDocumentType as T, type SearchIndexFile, type TrieNode } from '../../../src/shared/search/types';
import type { HeadModel, OperationView, PageModel, SchemaNode } from '../../../src/shared/viewModels';

const origin = 'https://docs.example.com';

function head(route: string, extra: Partial<HeadModel> = {}): HeadModel {
  return { title: `${route} | API`, description: '', canonical: `${origin}/docs${route}`, ogType: 'article', noindex: false, keywords: [], ...extra };
}

function guide(route: string, title: string, html: string, extra: { head?: Partial<HeadModel>; banner?: 'unlisted' | 'draft'; crumbs?: string[] } = {}): PageModel {
  return {
    route,
    head: head(route, extra.head),
    section: 'guides',
    body: {
      kind: 'doc',
      doc: { title, html, toc: [], breadcrumbs: [...(extra.crumbs ?? ['Guides', 'Boundaries']).map((label) => ({ label })), { label: title }], tags: [], banner: extra.banner },
    },
  };
}

function node(id: string, name: string | undefined, children: SchemaNode[] = [], extra: Partial<SchemaNode> = {}): SchemaNode {
  return { id, name, type: 'string', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: '', constraints: [], children, ...extra };
}

function operation(route: string, op: Partial<OperationView>): PageModel {
  const view: OperationView = { title: 'Get a school', method: 'get', serverUrl: 'https://api.example.com', path: '/v1/schools/{school_id}', deprecated: false, descriptionHtml: '', security: [], parameters: [], responses: [], callbacks: [], codeSamples: [], ...op };
  return {
    route,
    head: head(route, { description: 'Returns one school.', ogType: 'website' }),
    section: 'api',
    body: { kind: 'apiOperation', operation: view, toc: [], breadcrumbs: [{ label: 'API' }, { label: 'Schools' }, { label: view.title }] },
  };
}

const envelope = () =>
  node('response-200', undefined, [
    node('response-200-data', 'data', [node('response-200-data-school_id', 'school_id', [], { descriptionHtml: '<p>The school&#39;s id.</p>' })]),
    node('response-200-meta', 'meta', [node('response-200-meta-request_id', 'request_id', [], { descriptionHtml: '<p>Unique id of this request.</p>' })]),
  ]);

const op = operation('/api/get-school', {
  descriptionHtml: '<p>Returns one school by <code>school_id</code>.</p>',
  parameters: [
    { location: 'path', label: 'Path parameters', params: [node('path-school_id', 'school_id', [], { descriptionHtml: '<p>NCES id.</p>' })] },
    { location: 'query', label: 'Query parameters', params: [node('query-level', 'level', [], { enumValues: [{ value: 'elementary', descriptionHtml: '<p>Grades K–5</p>' }] })] },
  ],
  responses: [
    { id: 'response-200', status: '200', statusClass: 'success', descriptionHtml: '<p>The school.</p>', headers: [node('response-200-header-x-ratelimit-limit', 'X-RateLimit-Limit')], contents: [{ mediaType: 'application/json', examples: [], schema: envelope() }] },
    {
      id: 'response-404',
      status: '404',
      statusClass: 'client-error',
      descriptionHtml: '<p>Not found.</p>',
      headers: [],
      contents: [{ mediaType: 'application/json', examples: [], schema: node('response-404', undefined, [node('response-404-meta', 'meta', [node('response-404-meta-request_id', 'request_id', [], { descriptionHtml: '<p>Unique id of this request.</p>' })])]) }],
    },
  ],
});

const guideHtml = [
  '<p>Intro about <strong>boundaries</strong> &amp; <code>boundary_id</code>.</p>',
  '<div class="code-block"><pre class="hljs"><code>curl https://example.com/secret-sample</code></pre></div>',
  '<h2 id="boundary-layers">Boundary layers<a class="hash-link" href="#boundary-layers" aria-label="Direct link to Boundary layers">#</a></h2>',
  '<p>Each boundary belongs to a layer.</p><table><tr><td>state</td><td>county</td></tr></table>',
  '<h4 id="deep">Deep heading</h4><p>Folded into its section.</p>',
  '<h3 id="ids">Ids<a class="hash-link" href="#ids">#</a></h3><p>Ids start with <code>bnd_</code>.</p>',
].join('\n');

const pages: PageModel[] = [
  guide('/guides/boundaries/intro', 'Boundaries intro', guideHtml, { head: { description: 'All about boundaries.', keywords: ['boundary_id', 'layers'] } }),
  guide('/guides/boundaries/hidden', 'Hidden guide', '<p>secret</p>', { head: { noindex: true }, banner: 'unlisted' }),
  guide('/guides/boundaries/draft', 'Draft guide', '<p>secret</p>', { banner: 'draft' }),
  guide('/blog/post', 'Blog post', '<p>secret</p>'),
  { route: '/guides', head: head('/guides'), section: 'guides', body: { kind: 'sectionIndex', title: 'Guides', intro: '', groups: [], breadcrumbs: [] } },
  { route: '/search', head: head('/search', { noindex: true }), section: 'other', body: { kind: 'search', actionHref: '/docs/search' } },
  op,
];

const docs = searchDocuments(pages, { routes: ['/guides', '/api'] });
const of = (type: T) => docs.filter((d) => d.type === type);

describe('searchDocuments', () => {
  it('indexes listed pages under the configured routes only', () => {
    expect(of(T.Title).map((d) => d.t)).toEqual(['Boundaries intro', 'Get a school']);
    expect(docs.some((d) => d.t.includes('secret'))).toBe(false);
    expect(searchDocuments(pages, { routes: ['/api'] }).filter((d) => d.type === T.Title).map((d) => d.t)).toEqual(['Get a school']);
  });

  it('gives each document its page, final URL with baseUrl, anchor and breadcrumb', () => {
    const title = of(T.Title)[0];
    expect(title).toMatchObject({ i: 1, p: 1, url: '/docs/guides/boundaries/intro', anchor: '', breadcrumb: 'Guides › Boundaries', pageTitle: 'Boundaries intro' });
    expect(of(T.Title)[1]).toMatchObject({ url: '/docs/api/get-school', breadcrumb: 'API › Schools' });
    const custom = searchDocuments(pages, { routes: ['/guides'], href: (p) => `/x${p.route}` });
    expect(custom[0].url).toBe('/x/guides/boundaries/intro');
  });

  it('splits a guide into its description, keywords, intro and h2/h3 sections', () => {
    const page = docs.filter((d) => d.p === 1);
    expect(page.map((d) => [d.type, d.i, d.anchor, d.t])).toEqual([
      [T.Title, 1, '', 'Boundaries intro'],
      [T.Description, 1, '', 'All about boundaries.'],
      [T.Keywords, 1, '', 'boundary_id, layers'],
      [T.Content, 1, '', 'Intro about boundaries & boundary_id.'],
      [T.Heading, 2, 'boundary-layers', 'Boundary layers'],
      [T.Content, 2, '', 'Each boundary belongs to a layer. state county Deep heading Folded into its section.'],
      [T.Heading, 3, 'ids', 'Ids'],
      [T.Content, 3, '', 'Ids start with bnd_.'],
    ]);
  });

  it('indexes an operation: method + path, parameters, fields and response codes at their anchors', () => {
    const page = docs.filter((d) => d.pageTitle === 'Get a school');
    expect(page.find((d) => d.type === T.Keywords)?.t).toBe('GET /v1/schools/{school_id}');
    expect(page.find((d) => d.type === T.Description)?.t).toBe('Returns one school.');
    const headings = page.filter((d) => d.type === T.Heading).map((d) => [d.t, d.anchor, d.section]);
    expect(headings).toEqual([
      ['school_id', 'path-school_id', 'Path parameter'],
      ['level', 'query-level', 'Query parameter'],
      ['200', 'response-200', 'Response'],
      ['X-RateLimit-Limit', 'response-200-header-x-ratelimit-limit', 'Response 200 header'],
      ['data', 'response-200-data', 'Response 200'],
      ['school_id', 'response-200-data-school_id', 'Response 200 › data'],
      ['meta', 'response-200-meta', 'Response 200'],
      ['request_id', 'response-200-meta-request_id', 'Response 200 › meta'],
      ['404', 'response-404', 'Response'],
      // `meta` and `meta.request_id` of the 404 repeat the 200's: indexed once.
    ]);
    const level = page.find((d) => d.anchor === 'query-level')!;
    expect(page.find((d) => d.type === T.Content && d.i === level.i)?.t).toBe('elementary Grades K–5');
    expect(page.find((d) => d.type === T.Content && d.i === level.p)?.t).toBe('Returns one school by school_id.');
  });

  it('does not store a tag page’s text twice when it is its description', () => {
    const tag: PageModel = {
      route: '/api/schools',
      head: head('/api/schools', { description: 'All about schools.' }),
      section: 'api',
      body: { kind: 'apiTag', tag: { name: 'Schools', href: '/docs/api/schools', descriptionHtml: '<p>All about schools.</p>', operations: [] }, toc: [], breadcrumbs: [{ label: 'API' }, { label: 'Schools' }] },
    };
    expect(searchDocuments([tag], { routes: ['/api'] }).map((d) => [d.type, d.t, d.breadcrumb])).toEqual([
      [T.Title, 'Schools', 'API'],
      [T.Description, 'All about schools.', 'API'],
    ]);
  });

  it('shares ids the way de-duplication needs: page docs share the page id, content shares its heading id', () => {
    for (const type of [T.Title, T.Heading, T.Description, T.Keywords, T.Content]) {
      const ids = of(type).map((d) => d.i);
      expect(new Set(ids).size, `type ${type}`).toBe(ids.length);
    }
    for (const d of of(T.Description)) expect(d.i).toBe(d.p);
    const headingIds = new Set(of(T.Heading).map((d) => d.i));
    for (const d of of(T.Content)) expect(d.i === d.p || headingIds.has(d.i)).toBe(true);
  });

  it('names a page whose title is blank by its URL: every page has its title document, which the sharded index needs', () => {
    const pages = [guide('/guides/a', 'Ward boundaries', '<p>Wards.</p>'), operation('/api/untitled', { title: '  ' }), guide('/guides/b', 'Flood zones', '<p>Zones.</p>')];
    const docs = searchDocuments(pages, { routes: ['/guides', '/api'] });
    expect(docs.filter((d) => d.type === T.Title).map((d) => [d.t, d.url])).toEqual([
      ['Ward boundaries', '/docs/guides/a'],
      ['/docs/api/untitled', '/docs/api/untitled'],
      ['Flood zones', '/docs/guides/b'],
    ]);
    expect(() => buildSearchIndex(docs, { shardAbovePages: 0 })).not.toThrow();
  });
});

describe('html to text', () => {
  it('strips tags, drops code blocks and heading links, decodes entities', () => {
    expect(htmlToText('<p>A <em>b</em>&nbsp;c &lt;d&gt; &#x27;e&#39; &hellip;</p><pre><code>skip</code></pre><p>f<br>g</p>')).toBe("A b c <d> 'e' … f g");
    expect(htmlToText('<h2 id="x">Title<a class="hash-link" href="#x">#</a></h2>')).toBe('Title');
    expect(htmlToText('<td>a</td><td>b</td>')).toBe('a b');
    expect(htmlToText('<img alt="x > y" src="a.png">text')).toBe('text');
  });

  it("reads a guide's raw HTML as a browser shows it", () => {
    // A comment hides the heading inside it; an element left open keeps its text; a tag the fragment ends inside is not text.
    expect(splitSections('<p>i</p><!-- <h2 id="old">Old</h2> --><h2 id="a">A</h2><p>a</p>').sections.map((s) => s.id)).toEqual(['a']);
    expect(htmlToText('<p>a</p><pre>open code')).toBe('a open code');
    expect(htmlToText('<p>a</p><span title="b > c" data-x=it\'s>d</span>')).toBe('a d');
    expect(htmlToText('<p>a</p><img alt="b')).toBe('a');
    expect(htmlToText('1 < 2 and <3')).toBe('1 < 2 and <3');
    // `<!-->` and `<!--->` are comments closed at once; the text after them is shown, and indexed.
    expect(htmlToText('<p>a</p><!--><p>b</p><!---><p>c</p><!-- d -->e')).toBe('a b c e');
  });

  it('splits at h2/h3 with ids only', () => {
    const { intro, sections } = splitSections('<p>i</p><h2>No id</h2><p>x</p><h2 id="a">A</h2><p>a</p><h3 id="b">B</h3><p>b</p>');
    expect(intro).toBe('i No id x');
    expect(sections).toEqual([
      { id: 'a', title: 'A', text: 'a' },
      { id: 'b', title: 'B', text: 'b' },
    ]);
  });
});

describe('buildSearchIndex', () => {
  const built = buildSearchIndex(docs);
  const file: SearchIndexFile = JSON.parse(built.content);

  it('writes SPEC.md’s format: one { documents, index } per type, in type order', () => {
    expect(built.fileName).toBe('search-index.json');
    expect(file).toHaveLength(5);
    for (const [type, entry] of file.entries()) {
      expect(Object.keys(entry).sort()).toEqual(['documents', 'index']);
      expect(entry.documents.map((d) => d.i)).toEqual(of(type as T).map((d) => d.i));
      expect(entry.index).toMatchObject({ version: '0.9.5', fields: ['t'], ref: 'i', pipeline: [] });
      expect(entry.index.documentStore.save).toBe(false);
    }
  });

  it('hashes the bytes of the file', () => {
    expect(built.hash).toBe(contentHash(built.content));
    expect(built.hash).toMatch(/^[0-9a-f]{10}$/);
    expect(buildSearchIndex(docs).content).toBe(built.content); // deterministic
    const changed = buildSearchIndex(docs.map((d) => (d.type === T.Title && d.i === 1 ? { ...d, t: 'Changed' } : d)));
    expect(changed.hash).not.toBe(built.hash);
  });

  it('stores each text once, and the page URL and breadcrumb only on the title', () => {
    expect(file[T.Title].documents[0]).toEqual({ i: 1, t: 'Boundaries intro', u: '/docs/guides/boundaries/intro', b: 'Guides › Boundaries' });
    expect(file[T.Heading].documents[0]).toEqual({ i: 2, t: 'Boundary layers', p: 1, h: 'boundary-layers' });
    expect(file[T.Heading].documents.find((d) => d.h === 'path-school_id')).toMatchObject({ s: 'Path parameter' });
    for (const type of [T.Description, T.Keywords, T.Content]) for (const d of file[type].documents) expect(Object.keys(d).sort()).toEqual(['i', 'p', 't']);
    // The elasticlunr index holds terms, never the documents.
    for (const entry of file) expect(Object.values(entry.index.documentStore.docs).every((d) => d === null)).toBe(true);
  });

  it('keeps accented (folded) and CJK terms, and stop words only in titles, headings and keywords', () => {
    const cjk: SearchDocument[] = [
      { type: T.Title, i: 1, p: 1, t: 'The café 学校', url: '/a', anchor: '', breadcrumb: '', pageTitle: 'x' },
      { type: T.Content, i: 1, p: 1, t: 'The café 学校', url: '/a', anchor: '', breadcrumb: '', pageTitle: 'x' },
    ];
    const data = searchIndexData(cjk);
    const has = (root: TrieNode, term: string) => {
      let n: TrieNode | undefined = root;
      for (const ch of term) n = n?.[ch] as TrieNode | undefined;
      return !!n && n.df > 0;
    };
    for (const type of [T.Title, T.Content]) {
      const root = data[type].index.index.t.root;
      expect(has(root, 'cafe'), `cafe in ${type}`).toBe(true);
      expect(has(root, '学校'), `学校 in ${type}`).toBe(true);
    }
    expect(has(data[T.Title].index.index.t.root, 'the')).toBe(true);
    expect(has(data[T.Content].index.index.t.root, 'the')).toBe(false);
  });

  it('is a valid elasticlunr index: elasticlunr loads it and finds what was indexed', () => {
    const idx = elasticlunr.Index.load<{ i: number; t: string[] }>(file[T.Heading].index);
    const hits = idx.fieldSearch(['school_id'], 't', { t: { bool: 'OR', expand: false, boost: 1 } });
    const ids = file[T.Heading].documents.filter((d) => d.t === 'school_id').map((d) => String(d.i));
    expect(Object.keys(hits).sort()).toEqual(ids.sort());
  });

  it('refuses two documents of one type with the same id', () => {
    const dup = [of(T.Title)[0], { ...of(T.Title)[0], t: 'again' }];
    expect(() => buildSearchIndex(dup)).toThrow(/used twice/);
  });

  it('stays small', () => {
    expect(gzipSync(built.content).length).toBeLessThan(4000);
  });
});
