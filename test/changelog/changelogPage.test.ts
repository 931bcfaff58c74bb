// #19 The API changelog page: one section per pair of versions (newest first), the changes under
// their operation with a severity badge, links into the version where each change is shown (the
// older one for what was removed) landing on anchors the operation pages have, and spec text
// shown as text.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { changeAnchor, changelogPage, type ChangelogPair, type ChangelogVersion } from '../../src/changelog/changelogPage';
import { diffSpecs } from '../../src/changelog/diffSpecs';
import { operationHrefs } from '../../src/changelog/operationHrefs';
import { resolveConfig } from '../../src/config/resolve';
import type { ResolvedConfig } from '../../src/config/types';
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
/** An older version's pages link within it: `/api/2025-06/…`. */
const configOf = (segment: string): ResolvedConfig => ({ ...config, versionSegment: segment });
const head = (title: string, route: string, description: string): PageModel['head'] => ({ title, description, canonical: `https://docs.test.example${route}`, ogType: 'website', noindex: false, keywords: [] });

const ok = { '200': { description: 'OK' } };
const listResponse = (item: Spec) => ({ '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: item } } } } } } } });
const str = { type: 'string' };
const spec = (version: string, server: string, paths: Spec): Spec => ({ openapi: '3.1.0', info: { title: 'Parcels', version }, servers: [{ url: server }], paths });

const january = spec('1', 'https://api.example.com/v1', {
  '/parcels': { get: { operationId: 'listParcels', summary: 'List parcels', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: listResponse({ id: str }) } },
  '/parcels/{id}': { delete: { operationId: 'deleteParcel', summary: 'Delete a parcel', parameters: [{ name: 'id', in: 'path', required: true, schema: str }], responses: ok } },
});
const june = spec('1', 'https://api.example.com/v1', {
  '/parcels': {
    get: {
      operationId: 'listParcels',
      summary: 'List parcels',
      parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }, { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'shipped'] } }],
      responses: listResponse({ id: str, legacy_code: str }),
    },
  },
  '/parcels/{id}': { delete: { operationId: 'deleteParcel', summary: 'Delete a parcel', parameters: [{ name: 'id', in: 'path', required: true, schema: str }], responses: ok } },
});
const next = spec('2', 'https://api.example.com/v2', {
  '/parcels': {
    get: {
      operationId: 'listParcels',
      summary: 'List parcels',
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
        { name: 'region', in: 'query', required: true, schema: str },
        { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'shipped', '<script>alert(1)</script>'] } },
      ],
      responses: listResponse({ id: str, label: str }),
    },
    post: { operationId: 'createParcel', summary: 'Create a parcel', responses: ok },
  },
});

interface Version {
  changelog: ChangelogVersion;
  config: ResolvedConfig;
  document: Spec;
}

function version(name: string, label: string, document: Spec, segment: string): Version {
  const own = configOf(segment);
  const { model } = buildApiModel(document, { onDuplicateRoutes: 'warn', source: 'openapi.yaml' });
  return { changelog: { name, label, operationHref: operationHrefs({ config: own, model, document }, (route) => pageHref(own, route)) }, config: own, document };
}

const versions = { next: version('current', 'Next', next, ''), june: version('2025-06', '2025-06', june, '2025-06'), january: version('2025-01', '2025-01', january, '2025-01') };
const pairOf = (newer: Version, older: Version): ChangelogPair => ({ newer: newer.changelog, older: older.changelog, changes: diffSpecs(older.document, newer.document) });
const pairs = [pairOf(versions.next, versions.june), pairOf(versions.june, versions.january)];
const page = changelogPage({ config, messages: defaultMessages, pairs, head, apiTitle: 'Parcels' });
const $ = cheerio.load(renderPage(site, page));

/** The rendered operation pages of a version, by URL: where the changelog's links must land. */
function renderedPages(v: Version): Map<string, cheerio.CheerioAPI> {
  const { model } = buildApiModel(v.document, { onDuplicateRoutes: 'warn', source: 'openapi.yaml' });
  const pages = buildApiPages(v.config, model, v.document, createSpecMarkdown(v.config, '/site/openapi.yaml', v.document), head, createExampleFiles(), defaultMessages);
  return new Map(pages.filter((p) => p.body.kind === 'apiOperation').map((p) => [pageHref(v.config, p.route), cheerio.load(renderPage(site, p))]));
}

const change = (text: string) => $('li.changelog-change').filter((_, li) => $(li).find('.changelog-text').text() === text);
const group = (heading: string) => $('section.changelog-group').filter((_, s) => $(s).children('h3').text().startsWith(heading));

describe('#19 changelog/changelogPage', () => {
  it('is the page /api/changelog with one section per pair of versions, newest pair first, each in the table of contents', () => {
    expect(page.route).toBe('/api/changelog');
    expect($('h1').text()).toBe('API changelog');
    expect($('section.changelog-pair > h2').map((_, h) => [[$(h).attr('id'), $(h).text()]]).get()).toEqual([
      ['next-vs-2025-06', 'Next compared with 2025-06'],
      ['2025-06-vs-2025-01', '2025-06 compared with 2025-01'],
    ]);
    expect($('.doc-toc a').map((_, a) => $(a).attr('href')).get()).toEqual(['#next-vs-2025-06', '#2025-06-vs-2025-01']);
    expect($('.breadcrumbs li').map((_, li) => $(li).text().replace('›', '').trim()).get()).toEqual(['', 'API', 'API changelog']);
  });

  it('sums up each pair, then lists the changes to the API as a whole first, then one group per operation', () => {
    expect($('#next-vs-2025-06 + .changelog-summary').text()).toBe('4 breaking, 3 non-breaking, 1 documentation change');
    expect($('#2025-06-vs-2025-01 + .changelog-summary').text()).toBe('0 breaking, 2 non-breaking');
    const headings = $('#next-vs-2025-06').parent().find('section.changelog-group > h3').map((_, h) => $(h).text()).get();
    expect(headings).toEqual(['The whole API', 'GET /parcels', 'DELETE /parcels/{id} in 2025-06', 'POST /parcels']);
    expect(group('The whole API').first().find('h3 a')).toHaveLength(0);
    expect(group('The whole API').first().find('.changelog-text').map((_, t) => $(t).text()).get()).toEqual(['The servers of the API changed: a server URL was removed or changed.', 'The document\'s info changed (version 1 → 2).']);
  });

  it('marks each change with its severity in words, a breaking one distinct from the others', () => {
    const removed = change('Required query parameter region was added.');
    expect(removed.hasClass('changelog-breaking')).toBe(true);
    expect(removed.find('.change-severity').text()).toBe('✕ Breaking');
    expect(change('Response field data[].label (200 application/json) was added.').find('.change-severity').text()).toBe('+ Non-breaking');
    expect(change('The document\'s info changed (version 1 → 2).').find('.change-severity').text()).toBe('· Documentation');
    // Every breaking change, and only those, carries the word.
    const breaking = $('li.changelog-change').filter((_, li) => $(li).find('.change-severity').text().includes('Breaking'));
    expect(breaking.length).toBe(4);
    expect(breaking.toArray().every((li) => $(li).hasClass('changelog-breaking'))).toBe(true);
  });

  it('links each operation to its page in the newer version, and a removed operation to its page in the older one', () => {
    expect(group('GET /parcels').first().find('h3 a').attr('href')).toBe('/api/list-parcels');
    expect(group('POST /parcels').first().find('h3 a').attr('href')).toBe('/api/create-parcel');
    expect(group('DELETE /parcels/{id}').first().find('h3 a').attr('href')).toBe('/api/2025-06/delete-parcel');
    // The older pair's groups link within 2025-06, its newer version.
    expect($('#2025-06-vs-2025-01').parent().find('section.changelog-group > h3 a').first().attr('href')).toBe('/api/2025-06/list-parcels');
  });

  it('links a change to its field in the version that shows it (the older one for a removed field), on an anchor that page has', () => {
    const links = {
      region: change('Required query parameter region was added.').find('a.changelog-see'),
      label: change('Response field data[].label (200 application/json) was added.').find('a.changelog-see'),
      legacy: change('Response field data[].legacy_code (200 application/json) was removed.').find('a.changelog-see'),
    };
    expect([links.region.attr('href'), links.region.text()]).toEqual(['/api/list-parcels#query-region', 'See in Next']);
    expect([links.label.attr('href'), links.label.text()]).toEqual(['/api/list-parcels#response-200-data-label', 'See in Next']);
    expect([links.legacy.attr('href'), links.legacy.text()]).toEqual(['/api/2025-06/list-parcels#response-200-data-legacy_code', 'See in 2025-06']);
    // The operation's own changes link nowhere but its heading does.
    expect(change('The operation was added.').find('a')).toHaveLength(0);

    const rendered = new Map([...renderedPages(versions.next), ...renderedPages(versions.june)]);
    const targets = $('a.changelog-see, section.changelog-group > h3 a').map((_, a) => $(a).attr('href')).get();
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) {
      const [url, anchor] = target.split('#');
      const operationPage = rendered.get(url);
      expect(operationPage, target).toBeDefined();
      if (anchor) expect(operationPage!(`[id="${anchor}"]`), target).toHaveLength(1);
    }
  });

  it('gives every change an anchor of its own, stable from one build to the next', () => {
    const ids = $('[id]').map((_, e) => $(e).attr('id')).get();
    expect(new Set(ids).size).toBe(ids.length);
    const entries = $('li.changelog-change').map((_, li) => $(li).attr('id')).get();
    expect(entries).toHaveLength(pairs[0].changes.length + pairs[1].changes.length);
    expect(change('Required query parameter region was added.').attr('id')).toMatch(/^next-vs-2025-06-get-parcels-[0-9a-f]{8}$/);
    // The same specs compared again (another build) give the same anchors.
    const again = diffSpecs(june, next);
    expect(again.map((c) => changeAnchor(pairs[0], c)).sort()).toEqual(entries.slice(0, again.length).sort());
  });

  it('shows spec text as text: an enum value that is markup stays words on the page', () => {
    const hostile = change('Query parameter status now accepts the value <script>alert(1)</script>.');
    expect(hostile).toHaveLength(1);
    expect($('article script')).toHaveLength(0);
    expect($.html()).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('says so when two versions have no differences', () => {
    const same = changelogPage({ config, messages: defaultMessages, pairs: [pairOf(versions.june, versions.june)], head, apiTitle: 'Parcels' });
    const $same = cheerio.load(renderPage(site, same));
    expect($same('.changelog-summary').text()).toBe('No changes.');
    expect($same('li.changelog-change')).toHaveLength(0);
  });
});
