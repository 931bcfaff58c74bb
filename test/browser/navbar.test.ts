// The navbar in a real browser (#14, points 10 and 11; #17 the theme menu): the theme button is
// styled like the search box and says the reader's choice before React has loaded (system,
// light or dark), without a hydration mismatch; and at phone, tablet and desktop widths
// every navbar control is a big enough tap target and no two of them overlap or touch; without a
// search box, a phone shows the title whole, or a long one cut with an ellipsis.
import fs from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

const toggle = '.color-mode-toggle';
const SYSTEM_NAME = 'Theme: System';
const DARK_NAME = 'Theme: Dark';
const LIGHT_NAME = 'Theme: Light';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
/** The same site with development React, which reports hydration mismatches. */
let devServer: { url: string; close(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await serveShippedSite();
  devServer = await serveShippedSite({ dev: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await devServer?.close();
});

async function open(route: string, options: BrowserContextOptions = {}, base = server.url): Promise<{ page: Page; context: BrowserContext; logs: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(base + route);
  return { page, context, logs };
}

/** Whether the switch's island code has been fetched (it hydrates on first pointer, focus or touch). */
const islandLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /island-ColorModeToggle-/.test(e.name)));

/** Chromium's own accessible names of the page's buttons (the tree screen readers get). */
async function buttonNames(page: Page, context: BrowserContext): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[] };
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && n.role?.value === 'button').map((n) => n.name?.value ?? '');
}

/** What the switch shows and says: its visible icon, the tooltip under the pointer at its centre. */
function switchState(page: Page) {
  return page.evaluate((selector) => {
    const button = document.querySelector<HTMLElement>(selector)!;
    const icons = [...button.querySelectorAll('svg')].filter((svg) => svg.checkVisibility() && svg.getBoundingClientRect().width > 0);
    const r = button.getBoundingClientRect();
    const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      icons: icons.map((svg) => svg.getAttribute('class') ?? ''),
      tooltip: under?.closest('[title]')?.getAttribute('title') ?? null,
      pointerHitsSwitch: !!under && button.contains(under),
    };
  }, toggle);
}

describe('#14 the colour-mode switch', () => {
  it.each([
    ['phone', { width: 390, height: 844 }, 44],
    ['desktop', { width: 1440, height: 900 }, 32],
  ] as const)('is styled like the search box: round, themed, with hover and focus states (%s)', async (_size, viewport, minSize) => {
    const { page, logs } = await open('/guides/getting-started/quick-start', { viewport });
    const styles = await page.evaluate((selector) => {
      const pick = (el: Element) => {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return { radius: parseFloat(s.borderTopLeftRadius), bg: s.backgroundColor, border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`, width: r.width, height: r.height, cursor: s.cursor, outline: `${s.outlineStyle} ${s.outlineWidth}` };
      };
      // A button with the browser's own styles, to tell "styled" from "default".
      const plain = document.createElement('button');
      plain.textContent = 'x';
      document.body.append(plain);
      const result = { switch: pick(document.querySelector(selector)!), search: pick(document.querySelector('.navbar-search-input')!), plain: pick(plain) };
      plain.remove();
      return result;
    }, toggle);
    const s = styles.switch;
    expect(s.bg).not.toBe(styles.plain.bg);
    expect(s.border).not.toBe(styles.plain.border);
    expect(s.cursor).toBe('pointer');
    // Round, and as tall as the search box beside it, with its border and background.
    expect(s.radius).toBeGreaterThanOrEqual(s.height / 2);
    expect(s.width).toBe(s.height);
    expect(s.height).toBeGreaterThanOrEqual(minSize);
    expect(s.height).toBe(styles.search.height);
    expect(s.border).toBe(styles.search.border);
    expect(s.bg).toBe(styles.search.bg);

    await page.hover(toggle);
    await expect.poll(() => page.$eval(toggle, (el) => getComputedStyle(el).borderTopColor)).not.toBe(s.border.split(' ').slice(2).join(' '));
    await page.focus(toggle);
    expect(await page.$eval(toggle, (el) => el.matches(':focus-visible') && `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`)).toBe('solid 2px');
    expect(logs).toEqual([]);
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const)('says and shows the "system" choice before React has loaded, in dark colours from the system preference (%s)', async (_size, viewport) => {
    const { page, context, logs } = await open('/', { viewport, colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    const names = await buttonNames(page, context);
    expect(await switchState(page)).toEqual({ icons: ['color-mode-icon color-mode-icon-system'], tooltip: SYSTEM_NAME, pointerHitsSwitch: true });
    // None of the above woke the island: this is the server's markup with the head script's choice.
    expect(await islandLoaded(page)).toBe(false);
    expect(names).toContain(SYSTEM_NAME);
    expect(names).not.toContain(DARK_NAME);
    expect(logs).toEqual([]);
  });

  it('says and shows a stored choice before React has loaded, and follows each choice made in the menu', async () => {
    const { page, context, logs } = await open('/', { colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    expect(await buttonNames(page, context)).toContain(LIGHT_NAME);
    expect(await switchState(page)).toEqual({ icons: ['color-mode-icon color-mode-icon-light'], tooltip: LIGHT_NAME, pointerHitsSwitch: true });
    expect(await islandLoaded(page)).toBe(false);
    await page.click(toggle);
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await expect.poll(() => buttonNames(page, context)).toContain(DARK_NAME);
    expect(await switchState(page)).toEqual({ icons: ['color-mode-icon color-mode-icon-dark'], tooltip: DARK_NAME, pointerHitsSwitch: true });
    await page.click(toggle);
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect.poll(() => buttonNames(page, context)).toContain(SYSTEM_NAME);
    expect((await switchState(page)).icons).toEqual(['color-mode-icon color-mode-icon-system']);
    expect(logs).toEqual([]);
  });

  it.each(['dark', 'light'] as const)('hydrates without a mismatch in %s mode (development React)', async (mode) => {
    const { page, context, logs } = await open('/guides/getting-started/quick-start', { colorScheme: mode }, devServer.url);
    await page.hover(toggle);
    await expect.poll(() => islandLoaded(page)).toBe(true);
    // Hydrated: React owns the button, and the menu switches the mode.
    await page.click(toggle);
    await page.getByRole('menuitemradio', { name: mode === 'dark' ? 'Light' : 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(mode === 'dark' ? 'light' : 'dark');
    expect(await buttonNames(page, context)).toContain(mode === 'dark' ? LIGHT_NAME : DARK_NAME);
    expect(logs).toEqual([]);
  });

  it('is hidden without JavaScript, where it could not switch anything (as is the search box, which could find nothing)', async () => {
    const { page } = await open('/', { javaScriptEnabled: false, colorScheme: 'dark' });
    expect(await page.locator(toggle).isVisible()).toBe(false);
    expect(await page.locator('.navbar-search-input').isVisible()).toBe(false);
    // The language and version menus are <details>: they work without JavaScript.
    expect(await page.locator('.navbar-dropdown > summary').evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetWidth > 0))).toEqual([true, true]);
    expect(await page.locator('.navbar-left .navbar-link').allInnerTexts()).toEqual(['Guides', 'API']);
  });
});

interface Target {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every control of the navbar a reader can tap, with its box. */
function navbarTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.navbar :is(a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]))')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
        return { name, x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((t) => t.width > 0 && t.height > 0),
  );
}

/**
 * The problems of a set of tap targets: each is at least 44 × 44 px, or at least 24 × 24 px with
 * room around it (the 44 × 44 px box centred on it overlaps no other target: WCAG 2.2 2.5.8 asks
 * for 24 px, 2.5.5 for 44); no two overlap or touch (at least 4 px apart); all inside the viewport.
 */
function targetProblems(targets: Target[], viewportWidth: number): string[] {
  const problems: string[] = [];
  const px = (n: number) => Math.round(n * 10) / 10;
  const apart = (a: Target, b: Target, gap: number) => a.x + a.width + gap <= b.x + 0.01 || b.x + b.width + gap <= a.x + 0.01 || a.y + a.height + gap <= b.y + 0.01 || b.y + b.height + gap <= a.y + 0.01;
  const inflated = (t: Target): Target => {
    const width = Math.max(t.width, 44);
    const height = Math.max(t.height, 44);
    return { ...t, x: t.x + (t.width - width) / 2, y: t.y + (t.height - height) / 2, width, height };
  };
  for (const t of targets) {
    if (t.x < -0.01 || t.x + t.width > viewportWidth + 0.01) problems.push(`${t.name} sticks out of the viewport (x ${px(t.x)}, width ${px(t.width)})`);
    if (t.width >= 44 && t.height >= 44) continue;
    if (t.width < 24 || t.height < 24) problems.push(`${t.name} is ${px(t.width)} × ${px(t.height)} px`);
    else for (const o of targets) if (o !== t && !apart(inflated(t), o, 0)) problems.push(`${t.name} (${px(t.width)} × ${px(t.height)} px) has no room beside ${o.name}`);
  }
  for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) if (!apart(targets[i], targets[j], 4)) problems.push(`${targets[i].name} and ${targets[j].name} overlap or touch`);
  return problems;
}

describe('#14 navbar tap targets', () => {
  for (const width of [320, 390, 768, 1440]) {
    for (const js of [true, false]) {
      it(`are big enough and apart at ${width} px${js ? '' : ' without JavaScript'}`, async () => {
        const { page } = await open('/guides/boundaries/virtual-layers', { viewport: { width, height: 800 }, javaScriptEnabled: js });
        const targets = await navbarTargets(page);
        // The menu (with JavaScript, below 996 px), home link, search, colour mode and language at least.
        expect(targets.length).toBeGreaterThanOrEqual(js ? 4 : 3);
        expect(targetProblems(targets, width)).toEqual([]);
        // The navbar keeps to one row of its own height, and the page does not scroll sideways.
        const layout = await page.evaluate(() => ({ navbar: document.querySelector('.navbar')!.getBoundingClientRect().height, scrollWidth: document.documentElement.scrollWidth }));
        expect(layout.navbar).toBeLessThanOrEqual(61);
        expect(layout.scrollWidth).toBeLessThanOrEqual(width);
        // The brand's title is shown whole where it is shown at all (not cut by its neighbours;
        // the narrowest phones keep it for screen readers only, a 1 px box).
        const title = await page.evaluate(() => {
          const el = document.querySelector<HTMLElement>('.navbar-title');
          return el && el.checkVisibility() && el.getBoundingClientRect().width > 1 ? { scroll: el.scrollWidth, client: el.clientWidth } : null;
        });
        if (title) expect(title.scroll).toBeLessThanOrEqual(title.client);
      });
    }
  }

  it('keep their size with the search box focused on a phone', async () => {
    const { page } = await open('/guides/boundaries/virtual-layers', { viewport: { width: 320, height: 700 } });
    await page.focus('.navbar-search-input');
    await page.keyboard.type('bound');
    await expect.poll(() => page.locator('.search-option').count()).toBeGreaterThan(0);
    const targets = (await navbarTargets(page)).filter((t) => !t.name.includes('search-option'));
    expect(targetProblems(targets, 320)).toEqual([]);
  });

  it('the language menu opens from a target of its own size at 390 px', async () => {
    const { page } = await open('/', { viewport: { width: 390, height: 844 } });
    const summary = page.locator('.navbar-dropdown:not([data-version-menu]) > summary');
    const box = (await summary.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await summary.click();
    const link = page.locator('.navbar-dropdown:not([data-version-menu]) .navbar-dropdown-menu a');
    expect(await link.isVisible()).toBe(true);
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.height).toBeGreaterThanOrEqual(44);
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(390);
  });
});

describe('the navbar title on a phone, without a search box', () => {
  // The title is cut to 5rem on a phone to leave the search box room for its placeholder; a
  // navbar without a search box (the config's `navbar.items` name none) has that room to spare.
  const sites: { dir: string; server: { url: string; close(): Promise<void> } }[] = [];
  afterAll(async () => {
    for (const site of sites) {
      await site.server.close();
      fs.rmSync(site.dir, { recursive: true, force: true });
    }
  });

  async function title(navbarTitle: string): Promise<{ shown: number; whole: number; right: number }> {
    const site = await buildFiles({ 'docsgen.config.ts': configSource({ navbar: { title: navbarTitle, items: [{ label: 'Guides', to: '/guides/start', position: 'left' }] } }), 'content/guides/start.md': '# Start\n\nParcels, wards and boundaries.\n' });
    const server = await serveStatic(site.result.config.outDir);
    sites.push({ dir: site.dir, server });
    const { page } = await open('/guides/start', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, server.url);
    return page.locator('.navbar-title').evaluate((el) => ({ shown: el.clientWidth, whole: el.scrollWidth, right: el.getBoundingClientRect().right }));
  }

  it('shows a short title whole', async () => {
    const { shown, whole } = await title('Real spec');
    expect(whole).toBeLessThanOrEqual(shown);
  });

  it('ends a long title in an ellipsis inside the screen', async () => {
    const { shown, whole, right } = await title('PropData Neighbourhood Insights Developer Documentation');
    expect(whole).toBeGreaterThan(shown);
    expect(shown).toBeGreaterThan(150);
    expect(right).toBeLessThanOrEqual(390);
  });
});
