// The API sidebar from the model: nested tags (tags[].parent), x-tagGroups, webhooks, the schema
// link that replaces a long schema list, and the window a very long category shows.
import * as cheerio from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../../src/openapi/model';
import { defaultMessages } from '../../../src/shared/messages';
import type { SidebarItem } from '../../../src/shared/viewModels';
import { apiSidebar, SIDEBAR_SCHEMAS_MAX, type ApiRoutes } from '../../../src/site/apiSidebar';
import { CATEGORY_WINDOW, focusSidebars } from '../../../src/site/sidebar';
import { Sidebar } from '../../../templates/components/Sidebar';

const ok = { responses: { 200: { description: 'OK' } } };
const routes: ApiRoutes = {
  overview: '/api/intro',
  op: (slug) => `/api/${slug}`,
  webhook: (slug) => `/api/webhooks/${slug}`,
  webhookIndex: '/api/webhooks',
  schema: (slug) => `/api/schemas/${slug}`,
  schemaIndex: '/api/schemas',
  href: (route) => route,
};
const sidebarOf = (document: object) => apiSidebar(buildApiModel({ info: { title: 'T', version: '1' }, ...document }, { onDuplicateRoutes: 'warn', source: 's' }).model, routes, defaultMessages);
const render = (items: SidebarItem[], route = '') => cheerio.load(renderToStaticMarkup(<Sidebar items={items} route={route} label="API sidebar" />));

/** The rendered sidebar as nested arrays: a category is `[label, ...items]`, a link its label. */
type Tree = (string | Tree)[];
function tree($: cheerio.CheerioAPI): Tree {
  const list = (ul: ReturnType<cheerio.CheerioAPI>): Tree =>
    ul.children('li').toArray().map((li): string | Tree => {
      const details = $(li).children('details');
      if (details.length === 0) return $(li).find('a').first().text().replace(/^(GET|POST)/, '');
      return [details.children('summary').text(), ...list(details.children('ul'))];
    });
  return list($('nav > ul'));
}

describe('site/apiSidebar', () => {
  it('nests a tag’s category in its parent’s, at any depth, after the parent’s own operations; x-tagGroups hold the top-level tags', () => {
    const $ = render(
      sidebarOf({
        tags: [{ name: 'Oaks', parent: 'Trees' }, { name: 'Trees', parent: 'Plants' }, { name: 'Plants' }, { name: 'Tools' }, { name: 'Sheds' }],
        'x-tagGroups': [{ name: 'Garden', tags: ['Plants', 'Tools'] }],
        paths: {
          '/plants': { get: { operationId: 'listPlants', tags: ['Plants'], ...ok } },
          '/oaks': { get: { operationId: 'listOaks', tags: ['Oaks'], ...ok } },
          '/tools': { get: { operationId: 'listTools', tags: ['Tools'], ...ok } },
          '/sheds': { get: { operationId: 'listSheds', tags: ['Sheds'], ...ok } },
        },
        webhooks: { 'plant.watered': { post: { summary: 'Plant watered', ...ok } } },
      }),
    );
    expect(tree($)).toEqual([
      'Introduction',
      ['Garden', ['Plants', 'listPlants', ['Trees', ['Oaks', 'listOaks']]], ['Tools', 'listTools']],
      ['Other', ['Sheds', 'listSheds']],
      ['Webhooks', 'Plant watered'],
    ]);
  });

  it(`lists up to ${SIDEBAR_SCHEMAS_MAX} schemas in a category, and above that links once to the schema index`, () => {
    const schemas = (n: number) => ({ components: { schemas: Object.fromEntries(Array.from({ length: n }, (_, i) => [`Thing${i}`, { type: 'object' }])) } });
    const few = render(sidebarOf(schemas(SIDEBAR_SCHEMAS_MAX)));
    expect(few('summary').text()).toBe('Schemas');
    expect(few('details a')).toHaveLength(SIDEBAR_SCHEMAS_MAX);
    const many = render(sidebarOf(schemas(3000)));
    expect(many('details')).toHaveLength(0);
    expect(many('a').map((_, a) => [[many(a).text(), many(a).attr('href')]]).get()).toEqual([
      ['Introduction', '/api/intro'],
      ['Schemas (3,000)', '/api/schemas'],
    ]);
  });
});

describe('site/sidebar: a very long category', () => {
  const link = (i: number): SidebarItem => ({ type: 'link', label: `Op ${i}`, route: `/api/op-${i}`, href: `/api/op-${i}` });
  const big: SidebarItem[] = [link(-1), { type: 'category', label: 'Everything', items: Array.from({ length: 1200 }, (_, i) => link(i)) }];
  const focus = (route: string) => {
    const pages = [{ route, section: 'api', sidebar: big }];
    focusSidebars(pages, (r) => r, () => '/api/everything');
    return pages[0].sidebar;
  };

  it(`shows the window of ${CATEGORY_WINDOW} links holding the page, with links to the windows before and after`, () => {
    const $ = render(focus('/api/op-700'), '/api/op-700');
    const links = $('details a');
    expect(links).toHaveLength(CATEGORY_WINDOW + 2);
    expect(links.first().text()).toBe('← 1–500');
    expect(links.first().attr('href')).toBe('/api/op-0');
    expect(links.eq(1).text()).toBe('Op 500');
    expect(links.last().text()).toBe('1,001–1,200 →');
    expect(links.last().attr('href')).toBe('/api/op-1000');
    expect($('a[aria-current="page"]').text()).toBe('Op 700');
  });

  it('shares one sidebar between the pages of a window, and ends the last window without a next link', () => {
    const pages = ['/api/op-520', '/api/op-999', '/api/op-1000'].map((route) => ({ route, section: 'api', sidebar: big }));
    focusSidebars(pages, (r) => r, () => '/api/everything');
    expect(pages[0].sidebar).toBe(pages[1].sidebar);
    expect(pages[2].sidebar).not.toBe(pages[1].sidebar);
    const $ = render(focus('/api/op-1100'));
    expect($('details a').first().text()).toBe('← 501–1,000');
    expect($('details a').last().text()).toBe('Op 1199');
  });
});
