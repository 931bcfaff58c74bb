// `serve --watch` and a sidebar too large to show whole, in a real browser: the sidebar's tree
// (from which a collapsed category expands) keeps its URL across saves, so a retitled guide
// re-renders only the pages that show its title; a page opened after the save expands the
// category with the new title, not a copy the browser kept from before.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;

beforeAll(async () => {
  // 16 folders of 20 guides: 320 sidebar links, above the 300 a page shows whole.
  const files: Record<string, string> = {};
  for (let c = 0; c < 16; c++) {
    for (let g = 0; g < 20; g++) files[`content/guides/area-${c}/topic-${g}.md`] = `---\ntitle: Area ${c} topic ${g}\n---\nHow area ${c} reports topic ${g}.\n`;
  }
  dir = writeFiles(files);
  server = await startServer({ root: dir, watch: true });
  await server.context!.ready;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens a guide at desktop width and expands area 3 from the tree; the titles it lists. */
async function area3Titles(page: Page, route: string): Promise<string[]> {
  await page.goto(`${server.url}${route.slice(1)}`);
  await page.waitForFunction(() => document.readyState === 'complete');
  // The carets come with the pointer (the page runtime does not carry them).
  await page.mouse.move(700, 450);
  const sidebar = page.getByRole('navigation', { name: 'Guides sidebar' });
  const caret = sidebar.getByRole('button', { name: 'Pages in Area 3' });
  await caret.click();
  await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
  const links = sidebar.locator('li:has(> a[href="/guides/area-3/topic-0"]) > ul > li a');
  await links.first().waitFor();
  return links.allInnerTexts();
}

describe('serve --watch and a large sidebar', () => {
  it('a retitled guide shows in a collapsed category expanded after the save, and the tree keeps its URL', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const trees: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.json') && r.url().includes('sidebar')) trees.push(new URL(r.url()).pathname);
    });
    expect(await area3Titles(page, '/guides/area-12/topic-4')).toContain('Area 3 topic 7');

    fs.writeFileSync(path.join(dir, 'content/guides/area-3/topic-7.md'), '---\ntitle: Where area 3 keeps its seventh topic\n---\nHow area 3 reports topic 7.\n');
    // Rebuilt when the tree the server holds lists the new title.
    await expect.poll(async () => (await request(server.url, trees[0])).body, { timeout: 20_000 }).toContain('Where area 3 keeps its seventh topic');

    const titles = await area3Titles(page, '/guides/area-13/topic-1');
    expect(titles).toContain('Where area 3 keeps its seventh topic');
    expect(titles).not.toContain('Area 3 topic 7');
    expect(new Set(trees).size).toBe(1);
    await page.close();
  });
});
