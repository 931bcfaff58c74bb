// Issue #15, locales, in a real browser: on a built two-locale site served by `docsgen serve`
// under a base URL, the language menu switches to the same page in the other locale and back,
// on the same origin (a preview host or localhost, never the production URL of the config).
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { launchBrowser } from '../helpers/browser';
import { writeFiles } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';
import { startServer } from '../serve/helpers';

let dir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  dir = writeFiles(twoLocaleSite({}, { baseUrl: '/docs/' }));
  await build({ root: dir, logger: createMemoryLogger() });
  server = await startServer({ root: dir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('#15 the language menu', () => {
  it('switches to the same page in French and back, staying on the origin being viewed', async () => {
    const origin = new URL(server.url).origin;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/docs/guides/intro`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.locator('.navbar-dropdown > summary').click();
    await Promise.all([page.waitForURL(`${origin}/docs/fr/guides/intro`), page.locator('.navbar-dropdown-menu a[lang="fr"]').click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.locator('main h1').textContent()).toBe('Présentation');
    expect(await page.locator('.toc-title').textContent()).toBe('Sur cette page');
    expect(await page.locator('.navbar-dropdown-menu a[aria-current="true"]').getAttribute('lang')).toBe('fr');

    // An untranslated page: the English text, the notice, and back to English from there.
    await page.goto(`${origin}/docs/fr/guides/zones`);
    await expect.poll(() => page.locator('.page-banner-untranslated').textContent()).toContain('Français');
    await page.locator('.navbar-dropdown > summary').click();
    await Promise.all([page.waitForURL(`${origin}/docs/guides/zones`), page.locator('.navbar-dropdown-menu a[lang="en"]').click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('.page-banner-untranslated').count()).toBe(0);
    await context.close();
  });

  it('the French search box searches the French index', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${new URL(server.url).origin}/docs/fr/guides/zones`);
    const input = page.locator('.navbar-search-input');
    await input.click();
    await input.fill('Bienvenue');
    await expect.poll(() => page.locator('[role="listbox"] [role="option"]').first().textContent(), { timeout: 10_000 }).toContain('Présentation');
    expect(await page.locator('[role="listbox"] [role="option"] a, [role="listbox"] a').first().getAttribute('href')).toMatch(/^\/docs\/fr\/guides\/intro/);
    await context.close();
  });
});
