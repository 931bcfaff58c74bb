// A large sidebar in a real browser: each page carries only its own branch, the other
// categories are links to their landing page, and their caret expands them in place from the
// sidebar's shared tree file, at desktop width and in the mobile drawer; without JavaScript the
// category link still leads somewhere. The carets come with a chunk loaded on the page's first
// pointer movement or focus, not with the page runtime.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** A category label that wraps in the sidebar. */
const LONG = 'Topic 3, whose name is long enough to wrap';

/** 4 topics of 4 parts of 20 guides: 320 links, above the 300 a page shows whole. */
function guides(): Record<string, string> {
  const files: Record<string, string> = { 'content/guides/intro.md': '---\ntitle: Introduction\nsidebar_position: 0\n---\n\nWelcome.\n' };
  for (let t = 0; t < 4; t++) {
    files[`content/guides/topic-${t}/_category_.yml`] = `label: ${t === 3 ? LONG : `Topic ${t}`}\nposition: ${t + 1}\n`;
    for (let p = 0; p < 4; p++) {
      files[`content/guides/topic-${t}/part-${p}/_category_.yml`] = `label: Part ${t}.${p}\nposition: ${p + 1}\n`;
      for (let g = 0; g < 20; g++) {
        const n = String(g).padStart(2, '0');
        files[`content/guides/topic-${t}/part-${p}/g-${n}.md`] = `---\ntitle: Guide ${t}.${p}.${g}\nsidebar_position: ${g}\n---\n\nText of guide ${t}.${p}.${g}.\n`;
      }
    }
  }
  return files;
}

let browser: Browser;
let site: { url: string; close(): Promise<void> };
let outDir: string;
const contexts: BrowserContext[] = [];
/** Requests for the sidebar's tree, and console errors, of each page. */
const trees = new Map<Page, string[]>();
const problems = new Map<Page, string[]>();

beforeAll(async () => {
  const fixture = await buildFiles({ 'docsgen.config.ts': configSource(), ...guides() });
  outDir = fixture.result.config.outDir;
  site = await serveStatic(outDir);
  browser = await launchBrowser();
}, 120_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(viewport: { width: number; height: number }, route: string, javaScriptEnabled = true, hasTouch = false): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled, hasTouch, isMobile: hasTouch });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  trees.set(page, []);
  problems.set(page, []);
  page.on('request', (r) => {
    if (/\/sidebar-tree-\d+\.json$/.test(r.url())) trees.get(page)!.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.get(page)!.push(m.text());
  });
  page.on('pageerror', (e) => problems.get(page)!.push(e.message));
  await page.goto(site.url + route);
  return page;
}

/** The reader moves the mouse: the page loads the sidebar's carets. */
async function pointerArrives(page: Page): Promise<void> {
  await page.mouse.move(700, 450);
  await page.locator('.doc-sidebar .sidebar-caret').first().waitFor({ state: 'attached' });
}

/** Each sidebar row's box, to compare a page with and without JavaScript. */
const rowBoxes = (page: Page) => page.locator('.doc-sidebar nav.sidebar li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON()));

describe('a large sidebar', () => {
  it('expands a collapsed category in place from the shared tree, and follows a link in it (1440 px)', async () => {
    const page = await open(DESKTOP, '/guides/topic-1/part-2/g-03');
    const sidebar = page.getByRole('navigation', { name: 'Guides sidebar' });
    // The page's own branch is open; every other category is a link, with a caret button once
    // the pointer moves (none before: the page runtime does not carry them).
    expect(await sidebar.locator('summary').allInnerTexts()).toEqual(['Topic 1', 'Part 1.2']);
    expect(await sidebar.locator('a[aria-current="page"]').innerText()).toBe('Guide 1.2.3');
    expect(await page.locator('.sidebar-caret').count()).toBe(0);
    await pointerArrives(page);
    const caret = sidebar.getByRole('button', { name: 'Pages in Topic 0' });
    expect(await caret.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Part 0.1' }).count()).toBe(0);
    expect(trees.get(page)).toEqual([]);

    await caret.click();
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
    const part = sidebar.getByRole('link', { name: 'Part 0.1', exact: true });
    expect(await part.isVisible()).toBe(true);
    expect(await part.getAttribute('href')).toBe('/guides/topic-0/part-1/g-00');

    // Its own categories expand in turn, from the same file, fetched once.
    await sidebar.getByRole('button', { name: 'Pages in Part 0.1' }).click();
    const guide = sidebar.getByRole('link', { name: 'Guide 0.1.7', exact: true });
    await guide.waitFor();
    expect(await sidebar.locator('li:has(> a[href="/guides/topic-0/part-1/g-00"]) > ul > li').count()).toBe(20);
    expect(trees.get(page)).toHaveLength(1);

    await guide.click();
    await page.waitForURL(`${site.url}/guides/topic-0/part-1/g-07`);
    expect(await page.locator('h1').innerText()).toBe('Guide 0.1.7');
    expect(await page.getByRole('navigation', { name: 'Guides sidebar' }).locator('a[aria-current="page"]').innerText()).toBe('Guide 0.1.7');
    expect(problems.get(page)).toEqual([]);
  });

  it('works from the keyboard: the caret follows its link in tab order, Enter expands and collapses', async () => {
    const page = await open(DESKTOP, '/guides/topic-1/part-2/g-03');
    const sidebar = page.getByRole('navigation', { name: 'Guides sidebar' });
    // Focus coming into the page brings the carets, as the pointer does.
    await page.keyboard.press('Tab');
    const caret = sidebar.getByRole('button', { name: `Pages in ${LONG}` });
    await caret.waitFor({ state: 'attached' });
    await sidebar.getByRole('link', { name: LONG, exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await caret.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: 'Part 3.2', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Part 3.2', exact: true }).isVisible()).toBe(false);
    expect(problems.get(page)).toEqual([]);
  });

  it('adds its carets without moving anything, and without JavaScript each category links to its first guide', async () => {
    const route = '/guides/topic-1/part-2/g-03';
    const withJs = await open(DESKTOP, route);
    await pointerArrives(withJs);
    const noJs = await open(DESKTOP, route, false);
    expect(await rowBoxes(withJs)).toEqual(await rowBoxes(noJs));
    expect(await noJs.locator('.sidebar-caret').count()).toBe(0);
    // A caret lies over its link's own caret, as tall as the link, even when the label wraps.
    const link = await withJs.getByRole('link', { name: LONG, exact: true }).boundingBox();
    const caret = await withJs.getByRole('button', { name: `Pages in ${LONG}` }).boundingBox();
    expect(link!.height).toBeGreaterThan(40);
    expect(caret).toMatchObject({ y: link!.y, height: link!.height });
    expect(caret!.x + caret!.width).toBe(link!.x + link!.width);
    const topic = noJs.getByRole('link', { name: 'Topic 0', exact: true });
    await topic.click();
    await noJs.waitForURL(`${site.url}/guides/topic-0/part-0/g-00`);
    // There the category is open.
    expect(await noJs.locator('.doc-sidebar summary').allInnerTexts()).toEqual(['Topic 0', 'Part 0.0']);
  });

  it('expands a category in the mobile drawer and follows a link in it (390 px)', async () => {
    const page = await open(MOBILE, '/guides/topic-1/part-2/g-03');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const sidebar = dialog.getByRole('navigation', { name: 'Guides sidebar' });
    const caret = sidebar.getByRole('button', { name: 'Pages in Topic 2' });
    await caret.click();
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
    // The drawer stays open: the caret is no link.
    expect(await dialog.isVisible()).toBe(true);
    const part = sidebar.getByRole('link', { name: 'Part 2.3', exact: true });
    await part.scrollIntoViewIfNeeded();
    await part.click();
    await page.waitForURL(`${site.url}/guides/topic-2/part-3/g-00`);
    expect(await page.locator('h1').innerText()).toBe('Guide 2.3.0');
    expect(problems.get(page)).toEqual([]);
  });

  it('expands a category in the mobile drawer by touch, the first touch being the menu button (390 px)', async () => {
    const page = await open(MOBILE, '/guides/topic-1/part-2/g-03', true, true);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).tap();
    const sidebar = page.getByRole('dialog', { name: 'Navigation' }).getByRole('navigation', { name: 'Guides sidebar' });
    const caret = sidebar.getByRole('button', { name: 'Pages in Topic 0' });
    await caret.tap();
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: 'Part 0.3', exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${site.url}/guides/topic-1/part-2/g-03`);
    expect(problems.get(page)).toEqual([]);
  });

  it('gives the mobile drawer its carets when the expanding code comes after the drawer opened', async () => {
    const page = await open(MOBILE, '/guides/topic-1/part-2/g-03', true, true);
    // The chunk that adds the carets is held back until the drawer is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/chunk-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('sidebar-caret')) await held;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).tap();
    const sidebar = page.getByRole('dialog', { name: 'Navigation' }).getByRole('navigation', { name: 'Guides sidebar' });
    await sidebar.getByRole('link', { name: 'Topic 0', exact: true }).waitFor();
    expect(await page.locator('.sidebar-caret').count()).toBe(0);
    release();
    const caret = sidebar.getByRole('button', { name: 'Pages in Topic 0' });
    await caret.tap();
    await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: 'Part 0.3', exact: true }).isVisible()).toBe(true);
    expect(problems.get(page)).toEqual([]);
  });

  it('shows a new deploy’s tree where the host lets the browser keep files for ten minutes, as GitHub Pages does', async () => {
    // The tree's name has no hash, so the page asks for it revalidated rather than taking the
    // copy the browser kept from an earlier page.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sidebar-deploy-'));
    fs.cpSync(outDir, copy, { recursive: true });
    const host = await serveStatic(copy, { cacheControl: 'max-age=600' });
    try {
      const context = await browser.newContext({ viewport: DESKTOP });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      const expandTopic0 = async (route: string): Promise<Page> => {
        const page = await context.newPage();
        await page.goto(host.url + route);
        await pointerArrives(page);
        await page.getByRole('button', { name: 'Pages in Topic 0' }).click();
        return page;
      };
      const before = await expandTopic0('/guides/topic-1/part-2/g-03');
      await before.getByRole('link', { name: 'Part 0.1', exact: true }).waitFor();

      const tree = path.join(copy, 'sidebar-tree-0.json');
      fs.writeFileSync(tree, fs.readFileSync(tree, 'utf8').replace('"Part 0.1"', '"Part 0.1, revised"'));
      const after = await expandTopic0('/guides/topic-2/part-0/g-00');
      await after.getByRole('link', { name: 'Part 0.1, revised', exact: true }).waitFor();
    } finally {
      await host.close();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('opens the category’s landing page when the tree cannot be had', async () => {
    const page = await open(DESKTOP, '/guides/topic-1/part-2/g-03');
    await page.route(/\/sidebar-tree-\d+\.json$/, (route) => route.abort());
    await pointerArrives(page);
    await page.getByRole('button', { name: 'Pages in Topic 0' }).click();
    await page.waitForURL(`${site.url}/guides/topic-0/part-0/g-00`);
    expect(await page.locator('h1').innerText()).toBe('Guide 0.0.0');
  });
});
