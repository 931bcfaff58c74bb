// The sidebar: categories are <details open> so they start expanded and collapse without
// JavaScript; the current page is marked with aria-current.
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
