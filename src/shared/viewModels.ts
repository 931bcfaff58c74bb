// The data templates render. Built on the node side (src/site), read by templates/ — which may
// import nothing else from src/. Every URL here is final: baseUrl and trailingSlash applied.

export type SidebarItem =
  | { type: 'category'; label: string; items: SidebarItem[] }
  | { type: 'link'; label: string; route: string; href: string; method?: string; deprecated?: boolean };

export interface NavLink {
  label: string;
  href: string;
  external: boolean;
  /** Route prefix that makes the item active (e.g. `/guides`). */
  activeBasePath?: string;
}

export type NavbarEntry =
  | ({ type: 'link' } & NavLink)
  | { type: 'search' }
  | { type: 'colorMode' }
  | { type: 'localeDropdown'; current: string; locales: { locale: string; label: string; href: string }[] };

export interface SiteModel {
  title: string;
  tagline: string;
  baseUrl: string;
  homeHref: string;
  searchHref: string;
  faviconHref: string;
  stylesheetHref: string;
  logoAlt: string;
  navbarTitle: string;
  navbarLeft: NavbarEntry[];
  navbarRight: NavbarEntry[];
  footer: { copyright: string; links: NavLink[] };
  announcement?: { id: string; html: string; isCloseable: boolean; backgroundColor?: string; textColor?: string };
  /** Inline head script that applies the colour mode before first paint. */
  colorModeScript: string;
  defaultMode: 'light' | 'dark';
  lang: string;
}

export interface HeadModel {
  /** Full `<title>`, e.g. `Quick start | API`. */
  title: string;
  description: string;
  canonical: string;
  ogType: 'website' | 'article';
  noindex: boolean;
  keywords: string[];
}

export interface TocEntry {
  id: string;
  text: string;
  children: TocEntry[];
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  label: string;
  href: string;
}

export interface DocBody {
  title: string;
  html: string;
  toc: TocEntry[];
  breadcrumbs: Crumb[];
  previous?: PageLink;
  next?: PageLink;
  tags: PageLink[];
  banner?: 'unlisted' | 'draft';
}

export interface CardGroup {
  label: string;
  items: { label: string; href: string; description: string }[];
}

export interface ApiIndexModel {
  title: string;
  version: string;
  summary: string;
  downloadUrl?: string;
  tags: { name: string; /** Rendered from untrusted spec markdown with raw HTML escaped. */ descriptionHtml: string; operations: { method: string; path: string; summary: string; href?: string; deprecated: boolean }[] }[];
}

export type PageBody =
  | { kind: 'home'; guidesHref: string; apiHref: string; sections: CardGroup[] }
  | { kind: 'doc'; doc: DocBody }
  | { kind: 'sectionIndex'; title: string; intro: string; groups: CardGroup[]; breadcrumbs: Crumb[] }
  | { kind: 'tagsList'; title: string; tags: { label: string; href: string; count: number }[]; breadcrumbs: Crumb[] }
  | { kind: 'tagDocs'; title: string; tag: string; allTagsHref: string; docs: { label: string; href: string; description: string }[]; breadcrumbs: Crumb[] }
  | { kind: 'apiIndex'; api: ApiIndexModel; breadcrumbs: Crumb[] }
  | { kind: 'search'; actionHref: string }
  | { kind: 'notFound'; homeHref: string; guidesHref: string; apiHref: string };

export interface PageModel {
  /** Route key, e.g. `/guides/boundaries/virtual-layers`. */
  route: string;
  head: HeadModel;
  /** Route prefix for active navbar items. */
  section: 'home' | 'guides' | 'api' | 'other';
  sidebar?: SidebarItem[];
  body: PageBody;
}
