// What check-links keeps in `.docsgen/check-links/` between runs, and when it is not used. It
// renders an API page only to learn its ids, for a guide's link to one of its anchors: after an
// edit of the spec, a page that came out the same is not rendered again, and one that changed is;
// an edit of the theme's overrides counts as a change of every page. Its guides are rendered
// again only when their text changed, and a link into a guide that changed is checked anew.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSiteLinks } from '../../src/links/checkSite';
import { toProblems } from '../../src/links/report';
import { configSource, writeFiles } from '../helpers/fixture';

/** The routes check-links rendered, in order. */
const rendered: string[] = [];
vi.mock('../../src/render/renderPages', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/render/renderPages')>();
  return { ...original, renderPages: (...args: Parameters<typeof original.renderPages>) => (rendered.push(...args[1].map((p) => p.route)), original.renderPages(...args)) };
});
/** The Markdown files whose text was rendered, in order. */
const markdown: string[] = [];
vi.mock('../../src/content/markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/content/markdown')>();
  return { ...original, renderMarkdown: (...args: Parameters<typeof original.renderMarkdown>) => (markdown.push(path.basename(args[2].file)), original.renderMarkdown(...args)) };
});

beforeEach(() => {
  rendered.length = 0;
  markdown.length = 0;
});

const spec = (pong: { description: string; status: string }) =>
  [
    'openapi: 3.0.3',
    'info: { title: Meters API, version: "1" }',
    'paths:',
    '  /ping:',
    '    get:',
    '      operationId: ping',
    '      summary: Check the service',
    '      responses:',
    '        "200": { description: The service answers }',
    '  /pong:',
    '    get:',
    '      operationId: pong',
    '      summary: Read the last reading',
    `      description: ${pong.description}`,
    '      responses:',
    `        "${pong.status}": { description: The last reading }`,
    '',
  ].join('\n');

const guide = '---\ntitle: Readings\n---\nCheck [the answer](/api/ping#response-200), then [the reading](/api/pong#response-201).\n';

async function check(dir: string) {
  const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts') });
  return toProblems(report.diagnostics, dir).map((p) => `${p.code} ${p.target}`);
}

describe("an API page's ids, kept between runs", () => {
  it('are used again after an edit of another page, and not after an edit of their own page', async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' } }),
      'openapi.yaml': spec({ description: 'Once a minute.', status: '201' }),
      'content/guides/readings.md': guide,
    });
    expect(await check(dir)).toEqual([]);
    expect(rendered.sort()).toEqual(['/api/ping', '/api/pong']);

    // Only the second operation's page changes (its description is not in the sidebar).
    rendered.length = 0;
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec({ description: 'Once every five minutes.', status: '201' }));
    expect(await check(dir)).toEqual([]);
    expect(rendered).toEqual(['/api/pong']);

    // Its anchor goes: the page is rendered again and the link reported, on this run and the next.
    rendered.length = 0;
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec({ description: 'Once every five minutes.', status: '202' }));
    expect(await check(dir)).toEqual(['broken-anchor /api/pong#response-201']);
    expect(rendered).toEqual(['/api/pong']);
    expect(await check(dir)).toEqual(['broken-anchor /api/pong#response-201']);
  });

  it('from a spec fetched from a URL too: fetched once a run, its text the key', async () => {
    let text = spec({ description: 'Once a minute.', status: '201' });
    let requests = 0;
    const server = http.createServer((_, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/yaml' }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/yaml`;
    try {
      const dir = writeFiles({
        'docsgen.config.ts': configSource({ openapi: { spec: url, downloadUrl: 'https://api.test.example/openapi.yaml' } }),
        'content/guides/readings.md': guide,
      });
      expect(await check(dir)).toEqual([]);
      expect(rendered.sort()).toEqual(['/api/ping', '/api/pong']);
      expect(requests).toBe(1);

      // The same text: nothing rendered, the ids kept.
      rendered.length = 0;
      expect(await check(dir)).toEqual([]);
      expect(rendered).toEqual([]);
      expect(requests).toBe(2);

      // A new text: built from the answer already fetched, and only the page that changed rendered.
      text = spec({ description: 'Once a minute.', status: '202' });
      expect(await check(dir)).toEqual(['broken-anchor /api/pong#response-201']);
      expect(rendered).toEqual(['/api/pong']);
      expect(requests).toBe(3);

      // The server gone: its error, naming the URL, and no report from a kept copy.
      server.close();
      const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts') });
      expect(report.diagnostics.map((d) => d.severity)).toEqual(['error']);
      expect(report.diagnostics[0].text).toContain(url);
    } finally {
      server.close();
    }
  });

  it("are made again when the theme's overrides change, with the spec unchanged", async () => {
    const footer = (id: string) => `import type { FooterProps } from 'docsgen/theme';\nexport function Footer({ footer }: FooterProps) {\n  return <footer id="${id}">{footer.copyright}</footer>;\n}\n`;
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' } }),
      'openapi.yaml': spec({ description: 'Once a minute.', status: '201' }),
      'content/guides/readings.md': '---\ntitle: Readings\n---\nAsk [support](/api/ping#support).\n',
      'theme/Footer.tsx': footer('support'),
    });
    expect(await check(dir)).toEqual([]);
    expect(await check(dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), footer('help'));
    expect(await check(dir)).toEqual(['broken-anchor /api/ping#support']);
  });
});

describe('the guides, kept between runs', () => {
  it('are rendered again only when their text changed; a link into a guide that changed is checked anew', async () => {
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nRead [the limits](./b.md#limits).\n',
      'content/guides/b.md': '---\ntitle: B\n---\nIntro.\n\n## Limits\n\nTen a second.\n',
      'content/guides/c.md': '---\ntitle: C\n---\nBack to [A](./a.md).\n',
    });
    expect(await check(dir)).toEqual([]);
    expect(markdown.sort()).toEqual(['a.md', 'b.md', 'c.md']);

    markdown.length = 0;
    expect(await check(dir)).toEqual([]);
    expect(markdown).toEqual([]);

    // Only b.md changes, and the anchor a.md links to goes with it.
    fs.writeFileSync(path.join(dir, 'content/guides/b.md'), '---\ntitle: B\n---\nIntro.\n\n## Rate limits\n\nTen a second.\n');
    expect(await check(dir)).toEqual(['broken-anchor ./b.md#limits']);
    expect(markdown).toEqual(['b.md']);

    // b.md goes: a.md, unchanged, now links to a file that is not there.
    markdown.length = 0;
    fs.rmSync(path.join(dir, 'content/guides/b.md'));
    expect(await check(dir)).toEqual(['broken-markdown-link ./b.md#limits']);
    expect(markdown).toEqual(['a.md']);
  });
});
