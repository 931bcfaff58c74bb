// Spec extensions readers rely on: x-tagGroups and x-internal / x-excluded, each in a small spec
// built for it, and OpenAPI 3.2's nested tags (`tags[].parent`).
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchDocumentType } from '../../src/shared/search/types';
import { buildFiles, configSource, listFiles, type Fixture } from '../helpers/fixture';
import type { CheerioAPI } from 'cheerio';

const apiSite = (spec: string) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
  'openapi.yaml': spec,
});
const ok = `responses: { '200': { description: OK } }`;

/** The sidebar as nested arrays: a category is `[label, ...items]`, a link its label. */
type Tree = (string | Tree)[];
function sidebarTree($: CheerioAPI): Tree {
  const list = (ul: ReturnType<CheerioAPI>): Tree =>
    ul.children('li').toArray().map((li): string | Tree => {
      const details = $(li).children('details');
      if (details.length === 0) {
        // The link's label: its text without the method badge.
        const link = $(li).children('a').clone();
        link.find('.method-badge').remove();
        return link.text();
      }
      return [details.children('summary').text(), ...list(details.children('ul'))];
    });
  return list($('nav.sidebar').first().children('ul'));
}

describe('x-tagGroups', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(
      apiSite(`
openapi: 3.0.3
info: { title: Shop, version: '1' }
tags:
  - name: Orders
  - name: Refunds
  - name: Customers
  - name: Health
x-tagGroups:
  - name: Commerce
    tags: [Orders, Refunds]
  - name: People
    tags: [Customers, NoSuchTag]
  - name: Empty
    tags: [NoSuchTag]
paths:
  /orders: { get: { operationId: listOrders, tags: [Orders], ${ok} } }
  /refunds: { get: { operationId: listRefunds, tags: [Refunds], ${ok} } }
  /customers: { get: { operationId: listCustomers, tags: [Customers], ${ok} } }
  /health: { get: { operationId: health, tags: [Health], ${ok} } }
`),
    );
  });

  it('groups the tags’ categories in the sidebar; tags in no group go in a trailing group; groups without tags are left out', () => {
    expect(sidebarTree(f.$('api/list-orders/index.html'))).toEqual([
      'Introduction',
      ['Commerce', ['Orders', 'listOrders'], ['Refunds', 'listRefunds']],
      ['People', ['Customers', 'listCustomers']],
      ['Other', ['Health', 'health']],
    ]);
  });

  it('groups the tags on the /api landing too', () => {
    const $ = f.$('api/index.html');
    const groups = $('.api-tag-group')
      .map((_, g) => [[$(g).children('h2').text(), ...$(g).find('h3').map((_, h) => $(h).text()).get()]])
      .get();
    expect(groups).toEqual([
      ['Commerce', 'Orders', 'Refunds'],
      ['People', 'Customers'],
      ['Other', 'Health'],
    ]);
  });
});

describe('x-internal and x-excluded', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(
      apiSite(`
openapi: 3.1.0
info: { title: Bank, version: '1' }
tags:
  - name: Accounts
  - name: Staff
    x-internal: true
paths:
  /accounts:
    get: { operationId: listAccounts, summary: List accounts, tags: [Accounts], ${ok} }
    delete: { operationId: purgeAccounts, summary: Purge accounts, tags: [Accounts], x-internal: true, ${ok} }
    put: { operationId: migrateAccounts, summary: Migrate accounts, tags: [Accounts], x-excluded: true, ${ok} }
  /staff:
    get: { operationId: listStaff, summary: List staff, tags: [Staff], ${ok} }
  /debug:
    x-internal: true
    get: { operationId: debugDump, summary: Debug dump, ${ok} }
webhooks:
  audit.logged:
    post: { summary: Audit logged, x-excluded: true, ${ok} }
`),
    );
  });

  it('leaves them out of the site: no page, no sidebar entry, no landing entry, no search entry', () => {
    const pages = listFiles(f.result.config.outDir).filter((p) => p.startsWith('api/') && p.endsWith('.html'));
    expect(pages.sort()).toEqual(['api/accounts/index.html', 'api/bank/index.html', 'api/index.html', 'api/list-accounts/index.html']);
    const hidden = ['Purge accounts', 'Migrate accounts', 'List staff', 'Debug dump', 'Audit logged', 'Staff', 'purge-accounts', 'list-staff', 'debug-dump'];
    for (const page of pages) {
      const html = f.read(page);
      for (const word of hidden) expect(html, `${page} mentions ${word}`).not.toContain(word);
    }
    expect(sidebarTree(f.$('api/list-accounts/index.html'))).toEqual(['Introduction', ['Accounts', 'List accounts']]);
    const search = f.read('search-index.json');
    for (const word of hidden) expect(search).not.toContain(word);
    const titles = JSON.parse(search)[SearchDocumentType.Title].documents.map((d: { t: string }) => d.t);
    expect(titles).toContain('List accounts');
  });
});

describe('nested tags (OpenAPI 3.2 tags[].parent)', () => {
  it('a 3.2 spec builds (validated as 3.1 without what 3.2 added) and nests each tag under its parent', async () => {
    const f = await buildFiles(
      apiSite(`
openapi: 3.2.0
info: { title: Property data, version: '1' }
tags:
  - name: Parcels
    summary: Land parcels
  - name: Zoning
    parent: Parcels
    kind: nav
  - name: Overlays
    parent: Zoning
  - name: Schools
paths:
  /parcels: { get: { operationId: listParcels, tags: [Parcels], ${ok} } }
  /zoning: { get: { operationId: getZoning, tags: [Zoning], ${ok} } }
  /overlays: { get: { operationId: listOverlays, tags: [Overlays], ${ok} } }
  /schools: { get: { operationId: listSchools, tags: [Schools], ${ok} } }
`),
    );
    expect(sidebarTree(f.$('api/list-overlays/index.html'))).toEqual(['Introduction', ['Parcels', 'listParcels', ['Zoning', 'getZoning', ['Overlays', 'listOverlays']]], ['Schools', 'listSchools']]);
  });

  it('a 3.2 spec is still validated: a 3.1 mistake in it is reported', async () => {
    const { buildFails } = await import('../helpers/fixture');
    const { error } = await buildFails(apiSite(`
openapi: 3.2.0
info: { title: Property data, version: '1' }
paths:
  /parcels: { get: { operationId: listParcels, parameters: [{ name: county, schema: { type: string } }], responses: { '200': { summary: Parcels } } } }
`));
    expect(error.diagnostics.map((d) => d.text)).toEqual([expect.stringMatching(/parameters\/0: the required key "in" is missing/)]);
  });
});
