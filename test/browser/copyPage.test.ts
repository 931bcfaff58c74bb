// #20 The "Copy page" control in a real browser: no JavaScript for it before the first
// interaction, the page's Markdown in the clipboard after a click with "Copied" shown, a failure
// shown as such, and its place beside the title at desktop and phone widths, light and dark.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

const SPEC = `
openapi: 3.0.3
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.pets.example' }]
paths:
  /pets/{id}:
    get:
      operationId: getPet
      summary: Get a pet by its id, with a summary long enough to wrap on a phone screen
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: OK } }
`;

let browser: Browser;
let site: Fixture;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  site = await buildFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }),
    'openapi.yaml': SPEC,
    'content/guides/intro.md': '---\ntitle: Introduction\n---\n# Introduction\n\nWelcome.\n\n:::tip\nA tip.\n:::\n',
  });
  server = await serveStatic(site.result.config.outDir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('#20 browser/copyPage', () => {
  it('loads no JavaScript for the control before a click, then copies the page’s Markdown and says so', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
    await page.goto(`${server.url}/api/get-pet`);
    await page.waitForLoadState('networkidle');
    const islandUrl = JSON.parse((await page.locator('#docsgen-islands').textContent())!).islands.CopyPage as string;
    expect(islandUrl).toMatch(/\.js$/);
    expect(scripts.some((u) => u.endsWith(islandUrl))).toBe(false);

    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect.poll(() => page.locator('.copy-page-button').textContent()).toBe('Copied');
    expect(scripts.some((u) => u.endsWith(islandUrl))).toBe(true);
    const expected = site.read('api/get-pet.md');
    expect(expected.startsWith('# Get a pet by its id')).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    // The feedback goes back to the label.
    await expect.poll(() => page.locator('.copy-page-button').textContent(), { timeout: 5000 }).toBe('Copy page');
    await context.close();
  });

  it('copies a guide’s Markdown too', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${server.url}/guides/intro`);
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(site.read('guides/intro.md'));
    expect(site.read('guides/intro.md')).toContain('> **Tip**');
    await context.close();
  });

  it('is on the home page under the hero search, left-aligned with it at both widths, and on the API landing; each copies its page', async () => {
    for (const width of [1440, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const control = (await page.locator('.copy-page').boundingBox())!;
      const search = (await page.locator('.home-hero-text form').first().boundingBox())!;
      expect(control.y).toBeGreaterThan(search.y + search.height);
      expect(Math.abs(control.x - search.x)).toBeLessThanOrEqual(1);
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(site.read('index.md'));
      await page.goto(`${server.url}/api`);
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(site.read('api.md'));
      await context.close();
    }
  });

  it('says the copy failed when the Markdown cannot be fetched, and leaves the clipboard alone', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.route('**/*.md', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(`${server.url}/api/get-pet`);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect.poll(() => page.locator('.copy-page-button').textContent()).toBe('Copy failed');
    expect(await page.locator('.copy-page').getAttribute('data-state')).toBe('failed');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
    await context.close();
  });

  for (const [width, scheme] of [
    [1440, 'light'],
    [1440, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    it(`sits by the title (at the right of its first line on a desktop, above it on a phone), covering none of it, at ${width} px (${scheme})`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const route of ['/api/get-pet', '/guides/intro']) {
        await page.goto(server.url + route);
        const control = (await page.locator('.copy-page').boundingBox())!;
        const title = (await page.locator('main h1').first().boundingBox())!;
        const article = (await page.locator('main article').first().boundingBox())!;
        if (width >= 1000) {
          expect(control.y).toBeGreaterThanOrEqual(title.y - control.height);
          expect(control.y).toBeLessThan(title.y + 60);
        } else {
          expect(control.y + control.height).toBeLessThanOrEqual(title.y + 1);
          expect(control.y).toBeGreaterThan(title.y - 3 * control.height);
        }
        expect(control.x + control.width).toBeLessThanOrEqual(Math.min(width, article.x + article.width) + 1);
        expect(control.x).toBeGreaterThan(article.x + article.width / 2 - control.width);
        // No line of the title's text is under it.
        const lines = await page.evaluate(() => {
          const range = document.createRange();
          range.selectNodeContents(document.querySelector('main h1')!);
          return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
        });
        expect(lines.length).toBeGreaterThan(0);
        for (const r of lines) {
          const overlaps = r.x < control.x + control.width && control.x < r.x + r.width && r.y < control.y + control.height && control.y < r.y + r.height;
          expect(overlaps).toBe(false);
        }
      }
      await context.close();
    });
  }
});
