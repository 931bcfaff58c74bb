import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { renderSite, type EntryUse, type PageEntry } from '../../../src/render/renderSite';
import { entryFile, readEntry, writeEntry } from '../../../src/cache/diskMemo';
import { PAGE_STAGE } from '../../../src/cache/pageKeys';
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
    const memo = { entries: { dir }, hashed: () => ['/assets/a.css'], key: (p: { route: string }) => `key-${p.route.slice(1)}`, onPage: (_route: string, _key: string, { reused, corrupt, unwritten }: EntryUse) => void served.push({ reused, corrupt, unwritten }) };
    const result = await renderSite(site, some, { ...options, threads: 1, memo });
    expect(result.map((r) => r.html)).toEqual(some.map((p) => expect.stringContaining(`href="${(p.body as { homeHref: string }).homeHref}"`)));
    expect(result.some((r) => r.html?.includes('stale'))).toBe(false);
    expect(served).toEqual(some.map(() => ({ reused: false, corrupt: false, unwritten: false })));
    for (const p of some) {
      const entry = readEntry(entryFile(dir, PAGE_STAGE, `key-${p.route.slice(1)}`)) as PageEntry;
      expect(Buffer.from(entry.html).toString()).toContain('href="/home-');
      expect(entry.hashed).toEqual(['/assets/a.css']);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
