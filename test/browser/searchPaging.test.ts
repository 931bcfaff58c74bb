// The search page's count and pages of results, in a real browser, on the shipped site (#14,
// point 13): a query matching more than a page of results ("boundary") says how many there really
// are, and every one of them can be reached through numbered pages kept in the URL; the navbar's
// search box still suggests 8.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSearchIndex, search } from '../../src/shared/search/query';
import { launchBrowser, serveShippedSite } from '../helpers/browser';

/** Results on one page of /search. */
const PAGE_SIZE = 100;

let browser: Browser;
let server: Awaited<ReturnType<typeof serveShippedSite>>;
/** Every result of "boundary" as the index gives it without a cap: its URLs, in rank order. */
let expected: string[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await serveShippedSite();
  const index = loadSearchIndex(fs.readFileSync(path.join(server.dir, 'search-index.json'), 'utf8'));
  expected = search(index, 'boundary', { limit: 100_000 }).results.map((r) => r.url);
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function open(route: string, viewport = { width: 1280, height: 800 }, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; logs: string[] }> {
  const context = await browser.newContext({ viewport, colorScheme });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(server.url + route);
  return { page, logs };
}

const status = (page: Page) => page.locator('.search-page-status').innerText();

/** The result URLs a page of results links to (titles and sections), without `_highlight`. */
function shownUrls(page: Page): Promise<string[]> {
  return page.$$eval('.search-results a[href]', (links) =>
    links.map((a) => {
      const url = new URL((a as HTMLAnchorElement).href);
      return url.pathname + url.hash;
    }),
  );
}

const pagesNav = 'nav.search-pagination';

describe('#14 the search page counts every result and pages through them', () => {
  it('the query matches more results than a page holds', () => {
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(expected.length).toBeLessThanOrEqual(2 * PAGE_SIZE);
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ])('says the true count, and every result is on page 1 or page 2 (%s)', async (_size, viewport) => {
    const { page, logs } = await open('/search?q=boundary', viewport);
    await expect.poll(() => status(page)).toBe(`${expected.length} documents found`);
    const nav = page.locator(pagesNav);
    expect(await nav.getAttribute('aria-label')).toBe('Search result pages');
    expect(await nav.locator('[aria-current="page"]').innerText()).toBe('1');
    expect(await page.locator('.search-page-range').innerText()).toBe(`Results 1–${PAGE_SIZE} of ${expected.length}`);
    const first = await shownUrls(page);

    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/search?q=boundary&page=2`);
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results ${PAGE_SIZE + 1}–${expected.length} of ${expected.length}`);
    expect(await status(page)).toBe(`${expected.length} documents found`);
    expect(await nav.locator('[aria-current="page"]').innerText()).toBe('2');
    expect(await nav.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    // Focus moves to the top of the new results (a reader of a screen reader hears where they are).
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-page-range');
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
    const second = await shownUrls(page);

    // Between them, the two pages link to every result: none is lost to the cap.
    const shown = new Set([...first, ...second]);
    expect(expected.filter((url) => !shown.has(url))).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('opens a page of results from its URL, goes back and forth with the history, and starts again at page 1 when the query changes', async () => {
    const { page, logs } = await open('/search?q=boundary&page=2');
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results ${PAGE_SIZE + 1}–${expected.length} of ${expected.length}`);
    const nav = page.locator(pagesNav);
    expect(await nav.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/search?q=boundary');
    await nav.getByRole('link', { name: 'Previous page' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/search?q=boundary`);
    expect(await page.locator('.search-page-range').innerText()).toBe(`Results 1–${PAGE_SIZE} of ${expected.length}`);
    await page.goBack();
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results ${PAGE_SIZE + 1}–${expected.length} of ${expected.length}`);
    await page.goForward();
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results 1–${PAGE_SIZE} of ${expected.length}`);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${server.url}/search?q=boundary&page=2`);

    // A new query starts at its first page, and a query with one page of results has no page links.
    await page.fill('#search-page-input', 'boundaries');
    await expect.poll(() => page.url()).toBe(`${server.url}/search?q=boundaries`);
    await page.fill('#search-page-input', 'quarterly');
    await expect.poll(() => status(page)).toBe('1 document found');
    expect(await page.locator(pagesNav).count()).toBe(0);
    expect(await page.locator('.search-page-range').count()).toBe(0);
    expect(logs).toEqual([]);
  });

  it('shows the last page for a page number past the end, and page 1 for one that is not a number', async () => {
    const { page } = await open('/search?q=boundary&page=9');
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results ${PAGE_SIZE + 1}–${expected.length} of ${expected.length}`);
    expect(page.url()).toBe(`${server.url}/search?q=boundary&page=2`);
    await page.goto(`${server.url}/search?q=boundary&page=x`);
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results 1–${PAGE_SIZE} of ${expected.length}`);
  });

  it.each(['light', 'dark'] as const)('has no WCAG 2.1 A/AA violations with the page links, in %s mode', async (mode) => {
    const { page, logs } = await open('/search?q=boundary&page=2', { width: 390, height: 844 }, mode);
    await expect.poll(() => page.locator('.search-pagination a').count()).toBe(3);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
    });
    expect(violations).toEqual([]);
    // Each page link is a 44 px tap target.
    for (const box of await page.locator('.search-pagination a').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON()))) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(logs).toEqual([]);
  });

  it('keeps the search box at 8 suggestions, with "See all results" last', async () => {
    const { page, logs } = await open('/guides/boundaries/virtual-layers');
    await page.focus('#navbar-search-input');
    await page.keyboard.type('boundary');
    await expect.poll(() => page.locator('.search-option').count()).toBe(9);
    expect(await page.locator('.search-option').last().innerText()).toBe('See all results');
    expect(logs).toEqual([]);
  });
});
