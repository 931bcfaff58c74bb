// Pages shown without their sidebar: an API tag named in openapi.tagsWithoutSidebar, a guide with
// `hide_sidebar: true`. Each is still listed in the sidebar of the other pages.
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource } from '../helpers/fixture';

const spec = `openapi: 3.0.3
info: { title: Parcels API, version: '1.0' }
tags:
  - { name: Parcels, description: Land parcels. }
  - { name: Tiles, description: Map tiles. }
paths:
  /parcels:
    get: { operationId: listParcels, summary: List parcels, tags: [Parcels], responses: { '200': { description: OK } } }
  /tiles/{z}:
    get:
      operationId: getTile
      summary: Get a tile
      tags: [Tiles]
      parameters: [{ name: z, in: path, required: true, schema: { type: integer } }]
      responses: { '200': { description: OK } }
`;

const openapi = (extra: Record<string, unknown> = {}) => ({ spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', ...extra });
const guides = {
  'openapi.yaml': spec,
  'content/guides/a.md': '---\ntitle: Alpha\n---\nText.\n',
  'content/guides/b.md': '---\ntitle: Bravo\nhide_sidebar: true\n---\nA wide page.\n',
};

describe('pages without a sidebar', () => {
  it('shows a tag page named in openapi.tagsWithoutSidebar without the API sidebar, and nothing else', async () => {
    const f = await buildFiles({ ...guides, 'docsgen.config.ts': configSource({ openapi: openapi({ tagsWithoutSidebar: ['Tiles'] }) }) });
    expect(f.$('api/tiles/index.html')('aside.doc-sidebar')).toHaveLength(0);
    expect(f.$('api/tiles/index.html')('main h1').text()).toBe('Tiles');
    for (const file of ['api/parcels/index.html', 'api/get-tile/index.html', 'api/index.html']) expect(f.$(file)('aside.doc-sidebar'), file).toHaveLength(1);
    expect(f.$('api/parcels/index.html')('aside.doc-sidebar').text()).toContain('Tiles');
    expect(f.result.diagnostics).toEqual([]);
  });

  it('warns, at its line of the config, about a name that is no tag of the spec', async () => {
    const config = configSource({ openapi: openapi({ tagsWithoutSidebar: ['Tiles', 'Tilez'] }) });
    const f = await buildFiles({ ...guides, 'docsgen.config.ts': config });
    const d = f.result.diagnostics.find((x) => x.code === 'unknown-tag');
    expect(d?.severity).toBe('warning');
    expect(d?.text).toBe('openapi.tagsWithoutSidebar names the tag "Tilez", which the spec does not have; its tags are "Parcels", "Tiles".');
    expect(d?.location?.line).toBe(config.split('\n').findIndex((l) => l.includes('"Tilez"')) + 1);
  });

  it('shows a guide with hide_sidebar: true without the guides sidebar; the others still list it', async () => {
    const f = await buildFiles(guides);
    expect(f.$('guides/b/index.html')('aside.doc-sidebar')).toHaveLength(0);
    expect(f.$('guides/b/index.html')('article').text()).toContain('A wide page.');
    expect(f.$('guides/a/index.html')('aside.doc-sidebar a').map((_, a) => f.$('guides/a/index.html')(a).text()).get()).toEqual(['Alpha', 'Bravo']);
  });

  it('rejects hide_sidebar that is not a boolean, naming the file and line', async () => {
    const { buildFails } = await import('../helpers/fixture');
    const { error } = await buildFails({ ...guides, 'content/guides/b.md': '---\ntitle: Bravo\nhide_sidebar: "yes"\n---\nText.\n' });
    expect(error.diagnostics[0]).toMatchObject({ severity: 'error', location: { file: expect.stringMatching(/b\.md$/), line: 3 } });
  });
});

describe('the site version', () => {
  it('is 0.0.0 by default and the configured value otherwise, in every page head', async () => {
    const plain = await buildFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n' });
    expect(plain.$('guides/a/index.html')('meta[name="docs-version"]').attr('content')).toBe('0.0.0');
    const versioned = await buildFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n', 'docsgen.config.ts': configSource({ version: '2.4.1' }) });
    for (const file of ['index.html', 'guides/a/index.html', '404.html']) expect(versioned.$(file)('meta[name="docs-version"]').attr('content'), file).toBe('2.4.1');
  });
});
