// The island machinery and the theme menu, in a real browser: hydration, lazy loading with
// the first click replayed, storage failures, load failures with Retry, the crash boundary,
// the wrong-base-URL banner, and no console errors or hydration warnings on any page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite, serveStatic } from '../helpers/browser';
import { buildFiles, configSource, listFiles } from '../helpers/fixture';

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

async function open(route: string, options: Parameters<Browser['newContext']>[0] = {}, init?: (() => void) | string): Promise<{ page: Page; context: BrowserContext; logs: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(server.url + route);
  return { page, context, logs };
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const toggle = '.color-mode-toggle';

/** Opens the theme menu and picks a choice by its name, as a reader does. */
async function choose(page: Page, name: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page.click(toggle);
  await page.getByRole('menuitemradio', { name }).click();
}
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

describe('#17 the theme menu: system, light or dark', () => {
  it('is light by default, follows the system preference while the choice is "System", and keeps a choice across reloads', async () => {
    const light = await open('/guides/getting-started/quick-start', { colorScheme: 'light' });
    expect(await theme(light.page)).toBe('light');
    await light.context.close();
    const dark = await open('/guides/getting-started/quick-start', { colorScheme: 'dark' });
    expect(await theme(dark.page)).toBe('dark');
    await choose(dark.page, 'Light');
    await expect.poll(() => theme(dark.page)).toBe('light');
    await dark.page.reload();
    expect(await theme(dark.page)).toBe('light');
    expect(dark.logs).toEqual([]);
    await dark.context.close();
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 390, height: 844 }],
  ])('opens on the first click (before React has loaded); Dark is remembered across pages and reloads (%s)', async (_size, viewport) => {
    const { page, context, logs } = await open('/', { viewport, colorScheme: 'light' });
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('chunk-')))).toBe(false);
    await page.click(toggle);
    const menu = page.getByRole('menu', { name: 'Theme' });
    await menu.waitFor({ state: 'visible' });
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('true');
    // The three choices, the current one checked; the menu stays inside the viewport.
    expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual(['System', 'Light', 'Dark']);
    expect(await menu.getByRole('menuitemradio', { checked: true }).innerText()).toBe('System');
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getAttribute(toggle, 'aria-expanded')).toBe('false');
    await page.goto(`${server.url}/api/get-school`);
    expect(await theme(page)).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await page.click(toggle);
    expect(await page.getByRole('menuitemradio', { checked: true }).innerText()).toBe('Dark');
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await stored(page)).toBe('system');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('"System" follows the emulated prefers-color-scheme live, also after a reload, and a fixed choice does not', async () => {
    const { page, context } = await open('/guides/getting-started/quick-start', { colorScheme: 'light' });
    await choose(page, 'System');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    await choose(page, 'Dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(200);
    expect(await theme(page)).toBe('dark');
    await context.close();
  });

  it('works from the keyboard: Enter opens it on the checked choice, arrows move, Enter picks, Escape closes, focus returns to the button', async () => {
    const { page, context, logs } = await open('/', { colorScheme: 'light' });
    await page.focus(toggle);
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('System');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Light');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Dark');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('System');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('color-mode-toggle');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Dark');
    await page.keyboard.press('Escape');
    expect(await page.locator('[role="menu"]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('color-mode-toggle');
    expect(await theme(page)).toBe('dark');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('closes when the reader clicks elsewhere', async () => {
    const { page, context } = await open('/', { colorScheme: 'light' });
    await page.click(toggle);
    await page.getByRole('menu').waitFor({ state: 'visible' });
    await page.mouse.click(10, 400);
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await theme(page)).toBe('light');
    await context.close();
  });

  it.each(['dark', 'light', 'system'])('applies the stored choice "%s" before the first paint (no flash)', async (choice) => {
    const { page, context } = await open('/', { colorScheme: 'dark' }, `
      localStorage.setItem('theme', ${JSON.stringify(choice)});
      // The moment <body> is parsed (before anything of the page can be painted) and the
      // first frame: the colours must already be the reader's.
      new MutationObserver((records, observer) => {
        if (!document.body) return;
        observer.disconnect();
        window.__atBody = document.documentElement.getAttribute('data-theme');
      }).observe(document, { childList: true, subtree: true });
      requestAnimationFrame(() => (window.__firstFrame = getComputedStyle(document.body).backgroundColor));
    `);
    const expected = choice === 'light' ? 'light' : 'dark';
    expect(await page.evaluate(() => (window as any).__atBody)).toBe(expected);
    // On a busy machine the page can load before its first frame is drawn.
    await page.waitForFunction(() => (window as any).__firstFrame !== undefined, undefined, { timeout: 5000 });
    expect(await page.evaluate(() => (window as any).__firstFrame)).toBe(expected === 'dark' ? 'rgb(14, 19, 24)' : 'rgb(255, 255, 255)');
    await context.close();
  });

  it('still switches with storage blocked, logging one warning', async () => {
    const { page, context, logs } = await open('/', { colorScheme: 'light' }, () => {
      Object.defineProperty(window, 'localStorage', { get: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    });
    expect(await theme(page)).toBe('light');
    await choose(page, 'Dark');
    await expect.poll(() => theme(page)).toBe('dark');
    await choose(page, 'Light');
    await expect.poll(() => theme(page)).toBe('light');
    expect(logs.filter((l) => l.startsWith('warning:'))).toHaveLength(1);
    expect(logs.filter((l) => l.startsWith('error'))).toEqual([]);
    await context.close();
  });
});

describe('island loading', () => {
  it('shows an error with Retry when an island script fails to load, and Retry recovers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/island-ColorModeToggle-.*\.js/, (route) => route.abort());
    await page.goto(server.url + '/');
    await page.click(toggle);
    const alert = page.locator('.island-error[role="alert"]');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.innerText()).toContain('could not be loaded');
    await page.unroute(/island-ColorModeToggle-.*\.js/);
    const retried = page.waitForResponse(/island-ColorModeToggle-.*\.js\?retry=1$/);
    await alert.locator('button', { hasText: 'Retry' }).click();
    expect((await retried).ok()).toBe(true);
    await expect.poll(() => alert.count()).toBe(0);
    // The island mounts just after its module arrives: click until the menu opens (a click
    // before it is mounted does nothing; on a loaded machine the first one may be that early).
    await expect
      .poll(async () => {
        if ((await page.getByRole('menu').count()) === 0) await page.click(toggle);
        return page.getByRole('menu').count();
      })
      .toBe(1);
    await context.close();
  });

  it('shows "This page crashed" with the cause chain and remounts on "Try again"', async () => {
    const { page, context } = await open('/', {}, () => {
      // Make the island's effect throw when its menu opens (finding the choices), with a cause chain.
      const original = Element.prototype.querySelectorAll;
      (window as any).__crash = true;
      Element.prototype.querySelectorAll = function (this: Element, selector: string) {
        if (selector.includes('menuitemradio') && (window as any).__crash) throw new Error('The theme could not be read', { cause: new Error('storage exploded') });
        return original.call(this, selector);
      } as typeof original;
    });
    await page.click(toggle);
    const crash = page.locator('.island-crash[role="alert"]');
    await expect.poll(() => crash.isVisible()).toBe(true);
    expect(await crash.locator('.island-crash-title').innerText()).toBe('This page crashed');
    expect(await crash.innerText()).toContain('The theme could not be read');
    expect(await crash.innerText()).toContain('Cause: storage exploded');
    await page.evaluate(() => ((window as any).__crash = false));
    await crash.locator('button', { hasText: 'Try again' }).click();
    await expect.poll(() => page.locator(toggle).isVisible()).toBe(true);
    await context.close();
  });
});

describe('wrong base URL', () => {
  it('shows a banner naming the configured baseUrl when the site is served elsewhere', async () => {
    const f = await buildFiles({ 'docsgen.config.ts': configSource({ baseUrl: '/docs/' }), 'content/guides/a.md': '---\ntitle: A\n---\nText.\n' });
    const elsewhere = await serveStatic(f.result.config.outDir);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${elsewhere.url}/guides/a`);
    const banner = page.locator('#docsgen-base-url-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toContain('did not load properly');
    expect(await banner.innerText()).toContain('/docs/');
    await page.goto(`${server.url}/`);
    expect(await page.locator('#docsgen-base-url-banner').isVisible()).toBe(false);
    await context.close();
    await elsewhere.close();
  });
});

describe('every page', () => {
  it('loads without console errors and hydrates every island without warnings', async () => {
    // A development build: only development React reports hydration mismatches.
    const devServer = await serveShippedSite({ dev: true });
    const routes = listFiles(devServer.dir)
      .filter((f) => f.endsWith('index.html'))
      .map((f) => '/' + f.replace(/index\.html$/, ''));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    const visited: string[] = [];
    // Three tabs take turns on the routes, so one tab's waits (its loads, its 150 ms) overlap the others' work.
    const tab = async () => {
      const page = await context.newPage();
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${page.url()} ${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => problems.push(`${page.url()} pageerror: ${e.message}`));
      for (let route = routes.shift(); route !== undefined; route = routes.shift()) {
        await page.goto(devServer.url + route);
        // Wake every lazy island, as a reader's pointer would, so hydration runs everywhere.
        await page.evaluate(() => document.querySelectorAll('[data-island]').forEach((el) => el.dispatchEvent(new Event('pointerover'))));
        await page.waitForTimeout(150);
        visited.push(route);
      }
    };
    await Promise.all([tab(), tab(), tab()]);
    expect(visited.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    await context.close();
    await devServer.close();
  }, 180_000);
});
