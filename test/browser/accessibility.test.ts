// axe-core (WCAG 2.1 A and AA rules) on one page of each type, in both colour modes, and the
// keyboard basics: the skip link comes first and every focused control shows a focus ring.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveShippedSite } from '../helpers/browser';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const pages = {
  home: '/',
  guide: '/guides/market-statistics/dictionary',
  'guides landing': '/guides',
  'tag list': '/guides/tags',
  'API overview': '/api/hyperlocal-api-reference',
  'API tag': '/api/schools',
  'API operation': '/api/get-school',
  search: '/search',
  'not found': '/404.html',
};

let browser: Browser;
let server: Awaited<ReturnType<typeof serveShippedSite>>;

beforeAll(async () => {
  server = await serveShippedSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('accessibility', () => {
  for (const mode of ['light', 'dark'] as const) {
    it.each(Object.entries(pages))(`%s page has no WCAG 2.1 A/AA violations in ${mode} mode`, async (_name, route) => {
      const context = await browser.newContext({ colorScheme: mode, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url + route);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(mode);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
      });
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  it('starts keyboard navigation with the skip link, which moves focus to the main content', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/guides/boundaries/virtual-layers`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main-content');
    await context.close();
  });

  it('shows a visible focus indicator on every control reached with Tab', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/api/search-boundaries`);
    const missing: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const label = el.matches('input[type=radio]') ? el.nextElementSibling : null;
        const labelStyle = label ? getComputedStyle(label) : null;
        const visible = (s: CSSStyleDeclaration | null) => !!s && ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none');
        return { name: `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} ${el.textContent?.trim().slice(0, 30) ?? ''}`, ok: visible(style) || visible(labelStyle) };
      });
      if (!info.ok) missing.push(info.name);
    }
    expect(missing).toEqual([]);
    await context.close();
  });
});
