// #17 (part C) A schema tree's controls in a real browser: "Collapse all", a level, "Expand all"
// open and close the tree's nested fields (and only that tree's); the controls' code loads on the
// first click, which is not lost; without JavaScript the controls are hidden and each nested
// field still opens and closes by itself.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

// The request body nests three levels deep (order → customer → address → street); the response is
// a second tree with a nested field of its own, and a name too long for a phone's line.
const spec = `
openapi: 3.1.0
info: { title: Orders API, version: '1.0' }
servers: [{ url: https://api.orders.example }]
paths:
  /v1/orders:
    post:
      operationId: createOrder
      summary: Create an order
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                note: { type: string }
                customer:
                  type: object
                  properties:
                    name: { type: string }
                    address:
                      type: object
                      properties:
                        street: { type: string }
                        geo:
                          type: object
                          properties:
                            lat: { type: number }
                lines:
                  type: array
                  items:
                    type: object
                    properties:
                      sku: { type: string }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema:
                type: object
                required: [a_long_field_name_for_small_phones]
                properties:
                  id: { type: string }
                  a_long_field_name_for_small_phones: { type: integer, format: int32, minimum: 1 }
                  owner:
                    type: object
                    properties:
                      name: { type: string }
`;

let browser: Browser;
let server: { url: string; close(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const fixture = await buildFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }), 'openapi.yaml': spec });
  server = await serveStatic(fixture.result.config.outDir);
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(`${server.url}/api/create-order`);
  return page;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const body = '#request-body .schema';
/** Names of the request body's fields a reader can see, in page order. */
const visibleFields = (page: Page) =>
  page.locator(`${body} .schema-field > .schema-field-head .schema-name`).evaluateAll((names) => names.filter((n) => n.checkVisibility()).map((n) => n.textContent));
const openStates = (page: Page, tree: string) => page.locator(`${tree} details.schema-nested`).evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
const button = (page: Page, name: string) => page.locator(body).getByRole('button', { name, exact: true });

describe('#17 schema tree controls', () => {
  it('loads its code on the first click, and that click collapses the tree to its top-level fields', async () => {
    const page = await open();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.waitForLoadState('networkidle');
    expect(requested.some((u) => u.includes('island-SchemaControls'))).toBe(false);
    expect(await visibleFields(page)).toEqual(['note', 'customer', 'name', 'address', 'street', 'geo', 'lat', 'lines', 'sku']);

    await button(page, 'Collapse all').click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'lines']);
    expect(requested.some((u) => u.includes('island-SchemaControls'))).toBe(true);
    expect(await openStates(page, body)).toEqual([false, false, false, false]);
    // The other tree on the page is left as it was.
    expect(await openStates(page, '.response .schema')).toEqual([true]);
  });

  it('opens the tree to a level: 2 shows the fields of top-level fields, 3 one level more', async () => {
    const page = await open();
    await button(page, 'Collapse all').click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'lines']);
    await button(page, 'Show fields to level 2').click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'name', 'address', 'lines', 'sku']);
    expect(await button(page, 'Show fields to level 2').getAttribute('aria-pressed')).toBe('true');
    expect(await button(page, 'Show fields to level 4').getAttribute('aria-pressed')).toBe('false');
    await button(page, 'Show fields to level 3').click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'name', 'address', 'street', 'geo', 'lines', 'sku']);
  });

  it('expands everything again with "Expand all", after fields were closed one by one', async () => {
    const page = await open();
    await page.locator(`${body} details.schema-nested > summary`).first().click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'lines', 'sku']);
    await button(page, 'Expand all').click();
    await expect.poll(() => openStates(page, body)).toEqual([true, true, true, true]);
    expect(await visibleFields(page)).toEqual(['note', 'customer', 'name', 'address', 'street', 'geo', 'lat', 'lines', 'sku']);
    expect(await button(page, 'Show fields to level 4').getAttribute('aria-pressed')).toBe('true');
  });

  it('works from the keyboard: Enter on a focused control', async () => {
    const page = await open();
    await button(page, 'Collapse all').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'lines']);
  });

  it.each(['light', 'dark'])('passes axe (WCAG 2.1 AA) in %s mode with the controls loaded and a level chosen', async (mode) => {
    const page = await open();
    await page.evaluate((m) => localStorage.setItem('theme', m), mode);
    await page.reload();
    await button(page, 'Show fields to level 2').click();
    await expect.poll(() => visibleFields(page)).toEqual(['note', 'customer', 'name', 'address', 'lines', 'sku']);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run('.schema', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes[0].target.join(' ')})`);
    });
    expect(violations).toEqual([]);
  });

  it('hides the controls without JavaScript; each nested field still opens and closes', async () => {
    const page = await open({ javaScriptEnabled: false });
    expect(await page.locator(`${body} .schema-controls`).count()).toBe(1);
    expect(await page.locator(`${body} .schema-controls`).isVisible()).toBe(false);
    await page.locator(`${body} details.schema-nested > summary`).first().click();
    expect(await visibleFields(page)).toEqual(['note', 'customer', 'lines', 'sku']);
  });
});

describe('#17 schema trees: the type line on a phone', () => {
  it('wraps a type pushed off a long name together with its constraints and badge, never alone on its line', async () => {
    const page = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const head = page.locator('.response .schema-field-head').filter({ hasText: 'a_long_field_name_for_small_phones' });
    const rect = (selector: string) => head.locator(selector).first().evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const [name, type, constraint, badge] = await Promise.all([rect('.schema-name'), rect('.schema-type'), rect('.schema-constraint'), rect('.badge-required')]);
    const middle = (r: DOMRect) => r.top + r.height / 2;
    // The name fills the first line; the type starts the second, its constraint and badge beside it.
    expect(type.top).toBeGreaterThanOrEqual(name.bottom - 1);
    expect(type.left).toBe(name.left);
    expect(Math.abs(middle(constraint) - middle(type))).toBeLessThan(type.height / 2);
    expect(Math.abs(middle(badge) - middle(type))).toBeLessThan(type.height / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});
