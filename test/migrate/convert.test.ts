// The pieces of the migration a user sees in the files it writes: one doc's conversion, and the
// redirect pages `redirects` makes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDoc } from '../../src/migrate/convertMarkdown';
import { redirectPages } from '../../src/redirects/redirectPages';

describe('convertDoc', () => {
  it('keeps a JSX tag written over several lines in one TODO comment, and the lines after it where they were', () => {
    const source = ['Intro.', '', '<Card', '  title="Quick start"', '  href="/docs/quick"', '/>', '', 'After.'].join('\n');
    const { text, todos } = convertDoc(source);
    const lines = text.split('\n');
    expect(lines).toHaveLength(8);
    expect(lines.slice(2, 6).join('\n')).toBe('<!-- TODO(docsgen migrate): JSX <Card\n  title="Quick start"\n  href="/docs/quick"\n/> -->');
    expect(lines[7]).toBe('After.');
    expect(todos).toEqual([{ line: 3, what: 'JSX component <Card>' }]);
  });

  it('leaves code blocks and inline code alone, and heading ids too', () => {
    const source = ['## Setup {#setup}', '', 'Use `<Tabs>` and `{value}` here.', '', '```jsx', "import Tabs from '@theme/Tabs';", '<Tabs />', '```'].join('\n');
    const converted = convertDoc(source);
    expect(converted.text).toBe(source);
    expect(converted.plain).toBe(true);
  });

  it('marks an expression and an attribute expression, counting lines from the new front matter', () => {
    const source = ['---', 'id: setup', 'hide_title: true', 'title: Setup', '---', 'Version {props.version}.', '<div style={{ color: "red" }}>Red</div>'].join('\n');
    const { text, todos, droppedKeys } = convertDoc(source);
    expect(text.split('\n').slice(0, 4)).toEqual(['---', 'title: Setup', 'slug: setup', '---']);
    expect(droppedKeys).toEqual(['hide_title']);
    expect(todos).toEqual([
      { line: 5, what: 'JSX expression {props.version}' },
      { line: 6, what: 'JSX attribute expression in <div>' },
    ]);
    expect(text.split('\n')[4]).toBe('Version <!-- TODO(docsgen migrate): JSX expression {props.version} -->.');
  });

  it('marks an admonition kind docsgen does not have', () => {
    const { text, todos } = convertDoc(':::experimental\nNew.\n:::');
    expect(todos).toEqual([{ line: 1, what: 'admonition kind "experimental"' }]);
    expect(text.split('\n')[0]).toContain(':::experimental <!-- TODO(docsgen migrate)');
  });
});

describe('redirectPages', () => {
  const config = { redirects: [{ from: '/docs/a', to: '/guides/a#part' }, { from: '/guides/b', to: '/guides/a' }, { from: '/docs/gone', to: '/guides/nothing' }], baseUrl: '/v2/', trailingSlash: true as const, url: 'https://docs.example.com', configFile: '/site/docsgen.config.ts' };

  it('writes a page at the old URL that sends readers on, with baseUrl and the trailing slash applied', () => {
    const { files } = redirectPages(config, new Set(['guides/b/index.html']), new Set(['/guides/a']));
    const [file, html] = files[0];
    expect(file).toBe('docs/a/index.html');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/v2/guides/a/#part">');
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/v2/guides/a/#part">');
  });

  it('never replaces a page of the site, and names a target that is no page', () => {
    const { files, diagnostics } = redirectPages(config, new Set(['guides/b/index.html']), new Set(['/guides/a']));
    expect(files.map(([f]) => f)).toEqual(['docs/a/index.html', 'docs/gone/index.html']);
    expect(diagnostics.map((d) => d.text)).toEqual([
      'The redirect from /guides/b is not written: the site has a page there (guides/b/index.html).',
      'The redirect from /docs/gone goes to /guides/nothing, which is not a page of the site.',
    ]);
  });
});

describe('migrateDocusaurus: other shapes of site', () => {
  it('reads an ESM config exporting an async function, docs served at the root, and two specs (one a URL it cannot reach)', async () => {
    const { migrateDocusaurus } = await import('../../src/migrate/migrate');
    const { writeFiles } = await import('../helpers/fixture');
    const site = writeFiles({
      'docusaurus.config.mjs': [
        "import path from 'node:path';",
        'export default async function createConfig() {',
        "  const here = path.dirname(new URL(import.meta.url).pathname);",
        "  return { title: 'Pets', url: 'https://pets.example/docs/', baseUrl: '/docs/', trailingSlash: true,",
        "    presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: '/' } }]],",
        "    plugins: [['docusaurus-plugin-openapi-docs', { id: 'api', docsPluginId: 'classic', config: {",
        "      petStore: { specPath: 'pets.json', outputDir: 'docs/petstore', downloadUrl: 'https://pets.example/openapi.json' },",
        "      remote: { specPath: 'http://127.0.0.1:9/openapi.yaml', outputDir: 'docs/remote' } } }]],",
        "    themeConfig: { navbar: { items: [{ type: 'doc', docId: 'usage', label: 'Usage' }, { to: '/petstore/list-pets', label: 'Pets API' }] }, here } };",
        '}',
      ].join('\n'),
      'pets.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'Pet Store', version: '1' }, paths: { '/pets': { get: { operationId: 'listPets', summary: 'List pets', responses: { 200: { description: 'OK' } } } } } }),
      'docs/intro.md': '---\nslug: /\n---\n# Welcome\n',
      'docs/usage.md': '# Usage\n',
    }, undefined);
    const result = await migrateDocusaurus({ siteDir: site, outDir: `${site}/out` });
    const text = fs.readFileSync(`${site}/out/docsgen.config.ts`, 'utf8');
    const config = JSON.parse(text.slice(text.indexOf('defineConfig(') + 13, text.lastIndexOf(');')));
    expect(config.url).toBe('https://pets.example');
    expect(config.baseUrl).toBe('/docs/');
    expect(config.trailingSlash).toBe(true);
    expect(config.openapi).toEqual([
      { id: 'pet-store', spec: 'pets.json', downloadUrl: 'https://pets.example/openapi.json' },
      { id: 'remote', spec: 'http://127.0.0.1:9/openapi.yaml' },
    ]);
    expect(config.navbar.items.slice(0, 2)).toEqual([
      { label: 'Usage', to: '/guides/usage', activeBasePath: '/guides' },
      { label: 'Pets API', to: '/api/pet-store/list-pets', activeBasePath: '/api' },
    ]);
    expect(config.redirects).toEqual([
      { from: '/petstore', to: '/api/pet-store' },
      { from: '/petstore/list-pets', to: '/api/pet-store/list-pets' },
      { from: '/petstore/pet-store', to: '/api/pet-store' },
      { from: '/usage', to: '/guides/usage' },
    ]);
    expect(result.notes.some((n) => n.includes('The spec of the openapi-docs entry "remote" could not be read') && n.includes('(/remote/…)'))).toBe(true);
  });
});

describe('migrateDocusaurus: a config that throws when run', () => {
  it('reads its object literal as written, keeps the literal values, and says so', async () => {
    const { migrateDocusaurus } = await import('../../src/migrate/migrate');
    const { writeFiles } = await import('../helpers/fixture');
    const site = writeFiles({
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        "const origins = process.env.DOCS_ORIGINS!.split(',');",
        'const config: Config = {',
        "  title: 'Static',",
        "  tagline: `Read, not run`,",
        "  url: 'https://static.example',",
        '  baseUrl: origins[0],',
        '  trailingSlash: false,',
        "  themeConfig: { navbar: { items: [{ type: 'doc', docId: 'a', label: 'A', position: 'left' }, { href: `${origins[1]}/x`, label: 'Computed' }] } },",
        '};',
        'export default config;',
      ].join('\n'),
      'docs/a.md': '# A\n',
    });
    const result = await migrateDocusaurus({ siteDir: site, outDir: `${site}/out` });
    const text = fs.readFileSync(`${site}/out/docsgen.config.ts`, 'utf8');
    const config = JSON.parse(text.slice(text.indexOf('defineConfig(') + 13, text.lastIndexOf(');')));
    expect(config).toMatchObject({ title: 'Static', tagline: 'Read, not run', url: 'https://static.example', trailingSlash: false });
    expect(config.baseUrl).toBeUndefined();
    expect(config.navbar.items[0]).toEqual({ label: 'A', to: '/guides/a', position: 'left', activeBasePath: '/guides' });
    expect(result.notes[0]).toMatch(/docusaurus\.config\.ts could not be run \(.*split.*\), so it was read as written/);
  });
});

describe('convertDoc of a file Docusaurus reads as CommonMark', () => {
  it('leaves HTML-looking tags and braces as they are (markdown.format: detect, a .md file)', () => {
    const source = 'Send {"a": 1} to <Endpoint>.\n\n:::caution\nSlow.\n:::';
    const { text, todos } = convertDoc(source, { mdx: false });
    expect(todos).toEqual([]);
    expect(text).toBe('Send {"a": 1} to <Endpoint>.\n\n:::warning\nSlow.\n:::');
  });
});

describe('convertDoc of a stray "<"', () => {
  it('leaves a line whose "<" no ">" closes as it is, and still converts the lines after it', () => {
    const source = ['When a<b holds, stop.', '', '<Note />'].join('\n');
    const { text, todos } = convertDoc(source);
    expect(text.split('\n')).toEqual(['When a<b holds, stop.', '', '<!-- TODO(docsgen migrate): JSX <Note /> -->']);
    expect(todos).toEqual([{ line: 3, what: 'JSX component <Note>' }]);
  });
});

describe('migrateDocusaurus: API pages generated into a docs instance of their own', () => {
  it('redirects from that instance\'s route (docsPluginId)', async () => {
    const { migrateDocusaurus } = await import('../../src/migrate/migrate');
    const { writeFiles } = await import('../helpers/fixture');
    const site = writeFiles({
      'docusaurus.config.js': `module.exports = {
        title: 'Rest', url: 'https://rest.example', baseUrl: '/',
        plugins: [
          ['@docusaurus/plugin-content-docs', { id: 'rest-api', path: 'api', routeBasePath: 'rest' }],
          ['docusaurus-plugin-openapi-docs', { id: 'openapi', docsPluginId: 'rest-api', config: { rest: { specPath: 'spec.yaml', outputDir: 'api' } } }],
        ],
      };`,
      'spec.yaml': 'openapi: 3.0.3\ninfo: { title: Rest API, version: "1" }\npaths:\n  /pets:\n    get: { operationId: listPets, responses: { "200": { description: OK } } }\n',
      'docs/a.md': '# A\n',
    });
    const result = await migrateDocusaurus({ siteDir: site, outDir: `${site}/out` });
    expect(result.redirects).toEqual([
      { from: '/docs/a', to: '/guides/a' },
      { from: '/rest', to: '/api' },
      { from: '/rest/list-pets', to: '/api/list-pets' },
      { from: '/rest/rest-api', to: '/api' },
    ]);
  });
});
