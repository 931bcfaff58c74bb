// Large sidebars are focused per page: the current branch expanded, other categories one link
// to their landing page; small sidebars stay whole.
import * as cheerio from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CATEGORY_WINDOW, FULL_SIDEBAR_MAX_LINKS, firstHref, focusSidebars, sidebarTree } from '../../../src/site/sidebar';
import type { SidebarItem } from '../../../src/shared/viewModels';
import { Sidebar } from '../../../templates/components/Sidebar';

const link = (route: string): SidebarItem => ({ type: 'link', label: `Label ${route}`, route, href: route });
const category = (label: string, items: SidebarItem[]): SidebarItem => ({ type: 'category', label, items });

/** Introduction, then `tags` categories of `perTag` operations each (routes /api/<tag>-<i>). */
function apiSidebar(tags: number, perTag: number): SidebarItem[] {
  return [link('/api/intro'), ...Array.from({ length: tags }, (_, t) => category(`Tag ${t}`, Array.from({ length: perTag }, (_, i) => link(`/api/t${t}-${i}`))))];
}
const tagLanding = (c: Extract<SidebarItem, { type: 'category' }>) => `/api/${c.label.toLowerCase().replace(' ', '-')}`;
const pagesOf = (sidebar: SidebarItem[], routes: string[]) => routes.map((route) => ({ route, section: 'api', sidebar }));
const html = (items: SidebarItem[], route: string) => cheerio.load(renderToStaticMarkup(<Sidebar items={items} route={route} label="API sidebar" />));

describe('site/sidebar focusSidebars', () => {
  it(`leaves a sidebar of at most ${FULL_SIDEBAR_MAX_LINKS} links whole and expanded on every page`, () => {
    const sidebar = apiSidebar(10, 29); // 291 links
    const pages = pagesOf(sidebar, ['/api/t0-0', '/api/t9-3', '/api']);
    focusSidebars(pages, (r) => r, tagLanding);
    for (const p of pages) expect(p.sidebar).toBe(sidebar);
    const $ = html(pages[1].sidebar, '/api/t9-3');
    expect($('details[open]')).toHaveLength(10);
    expect($('a')).toHaveLength(291);
  });

  it('above the limit, expands only the current page’s category and links every other to its landing page', () => {
    const sidebar = apiSidebar(40, 25); // 1,001 links
    const pages = pagesOf(sidebar, ['/api/t7-3']);
    focusSidebars(pages, (r) => r, tagLanding);
    const $ = html(pages[0].sidebar!, '/api/t7-3');
    expect($('details[open] > summary').map((_, e) => $(e).text()).get()).toEqual(['Tag 7']);
    expect($('details[open] a').length).toBe(25);
    expect($('a[aria-current="page"]').attr('href')).toBe('/api/t7-3');
    const collapsed = $('a.sidebar-category');
    expect(collapsed).toHaveLength(39);
    expect(collapsed.first().text()).toBe('Tag 0');
    expect(collapsed.first().attr('href')).toBe('/api/tag-0');
    // The introduction stays; all links: 1 + 25 operations + 39 collapsed categories.
    expect($('a')).toHaveLength(65);
  });

  it('gives each page a sidebar bounded by its own branch, not by the site, shared by pages of one branch', () => {
    const sizes = [40, 400].map((perTag) => {
      const sidebar = apiSidebar(20, perTag);
      const pages = pagesOf(sidebar, ['/api/t3-0', '/api/t3-1', '/api/t4-0']);
      focusSidebars(pages, (r) => r, tagLanding);
      expect(pages[0].sidebar).toBe(pages[1].sidebar);
      expect(pages[2].sidebar).not.toBe(pages[0].sidebar);
      return html(pages[0].sidebar!, '/api/t3-0')('a').length;
    });
    // Ten times the operations per tag: only the current tag's share grows.
    expect(sizes).toEqual([1 + 40 + 19, 1 + 400 + 19]);
  });

  it('expands a category on its landing page, and collapses all of them on a page outside the sidebar', () => {
    const sidebar = apiSidebar(40, 25);
    const pages = pagesOf(sidebar, ['/api/tag-5', '/api']);
    focusSidebars(pages, (r) => r, tagLanding);
    expect(html(pages[0].sidebar!, '/api/tag-5')('details[open] > summary').text()).toBe('Tag 5');
    const $ = html(pages[1].sidebar!, '/api');
    expect($('details')).toHaveLength(0);
    expect($('a.sidebar-category')).toHaveLength(40);
  });

  it('collapses nested guide categories off the current path to their first guide', () => {
    const guides: SidebarItem[] = Array.from({ length: 8 }, (_, c) =>
      category(`Topic ${c}`, Array.from({ length: 5 }, (_, s) => category(`Part ${c}.${s}`, Array.from({ length: 10 }, (_, i) => link(`/guides/c${c}/s${s}/g${i}`))))),
    );
    const pages = [{ route: '/guides/c2/s3/g4', section: 'guides', sidebar: guides }];
    focusSidebars(pages, (r) => r, (c) => firstHref(c.items));
    const $ = html(pages[0].sidebar, '/guides/c2/s3/g4');
    expect($('details[open] > summary').map((_, e) => $(e).text()).get()).toEqual(['Topic 2', 'Part 2.3']);
    expect($('a.sidebar-category').map((_, e) => $(e).attr('href')).get()).toEqual([
      '/guides/c0/s0/g0',
      '/guides/c1/s0/g0',
      '/guides/c2/s0/g0',
      '/guides/c2/s1/g0',
      '/guides/c2/s2/g0',
      '/guides/c2/s4/g0',
      '/guides/c3/s0/g0',
      '/guides/c4/s0/g0',
      '/guides/c5/s0/g0',
      '/guides/c6/s0/g0',
      '/guides/c7/s0/g0',
    ]);
    // A collapsed category's landing expands it there: following the link never dead-ends.
    const there = [{ route: '/guides/c2/s1/g0', section: 'guides', sidebar: guides }];
    focusSidebars(there, (r) => r, (c) => firstHref(c.items));
    const $there = html(there[0].sidebar, '/guides/c2/s1/g0');
    expect($there('details[open] > summary').map((_, e) => $there(e).text()).get()).toEqual(['Topic 2', 'Part 2.1']);
  });

  it('writes one tree per large sidebar, named by its place, and gives every page of that sidebar its URL', () => {
    const sidebar = apiSidebar(40, 25);
    const small = apiSidebar(2, 3);
    const other = apiSidebar(30, 20);
    const pages: { route: string; section: string; sidebar: SidebarItem[]; sidebarTree?: string }[] = [
      ...pagesOf(sidebar, ['/api/t7-3', '/api/t9-0', '/api']),
      { route: '/guides/a', section: 'guides', sidebar: small },
      ...pagesOf(other, ['/api/t2-2']),
    ];
    const files = focusSidebars(pages, (r) => r, tagLanding, undefined, (file) => `/base/${file}`);
    expect([...files.keys()]).toEqual(['sidebar-tree-0.json', 'sidebar-tree-1.json']);
    for (const p of pages.slice(0, 3)) expect(p.sidebarTree).toBe('/base/sidebar-tree-0.json');
    expect(pages[4].sidebarTree).toBe('/base/sidebar-tree-1.json');
    expect(JSON.parse(files.get('sidebar-tree-1.json')!)).toEqual(sidebarTree(other, tagLanding));
    // A small sidebar is whole in the page: nothing to expand, no tree.
    expect(pages[3].sidebarTree).toBeUndefined();
    // A label changed: the same name with the new content, so no page of the section needs a new URL.
    const relabelled = apiSidebar(40, 25);
    const first = relabelled[1] as Extract<SidebarItem, { type: 'category' }>;
    const renamed = { ...(first.items[0] as Extract<SidebarItem, { type: 'link' }>), label: 'A new summary' };
    relabelled[1] = { ...first, items: [renamed, ...first.items.slice(1)] };
    const again = focusSidebars(pagesOf(relabelled, ['/api/t1-1']), (r) => r, tagLanding, undefined, (f) => f);
    expect([...again.keys()]).toEqual(['sidebar-tree-0.json']);
    expect(again.get('sidebar-tree-0.json')).toContain('A new summary');
    expect(again.get('sidebar-tree-0.json')).not.toBe(files.get('sidebar-tree-0.json'));
    // Without a place for files, pages still get their focused sidebar and no tree.
    const bare = pagesOf(sidebar, ['/api/t7-3']) as { route: string; section: string; sidebar: SidebarItem[]; sidebarTree?: string }[];
    expect(focusSidebars(bare, (r) => r, tagLanding).size).toBe(0);
    expect(bare[0].sidebarTree).toBeUndefined();
  });

  it('holds each collapsed category’s items under its depth and landing URL, sub-categories collapsed in turn', () => {
    const guides: SidebarItem[] = [
      link('/guides/intro'),
      ...Array.from({ length: 8 }, (_, c) =>
        category(`Topic ${c}`, [
          ...Array.from({ length: 5 }, (_, s) => category(`Part ${c}.${s}`, Array.from({ length: 10 }, (_, i) => link(`/guides/c${c}/s${s}/g${i}`)))),
          { type: 'link', label: `Old ${c}`, route: `/guides/c${c}/old`, href: `/guides/c${c}/old`, deprecated: true },
        ]),
      ),
    ];
    const pages = [{ route: '/guides/c2/s3/g4', section: 'guides', sidebar: guides, sidebarTree: undefined as string | undefined }];
    const files = focusSidebars(pages, (r) => r, (c) => firstHref(c.items), undefined, (f) => f);
    const tree = JSON.parse([...files.values()][0]);
    // "Topic 0" lands on its first guide, and so does its first part: one level apart.
    expect(tree['0 /guides/c0/s0/g0']).toEqual([
      ['Part 0.0', '/guides/c0/s0/g0', '', 2],
      ['Part 0.1', '/guides/c0/s1/g0', '', 2],
      ['Part 0.2', '/guides/c0/s2/g0', '', 2],
      ['Part 0.3', '/guides/c0/s3/g0', '', 2],
      ['Part 0.4', '/guides/c0/s4/g0', '', 2],
      ['Old 0', '/guides/c0/old', '', 1],
    ]);
    expect(tree['1 /guides/c0/s0/g0']).toHaveLength(10);
    expect(tree['1 /guides/c0/s0/g0'][3]).toEqual(['Label /guides/c0/s0/g3', '/guides/c0/s0/g3', '', 0]);
    expect(Object.keys(tree)).toHaveLength(8 + 8 * 5);
  });

  it('windows a long list of categories too: a page of the 700th of 1,200 tags carries 500 of them, not 1,200', () => {
    const sidebar = apiSidebar(1200, 1); // the introduction, then tags 0–1199 at places 1–1200
    const pages = pagesOf(sidebar, ['/api/t699-0', '/api/t0-0', '/api']);
    focusSidebars(pages, (r) => r, tagLanding);
    const $ = html(pages[0].sidebar!, '/api/t699-0');
    expect($('details[open] > summary').text()).toBe('Tag 699');
    expect($('a[aria-current="page"]').attr('href')).toBe('/api/t699-0');
    // Places 500–999: tags 499–998, one of them expanded; and a link to each neighbouring window.
    const collapsed = $('a.sidebar-category').map((_, e) => $(e).text()).get();
    expect(collapsed).toHaveLength(CATEGORY_WINDOW - 1);
    expect(collapsed[0]).toBe('Tag 499');
    expect(collapsed.at(-1)).toBe('Tag 998');
    const jumps = $('a:not(.sidebar-category)').filter((_, e) => /→|←/.test($(e).text()));
    expect(jumps.map((_, e) => [[$(e).text(), $(e).attr('href')]]).get()).toEqual([
      ['← 1–500', '/api/intro'],
      ['1,001–1,201 →', '/api/tag-999'],
    ]);
    // The first tag's page holds the first window, with the introduction.
    const first = html(pages[1].sidebar!, '/api/t0-0');
    expect(first('a[href="/api/intro"]').text()).toBe('Label /api/intro');
    expect(first('a.sidebar-category')).toHaveLength(CATEGORY_WINDOW - 2);
    // A page outside the sidebar: the first window, all collapsed.
    expect(html(pages[2].sidebar!, '/api')('a.sidebar-category')).toHaveLength(CATEGORY_WINDOW - 1);
  });

  it('gives an operation its method in the tree, and a long category its first window and a link onwards', () => {
    const long = Array.from({ length: CATEGORY_WINDOW + 20 }, (_, i): SidebarItem => ({ type: 'link', label: `Op ${i}`, route: `/api/big-${i}`, href: `/api/big-${i}`, method: 'post' }));
    const sidebar = [...apiSidebar(12, 25), category('Big', long)];
    const pages = pagesOf(sidebar, ['/api/t0-0']);
    const tree = JSON.parse([...focusSidebars(pages, (r) => r, tagLanding, undefined, (f) => f).values()][0]);
    const big = tree['0 /api/big'];
    expect(big).toHaveLength(CATEGORY_WINDOW + 1);
    expect(big[0]).toEqual(['Op 0', '/api/big-0', 'post', 0]);
    expect(big[CATEGORY_WINDOW]).toEqual([`501–520 →`, `/api/big-${CATEGORY_WINDOW}`, '', 0]);
  });

  it('renders lean items: page links with their label as text, collapsed categories as one classed link', () => {
    const items: SidebarItem[] = [
      { type: 'link', label: 'List <tiles>', route: '/api/a', href: '/api/a', method: 'get' },
      { type: 'link', label: 'Old', route: '/api/b', href: '/api/b', method: 'delete', deprecated: true },
      { type: 'category', label: 'Tiles', items: [], href: '/api/tiles', collapsed: true },
    ];
    const markup = renderToStaticMarkup(<Sidebar items={items} route="/api/a" label="API sidebar" tree="/assets/sidebar-0123456789.json" />);
    expect(markup).toBe(
      '<nav class="sidebar" aria-label="API sidebar" data-tree="/assets/sidebar-0123456789.json"><ul>' +
        '<li><a href="/api/a" aria-current="page"><span class="method-badge method-get">GET</span>List &lt;tiles&gt;</a></li>' +
        '<li><a href="/api/b"><span class="method-badge method-delete">DELETE</span><s>Old</s></a></li>' +
        '<li><a class="sidebar-category" href="/api/tiles">Tiles</a></li>' +
        '</ul></nav>',
    );
  });
});

