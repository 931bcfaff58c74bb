// #21 Branding in a real browser: the primary colour reaches links and buttons in light mode,
// its lighter variant in dark mode, and the dark logo shows in dark mode only, by CSS alone.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';
import { hue, rgbToHex, wcagContrast } from '../unit/branding/wcag';

const PRIMARY = '#7c3aed';
const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="32"><rect width="96" height="32" rx="6" fill="${fill}"/></svg>`;

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let dir: string;

beforeAll(async () => {
  const site = await buildFiles({
    'docsgen.config.ts': configSource({
      navbar: { logo: { alt: 'Violet Co', src: 'brand/logo.svg', srcDark: 'brand/logo-dark.svg' }, items: [{ label: 'Guides', to: '/guides/start', position: 'left' }] },
      branding: { primaryColor: PRIMARY },
      home: { hero: { actions: [{ label: 'Start', to: '/guides/start' }] } },
    }),
    'content/guides/start.md': '---\ntitle: Start\n---\nRead [the other page](./other.md).\n',
    'content/guides/other.md': '---\ntitle: Other\n---\nText.\n',
    'brand/logo.svg': svg('#4c1d95'),
    'brand/logo-dark.svg': svg('#ddd6fe'),
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

async function open(route: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(server.url + route);
  return page;
}

/** What the reader sees: the theme, a content link's colour, the page background, which logo is shown. */
const look = (page: Page) =>
  page.evaluate(() => {
    const shown = (selector: string) => {
      const el = document.querySelector(selector)!;
      return getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0;
    };
    return {
      theme: document.documentElement.dataset.theme,
      link: getComputedStyle(document.querySelector('.markdown a')!).color,
      background: getComputedStyle(document.body).backgroundColor,
      lightLogo: shown('.navbar-logo-light'),
      darkLogo: shown('.navbar-logo-dark'),
    };
  });

describe('#21 branding in the browser', () => {
  it('light mode: links and the primary button take the primary colour, and the light logo shows', async () => {
    const page = await open('/guides/start', 'light');
    const seen = await look(page);
    expect(seen.theme).toBe('light');
    expect(rgbToHex(seen.link)).toBe(PRIMARY);
    expect(seen).toMatchObject({ lightLogo: true, darkLogo: false });
    const home = await open('/', 'light');
    expect(rgbToHex(await home.evaluate(() => getComputedStyle(document.querySelector('.hero-actions .button-primary')!).backgroundColor))).toBe(PRIMARY);
    await page.close();
    await home.close();
  });

  it('dark mode: links take a lighter violet that reads on the dark background, and only the dark logo shows', async () => {
    const page = await open('/guides/start', 'dark');
    const seen = await look(page);
    expect(seen.theme).toBe('dark');
    const link = rgbToHex(seen.link);
    expect(link).not.toBe(PRIMARY);
    expect(wcagContrast(link, rgbToHex(seen.background))).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hue(link) - hue(PRIMARY))).toBeLessThan(3);
    expect(seen).toMatchObject({ lightLogo: false, darkLogo: true });
    await page.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`${mode} mode: the current page's sidebar link is drawn in the derived accent text on the accent tint, readable`, async () => {
      const page = await open('/guides/start', mode);
      const current = await page.evaluate(() => {
        const a = document.querySelector('.sidebar a[aria-current="page"]')!;
        const root = getComputedStyle(document.documentElement);
        return {
          color: getComputedStyle(a).color,
          background: getComputedStyle(a).backgroundColor,
          muted: root.getPropertyValue('--c-muted').trim(),
          accentText: root.getPropertyValue('--c-accent-soft-text').trim(),
        };
      });
      expect(rgbToHex(current.color)).toBe(current.accentText.toLowerCase());
      expect(rgbToHex(current.color)).not.toBe(current.muted.toLowerCase());
      expect(Math.abs(hue(rgbToHex(current.color)) - hue(PRIMARY))).toBeLessThan(3);
      expect(wcagContrast(rgbToHex(current.color), rgbToHex(current.background))).toBeGreaterThanOrEqual(4.5);
      await page.close();
    });
  }

  it('the logo follows the reader’s switch to dark mode without a reload', async () => {
    const page = await open('/guides/start', 'light');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    expect(await look(page)).toMatchObject({ lightLogo: false, darkLogo: true });
    await page.close();
  });
});
