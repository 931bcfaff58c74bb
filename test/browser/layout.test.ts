// The operation page's layout in a real browser (issue 17): from 1200 px a sticky sidecar beside
// the request and responses holds the code samples and the examples; on a phone the samples
// follow the request and the examples stay inside their responses; long code shows 30 lines
// and a "Show all N lines" switch that works without JavaScript; and no page of the shipped
// site scrolls sideways at 390 or 1440 px, or has text running out of its main column.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, outsideMainColumn, serveShippedSite } from '../helpers/browser';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveShippedSite>>;

const wide: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

beforeAll(async () => {
  server = await serveShippedSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every HTML page of the built site, as the path a reader opens (`/api/get-boundary`). */
function routes(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : routes(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (entry.name === 'index.html') return [prefix || '/'];
    return entry.name.endsWith('.html') ? [`${prefix}/${entry.name}`] : [];
  });
}

async function open(options: BrowserContextOptions, route: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(server.url + route);
  return { context, page };
}

const box = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => JSON.parse(JSON.stringify(el.getBoundingClientRect())) as DOMRect);
const samples = '.operation-sidecar [data-tab-group="code-samples"]';
const samplePanel = (page: Page, lang: string) => page.locator(`${samples} .tab-panel[data-tab="${lang}"]`);

describe('no horizontal overflow', () => {
  it.each([
    ['390', phone],
    ['1440', wide],
  ])('no page of the shipped site is wider than a %s px screen, nor has anything run out of its main column', async (_width, options) => {
    const pages = routes(server.dir);
    expect(pages.length).toBeGreaterThan(40);
    expect(pages).toContain('/api/search-boundaries');
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const wider: string[] = [];
    for (const route of pages) {
      await page.goto(server.url + route, { waitUntil: 'load' });
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
      if (scroll > inner) wider.push(`${route}: ${scroll} > ${inner}`);
      if (await page.locator('.doc-main').count()) for (const what of await outsideMainColumn(page)) wider.push(`${route}: ${what}`);
    }
    await context.close();
    expect(wider).toEqual([]);
  }, 240_000);

  it.each([
    ['390', phone],
    ['1440', wide],
  ])('keeps the curl sample inside its box at %s px: the long URL scrolls sideways', async (_width, options) => {
    const { context, page } = await open(options, '/api/search-boundaries');
    const pre = `${samples} .tab-panel[data-tab="curl"] pre`;
    const [code, parent] = await Promise.all([box(page, pre), box(page, '.operation-sidecar')]);
    expect(code.right).toBeLessThanOrEqual(parent.right + 0.5);
    expect(code.left).toBeGreaterThanOrEqual(parent.left - 0.5);
    expect(await page.locator(pre).evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'auto')).toBe(true);
    await context.close();
  });
});

describe('sidecar at 1440 px', () => {
  it('sits beside the request and stays in view after scrolling down to the responses', async () => {
    const { context, page } = await open(wide, '/api/search-boundaries');
    const [aside, request] = await Promise.all([box(page, '.operation-sidecar'), box(page, '#request')]);
    expect(aside.left).toBeGreaterThanOrEqual(request.right);
    expect(aside.width).toBeGreaterThan(330);
    await page.locator('#response-200').evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + scrollY - 100, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(2000);
    const after = await box(page, '.operation-sidecar');
    const navbar = await box(page, '.navbar');
    expect(after.top).toBeGreaterThanOrEqual(navbar.bottom);
    expect(after.top).toBeLessThan(navbar.bottom + 40);
    expect(after.bottom).toBeLessThanOrEqual(900);
    expect(await samplePanel(page, 'curl').isVisible()).toBe(true);
    expect(await page.locator('.operation-sidecar .sidecar-response-example').isVisible()).toBe(true);
    // The table of contents gives way to the sidecar at this width.
    expect(await page.locator('.doc-toc').isVisible()).toBe(false);
    await context.close();
  });

  it('shows the examples in the sidecar only: the copies inside the responses are hidden', async () => {
    const { context, page } = await open(wide, '/api/search-boundaries');
    expect(await page.locator('#response-200 .media-examples').isVisible()).toBe(false);
    expect(await page.locator('#response-200 .schema').first().isVisible()).toBe(true);
    const example = page.locator('.sidecar-response-example .tab-panel[data-tab="response-200"] code').first();
    expect(await example.isVisible()).toBe(true);
    expect(await example.innerText()).toContain('"boundary_id": "bnd_nbhd_la_echo-park"');
    await context.close();
  });

  it('switches the sample by language and keeps the choice on another operation page', async () => {
    const { context, page } = await open(wide, '/api/search-boundaries');
    expect(await samplePanel(page, 'curl').isVisible()).toBe(true);
    await page.locator(`${samples} .tab-label`, { hasText: 'Go' }).click();
    expect(await samplePanel(page, 'go').isVisible()).toBe(true);
    expect(await samplePanel(page, 'curl').isVisible()).toBe(false);
    expect(await samplePanel(page, 'go').locator('code').innerText()).toContain('package main');

    await page.goto(`${server.url}/api/get-boundary`);
    await expect.poll(() => samplePanel(page, 'go').isVisible()).toBe(true);
    expect(await samplePanel(page, 'curl').isVisible()).toBe(false);
    expect(await samplePanel(page, 'go').locator('code').innerText()).toContain('/v1/boundaries/bnd_nbhd_la_echo-park');
    await context.close();
  });

  it("picks a status and shows that status' example, and a named example inside it", async () => {
    const { context, page } = await open(wide, '/api/get-boundary');
    const panel = (status: string) => page.locator(`.sidecar-response-example .tab-panels > .tab-panel[data-tab="response-${status}"]`);
    expect(await panel('200').isVisible()).toBe(true);
    expect(await panel('404').isVisible()).toBe(false);
    await page.locator('.sidecar-response-example .tab-label', { hasText: '404' }).click();
    expect(await panel('404').isVisible()).toBe(true);
    expect(await panel('200').isVisible()).toBe(false);
    expect(await panel('404').innerText()).toContain('"code": "not_found"');

    await page.locator('.sidecar-response-example .tab-label', { hasText: '200' }).click();
    expect(await panel('200').locator('code:visible').innerText()).toContain('"layer": "postal_city"');
    await panel('200').locator('.tab-label', { hasText: 'With include_geometry=true' }).click();
    expect(await panel('200').locator('code:visible').innerText()).toContain('"MultiPolygon"');
    await context.close();
  });
});

describe('stacked at 390 px', () => {
  it('puts the code samples right after the request, and the examples inside each response', async () => {
    const { context, page } = await open(phone, '/api/search-boundaries');
    const [request, samplesBox, responses] = await Promise.all([box(page, 'section[aria-labelledby="request"]'), box(page, '#code-samples'), box(page, '#responses')]);
    expect(samplesBox.top).toBeGreaterThanOrEqual(request.bottom);
    expect(samplesBox.top - request.bottom).toBeLessThan(150);
    expect(responses.top).toBeGreaterThan(samplesBox.bottom);
    expect(await samplePanel(page, 'curl').isVisible()).toBe(true);
    expect(await page.locator('.sidecar-response-example').isVisible()).toBe(false);
    expect(await page.locator('#response-200 .media-examples code').first().isVisible()).toBe(true);
    await context.close();
  });

  it("shows a parameter's named examples under it", async () => {
    const { context, page } = await open(phone, '/api/search-boundaries');
    const examples = page.locator('#query-layers .schema-named-examples');
    expect(await examples.isVisible()).toBe(true);
    expect(await examples.locator('li').first().innerText()).toMatch(/^Only neighbourhood and ZIP\s+\["neighborhood",\s*"zip"\]/);
    expect(await examples.innerText()).toContain('School district and attendance zone');
    await context.close();
  });
});

describe('bounded code', () => {
  it('shows 30 lines of a long example and all of them after "Show all N lines", without JavaScript', async () => {
    const { context, page } = await open({ ...wide, javaScriptEnabled: false }, '/api/search-boundaries');
    const block = page.locator('.sidecar-response-example .tab-panel[data-tab="response-200"] .code-block');
    const pre = block.locator('pre');
    const lineHeight = await pre.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const total = (await pre.locator('code').innerText()).split('\n').length;
    expect(total).toBeGreaterThan(40);
    const closed = await pre.evaluate((el) => el.clientHeight);
    expect(closed).toBeGreaterThan(29 * lineHeight);
    expect(closed).toBeLessThan(32 * lineHeight);
    const summary = block.locator('.code-expand > summary');
    expect(await summary.innerText()).toMatch(new RegExp(`^Show all ${total} lines`));
    await summary.click();
    await expect.poll(() => pre.evaluate((el) => el.clientHeight)).toBeGreaterThan(total * lineHeight);
    expect(await summary.innerText()).toMatch(/^Show fewer lines/);
    await summary.click();
    await expect.poll(() => pre.evaluate((el) => el.clientHeight)).toBe(closed);
    await context.close();
  });
});
