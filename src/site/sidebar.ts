// Builds the guides sidebar from the folder structure: one category per folder (label and
// order from `_category_.yml`, else the folder name), items ordered by sidebar_position then
// file name. Unlisted guides are left out. Pure: routes in, tree out.
import type { Category } from '../content/discover';

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
  const root: Node = { docs: [], children: new Map() };
  const byDir = new Map(categories.map((c) => [c.dir, c]));
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
  type Entry = { position: number; key: string; item: SidebarItem };
  const entries: Entry[] = [];
  for (const doc of node.docs) {
    entries.push({ position: doc.position ?? Infinity, key: doc.relPath, item: { type: 'link', label: doc.sidebarLabel, route: doc.route } });
  }
  for (const [dir, child] of node.children) {
    const items = toItems(child);
    if (items.length === 0) continue;
    const label = child.category?.label ?? dir.split('/').pop()!;
    entries.push({ position: child.category?.position ?? Infinity, key: dir, item: { type: 'category', label, items } });
  }
  entries.sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
