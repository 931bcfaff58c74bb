// Text built to make a regular expression backtrack. Spec text is untrusted, and a pattern tried
// from every position of a long run that scans on to its end costs the run's length squared: a
// spec whose operation description was 800 KB of `[a` took two minutes to build (the meta
// description's link stripping), and one with a megabyte of spaces after a `<b>` never ended
// (the stripping of the spaces before punctuation). V8 hands a pattern without look-arounds to
// its linear-time engine after 50,000 backtracks (src/lint/exampleValidator.ts sets the flag),
// but that engine is slow too: a guide heading of 2 MB of tabs took minutes in the explicit-id
// pattern, and a guide line of `data:+++…` longer still in the search index's. The build must
// end in seconds, every page written as before.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { runDocsgen, specWithRef } from './harness';

const MB = 1_000_000;
/** `unit` repeated to about `length` characters. */
const run = (unit: string, length = MB) => unit.repeat(Math.ceil(length / unit.length));

function hostileSpec(): object {
  const operation = (operationId: string, summary: string, description: string, tag = 'Parcels') => ({
    get: { operationId, summary, description, tags: [tag], responses: { 200: { description: 'OK' } } },
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Property records', version: '1', description: 'Parcels, their owners and their permits.' },
    tags: [
      { name: 'Parcels', description: 'Parcel records.' },
      // A slug's split of a run of capitals before a word (`XMLHttp` → `xml-http`).
      { name: `${run('A', 300_000)}a`, description: 'Shouting.' },
    ],
    paths: {
      // The meta description's link and bracket stripping (firstSentence).
      '/brackets': operation('brackets', 'Brackets', run('[a')),
      '/links': operation('links', 'Links', run('[a](')),
      // Spaces before punctuation after a tag, in the meta description.
      '/spaces': operation('spaces', 'Spaces', `<b>Spaced</b>${run(' ')}out.`),
      // The Markdown copy: spaces around emphasis. (A page shows 50,000 characters of a
      // description: this one fits, and is only a check that the copy is still right.)
      '/emphasis': operation('emphasis', 'Emphasis', `Some <strong>${run(' \t', 20_000)}loud${run(' \t', 20_000)}</strong> text.`),
      '/shouting': operation('shouting', 'Shouting', 'Loud.', `${run('A', 300_000)}a`),
    },
  };
}

const guide = [
  '---',
  'title: Hostile lines',
  '---',
  '',
  // A heading's `{#id}`, after a run of spaces.
  `## Start${run('\t', 2 * MB)}end`,
  '',
  // The Markdown copy's links, and the search index's data URLs: guides are not cut as a page's
  // spec descriptions are (to 50,000 characters).
  run('[a]('),
  '',
  run('[a'),
  '',
  `[](${run(' ')}x`,
  '',
  `data:${run('+')}/data:,`,
  '',
  run(';a=data:'),
  '',
  'See the [parcels](/api).',
  '',
  // Raw HTML whose tags never close, read by the search index and the link check: 300 KB of
  // this took for ever.
  '<div>',
  run('<a class="hash-link" ', 300_000),
  '</div>',
  '',
  '## Raw HTML survived',
  '',
].join('\n');

describe('text that makes a regular expression backtrack', () => {
  it('a megabyte of it in spec descriptions, tag names and a guide builds in seconds, every page written', async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ navbar: { items: [] }, openapi: { spec: 'openapi.json' } }),
      'openapi.json': JSON.stringify(hostileSpec()),
      'content/guides/intro.md': '---\ntitle: Intro\n---\n\nRead the [hostile lines](./hostile.md).\n',
      'content/guides/hostile.md': guide,
    });
    const build = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(build.hung, 'docsgen build hung').toBe(false);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).toBe('');

    const out = path.join(dir, 'build');
    const page = (route: string) => cheerio.load(fs.readFileSync(path.join(out, route, 'index.html'), 'utf8'));
    const meta = (route: string) => page(route)('meta[name="description"]').attr('content') ?? '';
    const api = fs.readdirSync(path.join(out, 'api'));
    expect(meta('api/brackets')).toMatch(/^(\[a){20}/);
    expect(meta('api/spaces')).toBe('Spaced out.');
    // The shouting tag: its page, under a slug capped to a file name's length, with its whole name
    // as its heading; where it is repeated (every API page's sidebar, its operation's breadcrumb
    // and search entry) 300 characters. It was written whole twice into each operation's page.
    const tagFolder = api.find((f) => f.startsWith('aaaa'))!;
    expect(tagFolder).toBeDefined();
    const shout = `${run('A', 300_000)}a`;
    expect(page(`api/${tagFolder}`)('h1').text().trim()).toBe(shout);
    // Its head (title and description, each written three times) is cut too.
    const tagHead = page(`api/${tagFolder}`);
    expect(tagHead('title').text()).toMatch(/^A{299}… \| /);
    expect(tagHead('meta[property="og:title"]').attr('content')).toBe(tagHead('title').text());
    expect(tagHead('meta[name="description"]').attr('content')!.length).toBeLessThanOrEqual(320);
    const shortShout = `${'A'.repeat(299)}…`;
    for (const route of ['api/shouting', 'api/brackets']) {
      expect(page(route)('.sidebar summary').map((_, el) => page(route)(el).text()).get()).toContain(shortShout);
    }
    expect(page('api/shouting')('.breadcrumbs li').map((_, el) => page('api/shouting')(el).text().replace('›', '').trim()).get()).toEqual(['', 'API', shortShout, 'Shouting']);
    expect(fs.statSync(path.join(out, 'api/shouting/index.html')).size).toBeLessThan(100_000);
    const markdown = fs.readFileSync(path.join(out, 'api/emphasis.md'), 'utf8');
    expect(markdown).toMatch(/ \*\*loud\*\* /);
    const headings = page('guides/hostile')('h2');
    expect(headings.first().text()).toMatch(/^Start\s+end/);
    expect(headings.last().text()).toMatch(/^Raw HTML survived/);
    expect(fs.readFileSync(path.join(out, 'guides/hostile.md'), 'utf8')).toContain('[a](');
  }, 180_000);
});

describe('spec text quoted by an error', () => {
  it("a $ref of 200,000 spaces that points to nothing: one short error at its line from build, lint and check-links, the $ref's start and end shown", async () => {
    const ref = `#/components/schemas/Parcel${' '.repeat(200_000)}x`;
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ navbar: { items: [] }, openapi: { spec: 'openapi.yaml' } }),
      'openapi.yaml': specWithRef(ref),
    });
    for (const command of ['build', 'lint', 'check-links']) {
      const result = await runDocsgen([command], dir, { timeoutMs: 60_000 });
      expect(result.hung, command).toBe(false);
      expect(result.code, command).toBe(1);
      const out = result.stdout + result.stderr;
      // It was printed whole three times (message and hint): 600 KB for one error.
      expect(out.length, command).toBeLessThan(6_000);
      expect(out, command).toContain('openapi.yaml:16:17');
      expect(out, command).toContain('The $ref "#/components/schemas/Parcel ');
      expect(out, command).toMatch(/points to nothing: the spec has no \/components\/schemas\/Parcel +… \(\d{3},\d{3} characters left out\) … +x\b/);
    }
  }, 120_000);
});

describe('long names and texts that a page shows once, or lists from other pages', () => {
  it('no page passes 1 MB: long descriptions are shortened and say so, names listed from other pages are cut', async () => {
    const paragraphs = (n: number, what: string) => Array.from({ length: n }, (_, i) => `Paragraph ${i} on ${what}: the registry records each lot's zoning, owner and permits.`).join('\n\n');
    const opId = run('z', 300_000);
    const schema = `Parcel${run('x', 300_000)}`;
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Records', version: '1', description: paragraphs(5_000, 'the API') },
      // A server and a security scheme every operation shows, named at length.
      servers: [{ url: `https://${run('a', 300_000)}.example.com`, description: paragraphs(700, 'the server') }],
      security: [{ [`Key${run('k', 300_000)}`]: [] }],
      tags: [{ name: 'Parcels', description: paragraphs(5_000, 'parcels') }],
      paths: {
        '/parcels': { get: { tags: ['Parcels'], operationId: 'findParcels', summary: 'Find parcels', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { parcel: { $ref: `#/components/schemas/${schema}` } } } } } } } } },
        '/zones': { get: { tags: ['Parcels'], operationId: opId, responses: { 200: { description: 'OK' } } } },
      },
      components: {
        securitySchemes: { [`Key${run('k', 300_000)}`]: { type: 'apiKey', in: 'header', name: `X-${run('h', 300_000)}`, description: paragraphs(700, 'keys') } },
        schemas: { [schema]: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    };
    const dir = writeFiles({ 'docsgen.config.ts': configSource({ navbar: { items: [] }, openapi: { spec: 'openapi.json' } }), 'openapi.json': JSON.stringify(spec) });
    const build = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(build.code, build.stderr).toBe(0);
    const out = path.join(dir, 'build');
    const html = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? html(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []));
    for (const file of html(out)) expect(fs.statSync(file).size, path.relative(out, file)).toBeLessThan(MB);
    const page = (route: string) => cheerio.load(fs.readFileSync(path.join(out, route, 'index.html'), 'utf8'));

    // The overview's and the tag's own descriptions: their first 250,000 characters, then a note;
    // a server's and a security scheme's: 10,000 (the page was 1.2 MB with Rubrik's real 518,000).
    const overview = page('api/records');
    const notes = overview('.text-cut').map((_, p) => overview(p).text()).get();
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/^Shortened: 24\d,\d{3} of 4\d\d,\d{3} characters shown; the full text is in the OpenAPI spec\.$/);
    const total = (text: string) => ` of ${text.length.toLocaleString('en-US')} characters shown`;
    expect(notes[0]).toContain(total(spec.info.description));
    expect(notes[1]).toMatch(/^Shortened: 9,\d{3} of/);
    expect(notes[1]).toContain(total(spec.servers[0].description));
    expect(notes[2]).toMatch(/^Shortened: 9,\d{3} of/);
    expect(notes[2]).toContain(total(Object.values(spec.components.securitySchemes)[0].description));
    expect(page('api/parcels')('.text-cut').text()).toMatch(/^Shortened: 24\d,\d{3} of 4\d\d,\d{3} characters shown/);

    // The operation named by its 300,000-character operationId, in the lists of the tag's page,
    // the landing and the overview; the schema's name in a field's type and in the schema index.
    const cut = (text: string) => text.length <= 300 && text.endsWith('…');
    for (const route of ['api/parcels', 'api', 'api/records']) {
      const listed = page(route)('.operation-list a').map((_, a) => page(route)(a).text()).get();
      expect(listed.some((t) => t.startsWith('zzz') && cut(t)), route).toBe(true);
    }
    for (const route of ['api/find-parcels', 'api/schemas']) {
      const text = page(route)('main').text();
      expect(text, route).toContain(`${schema.slice(0, 200)}`);
      expect(text.includes(schema.slice(0, 1_000)), route).toBe(false);
    }
    // The server, the scheme's name, anchor and header, on every operation's page: cut (they made
    // each page 1.2 MB); the code samples' files beside the page keep them whole.
    expect(fs.statSync(path.join(out, 'api/find-parcels/index.html')).size).toBeLessThan(100_000);
    const op = page('api/find-parcels');
    expect(cut(op('.operation-server').text())).toBe(true);
    const scheme = op('.security-scheme a');
    expect(cut(scheme.text())).toBe(true);
    expect(scheme.attr('href')!.length).toBeLessThan(150);
    expect(overview(scheme.attr('href')!.slice(scheme.attr('href')!.indexOf('#')))).toHaveLength(1);
  }, 120_000);
});
