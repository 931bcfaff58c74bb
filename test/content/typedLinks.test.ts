// Issue #20, typed links from guides into the API reference: `op:<operationId>`,
// `op:METHOD /path`, `schema:<Name>`, with `#` a parameter, response or field; resolved at build
// time to the page and anchor the API pages give them, and broken (file:line:column, under
// onBrokenLinks, in the build and in check-links) when the spec has no such target.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { LiveMemo } from '../../src/index';
import * as cheerio from 'cheerio';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import type { Diagnostic } from '../../src/diagnostics/diagnostic';
import { checkSiteLinks } from '../../src/links/checkSite';
import { toProblems } from '../../src/links/report';
import { buildFails, buildFiles, configSource, writeFiles, type Fixture } from '../helpers/fixture';

/** A spec with two operations and a schema; the search operation's id decides its slug (`search-boundaries`). */
function spec(searchId = 'searchBoundaries'): string {
  return `openapi: 3.0.3
info:
  title: Places API
  version: 1.0.0
paths:
  /v1/boundaries/search:
    get:
      operationId: ${searchId}
      summary: Search boundaries
      parameters:
        - name: lat
          in: query
          required: true
          description: Latitude of the point.
          schema: { type: number }
      responses:
        '200':
          description: Every boundary around the point.
          content:
            application/json:
              schema:
                type: object
                properties:
                  data:
                    type: array
                    items: { $ref: '#/components/schemas/Boundary' }
        '429':
          description: Too many requests.
          headers:
            Retry-After:
              description: Seconds to wait.
              schema: { type: integer }
  /v1/boundaries/virtual:
    post:
      operationId: createVirtualBoundary
      summary: Create a virtual boundary
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                radius_m: { type: integer, description: Radius in metres. }
      responses:
        '201':
          description: The new boundary.
  /v1/boundaries/{boundary_id}:
    get:
      operationId: getBoundary
      summary: Get a boundary
      parameters:
        - name: boundary_id
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The boundary.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Boundary' }
components:
  schemas:
    Boundary:
      type: object
      properties:
        boundary_id: { type: string, description: The boundary's id. }
        name: { type: string }
        geometry:
          type: object
          properties:
            type: { type: string }
`;
}

const config = (overrides: Record<string, unknown> = {}) => configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' }, ...overrides });

const guide = [
  '---',
  'title: Finding places',
  '---',
  'Start with [Search boundaries](op:searchBoundaries), then fetch one with [by path](<op:GET /v1/boundaries/{boundary_id}>)',
  'or [encoded](op:GET%20/v1/boundaries/search).',
  '',
  'Keep [the boundary id](schema:Boundary#boundary_id) and [its geometry type](schema:Boundary#geometry.type);',
  'slow down on [the 429 response](op:searchBoundaries#response-429), read [each id](op:searchBoundaries#response-200.data.boundary_id)',
  'and send [the latitude](op:searchBoundaries#query.lat). [The schema](schema:Boundary).',
  '',
  'Wait [Retry-After](op:searchBoundaries#response-429.headers.Retry-After) seconds; draw [a radius](op:createVirtualBoundary#request.radius_m)',
  'or go [by reference][search].',
  '',
  '[search]: op:searchBoundaries#query.lat',
  '',
].join('\n');

/** What the link check reports (the spec's own warnings are other tests' business). */
const linkProblems = (list: Diagnostic[]) => list.filter((d) => d.code === 'broken-link');

const hrefs = (f: Fixture, file: string) => Object.fromEntries(f.$(file)('.markdown a').toArray().map((a) => [f.$(file)(a).text(), a.attribs.href]));

describe('#20 typed links from guides into the API reference', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/places.md': guide });
  });
  afterAll(() => fs.rmSync(f.dir, { recursive: true, force: true }));

  it('resolves an operationId, METHOD /path (in <…> or with %20) and a schema name to their pages', () => {
    const links = hrefs(f, 'guides/places/index.html');
    expect(links['Search boundaries']).toBe('/api/search-boundaries');
    expect(links['by path']).toBe('/api/get-boundary');
    expect(links.encoded).toBe('/api/search-boundaries');
    expect(links['The schema']).toBe('/api/schemas/boundary');
    for (const page of ['api/search-boundaries/index.html', 'api/get-boundary/index.html', 'api/schemas/boundary/index.html']) expect(f.exists(page)).toBe(true);
  });

  it("resolves a response, a parameter and a field to the anchor their page gives them", () => {
    const links = hrefs(f, 'guides/places/index.html');
    expect(links['the 429 response']).toBe('/api/search-boundaries#response-429');
    expect(links['the latitude']).toBe('/api/search-boundaries#query-lat');
    expect(links['each id']).toBe('/api/search-boundaries#response-200-data-boundary_id');
    expect(links['the boundary id']).toBe('/api/schemas/boundary#schema-boundary_id');
    expect(links['its geometry type']).toBe('/api/schemas/boundary#schema-geometry-type');
    expect(links['Retry-After']).toBe('/api/search-boundaries#response-429-header-retry-after');
    expect(links['a radius']).toBe('/api/create-virtual-boundary#request-body-radius_m');
    expect(links['by reference']).toBe('/api/search-boundaries#query-lat');
    // Each anchor is the row of the field named, on the page linked to.
    const op = f.$('api/search-boundaries/index.html');
    expect(op('#query-lat').text()).toContain('lat');
    expect(op('#response-200-data-boundary_id').text()).toContain('boundary_id');
    expect(op('#response-429').text()).toContain('Too many requests.');
    const schema = f.$('api/schemas/boundary/index.html');
    expect(schema('#schema-boundary_id').text()).toContain("The boundary's id.");
    expect(schema('#schema-geometry-type').text()).toContain('type');
    expect(op('#response-429-header-retry-after').text()).toContain('Seconds to wait.');
    expect(f.$('api/create-virtual-boundary/index.html')('#request-body-radius_m').text()).toContain('Radius in metres.');
  });

  it('leaves no placeholder and no typed href in the page', () => {
    const html = f.read('guides/places/index.html');
    expect(html).not.toContain('__docsgen_typed_link__');
    expect(html).not.toMatch(/href="(op|schema):/);
    expect(linkProblems(f.result.diagnostics)).toEqual([]);
  });
});

const broken = [
  '---',
  'title: Broken',
  '---',
  'Try [search](op:serchBoundaries) and [the type](schema:Boundry).',
  '',
  'Also [the 431 response](op:searchBoundaries#response-431), [a field](schema:Boundary#boundary_idd)',
  'and [a path](<op:DELETE /v1/boundaries/search>).',
  '',
].join('\n');

describe('#20 a typed link to a target the spec does not have', () => {
  it('fails the build with each one at its file, line and column', async () => {
    const { dir, error } = await buildFails({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/broken.md': broken });
    const found = linkProblems(error.diagnostics).map((d) => [path.relative(dir, d.location!.file), d.location!.line, d.location!.column, d.severity, d.code, d.text]);
    expect(found).toEqual([
      ['content/guides/broken.md', 4, 14, 'error', 'broken-link', 'The link "op:serchBoundaries" names the operation serchBoundaries, which the spec does not have (by operationId or method and path).'],
      ['content/guides/broken.md', 4, 49, 'error', 'broken-link', 'The link "schema:Boundry" names the schema Boundry, which the spec does not have.'],
      ['content/guides/broken.md', 6, 25, 'error', 'broken-link', 'The link "op:searchBoundaries#response-431" names #response-431 on the page of the operation searchBoundaries, which has no such parameter, response or field.'],
      ['content/guides/broken.md', 6, 70, 'error', 'broken-link', 'The link "schema:Boundary#boundary_idd" names #boundary_idd on the page of the schema Boundary, which has no such field.'],
      ['content/guides/broken.md', 7, 15, 'error', 'broken-link', 'The link "op:DELETE /v1/boundaries/search" names the operation DELETE /v1/boundaries/search, which the spec does not have (by operationId or method and path).'],
    ]);
    // A near miss is named in the hint.
    expect(linkProblems(error.diagnostics).map((d) => d.hint)).toEqual([
      'Did you mean op:searchBoundaries?',
      'Did you mean schema:Boundary?',
      'Did you mean op:searchBoundaries#response-429?',
      'Did you mean schema:Boundary#boundary_id?',
      expect.stringContaining('Name an operation by its operationId or as "METHOD /path"'),
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a warning under onBrokenLinks: "warn", and the build goes on', async () => {
    const f = await buildFiles({ 'docsgen.config.ts': config({ onBrokenLinks: 'warn' }), 'openapi.yaml': spec(), 'content/guides/broken.md': broken });
    expect(linkProblems(f.result.diagnostics).map((d) => [d.severity, d.location?.line])).toEqual([
      ['warning', 4],
      ['warning', 4],
      ['warning', 6],
      ['warning', 6],
      ['warning', 7],
    ]);
    expect(f.read('guides/broken/index.html')).not.toContain('__docsgen_typed_link__');
    fs.rmSync(f.dir, { recursive: true, force: true });
  });

  it('is reported by check-links with its target and line', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/broken.md': broken, 'content/guides/places.md': guide });
    const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts') });
    const problems = toProblems(report.diagnostics, dir).map((p) => [p.file, p.line, p.column, p.target, p.severity]);
    expect(problems).toEqual([
      ['content/guides/broken.md', 4, 14, 'op:serchBoundaries', 'error'],
      ['content/guides/broken.md', 4, 49, 'schema:Boundry', 'error'],
      ['content/guides/broken.md', 6, 25, 'op:searchBoundaries#response-431', 'error'],
      ['content/guides/broken.md', 6, 70, 'schema:Boundary#boundary_idd', 'error'],
      ['content/guides/broken.md', 7, 15, 'op:DELETE /v1/boundaries/search', 'error'],
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('#20 the operation card: ::operation{id=…}', () => {
  it("renders the operation's method, path and summary, linking to its page; a target the spec lacks is a broken link", async () => {
    const text = ['---', 'title: Cards', '---', 'Two cards:', '', '::operation{id=searchBoundaries}', '', '::operation{id="GET /v1/boundaries/{boundary_id}"}', '', '::operation{id=nope}', ''].join('\n');
    const f = await buildFiles({ 'docsgen.config.ts': config({ onBrokenLinks: 'warn' }), 'openapi.yaml': spec().replace('summary: Get a boundary', 'summary: Get a <img src=x onerror=alert(1)> boundary'), 'content/guides/cards.md': text });
    const $ = f.$('guides/cards/index.html');
    const cards = $('.markdown .operation-card li').toArray().map((li) => [$(li).find('.method-badge').text(), $(li).find('.operation-path').text(), $(li).find('a').text(), $(li).find('a').attr('href')]);
    expect(cards).toEqual([
      ['GET', '/v1/boundaries/search', 'Search boundaries', '/api/search-boundaries'],
      ['GET', '/v1/boundaries/{boundary_id}', 'Get a <img src=x onerror=alert(1)> boundary', '/api/get-boundary'],
    ]);
    expect($('.markdown img')).toHaveLength(0);
    // The broken one: shown as its target in code, reported at the id's line and column.
    expect($('.markdown p code').last().text()).toBe('op:nope');
    expect(linkProblems(f.result.diagnostics).map((d) => [path.relative(f.dir, d.location!.file), d.location!.line, d.location!.column, d.text])).toEqual([
      ['content/guides/cards.md', 10, 16, 'The link "op:nope" names the operation nope, which the spec does not have (by operationId or method and path).'],
    ]);
    fs.rmSync(f.dir, { recursive: true, force: true });
  });
});

describe('#20 check-links keeps typed links it resolved in its cache', () => {
  it('keeps each target it resolved, and still sees a new target and a renamed operation', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/places.md': guide });
    const check = async () => toProblems((await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts') })).diagnostics, dir).map((p) => [p.line, p.target, p.reason]);
    expect(await check()).toEqual([]);
    const cache = JSON.parse(fs.readFileSync(path.join(dir, '.docsgen/check-links/api.json'), 'utf8'));
    // Eleven distinct targets (the reference definition names one the text names too).
    expect(Object.keys(cache.typed)).toHaveLength(11);
    expect(await check()).toEqual([]);
    // A target the cache has not seen: the spec is read for it.
    fs.appendFileSync(path.join(dir, 'content/guides/places.md'), '\nAnd [the name](schema:Boundary#nom).\n');
    expect(await check()).toEqual([[16, 'schema:Boundary#nom', 'names #nom on the page of the schema Boundary, which has no such field']]);
    // The operationId renamed in the spec: the cached answers are for the old spec, and not used.
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec('findBoundaries'));
    const after = await check();
    expect(after.map(([line, target]) => [line, target])).toEqual([
      [4, 'op:searchBoundaries'],
      [8, 'op:searchBoundaries#response-429'],
      [8, 'op:searchBoundaries#response-200.data.boundary_id'],
      [9, 'op:searchBoundaries#query.lat'],
      [11, 'op:searchBoundaries#response-429.headers.Retry-After'],
      // The reference link, at its definition.
      [14, 'op:searchBoundaries#query.lat'],
      [16, 'schema:Boundary#nom'],
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('#20 typed links with versions, several APIs and the build cache', () => {
  it("resolves a versioned guide's typed links within that version's spec", async () => {
    const older = spec('findBoundaries').replace(/        '429':\n          description: Too many requests.\n(          .*\n|            .*\n|              .*\n)*/, '');
    const f = await buildFiles({
      'docsgen.config.ts': config({ onBrokenLinks: 'warn' }),
      'openapi.yaml': spec(),
      'content/guides/places.md': '---\ntitle: Places\n---\nUse [search](op:GET%20/v1/boundaries/search) and [the 429](op:GET%20/v1/boundaries/search#response-429).\n',
      'versions.json': '["1.0"]\n',
      'versioned/1.0/openapi.yaml': older,
      'versioned/1.0/guides/places.md': '---\ntitle: Places\n---\nUse [search](op:GET%20/v1/boundaries/search) and [the 429](op:GET%20/v1/boundaries/search#response-429).\n',
    });
    expect(hrefs(f, 'guides/places/index.html')).toEqual({ search: '/api/search-boundaries', 'the 429': '/api/search-boundaries#response-429' });
    expect(hrefs(f, 'guides/1.0/places/index.html').search).toBe('/api/1.0/find-boundaries');
    expect(f.exists('api/1.0/find-boundaries/index.html')).toBe(true);
    // 1.0's operation has no 429 response: broken there only.
    expect(linkProblems(f.result.diagnostics).map((d) => [path.relative(f.dir, d.location!.file), d.location!.line, d.text])).toEqual([
      ['versioned/1.0/guides/places.md', 4, 'The link "op:GET /v1/boundaries/search#response-429" names #response-429 on the page of the operation GET /v1/boundaries/search, which has no such parameter, response or field.'],
    ]);
    fs.rmSync(f.dir, { recursive: true, force: true });
  });

  it("resolves a translation's typed links to the pages of its locale, and reports a broken one at the translation's line", async () => {
    const i18n = { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { en: { label: 'English' }, fr: { label: 'Français' } } };
    const files = {
      'docsgen.config.ts': config({ i18n }),
      'openapi.yaml': spec(),
      'content/guides/places.md': '---\ntitle: Places\n---\nUse [search](op:searchBoundaries).\n',
      'i18n/fr/guides/places.md': '---\ntitle: Lieux\n---\nUtilisez [la recherche](op:searchBoundaries#query.lat).\n',
    };
    const f = await buildFiles(files);
    expect(hrefs(f, 'guides/places/index.html')).toEqual({ search: '/api/search-boundaries' });
    expect(hrefs(f, 'fr/guides/places/index.html')).toEqual({ 'la recherche': '/fr/api/search-boundaries#query-lat' });
    fs.rmSync(f.dir, { recursive: true, force: true });
    const { dir, error } = await buildFails({ ...files, 'i18n/fr/guides/places.md': '---\ntitle: Lieux\n---\nUtilisez [la recherche](op:chercher).\n' });
    expect(linkProblems(error.diagnostics).map((d) => [path.relative(dir, d.location!.file), d.location!.line, d.location!.column])).toEqual([['i18n/fr/guides/places.md', 4, 25]]);
    // check-links too, with the translation's target (and the English guide's link fine).
    const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts') });
    expect(toProblems(report.diagnostics, dir).map((p) => [p.file, p.line, p.column, p.target])).toEqual([['i18n/fr/guides/places.md', 4, 25, 'op:chercher']]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with several APIs, finds a name in the one API that has it, and asks for op:<api>/<name> when several do', async () => {
    const tiles = `openapi: 3.0.3
info: { title: Tiles API, version: 1.0.0 }
paths:
  /tiles:
    get:
      operationId: getTile
      summary: Get a tile
      responses:
        '200': { description: The tile. }
components:
  schemas:
    Boundary:
      type: object
      properties:
        outline: { type: string }
`;
    const files = {
      'docsgen.config.ts': config({ openapi: [{ id: 'places', spec: 'openapi.yaml' }, { id: 'tiles', spec: 'tiles.yaml' }] }),
      'openapi.yaml': spec(),
      'tiles.yaml': tiles,
      'content/guides/maps.md': '---\ntitle: Maps\n---\nDraw [a tile](op:getTile) over [the search](op:searchBoundaries); outlines are [Boundary.outline](schema:tiles/Boundary#outline).\n',
    };
    const f = await buildFiles(files);
    expect(hrefs(f, 'guides/maps/index.html')).toEqual({ 'a tile': '/api/tiles/get-tile', 'the search': '/api/places/search-boundaries', 'Boundary.outline': '/api/tiles/schemas/boundary#schema-outline' });
    fs.rmSync(f.dir, { recursive: true, force: true });
    const { dir, messages } = await buildFails({ ...files, 'content/guides/maps.md': '---\ntitle: Maps\n---\nSee [Boundary](schema:Boundary).\n' });
    expect(messages.filter((m) => m.startsWith('error:'))).toEqual(['error: The link "schema:Boundary" names the schema Boundary, which several APIs have (places, tiles); name one: schema:places/Boundary or schema:tiles/Boundary.']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows a renamed slug on the next build with the disk cache, and reports a field renamed since (the guide itself unchanged)', async () => {
    const text = '---\ntitle: Places\n---\nUse [search](op:GET%20/v1/boundaries/search): [each id](<op:GET /v1/boundaries/search#response-200.data.boundary_id>).\n';
    const f = await buildFiles({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/places.md': text });
    expect(hrefs(f, 'guides/places/index.html')).toEqual({ search: '/api/search-boundaries', 'each id': '/api/search-boundaries#response-200-data-boundary_id' });
    // The operationId, and with it the slug, changes: the links by method and path follow it.
    fs.writeFileSync(path.join(f.dir, 'openapi.yaml'), spec('findBoundaries'));
    const again = await build({ root: f.dir, logger: createMemoryLogger() });
    // The cache was used (the schema page, unchanged, came from it), and the guide was rendered again.
    expect(again.cached!.pages).toBeGreaterThan(0);
    expect(again.rendered).toContain('/guides/places');
    expect(hrefs(f, 'guides/places/index.html')).toEqual({ search: '/api/find-boundaries', 'each id': '/api/find-boundaries#response-200-data-boundary_id' });
    expect(f.exists('api/find-boundaries/index.html')).toBe(true);
    // The field is renamed: the third build fails, though the guide's render comes from the cache.
    fs.writeFileSync(path.join(f.dir, 'openapi.yaml'), spec('findBoundaries').replace('boundary_id: { type: string', 'id: { type: string'));
    await expect(build({ root: f.dir, logger: createMemoryLogger() })).rejects.toThrow('names #response-200.data.boundary_id on the page of the operation GET /v1/boundaries/search, which has no such parameter, response or field');
    fs.rmSync(f.dir, { recursive: true, force: true });
  });

  it('under serve --watch: an unchanged guide is not rendered again, an edited one resolves its new link, a renamed operation moves its links', { timeout: 120_000 }, async () => {
    const text = '---\ntitle: Places\n---\nUse [search](op:GET%20/v1/boundaries/search).\n';
    const root = writeFiles({ 'docsgen.config.ts': config(), 'openapi.yaml': spec(), 'content/guides/places.md': text });
    try {
      const memo = new LiveMemo();
      const watchBuild = () => build({ root, write: false, dev: true, deferIndex: true, memo, logger: createMemoryLogger() });
      const linksOf = (result: Awaited<ReturnType<typeof build>>) => {
        const $ = cheerio.load(String(result.files.get('guides/places/index.html')));
        return Object.fromEntries($('.markdown a').toArray().map((a) => [$(a).text(), a.attribs.href]));
      };
      await watchBuild();
      expect((await watchBuild()).rendered).toEqual([]);
      const guide = path.join(root, 'content/guides/places.md');
      fs.writeFileSync(guide, `${text}\nThen [the schema](schema:Boundary#name).\n`);
      memo.changed([guide]);
      const edited = await watchBuild();
      expect(edited.rendered).toEqual(['/guides/places']);
      expect(linksOf(edited)).toEqual({ search: '/api/search-boundaries', 'the schema': '/api/schemas/boundary#schema-name' });
      const specFile = path.join(root, 'openapi.yaml');
      fs.writeFileSync(specFile, spec('findBoundaries'));
      memo.changed([specFile]);
      const renamed = await watchBuild();
      expect(renamed.rendered).toContain('/guides/places');
      expect(linksOf(renamed).search).toBe('/api/find-boundaries');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
