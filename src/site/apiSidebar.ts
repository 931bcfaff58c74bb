// The API sidebar and the reading order of the API pages: the overview, then the tags (a nested
// tag's category inside its parent's, `tags[].parent`; top-level tags inside their `x-tagGroups`
// group, the tags no group lists in a trailing group), then the webhooks, then the schemas (one
// link to their index when there are too many to list on every page). Pure: model and routes in.
import type { ApiModel, ApiOperation, ApiTag } from '../openapi/model';
import { formatMessage, type Messages } from '../shared/messages';
import type { SidebarItem } from '../shared/viewModels';

/**
 * Above this many schemas the sidebar links to the schema index instead of listing them: 3,000
 * schema links added 1.3 MB to every schema page (where their category is open).
 */
export const SIDEBAR_SCHEMAS_MAX = 200;

export interface ApiRoutes {
  overview: string;
  op: (slug: string) => string;
  webhook: (slug: string) => string;
  webhookIndex: string;
  schema: (slug: string) => string;
  schemaIndex: string;
  /** A route's URL (baseUrl, trailing slash). */
  href: (route: string) => string;
}

type Link = Extract<SidebarItem, { type: 'link' }>;

export function apiSidebar(api: ApiModel, routes: ApiRoutes, messages: Messages): SidebarItem[] {
  const link = (op: ApiOperation, route: string): Link => ({ type: 'link', label: op.summary, route, href: routes.href(route), method: op.method, deprecated: op.deprecated });
  const tagItems = tagTree(api).map(function category(node: TagNode): SidebarItem {
    return { type: 'category', label: node.tag.name, items: [...node.tag.operations.map((op) => link(op, routes.op(op.slug))), ...node.children.map(category)] };
  });
  const items: SidebarItem[] = [{ type: 'link', label: messages.apiIntroduction, route: routes.overview, href: routes.href(routes.overview) }];
  if (api.tagGroups.length === 0) items.push(...tagItems);
  else {
    const byName = new Map(tagItems.map((item) => [item.label, item]));
    const grouped = new Set<string>();
    for (const group of api.tagGroups) {
      const members = group.tags.flatMap((name) => byName.get(name) ?? []);
      for (const m of members) grouped.add(m.label);
      if (members.length > 0) items.push({ type: 'category', label: group.name, items: members });
    }
    // Tags no group lists are still shown (Redoc hides them: a reader would never find them).
    const rest = tagItems.filter((item) => !grouped.has(item.label));
    if (rest.length > 0) items.push({ type: 'category', label: messages.apiOtherTags, items: rest });
  }
  if (api.webhooks.length > 0) {
    items.push({ type: 'category', label: messages.apiWebhooks, items: byTag(api.webhooks).map(({ tag, hooks }) => {
      const links = hooks.map((hook) => link(hook, routes.webhook(hook.slug)));
      return tag === '' ? links : [{ type: 'category' as const, label: tag, items: links }];
    }).flat() });
  }
  if (api.schemas.length > SIDEBAR_SCHEMAS_MAX) {
    items.push({ type: 'link', label: formatMessage(messages.apiSchemasCount, { count: api.schemas.length.toLocaleString('en-US') }), route: routes.schemaIndex, href: routes.href(routes.schemaIndex) });
  } else if (api.schemas.length > 0) {
    items.push({ type: 'category', label: messages.apiSchemas, items: api.schemas.map((s) => ({ type: 'link', label: s.name, route: routes.schema(s.slug), href: routes.href(routes.schema(s.slug)) })) });
  }
  return items;
}

/** Routes of the operation and webhook pages in sidebar order (each once), for previous/next links. */
export function readingOrder(sidebar: SidebarItem[], isPage: (route: string) => boolean): string[] {
  const seen = new Set<string>();
  const walk = (items: SidebarItem[]): void => {
    for (const item of items) {
      if (item.type === 'category') walk(item.items);
      else if (isPage(item.route)) seen.add(item.route);
    }
  };
  walk(sidebar);
  return [...seen];
}

export interface TagNode {
  tag: ApiTag;
  children: TagNode[];
}

/** The tags as a forest: each nested tag under its parent (the model checked parents: no cycles). */
export function tagTree(api: Pick<ApiModel, 'tags'>): TagNode[] {
  const nodes = new Map(api.tags.map((tag) => [tag.name, { tag, children: [] as TagNode[] }]));
  const roots: TagNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.tag.parent === undefined ? undefined : nodes.get(node.tag.parent);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Tags in reading order: each followed by the tags nested in it. */
export function flattenTags(nodes: TagNode[]): ApiTag[] {
  return nodes.flatMap((n) => [n.tag, ...flattenTags(n.children)]);
}

/** Webhooks by their tag, in order of first appearance; the untagged ones first. */
export function byTag(hooks: ApiOperation[]): { tag: string; hooks: ApiOperation[] }[] {
  const groups = new Map<string, ApiOperation[]>([['', []]]);
  for (const hook of hooks) {
    const list = groups.get(hook.tag);
    if (list) list.push(hook);
    else groups.set(hook.tag, [hook]);
  }
  // With a single tag shared by every webhook, sub-categories would only add a level.
  if (groups.size === 2 && groups.get('')!.length === 0) return [{ tag: '', hooks }];
  return [...groups].filter(([, list]) => list.length > 0).map(([tag, list]) => ({ tag, hooks: list }));
}
