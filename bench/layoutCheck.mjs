// What a reader sees run out of a page's main column, checked in Chromium: shared by the browser
// tests (test/helpers/browser.ts, on the shipped site and on built long texts) and by
// bench/realSpecs.mjs --layout, which runs it on real specs' pages at a phone's and a desktop's width.
import http from 'node:http';
import sirv from 'sirv';

/** How far a box's text may pass its edge: an inline code broken at a line's end overhangs by its padding and border (3–4 px). */
export const TEXT_OVERHANG_PX = 8;

/** The widths a page is checked at: a phone's, and a desktop's with the sidecar beside the text. */
export const LAYOUT_WIDTHS = [390, 1440];

/**
 * What runs out of the open page's main column (`.doc-main`): elements ending beyond it, and boxes
 * whose own text is wider than they are, outside any box that scrolls (code, tab lists; a box that
 * clips hides what runs out of it, which is no better). A document wider than the screen shows in
 * `scrollWidth`, but not text running under the sidecar or cut off by a box that clips.
 * Each as `tag.class: its first 40 characters of text`.
 */
export function outsideMainColumn(page) {
  return page.locator('.doc-main').evaluate((main, overhang) => {
    const limit = main.getBoundingClientRect().right + 1;
    const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const inScroller = (e) => {
      for (let a = e.parentElement; a && a !== main; a = a.parentElement) if (scrolls(a)) return true;
      return false;
    };
    return [...main.querySelectorAll('*')]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        const ownText = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
        return box.width > 0 && !inScroller(e) && (box.right > limit || (ownText && !scrolls(e) && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + overhang));
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').trim().slice(0, 40)}`);
  }, TEXT_OVERHANG_PX);
}

/**
 * Up to `count` of a site's API pages (site paths of HTML files), spread evenly over them in path
 * order, the API's landing page first: tag, operation and schema pages alike, without building a
 * list of page types that a real spec's slugs could confuse.
 */
export function layoutSample(files, count) {
  const api = files.filter((f) => f.startsWith('api/')).sort();
  if (api.length <= count) return api;
  const landing = api.includes('api/index.html') ? ['api/index.html'] : [];
  const rest = api.filter((f) => f !== 'api/index.html');
  const want = count - landing.length;
  return [...landing, ...Array.from({ length: want }, (_, i) => rest[Math.floor((i * rest.length) / want)])];
}

/**
 * Opens each of `files` of the built site `dir` in `browser` at each of LAYOUT_WIDTHS, and returns
 * per width how many pages had something out of their main column, and the first such finding.
 * Served from 127.0.0.1 by sirv, as a host would serve the folder.
 */
export async function checkLayout(browser, dir, files) {
  const serve = sirv(dir, { dev: true, extensions: ['html'] });
  const server = http.createServer((req, res) => serve(req, res, () => res.writeHead(404).end()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const found = { pages: files.length, outside: Object.fromEntries(LAYOUT_WIDTHS.map((w) => [w, 0])), example: undefined };
  try {
    for (const width of LAYOUT_WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        for (const file of files) {
          await page.goto(base + file, { waitUntil: 'load' });
          if ((await page.locator('.doc-main').count()) === 0) continue;
          const outside = await outsideMainColumn(page);
          if (outside.length === 0) continue;
          found.outside[width]++;
          found.example ??= `${file} at ${width} px: ${outside[0]}`;
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return found;
}
