// #18 A field that may be null, in a real browser: FastAPI's `anyOf: [X, { type: 'null' }]` and
// Microsoft Graph's `anyOf: [{ $ref: X }, { type: object, nullable: true }]` read as X with a
// "nullable" badge and X's fields, not as tabs of alternatives; a real choice keeps its tabs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, outsideMainColumn, serveStatic } from '../helpers/browser';
import { buildFiles, configSource } from '../helpers/fixture';

const spec = `
openapi: 3.1.0
info: { title: Parcel registry, version: '1.0' }
servers: [{ url: 'https://registry.parcels.example' }]
paths:
  /parcels/{parcel_id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters: [{ name: parcel_id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Owner:
      type: object
      required: [name]
      properties:
        name: { type: string, description: Registered owner's full name. }
    Parcel:
      type: object
      properties:
        owner: { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }], description: Who holds the title; null while a transfer is pending. }
        previous_owner: { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: object, nullable: true }], description: Who held it before. }
        postal_sector: { anyOf: [{ type: string, maxLength: 5 }, { type: 'null' }], description: Postcode sector. }
        area_m2: { anyOf: [{ type: number }, { type: integer }], description: Area in square metres. }
`;

let browser: Browser;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const fixture = await buildFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }), 'openapi.yaml': spec });
  server = await serveStatic(fixture.result.config.outDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What a reader sees of a response field's row: its type, its badges, the fields under it, and whether it shows tabs. */
const row = (page: Page, field: string) =>
  page.locator(`#response-200-${field}`).evaluate((li) => {
    const head = li.querySelector(':scope > .schema-field-head')!;
    const visible = (el: Element) => (el as HTMLElement).checkVisibility();
    return {
      type: head.querySelector('.schema-type')?.textContent,
      badges: [...head.querySelectorAll('.badge')].filter(visible).map((b) => b.textContent),
      fields: [...li.querySelectorAll(':scope > details .schema-field .schema-name')].filter(visible).map((n) => n.textContent),
      tabs: [...li.querySelectorAll('.tab-label')].filter(visible).map((t) => t.textContent),
    };
  });

describe('#18 a field that may be null', () => {
  for (const width of [390, 1440]) {
    it(`reads as its value, nullable, with its fields, at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.goto(`${server.url}/api/get-parcel`);
      expect(await row(page, 'owner')).toEqual({ type: 'Owner', badges: ['nullable'], fields: ['name'], tabs: [] });
      expect(await row(page, 'previous_owner')).toEqual({ type: 'Owner', badges: ['nullable'], fields: ['name'], tabs: [] });
      expect(await row(page, 'postal_sector')).toMatchObject({ badges: ['nullable'], tabs: [] });
      expect(await row(page, 'postal_sector').then((r) => r.type)).toContain('string');
      // Two types are a real choice: still tabs.
      expect(await row(page, 'area_m2')).toMatchObject({ type: 'any of', tabs: ['Option 1', 'Option 2'] });
      expect(await outsideMainColumn(page)).toEqual([]);
      await context.close();
    });
  }
});
