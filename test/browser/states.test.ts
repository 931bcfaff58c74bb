// #15 States and errors (SPEC §4, §8), in a real browser: island failures that can be read in
// the navbar and the announcement bar at 390 and 1280 px in both modes, the spinner while an
// island's code loads after a click, the system colour preference followed live, smooth
// in-page scrolling (easing factor 0.85) and the back-to-top button.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite } from '../helpers/browser';

let browser: Browser;
let server: { url: string; close(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await serveShippedSite();
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

const GUIDE = '/guides/getting-started/quick-start';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A and AA violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
  });
}
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** Serves the island's module with its component replaced by one that throws while rendering. */
async function crashIsland(page: Page, island: string): Promise<void> {
  await page.route(new RegExp(`island-${island}-[^/]*\\.js`), async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    // Every island module ends `(element, props, …) => mount(element, Component, props, …)`.
    const crashed = text.replace(/(=>\w+\(\w+,)(\w+)(,\w+(?:,\w+)*\);export\{)/, '$1()=>{throw new Error("The island could not read its settings",{cause:new Error("storage exploded")})}$3');
    expect(crashed).not.toBe(text);
    await route.fulfill({ response, body: crashed });
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, outer: Box) => a.x >= outer.x - 0.5 && a.y >= outer.y - 0.5 && a.x + a.width <= outer.x + outer.width + 0.5 && a.y + a.height <= outer.y + outer.height + 0.5;

/** WCAG contrast of an element's text against the first opaque background behind it. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const value = rgb(getComputedStyle(node).backgroundColor);
      if (value.length === 3 || (value.length === 4 && value[3] === 1)) {
        background = value.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

const cases = [
  { name: 'the colour-mode switch crashes', island: 'ColorModeToggle', fault: 'crash', bar: '.navbar', trigger: '.color-mode-toggle', title: 'This page crashed', action: 'Try again' },
  { name: 'the colour-mode switch cannot load', island: 'ColorModeToggle', fault: 'load', bar: '.navbar', trigger: '.color-mode-toggle', title: 'could not be loaded', action: 'Retry' },
  { name: 'the search box crashes', island: 'SearchBox', fault: 'crash', bar: '.navbar', trigger: '[data-island="SearchBox"] input', title: 'This page crashed', action: 'Try again' },
  { name: 'the announcement close button cannot load', island: 'AnnouncementDismiss', fault: 'load', bar: '.announcement-bar', trigger: '.announcement-bar-close', title: 'could not be loaded', action: 'Retry' },
  { name: 'the announcement close button crashes', island: 'AnnouncementDismiss', fault: 'crash', bar: '.announcement-bar', trigger: '.announcement-bar-close', title: 'This page crashed', action: 'Try again' },
] as const;

describe('#15 island errors that can be read', () => {
  it.each(cases)('$name: a warning button in place and a readable alert within the viewport (390 and 1280 px, light and dark)', async ({ island, fault, bar, trigger, title, action }) => {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        const where = `${viewport.width} px, ${colorScheme}`;
        const page = await newPage({ viewport, colorScheme });
        if (fault === 'crash') await crashIsland(page, island);
        else await page.route(new RegExp(`island-${island}-[^/]*\\.js`), (route) => route.abort());
        await page.goto(server.url + GUIDE);
        const barBox = (await page.locator(bar).boundingBox())!;
        await page.locator(trigger).click();

        const alert = page.locator('.island-error-toast[role="alert"]');
        await alert.waitFor({ state: 'visible' });
        expect(await alert.innerText(), where).toContain(title);
        if (fault === 'crash') expect(await alert.innerText(), where).toContain('Cause: storage exploded');
        // In place: a small warning button inside the bar, the bar keeps its height.
        const marker = page.locator(`[data-island="${island}"] .island-error-marker`);
        expect(await marker.isVisible(), where).toBe(true);
        const markerBox = (await marker.boundingBox())!;
        expect(inside(markerBox, barBox), where).toBe(true);
        expect((await page.locator(bar).boundingBox())!.height, where).toBeCloseTo(barBox.height, 0);
        expect(await marker.getAttribute('aria-expanded'), where).toBe('true');

        // The alert: inside the viewport, over neither the bars nor the page title, readable.
        const box = (await alert.boundingBox())!;
        expect(inside(box, { x: 0, y: 0, ...viewport }), `${where}: ${JSON.stringify(box)}`).toBe(true);
        for (const other of ['.announcement-bar', '.navbar', 'main h1']) {
          expect(overlaps(box, (await page.locator(other).boundingBox())!), `${where}: over ${other}`).toBe(false);
        }
        expect(await contrastOf(page, '.island-error-toast .island-error-title'), where).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(page, '.island-error-toast .island-error-text'), where).toBeGreaterThanOrEqual(4.5);
        const button = alert.getByRole('button', { name: action });
        expect(inside((await button.boundingBox())!, { x: 0, y: 0, ...viewport }), where).toBe(true);

        // Dismissed, the warning button brings it back.
        await alert.getByRole('button', { name: 'Dismiss' }).click();
        await expect.poll(() => alert.isVisible()).toBe(false);
        expect(await marker.getAttribute('aria-expanded'), where).toBe('false');
        await marker.click();
        await expect.poll(() => alert.isVisible()).toBe(true);
        // Escape inside it closes it too, and the keyboard is back on the warning button.
        await button.focus();
        await page.keyboard.press('Escape');
        await expect.poll(() => alert.isVisible()).toBe(false);
        expect(await marker.evaluate((el) => el === document.activeElement), where).toBe(true);
      }
    }
  }, 60_000);

  it.each(SCHEMES)('has no WCAG 2.1 A/AA violations with a failed navbar island and its panel open (%s)', async (colorScheme) => {
    const page = await newPage({ colorScheme });
    await crashIsland(page, 'ColorModeToggle');
    await page.goto(server.url + GUIDE);
    await page.locator('.color-mode-toggle').click();
    await page.locator('.island-error-toast').waitFor({ state: 'visible' });
    expect(await violations(page)).toEqual([]);
  });

  it('an island in the content area shows the block fallback in place, inside the content column', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await crashIsland(page, 'SearchPage');
    await page.goto(`${server.url}/search?q=boundary`);
    const crash = page.locator('main .island-crash[role="alert"]');
    await crash.waitFor({ state: 'visible' });
    expect(await crash.locator('.island-crash-title').innerText()).toBe('This page crashed');
    expect(await page.locator('.island-error-toast').count()).toBe(0);
    const box = (await crash.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await contrastOf(page, 'main .island-crash .island-error-title')).toBeGreaterThanOrEqual(4.5);
    expect(await crash.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
  });

  it('shows a spinner while the island code loads after the click that needs it, then the island', async () => {
    const page = await newPage({ colorScheme: 'light' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/island-ColorModeToggle-[^/]*\.js/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(server.url + GUIDE);
    await page.locator('.color-mode-toggle').click();
    const busy = page.locator('[data-island="ColorModeToggle"][aria-busy="true"]');
    await busy.waitFor({ state: 'attached' });
    const spinner = await busy.evaluate((el) => {
      const style = getComputedStyle(el, '::after');
      return { content: style.content, animation: style.animationName, width: parseFloat(style.width) };
    });
    expect(spinner.content).not.toBe('none');
    expect(spinner.animation).toBe('island-spin');
    expect(spinner.width).toBeGreaterThanOrEqual(12);
    release();
    // The held click opens the theme menu once the code has arrived.
    await page.getByRole('menu', { name: 'Theme' }).waitFor({ state: 'visible' });
    expect(await page.locator('[data-island][aria-busy]').count()).toBe(0);
  });

  it('shows the spinner, then the alert with Retry when the code fails to load', async () => {
    const page = await newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/island-ColorModeToggle-[^/]*\.js/, async (route) => {
      await released;
      await route.abort();
    });
    await page.goto(server.url + GUIDE);
    await page.locator('.color-mode-toggle').click();
    await page.locator('[data-island="ColorModeToggle"][aria-busy="true"]').waitFor({ state: 'attached' });
    release();
    const alert = page.locator('.island-error-toast[role="alert"]');
    await alert.waitFor({ state: 'visible' });
    expect(await page.locator('[data-island][aria-busy]').count()).toBe(0);
    expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  });
});

const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));

describe('#17 the theme menu', () => {
  it.each(SCHEMES)('has no WCAG 2.1 A/AA violations with the menu open (%s)', async (colorScheme) => {
    const page = await newPage({ colorScheme });
    await page.goto(server.url + '/');
    await page.locator('.color-mode-toggle').click();
    await page.getByRole('menu', { name: 'Theme' }).waitFor({ state: 'visible' });
    expect(await violations(page)).toEqual([]);
    // Each choice is readable on the menu's background.
    for (const item of await page.getByRole('menuitemradio').all()) expect(await item.evaluate((el) => el.textContent)).toMatch(/^(System|Light|Dark)$/);
    expect(await contrastOf(page, '.color-mode-item[aria-checked="true"] .color-mode-item-label')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('#15 system colour preference followed live', () => {
  it('switches an open page when the system mode changes, while the choice is "System"', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await page.goto(server.url + GUIDE);
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    // The theme button names the choice, not the mode it gives.
    expect(await page.getByRole('button', { name: 'Theme: System' }).isVisible()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
  });

  it('keeps a stored choice, and a choice made on the page, when the system mode changes', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto(server.url + GUIDE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(200);
    expect(await theme(page)).toBe('light');

    const other = await newPage({ colorScheme: 'light' });
    await other.goto(server.url + GUIDE);
    await other.click('.color-mode-toggle');
    await other.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => theme(other)).toBe('dark');
    await other.emulateMedia({ colorScheme: 'dark' });
    await other.emulateMedia({ colorScheme: 'light' });
    await other.waitForTimeout(200);
    expect(await theme(other)).toBe('dark');
  });
});

/** Clicks the link in the page and records scrollY on each of the next frames. */
function clickAndTrack(page: Page, selector: string, frames = 90): Promise<number[]> {
  return page.evaluate(
    ({ selector, frames }) =>
      new Promise<number[]>((resolve) => {
        const ys: number[] = [];
        (document.querySelector(selector) as HTMLElement).click();
        ys.push(scrollY);
        const tick = () => {
          ys.push(scrollY);
          if (ys.length < frames) requestAnimationFrame(tick);
          else resolve(ys);
        };
        requestAnimationFrame(tick);
      }),
    { selector, frames },
  );
}

/** Each frame's remaining distance divided by the previous one's, while more than 8 px remain. */
function ratios(ys: number[]): number[] {
  const end = ys[ys.length - 1];
  const out: number[] = [];
  for (let i = 1; i < ys.length; i++) {
    const [before, after] = [Math.abs(ys[i - 1] - end), Math.abs(ys[i] - end)];
    if (before > 8 && after !== before) out.push(after / before);
  }
  return out;
}

describe('#15 smooth in-page scrolling', () => {
  it('scrolls to a table-of-contents entry with the 0.85 easing, puts its hash in the URL and focuses the heading', async () => {
    const page = await newPage();
    await page.goto(server.url + GUIDE);
    const href = await page.locator('.toc-link').nth(3).getAttribute('href');
    const ys = await clickAndTrack(page, `.toc-link[href="${href}"]`);
    const steps = ratios(ys);
    expect(steps.length, JSON.stringify(ys)).toBeGreaterThan(8);
    for (const ratio of steps.slice(0, 8)) expect(ratio).toBeCloseTo(0.85, 1);
    expect(new URL(page.url()).hash).toBe(href);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(href!.slice(1));
    // It ends where the browser puts that heading: below the sticky navbar (scroll-padding-top),
    // or as near as the end of the page allows.
    const end = await page.locator(href!).evaluate((el) => ({
      top: el.getBoundingClientRect().top,
      padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      atBottom: Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight,
    }));
    // Within a pixel: Chromium lays out and scrolls in fractions of a pixel (75.5 for 76).
    if (!end.atBottom) expect(Math.abs(end.top - end.padding)).toBeLessThanOrEqual(1);
    else expect(end.top).toBeGreaterThanOrEqual(end.padding - 1);
  });

  it('scrolls smoothly to a heading from its "#" link', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(server.url + GUIDE);
    const id = await page.locator('main h2[id]').nth(2).getAttribute('id');
    const ys = await clickAndTrack(page, `#${id} > .hash-link`);
    expect(ratios(ys).length).toBeGreaterThan(8);
    expect(new URL(page.url()).hash).toBe(`#${id}`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
  });

  it('jumps at once when the reader prefers reduced motion', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(server.url + GUIDE);
    const href = await page.locator('.toc-link').nth(3).getAttribute('href');
    const ys = await clickAndTrack(page, `.toc-link[href="${href}"]`, 20);
    expect(new Set(ys.slice(1)).size).toBe(1);
    expect(new URL(page.url()).hash).toBe(href);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(href!.slice(1));
  });
});

describe('#15 back to top', () => {
  it.each(VIEWPORTS)('appears after scrolling down a long page, is a labelled 44 px button with a focus ring, and scrolls back up ($width px)', async (viewport) => {
    const page = await newPage({ viewport });
    await page.goto(server.url + GUIDE);
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => button.isVisible()).toBe(true);
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(inside(box, { x: 0, y: 0, ...viewport })).toBe(true);
    // Reached with the keyboard, it shows a focus ring.
    await page.keyboard.press('Shift');
    await button.focus();
    expect(await button.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    // Without React: no island code was needed.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/island-')))).toBe(false);
    const ys = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const ys = [scrollY];
          (document.querySelector('.back-to-top') as HTMLElement).click();
          const tick = () => {
            ys.push(scrollY);
            if (ys.length < 90) requestAnimationFrame(tick);
            else resolve(ys);
          };
          requestAnimationFrame(tick);
        }),
    );
    expect(ys[ys.length - 1]).toBe(0);
    expect(ratios(ys).length).toBeGreaterThan(8);
    await expect.poll(() => button.isVisible()).toBe(false);
  });

  it.each(SCHEMES)('has no WCAG 2.1 A/AA violations while shown (%s)', async (colorScheme) => {
    const page = await newPage({ colorScheme });
    await page.goto(server.url + GUIDE);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => page.getByRole('button', { name: 'Back to top' }).isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
  });
});
