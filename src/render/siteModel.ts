// Everything every page shows the same way (navbar, footer, announcement, head script), built
// once per build from the config.
import type { ResolvedConfig } from '../config/types';
import { isExternal, localeBaseUrl, routeUrl, withBase } from '../shared/url';
import { configLinkHref } from '../shared/versions';
import type { NavbarEntry, NavLink, SiteModel, SiteVersions } from '../shared/viewModels';
import { defaultMessages, type Messages } from '../shared/messages';
import { colorModeScript } from './colorModeScript';
import { pageHref } from '../versions/href';
import { iconType } from '../branding/assets';
import { MANIFEST_FILE } from '../search/shards';

/** A locale's pages: `config.baseUrl` is then that locale's base URL and `siteBaseUrl` the site's (src/i18n/locales.ts). */
export interface SiteModelLocale {
  locale: string;
  siteBaseUrl: string;
  messages: Messages;
  /** The locale's words for the config's own text (navbar and footer labels, copyright…), by the text as written in the config. */
  configText?: Record<string, string>;
}

/**
 * `searchIndex` is the index file's site path and content hash (see src/search/buildIndex.ts).
 * Pages name the single file with its hash (`search.hashed`), but a sharded index's manifest
 * without it: the search box fetches that fresh (revalidated), so an edit that changes only the
 * index leaves every other page's bytes as they were (a rebuild into the same folder links them,
 * and a deploy that uploads changed files uploads the edited page and the index).
 * `versions`: on a site with several, all of them with this model's version as `current`.
 */
export function buildSiteModel(config: ResolvedConfig, stylesheetPath: string, searchIndex?: { fileName: string; hash: string }, locale?: SiteModelLocale, versions?: SiteVersions): SiteModel {
  const tr = (text: string) => locale?.configText?.[text] ?? text;
  const link = (item: { label?: string; to?: string; href?: string; activeBasePath?: string }): NavLink => {
    // Into the guides or the API: the page in this model's version where it has it, else its landing page.
    const inVersion = versions && item.href === undefined && item.to !== undefined ? configLinkHref(versions, item.to) : undefined;
    return {
      label: tr(item.label ?? ''),
      href: item.href ?? inVersion ?? pageHref(config, item.to ?? '/'),
      external: item.href !== undefined && isExternal(item.href),
      activeBasePath: item.activeBasePath,
    };
  };
  const items = versions && config.versions.menu && !config.navbar.items.some((item) => item.type === 'versionDropdown') ? withVersionDropdown(config.navbar.items) : config.navbar.items;
  const entries = (side: 'left' | 'right'): NavbarEntry[] =>
    items
      .filter((item) => (item.position ?? 'right') === side)
      .map((item): NavbarEntry => {
        switch (item.type ?? 'link') {
          case 'search':
            return { type: 'search' };
          case 'versionDropdown':
            return { type: 'versionDropdown' };
          case 'colorMode':
            return { type: 'colorMode' };
          case 'localeDropdown':
            return {
              type: 'localeDropdown',
              current: locale?.locale ?? config.i18n.defaultLocale,
              locales: config.i18n.locales.map((l) => ({
                locale: l,
                label: config.i18n.localeConfigs[l]?.label ?? l,
                href: localeBaseUrl(locale?.siteBaseUrl ?? config.baseUrl, l, config.i18n.defaultLocale),
              })),
            };
          default:
            return { type: 'link', ...link(item) };
        }
      });
  const bar = config.announcementBar;
  return {
    title: config.title,
    tagline: tr(config.tagline),
    version: config.version,
    baseUrl: locale?.siteBaseUrl ?? config.baseUrl,
    homeHref: routeUrl(config.baseUrl, '/', config.trailingSlash),
    searchHref: routeUrl(config.baseUrl, '/search', config.trailingSlash),
    faviconHref: withBase(locale?.siteBaseUrl ?? config.baseUrl, config.branding.favicon?.path || '/img/favicon.svg'),
    ...(config.branding.favicon ? { faviconType: iconType(config.branding.favicon.file) } : {}),
    stylesheetHref: withBase(locale?.siteBaseUrl ?? config.baseUrl, `/${stylesheetPath}`),
    ...(config.branding.customCss.length > 0 ? { customCssHrefs: config.branding.customCss.map((css) => withBase(locale?.siteBaseUrl ?? config.baseUrl, css.path)) } : {}),
    logoAlt: config.navbar.logo?.alt ?? `${config.title} logo`,
    ...brandLogo(config, locale?.siteBaseUrl ?? config.baseUrl),
    navbarTitle: tr(config.navbar.title ?? config.title),
    navbarLeft: entries('left'),
    navbarRight: entries('right'),
    footer: { copyright: tr(config.footer.copyright), links: (config.footer.links ?? []).map(link) },
    announcement: bar && { id: bar.id, html: tr(bar.content), isCloseable: bar.isCloseable ?? true, backgroundColor: bar.backgroundColor, textColor: bar.textColor },
    colorModeScript: colorModeScript(config.colorMode.defaultMode, config.colorMode.respectPrefersColorScheme),
    defaultMode: config.colorMode.defaultMode,
    colorModeSwitch: !config.colorMode.disableSwitch,
    hideNavbarOnScroll: config.navbar.hideOnScroll === true,
    search: {
      enabled: config.search.searchBar && searchIndex !== undefined,
      indexUrl: searchIndex ? withBase(config.baseUrl, `/${searchIndex.fileName}`) + (config.search.hashed && searchIndex.fileName !== MANIFEST_FILE ? `?_=${searchIndex.hash}` : '') : '',
      maxResults: config.search.maxResults,
      contextLength: config.search.contextLength,
      keyboardShortcut: config.search.keyboardShortcut,
      highlightTerms: config.search.highlightTermsOnTargetPage,
      searchPage: config.search.searchPage,
      stopWords: config.search.stopWords,
    },
    lang: locale?.locale ?? config.i18n.defaultLocale,
    messages: locale?.messages ?? defaultMessages,
    ...(versions ? { versions } : {}),
    ...(config.llms.enabled ? { markdown: { include: config.llms.include, exclude: config.llms.exclude } } : {}),
  };
}

/** The project's logo images and the logo's link, when the config has them. */
function brandLogo(config: ResolvedConfig, siteBaseUrl: string): Pick<SiteModel, 'logo' | 'brandHref'> {
  const { logo, logoDark } = config.branding;
  const href = config.navbar.logo?.href;
  return {
    ...(logo || logoDark ? { logo: { ...(logo ? { src: withBase(siteBaseUrl, logo.path) } : {}), ...(logoDark ? { darkSrc: withBase(siteBaseUrl, logoDark.path) } : {}) } } : {}),
    ...(href ? { brandHref: isExternal(href) ? href : pageHref(config, href) } : {}),
  };
}

/** The version menu goes before the search box (else at the end of the right side): the place readers look for it in other docs. */
function withVersionDropdown(items: ResolvedConfig['navbar']['items']): ResolvedConfig['navbar']['items'] {
  const at = items.findIndex((item) => item.type === 'search');
  const menu = { type: 'versionDropdown' as const, position: 'right' as const };
  return at === -1 ? [...items, menu] : [...items.slice(0, at), menu, ...items.slice(at)];
}
