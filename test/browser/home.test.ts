// #17 the shipped home page in a real browser: at phone, tablet and desktop widths nothing
// scrolls sideways, every row of cards spans its grid (no lone half-empty row), the hero puts
// the quick start beside the text only where there is room, and the search entry opens results.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite } from '../helpers/browser';

let browser: Browser;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await serveShippedSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
  await page.goto(`${server.url}/`);
  return page;
}

interface Grid {
  name: string;
  left: number;
  right: number;
  /** Each row of cards: its cards' left and right edges, left to right. */
  rows: { left: number; right: number }[][];
}

/** Every card grid of the page, its cards grouped into rows by their top edge. */
function grids(page: Page): Promise<Grid[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.home-grid')].map((grid) => {
      const box = grid.getBoundingClientRect();
      const rows = new Map<number, { left: number; right: number }[]>();
      for (const card of grid.children) {
        const r = card.getBoundingClientRect();
        const top = Math.round(r.top);
        rows.set(top, [...(rows.get(top) ?? []), { left: r.left, right: r.right }]);
      }
      return { name: grid.closest('section')!.querySelector('h2')!.textContent!, left: box.left, right: box.right, rows: [...rows.values()] };
    }),
  );
}

describe('#17 the home page', () => {
  it.each([390, 1024, 1440])('at %i px: nothing overflows sideways, and every row of cards spans its grid', async (width) => {
    const page = await open(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const found = await grids(page);
    expect(found.map((g) => g.name)).toEqual(['What the API gives you', 'Explore the API', 'Read the guides']);
    for (const grid of found) {
      for (const [i, row] of grid.rows.entries()) {
        expect(row[0].left, `${grid.name}, row ${i + 1}`).toBeCloseTo(grid.left, 0);
        expect(row.at(-1)!.right, `${grid.name}, row ${i + 1}`).toBeCloseTo(grid.right, 0);
      }
    }
    await page.close();
  });

  it('lays the cards out in full rows: six features and six groups in rows of 3 and four sections in a row at 1440 px, 2 × 2 at 1024 px, one column at 390 px', async () => {
    const perRow = async (width: number) => {
      const page = await open(width);
      const counts = (await grids(page)).map((g) => g.rows.map((r) => r.length));
      await page.close();
      return counts;
    };
    expect(await perRow(1440)).toEqual([[3, 3], [3, 3], [4]]);
    expect(await perRow(1024)).toEqual([[3, 3], [3, 3], [2, 2]]);
    expect(await perRow(390)).toEqual([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1]]);
  });

  it('puts the quick start beside the hero text at 1440 px and under it at 390 px, its code scrolling inside its box', async () => {
    for (const [width, beside] of [[1440, true], [390, false]] as const) {
      const page = await open(width);
      const [text, quick] = await Promise.all([page.locator('.home-hero-text').boundingBox(), page.locator('.home-quickstart').boundingBox()]);
      expect(quick!.x > text!.x + text!.width - 1, `${width} px`).toBe(beside);
      expect(quick!.x + quick!.width).toBeLessThanOrEqual(width);
      // The request's lines are all there; one too wide for a phone scrolls in its <pre>.
      const pre = await page.locator('.home-quickstart pre').first().evaluate((el) => ({ text: el.textContent, overflow: getComputedStyle(el).overflowX }));
      expect(pre.text).toContain('x-api-key: $HYPERLOCAL_API_KEY');
      expect(pre.overflow).toBe('auto');
      await page.close();
    }
  });

  it('searches from the hero: the form opens the search page with the query', async () => {
    const page = await open(1440);
    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('boundary');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=boundary$/);
    await page.close();
  });
});
