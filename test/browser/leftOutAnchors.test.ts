// Anchors a page over 1 MB left out (src/render/tightenPage.ts). Its search entries and the links
// checked against it come from the whole model, so a guide's link to the 5,000th parameter passes
// the link check; in the browser the reader lands where the page says what it left out, not at
// the top (src/client/enhance/nearestAnchor.ts); an anchor the page has, `<a name>` too, stays.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

const note = 'Keeps only the parcels whose recorded value for this attribute matches; combine several to narrow a search around a neighbourhood. ';
const geometry = { type: 'object', properties: { type: { type: 'string', description: 'Polygon or MultiPolygon.' }, coordinates: { type: 'array', items: { type: 'number' } } } };
/** A GET of `count` query parameters, each described by `repeat` sentences, answering parcels with their geometry. */
function parcelsOperation(operationId: string, count: number, repeat: number) {
  return {
    get: {
      operationId,
      summary: operationId,
      parameters: Array.from({ length: count }, (_, i) => ({ name: `p${i}`, in: 'query', description: `${note.repeat(repeat)}(${i})`, schema: { type: 'string' } })),
      responses: { 200: { description: 'Parcels.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'object', properties: { geometry } } } } } } } },
    },
  };
}
// Two pages over 1 MB: the first keeps its first parameters (the last tightening step), the
// second all of its parameters but none of its response's fields (the step before).
const spec = {
  openapi: '3.0.3',
  info: { title: 'Parcels', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/parcels': parcelsOperation('findParcels', 5_000, 1), '/parcels/by-zone': parcelsOperation('findParcelsByZone', 1_500, 12) },
};

let browser: Browser;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const f = await buildFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.json', downloadUrl: 'https://docs.test.example/openapi.json' } }),
    'openapi.json': JSON.stringify(spec),
    // An anchor written as `<a name>` in a guide's raw HTML, under a heading its name extends.
    'content/guides/zones.md': `---\ntitle: Zones\n---\n\n## Zone\n\n${'A zone groups parcels under one set of rules.\n\n'.repeat(40)}<a name="zone-rules"></a>\n\nThe rules of a zone.\n`,
    'content/guides/filters.md': `---\ntitle: Filters\n---\n\nThe last filter is [p4999](op:findParcels#query.p4999); a parcel's outline type is [geometry.type](op:findParcelsByZone#response-200.data.geometry.type).\n`,
  });
  // The pages were tightened: the parameter and the field are not on them.
  const $ = f.$('api/find-parcels/index.html');
  expect($('#query-p4999')).toHaveLength(0);
  expect($('#query').text()).toMatch(/^and [\d,]+ more, left out/);
  const byZone = f.$('api/find-parcels-by-zone/index.html');
  expect(byZone('#query-p1499')).toHaveLength(1);
  expect(byZone('#response-200-data-geometry-type')).toHaveLength(0);
  [browser, server] = await Promise.all([launchBrowser(), serveStatic(f.result.config.outDir)]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(server.url + route);
  return { page, errors };
}

/** The URL's fragment once the page has settled on one, and whether that element is in view. */
async function landing(page: Page, hash: string): Promise<boolean> {
  await page.waitForFunction((h) => location.hash === h, hash, { timeout: 5_000 });
  return page.evaluate((h) => {
    const box = document.getElementById(h.slice(1))!.getBoundingClientRect();
    return box.top >= 0 && box.top < innerHeight;
  }, hash);
}

describe('a link to an anchor a tightened page left out', () => {
  it('lands on the line counting the parameters left out, for one of them, with no new history entry', async () => {
    const { page, errors } = await open('/api/find-parcels#query-p4999');
    expect(await landing(page, '#query')).toBe(true);
    expect(await page.locator('#query').innerText()).toMatch(/^and [\d,]+ more, left out to keep this page small/);
    // The fragment was replaced: back leaves the page.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lands on the nearest part of the page holding a field left out', async () => {
    const { page } = await open('/api/find-parcels-by-zone#response-200-data-geometry-type');
    expect(await landing(page, '#response-200')).toBe(true);
    await page.close();
  });

  it('follows a guide’s link the link check accepted, and a change of fragment on the page', async () => {
    const { page } = await open('/guides/filters');
    await page.getByRole('link', { name: 'p4999' }).click();
    await page.waitForURL(/\/api\/find-parcels/);
    expect(await landing(page, '#query')).toBe(true);
    await page.evaluate(() => (location.hash = '#query-p4000'));
    expect(await landing(page, '#query')).toBe(true);
    await page.goto(`${server.url}/guides/filters`);
    await page.getByRole('link', { name: 'geometry.type' }).click();
    await page.waitForURL(/\/api\/find-parcels-by-zone/);
    expect(await landing(page, '#response-200')).toBe(true);
    await page.close();
  });

  it('leaves an `<a name>` anchor the page has as it is, though a heading’s id is a prefix of its name', async () => {
    const { page } = await open('/guides/zones#zone-rules');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => location.hash)).toBe('#zone-rules');
    expect(await page.evaluate(() => document.getElementsByName('zone-rules')[0].getBoundingClientRect().top < innerHeight)).toBe(true);
    await page.close();
  });

  it('leaves an anchor the page has, and one with no known prefix, as they are', async () => {
    const { page } = await open('/api/find-parcels#query-p3');
    expect(await landing(page, '#query-p3')).toBe(true);
    await page.evaluate(() => (location.hash = '#nowhere-at-all'));
    // Given time to act, it does not.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => location.hash)).toBe('#nowhere-at-all');
    await page.close();
  });
});
