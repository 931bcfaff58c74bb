// Builds the guides sidebar from the folder structure: one category per folder (label and
// order from `_category_.yml`, else the folder name). Inside a folder, the entries its category
// file lists in `items` come first, in that order; the others follow by position
// (sidebar_position or number prefix), then file name. Unlisted guides are left out. Pure:
// routes in, tree out.
import { itemId, type Category } from '../content/discover';
import type { SidebarItem as ViewSidebarItem } from '../shared/viewModels';
import { shortTitle } from '../shared/titles';
import { TREE_CATEGORY, TREE_DEPRECATED, treeKey, type SidebarTree, type TreeRow } from '../shared/sidebarTree';

export type SidebarItem =
  | { type: 'category'; label: string; items: SidebarItem[] }
  | { type: 'link'; label: string; route: string; method?: string; deprecated?: boolean };

export interface SidebarDoc {
  route: string;
  dirs: string[];
  relPath: string;
  sidebarLabel: string;
  position?: number;
  unlisted: boolean;
}

interface Node {
  category?: Category;
  docs: SidebarDoc[];
  children: Map<string, Node>;
}

export function buildGuidesSidebar(docs: SidebarDoc[], categories: Category[]): SidebarItem[] {
  const byDir = new Map(categories.map((c) => [c.dir, c]));
  const root: Node = { category: byDir.get(''), docs: [], children: new Map() };
  for (const doc of docs) {
    if (doc.unlisted) continue;
    let node = root;
    doc.dirs.forEach((_, i) => {
      const dir = doc.dirs.slice(0, i + 1).join('/');
      let child = node.children.get(dir);
      if (!child) {
        child = { category: byDir.get(dir), docs: [], children: new Map() };
        node.children.set(dir, child);
      }
      node = child;
    });
    node.docs.push(doc);
  }
  return toItems(root);
}

function toItems(node: Node): SidebarItem[] {
  type Entry = { rank: number; position: number; key: string; item: SidebarItem };
  const listed = node.category?.items ?? [];
  // Listed entries first, in the order of `items`; an id listed twice keeps its first place.
  const rank = (id: string) => {
    const i = listed.indexOf(id);
    return i === -1 ? Infinity : i;
  };
  const entries: Entry[] = [];
  for (const doc of node.docs) {
    entries.push({ rank: rank(itemId(doc.relPath.slice(doc.relPath.lastIndexOf('/') + 1))), position: doc.position ?? Infinity, key: doc.relPath, item: { type: 'link', label: doc.sidebarLabel, route: doc.route } });
  }
  for (const [dir, child] of node.children) {
    const items = toItems(child);
    if (items.length === 0) continue;
    const name = dir.split('/').pop()!;
    const label = child.category?.label ?? name;
    entries.push({ rank: rank(name), position: child.category?.position ?? Infinity, key: dir, item: { type: 'category', label, items } });
  }
  entries.sort((a, b) => a.rank - b.rank || a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return entries.map((e) => e.item);
}

/** Links of a sidebar in reading order, for previous/next navigation. */
export function flattenSidebar(items: SidebarItem[]): Extract<SidebarItem, { type: 'link' }>[] {
  return items.flatMap((item) => (item.type === 'link' ? [item] : flattenSidebar(item.items)));
}

/** Category labels leading to each route, for breadcrumbs; one walk of the tree. */
export function sidebarTrails(items: SidebarItem[], trail: string[] = [], out = new Map<string, string[]>()): Map<string, string[]> {
  for (const item of items) {
    if (item.type === 'link') out.set(item.route, trail);
    else sidebarTrails(item.items, [...trail, item.label], out);
  }
  return out;
}

/**
 * Sidebars with more links than this are focused per page (see focusSidebars); at or below it
 * every page shows the whole sidebar, expanded, as SPEC.md describes (the shipped site has ~50).
 */
export const FULL_SIDEBAR_MAX_LINKS = 300;

/**
 * Bounds every page's sidebar on large sites. A whole sidebar in every page makes output and
 * render time grow with pages × links (1,000 API operations: ~0.4 MB of sidebar per page, twice
 * over counting the mobile menu's props). Above FULL_SIDEBAR_MAX_LINKS each page gets a focused
 * sidebar instead: the categories leading to the page stay expanded, every other category is
 * collapsed to one link to its landing page (`href`: an API tag page lists its operations, a
 * guides category opens on its first guide, where that category is expanded), so the whole
 * sidebar stays reachable without JavaScript while each page carries only its own branch.
 * Collapsing to links, rather than to closed <details> holding every item, is what keeps the
 * bytes bounded. Pages on the same branch share one focused array (the links stage and the
 * render cache see a handful of distinct sidebars, not one per page); the current page is
 * marked at render time by route, so sharing is safe. A page outside the tree (the /api
 * landing, guide tag pages) gets every category collapsed, except the one whose landing it is.
 *
 * `hrefOf` gives a route's URL as sidebar links carry it; `landingOf` a category's landing URL
 * (undefined: the category is never collapsed). Pages are updated in place; small sidebars are
 * left exactly as they are.
 *
 * With `fileHref` (a site-relative file's URL), each focused sidebar also gets its tree: one
 * JSON file holding every category's items once (src/shared/sidebarTree.ts), from which the
 * page runtime expands a collapsed category in place, as a reader expects of a sidebar; its
 * URL is the page's `sidebarTree`. Returns those files (site-relative path → content) for the
 * output, so that per build each sidebar's tree is written once, not once per page.
 *
 * The file is named by its sidebar's place (`treeName`), not by its content, and
 * fetched revalidated, as the search index's manifest is: a new label (an operation's summary)
 * then changes that one file, not the URL shown by every page of the section, which would
 * have to be written again (3,362 API pages on the 7,000-page site) and downloaded again by
 * readers, to save them one conditional request on their first expand of a page.
 */
export function focusSidebars<P extends { route: string; section: string; sidebar?: ViewSidebarItem[]; sidebarTree?: string }>(
  pages: P[],
  hrefOf: (route: string) => string,
  landingOf: (category: Extract<ViewSidebarItem, { type: 'category' }>, section: string) => string | undefined,
  maxLinks = FULL_SIDEBAR_MAX_LINKS,
  fileHref?: (file: string) => string,
  /** The tree file's name; `nth`: its sidebar's place among those with a tree. */
  treeName = (nth: number) => `sidebar-tree-${nth}.json`,
): Map<string, string> {
  const files = new Map<string, string>();
  const focusers = new Map<ViewSidebarItem[], { focus: (href: string) => ViewSidebarItem[]; tree?: string } | null>();
  for (const page of pages) {
    if (!page.sidebar) continue;
    let focuser = focusers.get(page.sidebar);
    if (focuser === undefined) {
      focuser = null;
      if (countLinks(page.sidebar) > maxLinks) {
        const landing = (c: Extract<ViewSidebarItem, { type: 'category' }>) => landingOf(c, page.section);
        focuser = { focus: sidebarFocuser(page.sidebar, landing) };
        if (fileHref) {
          const json = JSON.stringify(sidebarTree(page.sidebar, landing));
          const file = treeName(files.size);
          files.set(file, json);
          focuser.tree = fileHref(file);
        }
      }
      focusers.set(page.sidebar, focuser);
    }
    if (!focuser) continue;
    page.sidebar = focuser.focus(hrefOf(page.route));
    if (focuser.tree) page.sidebarTree = focuser.tree;
  }
  return files;
}

/**
 * Every collapsible category's items as a focused sidebar shows them when it is expanded: its
 * links, and its own categories collapsed (expandable in turn); a long category by its first
 * window. Keyed by depth and landing URL (treeKey); a key two categories share is left out
 * (such a category's link then just opens its landing page).
 */
export function sidebarTree(tree: ViewSidebarItem[], landingOf: (category: Extract<ViewSidebarItem, { type: 'category' }>) => string | undefined): SidebarTree {
  const out: SidebarTree = {};
  const shared = new Set<string>();
  const row = (item: ViewSidebarItem): TreeRow[] => {
    if (item.type === 'link') return [[shortTitle(item.label), item.href, item.method ?? '', item.deprecated ? TREE_DEPRECATED : 0]];
    const landing = landingOf(item);
    return landing ? [[shortTitle(item.label), landing, '', TREE_CATEGORY]] : [];
  };
  const walk = (items: ViewSidebarItem[], depth: number) => {
    for (const item of items) {
      if (item.type === 'link') continue;
      walk(item.items, depth + 1);
      const landing = landingOf(item);
      if (!landing) continue;
      const key = treeKey(depth, landing);
      if (key in out) shared.add(key);
      out[key] = windowOf(item.items, 0, (i) => (i.type === 'link' ? i.href : landingOf(i))).flatMap(row);
    }
  };
  walk(tree, 0);
  for (const key of shared) delete out[key];
  return out;
}

function countLinks(items: ViewSidebarItem[]): number {
  let n = 0;
  for (const item of items) n += item.type === 'link' ? 1 : countLinks(item.items);
  return n;
}

/**
 * One walk of the tree indexes, for every link and category landing, the path of category
 * indices leading to it; focusing a page is then a memoised rebuild of that one branch.
 */
function sidebarFocuser(tree: ViewSidebarItem[], landingOf: (category: Extract<ViewSidebarItem, { type: 'category' }>) => string | undefined): (href: string) => ViewSidebarItem[] {
  const paths = new Map<string, number[]>();
  /** A link's index in its own list, for the window of a long category. */
  const positions = new Map<string, number>();
  const landings = new Map<ViewSidebarItem, string | undefined>();
  const index = (items: ViewSidebarItem[], trail: number[]) =>
    items.forEach((item, i) => {
      if (item.type === 'link') {
        if (!paths.has(item.href)) {
          paths.set(item.href, trail);
          positions.set(item.href, i);
        }
      } else {
        const inner = [...trail, i];
        index(item.items, inner);
        // A link inside wins over the landing: a guides category lands on its own first guide.
        const landing = landingOf(item);
        landings.set(item, landing);
        if (landing && !paths.has(landing)) paths.set(landing, inner);
      }
    });
  index(tree, []);
  const memo = new Map<string, ViewSidebarItem[]>();
  const collapsed = new Map<ViewSidebarItem, ViewSidebarItem>();
  const collapse = (item: ViewSidebarItem) => {
    const href = landings.get(item);
    if (item.type === 'link' || !href) return item;
    let link = collapsed.get(item);
    if (!link) collapsed.set(item, (link = { type: 'category', label: item.label, items: [], href, collapsed: true }));
    return link;
  };
  const hrefOf = (item: ViewSidebarItem) => (item.type === 'link' ? item.href : item.href ?? landings.get(item) ?? firstHref(item.items));
  // Every level is windowed, not only the page's own list: 3,000 tags of one operation each put
  // all 3,000 collapsed categories (250 KB) into every page. A level on the trail shows the
  // window holding the category the trail goes through.
  const branch = (items: ViewSidebarItem[], trail: number[], window: number): ViewSidebarItem[] =>
    trail.length === 0
      ? windowOf(items.map(collapse), window, hrefOf)
      : windowOf(
          items.map((item, i) => (item.type === 'category' && i === trail[0] ? { ...item, items: branch(item.items, trail.slice(1), window) } : collapse(item))),
          Math.floor(trail[0] / CATEGORY_WINDOW),
          hrefOf,
        );
  return (href) => {
    const trail = paths.get(href) ?? [];
    // Pages in the same window of a long category share its sidebar.
    const window = Math.floor((positions.get(href) ?? 0) / CATEGORY_WINDOW);
    const key = `${trail.join('/')}#${window}`;
    let focused = memo.get(key);
    if (!focused) memo.set(key, (focused = branch(tree, trail, window)));
    return focused;
  };
}

/**
 * Items a list shows at most on a focused sidebar: a tag of 5,000 operations put 0.95 MB of
 * sidebar in each of its 5,000 pages (4.5 GB in all). A longer list shows the window of
 * CATEGORY_WINDOW items holding the current page (or the category it is in), and a link to each
 * neighbouring window, labelled by position (`← 1–500`, `1,001–1,500 →`, words no locale needs
 * to translate).
 */
export const CATEGORY_WINDOW = 500;

function windowOf(items: ViewSidebarItem[], window: number, hrefOf: (item: ViewSidebarItem) => string | undefined): ViewSidebarItem[] {
  if (items.length <= CATEGORY_WINDOW) return items;
  const start = Math.min(window, Math.ceil(items.length / CATEGORY_WINDOW) - 1) * CATEGORY_WINDOW;
  const end = Math.min(start + CATEGORY_WINDOW, items.length);
  const range = (from: number, to: number) => `${(from + 1).toLocaleString('en-US')}–${to.toLocaleString('en-US')}`;
  const jump = (index: number, label: string): ViewSidebarItem[] => {
    const href = hrefOf(items[index]);
    return href ? [{ type: 'link', label, route: '', href }] : [];
  };
  return [
    ...(start > 0 ? jump(start - CATEGORY_WINDOW, `← ${range(start - CATEGORY_WINDOW, start)}`) : []),
    ...items.slice(start, end),
    ...(end < items.length ? jump(end, `${range(end, Math.min(end + CATEGORY_WINDOW, items.length))} →`) : []),
  ];
}

/** A guides category's landing for a collapsed sidebar: its first guide in reading order. */
export function firstHref(items: ViewSidebarItem[]): string | undefined {
  for (const item of items) {
    const href = item.type === 'link' ? item.href : firstHref(item.items);
    if (href) return href;
  }
  return undefined;
}
