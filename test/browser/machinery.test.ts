// The island machinery and the colour mode, in a real browser: hydration, lazy loading with
// the first click replayed, storage failures, load failures with Retry, the crash boundary,
// the wrong-base-URL banner, and no console errors or hydration warnings on any page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource, listFiles, repoRoot } from '../helpers/fixture';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let out: string;

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-machinery-'));
  await build({ root: repoRoot, outDir: out, logger: createMemoryLogger() });
  server = await serveStatic(out);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(route: string, options: Parameters<Browser['newContext']>[0] = {}, init?: () => void): Promise<{ page: Page; context: BrowserContext; logs: string[] }> {
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

describe('colour mode', () => {
  it('is light by default and follows the system preference until the reader chooses', async () => {
    const light = await open('/guides/getting-started/quick-start', { colorScheme: 'light' });
    expect(await theme(light.page)).toBe('light');
    await light.context.close();
    const dark = await open('/guides/getting-started/quick-start', { colorScheme: 'dark' });
    expect(await theme(dark.page)).toBe('dark');
    await dark.page.click(toggle);
    await expect.poll(() => theme(dark.page)).toBe('light');
    await dark.page.reload();
    expect(await theme(dark.page)).toBe('light');
    expect(dark.logs).toEqual([]);
    await dark.context.close();
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 390, height: 844 }],
  ])('switches on the first click (before React has loaded) and remembers the choice across pages (%s)', async (_size, viewport) => {
    const { page, context, logs } = await open('/', { viewport });
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('chunk-')))).toBe(false);
    await page.click(toggle);
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.getAttribute(toggle, 'aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
    await page.goto(`${server.url}/api/get-school`);
    expect(await theme(page)).toBe('dark');
    await page.click(toggle);
    await expect.poll(() => theme(page)).toBe('light');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('switches with the keyboard on the first key press, before React has loaded', async () => {
    const { page, context, logs } = await open('/');
    await page.focus(toggle);
    await page.keyboard.press('Enter');
    await expect.poll(() => theme(page)).toBe('dark');
    await page.keyboard.press('Space');
    await expect.poll(() => theme(page)).toBe('light');
    expect(logs).toEqual([]);
    await context.close();
  });

  it('applies the stored mode before the page is shown (no flash)', async () => {
    const { page, context } = await open('/', {}, () => {
      localStorage.setItem('theme', 'dark');
      document.addEventListener('DOMContentLoaded', () => ((window as any).__themeAtLoad = document.documentElement.getAttribute('data-theme')));
    });
    expect(await page.evaluate(() => (window as any).__themeAtLoad)).toBe('dark');
    await context.close();
  });

  it('still switches with storage blocked, logging one warning', async () => {
    const { page, context, logs } = await open('/', {}, () => {
      Object.defineProperty(window, 'localStorage', { get: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    });
    expect(await theme(page)).toBe('light');
    await page.click(toggle);
    await expect.poll(() => theme(page)).toBe('dark');
    await page.click(toggle);
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
    // The island mounts just after its module arrives: click until the switch answers (a click
    // before it is mounted does nothing; on a loaded machine the first one may be that early).
    await expect
      .poll(async () => {
        await page.click(toggle);
        return theme(page);
      })
      .toBe('dark');
    await context.close();
  });

  it('shows "This page crashed" with the cause chain and remounts on "Try again"', async () => {
    const { page, context } = await open('/', {}, () => {
      // Make the island's first effect throw (reading the theme), with a cause chain.
      const original = Element.prototype.getAttribute;
      (window as any).__crash = true;
      Element.prototype.getAttribute = function (this: Element, name: string) {
        if (this === document.documentElement && name === 'data-theme' && (window as any).__crash) throw new Error('The theme could not be read', { cause: new Error('storage exploded') });
        return original.call(this, name);
      };
    });
    await page.hover(toggle);
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
    const devOut = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-machinery-dev-'));
    await build({ root: repoRoot, outDir: devOut, dev: true, logger: createMemoryLogger() });
    const devServer = await serveStatic(devOut);
    const routes = listFiles(devOut)
      .filter((f) => f.endsWith('index.html'))
      .map((f) => '/' + f.replace(/index\.html$/, ''));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${page.url()} ${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`${page.url()} pageerror: ${e.message}`));
    for (const route of routes) {
      await page.goto(devServer.url + route);
      // Wake every lazy island, as a reader's pointer would, so hydration runs everywhere.
      await page.evaluate(() => document.querySelectorAll('[data-island]').forEach((el) => el.dispatchEvent(new Event('pointerover'))));
      await page.waitForTimeout(150);
    }
    expect(routes.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    await context.close();
    await devServer.close();
  }, 180_000);
});
