// Everything every page shows the same way (navbar, footer, announcement, head script), built
// once per build from the config.
import type { ResolvedConfig } from '../config/types';
import { isExternal, localeBaseUrl, routeUrl, withBase } from '../shared/url';
import type { NavbarEntry, NavLink, SiteModel } from '../shared/viewModels';
import { defaultMessages, type Messages } from '../shared/messages';
import { colorModeScript } from './colorModeScript';

/** A locale's pages: `config.baseUrl` is then that locale's base URL and `siteBaseUrl` the site's (src/i18n/locales.ts). */
export interface SiteModelLocale {
  locale: string;
  siteBaseUrl: string;
  messages: Messages;
  /** The locale's words for the config's own text (navbar and footer labels, copyright…), by the text as written in the config. */
  configText?: Record<string, string>;
}

/** `searchIndex` is the index file's site path and content hash (see src/search/buildIndex.ts). */
export function buildSiteModel(config: ResolvedConfig, stylesheetPath: string, searchIndex?: { fileName: string; hash: string }, locale?: SiteModelLocale): SiteModel {
  const tr = (text: string) => locale?.configText?.[text] ?? text;
  const link = (item: { label?: string; to?: string; href?: string; activeBasePath?: string }): NavLink => ({
    label: tr(item.label ?? ''),
    href: item.href ?? routeUrl(config.baseUrl, item.to ?? '/', config.trailingSlash),
    external: item.href !== undefined && isExternal(item.href),
    activeBasePath: item.activeBasePath,
  });
  const entries = (side: 'left' | 'right'): NavbarEntry[] =>
    config.navbar.items
      .filter((item) => (item.position ?? 'right') === side)
      .map((item): NavbarEntry => {
        switch (item.type ?? 'link') {
          case 'search':
            return { type: 'search' };
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
    faviconHref: withBase(locale?.siteBaseUrl ?? config.baseUrl, config.favicon),
    stylesheetHref: withBase(locale?.siteBaseUrl ?? config.baseUrl, `/${stylesheetPath}`),
    logoAlt: config.navbar.logo?.alt ?? `${config.title} logo`,
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
      indexUrl: searchIndex ? withBase(config.baseUrl, `/${searchIndex.fileName}`) + (config.search.hashed ? `?_=${searchIndex.hash}` : '') : '',
      maxResults: config.search.maxResults,
      contextLength: config.search.contextLength,
      keyboardShortcut: config.search.keyboardShortcut,
      highlightTerms: config.search.highlightTermsOnTargetPage,
      searchPage: config.search.searchPage,
      stopWords: config.search.stopWords,
    },
    lang: locale?.locale ?? config.i18n.defaultLocale,
    messages: locale?.messages ?? defaultMessages,
  };
}
