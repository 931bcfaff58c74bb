// With JavaScript disabled, every page kind reads completely: the content is in the HTML and
// the tabs and collapsible fields work with HTML and CSS alone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic, shippedBuild } from '../helpers/browser';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let page: Page;

beforeAll(async () => {
  server = await serveStatic(await shippedBuild());
  browser = await launchBrowser();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('pages without JavaScript', () => {
  it.each([
    ['home', '/', 'API'],
    ['guide', '/guides/boundaries/virtual-layers', 'Virtual layers'],
    ['API overview', '/api/hyperlocal-api-reference', 'Hyperlocal API Reference'],
    ['API tag', '/api/schools', 'Schools'],
    ['API operation', '/api/search-boundaries', 'Find boundaries containing a point'],
  ])('shows the %s page with its main content', async (_kind, route, heading) => {
    await page.goto(server.url + route);
    await expect.poll(() => page.locator('h1').first().innerText()).toContain(heading);
    expect(await page.locator('#main-content').isVisible()).toBe(true);
  });

  it('keeps the Guides and API links in the navbar on a phone, where the menu button needs JavaScript', async () => {
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await mobile.goto(`${server.url}/guides/boundaries/virtual-layers`);
    expect(await mobile.locator('.navbar-toggle').isVisible()).toBe(false);
    expect(await mobile.locator('.navbar-left .navbar-link', { hasText: 'Guides' }).isVisible()).toBe(true);
    expect(await mobile.locator('.navbar-left .navbar-link', { hasText: 'API' }).isVisible()).toBe(true);
    await phone.close();
  });

  it('shows the first code sample and switches language by clicking a tab', async () => {
    await page.goto(`${server.url}/api/search-boundaries`);
    const panel = (lang: string) => page.locator(`[data-tab-group="code-samples"] .tab-panel[data-tab="${lang}"]`);
    expect(await panel('curl').isVisible()).toBe(true);
    expect(await panel('python').isVisible()).toBe(false);
    await page.locator('[data-tab-group="code-samples"] .tab-label', { hasText: 'Python' }).click();
    expect(await panel('python').isVisible()).toBe(true);
    expect(await panel('curl').isVisible()).toBe(false);
    expect(await panel('python').innerText()).toContain('import requests');
  });

  it('switches response status tabs by clicking', async () => {
    await page.goto(`${server.url}/api/get-boundary`);
    expect(await page.locator('#response-404').isVisible()).toBe(false);
    await page.locator('#responses ~ .tabs .tab-label', { hasText: /^404$/ }).click();
    expect(await page.locator('#response-404').isVisible()).toBe(true);
    expect(await page.locator('#response-200').isVisible()).toBe(false);
  });

  it('shows a deep-linked field even inside a response tab that is not selected', async () => {
    await page.goto(`${server.url}/api/get-boundary#response-404-error-code`);
    expect(await page.locator('#response-404-error-code').isVisible()).toBe(true);
  });

  it('shows nested fields expanded, and collapses them without JavaScript', async () => {
    await page.goto(`${server.url}/api/search-boundaries`);
    const field = page.locator('#response-200-data-boundaries-name');
    expect(await field.isVisible()).toBe(true);
    await page.locator('#response-200-data-boundaries > details > summary').click();
    expect(await field.isVisible()).toBe(false);
  });

  it('switches oneOf alternatives without JavaScript', async () => {
    await page.goto(`${server.url}/api/get-school`);
    const variants = page.locator('.schema-variants').first();
    const panels = variants.locator(':scope > .tabs > .tab-panels > .tab-panel');
    expect(await panels.nth(0).isVisible()).toBe(true);
    expect(await panels.nth(1).isVisible()).toBe(false);
    await variants.locator(':scope > .tabs > .tab > .tab-label').nth(1).click();
    expect(await panels.nth(1).isVisible()).toBe(true);
  });
});
