// The sidebar is written as a string (templates/components/Sidebar.tsx), not by React: a reader
// and the page runtime must find exactly the markup React wrote for the same items, whatever a
// label or URL holds. The oracle is the JSX the sidebar was rendered from before (its labels with
// their word breaks, templates/components/Breakable.tsx), rendered by React.
import * as cheerio from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../src/shared/viewModels';
import { Breakable } from '../../../templates/components/Breakable';
import { Sidebar } from '../../../templates/components/Sidebar';

function ReactSidebar({ items, route, label, tree }: { items: SidebarItem[]; route: string; label: string; tree?: string }) {
  return (
    <nav className="sidebar" aria-label={label} data-tree={tree}>
      <ReactList items={items} route={route} />
    </nav>
  );
}

function ReactList({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={i}>
            <a href={item.href} aria-current={item.route === route ? 'page' : undefined}>
              {item.method ? <span className={`method-badge method-${item.method.toLowerCase()}`}>{item.method.toUpperCase()}</span> : null}
              {item.deprecated ? (
                <s>
                  <Breakable text={item.label} />
                </s>
              ) : (
                <Breakable text={item.label} />
              )}
            </a>
          </li>
        ) : item.collapsed && item.href ? (
          <li key={i}>
            <a className="sidebar-category" href={item.href}>
              <Breakable text={item.label} />
            </a>
          </li>
        ) : (
          <li key={i}>
            <details open>
              <summary>
                <Breakable text={item.label} />
              </summary>
              <ReactList items={item.items} route={route} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

const HOSTILE = ['Plain', '', 'a & b', '<script>alert(1)</script>', 'PropData.Listings_Photo<Variant>&Collection', `"quoted" and 'single'`, 'x > y < z', '&amp; already', 'Ünïcødé → 日本', '  spaced  ', 'a\nb\tc'];

/** A random sidebar (seeded): links with and without a method or deprecation, collapsed and open categories, nested. */
function randomSidebar(seed: number, depth = 0): { items: SidebarItem[]; routes: string[] } {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const items: SidebarItem[] = [];
  const routes: string[] = [];
  const count = 1 + Math.floor(next() * 6);
  for (let i = 0; i < count; i++) {
    const kind = next();
    if (kind < 0.5 || depth > 2) {
      const route = `/r/${seed}-${depth}-${i}`;
      routes.push(route);
      items.push({ type: 'link', label: pick(HOSTILE), route, href: next() < 0.1 ? '' : `${route}?q=${pick(HOSTILE)}`, method: next() < 0.5 ? pick(['get', 'POST', 'Delete', '"x"']) : undefined, deprecated: next() < 0.3 ? true : undefined });
    } else if (kind < 0.75) {
      items.push({ type: 'category', label: pick(HOSTILE), items: [], collapsed: true, href: next() < 0.8 ? `/c/${pick(HOSTILE)}` : undefined });
    } else {
      const inner = randomSidebar(seed * 31 + i, depth + 1);
      routes.push(...inner.routes);
      items.push({ type: 'category', label: pick(HOSTILE), items: inner.items });
    }
  }
  return { items, routes };
}

describe('templates/components/Sidebar', () => {
  it('writes the bytes React writes, for hostile labels and URLs, on every page of 200 random sidebars', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { items, routes } = randomSidebar(seed);
      for (const route of [...routes, '/not-in-the-sidebar']) {
        const tree = seed % 3 === 0 ? `/assets/sidebar-${seed}.json?a=1&b="2"` : undefined;
        expect(renderToString(<Sidebar items={items} route={route} label={`Sidebar ${HOSTILE[seed % HOSTILE.length]}`} tree={tree} />)).toBe(
          renderToString(<ReactSidebar items={items} route={route} label={`Sidebar ${HOSTILE[seed % HOSTILE.length]}`} tree={tree} />),
        );
      }
    }
  });

  it('shows a reader the labels as written, marks the current page, and never lets a label become markup', () => {
    const items: SidebarItem[] = [
      { type: 'link', label: '<img src=x onerror=alert(1)>', route: '/a', href: '/a' },
      { type: 'category', label: 'Boundaries & zones', items: [{ type: 'link', label: 'Search "schools"', route: '/b', href: '/b', method: 'get', deprecated: true }] },
      { type: 'category', label: 'Listings', items: [], collapsed: true, href: '/api/listings' },
    ];
    const $ = cheerio.load(renderToString(<Sidebar items={items} route="/b" label="API sidebar" />));
    expect($('nav.sidebar img')).toHaveLength(0);
    expect($('nav.sidebar > ul > li').first().text()).toBe('<img src=x onerror=alert(1)>');
    expect($('details[open] > summary').text()).toBe('Boundaries & zones');
    const current = $('a[aria-current="page"]');
    expect(current.attr('href')).toBe('/b');
    expect(current.find('.method-badge.method-get').text()).toBe('GET');
    expect(current.find('s').text()).toBe('Search "schools"');
    expect($('a.sidebar-category').attr('href')).toBe('/api/listings');
    expect($('a[aria-current]')).toHaveLength(1);
  });
});
