// #19 "New in" / "Changed in" badges on the newer version's operation pages: on the title of an
// operation that changed and on each parameter or field a change names, linking to its entry on
// the API changelog; nothing on what did not change, and nothing at all with one version.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { OperationChanges } from '../../src/changelog/badges';
import { changelogEntryHref, changelogPage, type ChangelogPair } from '../../src/changelog/changelogPage';
import { diffSpecs } from '../../src/changelog/diffSpecs';
import { operationHrefs } from '../../src/changelog/operationHrefs';
import { resolveConfig } from '../../src/config/resolve';
import { createExampleFiles } from '../../src/openapi/exampleFiles';
import { createSpecMarkdown } from '../../src/openapi/markdown';
import { buildApiModel } from '../../src/openapi/model';
import { renderPage } from '../../src/render/renderPages';
import { defaultMessages } from '../../src/shared/messages';
import type { PageModel } from '../../src/shared/viewModels';
import { buildApiPages } from '../../src/site/apiRoutes';
import { pageHref } from '../../src/versions/href';
import { site } from '../helpers/models';

type Spec = Record<string, any>;

const config = resolveConfig({ title: 'Parcels docs', url: 'https://docs.test.example', navbar: { items: [] }, footer: {}, openapi: { spec: 'openapi.yaml' } } as never, '/site/docsgen.config.ts');
const olderConfig = { ...config, versionSegment: '2025-06' };
const head = (title: string, route: string, description: string): PageModel['head'] => ({ title, description, canonical: `https://docs.test.example${route}`, ogType: 'website', noindex: false, keywords: [] });

const str = { type: 'string' };
const parcel = (extra: Spec) => ({ type: 'object', properties: { id: str, weight: { type: 'number' }, ...extra } });
const json = (schema: Spec) => ({ content: { 'application/json': { schema } } });
const spec = (paths: Spec): Spec => ({ openapi: '3.1.0', info: { title: 'Parcels', version: '1' }, paths });

const june = spec({
  '/parcels': {
    get: {
      operationId: 'listParcels',
      summary: 'List parcels',
      parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }, { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'shipped'] } }],
      responses: { '200': { description: 'OK', ...json({ type: 'object', properties: { data: { type: 'array', items: parcel({ legacy_code: str }) } } }) } },
    },
  },
  '/stats': { get: { operationId: 'getStats', summary: 'Statistics', responses: { '200': { description: 'OK', ...json({ type: 'object', properties: { total: { type: 'integer' } } }) } } } },
  '/health': { get: { operationId: 'getHealth', summary: 'Health', responses: { '200': { description: 'OK' } } } },
});
const next = spec({
  '/parcels': {
    get: {
      operationId: 'listParcels',
      summary: 'List parcels',
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
        { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'shipped', '<script>alert(1)</script>'] } },
        { name: 'region', in: 'query', schema: str },
      ],
      responses: { '200': { description: 'OK', ...json({ type: 'object', properties: { data: { type: 'array', items: parcel({ label: str }) } } }) } },
    },
    post: { operationId: 'createParcel', summary: 'Create a parcel', requestBody: json(parcel({})), responses: { '201': { description: 'Created' } } },
  },
  '/stats': { get: { operationId: 'getStats', summary: 'Statistics', responses: { '200': { description: 'OK', ...json({ type: 'object', properties: { total: { type: 'integer' }, sale_to_list_ratio: { type: 'number' } } }) } } } },
  '/health': { get: { operationId: 'getHealth', summary: 'Health', responses: { '200': { description: 'OK' } } } },
});

const modelOf = (document: Spec) => buildApiModel(document, { onDuplicateRoutes: 'warn', source: 'openapi.yaml' }).model;
const pair: ChangelogPair = {
  newer: { name: 'current', label: 'Next', operationHref: operationHrefs({ config, model: modelOf(next), document: next }, (route) => pageHref(config, route)) },
  older: { name: '2025-06', label: '2025-06', operationHref: operationHrefs({ config: olderConfig, model: modelOf(june), document: june }, (route) => pageHref(olderConfig, route)) },
  changes: diffSpecs(june, next),
};
const changes: OperationChanges = { versionLabel: 'Next', changes: pair.changes, entryHref: (c) => changelogEntryHref(config, pair, c) };

/** The newer version's operation pages as HTML, by route; with `changes` when given. */
function operationPages(withChanges?: OperationChanges): Map<string, string> {
  const pages = buildApiPages(config, modelOf(next), next, createSpecMarkdown(config, '/site/openapi.yaml', next), head, createExampleFiles(), defaultMessages, undefined, withChanges);
  return new Map(pages.filter((p) => p.body.kind === 'apiOperation').map((p) => [p.route, renderPage(site, p)]));
}

const badged = operationPages(changes);
const $list = cheerio.load(badged.get('/api/list-parcels')!);
const $changelog = cheerio.load(renderPage(site, changelogPage({ config, messages: defaultMessages, pairs: [pair], head, apiTitle: 'Parcels' })));
const badgeOf = ($: cheerio.CheerioAPI, id: string) => $(`[id="${id}"] > .schema-field-head > a.change-badge`);
/** The sentence of the changelog entry a badge links to. */
const entryOf = (href: string | undefined) => {
  const [path, anchor] = (href ?? '').split('#');
  expect(path).toBe('/api/changelog');
  return $changelog(`li[id="${anchor}"] .changelog-text`).text();
};

describe('#19 changelog/badges', () => {
  it('badges the title of an operation with a breaking change as such, linking to the entry of that change', () => {
    const title = $list('h1 > a.change-badge');
    expect(title.text()).toBe('Breaking change in Next');
    expect(title.hasClass('change-breaking')).toBe(true);
    expect(entryOf(title.attr('href'))).toBe('Response field data[].legacy_code (200 application/json) was removed.');
  });

  it('says "Changed in" on an operation with non-breaking changes only, "New in" on an added one', () => {
    const $stats = cheerio.load(badged.get('/api/get-stats')!);
    expect($stats('h1 > a.change-badge').text()).toBe('Changed in Next');
    expect(entryOf($stats('h1 > a.change-badge').attr('href'))).toBe('Response field sale_to_list_ratio (200 application/json) was added.');
    expect(badgeOf($stats, 'response-200-sale_to_list_ratio').text()).toBe('New in Next');
    expect(badgeOf($stats, 'response-200-total')).toHaveLength(0);
    const $create = cheerio.load(badged.get('/api/create-parcel')!);
    const created = $create('h1 > a.change-badge');
    expect(created.text()).toBe('New in Next');
    expect(entryOf(created.attr('href'))).toBe('The operation was added.');
  });

  it('badges each parameter and field a change names, and no other', () => {
    expect(badgeOf($list, 'query-region').text()).toBe('New in Next');
    expect(entryOf(badgeOf($list, 'query-region').attr('href'))).toBe('Optional query parameter region was added.');
    expect(badgeOf($list, 'query-status').text()).toBe('Changed in Next');
    expect(entryOf(badgeOf($list, 'query-status').attr('href'))).toBe('Query parameter status now accepts the value <script>alert(1)</script>.');
    expect(badgeOf($list, 'response-200-data-label').text()).toBe('New in Next');
    for (const id of ['query-limit', 'response-200-data', 'response-200-data-id', 'response-200-data-weight']) expect(badgeOf($list, id), id).toHaveLength(0);
    expect($list('a.change-badge')).toHaveLength(4);
    // A request body's fields on an added operation are new with it: only its title says so.
    expect(cheerio.load(badged.get('/api/create-parcel')!)('a.change-badge')).toHaveLength(1);
  });

  it('keeps spec text out of the markup: the tooltip quotes the hostile enum value as text', () => {
    expect(badgeOf($list, 'query-status').attr('title')).toBe('Query parameter status now accepts the value <script>alert(1)</script>.');
    expect($list('article script')).toHaveLength(0);
  });

  it('leaves an operation that did not change as it was, byte for byte, and every page so with one version', () => {
    const plain = operationPages();
    expect(badged.get('/api/get-health')).toBe(plain.get('/api/get-health'));
    expect(badged.get('/api/get-health')).not.toContain('change-badge');
    for (const [route, html] of plain) expect(html, route).not.toContain('change-badge');
  });
});
