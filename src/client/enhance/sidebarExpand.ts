// Expands a collapsed category of a large sidebar in place (loaded on the first press of a caret
// that ./sidebar.ts added): the sidebar's tree, one content-hashed JSON file per sidebar shared by
// every page (src/shared/sidebarTree.ts), is fetched once per page and then comes from the
// browser's cache; the category's items are built from it as templates/components/Sidebar.tsx
// renders them, their own categories collapsed (./sidebar.ts gives them their carets: this chunk
// imports nothing of the runtime, so that no chunk is split off for what both would share).
import { TREE_CATEGORY, TREE_DEPRECATED, treeKey, type SidebarTree, type TreeRow } from '../../shared/sidebarTree';

const trees = new Map<string, Promise<SidebarTree>>();

/** Shows or hides the category's items; returns the list when it was just built. */
export async function toggle(button: HTMLButtonElement): Promise<HTMLUListElement | undefined> {
  const item = button.parentElement!;
  const shown = item.querySelector<HTMLElement>(':scope > ul');
  const expanded = button.getAttribute('aria-expanded') === 'true';
  if (shown || expanded) {
    if (shown) shown.hidden = expanded;
    button.setAttribute('aria-expanded', String(!expanded));
    return;
  }
  if (button.getAttribute('aria-busy')) return;
  const link = button.previousElementSibling as HTMLAnchorElement;
  const nav = button.closest<HTMLElement>('nav[data-tree]')!;
  let depth = -1;
  for (let el: Element | null = item; el && el !== nav; el = el.parentElement) if (el.tagName === 'UL') depth++;
  button.setAttribute('aria-busy', 'true');
  try {
    const rows = (await tree(nav.dataset.tree!))[treeKey(depth, link.getAttribute('href')!)];
    if (!rows) throw new Error(`${link.textContent} is not in the sidebar tree`);
    const list = document.createElement('ul');
    list.append(...rows.map(row));
    item.append(list);
    button.setAttribute('aria-expanded', 'true');
    return list;
  } catch (error) {
    console.error(error);
    location.assign(link.href);
  } finally {
    button.removeAttribute('aria-busy');
  }
}

function tree(url: string): Promise<SidebarTree> {
  let pending = trees.get(url);
  if (!pending) {
    pending = fetch(url).then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${url}: HTTP ${response.status}`))));
    // A failed fetch is tried again on the next press.
    pending.catch(() => trees.delete(url));
    trees.set(url, pending);
  }
  return pending;
}

/** One item as templates/components/Sidebar.tsx renders it; the text goes in as text. */
function row([text, href, method, flags = 0]: TreeRow): HTMLLIElement {
  const item = document.createElement('li');
  const link = item.appendChild(document.createElement('a'));
  link.setAttribute('href', href);
  if (flags & TREE_CATEGORY) {
    link.className = 'sidebar-category';
    link.textContent = text;
    return item;
  }
  if (method) {
    const badge = link.appendChild(document.createElement('span'));
    badge.className = `method-badge method-${method.toLowerCase()}`;
    badge.textContent = method.toUpperCase();
  }
  link.append(flags & TREE_DEPRECATED ? Object.assign(document.createElement('s'), { textContent: text }) : text);
  return item;
}
