// The search UI in a real browser, on the shipped site: the navbar search box (lazy loading,
// suggestions, the WAI-ARIA combobox keyboard, the live region, Ctrl/Cmd+K), highlighting on the
// result's page, the /search page (counts, groups, URL updates, the version URL check), query text
// that is never HTML, and axe-core on the open dropdown and the search page. Desktop 1280×800 and
// phone 390×844 where the layout matters; every page visited must log no console error.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic, shippedBuild } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const sizes = [
  ['desktop', desktop],
  ['mobile', phone],
] as const;

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let out: string;
/** File names (under assets/js/) of the query code and of the search island's own module. */
let queryChunk: string;
let islandModule: string;

beforeAll(async () => {
  out = await shippedBuild();
  const js = fs.readdirSync(path.join(out, 'assets/js'));
  // The one chunk holding query.ts (sharded.ts and the island have "Invalid search index" errors too,
  // and which of them a directory lists first depends on the file system).
  const queryChunks = js.filter((f) => fs.readFileSync(path.join(out, 'assets/js', f), 'utf8').includes('expected one entry per search document type'));
  expect(queryChunks).toHaveLength(1);
  queryChunk = queryChunks[0];
  islandModule = js.find((f) => f.startsWith('island-SearchBox-'))!;
  server = await serveStatic(out);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught exceptions. */
  logs: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Messages of alert/confirm/prompt dialogs (none may ever open). */
  dialogs: string[];
}

async function open(route: string, options: BrowserContextOptions = {}, setup?: (page: Page) => Promise<unknown>): Promise<Opened> {
  const context = await browser.newContext({ viewport: desktop, ...options });
  const page = await context.newPage();
  const logs: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  if (setup) await setup(page);
  await page.goto(server.url + route);
  return { page, context, logs, requests, dialogs };
}

const input = '#navbar-search-input';
const popup = '.navbar-search .search-popup';
const options = '#navbar-search-listbox [role="option"]';
const status = '.navbar-search [role="status"]';

/** Focuses the box, types, and waits until the suggestions (or the "No results" message) show. */
async function typeQuery(page: Page, query: string): Promise<void> {
  await page.click(input);
  await page.keyboard.type(query);
  await expect.poll(() => page.locator(status).innerText()).toMatch(/^(Showing results for .+\. )?(\d+ results?|No results)$/);
}

const optionTexts = (page: Page) => page.locator(`${options} .search-option-text`).allInnerTexts();
const activeId = (page: Page) => page.getAttribute(input, 'aria-activedescendant');
const optionIds = (page: Page) => page.locator(options).evaluateAll((els) => els.map((e) => e.id));

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
  });
}

describe('search box: loading', () => {
  it.each(sizes)('requests neither the index nor the query code on page load, and both on first focus (%s)', async (_size, viewport) => {
    const { page, context, logs, requests } = await open('/guides/boundaries/virtual-layers', { viewport });
    await page.waitForLoadState('networkidle');
    const searchRequests = () => requests.filter((u) => u.includes('search-index.json') || u.endsWith(queryChunk) || u.endsWith(islandModule));
    expect(searchRequests()).toEqual([]);
    expect(await page.getAttribute(input, 'role')).toBe('combobox');
    await page.focus(input);
    await expect.poll(() => requests.some((u) => u.endsWith(queryChunk))).toBe(true);
    await expect.poll(() => requests.some((u) => u.includes('search-index.json'))).toBe(true);
    const index = requests.find((u) => u.includes('search-index.json'));
    // The hashed URL, on the page's own origin.
    expect(index).toMatch(new RegExp(`^${server.url}/search-index\\.json\\?_=[\\w-]{6,}$`));
    expect(requests.some((u) => u.endsWith(islandModule))).toBe(true);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('starts loading when the pointer rests on the box', async () => {
    const { page, context, requests } = await open('/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('search-index.json'))).toEqual([]);
    await page.hover(input);
    await expect.poll(() => requests.filter((u) => u.includes('search-index.json')).length).toBe(1);
    // Hovering loads, but opens nothing.
    expect(await page.isVisible(popup)).toBe(false);
    await context.close();
  });

  it('shows and announces a loading state when the reader types before the index arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page, context, logs } = await open('/', {}, (p) =>
      p.route(/search-index\.json/, async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.click(input);
    await page.keyboard.type('boundary');
    const loading = page.locator(`${popup} .search-loading`);
    await expect.poll(() => loading.isVisible()).toBe(true);
    expect(await loading.innerText()).toContain('Loading');
    expect(await page.locator(status).innerText()).toBe('Loading search results…');
    expect(await page.locator(options).count()).toBe(0);
    release();
    await expect.poll(() => page.locator(status).innerText()).toBe('8 results');
    expect(await loading.count()).toBe(0);
    expect((await optionTexts(page))[0]).toBe('Boundaries');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('keeps what was typed while the island was still loading, spaces included', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page, context, logs } = await open('/', {}, (p) =>
      p.route(/island-SearchBox-.*\.js/, async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.click(input);
    await page.keyboard.type('vector tile');
    expect(await page.inputValue(input)).toBe('vector tile');
    release();
    await expect.poll(() => page.locator(status).innerText()).toMatch(/^\d+ results?$/);
    expect(await page.inputValue(input)).toBe('vector tile');
    expect((await optionTexts(page))[0]).toBe('Listings vector tile');
    expect(logs).toEqual([]);
    await context.close();
  });
});

describe('search box: suggestions', () => {
  it.each(sizes)('suggests Demographics first for "demog", with marks, icons, paths and "See all results" last (%s)', async (_size, viewport) => {
    const { page, context, logs } = await open('/guides/getting-started/quick-start', { viewport });
    await typeQuery(page, 'demog');
    expect(await page.getAttribute(input, 'aria-expanded')).toBe('true');
    const listbox = await page.getAttribute(input, 'aria-controls');
    expect(await page.getAttribute(`#${listbox}`, 'role')).toBe('listbox');
    const texts = await optionTexts(page);
    expect(texts[0]).toBe('Demographics');
    expect(texts.length).toBeLessThanOrEqual(8);
    // De-duplicated: every option leads somewhere else.
    const hrefs = await page.locator(options).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const first = page.locator(options).first();
    expect(await first.locator('mark').allInnerTexts()).toEqual(['Demographics']);
    expect(await first.locator('svg.search-type-icon').count()).toBe(1);
    expect(await first.locator('.search-option-path').innerText()).toContain('API');
    // Children are grouped under their page: "Get demographics for a boundary", then its response.
    expect(texts[1]).toBe('Get demographics for a boundary');
    expect(await page.locator(options).nth(2).getAttribute('class')).toContain('search-option-child');
    expect(await page.locator(options).nth(2).getAttribute('href')).toMatch(/^\/api\/find-demographics\?_highlight=demog#response-200$/);
    // Context clipped to 50 characters.
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(50);
    const last = page.locator(options).last();
    expect(await last.innerText()).toBe('See all results');
    expect(await last.getAttribute('href')).toBe('/search?q=demog');
    expect(await page.locator(options).count()).toBe(texts.length + 1);
    expect(await page.locator(status).innerText()).toBe(`${texts.length} results`);
    // On a phone the popup fits the 390 px viewport.
    const box = (await page.locator(popup).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('says "No results" for gibberish, in the popup and the live region', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'zzqxv');
    expect(await page.locator(`${popup} .search-empty`).innerText()).toBe('No results');
    expect(await page.isVisible(`${popup} .search-empty`)).toBe(true);
    expect(await page.locator(status).innerText()).toBe('No results');
    expect(await page.locator(options).count()).toBe(0);
    expect(await page.getAttribute(input, 'aria-expanded')).toBe('false');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('shows "Showing results for boundary" for the typo "boundray"', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'boundray');
    expect(await page.locator(`${popup} .search-correction`).innerText()).toBe('Showing results for boundary');
    expect(await page.locator(status).innerText()).toBe('Showing results for boundary. 8 results');
    expect((await optionTexts(page))[0]).toBe('Boundaries');
    expect(await page.locator(options).first().getAttribute('href')).toBe('/api/boundaries?_highlight=boundary');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('carries ctx and version of the current page into "See all results"', async () => {
    const { page, context } = await open('/guides/schools/school-ids?ctx=guides&version=current');
    await typeQuery(page, 'school');
    const href = (await page.locator(options).last().getAttribute('href'))!;
    const url = new URL(href, server.url);
    expect(url.pathname).toBe('/search');
    expect([...url.searchParams]).toEqual([
      ['q', 'school'],
      ['ctx', 'guides'],
      ['version', 'current'],
    ]);
    await context.close();
  });
});

describe('search box: keyboard', () => {
  it('moves aria-activedescendant with the arrows, Home and End, wrapping around', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'demog');
    const ids = await optionIds(page);
    expect(ids.length).toBeGreaterThan(3);
    expect(await activeId(page)).toBeNull();
    await page.keyboard.press('ArrowDown');
    expect(await activeId(page)).toBe(ids[0]);
    expect(await page.getAttribute(`#${ids[0]}`, 'aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await activeId(page)).toBe(ids[1]);
    expect(await page.getAttribute(`#${ids[0]}`, 'aria-selected')).toBe('false');
    await page.keyboard.press('ArrowUp');
    expect(await activeId(page)).toBe(ids[0]);
    await page.keyboard.press('ArrowUp');
    expect(await activeId(page)).toBe(ids.at(-1));
    expect(await page.locator(`#${ids.at(-1)}`).innerText()).toBe('See all results');
    await page.keyboard.press('ArrowDown');
    expect(await activeId(page)).toBe(ids[0]);
    await page.keyboard.press('End');
    expect(await activeId(page)).toBe(ids.at(-1));
    await page.keyboard.press('Home');
    expect(await activeId(page)).toBe(ids[0]);
    // Focus never leaves the input.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('navbar-search-input');
    // Typing again starts from the input.
    await page.keyboard.type('r');
    await expect.poll(() => activeId(page)).toBeNull();
    expect(logs).toEqual([]);
    await context.close();
  });

  it('opens the active result with Enter, with _highlight; the page marks the words in the article only and fills the box', async () => {
    const { page, context, logs } = await open('/guides/getting-started/quick-start');
    await typeQuery(page, 'demog');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`${server.url}/api/demographics?_highlight=demog`), page.keyboard.press('Enter')]);
    const marks = page.locator('mark.search-highlight');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    expect(await marks.first().innerText()).toBe('Demographics');
    // Every mark is in the article; the sidebar, TOC and navbar say "Demographics" too, unmarked.
    expect(await page.locator('#main-content .doc-article mark.search-highlight').count()).toBe(await marks.count());
    expect(await page.locator('.doc-sidebar').innerText()).toContain('Demographics');
    expect(await page.locator('.doc-sidebar mark, .doc-toc mark, .navbar mark').count()).toBe(0);
    expect(await page.inputValue(input)).toBe('demog');
    // Text is only split: the article reads the same.
    expect(await page.locator('h1').innerText()).toBe('Demographics');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('opens the active result in a new tab with Ctrl+Enter (Cmd+Enter on macOS)', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'demog');
    await page.keyboard.press('ArrowDown');
    const [popupPage] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await popupPage.waitForLoadState();
    expect(popupPage.url()).toBe(`${server.url}/api/demographics?_highlight=demog`);
    expect(page.url()).toBe(`${server.url}/`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('navbar-search-input');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('clears the text with Escape, then leaves the box with a second Escape', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'demog');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    expect(await page.inputValue(input)).toBe('');
    expect(await page.getAttribute(input, 'aria-expanded')).toBe('false');
    expect(await activeId(page)).toBeNull();
    expect(await page.isVisible(popup)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('navbar-search-input');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('navbar-search-input');
    expect(page.url()).toBe(`${server.url}/`);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('never selects with Tab: focus moves on and the popup closes', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'demog');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}/`);
    expect(await page.inputValue(input)).toBe('demog');
    const focused = await page.evaluate(() => ({ id: document.activeElement?.id, role: document.activeElement?.getAttribute('role') }));
    expect(focused.id).not.toBe('navbar-search-input');
    expect(focused.role).not.toBe('option');
    expect(await page.isVisible(popup)).toBe(false);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('goes to the search page with "See all results", the last option', async () => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, 'demog');
    await page.keyboard.press('End'); // no option active yet: End stays in the text
    expect(await activeId(page)).toBeNull();
    await page.keyboard.press('ArrowUp');
    expect(await page.locator(`#${await activeId(page)}`).innerText()).toBe('See all results');
    await Promise.all([page.waitForURL(`${server.url}/search?q=demog`), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Search results for "demog"');
    expect(logs).toEqual([]);
    await context.close();
  });

  it.each(sizes)('focuses the box with Ctrl+K from anywhere on the page (%s)', async (_size, viewport) => {
    const { page, context, logs, requests } = await open('/guides/boundaries/virtual-layers', { viewport });
    await page.locator('.markdown p').first().click();
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('navbar-search-input');
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('navbar-search-input');
    await expect.poll(() => requests.some((u) => u.includes('search-index.json'))).toBe(true);
    await page.keyboard.type('vector');
    await expect.poll(() => page.locator(options).count()).toBeGreaterThan(0);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('uses Cmd+K on macOS, and leaves Ctrl+K alone there', async () => {
    const { page, context } = await open('/', {}, (p) => p.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' })));
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('navbar-search-input');
    await page.keyboard.press('Meta+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('navbar-search-input');
    await context.close();
  });
});

describe('highlight on the target page', () => {
  it('marks accented words without regard to case or accents, in the article only', async () => {
    const { page, context, logs } = await open('/api/autocomplete-boundary-search?_highlight=echo');
    const marks = page.locator('mark.search-highlight');
    await expect.poll(() => marks.count()).toBeGreaterThan(1);
    const texts = await marks.allInnerTexts();
    expect(texts).toContain('Écho');
    expect(texts).toContain('echo');
    expect(await page.locator('#main-content .doc-article mark.search-highlight').count()).toBe(texts.length);
    // The footer and the table of contents have the word too, outside the article: unmarked.
    await page.goto(`${server.url}/guides/getting-started/data-sources-and-version-numbers?_highlight=2025&_highlight=release`);
    await expect.poll(() => marks.count()).toBeGreaterThan(2);
    expect(await page.locator('.footer').innerText()).toContain('2025');
    expect(await page.locator('.doc-toc').innerText()).toContain('Release');
    expect(await page.locator('#main-content .doc-article mark.search-highlight').count()).toBe(await marks.count());
    expect(await marks.allInnerTexts()).toEqual(expect.arrayContaining(['2025', 'release', 'Release']));
    expect(logs).toEqual([]);
    await context.close();
  });

  it.each(sizes)('scrolls to the first mark when the URL has no anchor, and not when it has one (%s)', async (_size, viewport) => {
    const route = '/guides/getting-started/data-sources-and-version-numbers?_highlight=sunset';
    const { page, context, logs } = await open(route, { viewport });
    const first = page.locator('mark.search-highlight').first();
    await expect.poll(() => first.count()).toBe(1);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(500);
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(viewport.height);
    await page.goto(`${server.url}${route}#data-sources`);
    await expect.poll(() => page.locator('mark.search-highlight').count()).toBeGreaterThan(0);
    await page.waitForTimeout(200);
    const anchor = (await page.locator('#data-sources').boundingBox())!;
    expect(anchor.y).toBeLessThan(viewport.height / 2);
    expect((await page.locator('mark.search-highlight').first().boundingBox())!.y).toBeGreaterThan(viewport.height);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('removes the marks and the _highlight parameters when the box is cleared (typing or Escape)', async () => {
    const { page, context, logs } = await open('/api/demographics?_highlight=demog&_highlight=segments&x=1#response-200');
    const marks = page.locator('mark.search-highlight');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    expect(await page.inputValue(input)).toBe('demog segments');
    const text = await page.locator('#main-content').innerText();
    await page.fill(input, '');
    await expect.poll(() => marks.count()).toBe(0);
    expect(page.url()).toBe(`${server.url}/api/demographics?x=1#response-200`);
    expect(await page.locator('#main-content').innerText()).toBe(text);

    await page.goto(`${server.url}/api/demographics?_highlight=demog`);
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    await page.focus(input);
    await expect.poll(() => page.locator(options).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => marks.count()).toBe(0);
    expect(page.url()).toBe(`${server.url}/api/demographics`);
    expect(logs).toEqual([]);
    await context.close();
  });
});

describe('search page', () => {
  it.each(sizes)('shows the results of q grouped by page, with counts, breadcrumbs and summaries (%s)', async (_size, viewport) => {
    const { page, context, logs } = await open('/search?q=boundary', { viewport });
    await expect.poll(() => page.locator('h1').innerText()).toBe('Search results for "boundary"');
    const status = page.locator('.search-page-status');
    await expect.poll(() => status.innerText()).toMatch(/^\d+ documents found$/);
    const count = Number((await status.innerText()).split(' ')[0]);
    expect(count).toBeGreaterThan(8);
    const groups = page.locator('.search-result');
    expect(await groups.count()).toBeGreaterThan(3);
    // One group per page, each with its title link, breadcrumb and a summary of at most 100 characters.
    const titles = await groups.locator('h2').allInnerTexts();
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles[0]).toBe('Boundaries');
    expect(await groups.first().locator('h2 a').getAttribute('href')).toBe('/api/boundaries?_highlight=boundary');
    expect(await groups.first().locator('.search-result-path').innerText()).toBe('API');
    const summaries = await page.locator('.search-result-summary').allInnerTexts();
    expect(summaries.length).toBeGreaterThan(0);
    for (const s of summaries) expect(s.length).toBeLessThanOrEqual(100);
    expect(count).toBeGreaterThanOrEqual(await groups.count());
    expect(await page.locator('.search-results mark').count()).toBeGreaterThan(count / 2);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('updates the URL as the reader types, without new history entries, and counts in the singular and plural', async () => {
    const { page, context, logs } = await open('/search?q=boundary&ctx=guides');
    const status = page.locator('.search-page-status');
    await expect.poll(() => status.innerText()).toMatch(/documents found/);
    const length = await page.evaluate(() => history.length);
    await page.fill('#search-page-input', 'quarterly');
    await expect.poll(() => page.url()).toBe(`${server.url}/search?q=quarterly&ctx=guides`);
    expect(await status.innerText()).toBe('1 document found');
    expect(await page.locator('h1').innerText()).toBe('Search results for "quarterly"');
    await page.fill('#search-page-input', 'zzqxv');
    await expect.poll(() => status.innerText()).toBe('No documents were found');
    expect(await page.locator('.search-result').count()).toBe(0);
    expect(page.url()).toBe(`${server.url}/search?q=zzqxv&ctx=guides`);
    await page.fill('#search-page-input', 'school ids');
    await expect.poll(() => status.innerText()).toMatch(/^\d+ documents found$/);
    expect(await page.evaluate(() => history.length)).toBe(length);
    expect(page.url()).toBe(`${server.url}/search?q=school+ids&ctx=guides`);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('refuses an index on another origin: "Unexpected version url", and nothing fetched from elsewhere', async () => {
    const { page, context, logs, requests } = await open('/search?q=boundary&version=//evil.example/');
    const error = page.locator('.search-page-error[role="alert"]');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.innerText()).toBe('Unexpected version url');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => new URL(u).origin !== server.url)).toEqual([]);
    expect(requests.filter((u) => u.includes('search-index.json'))).toEqual([]);
    expect(await page.locator('.search-result').count()).toBe(0);
    expect(logs).toEqual([]);
    await context.close();
  });

  it('looks for a version\'s index in its folder on the same origin', async () => {
    const { page, context, logs, requests } = await open('/search?q=boundary&version=next');
    await expect.poll(() => page.locator('.search-page-error').count()).toBe(1);
    expect(requests.filter((u) => u.includes('search-index.json')).map((u) => new URL(u).pathname)).toEqual(['/next/search-index.json']);
    expect(await page.locator('.search-page-error').innerText()).toContain('could not be loaded');
    // The only console message is the browser's own note of the 404.
    expect(logs.filter((l) => !l.includes('404'))).toEqual([]);
    await context.close();
  });
});

describe('#15: stop words and Chinese', () => {
  it.each(['the', 'of and'])('shows "No results" for "%s", a query made only of stop words', async (query) => {
    const { page, context, logs } = await open('/');
    await typeQuery(page, query);
    expect(await page.locator(status).innerText()).toBe('No results');
    expect(await page.locator(options).count()).toBe(0);
    expect(await page.locator(`${popup} .search-empty`).innerText()).toBe('No results');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('finds a Chinese page by one ideograph inside a word, in the search box and on the search page', async () => {
    const fixture = await buildFiles({
      'docsgen.config.ts': configSource({ navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }, { type: 'search', position: 'right' }] } }),
      'content/guides/zh.md': '---\ntitle: 学区数据\n---\n\n本接口提供学区边界查询。\n\n## 用法\n\n按学校编号查询。\n',
      'content/guides/en.md': '---\ntitle: Boundaries\n---\n\nBoundary lookups.\n',
    });
    const site = await serveStatic(fixture.result.config.outDir);
    const context = await browser.newContext({ viewport: desktop });
    try {
      const page = await context.newPage();
      const logs: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
      await page.goto(`${site.url}/guides/en`);
      await typeQuery(page, '界');
      expect(await optionTexts(page)).toEqual(['本接口提供学区边界查询。']);
      expect(await page.locator(options).first().locator('mark').allInnerTexts()).toEqual(['界']);
      expect(await page.locator(options).first().getAttribute('href')).toBe(`/guides/zh?_highlight=${encodeURIComponent('界')}`);
      await page.goto(`${site.url}/search?q=${encodeURIComponent('界')}`);
      await expect.poll(() => page.locator('.search-page-status').innerText()).toBe('1 document found');
      expect(await page.locator('.search-result h2').allInnerTexts()).toEqual(['学区数据']);
      expect(logs).toEqual([]);
    } finally {
      await context.close();
      await site.close();
      fs.rmSync(fixture.dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('search.stopWords: false', () => {
  it('searches a query made only of stop words, in the search box and on the search page', async () => {
    const fixture = await buildFiles({
      'docsgen.config.ts': configSource({ search: { stopWords: false }, navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }, { type: 'search', position: 'right' }] } }),
      'content/guides/who.md': '---\ntitle: The Who\n---\n\nA band page.\n',
      'content/guides/en.md': '---\ntitle: Boundaries\n---\n\nBoundary lookups.\n',
    });
    // Only then do the islands get the option: the default pages stay as they were.
    expect(fixture.read('guides/en/index.html')).toContain('&quot;stopWords&quot;:false');
    const site = await serveStatic(fixture.result.config.outDir);
    const context = await browser.newContext({ viewport: desktop });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/guides/en`);
      await typeQuery(page, 'the');
      await expect.poll(() => optionTexts(page)).toContain('The Who');
      await page.goto(`${site.url}/search?q=the`);
      await expect.poll(() => page.locator('.search-result h2').allInnerTexts()).toEqual(['The Who']);
    } finally {
      await context.close();
      await site.close();
      fs.rmSync(fixture.dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('query text is never HTML', () => {
  const xss = '<img src=x onerror=alert(1)>';

  it('in q on the search page', async () => {
    const { page, context, dialogs } = await open(`/search?q=${encodeURIComponent(xss)}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(`Search results for "${xss}"`);
    await expect.poll(() => page.locator('.search-page-status').innerText()).toMatch(/found/);
    await page.waitForTimeout(200);
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(await page.inputValue('#search-page-input')).toBe(xss);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('in _highlight on a result page, and typed into the search box', async () => {
    const { page, context, dialogs } = await open(`/guides/boundaries/virtual-layers?_highlight=${encodeURIComponent(xss)}&_highlight=layers`);
    await expect.poll(() => page.locator('mark.search-highlight').count()).toBeGreaterThan(0);
    expect(await page.inputValue(input)).toBe(`${xss} layers`);
    await page.fill(input, '');
    await page.keyboard.type(xss);
    await expect.poll(() => page.locator(status).innerText()).toMatch(/^(\d+ results?|No results)$/);
    await page.waitForTimeout(200);
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe('accessibility', () => {
  for (const mode of ['light', 'dark'] as const) {
    it.each(sizes)(`has no WCAG 2.1 A/AA violations with the dropdown open in ${mode} mode (%s)`, async (_size, viewport) => {
      const { page, context, logs } = await open('/guides/boundaries/virtual-layers', { viewport, colorScheme: mode });
      await typeQuery(page, 'boundary');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await page.isVisible(popup)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(logs).toEqual([]);
      await context.close();
    });

    it(`has no WCAG 2.1 A/AA violations on the search page with results, and with the highlight, in ${mode} mode`, async () => {
      const { page, context, logs } = await open('/search?q=virtual', { colorScheme: mode });
      await expect.poll(() => page.locator('.search-result').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${server.url}/guides/boundaries/virtual-layers?_highlight=virtual`);
      await expect.poll(() => page.locator('mark.search-highlight').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(logs).toEqual([]);
      await context.close();
    });
  }
});
