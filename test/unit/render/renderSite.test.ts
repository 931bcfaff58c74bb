import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { produceSitePage, renderSite, type EntryUse, type PageEntry, type PageWriter } from '../../../src/render/renderSite';
import { entryFile, readEntry, writeEntry } from '../../../src/cache/diskMemo';
import { PAGE_HTML_STAGE, PAGE_STAGE } from '../../../src/cache/pageKeys';
import { page, site } from '../../helpers/models';

const pages = Array.from({ length: 60 }, (_, i) => page(`/p${i}`, { kind: 'notFound', homeHref: `/home-${i}`, guidesHref: '/guides', apiHref: '/api' }));
const options = { logger: createMemoryLogger(), sources: new Map<string, string>(), assets: { runtime: '/assets/js/runtime.js', islands: {} }, fileOf: (route: string) => `${route.slice(1)}/index.html` };

describe('render/renderSite', () => {
  it('writes each page into the output folder as rendered, returning its anchors and size instead of its HTML', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
    for (const threads of [1, 3]) {
      const out = path.join(outDir, String(threads));
      const result = await renderSite(site, pages, { ...options, outDir: out, threads });
      expect(result.map((r) => r.route)).toEqual(pages.map((p) => p.route));
      expect(result.every((r) => r.html === undefined && r.ids?.has('main-content'))).toBe(true);
      const html = fs.readFileSync(path.join(out, 'p42/index.html'), 'utf8');
      expect(html).toContain('href="/home-42"');
      expect(result[42].bytes).toBe(Buffer.byteLength(html));
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('writes every page of many more batches than threads, each thread sent its next batch before it replies, and returns them in order', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
    // 7 batches of 25 for 2 threads: most are sent as a thread replies, not up front.
    const many = Array.from({ length: 160 }, (_, i) => page(`/m${i}`, { kind: 'notFound', homeHref: `/home-${i}`, guidesHref: '/guides', apiHref: '/api' }));
    const result = await renderSite(site, many, { ...options, outDir, threads: 2 });
    expect(result.map((r) => r.route)).toEqual(many.map((p) => p.route));
    for (const i of [0, 24, 25, 99, 159]) expect(fs.readFileSync(path.join(outDir, `m${i}/index.html`), 'utf8')).toContain(`href="/home-${i}"`);
    expect(fs.readdirSync(outDir)).toHaveLength(many.length);
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('with `release`, lets go of each model once a worker has it, and still writes every page', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
    const models = [...pages];
    const result = await renderSite(site, models, { ...options, outDir, threads: 2, release: true });
    expect(models).toHaveLength(pages.length);
    expect(models.every((m) => m === undefined)).toBe(true);
    expect(result.map((r) => r.route)).toEqual(pages.map((p) => p.route));
    expect(fs.readFileSync(path.join(outDir, 'p59/index.html'), 'utf8')).toContain('href="/home-59"');
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('fails with the route and source of a page a worker could not render', async () => {
    const broken = page('/guides/broken', { kind: 'doc', doc: null as never });
    const all = [...pages.slice(0, 40), broken, ...pages.slice(40)];
    const error = await renderSite(site, all, { ...options, sources: new Map([['/guides/broken', '/src/broken.md']]), threads: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    const d = (error as DocsgenError).diagnostics[0];
    expect(d.text).toMatch(/^Rendering the page \/guides\/broken failed: /);
    expect(d.location?.file).toBe('/src/broken.md');
  });

  it("renders a page again when its cache entry's file holds something other than a page entry, and writes it a good one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-entries-'));
    const foreign = [{ html: '<p>stale</p>' }, { html: '<p>stale</p>', ids: [], hashed: ['/assets/a.css'] }, 'a string', [1, 2]];
    const some = pages.slice(0, foreign.length);
    some.forEach((p, i) => writeEntry(entryFile(dir, PAGE_STAGE, `key-${p.route.slice(1)}`), foreign[i]));
    const served: EntryUse[] = [];
    const memo = { entries: { dir }, hashed: ['/assets/a.css'], key: (p: { route: string }) => `key-${p.route.slice(1)}`, onPage: (_route: string, _key: string, { reused, corrupt, changed, unwritten }: EntryUse) => void served.push({ reused, corrupt, changed, unwritten }) };
    const result = await renderSite(site, some, { ...options, threads: 1, memo });
    expect(result.map((r) => r.html)).toEqual(some.map((p) => expect.stringContaining(`href="${(p.body as { homeHref: string }).homeHref}"`)));
    expect(result.some((r) => r.html?.includes('stale'))).toBe(false);
    expect(served).toEqual(some.map(() => ({ reused: false, corrupt: false, changed: false, unwritten: false })));
    for (const p of some) {
      const entry = readEntry(entryFile(dir, PAGE_STAGE, `key-${p.route.slice(1)}`)) as PageEntry;
      expect(fs.readFileSync(entryFile(dir, PAGE_HTML_STAGE, `key-${p.route.slice(1)}`), 'utf8')).toContain('href="/home-');
      expect(entry.html).toEqual({ size: expect.any(Number), crc: expect.any(Number) });
      expect(entry.hashed).toEqual(['/assets/a.css']);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe("a disk cache's page files", () => {
    const one = page('/linked', { kind: 'notFound', homeHref: '/home-linked', guidesHref: '/guides', apiHref: '/api' });
    const job = { key: 'a'.repeat(40), hashed: ['/assets/a.css'] };
    const writerFor = (dir: string, outDir: string, cacheLinks = {}): PageWriter => ({ assets: options.assets, outDir, dirs: new Set(), entries: { dir }, cacheLinks });
    const produce = (writer: PageWriter) => produceSitePage(site, one.route, 'linked/index.html', job, () => ({ page: one, found: [] }), writer);
    const inode = (file: string) => fs.statSync(file).ino;

    it('are the output\'s pages, by hard links, when the folders share a file system; written apart when they cannot', () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-page-files-'));
      const dir = path.join(tmp, 'cache');
      const cached = entryFile(dir, PAGE_HTML_STAGE, job.key);
      const made = produce(writerFor(dir, path.join(tmp, 'out-1')));
      expect(made).toMatchObject({ reused: false, corrupt: false, unwritten: false });
      const html = fs.readFileSync(path.join(tmp, 'out-1/linked/index.html'), 'utf8');
      expect(html).toContain('href="/home-linked"');
      expect(inode(cached)).toBe(inode(path.join(tmp, 'out-1/linked/index.html')));
      const again = produce(writerFor(dir, path.join(tmp, 'out-2')));
      expect(again).toMatchObject({ reused: true, corrupt: false });
      expect(again.page.bytes).toBe(Buffer.byteLength(html));
      expect(inode(path.join(tmp, 'out-2/linked/index.html'))).toBe(inode(cached));

      // Another file system, or one without hard links: the same bytes, in files of their own.
      const apart = path.join(tmp, 'cache-apart');
      produce(writerFor(apart, path.join(tmp, 'out-3'), { unlinkable: true }));
      const reused = produce(writerFor(apart, path.join(tmp, 'out-4'), { unlinkable: true }));
      expect(reused.reused).toBe(true);
      const files = [entryFile(apart, PAGE_HTML_STAGE, job.key), path.join(tmp, 'out-3/linked/index.html'), path.join(tmp, 'out-4/linked/index.html')];
      expect(files.map((f) => fs.readFileSync(f, 'utf8'))).toEqual([html, html, html]);
      expect(new Set(files.map(inode)).size).toBe(3);
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('edited in place through the output, or damaged, are found changed: the page is rendered again and the cache given a new file', () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-page-files-'));
      const dir = path.join(tmp, 'cache');
      const cached = entryFile(dir, PAGE_HTML_STAGE, job.key);
      produce(writerFor(dir, path.join(tmp, 'out-1')));
      const html = fs.readFileSync(cached, 'utf8');
      const damage: [string, () => void][] = [
        ['a step after the build that appends to the page', () => fs.appendFileSync(path.join(tmp, 'out-1/linked/index.html'), '<!-- analytics -->')],
        ['the same length, one byte changed', () => fs.writeFileSync(cached, html.replace('home-linked', 'home-linkee'))],
        ['cut short', () => fs.truncateSync(cached, 10)],
        ['removed', () => fs.rmSync(cached)],
      ];
      for (const [i, [how, act]] of damage.entries()) {
        act();
        const out = path.join(tmp, `out-${i + 2}`);
        const made = produce(writerFor(dir, out));
        expect(made, how).toMatchObject({ reused: false, corrupt: how !== 'removed', changed: how !== 'removed' });
        expect(fs.readFileSync(path.join(out, 'linked/index.html'), 'utf8'), how).toBe(html);
        expect(fs.readFileSync(cached, 'utf8'), how).toBe(html);
        expect(produce(writerFor(dir, `${out}-again`)), how).toMatchObject({ reused: true, corrupt: false });
      }
      // The edited output's own page kept the user's edit: only the cache's name was replaced.
      expect(fs.readFileSync(path.join(tmp, 'out-1/linked/index.html'), 'utf8')).toBe(`${html}<!-- analytics -->`);
      fs.rmSync(tmp, { recursive: true, force: true });
    });
  });
});

