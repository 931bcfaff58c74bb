// Expands the collapsed categories of a large sidebar in place (loaded by ./sidebar.ts on the
// page's first pointer movement or focus): each category link gets a caret button (a disclosure:
// aria-expanded) over the link's own caret, so nothing moves. Its press builds the category's
// items from the sidebar's tree, one JSON file per sidebar shared by every page
// (src/shared/sidebarTree.ts), fetched once per page (revalidated: its name has no hash), as
// templates/components/Sidebar.tsx renders them, their own categories collapsed with carets.
// It imports of the runtime only its labels, already a chunk of their own (and the shared word
// breaks, so that an expanded label wraps as the page's own labels do).
import { label } from '../labels';
import { TREE_CATEGORY, TREE_DEPRECATED, treeKey, type SidebarTree, type TreeRow } from '../../shared/sidebarTree';
import { wordParts } from '../../shared/wordBreaks';

const trees = new Map<string, Promise<SidebarTree>>();

/** Caret buttons in every sidebar with a tree that has none yet. */
function addCarets(): void {
  for (const nav of document.querySelectorAll<HTMLElement>('nav[data-tree]:not([data-carets])')) {
    nav.dataset.carets = '';
    carets(nav);
  }
}

// The page's sidebar and the mobile drawer's copy of it, if the drawer opened before this chunk
// came (a later copy is taken with the carets); a sidebar that serve --watch put in place gets
// its carets as the pointer or focus reaches it.
addCarets();
const later = (event: Event) => {
  if ((event.target as Element).closest?.('nav[data-tree]:not([data-carets])')) addCarets();
};
document.addEventListener('pointerover', later);
document.addEventListener('focusin', later);

// On document: the mobile drawer's sidebar is a copy of the page's, with its buttons.
document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('nav[data-tree] .sidebar-caret');
  const list = button && (await toggle(button));
  if (list) carets(list);
});

function carets(root: ParentNode): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a.sidebar-category')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sidebar-caret';
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-label', label('sidebarCategoryPages').replace('{label}', link.textContent ?? ''));
    link.after(button);
    link.parentElement!.classList.add('sidebar-expandable');
  }
}

/** Shows or hides the category's items; returns the list when it was just built. */
async function toggle(button: HTMLButtonElement): Promise<HTMLUListElement | undefined> {
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
    pending = fetch(url, { cache: 'no-cache' }).then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${url}: HTTP ${response.status}`))));
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
    link.append(...breakable(text));
    return item;
  }
  if (method) {
    const badge = link.appendChild(document.createElement('span'));
    badge.className = `method-badge method-${method.toLowerCase()}`;
    badge.textContent = method.toUpperCase();
  }
  if (flags & TREE_DEPRECATED) link.appendChild(document.createElement('s')).append(...breakable(text));
  else link.append(...breakable(text));
  return item;
}

/** A label's text with a `<wbr>` between the parts of its long identifiers, as the sidebar's markup has them. */
function breakable(text: string): (string | HTMLElement)[] {
  return wordParts(text).flatMap((part, i) => (i > 0 ? [document.createElement('wbr'), part] : [part]));
}
