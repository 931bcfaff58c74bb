// #20 Markdown for machines: the guides' copies, /llms.txt and /llms-full.txt, which pages are
// listed (include, exclude, unlisted, drafts, versions) and where the copies are written.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { LiveMemo } from '../../src/index';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { llmsFullParts, llmsFullTxt, markdownBytesTitle, markdownTitle, withoutSchemas } from '../../src/markdown/llmsTxt';
import { buildFiles, configSource, listFiles, writeFiles, type Fixture } from '../helpers/fixture';
import { versionedSite } from '../helpers/versionedSite';
import { twoLocaleSite } from '../helpers/i18nSite';

const SPEC = `
openapi: 3.0.3
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.pets.example' }]
paths:
  /pets:
    get: { operationId: listPets, summary: List pets, description: Every pet., tags: [pets], responses: { '200': { description: OK } } }
  /pets/{id}:
    get:
      operationId: getPet
      summary: Get a pet
      tags: [pets]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
components:
  schemas:
    Pet: { type: object, description: A pet., properties: { name: { type: string } } }
`;

const guide = (fm: Record<string, unknown>, body: string) => `---\n${Object.entries(fm).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${body}`;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64').toString('latin1');

/** llms.txt as data: title, summary, and each section's links. */
function parseLlmsTxt(text: string): { title: string; summary: string; sections: Record<string, { title: string; url: string; description: string }[]> } {
  const lines = text.split('\n');
  const title = /^# (.+)$/.exec(lines[0])![1];
  const summary = lines.find((l) => l.startsWith('> '))!.slice(2);
  const sections: Record<string, { title: string; url: string; description: string }[]> = {};
  let current = '';
  for (const line of lines) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) sections[(current = heading[1])] = [];
    const link = /^- \[(.+?)\]\((\S+?)\)(?:: (.*))?$/.exec(line);
    if (link) sections[current].push({ title: link[1], url: link[2], description: link[3] ?? '' });
  }
  return { title, summary, sections };
}

const site = (config: Record<string, unknown> = {}) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, ...config }),
  'openapi.yaml': SPEC,
  'content/guides/01-start.md': guide(
    { title: 'Start here', description: 'The first steps.' },
    '# Start here\n\nRead [the next page](./02-next.md#usage), the [pet list](/api/list-pets) and [the web](https://example.org).\n\n::operation{id=getPet}\n\n:::warning Keys are secret\nNever share a key. See [next](./02-next.md).\n:::\n\n![A dot](./dot.png)\n\n```md\n:::note\nnot an admonition\n:::\n[kept](./02-next.md)\n```\n',
  ),
  'content/guides/dot.png': PNG,
  'content/guides/02-next.md': guide({ title: 'Next steps', tags: ['feeding'] }, 'Text.\n\n## Usage\n\nMore.\n'),
  'content/guides/secret.md': guide({ title: 'Secret', unlisted: true }, 'Hidden.\n'),
  'content/guides/wip.md': guide({ title: 'Work in progress', draft: true }, 'Soon.\n'),
  'content/guides/internal/notes.md': guide({ title: 'Internal notes' }, 'Staff only.\n'),
});

describe('#20 markdown/llms', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(site({ llms: { exclude: ['/guides/internal'] } }));
  }, 60_000);

  it('lists the site in llms.txt: title, summary, guides then API, each a link to a written .md with its description', () => {
    const llms = parseLlmsTxt(f.read('llms.txt'));
    expect(llms.title).toBe('Test Docs');
    expect(llms.summary).toBe('Docs for tests');
    expect(Object.keys(llms.sections)).toEqual(['Guides', 'API']);
    expect(llms.sections.Guides.map((l) => l.title)).toEqual(['Start here', 'Next steps']);
    expect(llms.sections.Guides[0]).toEqual({ title: 'Start here', url: 'https://docs.test.example/guides/start.md', description: 'The first steps.' });
    // The overview, the operations and schema in sidebar order, then the group's page (its sidebar entry is a category).
    expect(llms.sections.API.map((l) => l.title)).toEqual(['Pets (version 1)', 'List pets', 'Get a pet', 'Pet', 'pets']);
    for (const link of Object.values(llms.sections).flat()) {
      expect(link.url.startsWith('https://docs.test.example/')).toBe(true);
      expect(f.exists(link.url.slice('https://docs.test.example/'.length))).toBe(true);
    }
  });

  it('never lists or writes unlisted pages, drafts or excluded routes', () => {
    const text = f.read('llms.txt') + f.read('llms-full.txt');
    for (const word of ['Secret', 'Work in progress', 'Internal notes', 'Staff only']) expect(text).not.toContain(word);
    expect(f.exists('guides/secret.md')).toBe(false);
    expect(f.exists('guides/internal/notes.md')).toBe(false);
    expect(f.$('guides/secret/index.html')('link[type="text/markdown"]')).toHaveLength(0);
    expect(f.$('guides/secret/index.html')('[data-island="CopyPage"]')).toHaveLength(0);
    expect(f.$('guides/internal/notes/index.html')('link[type="text/markdown"]')).toHaveLength(0);
  });

  it('writes a guide as written, with absolute links and images, and its admonitions as quotes', () => {
    const md = f.read('guides/start.md');
    expect(md).toContain('Read [the next page](https://docs.test.example/guides/next#usage), the [pet list](https://docs.test.example/api/list-pets) and [the web](https://example.org).');
    expect(md).toContain('\n\nOperation: [getPet](https://docs.test.example/api/get-pet)\n\n');
    expect(md).toContain('> **Keys are secret**\n>\n> Never share a key. See [next](https://docs.test.example/guides/next).');
    expect(md).toMatch(/!\[A dot\]\(https:\/\/docs\.test\.example\/assets\/images\/dot-[0-9a-f]{8}\.png\)/);
    // Code is left as written.
    expect(md).toContain('```md\n:::note\nnot an admonition\n:::\n[kept](./02-next.md)\n```');
    expect(f.read('guides/next.md').startsWith('# Next steps\n\nText.')).toBe(true);
  });

  it('concatenates every listed page in llms-full.txt, in llms.txt order, each with its URL', () => {
    const full = f.read('llms-full.txt');
    const order = ['# Start here', '# Next steps', '# List pets', '# Get a pet', '# Pet'].map((h) => full.indexOf(`\n${h}\n`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(full).toContain('# Get a pet\n\nSource: https://docs.test.example/api/get-pet.md\n');
    expect(full).toContain(f.read('guides/next.md').slice('# Next steps\n'.length));
  });

  it('writes the same llms.txt and llms-full.txt to disk (read back page by page) as a build kept in memory', async () => {
    const inMemory = await build({ root: f.dir, write: false, logger: createMemoryLogger() });
    expect(inMemory.files.get('llms.txt')).toBe(f.read('llms.txt'));
    expect(inMemory.files.get('llms-full.txt')).toBe(f.read('llms-full.txt'));
  });

  it('gives the pages that list others a copy too, linking what they list, without listing them in llms.txt', () => {
    expect(f.read('index.md')).toMatch(/^# /);
    expect(f.read('guides.md')).toContain('- [Start here](https://docs.test.example/guides/start): The first steps.');
    expect(f.read('api.md')).toContain('- [GET /pets/{id}](https://docs.test.example/api/get-pet): Get a pet');
    expect(f.read('api/schemas.md')).toContain('- [Pet](https://docs.test.example/api/schemas/pet): A pet.');
    expect(f.read('guides/tags.md')).toContain('- [feeding](https://docs.test.example/guides/tags/feeding): 1 page');
    expect(f.read('guides/tags/feeding.md')).toContain('- [Next steps](https://docs.test.example/guides/next)');
    expect(f.$('guides/tags/feeding/index.html')('link[type="text/markdown"]').attr('href')).toBe('/guides/tags/feeding.md');
    const urls = Object.values(parseLlmsTxt(f.read('llms.txt')).sections).flat().map((l) => l.url);
    for (const copy of ['index.md', 'guides.md', 'api.md', 'api/schemas.md', 'guides/tags.md', 'guides/tags/feeding.md']) expect(urls).not.toContain(`https://docs.test.example/${copy}`);
  });

  it('writes another locale’s copies under its prefix, in its language, and lists only the default locale', async () => {
    const g = await buildFiles(twoLocaleSite());
    const intro = g.read('fr/guides/intro.md');
    expect(intro).toContain('Bienvenue dans l’API des inondations.');
    expect(intro).toContain('[les zones](https://docs.test.example/fr/guides/zones#zone-codes)');
    expect(g.$('fr/guides/intro/index.html')('link[type="text/markdown"]').attr('href')).toBe('/fr/guides/intro.md');
    // An untranslated page: the default locale's text, its links in the locale.
    expect(g.read('fr/guides/zones.md')).toContain('Zones come from FEMA maps.');
    expect(g.exists('fr/api.md')).toBe(true);
    expect(g.read('fr/guides.md')).toContain('https://docs.test.example/fr/guides/intro');
    expect(g.read('llms.txt')).not.toContain('/fr/');
  }, 60_000);

  it('includes only what `include` matches (a glob)', async () => {
    const g = await buildFiles(site({ llms: { include: ['/api/*-pet'] } }));
    const llms = parseLlmsTxt(g.read('llms.txt'));
    expect(Object.values(llms.sections).flat().map((l) => l.title)).toEqual(['Get a pet']);
    expect(g.exists('guides/start.md')).toBe(false);
    expect(g.exists('api/get-pet.md')).toBe(true);
  }, 60_000);

  it('writes nothing and links nothing when turned off', async () => {
    const g = await buildFiles(site({ llms: { enabled: false } }));
    expect(g.exists('llms.txt')).toBe(false);
    expect(g.exists('llms-full.txt')).toBe(false);
    expect(g.exists('api/get-pet.md')).toBe(false);
    expect(g.$('guides/start/index.html')('link[type="text/markdown"], [data-island="CopyPage"]')).toHaveLength(0);
  }, 60_000);

  it('writes the copy at the page path plus .md whatever trailingSlash is', async () => {
    for (const trailingSlash of [true, false]) {
      const g = await buildFiles(site({ trailingSlash, baseUrl: '/docs/' }));
      const html = trailingSlash ? 'guides/next/index.html' : 'guides/next.html';
      expect(g.$(html)('link[type="text/markdown"]').attr('href')).toBe('/docs/guides/next.md');
      expect(g.exists('guides/next.md')).toBe(true);
      expect(parseLlmsTxt(g.read('llms.txt')).sections.Guides[1].url).toBe('https://docs.test.example/docs/guides/next.md');
      expect(g.read('guides/start.md')).toContain(`[the next page](https://docs.test.example/docs/guides/next${trailingSlash ? '/' : ''}#usage)`);
    }
  }, 120_000);

  it('writes an older version’s copies under its segment, and lists only the latest version', async () => {
    const g = await buildFiles(versionedSite());
    expect(g.exists('guides/1.0/csv-export.md')).toBe(true);
    expect(g.exists('api/1.0/legacy-zones.md')).toBe(true);
    expect(g.$('guides/1.0/csv-export/index.html')('link[type="text/markdown"]').attr('href')).toBe('/guides/1.0/csv-export.md');
    expect(g.read('guides/1.0/intro.md')).toContain('/api/1.0/legacy-zones');
    const urls = Object.values(parseLlmsTxt(g.read('llms.txt')).sections).flat().map((l) => l.url);
    expect(urls).toContain('https://docs.test.example/guides/intro.md');
    expect(urls.some((u) => u.includes('/1.0/'))).toBe(false);
    expect(g.read('llms-full.txt')).not.toContain('CSV export');
  }, 120_000);

  it('writes the same copies from the build cache as a cold build, after a guide and an operation change', async () => {
    const dir = writeFiles(site());
    const copies = (out: string) => Object.fromEntries(listFiles(out).filter((f) => /\.md$|^llms/.test(f)).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    const run = (outDir: string, cacheDir: string | false) => build({ root: dir, outDir, cacheDir, logger: createMemoryLogger() });
    await run('cached', '.cache');
    fs.writeFileSync(path.join(dir, 'content/guides/02-next.md'), guide({ title: 'Next steps' }, 'Changed text.\n'));
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), SPEC.replace('description: Every pet.', 'description: Every pet we keep.'));
    const warm = await run('cached', '.cache');
    expect(warm.cached!.pages).toBeGreaterThan(0);
    await run('cold', false);
    const cold = copies(path.join(dir, 'cold'));
    expect(cold['guides/next.md']).toContain('Changed text.');
    expect(cold['api/list-pets.md']).toContain('Every pet we keep.');
    expect(cold['api/get-pet.md']).toContain('# Get a pet');
    expect(copies(path.join(dir, 'cached'))).toEqual(cold);
  }, 120_000);
});

describe('#18 markdown/llms: llms-full.txt written from the copies\' bytes', () => {
  const site = { title: 'Parcels', summary: '' };
  const copies = ['# Get a parcel\n\nBody.\n', '# No newline at the end', 'Text before any heading.\n\n# Later\n', '', '#\nnot a heading line\n', '#   \nThe next line\n', '# Zoning — Café ü\n\nÜber.\n'];
  const pages = copies.map((markdown, i) => ({ url: `https://docs.example/api/${i}.md`, description: '', section: 'API', markdown }));
  const written = (list: typeof pages) => Buffer.concat([...llmsFullParts(site, list.map((p) => ({ ...p, read: () => ({ markdown: Buffer.from(p.markdown), title: markdownBytesTitle(Buffer.from(p.markdown)) }) })))].map((part) => (typeof part === 'string' ? Buffer.from(part) : part))).toString();

  it('puts each page\'s source URL under its heading, or above a page without one, as the text does', () => {
    const text = written(pages);
    expect(text).toContain('# Get a parcel\n\nSource: https://docs.example/api/0.md\n\n\nBody.\n\n---\n\n');
    expect(text).toContain('# No newline at the end\n\nSource: https://docs.example/api/1.md\n\n\n---\n\n');
    expect(text).toContain('---\n\nSource: https://docs.example/api/2.md\n\nText before any heading.\n');
    expect(text).toContain('# Zoning — Café ü\n\nSource: https://docs.example/api/6.md\n\n\nÜber.\n');
    expect(text).toBe(llmsFullTxt(site, pages.map((p) => ({ ...p, title: markdownTitle(p.markdown) }))));
  });

  it('takes the title from the first line when it is a heading, and from the whole copy otherwise', () => {
    expect(copies.map((c) => markdownBytesTitle(Buffer.from(c)))).toEqual(['Get a parcel', 'No newline at the end', 'Later', '', 'not a heading line', 'The next line', 'Zoning — Café ü']);
    expect(copies.map((c) => markdownBytesTitle(Buffer.from(c)))).toEqual(copies.map(markdownTitle));
  });
});

describe('#18 markdown/llms: llms-full.txt holds each schema once', () => {
  // A parcel's owner, the owner's address: with schemaDepth 1, each page stops at the next named
  // schema, and its copy appends the rest under "Schemas".
  const DEEP_SPEC = `
openapi: 3.0.3
info: { title: Parcels, version: '1' }
servers: [{ url: 'https://api.parcels.example' }]
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Parcel' } } } } }
components:
  schemas:
    Parcel: { type: object, properties: { owner: { $ref: '#/components/schemas/Owner' } } }
    Owner: { type: object, properties: { address: { $ref: '#/components/schemas/Address' } } }
    Address: { type: object, properties: { postcode: { type: string, description: Royal Mail postcode of the registered address. } } }
`;
  const deepSite = (llms: Record<string, unknown> = {}) => ({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', schemaDepth: 1 }, llms }),
    'openapi.yaml': DEEP_SPEC,
    'content/guides/parcels.md': guide({ title: 'Parcels' }, 'Look a parcel up by its id.\n'),
  });
  /** llms-full.txt's section of the page whose copy is at `url`. */
  const section = (full: string, url: string) => {
    const at = full.indexOf(`Source: ${url}\n`);
    expect(at).toBeGreaterThan(0);
    const end = full.indexOf('\n---\n', at);
    return full.slice(full.lastIndexOf('\n# ', at) + 1, end === -1 ? undefined : end);
  };
  const postcode = 'Royal Mail postcode of the registered address.';

  it('leaves the schemas a copy appends out of llms-full.txt, where each has its own page; the .md copy keeps them', async () => {
    const f = await buildFiles(deepSite());
    const copy = f.read('api/get-parcel.md');
    expect(copy).toContain('## Schemas\n\n### `Owner`');
    expect(copy).toContain(postcode);
    const full = f.read('llms-full.txt');
    const op = section(full, 'https://docs.test.example/api/get-parcel.md');
    expect(op).toContain('Fields of `Owner`: see `Owner` under "Schemas" below');
    expect(op.endsWith('## Schemas\n\nEach schema named above has its own page in this file, titled with its name.\n')).toBe(true);
    expect(op).not.toContain(postcode);
    // Everything before the section is the copy's own text.
    expect(copy.startsWith(op.slice(0, op.indexOf('## Schemas')).replace('\n\nSource: https://docs.test.example/api/get-parcel.md\n', ''))).toBe(true);
    // Address's fields are in the file once: on its own page.
    expect(full.split(postcode)).toHaveLength(2);
    expect(section(full, 'https://docs.test.example/api/schemas/address.md')).toContain(postcode);
    // The same file from a build kept in memory.
    const inMemory = await build({ root: f.dir, write: false, logger: createMemoryLogger() });
    expect(inMemory.files.get('llms-full.txt')).toBe(full);
  }, 60_000);

  it('keeps a copy whole in llms-full.txt when a schema it appends has no page there', async () => {
    const f = await buildFiles(deepSite({ exclude: ['/api/schemas/address'] }));
    const full = f.read('llms-full.txt');
    const op = section(full, 'https://docs.test.example/api/get-parcel.md');
    expect(op).toContain('### `Address`');
    expect(op).toContain(postcode);
    expect(op.replace('\n\nSource: https://docs.test.example/api/get-parcel.md\n', '')).toBe(f.read('api/get-parcel.md'));
  }, 60_000);

  it('gives the same llms-full.txt from the build cache as a cold build, after a guide\'s edit', async () => {
    const dir = writeFiles(deepSite());
    const run = (outDir: string, cacheDir: string | false) => build({ root: dir, outDir, cacheDir, logger: createMemoryLogger() });
    await run('first', '.cache');
    // The search index's name changes with the guide: the API pages come from their entries with the new name swapped in.
    fs.writeFileSync(path.join(dir, 'content/guides/parcels.md'), guide({ title: 'Parcels' }, 'Look a parcel up by its id or its address.\n'));
    const warm = await run('cached', '.cache');
    expect(warm.cached!.pages).toBeGreaterThan(0);
    await run('cold', false);
    const cold = fs.readFileSync(path.join(dir, 'cold/llms-full.txt'), 'utf8');
    expect(cold.split(postcode)).toHaveLength(2);
    expect(fs.readFileSync(path.join(dir, 'cached/llms-full.txt'), 'utf8')).toBe(cold);
  }, 120_000);

  it('serves the same llms-full.txt under serve --watch, after a save that takes the pages from its memo', async () => {
    const dir = writeFiles(deepSite());
    const memo = new LiveMemo();
    const served = async () => {
      const result = await build({ root: dir, write: false, dev: true, deferIndex: true, memo, logger: createMemoryLogger() });
      return result.deferred!.get('llms-full.txt')!();
    };
    const built = async () => (await build({ root: dir, write: false, dev: true, logger: createMemoryLogger() })).files.get('llms-full.txt');
    const before = await built();
    expect(before).toContain('Each schema named above has its own page in this file');
    expect(await served()).toBe(before);
    memo.changed([]);
    expect(await served()).toBe(before);
    // The spec saved with one schema changed: the other pages come from the memo.
    const spec = path.join(dir, 'openapi.yaml');
    fs.writeFileSync(spec, DEEP_SPEC.replace('Royal Mail postcode', 'Postcode'));
    memo.changed([spec]);
    const after = await served();
    expect(after).toContain('Postcode of the registered address.');
    expect(after).toBe(await built());
  }, 60_000);

  it('keeps a copy whole when the place it was told the section starts at is not there (a damaged cache entry)', () => {
    const copy = '# Get a parcel\n\nBody.\n\n## Schemas\n\n### `Owner`\n\nFields.\n';
    const at = Buffer.byteLength('# Get a parcel\n\nBody.\n\n');
    expect(withoutSchemas(copy, at)).toBe('# Get a parcel\n\nBody.\n\n## Schemas\n\nEach schema named above has its own page in this file, titled with its name.\n');
    expect((withoutSchemas(Buffer.from(copy), at) as Buffer).toString()).toBe(withoutSchemas(copy, at));
    for (const wrong of [at - 1, at + 3, copy.length + 10]) expect(withoutSchemas(copy, wrong)).toBe(copy);
    expect(withoutSchemas(copy, undefined)).toBe(copy);
  });
});
