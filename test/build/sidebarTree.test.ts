// A large API sidebar in a built site: each page links its sidebar's tree, one file per
// sidebar in the output, from which a collapsed tag expands to its operations.
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource } from '../helpers/fixture';

/** 13 tags of 24 operations (312 sidebar links, above the 300 a page shows whole), the last one deprecated; `renamed`: summaries to show instead, by operationId. */
function spec(renamed: Record<string, string> = {}): string {
  const lines = ['openapi: 3.0.3', 'info: { title: Tiles, version: "1" }', 'tags:'];
  for (let t = 0; t < 13; t++) lines.push(`  - name: Tag ${t}`);
  lines.push('paths:');
  for (let t = 0; t < 13; t++) {
    for (let o = 0; o < 24; o++) {
      lines.push(`  /t${t}/o${o}:`, `    ${o % 2 ? 'post' : 'get'}:`, `      operationId: op-${t}-${o}`, `      summary: ${renamed[`op-${t}-${o}`] ?? `Operation ${t}.${o}`}`, `      tags: [Tag ${t}]`);
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
    expect(url).toBe('/sidebar-tree-0.json');
    expect(nav('api/op-12-0/index.html').attr('data-tree')).toBe(url);
    expect(nav('api/tag-7/index.html').attr('data-tree')).toBe(url);
    expect([...f.result.files.keys()].filter((file) => file.includes('sidebar'))).toEqual([url.slice(1)]);

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

  it("keeps its name when an operation's summary changes, so only the pages that show the summary change", async () => {
    const site = (renamed?: Record<string, string>) =>
      buildFiles({
        'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
        'openapi.yaml': spec(renamed),
      });
    const before = await site();
    const after = await site({ 'op-3-5': 'Fetch the fifth tile of row three' });
    const url = after.$('api/op-7-1/index.html')('nav.sidebar').attr('data-tree')!;
    expect(url).toBe(before.$('api/op-7-1/index.html')('nav.sidebar').attr('data-tree'));
    // The tree, fetched revalidated under that name, lists the new summary.
    expect(JSON.parse(after.read(url.slice(1)))['0 /api/tag-3'][5][0]).toBe('Fetch the fifth tile of row three');
    // Its own tag's pages show it (their sidebar lists tag 3 open); another tag's pages are the same bytes.
    expect(after.$('api/op-3-9/index.html')('aside.doc-sidebar a[href="/api/op-3-5"]').text()).toContain('Fetch the fifth tile of row three');
    for (const page of ['api/op-7-1/index.html', 'api/tag-12/index.html', 'api/op-0-0/index.html']) expect(after.read(page), page).toBe(before.read(page));
  });

  it("has a name of its own in each version, so an older version's tree is beside the current one's", async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
      'openapi.yaml': spec(),
      'versions.json': '["1.0"]\n',
      'versioned/1.0/openapi.yaml': spec({ 'op-3-5': 'Fetch a tile the 1.0 way' }),
    });
    const current = f.$('api/op-3-5/index.html')('nav.sidebar').attr('data-tree')!;
    const old = f.$('api/1.0/op-3-5/index.html')('nav.sidebar').attr('data-tree')!;
    expect(current).toBe('/sidebar-tree-0.json');
    expect(old).toBe('/sidebar-tree-1.0-0.json');
    expect(JSON.parse(f.read(current.slice(1)))['0 /api/tag-3'][5][0]).toBe('Operation 3.5');
    expect(JSON.parse(f.read(old.slice(1)))['0 /api/1.0/tag-3'][5]).toEqual(['Fetch a tile the 1.0 way', '/api/1.0/op-3-5', 'post', 0]);
  });

  it('is not made for a sidebar small enough to show whole', async () => {
    const f = await buildFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n', 'content/guides/b.md': '---\ntitle: B\n---\nText.\n' });
    expect(f.$('guides/a/index.html')('nav.sidebar').attr('data-tree')).toBeUndefined();
    expect([...f.result.files.keys()].filter((file) => file.includes('sidebar'))).toEqual([]);
  });
});
