// Issue #15, locales, in a real browser: on a built two-locale site served by `docsgen serve`
// under a base URL, the language menu switches to the same page in the other locale and back,
// on the same origin (a preview host or localhost, never the production URL of the config);
// the islands and the page runtime speak French there; the navbar makes room for French words.
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

  it('the French search box offers "Voir tous les résultats" and counts its results in French', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${new URL(server.url).origin}/docs/fr/guides/zones`);
    const input = page.locator('.navbar-search-input');
    await input.click();
    await input.fill('Bienvenue');
    await expect.poll(() => page.locator('.search-see-all').textContent(), { timeout: 10_000 }).toBe('Voir tous les résultats');
    await expect.poll(() => page.locator('.navbar-search [role="status"]').textContent()).toMatch(/^\d+ résultats?$/);
    await context.close();
  });
});

describe('#15 the page runtime in French', () => {
  it('the copy button says "Copier", then "Copié"', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${new URL(server.url).origin}/docs/fr/guides/intro`);
    const button = page.locator('.code-block > .copy-button').first();
    await expect.poll(() => button.textContent()).toBe('Copier');
    expect(await button.getAttribute('aria-label')).toBe('Copier le code');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copié');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl https:\/\/api\.test\.example\/zones\n?$/);
    await context.close();
  });

  it('at 390 px "Rechercher" fits the navbar search box (a long translated title gives way, in an ellipsis), a longer placeholder ends in an ellipsis', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${new URL(server.url).origin}/docs/fr/guides/intro`);
    const input = page.locator('.navbar-search-input');
    const english = await context.newPage();
    await english.goto(`${new URL(server.url).origin}/docs/guides/intro`);
    const englishBox = (await english.locator('.navbar-search-input').boundingBox())!;
    // Whether the placeholder is shown whole: its text as the value of a plain text box of the
    // same size (no cancel button, which a search box shows only once something is typed)
    // does not overflow.
    const fits = () =>
      input.evaluate((el: HTMLInputElement) => {
        const probe = el.cloneNode() as HTMLInputElement;
        probe.type = 'text';
        probe.removeAttribute('id');
        probe.value = el.placeholder;
        probe.style.cssText = `position: fixed; top: 0; left: 0; width: ${el.offsetWidth}px; height: ${el.offsetHeight}px`;
        el.form!.append(probe);
        const whole = probe.scrollWidth <= probe.clientWidth;
        probe.remove();
        return whole;
      });
    // "Rechercher" is shown whole (a long translated title gives way to it).
    expect(await input.getAttribute('placeholder')).toBe('Rechercher');
    expect(await fits()).toBe(true);
    // A longer translation than "Rechercher", as some languages need.
    await input.evaluate((el) => el.setAttribute('placeholder', 'Rechercher dans la documentation'));
    const box = (await input.boundingBox())!;
    expect(box.height).toBe(englishBox.height);
    // Room for "Rechercher" beside a long translated title ("Documentation de test"), which gives way.
    expect(box.width).toBeGreaterThanOrEqual(Math.min(englishBox.width, 120));
    expect(await fits()).toBe(false);
    const style = await input.evaluate((el) => ({ overflow: getComputedStyle(el).textOverflow, placeholderOverflow: getComputedStyle(el, '::placeholder').textOverflow }));
    expect(style.overflow).toBe('ellipsis');
    expect(style.placeholderOverflow).toBe('ellipsis');
    // The translated title gave way to it: it ends in an ellipsis.
    expect(await page.locator('.navbar-title').evaluate((el) => [getComputedStyle(el).textOverflow, el.scrollWidth > el.clientWidth])).toEqual(['ellipsis', true]);
    await context.close();
  });
});
