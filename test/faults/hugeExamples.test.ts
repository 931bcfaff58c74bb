// Huge examples (#14, point 3). A 50 MB spec (one schema whose `example` is a 610,000-item array)
// ran out of heap after 107 s at 4.6 GB (exit 134, no docsgen message, a temporary folder left);
// a 4.9 MB one made a 70 MB page. Every example, default, enum, description and code sample is
// now capped on the page, the whole written beside it, every page stays under 1 MB, and a spec
// too large for the heap is refused with a docsgen error before it is read.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/render/renderPages';
import { MAX_PAGE_BYTES } from '../../src/render/tightenPage';
import type { ApiIndexModel, ApiOverviewView, ApiTagView, Code, OperationView, SchemaNode } from '../../src/shared/viewModels';
import { buildFiles, configSource, listFiles, writeFiles } from '../helpers/fixture';
import { page, site } from '../helpers/models';
import { runDocsgen, type Run } from './harness';

const ITEMS = 610_000;
const config = configSource({ openapi: { spec: 'openapi.json', downloadUrl: 'https://docs.test.example/openapi.json' } });

/** One reading per station: about 80 bytes of JSON each. */
function readings(n: number) {
  const items = [];
  for (let i = 0; i < n; i++) items.push({ id: i, name: `station-${i}`, lat: 51.5 + (i % 1000) / 1e4, lon: -0.12 - (i % 997) / 1e4, ok: i % 3 === 0 });
  return items;
}

/** A GET that returns the schema with the huge example, and a POST that takes it as its body. */
function readingsSpec(example: unknown[]) {
  const ref = { $ref: '#/components/schemas/Readings' };
  return {
    openapi: '3.0.3',
    info: { title: 'Huge API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/readings': {
        get: { operationId: 'listReadings', summary: 'List readings', responses: { 200: { description: 'OK', content: { 'application/json': { schema: ref } } } } },
        post: { operationId: 'uploadReadings', summary: 'Upload readings', requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { 204: { description: 'Stored' } } },
      },
    },
    components: {
      schemas: {
        Readings: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, lat: { type: 'number' }, lon: { type: 'number' }, ok: { type: 'boolean' } } },
          example,
        },
      },
    },
  };
}

/** Every HTML file of an output folder with its size in bytes. */
function htmlSizes(outDir: string): [string, number][] {
  return listFiles(outDir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => [f, fs.statSync(path.join(outDir, f)).size]);
}

describe('#14 point 3: a 48 MB spec whose one schema has a 610,000-item example', () => {
  let dir: string;
  let run: Run;
  let items: ReturnType<typeof readings>;
  const out = () => path.join(dir, 'build');
  const $ = (file: string) => cheerio.load(fs.readFileSync(path.join(out(), file), 'utf8'));
  /** The output file a site link points at. */
  const fileOf = (href: string) => path.join(out(), decodeURI(href.replace(/^\//, '')));

  beforeAll(async () => {
    items = readings(ITEMS);
    dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.json': JSON.stringify(readingsSpec(items)) });
    expect(fs.statSync(path.join(dir, 'openapi.json')).size).toBeGreaterThan(45e6);
    // A heap of 1.5 GB: the build must fit in it (before, it used 4.6 GB and aborted).
    run = await runDocsgen(['build'], dir, { env: { NODE_OPTIONS: '--max-old-space-size=1536' }, timeoutMs: 150_000 });
  }, 180_000);
  // 48 MB of spec and 70 MB of output: not left in the temporary folder.
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds within a 1.5 GB heap, with no V8 abort and no temporary folder left', () => {
    expect(run.hung).toBe(false);
    expect(run.stderr).not.toContain('heap out of memory');
    expect(run.signal, run.stderr).toBeNull();
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readdirSync(dir).filter((f) => f.includes('tmp'))).toEqual([]);
  });

  it('keeps every HTML page under 1 MB', () => {
    const sizes = htmlSizes(out());
    expect(sizes.length).toBeGreaterThan(5);
    for (const [file, bytes] of sizes) expect(bytes, file).toBeLessThan(1_000_000);
  });

  it('says in visible text that the example is truncated, how much is shown, and links to the whole', () => {
    for (const file of ['api/list-readings/index.html', 'api/upload-readings/index.html', 'api/schemas/readings/index.html']) {
      const page = $(file);
      // An operation page repeats the example in its sidecar (shown instead on wide screens).
      const note = page('.code-truncated').filter((_, n) => page(n).closest('.operation-sidecar').length === 0);
      expect(note.length, file).toBe(1);
      expect(page('.operation-sidecar .code-truncated').length, file).toBe(file.includes('/schemas/') ? 0 : 1);
      expect(note.closest('[hidden], [aria-hidden="true"]').length).toBe(0);
      expect(note.text()).toMatch(/^Example truncated: showing 200 of 4,270,002 lines\. Download the full example \(\d+\.\d MB\)$/);
      const code = note.next('.code-block').find('code').text();
      expect(code.split('\n')).toHaveLength(200);
      expect(code.startsWith('[\n  {\n    "id": 0,\n    "name": "station-0"')).toBe(true);
      expect(note.next('.code-block').find('.code-more').text()).toBe('… 4,269,802 more lines');
    }
  });

  it('writes the full example beside the pages, once, equal to the spec\'s example', () => {
    const hrefs = new Set(['api/list-readings/index.html', 'api/upload-readings/index.html', 'api/schemas/readings/index.html'].map((f) => $(f)('.code-truncated a[download]').attr('href')!));
    expect(hrefs.size).toBe(1);
    const [href] = hrefs;
    expect(href).toMatch(/^\/assets\/examples\/[a-z0-9-]+-[0-9a-f]{10}\.json$/);
    const text = fs.readFileSync(fileOf(href), 'utf8');
    expect(text.split('\n')).toHaveLength(4_270_002);
    expect(isDeepStrictEqual(JSON.parse(text), items)).toBe(true);
  });

  it('puts a shortened request body in the code samples, saying so and where the whole is', () => {
    const page = $('api/upload-readings/index.html');
    const samples = page('#code-samples').parent().find('.code-block');
    expect(samples.length).toBe(9);
    const href = page('.code-truncated a[download]').attr('href')!;
    samples.each((_, block) => {
      const code = page(block).find('code').text();
      expect(code.length, page(block).attr('data-language')).toBeLessThan(5_000);
      expect(code).toMatch(new RegExp(`^(<\\?php\\n)?(#|//) The request body is shortened for this sample \\(3 of 610,000 items\\);\\n(#|//) the full example \\(\\d+\\.\\d MB\\): https://docs\\.test\\.example${href.replace(/[.]/g, '\\.')}\\n`));
      expect(code).not.toContain('station-3');
    });
    const curl = page('.code-block[data-language="curl"] code').text();
    expect(JSON.parse(/--data '\n?([\s\S]*)'\s*$/.exec(curl)![1])).toEqual(items.slice(0, 3));
  });

  it('shows a field\'s example value shortened in its facts, linking to the same file', () => {
    const page = $('api/schemas/readings/index.html');
    const fact = page('.schema-facts dt:contains("Example")').next('dd');
    expect(fact.find('code').text().length).toBeLessThanOrEqual(201);
    expect(fact.find('.value-cut').text()).toMatch(/^\(shortened: \d+\.\d MB in all; full value\)$/);
    expect(fact.find('a[download]').attr('href')).toBe(page('.code-truncated a[download]').attr('href'));
  });
});

describe('#14 point 3: long enums, defaults, descriptions and x-codeSamples', () => {
  const values = Array.from({ length: 5_000 }, (_, i) => `region-${i}`);
  const longDefault = 'd'.repeat(200_000);
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20);
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Long API', version: '1.0.0' },
    paths: {
      '/things': {
        post: {
          operationId: 'makeThing',
          summary: 'Make a thing',
          description: `${paragraph}\n\n`.repeat(5_000),
          parameters: [{ name: 'ids', in: 'query', required: true, schema: { type: 'array', items: { type: 'integer' } }, example: Array.from({ length: 100_000 }, (_, i) => i) }],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          responses: { 200: { description: 'OK', content: { 'application/xml': { schema: { type: 'string' }, example: `<a>${'x'.repeat(3_000_000)}</a>` } } } },
          'x-codeSamples': [{ lang: 'Rust', source: 'fn main() {}\n'.repeat(300_000) }],
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            region: { type: 'string', enum: values },
            note: { type: 'string', default: longDefault },
            story: { type: 'string', description: `${paragraph}\n\n`.repeat(1_000) },
          },
        },
      },
    },
  };
  let site: Awaited<ReturnType<typeof buildFiles>>;
  beforeAll(async () => {
    site = await buildFiles({ 'docsgen.config.ts': config, 'openapi.json': JSON.stringify(spec) });
  }, 60_000);

  it('keeps every page under 1 MB', () => {
    for (const [file, bytes] of htmlSizes(site.result.config.outDir)) expect(bytes, file).toBeLessThan(1_000_000);
  });

  it('lists the first 50 values of an enum of 5,000, says how many more, and links to all of them', () => {
    const page = site.$('api/make-thing/index.html');
    const dd = page('#request-body-region .schema-facts dt:contains("Possible values")').next('dd');
    expect(dd.find('code').map((_, c) => page(c).text()).get()).toEqual(values.slice(0, 50));
    expect(dd.find('.value-cut').text().trim()).toBe('and 4,950 more (all 5,000 values)');
    expect(JSON.parse(site.read(dd.find('a[download]').attr('href')!.slice(1)))).toEqual(values);
  });

  it('shortens a 200 KB default to 200 characters, linking to the whole', () => {
    const page = site.$('api/make-thing/index.html');
    const dd = page('#request-body-note .schema-facts dt:contains("Default")').next('dd');
    expect(dd.find('code').text()).toBe(`${'d'.repeat(200)}…`);
    expect(dd.find('.value-cut').text()).toBe('(shortened: 200 KB in all; full value)');
    expect(site.read(dd.find('a[download]').attr('href')!.slice(1))).toBe(longDefault);
  });

  it('shortens long descriptions (a field\'s, the operation\'s) and says so', () => {
    const page = site.$('api/make-thing/index.html');
    const field = page('#request-body-story > .schema-description');
    expect(field.text().length).toBeLessThan(11_000);
    expect(field.find('.text-cut').text()).toMatch(/^Shortened: [\d,]+ of 1,142,000 characters shown; the full text is in the OpenAPI spec\.$/);
    expect(page('.operation-main > .markdown .text-cut').text()).toMatch(/^Shortened: [\d,]+ of 5,710,000 characters shown/);
  });

  it('caps a 3 MB one-line XML example and a 300,000-line x-codeSample, linking to their files', () => {
    const page = site.$('api/make-thing/index.html');
    const notes = page('.code-truncated').map((_, n) => page(n).text()).get();
    expect(notes).toContain('Example truncated: showing the start of 3.0 MB. Download the full example (3.0 MB)');
    expect(notes).toContain('Code sample truncated: showing 200 of 300,000 lines. Download the full code sample (3.9 MB)');
    const xml = page('.code-truncated:contains("3.0 MB") a').attr('href')!;
    expect(xml).toMatch(/\.xml$/);
    expect(site.read(xml.slice(1))).toBe(spec.paths['/things'].post.responses[200].content['application/xml'].example);
  });

  it('cuts a 100,000-value query example in the code samples\' URL', () => {
    const curl = site.$('api/make-thing/index.html')('.code-block[data-language="curl"] code').text();
    expect(curl.length).toBeLessThan(2_000);
    expect(curl).toContain('ids=0%2C1%2C2');
  });
});

describe('#14 point 3: the sampler stays bounded', () => {
  it('samples arrays of arrays with minItems 1,000,000 and strings with minLength 100,000,000 in a small example', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Deep API', version: '1.0.0' },
      paths: {
        '/grid': {
          get: {
            operationId: 'grid',
            summary: 'Grid',
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: { type: 'array', minItems: 1_000_000, items: { type: 'array', minItems: 1_000_000, items: { type: 'object', properties: { s: { type: 'string', minLength: 100_000_000 } } } } } } },
              },
            },
          },
        },
      },
    };
    const start = performance.now();
    const site = await buildFiles({ 'docsgen.config.ts': config, 'openapi.json': JSON.stringify(spec) });
    expect(performance.now() - start).toBeLessThan(20_000);
    const example = site.$('api/grid/index.html')('.code-block[data-language="json"] code').first().text();
    const value = JSON.parse(example) as { s: string }[][];
    expect(value.length).toBeLessThanOrEqual(10);
    expect(value.flat().length).toBeLessThanOrEqual(20);
    expect(value[0][0].s.length).toBeLessThanOrEqual(100);
  });
});

describe('#14 point 3: no page over 1 MB, whatever its model holds', () => {
  it('renders an operation of 3,000 described fields and 40 long examples under 1 MB, saying what it shortened', () => {
    const description = `<p>${'A field that matters. '.repeat(40)}</p>\n<p>${'More on it. '.repeat(200)}</p>\n`;
    const node = (id: string, children: SchemaNode[] = []): SchemaNode => ({ id, name: id, type: 'string', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: description, constraints: [], children });
    const fields = Array.from({ length: 60 }, (_, i) => node(`f${i}`, Array.from({ length: 50 }, (_, j) => node(`f${i}-${j}`))));
    const example: Code = { code: Array.from({ length: 200 }, (_, i) => `  { "id": ${i}, "name": "item ${i}", "ok": true },`).join('\n'), language: 'json' };
    const operation: OperationView = {
      title: 'Big',
      method: 'POST',
      serverUrl: 'https://api.example.com',
      path: '/big',
      deprecated: false,
      descriptionHtml: description,
      security: [],
      parameters: [],
      requestBody: { id: 'request-body', required: true, descriptionHtml: '', contents: [{ mediaType: 'application/json', schema: { ...node('request-body', fields), name: undefined }, examples: [{ label: 'Example', code: example }] }] },
      responses: Array.from({ length: 40 }, (_, i) => ({ id: `response-${200 + i}`, status: String(200 + i), statusClass: '2xx', descriptionHtml: description, headers: [], contents: [{ mediaType: 'application/json', examples: [{ label: 'Example', code: example }] }] })),
      callbacks: [],
      codeSamples: [{ lang: 'curl', label: 'curl', code: { code: 'curl https://api.example.com/big', language: 'bash' } }],
    };
    const html = renderPage(site, page('/api/big', { kind: 'apiOperation', operation, toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    expect($('.text-cut').first().text()).toBe('Shortened to keep this page small; the full text is in the OpenAPI spec.');
    expect($('.code-truncated').first().text()).toMatch(/^Example truncated: showing \d+ of 200 lines\./);
    expect($('.code-block[data-language="curl"] code').text()).toBe('curl https://api.example.com/big');
  });
});

describe('#14 point 3: no page over 1 MB, however many parameters and examples', () => {
  it('lists the first parameters and examples of an operation of 5,000 query parameters and 3,000 named examples, and counts the rest', () => {
    const param = (i: number): SchemaNode => ({ id: `query-q${i}`, name: `q${i}`, type: 'string', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: `<p>Filter number ${i}, one of many.</p>`, constraints: [], children: [] });
    const examples = Array.from({ length: 3_000 }, (_, i) => ({ label: `Example ${i}`, code: { code: `{ "q${i}": "value ${i}" }`, language: 'json' } satisfies Code }));
    const operation: OperationView = {
      title: 'Many',
      method: 'POST',
      serverUrl: 'https://api.example.com',
      path: '/many',
      deprecated: false,
      descriptionHtml: '',
      security: [],
      parameters: [{ id: 'query-parameters', location: 'query', label: 'Query parameters', params: Array.from({ length: 5_000 }, (_, i) => param(i)) }],
      requestBody: { id: 'request-body', required: true, descriptionHtml: '', contents: [{ mediaType: 'application/json', examples }] },
      responses: [{ id: 'response-200', status: '200', statusClass: '2xx', descriptionHtml: '<p>OK</p>', headers: [], contents: [] }],
      callbacks: [],
      codeSamples: [{ lang: 'curl', label: 'curl', code: { code: 'curl https://api.example.com/many', language: 'bash' } }],
    };
    // Each kept with its fields cut, the parameters alone made a 4.6 MB page, the examples' tabs 3.9 MB more.
    const html = renderPage(site, page('/api/many', { kind: 'apiOperation', operation, toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const shown = $('#query-parameters').parent().find('li.schema-field').length;
    expect(shown).toBeGreaterThan(0);
    expect($('#query-q0').length).toBe(1);
    expect($('#query-parameters').parent().find('.text-cut').last().text()).toBe(`and ${(5_000 - shown).toLocaleString('en-US')} more, left out to keep this page small (the page’s Markdown copy and the OpenAPI spec list them all)`);
    const tabs = $('.media-examples .tab-label').length;
    expect(tabs).toBeGreaterThan(0);
    expect($('.media-examples .text-cut').text()).toBe(`and ${(3_000 - tabs).toLocaleString('en-US')} more, left out to keep this page small (the page’s Markdown copy and the OpenAPI spec list them all)`);
    expect($('.sidecar-request-example .text-cut').text()).toBe($('.media-examples .text-cut').text());
  });
});

/** The line a page over 1 MB writes where a list ends, for `count` items left out. */
const leftOut = (count: number) => `and ${count.toLocaleString('en-US')} more, left out to keep this page small (the page’s Markdown copy and the OpenAPI spec list them all)`;

describe('#14 point 3: no page over 1 MB, however many servers and security schemes', () => {

  it('the overview of a spec of 3,000 servers (50 values for each one\'s variable) and 500 security schemes lists the first and counts the rest', () => {
    const overview: ApiOverviewView = {
      sectionIds: { servers: 'servers', authentication: 'authentication', endpoints: 'endpoints' },
      title: 'Regions',
      version: '1',
      descriptionHtml: '<p>Many regions.</p>',
      servers: Array.from({ length: 3_000 }, (_, i) => ({ url: `https://api${i}.example.com/v1/us`, descriptionHtml: `<p>Region server ${i}</p>` })),
      serverDetails: Array.from({ length: 3_000 }, (_, i) => ({ template: `https://api${i}.example.com/v1/{region}`, relative: false, variables: [{ name: 'region', default: 'us', enum: Array.from({ length: 50 }, (_, k) => `r${k}`), descriptionHtml: '' }] })),
      auth: Array.from({ length: 500 }, (_, i) => ({ id: `auth-key${i}`, name: `key${i}`, type: 'apiKey', where: `header X-Key-${i}`, descriptionHtml: `<p>Key number ${i}.</p>` })),
      tags: [],
    };
    // All listed, it was a 6.3 MB page.
    const toc = [{ id: 'servers', text: 'Servers', children: [] }, { id: 'authentication', text: 'Authentication', children: overview.auth.map((a) => ({ id: a.id, text: a.name, children: [] })) }];
    const html = renderPage(site, page('/api', { kind: 'apiOverview', overview, toc, breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const servers = $('.server-list > li').length;
    const schemes = $('section[aria-labelledby^="auth-key"]').length;
    expect(servers).toBeGreaterThan(0);
    expect(schemes).toBeGreaterThan(0);
    expect($('.text-cut').map((_, p) => $(p).text()).get()).toEqual([leftOut(3_000 - servers), leftOut(500 - schemes)]);
    // The table of contents links only to the schemes still on the page.
    const tocLinks = $('.toc a[href^="#auth-key"]').map((_, a) => $(a).attr('href')!.slice(1)).get();
    expect(tocLinks).toHaveLength(schemes);
    for (const id of tocLinks) expect($(`#${id}`).length, id).toBe(1);
    const values = $('.server-variables td').eq(2);
    expect(values.find('code').length).toBeLessThan(50);
    expect(values.text()).toMatch(new RegExp(` and ${50 - values.find('code').length} more$`));
  });

  it('an operation of 6,000 security alternatives lists the first and counts the rest', () => {
    const alternatives = Array.from({ length: 6_000 }, (_, i) => ({ schemes: [{ name: `key${i}`, href: `/api#auth-key${i}`, detail: `API key in the header "X-Key-${i}"`, scopes: [] }] }));
    const operation: OperationView = {
      title: 'Guarded',
      method: 'GET',
      serverUrl: 'https://api.example.com',
      path: '/guarded',
      deprecated: false,
      descriptionHtml: '',
      security: [],
      securityRequirements: { alternatives, optional: false },
      parameters: [],
      responses: [{ id: 'response-200', status: '200', statusClass: '2xx', descriptionHtml: '<p>OK</p>', headers: [], contents: [] }],
      callbacks: [],
      codeSamples: [],
    };
    const html = renderPage(site, page('/api/guarded', { kind: 'apiOperation', operation, toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const shown = $('.security-alternatives > li').length;
    expect(shown).toBeGreaterThan(0);
    expect($('.operation-security .text-cut').text()).toBe(leftOut(6_000 - shown));
  });
});

describe('#14 point 3: no page over 1 MB, however many responses and callbacks', () => {
  const field = (id: string, name: string): SchemaNode => ({ id, name, type: 'string', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: `<p>The parcel's ${name}, as the land registry records it.</p>`, constraints: [], children: [] });
  const parcel = (id: string): SchemaNode => ({ ...field(id, 'parcel'), name: undefined, type: 'object', children: ['id', 'area', 'zone', 'owner'].map((name) => field(`${id}-${name}`, name)) });
  const response = (prefix: string, status: number) => ({ id: `${prefix}response-${status}`, status: String(status), statusClass: `${String(status)[0]}xx`, descriptionHtml: `<p>What the registry answers with ${status}, and why it might.</p>`, headers: [], contents: [{ mediaType: 'application/json', schema: parcel(`${prefix}response-${status}`), examples: [{ label: 'Example', code: { code: `{ "id": "p-${status}", "area": 412.5 }`, language: 'json' } satisfies Code }] }] });
  const operation = (extra: Partial<OperationView>): OperationView => ({ title: 'Parcels', method: 'GET', serverUrl: 'https://api.example.com', path: '/parcels', deprecated: false, descriptionHtml: '', security: [], parameters: [], responses: [response('', 200)], callbacks: [], codeSamples: [], ...extra });

  it('an operation of 400 responses lists the first and counts the rest where its responses end', () => {
    // All kept at the last step, the page was 1.2 MB.
    const html = renderPage(site, page('/api/parcels', { kind: 'apiOperation', operation: operation({ responses: Array.from({ length: 400 }, (_, i) => response('', 200 + i)) }), toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const shown = $('input[name="responses-tabs"]').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(400);
    expect($('#response').text()).toBe(leftOut(400 - shown));
    expect($('#response').parent().is('section[aria-labelledby="responses"]')).toBe(true);
  });

  it('an operation of 2,000 callbacks lists the first, each tightened like the operation, and counts the rest', () => {
    const callbacks = Array.from({ length: 2_000 }, (_, i) => {
      const id = `callback-on-change${i}-post`;
      const params = [{ id: `${id}-query-parameters`, location: 'query' as const, label: 'Query parameters', params: [field(`${id}-query-since`, 'since')] }];
      return { id: `callback-on-change${i}`, name: `onChange${i}`, operations: [{ id, method: 'POST', expression: '{$request.query.callbackUrl}', summary: `Change ${i}`, descriptionHtml: '<p>Sent when a parcel changes.</p>', parameters: params, requestBody: { id: `${id}-request-body`, required: true, descriptionHtml: '', contents: [{ mediaType: 'application/json', schema: parcel(`${id}-request-body`), examples: [] }] }, responses: [response(`${id}-`, 200)] }] };
    });
    // None tightened, the page was 8.5 MB.
    const html = renderPage(site, page('/api/parcels', { kind: 'apiOperation', operation: operation({ callbacks }), toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const shown = $('section.callback').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(2_000);
    expect($('#callback').text()).toBe(leftOut(2_000 - shown));
    // The callbacks kept share the page's budget of fields: the last one kept shows no body fields.
    expect($('section.callback').last().find('[id$="-request-body-id"]')).toHaveLength(0);
  });
});

describe('#14 point 3: no page over 1 MB, however many tags', () => {
  // 5,000 tags of one operation each: every one listed, the landing was 1.7 MB (Microsoft Graph beta has 828 tags).
  const tags: ApiTagView[] = Array.from({ length: 5_000 }, (_, i) => ({ name: `Area ${i}`, href: `/api/area-${i}`, descriptionHtml: '', operations: [{ method: 'GET', path: `/areas/a${i}`, summary: `Get area ${i}`, href: `/api/get-area-${i}`, deprecated: false }] }));
  const api: ApiIndexModel = { title: 'Areas', version: '1', summary: '', overviewHref: '/api/areas', tags };

  it('the landing lists the first tags and counts the rest; under x-tagGroups, the first groups’ tags', () => {
    for (const model of [api, { ...api, tagGroups: Array.from({ length: 10 }, (_, g) => ({ name: `Region ${g}`, tags: tags.slice(g * 500, g * 500 + 500) })) }]) {
      const html = renderPage(site, page('/api', { kind: 'apiIndex', api: model, breadcrumbs: [] }));
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      const $ = cheerio.load(html);
      const shown = $('.api-tag-section').length;
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(5_000);
      expect($('.api-tag-section h2 a, .api-tag-section h3 a').first().text()).toBe('Area 0');
      expect($('.text-cut').text()).toBe(leftOut(5_000 - shown));
    }
  });

  it('the overview lists the first tags and counts the rest', () => {
    const overview: ApiOverviewView = { sectionIds: { servers: 'servers', authentication: 'authentication', endpoints: 'endpoints' }, title: 'Areas', version: '1', descriptionHtml: '', servers: [], auth: [], tags };
    const html = renderPage(site, page('/api/areas', { kind: 'apiOverview', overview, toc: [], breadcrumbs: [] }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const $ = cheerio.load(html);
    const shown = $('.api-tag-section').length;
    expect(shown).toBeLessThan(5_000);
    expect($('.text-cut').text()).toBe(leftOut(5_000 - shown));
  });
});

describe('#14 point 3: a spec too large for the heap', () => {
  it('is refused before it is read, with a docsgen error naming the file and the fix, not a V8 abort', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.json': JSON.stringify(readingsSpec(readings(150_000))) });
    const bytes = fs.statSync(path.join(dir, 'openapi.json')).size;
    const run = await runDocsgen(['build'], dir, { env: { NODE_OPTIONS: '--max-old-space-size=160' }, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^✗ error openapi\\.json The OpenAPI spec is ${(bytes / 1e6).toFixed(1).replace('.', '\\.')} MB, more than this process can parse in its memory: Node's heap limit is [\\d.]+ MB, and a spec needs about 25 times its size \\(at most [\\d.]+ MB here\\)\\.\\n    hint: Give Node a larger heap, e\\.g\\. NODE_OPTIONS=--max-old-space-size=\\d+ \\(MB\\) before docsgen`, 'm'));
    expect(run.stderr).not.toContain('heap out of memory');
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });
});
