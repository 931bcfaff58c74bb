// The sidebar: categories are <details open> so they start expanded and collapse without
// JavaScript; the current page is marked with aria-current. On large sites, categories away
// from the current page come collapsed to a link to their landing page (src/site/sidebar.ts).
import type { SidebarItem } from '../../src/shared/viewModels';

export function Sidebar({ items, route, label }: { items: SidebarItem[]; route: string; label: string }) {
  return (
    <nav className="sidebar" aria-label={label}>
      <SidebarList items={items} route={route} />
    </nav>
  );
}

function SidebarList({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul className="sidebar-list">
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={i} className="sidebar-item">
            <a className={`sidebar-link${item.deprecated ? ' sidebar-link-deprecated' : ''}`} href={item.href} aria-current={item.route === route ? 'page' : undefined}>
              {item.method ? <span className={`method-badge method-${item.method.toLowerCase()}`}>{item.method.toUpperCase()}</span> : null}
              <span>{item.label}</span>
            </a>
          </li>
        ) : item.collapsed && item.href ? (
          <li key={i} className="sidebar-item sidebar-category">
            <a className="sidebar-category-label sidebar-category-link" href={item.href}>
              {item.label}
            </a>
          </li>
        ) : (
          <li key={i} className="sidebar-item sidebar-category">
            <details open>
              <summary className="sidebar-category-label">{item.label}</summary>
              <SidebarList items={item.items} route={route} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}
