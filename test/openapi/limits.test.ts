// Sizes real specs reach: a 300-character operationId (a folder name longer than file systems
// allow) and thousands of schemas (a sidebar that made every schema page weigh megabytes).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFiles, configSource, listFiles, type Fixture } from '../helpers/fixture';

const apiSite = (spec: object) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.json', downloadUrl: 'https://api.test.example/openapi.json' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
  'openapi.json': JSON.stringify(spec),
});
const ok = { responses: { 200: { description: 'OK' } } };

describe('long names', () => {
  it('builds an operationId, tag and schema name of 300 characters into routes of at most 120 bytes, linked from the sidebar', async () => {
    const long = (start: string) => start + 'WithAVeryLongQualifier'.repeat(14); // 300+ characters
    const f = await buildFiles(
      apiSite({
        openapi: '3.0.3',
        info: { title: 'Long', version: '1' },
        tags: [{ name: long('Tag') }],
        paths: { '/x': { get: { operationId: long('getThing'), summary: 'Get the thing', tags: [long('Tag')], ...ok } } },
        components: { schemas: { [long('Thing')]: { type: 'object', properties: { id: { type: 'string' }, [long('field')]: { type: 'object', properties: { [long('inner')]: { type: 'string' } } } } } } },
      }),
    );
    const $ = f.$('api/long/index.html');
    const hrefs = $('.sidebar a').map((_, a) => $(a).attr('href')!).get();
    const op = hrefs.find((h) => h.startsWith('/api/get-thing-'))!;
    const schema = hrefs.find((h) => h.startsWith('/api/schemas/thing-'))!;
    for (const href of [op, schema]) {
      expect(Buffer.byteLength(href.split('/').pop()!)).toBeLessThanOrEqual(120);
      expect(f.exists(`${href.slice(1)}/index.html`)).toBe(true);
    }
    expect(f.$(`${op.slice(1)}/index.html`)('h1').text()).toBe('Get the thing');
    // Anchors built from field names stay a sane length too; each field keeps its own.
    const page = f.$(`${schema.slice(1)}/index.html`);
    const ids = page('article [id^="schema-"]').map((_, e) => page(e).attr('id')!).get();
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(300);
    expect(ids).toContain('schema-id');
    const tagPages = listFiles(f.result.config.outDir).filter((p) => p.startsWith('api/tag-with-a-very-long'));
    // Its page and its Markdown copy (`<slug>.md` beside `<slug>/index.html`).
    expect(tagPages.map((p) => (p.endsWith('.md') ? 'md' : 'html')).sort()).toEqual(['html', 'md']);
    for (const file of tagPages) expect(Buffer.byteLength(file.split('/')[1].replace(/\.md$/, ''))).toBeLessThanOrEqual(120);
  });
});

describe('3,000 schemas', () => {
  const count = 3000;
  const name = (i: number) => `${['Account', 'Billing', 'Catalog', 'Delivery', 'Zone'][i % 5]}Record${String(i).padStart(4, '0')}WithQualifiedName`;
  let f: Fixture;
  let pages: string[];
  beforeAll(async () => {
    const schemas = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        name(i),
        {
          type: 'object',
          // A first sentence near the 200 characters the index shows of it.
          description: `${'A record of the generated catalogue, kept to measure how large the pages listing schemas grow when a spec has thousands of them and each has a long description '.slice(0, 190)}. More.`,
          properties: { id: { type: 'string' }, ...(i % 10 !== 9 ? { next: { $ref: `#/components/schemas/${name(i + 1)}` } } : {}) },
        },
      ]),
    );
    f = await buildFiles(apiSite({ openapi: '3.0.3', info: { title: 'Catalogue', version: '1' }, paths: { '/a': { get: { operationId: 'getA', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name(0)}` } } } } } } } }, components: { schemas } }));
    pages = listFiles(f.result.config.outDir).filter((p) => p.endsWith('.html'));
  }, 180_000);

  it('keeps every page under 1 MB', () => {
    const sizes = pages.map((p) => [p, fs.statSync(path.join(f.result.config.outDir, p)).size] as const);
    const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(largest[1], `${largest[0]} is ${largest[1]} bytes`).toBeLessThan(1_000_000);
  });

  it('links to the schema index from the sidebar instead of listing the schemas', () => {
    const $ = f.$(`api/schemas/${'account-record-0000-with-qualified-name'}/index.html`);
    expect($('.sidebar a').map((_, a) => [[$(a).text(), $(a).attr('href')]]).get()).toEqual(expect.arrayContaining([['Schemas (3,000)', '/api/schemas']]));
    expect($('.sidebar a[href^="/api/schemas/"]')).toHaveLength(0);
  });

  it('reaches every schema from the index, through its parts', () => {
    const index = f.$('api/schemas/index.html');
    const parts = index('.schema-index-parts a').map((_, a) => index(a).attr('href')!).get();
    expect(parts).toEqual(['/api/schemas/part/1', '/api/schemas/part/2', '/api/schemas/part/3']);
    const listed = parts.flatMap((part) => {
      const $ = f.$(`${part.slice(1)}/index.html`);
      return $('.schema-index a').map((_, a) => $(a).attr('href')!).get();
    });
    expect(new Set(listed).size).toBe(count);
    for (const href of listed) expect(pages).toContain(`${href.slice(1)}/index.html`);
    // Each part is grouped by first letter, with the letters on top.
    const first = f.$('api/schemas/part/1/index.html');
    expect(first('.schema-letters a').map((_, a) => first(a).text()).get()).toEqual(['A', 'B']);
  });
});

describe('a tag of 1,100 operations', () => {
  let f: Fixture;
  beforeAll(async () => {
    const paths = Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [`/items/${i}`, { get: { operationId: `getItem${i}`, summary: `Get item ${i}`, tags: ['Items'], ...ok } }]));
    paths['/health'] = { get: { operationId: 'checkHealth', summary: 'Health', tags: ['Health'], ...ok } };
    f = await buildFiles(apiSite({ openapi: '3.0.3', info: { title: 'Inventory', version: '1' }, paths }));
  }, 180_000);

  it('lists its operations over pages of 1,000, linked to each other', () => {
    const first = f.$('api/items/index.html');
    expect(first('.operation-list li')).toHaveLength(1000);
    expect(first('.api-tag-pages a').map((_, a) => [[first(a).text(), first(a).attr('href'), first(a).attr('aria-current') ?? '']]).get()).toEqual([
      ['1–1,000', '/api/items', 'page'],
      ['1,001–1,100', '/api/items/2', ''],
    ]);
    const second = f.$('api/items/2/index.html');
    expect(second('.operation-list a').map((_, a) => second(a).text()).get()).toEqual(Array.from({ length: 100 }, (_, i) => `Get item ${1000 + i}`));
  });

  it('shortens the landing’s and the overview’s lists to 1,000 rows, linking each tag to the rest', () => {
    for (const page of ['api/index.html', 'api/inventory/index.html']) {
      const $ = f.$(page);
      expect($('.operation-list li:not(.operation-list-more)').length, page).toBeLessThanOrEqual(1000);
      const more = $('.operation-list-more a');
      expect(more.map((_, a) => [[$(a).text(), $(a).attr('href')]]).get(), page).toEqual([['and 600 more', '/api/items']]);
      expect($('.operation-list a[href="/api/check-health"]').length, page).toBe(1);
    }
  });
});

describe('a schema every operation uses', () => {
  it('lists the first 200 pages under "Used by" and counts the rest (Microsoft Graph\'s error schema made 5.7 MB pages)', async () => {
    const paths: Record<string, object> = {};
    for (let i = 1; i <= 230; i++) {
      paths[`/things/${i}`] = { get: { operationId: `getThing${i}`, responses: { default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } } } };
    }
    const f = await buildFiles(
      apiSite({
        openapi: '3.0.3',
        info: { title: 'Errors', version: '1' },
        paths,
        components: { schemas: { Error: { type: 'object', properties: { code: { type: 'string' } } }, Envelope: { type: 'object', properties: { error: { $ref: '#/components/schemas/Error' } } } } },
      }),
    );
    const $ = f.$('api/schemas/error/index.html');
    const listed = $('.schema-used-by > li > a').map((_, a) => $(a).attr('href')).get();
    expect(listed).toHaveLength(200);
    expect(listed[0]).toBe('/api/get-thing-1');
    expect(listed[199]).toBe('/api/get-thing-200');
    // 30 more operations and the Envelope schema.
    expect($('.schema-used-by-more').text()).toBe('and 31 more operations and schemas');
  });
});

describe('a base schema with a hundred subtypes', () => {
  it('shows the first 50 as tabs and counts the rest; the discriminator lists its first 100 values (a Graph schema of 1,544 subtypes made a 1.4 MB page)', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `Kind${String(i + 1).padStart(3, '0')}`);
    const schemas: Record<string, object> = {
      Entity: { type: 'object', properties: { kind: { type: 'string' }, id: { type: 'string' } }, discriminator: { propertyName: 'kind', mapping: Object.fromEntries(names.map((n) => [n.toLowerCase(), `#/components/schemas/${n}`])) } },
    };
    for (const n of names) schemas[n] = { allOf: [{ $ref: '#/components/schemas/Entity' }, { type: 'object', properties: { [`${n.toLowerCase()}Field`]: { type: 'string' } } }] };
    const f = await buildFiles(
      apiSite({ openapi: '3.0.3', info: { title: 'Kinds', version: '1' }, paths: { '/entities': { get: { operationId: 'listEntities', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Entity' } } } } } } } }, components: { schemas } }),
    );
    const $ = f.$('api/schemas/entity/index.html');
    const variants = $('article .schema-variants').first();
    expect(variants.children('.tabs').children('.tab').length).toBe(50);
    expect(variants.find('.schema-variants-more').text()).toBe('and 70 more alternatives, not shown here');
    expect(variants.find('.schema-discriminator code').length).toBe(1 + 100); // the property, then the values
    expect(variants.find('.schema-discriminator').text()).toMatch(/kind100 → Kind100, and 20 more$/);
  });
});

describe('a chain of 600 schemas, each holding a $ref to the next', () => {
  // The validator dereferences the spec first and throws at its 500th $ref inside another's
  // target: the build ended as an internal error, quoting a 500-step pointer.
  const chain = (n: number) => {
    const schemas: Record<string, object> = {};
    for (let i = 0; i < n; i++) schemas[`Link${i}`] = i < n - 1 ? { type: 'object', properties: { next: { $ref: `#/components/schemas/Link${i + 1}` } } } : { type: 'string' };
    return { openapi: '3.0.3', info: { title: 'Chain', version: '1' }, paths: { '/links': { get: { operationId: 'getLinks', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Link0' } } } } } } } }, components: { schemas } };
  };

  it('builds every page, with one warning at the place where the validator stopped; --strict fails on it', async () => {
    const files = apiSite(chain(600));
    const f = await buildFiles(files);
    expect(f.exists('api/schemas/link-599/index.html')).toBe(true);
    const warnings = f.logger.diagnostics.filter((d) => d.code === 'spec-warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].text).toMatch(/^\/components\/schemas\/Link\d+\/\S+ is 500 levels deep with the \$refs on the way followed \(each inside the last one's target\): the validator goes no deeper, so the spec was not validated\.$/);
    expect(warnings[0].location?.file).toMatch(/openapi\.json$/);
    expect(warnings[0].location?.line).toBe(1);
    await expect(buildFiles(files, { strict: true })).rejects.toThrow(/500 levels deep/);
  }, 120_000);
});
