// The sidebar: categories are <details open> so they start expanded and collapse without
// JavaScript; the current page is marked with aria-current. On large sites, categories away
// from the current page come collapsed to a link to their landing page (src/site/sidebar.ts);
// `tree` is then the URL of the sidebar's shared fragment, from which the page runtime expands
// such a category in place (src/client/enhance/sidebar.ts).
//
// The markup is lean on purpose: a large site repeats the sidebar in thousands of pages, so
// only a collapsed category's link has a class (the stylesheet reaches the rest as `.sidebar li`,
// `.sidebar summary`), and a link's label is its own text (struck out with <s> if deprecated).
//
// The list is written as a string, byte for byte what React writes for the same elements: React
// spends about 2 µs an element, and Microsoft Graph beta's sidebar has 1,700 of them on each of
// its 29,000 pages (1.3 ms a page, against 0.2 ms here). Nothing in it is interactive, so no
// island hydrates it.
import { attributeAsReact as attribute, escapeAsReact as escape } from '../../src/shared/html';
import type { SidebarItem } from '../../src/shared/viewModels';
import { shortTitle } from '../../src/shared/titles';
import { hasLongWord, wordParts } from '../../src/shared/wordBreaks';

export function Sidebar({ items, route, label, tree }: { items: SidebarItem[]; route: string; label: string; tree?: string }) {
  return <nav className="sidebar" aria-label={label} data-tree={tree} dangerouslySetInnerHTML={{ __html: sidebarListHtml(items, route) }} />;
}

/** The sidebar's `<ul>`: links, collapsed categories (one link each) and open categories with their lists. */
export function sidebarListHtml(items: readonly SidebarItem[], route: string): string {
  let html = '<ul>';
  for (const item of items) {
    if (item.type === 'link') {
      const current = item.route === route ? ' aria-current="page"' : '';
      const badge = item.method ? `<span class="method-badge method-${escape(item.method.toLowerCase())}">${escape(item.method.toUpperCase())}</span>` : '';
      const text = item.deprecated ? `<s>${breakable(item.label)}</s>` : breakable(item.label);
      html += `<li><a${attribute('href', item.href)}${current}>${badge}${text}</a></li>`;
    } else if (item.collapsed && item.href) {
      html += `<li><a class="sidebar-category" href="${escape(item.href)}">${breakable(item.label)}</a></li>`;
    } else {
      html += `<li><details open=""><summary>${breakable(item.label)}</summary>${sidebarListHtml(item.items, route)}</details></li>`;
    }
  }
  return html + '</ul>';
}

/** Labels as written, kept per thread: a section's sidebar shows the same labels on every one of its pages. */
const labelsHtml = new Map<string, string>();
/** Labels kept at most (Microsoft Graph beta's sidebar has about 30,000). */
const MAX_LABELS = 100_000;

/**
 * A label escaped, cut to a title's length (shortTitle: the sidebar is on every page), with a
 * `<wbr>` between the parts of its long identifiers, as templates/components/Breakable.tsx writes
 * it. Looked up: made again on every page, a 300-link
 * sidebar's lists for 7,000 pages took 1.7 s of CPU, against 0.36 s when labels were only escaped;
 * looked up, 0.33 s.
 */
function breakable(label: string): string {
  let html = labelsHtml.get(label);
  if (html === undefined) {
    if (labelsHtml.size >= MAX_LABELS) labelsHtml.clear();
    const text = shortTitle(label);
    labelsHtml.set(label, (html = hasLongWord(text) ? wordParts(text).map(escape).join('<wbr/>') : escape(text)));
  }
  return html;
}
