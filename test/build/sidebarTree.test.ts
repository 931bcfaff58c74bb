// A large API sidebar in a built site: each page links its sidebar's tree, one file per
// sidebar in the output, from which a collapsed tag expands to its operations.
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource } from '../helpers/fixture';

/** 13 tags of 24 operations (312 sidebar links, above the 300 a page shows whole), the last one deprecated. */
function spec(): string {
  const lines = ['openapi: 3.0.3', 'info: { title: Tiles, version: "1" }', 'tags:'];
  for (let t = 0; t < 13; t++) lines.push(`  - name: Tag ${t}`);
  lines.push('paths:');
  for (let t = 0; t < 13; t++) {
    for (let o = 0; o < 24; o++) {
      lines.push(`  /t${t}/o${o}:`, `    ${o % 2 ? 'post' : 'get'}:`, `      operationId: op-${t}-${o}`, `      summary: Operation ${t}.${o}`, `      tags: [Tag ${t}]`);
      if (o === 23) lines.push('      deprecated: true');
      lines.push('      responses: { "200": { description: OK } }');
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('the sidebar tree', () => {
  it('is written once per large sidebar, linked from every page that shows it, and holds each tag’s operations', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
      'openapi.yaml': spec(),
    });
    const nav = (file: string) => f.$(file)('aside.doc-sidebar nav.sidebar');
    const url = nav('api/op-3-5/index.html').attr('data-tree')!;
    expect(url).toMatch(/^\/assets\/sidebar-[0-9a-f]{10}\.json$/);
    expect(nav('api/op-12-0/index.html').attr('data-tree')).toBe(url);
    expect(nav('api/tag-7/index.html').attr('data-tree')).toBe(url);
    expect([...f.result.files.keys()].filter((file) => file.startsWith('assets/sidebar-'))).toEqual([url.slice(1)]);

    // The page shows its own tag open and the others as links to their pages.
    const $ = f.$('api/op-3-5/index.html');
    expect($('aside.doc-sidebar summary').map((_, s) => $(s).text()).get()).toEqual(['Tag 3']);
    expect($('aside.doc-sidebar a.sidebar-category').map((_, a) => $(a).attr('href')).get()).toHaveLength(12);
    expect($('aside.doc-sidebar a.sidebar-category').first().attr('href')).toBe('/api/tag-0');

    // A collapsed tag (depth 0, by its page) expands to its 24 operations, methods and all.
    const tree = JSON.parse(f.read(url.slice(1)));
    const tag0 = tree['0 /api/tag-0'];
    expect(tag0).toHaveLength(24);
    expect(tag0[0]).toEqual(['Operation 0.0', '/api/op-0-0', 'get', 0]);
    expect(tag0[1]).toEqual(['Operation 0.1', '/api/op-0-1', 'post', 0]);
    expect(tag0[23]).toEqual(['Operation 0.23', '/api/op-0-23', 'post', 1]);
    expect(Object.keys(tree)).toHaveLength(13);
  });

  it('is not made for a sidebar small enough to show whole', async () => {
    const f = await buildFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n', 'content/guides/b.md': '---\ntitle: B\n---\nText.\n' });
    expect(f.$('guides/a/index.html')('nav.sidebar').attr('data-tree')).toBeUndefined();
    expect([...f.result.files.keys()].filter((file) => file.startsWith('assets/sidebar-'))).toEqual([]);
  });
});
