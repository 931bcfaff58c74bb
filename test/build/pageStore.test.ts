// A build keeps its API pages' bodies in a temporary file between the site stage and the render
// threads (src/site/pageStore.ts): what comes back must be the page that went in, and the file
// must never outlive the build, whether it succeeds, fails or writes nowhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openapiStage } from '../../src/build';
import { loadConfig } from '../../src/config/load';
import { loadGuides } from '../../src/content/loadGuides';
import { renderPage } from '../../src/render/renderPages';
import { buildSiteModel } from '../../src/render/siteModel';
import { MAX_HELD, pageKind, PageStore, readBody, storedRef, STORE_FILE, stubOf } from '../../src/site/pageStore';
import { buildSite } from '../../src/site/routes';
import { PLACEHOLDER, replacePlaceholders } from '../../src/openapi/placeholders';
import type { PageModel } from '../../src/shared/viewModels';
import { pageSearchDocuments, searchDocuments } from '../../src/search/documents';
import { buildFails, buildFiles, configSource, listFiles, repoRoot, writeFiles } from '../helpers/fixture';

const spec = `openapi: 3.0.3
info: { title: Parcels, version: '1' }
paths:
  /parcels/{id}:
    get:
      operationId: get-parcel
      summary: Get a parcel
      description: See [the guide](/guides/intro) first.
      parameters:
        - { name: id, in: path, required: true, schema: { type: string }, example: P-1 }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Parcel:
      type: object
      properties:
        id:
          type: string
          description: Links [the guide](/guides/intro#ids).
`;
const files = (guide = 'Read [the parcel](/api/get-parcel#response-200).\n') => ({
  'docsgen.config.ts': configSource({ onBrokenAnchors: 'throw', openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.example/openapi.yaml' } }),
  'openapi.yaml': spec,
  'content/guides/intro.md': `---\ntitle: Intro\n---\n## Ids {#ids}\n\n${guide}`,
});

/** The project's operation and schema pages (the ones a build stores), as the site stage makes them, and its site model. */
async function apiSite(root: string): Promise<{ heavy: PageModel[]; siteModel: ReturnType<typeof buildSiteModel> }> {
  const { config } = await loadConfig({ root });
  const { api } = await openapiStage(config, { validator: false });
  const site = buildSite(config, loadGuides(config), [api!]);
  return { heavy: site.pages.filter((p) => p.body.kind === 'apiOperation' || p.body.kind === 'apiSchema'), siteModel: buildSiteModel(config, '/assets/style.css') };
}

describe('the page store', () => {
  it('gives back every API page of the shipped site as it was made, and the same HTML', async () => {
    const { heavy, siteModel } = await apiSite(repoRoot);
    const store = new PageStore();
    try {
      expect(heavy.length).toBeGreaterThan(20);
      for (const page of heavy) {
        const stored = store.put(page);
        expect(storedRef(stored)?.kind).toBe(page.body.kind);
        expect(pageKind(stored)).toBe(page.body.kind);
        expect(stored.body).toEqual(page.body);
        // As a render thread gets it: the stub, and the body read from the file.
        const { body } = readBody(storedRef(stored)!, store.settled);
        expect(renderPage(siteModel, { ...stubOf(stored), body })).toBe(renderPage(siteModel, page));
      }
    } finally {
      store.remove();
    }
    expect(fs.existsSync(store.file)).toBe(false);
  });

  it("gives back the pages of a YAML spec whose values YAML reads as dates, and the same HTML (a body is stored as JSON)", async () => {
    const dated = `openapi: 3.0.3
info: { title: Visits, version: '1' }
paths:
  /visits:
    get:
      operationId: list-visits
      summary: List visits
      parameters:
        - { name: since, in: query, schema: { type: string, format: date, default: 2024-01-01, enum: [2024-01-01, 2025-06-30] }, example: 2024-03-05 }
      responses:
        '200':
          description: Visits.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Visit' }
              example: { on: 2024-03-05, at: 2024-03-05T10:00:00Z }
components:
  schemas:
    Visit:
      type: object
      properties:
        on: { type: string, format: date, example: 2024-03-05, default: 2023-12-31 }
        at: { type: string, format: date-time, example: 2024-03-05T10:00:00Z }
`;
    const root = writeFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.example/openapi.yaml' } }), 'openapi.yaml': dated });
    const { heavy, siteModel } = await apiSite(root);
    const store = new PageStore();
    try {
      expect(heavy.length).toBe(2);
      for (const page of heavy) {
        const { body } = readBody(storedRef(store.put(page))!, store.settled);
        const html = renderPage(siteModel, { ...stubOf(page), body });
        expect(html).toBe(renderPage(siteModel, page));
        expect(html).toContain('2024-03-05');
      }
    } finally {
      store.remove();
    }
  });

  it('gives back any text a spec may hold: non-ASCII, a lone surrogate, control characters, line separators', () => {
    const texts = ['Straße → 住所 🏠', 'half a pair: \ud83c', '\ud800\udc00 and \udfff alone', 'tab\tnul\u0000bell\u0007', 'lines\u2028and\u2029', '"quoted" \\ back'];
    const body = { kind: 'apiOperation', descriptionHtml: texts.join(' | '), fields: texts.map((text) => ({ name: text, nested: [text, { text }] })) };
    const store = new PageStore();
    try {
      const stored = store.put({ route: '/api/texts', section: 'api', body } as unknown as PageModel, 0);
      expect(stored.body).toEqual(body);
      expect(readBody(storedRef(stored)!, store.settled).body).toEqual(body);
    } finally {
      store.remove();
    }
  });

  it('settles the spec links of a stored body as those of a page kept in memory, in ASCII and other text', () => {
    // A body is walked for its links only when its bytes hold the placeholder: a link in a
    // description with "→" must be settled too.
    const hrefs = ['/guides/a?x=1&y="2"', '/guides/b', '/guides/<c>'];
    const tracked = [true, false, true];
    const bodies = [
      { kind: 'apiOperation', descriptionHtml: `<a href="${PLACEHOLDER}0/">a</a> then <a href="${PLACEHOLDER}1/#x">b</a>`, fields: [{ descriptionHtml: `<a href="${PLACEHOLDER}2/">c</a>` }] },
      { kind: 'apiOperation', descriptionHtml: 'No link here', fields: [{ descriptionHtml: `Areas → <a href="${PLACEHOLDER}2/">c</a> then <a href="${PLACEHOLDER}0/">a</a>` }] },
      { kind: 'apiOperation', descriptionHtml: 'No link → here', fields: [] },
    ];
    const store = new PageStore();
    try {
      store.settled[0] = { hrefs, tracked };
      const read = bodies.map((body, i) => store.readSettled(storedRef(store.put({ route: `/api/x${i}`, section: 'api', body } as unknown as PageModel, 0))!));
      expect((read[0].body as unknown as (typeof bodies)[0]).descriptionHtml).toBe('<a href="/guides/a?x=1&amp;y=&quot;2&quot;">a</a> then <a href="/guides/b#x">b</a>');
      expect((read[1].body as unknown as (typeof bodies)[1]).fields[0].descriptionHtml).toBe('Areas → <a href="/guides/&lt;c&gt;">c</a> then <a href="/guides/a?x=1&amp;y=&quot;2&quot;">a</a>');
      for (const [i, body] of bodies.entries()) {
        const inMemory = structuredClone(body);
        const found = replacePlaceholders(inMemory, hrefs, tracked, new Map());
        expect(read[i].body).toEqual(inMemory);
        expect(read[i].found).toEqual([...found]);
      }
      expect(read.map((r) => r.found)).toEqual([[0, 2], [2, 0], []]);
    } finally {
      store.remove();
    }
  });

  it('takes back bodies where another file holds them: reads them there, gives their bytes among its own, and closes the file with itself', () => {
    // As a build takes a part of the cache back (site/apiPagesMemo.ts): the bodies stay in the cache's file.
    const page = (n: number) => ({ route: `/api/op-${n}`, section: 'api', body: { kind: 'apiOperation', summary: `Operation ${n} ${'é'.repeat(n * 40)}` } }) as unknown as PageModel;
    const serialized = [0, 1, 2, 3].map((n) => Buffer.from(JSON.stringify(page(n).body)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-kept-'));
    const kept = path.join(dir, 'part');
    const junk = Buffer.from('bytes before the part');
    fs.writeFileSync(kept, Buffer.concat([junk, serialized[1], serialized[2]]));
    const fd = fs.openSync(kept, 'r');
    const store = new PageStore();
    try {
      const first = store.put(page(0));
      const bytes = store.adoptable({ fd, at: junk.length, length: serialized[1].length + serialized[2].length });
      expect(bytes).not.toBeInstanceOf(Uint8Array);
      const refs = [
        { kind: 'apiOperation' as const, offset: 100, length: serialized[1].length, api: -1 },
        { kind: 'apiOperation' as const, offset: 100 + serialized[1].length, length: serialized[2].length, api: -1 },
      ];
      const adopted = store.adopt(bytes, [1, 2].map((n, k) => ({ stub: stubOf(page(n)), ref: refs[k] })), 100);
      const last = store.put(page(3));
      const pages = [first, ...adopted, last];
      for (const [n, stored] of pages.entries()) {
        expect(stored.body).toEqual(page(n).body);
        expect(readBody(storedRef(stored)!, store.settled).body).toEqual(page(n).body);
        expect(stored.route).toBe(`/api/op-${n}`);
      }
      // Offsets run on through the adopted bodies, and bytesFrom reads across the two files.
      const all = Buffer.concat(serialized);
      expect(pages.map((p) => storedRef(p)!.offset)).toEqual([0, 1, 2, 3].map((n) => serialized.slice(0, n).reduce((sum, b) => sum + b.length, 0)));
      expect(store.bytesFrom(0).equals(all)).toBe(true);
      expect(store.bytesFrom(5, all.length - 7).equals(all.subarray(5, all.length - 7))).toBe(true);
      // Only what was made here went into the store's file.
      expect(fs.statSync(store.file).size).toBe(serialized[0].length + serialized[3].length);
    } finally {
      store.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => fs.fstatSync(fd)).toThrow(/EBADF/);
  });

  it(`holds at most ${MAX_HELD} files open: past them, it reads the bytes and closes the file`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-kept-'));
    const store = new PageStore();
    const fds: number[] = [];
    try {
      for (let k = 0; k <= MAX_HELD; k++) {
        const file = path.join(dir, `part-${k}`);
        fs.writeFileSync(file, `..part ${k}`);
        fds.push(fs.openSync(file, 'r'));
        const bytes = store.adoptable({ fd: fds[k], at: 2, length: `part ${k}`.length });
        if (k < MAX_HELD) expect(bytes).not.toBeInstanceOf(Uint8Array);
        else expect(Buffer.from(bytes as Uint8Array).toString()).toBe(`part ${k}`);
      }
      expect(() => fs.fstatSync(fds[MAX_HELD])).toThrow(/EBADF/);
      expect(fs.fstatSync(fds[0]).isFile()).toBe(true);
    } finally {
      store.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => fs.fstatSync(fds[0])).toThrow(/EBADF/);
  });

  it("gives the search index the same documents when the stored pages' are made as they are stored", async () => {
    const { config } = await loadConfig({ root: repoRoot });
    const { api } = await openapiStage(config, { validator: false });
    const { pages } = buildSite(config, loadGuides(config), [api!]);
    const options = { routes: config.search.routes };
    const stored = new Set(['apiOperation', 'apiSchema']);
    const made = new Map(pages.filter((p) => stored.has(p.body.kind)).map((p) => [p.route, pageSearchDocuments(p, options)]));
    expect(made.size).toBeGreaterThan(20);
    const expected = searchDocuments(pages, options);
    expect(searchDocuments(pages, { ...options, made: (page) => made.get(page.route) })).toEqual(expected);
    // Ids run on across the pages made beforehand, as in one pass.
    expect(new Set(expected.map((d) => d.p)).size).toBeGreaterThan(20);
  });

  describe('never outlives the build', () => {
    let tmp: string;
    const saved = process.env.TMPDIR;
    beforeEach(() => {
      // A folder of this test's own: builds without an output folder keep their store in the system's temp folder.
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-store-test-'));
      process.env.TMPDIR = tmp;
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it.each([1, 2])('a build into a folder: the site has no store file, and anchor links into stored pages are checked (%i threads)', async (threads) => {
      const f = await buildFiles(files(), { threads });
      const out = f.result.config.outDir;
      expect(listFiles(out)).not.toContain(STORE_FILE);
      expect(listFiles(out).filter((file) => file.includes('docsgen-pages'))).toEqual([]);
      expect(f.$('api/get-parcel/index.html')('#response-200').length).toBe(1);
      expect(fs.readdirSync(path.dirname(out)).filter((name) => name.includes('.docsgen-'))).toEqual([]);
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith('docsgen-pages-'))).toEqual([]);
    });

    it.each([1, 2])('a build that fails after the render stage (a broken anchor) leaves nothing behind (%i threads)', async (threads) => {
      const { error, dir } = await buildFails(files('Read [the parcel](/api/get-parcel#response-404).\n'), { threads });
      expect(error.diagnostics.map((d) => d.code)).toContain('broken-anchor');
      expect(fs.readdirSync(dir).filter((name) => name === 'build' || /docsgen-(tmp|old|lock)/.test(name))).toEqual([]);
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith('docsgen-pages-'))).toEqual([]);
    });

    it('a build that returns its files in memory keeps its store in the temp folder only while it runs', async () => {
      const f = await buildFiles(files(), { write: false, threads: 2 });
      expect(f.result.files.get('api/get-parcel/index.html')).toContain('Get a parcel');
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith('docsgen-pages-'))).toEqual([]);
    });
  });
});
