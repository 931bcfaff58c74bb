// #21 A standalone page (content/pages/<name>.md) in a real browser: no guides sidebar, nothing
// overflowing at 390 px, and its table of contents and "Copy page" working as on a guide.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let dir: string;

const PAGE = `---
title: Plans and limits
---

Every plan calls the same endpoints; plans differ in how many requests you may make.

| Plan | Requests per month | Rate limit | Support |
|---|---|---|---|
| Sandbox | 5,000 | 5 per second | Community forum |
| Growth | 250,000 | 20 per second | Email, next business day |

## When you go over

A Growth key keeps working past its monthly requests; each extra 1,000 requests is billed.

## Changing plans

A change takes effect on the first of the next month.

${Array.from({ length: 30 }, (_, i) => `Month ${i + 1} of a yearly plan is billed on its first day, in the currency of the order form.`).join('\n\n')}
`;

beforeAll(async () => {
  const site = await buildFiles({
    'docsgen.config.ts': configSource(),
    'content/guides/start.md': '---\ntitle: Start\n---\nRead [the plans](/pricing).\n',
    'content/pages/pricing.md': PAGE,
  });
  dir = site.dir;
  server = await serveStatic(site.result.config.outDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('#21 a standalone page in the browser', () => {
  it('has no sidebar at 1440 px, shows its table of contents, and scrolls to a heading from it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/pricing`);
    expect(await page.locator('main h1').textContent()).toBe('Plans and limits');
    expect(await page.locator('nav.sidebar').count()).toBe(0);
    const toc = page.getByRole('link', { name: 'Changing plans' }).last();
    expect(await toc.isVisible()).toBe(true);
    await toc.click();
    await page.waitForFunction(() => location.hash === '#changing-plans');
    // The hash is set as the smooth scroll starts: wait for the heading to arrive below the navbar.
    const top = () => page.locator('#changing-plans').evaluate((h) => h.getBoundingClientRect().top);
    await expect.poll(top).toBeLessThan(200);
    expect(await top()).toBeGreaterThanOrEqual(0);
    await page.close();
  });

  it('fits 390 px without the page scrolling sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/pricing`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    await page.close();
  });

  it('copies itself as Markdown with the Copy page button', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: /Copy page/ }).click();
    await page.getByText('Copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('## When you go over');
    expect(copied.startsWith('# Plans and limits')).toBe(true);
    await context.close();
  });
});
