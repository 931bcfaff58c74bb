// The sharded index in a real browser: a generated site of ~200 pages built with
// `search.shardAbovePages: 50`, so its index is a manifest, shards and page fragments. The search
// box and the /search page show the same results as the engine gives in Node, fetching only the
// manifest, the shards of the query and the fragments of the pages shown — never one big index,
// nothing before interaction, nothing from another origin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { generateSite } from '../../bench/generateSite.mjs';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { loadShardedIndex } from '../../src/shared/search/sharded';
import type { ShardFile, ShardedManifest } from '../../src/shared/search/types';
import { launchBrowser, serveStatic } from '../helpers/browser';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let out: string;
let manifest: ShardedManifest;
let site: string;

beforeAll(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-sharded-site-'));
  generateSite({ pages: 200, out: site, seed: 5 });
  const configFile = path.join(site, 'docsgen.config.ts');
  const config = fs.readFileSync(configFile, 'utf8');
  if (!config.includes('  search: {\n')) throw new Error('The generated config has no search options to extend.');
  fs.writeFileSync(configFile, config.replace('  search: {\n', '  search: {\n    shardAbovePages: 50,\n'));
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-sharded-out-'));
  await build({ root: site, outDir: out, logger: createMemoryLogger() });
  manifest = JSON.parse(fs.readFileSync(path.join(out, 'search-index/manifest.json'), 'utf8'));
  server = await serveStatic(out);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  for (const dir of [site, out]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The engine's answer in Node, from the built files. */
async function expected(query: string, limit: number) {
  const engine = loadShardedIndex(manifest, async (file) => JSON.parse(fs.readFileSync(path.join(out, 'search-index', file), 'utf8')));
  return engine.search(query, { limit, contextLength: limit === 8 ? 50 : 100 });
}

async function open(route: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const logs: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(server.url + route);
  return { page, context, logs, requests };
}

const indexRequests = (requests: string[]) => requests.filter((u) => u.includes('search-index'));
const kindOf = (url: string) => new URL(url).pathname.replace(/^\/search-index\//, '').split('/')[0];

describe('sharded search in the browser', () => {
  it('built a manifest, shards and fragments instead of search-index.json', () => {
    expect(fs.existsSync(path.join(out, 'search-index.json'))).toBe(false);
    expect(manifest.pages).toBeGreaterThan(50);
    expect(manifest.shards.length).toBeGreaterThan(5);
    const html = fs.readFileSync(path.join(out, 'guides/index.html'), 'utf8');
    // Named without a hash, so that an edit which changes only the index leaves the page as it was.
    expect(html).toContain('data-search-index="/search-index/manifest.json"');
  });

  it('shows the suggestions of the engine, fetching only the shards and fragments the query needs', async () => {
    const { page, context, logs, requests } = await open('/guides');
    await page.waitForLoadState('networkidle');
    expect(indexRequests(requests)).toEqual([]);
    const word = 'parcel';
    await page.click('#navbar-search-input');
    await page.keyboard.type(word);
    const want = await expected(word, 8);
    expect(want.results.length).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.navbar-search [role="status"]').innerText(), { timeout: 15_000 }).toBe(`${want.results.length} results`);
    const texts = await page.locator('#navbar-search-listbox [role="option"] .search-option-text').allInnerTexts();
    expect(texts).toEqual(want.results.map((r) => r.text));
    const hrefs = await page.locator('#navbar-search-listbox [role="option"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs[0]).toBe(`${want.results[0].url.replace(/#.*/, '')}?_highlight=${word}${want.results[0].anchor ? `#${want.results[0].anchor}` : ''}`);

    const fetched = indexRequests(requests);
    expect(fetched.every((u) => new URL(u).origin === server.url)).toBe(true);
    expect(fetched.filter((u) => kindOf(u) === 'manifest.json')).toHaveLength(1);
    const shards = fetched.filter((u) => kindOf(u) === 's');
    // Typing p, pa, par, … asks for the prefix ranges on the way: still a small part of the shards.
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThan(manifest.shards.length / 2);
    const fragmentPages = fetched.filter((u) => kindOf(u) === 'f').map((u) => Number(path.basename(new URL(u).pathname, '.json')));
    for (const r of want.results) expect(fragmentPages).toContain(r.page.id);
    expect(fragmentPages.length).toBeLessThan(manifest.pages / 2);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('opens a result with the words highlighted', async () => {
    const { page, context, logs } = await open('/guides');
    await page.click('#navbar-search-input');
    await page.keyboard.type('parcel');
    await expect.poll(() => page.locator('#navbar-search-listbox [role="option"]').count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(/_highlight=parcel/), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('article mark').count()).toBeGreaterThan(0);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('answers a typo on the search page with the corrected query and the engine\'s results', async () => {
    const want = await expected('parcle', 100);
    expect(want.correctedQuery).toBe('parcel');
    const { page, context, logs, requests } = await open('/search?q=parcle');
    // A correction with 100 results takes several rounds of fetches (lexicon, shards, long lists, pages).
    await expect.poll(() => page.locator('.search-correction').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.search-correction strong').innerText()).toBe('parcel');
    const pages = new Set(want.results.map((r) => r.page.id)).size;
    await expect.poll(() => page.locator('.search-result').count(), { timeout: 15_000 }).toBe(pages);
    expect(indexRequests(requests).some((u) => kindOf(u) === 'lex')).toBe(true);
    // "parcel" is in so many texts that its postings are long lists, whose lengths and weights
    // (their second file) the browser fetched to score them.
    const details = new Set<string>();
    for (const [, file] of manifest.shards) {
      const shard = JSON.parse(fs.readFileSync(path.join(out, 'search-index', file), 'utf8')) as ShardFile;
      for (const lists of Object.values(shard.t)) for (const list of lists) if (Array.isArray(list) && typeof list[0] === 'number') details.add(list[2] as string);
    }
    expect(indexRequests(requests).some((u) => details.has(new URL(u).pathname.replace(/^\/search-index\//, '')))).toBe(true);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('refuses a version on another origin and fetches nothing from it', async () => {
    const { page, context, requests } = await open('/search?q=parcel&version=//evil.example/');
    await expect.poll(() => page.locator('.search-page-error[role="alert"]').count()).toBe(1);
    expect(await page.locator('.search-page-error').innerText()).toBe('Unexpected version url');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => new URL(u).origin !== server.url)).toEqual([]);
    expect(indexRequests(requests)).toEqual([]);
    await context.close();
  });
});

describe('a new build deployed on a host that lets browsers keep every file for ten minutes', () => {
  it('is searched at once from a page the browser kept: the manifest is revalidated, not taken from the cache', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-sharded-deploy-'));
    const project = path.join(root, 'site');
    const deployed = path.join(root, 'build');
    fs.cpSync(site, project, { recursive: true });
    await build({ root: project, outDir: deployed, logger: createMemoryLogger(), cacheDir: false });
    const host = await serveStatic(deployed, { cacheControl: 'public, max-age=600' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      // The results of `word`, once the box says how many it expects (a sharded index shows the last answer meanwhile).
      const search = async (word: string, status: RegExp) => {
        await page.click('#navbar-search-input');
        await page.fill('#navbar-search-input', word);
        await expect.poll(() => page.locator('.navbar-search [role="status"]').innerText(), { timeout: 15_000 }).toMatch(status);
        return page.locator('#navbar-search-listbox [role="option"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      };
      await page.goto(`${host.url}/guides`);
      expect((await search('parcel', /^\d+ results$/)).length).toBeGreaterThan(1);
      expect(await search('quillwort', /^No results$/)).toEqual([]);

      // The next deploy: one guide gains a word no page had. Its shards are new files, and the
      // previous build's are gone.
      const guide = listMarkdown(path.join(project, 'content/guides'))[0];
      fs.appendFileSync(guide, '\nMarsh parcels along the river often list quillwort among their protected plants.\n');
      await build({ root: project, outDir: deployed, logger: createMemoryLogger(), cacheDir: false });
      const route = `/${path.relative(path.join(project, 'content'), guide).replace(/\.md$/, '')}`;

      // The same page again, as the browser kept it (the host said it may for ten minutes).
      await page.goto(`${host.url}/guides`);
      const found = await search('quillwort', /^1 result$/);
      expect(found[0]).toMatch(new RegExp(`^${route}/?\\?_highlight=quillwort`));
    } finally {
      await context.close();
      await host.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

function listMarkdown(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && path.basename(f) !== 'index.md')
    .sort()
    .map((f) => path.join(dir, f));
}
