// Issue 17 (D1): code blocks name what they hold (a fence's title="…", else its language; the API's
// samples and examples their language), and the copy button shows without hover where there is
// no hover (touch screens) and on keyboard focus.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic, shippedBuild } from '../helpers/browser';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

const guide = `---
title: Code
---

# Code

A client:

\`\`\`ts title="client.ts"
export const client = createClient();
\`\`\`

The same, without a file name:

\`\`\`ts
export const client = createClient();
\`\`\`

Plain text:

\`\`\`text
plain words
\`\`\`

A shell command:

\`\`\`bash
npm install hyperlocal-client
\`\`\`

A title and no language:

\`\`\`title="notes.txt"
some notes
\`\`\`

A title with markup in it:

\`\`\`js title="<b>bold</b>.js"
let x = 1;
\`\`\`
`;

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const touch: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser: Browser;
let fixture: Fixture;
let small: { url: string; close(): Promise<void> };
let shipped: { url: string; close(): Promise<void> };
let shippedOut: string;

beforeAll(async () => {
  fixture = await buildFiles({ 'docsgen.config.ts': configSource(), 'content/guides/code.md': guide });
  small = await serveStatic(fixture.result.config.outDir);
  shippedOut = await shippedBuild();
  shipped = await serveStatic(shippedOut);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await small?.close();
  await shipped?.close();
});

async function open(url: string, options: BrowserContextOptions): Promise<{ page: Page; logs: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ ...options, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(url);
  // The copy buttons are added by the page runtime.
  await expect.poll(() => page.locator('main .code-block > .copy-button').count()).toBe(await page.locator('main .code-block').count());
  return { page, logs, close: () => context.close() };
}

const opacity = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));

describe('code block labels', () => {
  it('shows a fence\'s file name, else its language; plain text has no bar', async () => {
    const { page, logs, close } = await open(`${small.url}/guides/code`, desktop);
    const blocks = page.locator('main .code-block');
    const bars = await blocks.evaluateAll((els) => els.map((el) => el.querySelector('.code-title, .code-label')?.textContent ?? null));
    expect(bars).toEqual(['client.ts', 'TypeScript', null, 'Bash', 'notes.txt', '<b>bold</b>.js']);
    expect(await blocks.nth(1).locator('.code-label').isVisible()).toBe(true);
    expect(await page.locator('main .code-block b').count()).toBe(0);
    // The copy button sits at the right end of the bar, clear of its text.
    await blocks.nth(1).hover();
    const bar = (await blocks.nth(1).locator('.code-label').boundingBox())!;
    const button = (await blocks.nth(1).locator('.copy-button').boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(bar.y);
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
    const textRight = await blocks.nth(1).locator('.code-label').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    expect(button.x).toBeGreaterThan(textRight);
    expect(logs).toEqual([]);
    await close();
  });

  it('names the request above the API samples (their tabs name the language) and the examples\' language', async () => {
    const { page, close } = await open(`${shipped.url}/api/search-boundaries`, desktop);
    const label = (lang: string) => page.locator(`.code-block[data-language="${lang}"] > .code-label`).first().textContent();
    expect(await label('curl')).toBe('GET /v1/boundaries/search');
    expect(await label('python')).toBe('GET /v1/boundaries/search');
    expect(await page.locator('.operation-samples .tab-label').first().textContent()).toBe('curl');
    expect(await label('json')).toBe('JSON');
    await close();
  });

  it('leaves language labels out of the search index, and keeps file names', () => {
    const index = fixture.read('search-index.json');
    expect(index).not.toContain('TypeScript');
    expect(index).not.toContain('Bash');
    expect(index).toContain('client.ts');
  });
});

describe('copy button', () => {
  it('is visible without hover on a touch screen, and copies on a tap', async () => {
    const { page, logs, close } = await open(`${small.url}/guides/code`, touch);
    expect(new Set(await opacity(page, 'main .code-block > .copy-button'))).toEqual(new Set(['1']));
    const block = page.locator('main .code-block').nth(3);
    await block.locator('.copy-button').scrollIntoViewIfNeeded();
    await block.locator('.copy-button').tap();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('npm install hyperlocal-client\n');
    expect(await block.locator('.copy-button').textContent()).toBe('Copied');
    expect(logs).toEqual([]);
    await close();
  });

  it('shows on hover or keyboard focus with a mouse, and is hidden otherwise', async () => {
    const { page, close } = await open(`${small.url}/guides/code`, desktop);
    expect(new Set(await opacity(page, 'main .code-block > .copy-button'))).toEqual(new Set(['0']));
    // Tab to the first block's code (a focusable, scrollable <pre>), then to its button.
    const firstPre = page.locator('main .code-block pre').first();
    await firstPre.focus();
    const button = page.locator('main .code-block > .copy-button').first();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.keyboard.press('Tab');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await close();
  });
});
