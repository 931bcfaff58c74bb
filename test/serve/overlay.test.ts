// The build-error overlay of `serve --watch` in a real browser (Debian's Chromium through
// playwright-core): it lives in a shadow root, so the site's styles (its `pre` rule, or a hostile
// `* { … !important }`) cannot reach it, and its source line and caret are legible in light and
// dark mode, at phone and desktop widths. Set DOCSGEN_OVERLAY_SHOTS=/tmp/shots to keep screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { configSource, writeFiles } from '../helpers/fixture';
import { startServer } from './helpers';

const spec = (summary: string) => `openapi: 3.0.3\ninfo:\n  title: Mini API\n  version: "1"\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: ${summary}\n      responses:\n        "200":\n          description: OK\n`;
// A long line with a YAML error far to the right (column 107): the frame must scroll, not wrap.
const brokenSummary = 'Returns the flood risk of a parcel <b>by its id</b>, as the map panel its centroid falls in: FEMA zone, depth, and source';
const shots = process.env.DOCSGEN_OVERLAY_SHOTS;

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = writeFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
    'openapi.yaml': spec('Ping the API'),
    'content/guides/live.md': '---\ntitle: Live guide\n---\nSome text.\n\n```bash\ncurl https://sandbox.hyperlocal.example/v1/ping\n```\n',
  });
  server = await startServer({ root: dir, watch: true });
  await server.context!.ready;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the tests measure inside the overlay, from the page. */
interface Measured {
  inShadow: boolean;
  lightDomChildren: number;
  frameText: string;
  fontFamily: string;
  overflowX: string;
  whiteSpace: string;
  frameScrolls: boolean;
  caretInView: boolean;
  overlayOverflows: boolean;
  contrast: { source: number; caret: number; gutter: number; message: number; where: number; title: number; footer: number };
  pagePreColor: string;
  framePreColor: string;
}

function measure(): Promise<Measured> {
  return page.evaluate(() => {
    const host = document.getElementById('__docsgen-error-overlay')!;
    const root = host.shadowRoot!;
    const pre = root.querySelector('pre')!;
    const rgb = (c: string) => c.match(/[\d.]+/g)!.slice(0, 3).map(Number);
    const luminance = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (fg: string, bg: string) => {
      const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    };
    /** The colour of an element's text against the first opaque background behind it. */
    const contrast = (el: Element) => {
      let bgEl: Element | null = el;
      let bg = getComputedStyle(el).backgroundColor;
      while (bgEl && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
        bgEl = bgEl.parentElement;
        bg = bgEl ? getComputedStyle(bgEl).backgroundColor : 'rgb(255, 255, 255)';
      }
      return ratio(getComputedStyle(el).color, bg);
    };
    const pagePre = document.querySelector('main pre')!;
    return {
      inShadow: pre.getRootNode() === root && root.mode === 'open',
      lightDomChildren: host.children.length,
      frameText: pre.textContent ?? '',
      fontFamily: getComputedStyle(pre).fontFamily,
      overflowX: getComputedStyle(pre).overflowX,
      whiteSpace: getComputedStyle(pre).whiteSpace,
      frameScrolls: pre.scrollWidth > pre.clientWidth,
      // The caret (the last character of its span) is inside the frame and not under the sticky gutter.
      caretInView: (() => {
        const caret = root.querySelector('.caret')!.getBoundingClientRect();
        const frame = pre.getBoundingClientRect();
        const gutter = root.querySelectorAll('.gutter')[1].getBoundingClientRect();
        return caret.right <= frame.right && caret.right - 6 >= gutter.right;
      })(),
      overlayOverflows: host.scrollWidth > host.clientWidth,
      contrast: {
        source: contrast(pre),
        caret: contrast(root.querySelector('.caret')!),
        gutter: contrast(root.querySelector('.gutter')!),
        message: contrast(root.querySelector('.message')!),
        where: contrast(root.querySelector('.where')!),
        title: contrast(root.querySelector('h2')!),
        footer: contrast(root.querySelector('.footer')!),
      },
      pagePreColor: getComputedStyle(pagePre).color,
      framePreColor: getComputedStyle(pre).color,
    };
  });
}

const setMode = (mode: 'light' | 'dark') => page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
const panel = () => page.locator('#__docsgen-error-overlay [role="alertdialog"]');

describe('serve --watch: the error overlay', () => {
  it('is in a shadow root: the page styles do not reach it, the file text is text', async () => {
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => document.readyState === 'complete');
    await setMode('light');
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec(brokenSummary));
    await panel().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.evaluate(() => document.getElementById('__docsgen-error-overlay')!.localName)).toBe('docsgen-error-overlay');
    const m = await measure();
    expect(m.inShadow).toBe(true);
    expect(m.lightDomChildren).toBe(0);
    // The source line as text (its <b> stays literal), and the caret under column 107.
    const [source, caret] = m.frameText.split('\n');
    expect(source).toBe(`9 |       summary: ${brokenSummary}`);
    expect(caret.indexOf('^')).toBe('9 | '.length + 106);
    expect(await panel().locator('b').count()).toBe(0);
    expect(await panel().innerText()).toContain('openapi.yaml:9:107');
    // The page's `pre` rule paints its own code dark-on-light; the overlay's frame keeps its colours.
    expect(m.pagePreColor).not.toBe(m.framePreColor);
    expect(m.fontFamily).toMatch(/monospace/);
    expect(m.overflowX).toBe('auto');
    expect(m.whiteSpace).toBe('pre');
  });

  it.each(['light', 'dark'] as const)('%s mode: source line, caret, gutter and message are ≥ 4.5:1 against their background', async (mode) => {
    await setMode(mode);
    await expect.poll(() => page.evaluate(() => document.getElementById('__docsgen-error-overlay')!.dataset.mode)).toBe(mode);
    const { contrast } = await measure();
    console.log(`overlay contrast, ${mode}: ${Object.entries(contrast).map(([part, v]) => `${part} ${v.toFixed(1)}:1`).join(', ')}`);
    for (const [part, value] of Object.entries(contrast)) expect.soft(value, `${mode} ${part}: ${value.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
    expect(contrast.source).toBeGreaterThanOrEqual(7);
  });

  it('hostile page styles (`* { color: … !important }`, a rule for the host itself) change nothing', async () => {
    await setMode('light');
    const before = await measure();
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.id = 'hostile';
      style.textContent = '* { color: #fff !important; background: #fff !important; font-family: serif !important; } docsgen-error-overlay, #__docsgen-error-overlay { display: none !important; opacity: 0 !important; }';
      document.head.append(style);
    });
    await expect(panel().isVisible()).resolves.toBe(true);
    const after = await measure();
    expect(after.contrast).toEqual(before.contrast);
    expect(after.fontFamily).toBe(before.fontFamily);
    await page.evaluate(() => document.getElementById('hostile')!.remove());
  });

  it.each([
    [390, 844],
    [1440, 900],
  ])('at %d px wide: the long source line scrolls inside its frame (caret in view), the overlay does not overflow', async (width, height) => {
    await page.setViewportSize({ width, height });
    // A page opened while the build is broken shows the overlay at once, laid out at this width.
    await page.reload();
    await panel().waitFor({ state: 'visible', timeout: 15_000 });
    for (const mode of ['light', 'dark'] as const) {
      await setMode(mode);
      await expect.poll(() => page.evaluate(() => document.getElementById('__docsgen-error-overlay')!.dataset.mode)).toBe(mode);
      const m = await measure();
      expect(m.frameScrolls).toBe(true);
      expect(m.caretInView).toBe(true);
      expect(m.overlayOverflows).toBe(false);
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, `overlay-${width}-${mode}.png`) });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('Close removes it; a good save clears it', async () => {
    await panel().getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('#__docsgen-error-overlay').count()).toBe(0);
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec(`${brokenSummary}: again`));
    await panel().waitFor({ state: 'visible', timeout: 15_000 });
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), spec('Ping the API, fixed'));
    await expect.poll(() => page.locator('#__docsgen-error-overlay').count(), { timeout: 15_000 }).toBe(0);
  });
});
