// Several APIs in one site: `openapi` as a list, each spec under its own route with its own
// landing, overview, sidebar, schemas and search entries, and links between them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSources } from '../../src/links/fromSources';
import { buildFails, buildFiles, configSource, listFiles, writeFiles, type Fixture } from '../helpers/fixture';
import { request, startServer } from '../serve/helpers';

const boundariesSpec = `openapi: 3.0.3
info:
  title: Boundaries API
  version: 2.1.0
  description: Neighbourhood polygons. Tiles of them come from the [Tiles API](/api/tiles), e.g. [one tile](/api/tiles/get-tile).
tags:
  - name: Boundaries
paths:
  /boundaries/{id}:
    get:
      operationId: getBoundary
      summary: Get a boundary
      description: See [all boundaries](list-boundaries) and [the tile of a boundary](/api/tiles/get-tile#response-200).
      tags: [Boundaries]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The boundary.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Boundary' }
  /boundaries:
    get:
      operationId: listBoundaries
      summary: List boundaries
      tags: [Boundaries]
      responses:
        '200': { description: Every boundary. }
components:
  schemas:
    Boundary:
      type: object
      properties:
        id: { type: string, example: nb-042 }
        name: { type: string, example: Riverside North }
`;

const tilesSpec = `openapi: 3.1.0
info:
  title: Tiles API
  version: 1.0.0
  summary: Vector tiles of boundaries.
tags:
  - name: Tiles
paths:
  /tiles/{z}/{x}/{y}:
    get:
      operationId: getTile
      summary: Get a vector tile
      description: The polygons are the [boundaries](/api/boundaries/get-boundary) of the tile.
      tags: [Tiles]
      parameters:
        - { name: z, in: path, required: true, schema: { type: integer } }
        - { name: x, in: path, required: true, schema: { type: integer } }
        - { name: y, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: A Mapbox vector tile.
          content:
            application/vnd.mapbox-vector-tile:
              schema: { type: string, format: binary }
components:
  schemas:
    Boundary:
      type: object
      description: The tiles' own notion of a boundary, a different schema with the same name.
      properties:
        tileId: { type: string }
`;

/** The page URLs of the site's search index. */
const indexedUrls = (f: Fixture): string[] => JSON.parse(f.read('search-index.json')).flatMap((part: { documents: { u: string }[] }) => part.documents.map((d) => d.u));

const apis = [
  { id: 'boundaries', label: 'Boundaries', spec: 'boundaries.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },
  { id: 'tiles', spec: 'tiles.yaml', downloadUrl: 'https://tiles.test.example/docs/yaml' },
];
const site = (openapi: unknown = apis, files: Record<string, string> = {}) => ({
  'docsgen.config.ts': configSource({ openapi, navbar: { items: [{ label: 'Boundaries', to: '/api/boundaries' }, { label: 'Tiles', to: '/api/tiles' }] } }),
  'boundaries.yaml': boundariesSpec,
  'tiles.yaml': tilesSpec,
  'content/guides/start.md': '---\ntitle: Start\n---\n\nFirst a [boundary](/api/boundaries/get-boundary), then [its tile](/api/tiles/get-tile).\n',
  ...files,
});

describe('several APIs in one site', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(site());
  });

  it('puts each spec under /api/<id>/ with its own landing, overview, tag, operation and schema pages', () => {
    const pages = listFiles(f.result.config.outDir).filter((p) => p.startsWith('api/'));
    expect(pages).toEqual(
      expect.arrayContaining([
        'api/index.html',
        'api/boundaries/index.html',
        'api/boundaries/boundaries-api/index.html',
        'api/boundaries/boundaries/index.html',
        'api/boundaries/get-boundary/index.html',
        'api/boundaries/schemas/boundary/index.html',
        'api/tiles/index.html',
        'api/tiles/tiles-api/index.html',
        'api/tiles/get-tile/index.html',
        'api/tiles/schemas/boundary/index.html',
      ]),
    );
    // The two schemas of one name are two pages, each with its own spec's fields.
    expect(f.$('api/boundaries/schemas/boundary/index.html')('main').text()).toContain('Riverside North');
    expect(f.$('api/tiles/schemas/boundary/index.html')('main').text()).toContain('tileId');
  });

  it('/api lists the APIs by label (the configured one, else the spec title), linking to their landings', () => {
    const $ = f.$('api/index.html');
    const cards = $('main a').map((_, a) => [[$(a).text().trim(), $(a).attr('href')]]).get();
    expect(cards).toEqual(expect.arrayContaining([[expect.stringContaining('Boundaries'), '/api/boundaries'], [expect.stringContaining('Tiles API'), '/api/tiles']]));
    expect($('main').text()).toContain('Vector tiles of boundaries.');
  });

  it("each API's pages have its own sidebar and a breadcrumb trail through the list of APIs", () => {
    const $ = f.$('api/boundaries/get-boundary/index.html');
    const sidebar = $('nav.sidebar, aside').first().text();
    expect(sidebar).toContain('Get a boundary');
    expect(sidebar).not.toContain('Get a vector tile');
    const crumbs = $('nav[aria-label="Breadcrumbs"] a, nav[aria-label="breadcrumbs"] a').map((_, a) => [[$(a).text().trim(), $(a).attr('href')]]).get();
    expect(crumbs).toEqual(expect.arrayContaining([['API', '/api'], ['Boundaries', '/api/boundaries'], ['Boundaries', '/api/boundaries/boundaries']]));
    const tiles = f.$('api/tiles/get-tile/index.html');
    expect(tiles('nav.sidebar, aside').first().text()).not.toContain('Get a boundary');
    // Its download link is its own spec's.
    expect(f.$('api/tiles/index.html')('a[href="https://tiles.test.example/docs/yaml"]').length).toBeGreaterThan(0);
  });

  it('spec text links to the other API by its route, and relative links stay within their own API', () => {
    const $ = f.$('api/boundaries/get-boundary/index.html');
    const hrefs = $('main a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs).toEqual(expect.arrayContaining(['/api/boundaries/list-boundaries', '/api/tiles/get-tile#response-200']));
    expect(f.$('api/tiles/get-tile/index.html')('main a[href="/api/boundaries/get-boundary"]').length).toBe(1);
    expect(f.logger.diagnostics.map((d) => d.text).join('\n')).not.toMatch(/not a page of this site/);
  });

  it('both APIs are in the search index, each page once, at its own URL', () => {
    const urls = indexedUrls(f);
    expect(urls).toEqual(expect.arrayContaining(['/api/boundaries/get-boundary', '/api/tiles/get-tile']));
    expect(urls.filter((u: string) => u === '/api/tiles/get-tile')).toHaveLength(1);
  });

  it('a broken link into another API is reported at its line in the spec that has it', async () => {
    const { error } = await buildFails(site(apis, { 'tiles.yaml': tilesSpec.replace('/api/boundaries/get-boundary', '/api/boundaries/get-boundry') }));
    expect(error.diagnostics.map((d) => `${path.basename(d.location!.file)}:${d.location!.line} ${d.text}`)).toEqual([expect.stringMatching(/^tiles\.yaml:13 .*\/api\/boundaries\/get-boundry/)]);
  });

  it('an API may have its own route outside /api; its pages are searched too', async () => {
    const custom = await buildFiles(
      site([apis[0], { ...apis[1], route: '/tiles' }], {
        'boundaries.yaml': boundariesSpec.replaceAll('/api/tiles', '/tiles'),
        'content/guides/start.md': '---\ntitle: Start\n---\n\n[A tile](/tiles/get-tile).\n',
        'docsgen.config.ts': configSource({ openapi: [apis[0], { ...apis[1], route: '/tiles' }], navbar: { items: [{ label: 'Tiles', to: '/tiles' }] } }),
      }),
    );
    expect(custom.exists('tiles/get-tile/index.html')).toBe(true);
    expect(indexedUrls(custom)).toEqual(expect.arrayContaining(['/tiles/get-tile', '/api/boundaries/get-boundary']));
  });

  it('check-links knows the routes of every API', async () => {
    const dir = writeFiles(site(apis, { 'content/guides/broken.md': '---\ntitle: Broken\n---\n\n[Nope](/api/tiles/get-tiles).\n' }));
    const report = await checkSources({ root: dir });
    const broken = report.diagnostics.filter((d) => d.severity === 'error');
    expect(broken.map((d) => `${path.basename(d.location!.file)}:${d.location!.line}`)).toEqual(['broken.md:5']);
    expect(broken[0].text).toContain('/api/tiles/get-tiles');
  });
});

describe('several APIs: config mistakes', () => {
  it('each needs an id, distinct from the others', async () => {
    const missing = await buildFails(site([apis[0], { ...apis[1], id: undefined }]));
    expect(missing.error.message).toMatch(/"openapi\[1\]\.id" is required when openapi lists several specs/);
    // At the list item that lacks it.
    const at = missing.error.diagnostics[0].location!;
    expect([path.basename(at.file), fs.readFileSync(at.file, 'utf8').split('\n')[at.line! - 1].trim()]).toEqual(['docsgen.config.ts', '{']);
    const twice = await buildFails(site([apis[0], { ...apis[1], id: 'boundaries' }]));
    expect(twice.messages).toContain('error: Invalid config: "openapi[1].id" "boundaries" is also the id of openapi[0]; each spec needs its own.');
  });

  it('--spec is refused: it could only guess which API it replaces', async () => {
    const { error } = await buildFails(site(), { spec: 'tiles.yaml' });
    expect(error.message).toMatch(/--spec replaces the spec of a site with one API, but .* lists 2 \(boundaries, tiles\)/);
  });
});

describe('several APIs: serve --watch', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  beforeAll(async () => {
    dir = writeFiles(site());
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it("an edit to one API's spec file shows on its pages", async () => {
    expect((await request(server.url, '/api/tiles/get-tile')).body).toContain('Get a vector tile');
    const built = new Promise<void>((resolve) => {
      const stop = server.context!.subscribe((e) => {
        if (e.changed.some((c) => c.endsWith('tiles.yaml'))) {
          stop();
          resolve();
        }
      });
    });
    fs.writeFileSync(path.join(dir, 'tiles.yaml'), tilesSpec.replace('Get a vector tile', 'Fetch one vector tile'));
    await built;
    expect((await request(server.url, '/api/tiles/get-tile')).body).toContain('Fetch one vector tile');
    expect((await request(server.url, '/api/boundaries/get-boundary')).body).toContain('Get a boundary');
  });
});

describe('several APIs: the build cache', () => {
  it('takes every page from the cache when nothing changed, and after an edit to one spec writes the bytes of a build without it', async () => {
    const { build } = await import('../../src/build');
    const { hashTree } = await import('../faults/harness');
    const dir = writeFiles(site());
    const configFile = path.join(dir, 'docsgen.config.ts');
    const { createMemoryLogger } = await import('../../src/diagnostics/logger');
    const cached = (out: string) => build({ configFile, outDir: path.join(dir, out), logger: createMemoryLogger() });
    const first = await cached('first');
    expect(first.cached).toEqual({ pages: 0, of: first.pages });
    const second = await cached('second');
    expect(second.cached).toEqual({ pages: second.pages, of: second.pages });
    expect(hashTree(path.join(dir, 'second'))).toEqual(hashTree(path.join(dir, 'first')));

    fs.writeFileSync(path.join(dir, 'tiles.yaml'), tilesSpec.replace('Get a vector tile', 'Fetch one vector tile'));
    const edited = await cached('edited');
    const cold = await build({ configFile, outDir: path.join(dir, 'cold'), logger: createMemoryLogger(), cacheDir: false });
    expect(cold.cached).toBeUndefined();
    expect(edited.cached!.pages).toBeGreaterThan(0);
    expect(edited.cached!.pages).toBeLessThan(edited.pages);
    // The other API's operation pages, and the tiles API's other one, were not made again.
    expect(edited.cached!.operations).toEqual({ reused: 2, made: 1 });
    expect(hashTree(path.join(dir, 'edited'))).toEqual(hashTree(path.join(dir, 'cold')));
    expect(fs.readFileSync(path.join(dir, 'edited/api/tiles/get-tile/index.html'), 'utf8')).toContain('Fetch one vector tile');
  }, 120_000);
});
