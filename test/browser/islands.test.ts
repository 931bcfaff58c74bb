// The navbar's mobile menu and the announcement bar's close button, in a real browser: the
// shipped site for the menu and the announcement, a small fixture site for a changed id.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { launchBrowser, serveShippedSite, serveStatic } from '../helpers/browser';
import { buildFiles, configSource, writeFiles } from '../helpers/fixture';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ANNOUNCEMENT_ID = 'market-statistics-sold-2025-11';
const STORAGE_KEY = 'docsgen-announcement-dismiss';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
/** The same site with development React, which also reports attribute mismatches on hydration. */
let devServer: { url: string; close(): Promise<void> };
const contexts: BrowserContext[] = [];
/** Console errors and warnings and uncaught errors (React reports hydration mismatches so) of each page. */
const problems = new Map<Page, string[]>();

beforeAll(async () => {
  server = await serveShippedSite();
  devServer = await serveShippedSite({ dev: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await devServer?.close();
});

async function open(viewport: { width: number; height: number }, route?: string, baseUrl = server.url): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const list: string[] = [];
  problems.set(page, list);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') list.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => list.push(`pageerror: ${e.message}`));
  if (route !== undefined) await page.goto(baseUrl + route);
  return page;
}

// includeHidden: at desktop width the button is display:none, out of the accessibility tree.
const menuButton = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar', includeHidden: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Navigation' });
const focusedInside = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

async function openDrawer(page: Page): Promise<Locator> {
  await menuButton(page).click();
  const dialog = drawer(page);
  await dialog.waitFor({ state: 'visible' });
  // The drawer slides in; measure and click only once it has settled.
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return dialog;
}

describe('mobile navigation', () => {
  it('shows the menu button only below the 996 px breakpoint, closed, with no drawer in the markup', async () => {
    const desktop = await open(DESKTOP, '/guides/boundaries/virtual-layers');
    expect(await desktop.locator('button[aria-label="Toggle navigation bar"]').count()).toBe(1);
    expect(await desktop.locator('button[aria-label="Toggle navigation bar"]').isVisible()).toBe(false);
    // 996 px is still mobile (as the sidebar, which is hidden up to 996 px), 997 px is desktop.
    await desktop.setViewportSize({ width: 996, height: 800 });
    expect(await menuButton(desktop).isVisible()).toBe(true);
    await desktop.setViewportSize({ width: 997, height: 800 });
    expect(await menuButton(desktop).isVisible()).toBe(false);

    const mobile = await open(MOBILE, '/guides/boundaries/virtual-layers');
    const button = menuButton(mobile);
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-controls')).toBe('mobile-menu-drawer');
    expect(await mobile.locator('[role="dialog"]').count()).toBe(0);
    expect(problems.get(desktop)).toEqual([]);
    expect(problems.get(mobile)).toEqual([]);
  });

  it('opens on the current sidebar of a guide; "← Back to main menu" shows Guides and API', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    const dialog = await openDrawer(page);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getAttribute('id')).toBe(await menuButton(page).getAttribute('aria-controls'));
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    // The sidebar panel: the guides sidebar with the current page marked.
    const sidebar = dialog.getByRole('navigation', { name: 'Guides sidebar' });
    expect(await sidebar.isVisible()).toBe(true);
    expect(await sidebar.locator('a[aria-current="page"]').innerText()).toBe('Virtual layers');
    expect(await sidebar.locator('summary').allInnerTexts()).toEqual(['Getting Started', 'Boundaries', 'Market Statistics', 'Schools']);
    const back = dialog.getByRole('button', { name: 'Back to main menu' });
    expect(await back.innerText()).toBe('← Back to main menu');
    expect(await dialog.getByRole('link', { name: 'API', exact: true }).isVisible()).toBe(false);
    // Focus moved into the drawer; the page behind does not scroll.
    await expect.poll(() => focusedInside(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await back.click();
    const guides = dialog.getByRole('link', { name: 'Guides', exact: true });
    await guides.waitFor();
    const api = dialog.getByRole('link', { name: 'API', exact: true });
    expect(await guides.isVisible()).toBe(true);
    expect(await api.isVisible()).toBe(true);
    expect(await guides.getAttribute('href')).toBe('/guides/getting-started/quick-start');
    expect(await guides.getAttribute('aria-current')).toBe('true');
    expect(await api.getAttribute('href')).toBe('/api');
    expect(await sidebar.isVisible()).toBe(false);
    expect(await back.isVisible()).toBe(false);
    await expect.poll(() => focusedLabel(page)).toBe('Guides');
    expect(problems.get(page)).toEqual([]);
  });

  it('shows the API sidebar on an API page, and the main menu at once on a page without a sidebar', async () => {
    const api = await open(MOBILE, '/api/search-boundaries');
    const dialog = await openDrawer(api);
    expect(await dialog.getByRole('navigation', { name: 'API sidebar' }).locator('a[aria-current="page"]').getAttribute('href')).toBe('/api/search-boundaries');

    const home = await open(MOBILE, '/');
    const homeDialog = await openDrawer(home);
    expect(await homeDialog.getByRole('link', { name: 'Guides', exact: true }).isVisible()).toBe(true);
    expect(await homeDialog.getByRole('link', { name: 'API', exact: true }).isVisible()).toBe(true);
    expect(await homeDialog.getByRole('button', { name: 'Back to main menu' }).count()).toBe(0);
    expect(await homeDialog.locator('nav.sidebar').count()).toBe(0);
    expect(problems.get(api)).toEqual([]);
    expect(problems.get(home)).toEqual([]);
  });

  it('closes on Escape, gives focus back to the menu button and unlocks scrolling', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    await openDrawer(page);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedLabel(page)).toBe('Toggle navigation bar');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(problems.get(page)).toEqual([]);
  });

  it.each(['Enter', 'Space'])('opens from the keyboard: %s on the not yet hydrated button', async (key) => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    await menuButton(page).focus();
    await page.keyboard.press(key);
    await drawer(page).waitFor({ state: 'visible' });
    await expect.poll(() => focusedInside(page)).toBe(true);
    expect(problems.get(page)).toEqual([]);
  });

  it('traps Tab and Shift+Tab inside the open drawer', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    const dialog = await openDrawer(page);
    const labels = await dialog.evaluate((d) =>
      [...d.querySelectorAll<HTMLElement>('a[href], button, summary')].filter((e) => e.getClientRects().length > 0).map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''),
    );
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.slice(0, 2)).toEqual(['Close navigation bar', '← Back to main menu']);
    // Opening focused the first item of the sidebar panel.
    await expect.poll(() => focusedLabel(page)).toBe('← Back to main menu');
    const seen: string[] = [];
    for (let i = 0; i < labels.length + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await focusedInside(page), `after ${i + 1} Tab presses`).toBe(true);
      seen.push(await focusedLabel(page));
    }
    // It went round: every item once, then from the last back to the first.
    expect(new Set(seen)).toEqual(new Set(labels));
    const wrap = seen.indexOf(labels.at(-1)!);
    expect(seen.slice(wrap, wrap + 3)).toEqual([labels.at(-1), labels[0], labels[1]]);
    // Shift+Tab from the first item goes to the last.
    await dialog.getByRole('button', { name: 'Close navigation bar' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedLabel(page)).toBe(labels.at(-1));
    expect(problems.get(page)).toEqual([]);
  });

  it('closes when a link inside is followed, and the next page starts closed', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    const dialog = await openDrawer(page);
    // What the old page looked like as it was left (sessionStorage survives the navigation).
    await page.evaluate(() =>
      addEventListener('pagehide', () =>
        sessionStorage.setItem('left', JSON.stringify({ dialogs: document.querySelectorAll('[role="dialog"]').length, overflow: document.body.style.overflow, expanded: document.querySelector('.navbar-toggle')!.getAttribute('aria-expanded') })),
      ),
    );
    await dialog.locator('a[href="/guides/boundaries/getting-started"]').click();
    await page.waitForURL(`${server.url}/guides/boundaries/getting-started`);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('left')))!)).toEqual({ dialogs: 0, overflow: '', expanded: 'false' });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    // The new page's drawer marks the new page.
    const next = await openDrawer(page);
    expect(await next.locator('nav.sidebar a[aria-current="page"]').getAttribute('href')).toBe('/guides/boundaries/getting-started');
    expect(problems.get(page)).toEqual([]);
  });

  it('closes on a click on the backdrop', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    const dialog = await openDrawer(page);
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(300);
    // A click inside the drawer, not on a link, keeps it open.
    await dialog.locator('.mobile-menu-title').click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await dialog.isVisible()).toBe(true);
    await page.mouse.click(box.x + box.width + 40, MOBILE.height / 2);
    await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedLabel(page)).toBe('Toggle navigation bar');
    expect(problems.get(page)).toEqual([]);
  });

  it('closes when the viewport grows to desktop width', async () => {
    const page = await open(MOBILE, '/guides/boundaries/virtual-layers');
    await openDrawer(page);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(problems.get(page)).toEqual([]);
  });
});

describe('hydration', () => {
  it.each([
    ['a guide', '/guides/boundaries/virtual-layers'],
    ['an API operation', '/api/search-boundaries'],
    ['the home page', '/'],
  ])('hydrates the menu and the announcement close button on %s without a mismatch (development React)', async (_kind, route) => {
    const page = await open(MOBILE, route, devServer.url);
    await openDrawer(page);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await page.locator('.announcement-bar').getByRole('button', { name: 'Close' }).click();
    await page.locator('.announcement-bar').waitFor({ state: 'hidden' });
    expect(problems.get(page)).toEqual([]);
  });
});

describe('announcement bar', () => {
  const bar = (page: Page) => page.locator('.announcement-bar');
  const dismissed = (page: Page) => page.evaluate(() => document.documentElement.dataset.announcementDismissed ?? null);

  it('closes with "Close", stays hidden on later loads, hidden by the inline head script before any other script', async () => {
    const page = await open(DESKTOP, '/');
    expect(await bar(page).isVisible()).toBe(true);
    expect(await dismissed(page)).toBe(null);
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await bar(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(ANNOUNCEMENT_ID);

    // The inline script sits in the head before the stylesheet, so the bar never paints.
    const order = await page.evaluate(() => {
      const children = [...document.head.children];
      return {
        script: children.findIndex((e) => e.tagName === 'SCRIPT' && !e.hasAttribute('src') && e.textContent!.includes('docsgen-announcement-dismiss')),
        stylesheet: children.findIndex((e) => e.matches('link[rel="stylesheet"]')),
      };
    });
    expect(order.script).toBeGreaterThanOrEqual(0);
    expect(order.script).toBeLessThan(order.stylesheet);

    // Later loads, with every module script emptied: only the inline script can hide the bar.
    await page.route('**/assets/js/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    for (const route of ['/', '/guides/boundaries/virtual-layers']) {
      await page.goto(server.url + route, { waitUntil: 'domcontentloaded' });
      expect(await dismissed(page), route).toBe('true');
      expect(await bar(page).count(), route).toBe(1);
      expect(await bar(page).isVisible(), route).toBe(false);
    }
    expect(problems.get(page)).toEqual([]);
  });

  it.each(['Enter', 'Space'])('closes from the keyboard: %s on the not yet hydrated button', async (key) => {
    const page = await open(DESKTOP, '/');
    await bar(page).getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press(key);
    await bar(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBe(ANNOUNCEMENT_ID);
    // Focus stays in the page rather than falling to <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(problems.get(page)).toEqual([]);
  });

  it('shows the bar again when the announcement id changes', async () => {
    const files = { 'content/guides/a.md': '---\ntitle: A\n---\n\nText.\n' };
    const config = (id: string) => configSource({ announcementBar: { id, content: `Announcement ${id}`, isCloseable: true } });
    const fixture = await buildFiles({ 'docsgen.config.ts': config('a'), ...files });
    const site = await serveStatic(fixture.result.config.outDir);
    try {
      const page = await open(DESKTOP, '/', site.url);
      expect(await bar(page).innerText()).toBe('Announcement a');
      await bar(page).getByRole('button', { name: 'Close' }).click();
      await bar(page).waitFor({ state: 'hidden' });
      await page.reload();
      expect(await bar(page).isVisible()).toBe(false);

      writeFiles({ 'docsgen.config.ts': config('b'), ...files }, fixture.dir);
      await build({ root: fixture.dir, logger: createMemoryLogger() });
      await page.reload();
      expect(await bar(page).innerText()).toBe('Announcement b');
      expect(await bar(page).isVisible()).toBe(true);
      expect(await dismissed(page)).toBe(null);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('a');
      expect(problems.get(page)).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('still closes for the current page when storage is blocked, with exactly one warning', async () => {
    const page = await open(DESKTOP);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(`${server.url}/`);
    expect(await page.evaluate(() => { try { localStorage; return 'readable'; } catch { return 'blocked'; } })).toBe('blocked');
    expect(await bar(page).isVisible()).toBe(true);
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await bar(page).waitFor({ state: 'hidden' });
    expect(await dismissed(page)).toBe('true');
    const list = problems.get(page)!;
    expect(list).toHaveLength(1);
    // The first use of storage fails with the warning: on the shipped site, reading the reader's chosen version.
    expect(list[0]).toMatch(/^warning: Browser storage is unavailable, so your choices will not be remembered \((get "docsgen-version"|set "docsgen-announcement-dismiss") failed\)/);
  });
});
