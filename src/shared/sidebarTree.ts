// The sidebar tree: one JSON file per large sidebar, written once per build under a content hash
// (src/site/sidebar.ts makes it), from which the page runtime expands a collapsed category in
// place (src/client/enhance/sidebar.ts). Pages carry only their own branch of a large sidebar;
// this file holds the items of every category once, for all of them.

/**
 * One item of a category: `[label, href, method, flags]`. `method` is an operation's HTTP
 * method ('' for none); `flags` is TREE_DEPRECATED and/or TREE_CATEGORY (a category, itself
 * collapsed: a link to its landing page that expands from this file too).
 */
export type TreeRow = [label: string, href: string, method?: string, flags?: number];

/** A category's items by treeKey. */
export type SidebarTree = Record<string, TreeRow[]>;

export const TREE_DEPRECATED = 1;
export const TREE_CATEGORY = 2;

/**
 * A collapsed category's key: its depth (0 at the top) and its landing URL, both read from the
 * page as it is, so that no category needs an attribute of its own. A guides category and its
 * first sub-category land on the same guide; their depths tell them apart.
 */
export function treeKey(depth: number, href: string): string {
  return `${depth} ${href}`;
}
