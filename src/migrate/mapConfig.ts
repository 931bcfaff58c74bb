// docusaurus.config.js → the object of docsgen.config.ts. Only what docsgen has an equivalent for
// is carried over; everything else is named in `notes` (the command's report), so that nothing
// is dropped without the user hearing of it.
import type { NavbarItem, OpenApiConfig, UserConfig } from '../config/types';
import { isStandIn } from './evaluate';

export interface SiteLinks {
  /** A Docusaurus site path (`/docs/intro`, without baseUrl) → the docsgen route it became, when it is a doc or an API page. */
  route(to: string): string | undefined;
  /** Doc id → docsgen route. */
  doc(id: string): string | undefined;
  /** Sidebar id → the docsgen route of its first doc (or `/api` for the API's sidebar). */
  sidebar(id: string): string | undefined;
  /** A file of Docusaurus's static/ (`img/logo.svg`, `/img/logo.svg`) → its path in the new project, relative to the config; undefined when there is no such file. */
  staticFile(src: string): string | undefined;
}

export interface MappedConfig {
  config: UserConfig;
  notes: string[];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && !isStandIn(v) ? v : undefined);

export function mapConfig(source: Record<string, any>, links: SiteLinks, openapi: OpenApiConfig[], style: { primaryColor?: string } = {}): MappedConfig {
  const notes: string[] = [];
  const theme: Record<string, any> = source.themeConfig && typeof source.themeConfig === 'object' ? source.themeConfig : {};
  const title = text(source.title) ?? 'Docs';
  const { url, basePath } = splitUrl(text(source.url) ?? 'https://example.com');
  const navbarOut: NonNullable<UserConfig['navbar']> & { items: NavbarItem[] } = { items: [] };
  const footerOut: NonNullable<UserConfig['footer']> = { copyright: '' };
  const config: UserConfig = {
    title,
    ...(text(source.tagline) ? { tagline: text(source.tagline) } : {}),
    url,
    ...(baseUrl(source.baseUrl, basePath) !== '/' ? { baseUrl: baseUrl(source.baseUrl, basePath) } : {}),
    ...(typeof source.trailingSlash === 'boolean' ? { trailingSlash: source.trailingSlash } : {}),
    navbar: navbarOut,
    footer: footerOut,
  };
  if (basePath) notes.push(`url "${source.url}" has a path; docsgen's url is the origin only, so the path went to baseUrl.`);
  const favicon = text(source.favicon) ? links.staticFile(source.favicon) : undefined;
  if (favicon && /\.(svg|png|ico)$/i.test(favicon)) config.favicon = favicon;
  else if (text(source.favicon)) notes.push(`favicon "${source.favicon}": not found in static/ as an .svg, .png or .ico file; docsgen's own icon is used.`);
  if (style.primaryColor) config.branding = { primaryColor: style.primaryColor };

  const i18n = source.i18n;
  if (i18n && typeof i18n === 'object' && Array.isArray(i18n.locales) && i18n.locales.length > 1) {
    const localeConfigs: Record<string, { label: string }> = {};
    for (const [locale, c] of Object.entries((i18n.localeConfigs ?? {}) as Record<string, any>)) if (text(c?.label)) localeConfigs[locale] = { label: c.label };
    config.i18n = { defaultLocale: String(i18n.defaultLocale ?? 'en'), locales: i18n.locales.map(String), ...(Object.keys(localeConfigs).length ? { localeConfigs } : {}) };
    notes.push('i18n: translated docs were moved to i18n/<locale>/guides/; the translated navbar, footer, sidebar and theme strings (i18n/<locale>/*.json) were not: docsgen\'s UI strings go in i18n/<locale>/messages.json (README "Translations").');
  }

  const navbar = theme.navbar ?? {};
  if (text(navbar.title)) navbarOut.title = navbar.title;
  if (navbar.logo && typeof navbar.logo === 'object') {
    const src = text(navbar.logo.src) ? links.staticFile(navbar.logo.src) : undefined;
    const srcDark = text(navbar.logo.srcDark) ? links.staticFile(navbar.logo.srcDark) : undefined;
    if (src) navbarOut.logo = { alt: text(navbar.logo.alt) ?? title, src, ...(srcDark ? { srcDark } : {}), ...(text(navbar.logo.href) ? { href: navbar.logo.href } : {}) };
    else notes.push(`navbar.logo (${String(navbar.logo.src ?? '')}): the image is not in static/; docsgen shows its own logo.`);
  }
  if (navbar.hideOnScroll === true) navbarOut.hideOnScroll = true;
  for (const item of Array.isArray(navbar.items) ? navbar.items : []) {
    const mapped = navbarItem(item, links, notes);
    if (mapped) navbarOut.items.push(mapped);
  }
  if (openapi.length > 0 && !navbarOut.items.some((i) => i.to === '/api' || i.to?.startsWith('/api/'))) navbarOut.items.push({ label: 'API', to: openapi.length === 1 ? '/api' : `/api/${openapi[0].id}`, position: 'left' });
  if (!navbarOut.items.some((i) => i.type === 'search')) navbarOut.items.push({ type: 'search', position: 'right' });

  const footer = theme.footer ?? {};
  footerOut.copyright = plainText(text(footer.copyright)) ?? `Copyright © ${new Date().getFullYear()} ${title}`;
  const footerLinks = footerItems(footer.links).flatMap((item) => {
    const link = linkTarget(item, links, notes, 'footer');
    return link && text(item.label) ? [{ label: item.label as string, ...link }] : [];
  });
  if (footerLinks.length > 0) footerOut.links = footerLinks;

  const bar = theme.announcementBar;
  if (bar && typeof bar === 'object' && text(bar.content)) {
    config.announcementBar = {
      id: text(bar.id) ?? 'announcement',
      content: bar.content,
      ...(typeof bar.isCloseable === 'boolean' ? { isCloseable: bar.isCloseable } : {}),
      ...(text(bar.backgroundColor) ? { backgroundColor: bar.backgroundColor } : {}),
      ...(text(bar.textColor) ? { textColor: bar.textColor } : {}),
    };
  }
  const mode = theme.colorMode;
  if (mode && typeof mode === 'object') {
    const colorMode: NonNullable<UserConfig['colorMode']> = {};
    if (mode.defaultMode === 'light' || mode.defaultMode === 'dark') colorMode.defaultMode = mode.defaultMode;
    if (typeof mode.respectPrefersColorScheme === 'boolean') colorMode.respectPrefersColorScheme = mode.respectPrefersColorScheme;
    if (typeof mode.disableSwitch === 'boolean') colorMode.disableSwitch = mode.disableSwitch;
    if (Object.keys(colorMode).length > 0) config.colorMode = colorMode;
  }
  for (const policy of ['onBrokenLinks', 'onBrokenMarkdownLinks', 'onBrokenAnchors', 'onDuplicateRoutes'] as const) {
    if (source[policy] === 'throw' || source[policy] === 'warn' || source[policy] === 'ignore') config[policy] = source[policy];
    else if (source[policy] === 'log') config[policy] = 'warn';
  }
  if (openapi.length > 0) config.openapi = openapi.length === 1 ? (({ id, label, ...rest }) => rest)(openapi[0]) : openapi;
  if (Array.isArray(source.plugins) && source.plugins.length > 0) {
    const others = pluginNames(source.plugins).filter((n) => !/plugin-openapi-docs|plugin-content-docs/.test(n));
    if (others.length > 0) notes.push(`plugins not carried over (docsgen has no plugins): ${others.join(', ')}.`);
  }
  if (Array.isArray(source.themes) && pluginNames(source.themes).some((n) => !/theme-openapi-docs/.test(n))) notes.push(`themes not carried over: ${pluginNames(source.themes).filter((n) => !/theme-openapi-docs/.test(n)).join(', ')}.`);
  return { config, notes };
}

function splitUrl(value: string): { url: string; basePath: string } {
  const m = /^(https?:\/\/[^/]+)(\/.*)?$/.exec(value.trim());
  if (!m) return { url: 'https://example.com', basePath: '' };
  return { url: m[1], basePath: (m[2] ?? '').replace(/\/+$/, '') };
}

function baseUrl(value: unknown, basePath: string): string {
  const raw = typeof value === 'string' ? value : `${basePath}/`;
  const cleaned = `/${raw.replace(/^\/+|\/+$/g, '')}/`;
  return cleaned === '//' ? '/' : cleaned;
}

/** Footer links: Docusaurus has columns (`[{ title, items }]`) or a flat list. */
function footerItems(links: unknown): Record<string, any>[] {
  if (!Array.isArray(links)) return [];
  return links.flatMap((l) => (l && typeof l === 'object' && Array.isArray(l.items) ? l.items : [l])).filter((l) => l && typeof l === 'object');
}

/** `to` or `href` of a link, with Docusaurus site paths made docsgen's; undefined for what docsgen cannot show. */
function linkTarget(item: Record<string, any>, links: SiteLinks, notes: string[], where: string): { to?: string; href?: string } | undefined {
  if (text(item.href)) return /^\w+:/.test(item.href) ? { href: item.href } : targetOf(item.href, links, notes, where, item);
  if (text(item.to)) return targetOf(item.to, links, notes, where, item);
  if (item.type === 'doc' && text(item.docId)) {
    const to = links.doc(item.docId);
    if (to) return { to };
  }
  if (item.type === 'docSidebar' && text(item.sidebarId)) {
    const to = links.sidebar(item.sidebarId);
    if (to) return { to };
  }
  if (text(item.html)) notes.push(`${where}: an HTML item (${item.html.slice(0, 40)}…) is not carried over.`);
  else notes.push(`${where}: the item "${String(item.label ?? item.type ?? '?')}" has no docsgen equivalent and is left out.`);
  return undefined;
}

function targetOf(to: string, links: SiteLinks, notes: string[], where: string, item: Record<string, any>): { to?: string } | undefined {
  const [pathPart, hash] = to.split('#');
  const route = links.route(pathPart.replace(/^(?!\/)/, '/'));
  if (route) return { to: route + (hash ? `#${hash}` : '') };
  notes.push(`${where}: "${String(item.label ?? to)}" links to ${to}, which is not a doc or API page of the site (a blog, a custom page?); left out.`);
  return undefined;
}

function navbarItem(item: Record<string, any>, links: SiteLinks, notes: string[]): NavbarItem | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const position = item.position === 'left' || item.position === 'right' ? { position: item.position as 'left' | 'right' } : {};
  if (item.type === 'search' || item.type === 'localeDropdown') return { type: item.type, ...position };
  if (item.type === 'docsVersionDropdown') {
    notes.push('navbar: the docs version dropdown: docsgen adds its version menu itself when the site has versions (README "Versions").');
    return undefined;
  }
  if (item.type === 'dropdown') {
    notes.push(`navbar: the dropdown "${String(item.label ?? '')}" has no docsgen equivalent; its links are left out.`);
    return undefined;
  }
  const target = linkTarget(item, links, notes, 'navbar');
  if (!target) return undefined;
  const label = text(item.label) ?? (item.type === 'docSidebar' ? 'Docs' : undefined);
  return { ...(label ? { label } : {}), ...target, ...position, ...(target.to && /^\/(guides|api)(\/|$)/.test(target.to) ? { activeBasePath: target.to.startsWith('/api') ? '/api' : '/guides' } : {}) };
}

function pluginNames(list: unknown[]): string[] {
  return list.flatMap((p) => (typeof p === 'string' ? [p] : Array.isArray(p) && typeof p[0] === 'string' ? [p[0]] : typeof p === 'function' ? [p.name || '(a function)'] : []));
}

/** The copyright line is plain text in docsgen; Docusaurus allows HTML. */
function plainText(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  // `[^<>]`: from each `<` of a `<<<…` that never closes, the scan stops at the next one.
  return html.replace(/<[^<>]*>/g, '').replace(/&copy;/g, '©').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim() || undefined;
}
