// Issue 17 (D1): search results that read like the best peers' (an API field as
// `GET /v1/boundaries/search · Header parameter → x-data-version` with its description, results
// that are not a wall of underlined links), and the 404 page's suggestions for the path asked for.
// On the shipped site, served by a static server that answers a missing path with 404.html.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite } from '../helpers/browser';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const sizes = [
  ['desktop', desktop],
  ['phone', phone],
] as const;

let browser: Browser;
let server: Awaited<ReturnType<typeof serveShippedSite>>;

beforeAll(async () => {
  server = await serveShippedSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(route: string, options: BrowserContextOptions = desktop): Promise<{ page: Page; logs: string[]; requests: string[]; status: number | undefined; close(): Promise<void> }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const logs: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  const response = await page.goto(`${server.url}${route}`);
  return { page, logs, requests, status: response?.status(), close: () => context.close() };
}

describe('search results', () => {
  it.each(sizes)('shows an API field hit as "GET /path · Header parameter → name" with its description (%s)', async (_name, options) => {
    const { page, logs, close } = await open('/guides/getting-started/quick-start', options);
    await page.click('#navbar-search-input');
    await page.keyboard.type('x-data-version');
    const options_ = page.locator('#navbar-search-listbox .search-option-field');
    await expect.poll(() => options_.count()).toBeGreaterThan(3);
    const hit = options_.filter({ has: page.locator('.search-field-where', { hasText: '/v1/boundaries/search ·' }) });
    expect(await hit.count()).toBe(1);
    expect((await hit.locator('.search-field-where').innerText()).replace(/\s+/g, ' ').trim()).toBe('GET /v1/boundaries/search · Header parameter →');
    expect(await hit.locator('.search-method').innerText()).toBe('GET');
    expect(await hit.locator('.search-option-text').innerText()).toBe('x-data-version');
    expect(await hit.locator('.search-option-detail').innerText()).toMatch(/^Pin the request to a data release/);
    expect(await hit.getAttribute('href')).toMatch(/^\/api\/search-boundaries\?_highlight=/);
    // Every field hit names its operation, and no two name the same one (one row per page).
    const wheres = await options_.locator('.search-op-path').allInnerTexts();
    expect(wheres.length).toBe(await options_.count());
    expect(new Set(wheres).size).toBe(wheres.length);
    // Matched words are tinted, not underlined; options are not underlined links.
    const decoration = await page.locator('#navbar-search-listbox mark').first().evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(decoration).toBe('none');
    expect(await hit.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    expect(logs).toEqual([]);
    await close();
  });

  it.each(sizes)('lists a field on the search page under its operation, with its context and description, and no underlined links (%s)', async (_name, options) => {
    const { page, logs, close } = await open('/search?q=layers', options);
    const status = page.locator('.search-page-status');
    await expect.poll(() => status.innerText()).toMatch(/^\d+ documents found$/);
    const group = page.locator('.search-result', { has: page.locator('h2', { hasText: 'Autocomplete boundary names' }) });
    expect((await group.locator('.search-result-op').innerText()).replace(/\s+/g, ' ').trim()).toBe('GET /v1/boundaries/autocomplete');
    const field = group.locator('li.search-result-field', { has: page.locator('.search-result-field-name', { hasText: /^layers$/ }) });
    expect(await field.count()).toBe(1);
    expect((await field.locator('.search-result-section-title').innerText()).replace(/\s+/g, ' ').trim()).toBe('Query parameter → layers');
    expect(await field.locator('.search-result-section-text').innerText()).toMatch(/^Boundary layers to include/);
    expect(await field.locator('a').getAttribute('href')).toMatch(/^\/api\/autocomplete-boundary-search\?_highlight=layers#/);
    // Not a wall of underlined links: titles and sections are underlined only on hover.
    const underlined = await page.locator('.search-results a').evaluateAll((links) => links.filter((a) => getComputedStyle(a).textDecorationLine.includes('underline')).length);
    expect(underlined).toBe(0);
    expect(logs).toEqual([]);
    await close();
  });

  it('counts every result, not only the first 100, and pages through them 100 at a time', async () => {
    // "boundary" matches more than one page of results (100) on the shipped site.
    const { page, logs, close } = await open('/search?q=boundary');
    const status = page.locator('.search-page-status');
    await expect.poll(() => status.innerText()).toMatch(/^\d+ documents found$/);
    const total = Number((await status.innerText()).split(' ')[0]);
    expect(total).toBeGreaterThan(100);
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results 1–100 of ${total}`);
    const pages = await page.locator('.search-pagination a[aria-label^="Page "]').count();
    expect(pages).toBe(Math.ceil(total / 100));
    await page.locator('.search-pagination a[rel="next"]').click();
    await expect.poll(() => page.locator('.search-page-range').innerText()).toBe(`Results 101–${Math.min(200, total)} of ${total}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(logs).toEqual([]);
    await close();
  });
});

describe('404 page', () => {
  it.each(sizes)('suggests the page a mistyped path meant, first, and offers the search box filled with its words (%s)', async (_name, options) => {
    const { page, logs, requests, status, close } = await open('/api/serch-boundaries', options);
    expect(status).toBe(404);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page not found');
    const links = page.locator('.not-found-suggestions li a');
    await expect.poll(() => links.count()).toBeGreaterThan(1);
    expect(await links.first().getAttribute('href')).toBe('/api/search-boundaries');
    expect(await links.first().innerText()).toBe('Find boundaries containing a point');
    expect(await page.locator('.not-found-suggestions h2').innerText()).toBe('Were you looking for one of these?');
    const input = page.locator('#not-found-search-input');
    expect(await input.inputValue()).toBe('serch boundaries');
    await input.press('Enter');
    await page.waitForURL(/\/search\?q=serch\+boundaries$/);
    await expect.poll(() => page.locator('.search-result').count()).toBeGreaterThan(0);
    expect(requests.some((r) => /island-NotFoundSuggestions-/.test(r))).toBe(true);
    // The browser's own note of the 404 is the only console message.
    expect(logs.filter((l) => !l.includes('404'))).toEqual([]);
    await close();
  });

  it('suggests pages for a path with a word left out, and loads no 404 code on other pages', async () => {
    const { page, close } = await open('/guides/virtual-layers');
    const links = page.locator('.not-found-suggestions li a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    expect(await links.allInnerTexts()).toContain('Virtual layers: radius, drive time and custom polygons');
    await close();
    const guide = await open('/guides/boundaries/virtual-layers');
    await guide.page.waitForLoadState('networkidle');
    expect(guide.requests.filter((r) => /NotFoundSuggestions/.test(r))).toEqual([]);
    expect(await guide.page.content()).not.toContain('NotFoundSuggestions');
    await guide.close();
  });

  it.each(['light', 'dark'])('has no WCAG 2.1 A/AA violations with its suggestions shown (%s)', async (mode) => {
    const context = await browser.newContext(desktop);
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const page = await context.newPage();
    await page.goto(`${server.url}/api/serch-boundaries`);
    await expect.poll(() => page.locator('.not-found-suggestions li').count()).toBeGreaterThan(1);
    expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
    });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('keeps a working search form and the fallback links without JavaScript', async () => {
    const { page, close } = await open('/api/serch-boundaries', { ...desktop, javaScriptEnabled: false });
    expect(await page.locator('.not-found-links a').allInnerTexts()).toEqual(['Go to the home page', 'Start with the quick-start guide', 'Browse the API reference']);
    expect(await page.locator('.not-found-suggestions').count()).toBe(0);
    await page.fill('#not-found-search-input', 'boundaries');
    await page.press('#not-found-search-input', 'Enter');
    await page.waitForURL(/\/search\/?\?q=boundaries$/);
    await close();
  });
});
