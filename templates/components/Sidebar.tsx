// The sidebar: categories are <details open> so they start expanded and collapse without
// JavaScript; the current page is marked with aria-current. On large sites, categories away
// from the current page come collapsed to a link to their landing page (src/site/sidebar.ts);
// `tree` is then the URL of the sidebar's shared fragment, from which the page runtime expands
// such a category in place (src/client/enhance/sidebar.ts).
//
// The markup is lean on purpose: a large site repeats the sidebar in thousands of pages, so
// only a collapsed category's link has a class (the stylesheet reaches the rest as `.sidebar li`,
// `.sidebar summary`), and a link's label is its own text (struck out with <s> if deprecated).
import type { SidebarItem } from '../../src/shared/viewModels';

export function Sidebar({ items, route, label, tree }: { items: SidebarItem[]; route: string; label: string; tree?: string }) {
  return (
    <nav className="sidebar" aria-label={label} data-tree={tree}>
      <SidebarList items={items} route={route} />
    </nav>
  );
}

function SidebarList({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={i}>
            <a href={item.href} aria-current={item.route === route ? 'page' : undefined}>
              {item.method ? <span className={`method-badge method-${item.method.toLowerCase()}`}>{item.method.toUpperCase()}</span> : null}
              {item.deprecated ? <s>{item.label}</s> : item.label}
            </a>
          </li>
        ) : item.collapsed && item.href ? (
          <li key={i}>
            <a className="sidebar-category" href={item.href}>
              {item.label}
            </a>
          </li>
        ) : (
          <li key={i}>
            <details open>
              <summary>{item.label}</summary>
              <SidebarList items={item.items} route={route} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}
