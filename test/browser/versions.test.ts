// Issue #19, versions, in a real browser: the search box of a 1.0 page finds 1.0 pages only and
// its "See all results" searches 1.0; `/search?version=1.0` says which version it searches; the
// version a reader picks in the menu is remembered, and the home page's guides and API links
// follow it, while a page of a version always shows its own.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { launchBrowser } from '../helpers/browser';
import { writeFiles } from '../helpers/fixture';
import { versionedSite } from '../helpers/versionedSite';
import { startServer } from '../serve/helpers';

let dir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  dir = writeFiles(versionedSite());
  await build({ root: dir, logger: createMemoryLogger() });
  server = await startServer({ root: dir });
  origin = new URL(server.url).origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pages the suggestions open ("See all results" is an option too, to /search). */
const optionHrefs = (page: Page) => page.locator('#navbar-search-listbox a[role="option"]:not(.search-see-all)').evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
/** A path of 1.0's pages: `/guides/1.0`, `/guides/1.0/…`, `/api/1.0/…`. */
const inOld = (href: string) => /^\/(guides|api)\/1\.0(\/|$)/.test(href);

async function typeInSearchBox(page: Page, text: string): Promise<void> {
  const input = page.locator('.navbar-search-input');
  await input.click();
  await input.fill(text);
}

describe('#19 search per version', () => {
  it("the search box of a 1.0 page finds 1.0's pages only; on a current page, the current ones", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/guides/1.0/zones`);
    await typeInSearchBox(page, 'zones');
    await expect.poll(() => optionHrefs(page), { timeout: 10_000 }).toContain('/guides/1.0/csv-export');
    const old = await optionHrefs(page);
    expect(old.length).toBeGreaterThan(1);
    expect(old.filter((href) => !inOld(href))).toEqual([]);
    // "webhook" is in the current docs only.
    await typeInSearchBox(page, 'webhook');
    await expect.poll(() => page.locator('.navbar-search [role="status"]').textContent(), { timeout: 10_000 }).toMatch(/no results/i);

    await page.goto(`${origin}/guides/zones`);
    await typeInSearchBox(page, 'webhook');
    await expect.poll(() => optionHrefs(page), { timeout: 10_000 }).toContain('/api/create-alert');
    expect((await optionHrefs(page)).filter(inOld)).toEqual([]);
    await context.close();
  });

  it('"See all results" on a 1.0 page opens /search with version=1.0, which says so and lists 1.0 pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/guides/1.0/intro`);
    await typeInSearchBox(page, 'quarterly');
    const seeAll = page.locator('.search-see-all');
    await expect.poll(() => seeAll.getAttribute('href'), { timeout: 10_000 }).toBe('/search?q=quarterly&version=1.0');
    await Promise.all([page.waitForURL(`${origin}/search?q=quarterly&version=1.0`), seeAll.click()]);
    await expect.poll(() => page.locator('.search-page-version').textContent(), { timeout: 10_000 }).toBe('Searching the documentation of version 1.0.');
    await expect.poll(() => page.locator('.search-page-results a').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const hrefs = await page.locator('.search-page-results a').evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((href) => !inOld(href))).toEqual([]);
    // Without the parameter: the latest version, and no version line.
    await page.goto(`${origin}/search?q=monthly`);
    await expect.poll(() => page.locator('.search-page-results a').first().getAttribute('href'), { timeout: 10_000 }).toMatch(/^\/guides\/zones/);
    expect(await page.locator('.search-page-version').count()).toBe(0);
    await context.close();
  });
});

describe('#19 the version menu', () => {
  it("switches to the same page in 1.0; the choice is remembered by the home page's links and menu, not by pages of a version", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/guides/intro`);
    await page.locator('[data-version-menu] > summary').click();
    await Promise.all([page.waitForURL(`${origin}/guides/1.0/intro`), page.locator('[data-version-menu] a[data-version="1.0"]').click()]);
    expect(await page.locator('.version-banner').textContent()).toContain('version 1.0');
    expect(await page.evaluate(() => localStorage.getItem('docsgen-version'))).toBe('1.0');

    await page.goto(`${origin}/`);
    const guides = page.locator('.navbar-link', { hasText: 'Guides' });
    await expect.poll(() => guides.getAttribute('href')).toBe('/guides/1.0/intro');
    expect(await page.locator('.navbar-link', { hasText: 'API' }).getAttribute('href')).toBe('/api/1.0');
    expect(await page.locator('[data-version-menu] summary').textContent()).toBe('1.0');
    // The home page's own links into the guides and the API follow too.
    expect(await page.locator('.hero-actions a').evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual(['/guides/1.0/intro', '/api/1.0']);
    expect(await page.locator('.home-card-link[href="/guides/1.0/zones"]').count()).toBe(1);
    await Promise.all([page.waitForURL(`${origin}/guides/1.0/intro`), guides.click()]);

    // A page of the current version shows its own, whatever was chosen.
    await page.goto(`${origin}/guides/zones`);
    expect(await page.locator('[data-version-menu] summary').textContent()).toBe('Next');
    expect(await page.locator('.navbar-link', { hasText: 'Guides' }).getAttribute('href')).toBe('/guides/intro');
    // Choosing Next again: the home page follows.
    await page.locator('[data-version-menu] > summary').click();
    await Promise.all([page.waitForURL(`${origin}/guides/zones`), page.locator('[data-version-menu] a[data-version="current"]').click()]);
    await page.goto(`${origin}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docsgen-version'))).toBe('current');
    expect(await page.locator('.navbar-link', { hasText: 'Guides' }).getAttribute('href')).toBe('/guides/intro');
    await context.close();
  });

  it('a stored version the site no longer has is ignored', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('docsgen-version', '0.1'));
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForLoadState('load');
    expect(await page.locator('.navbar-link', { hasText: 'Guides' }).getAttribute('href')).toBe('/guides/intro');
    expect(await page.locator('[data-version-menu] summary').textContent()).toBe('Next');
    await context.close();
  });
});
