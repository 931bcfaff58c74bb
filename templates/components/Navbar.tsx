// The top bar: logo and title, the configured items on each side. Search, colour mode and the
// mobile menu become interactive as islands; here they are the no-JavaScript baseline.
import { localLabels, type MessageKey, type Messages } from '../../src/shared/messages';
import type { NavbarEntry, PageAlternate, SiteModel } from '../../src/shared/viewModels';
import { isVersionedRoute, ownVersion, versionHrefsAttribute, versionMenu } from '../../src/shared/versions';
import ColorModeToggle, { COLOR_MODE_ENGLISH } from '../islands/ColorModeToggle';
import MobileMenu, { MOBILE_MENU_ENGLISH, type MobileMenuLink } from '../islands/MobileMenu';
import SearchBox, { SEARCH_BOX_ENGLISH, type SearchBoxProps } from '../islands/SearchBox';
import { Island } from './Island';

/** `currentHref`: the page's site path; `route`: its route (the version menu's targets); `alternates`: the page in each locale (sites with several). */
export function Navbar({ site, section, currentHref, route, hasSidebar, alternates }: { site: SiteModel; section: string; currentHref: string; route: string; hasSidebar: boolean; alternates?: PageAlternate[] }) {
  // The mobile drawer lists the navbar's links and, copied from the page, its sidebar.
  const menuLinks: MobileMenuLink[] = [...site.navbarLeft, ...site.navbarRight].flatMap((item) =>
    item.type === 'link' ? [{ label: item.label, href: item.href, external: item.external, active: isActive(item.activeBasePath, section) }] : [],
  );
  return (
    <nav className="navbar" aria-label={site.messages.mainNavigation} data-hide-on-scroll={site.hideNavbarOnScroll ? '' : undefined}>
      <div className="navbar-inner">
        <div className="navbar-side navbar-left">
          <Island
            name="MobileMenu"
            component={MobileMenu}
            props={{ links: menuLinks, hasSidebar, title: site.navbarTitle, ...labelsProp(site, MOBILE_MENU_ENGLISH) }}
            when="interaction"
            inline
          />
          <a className="navbar-brand" href={site.brandHref ?? site.homeHref}>
            <Logo alt={site.logoAlt} images={site.logo} />
            <span className="navbar-title">{site.navbarTitle}</span>
          </a>
          {site.navbarLeft.map((item, i) => (
            <NavItem key={i} item={item} section={section} currentHref={currentHref} route={route} site={site} alternates={alternates} />
          ))}
        </div>
        <div className="navbar-side navbar-right">
          {site.navbarRight.map((item, i) => (
            <NavItem key={i} item={item} section={section} currentHref={currentHref} route={route} site={site} alternates={alternates} />
          ))}
        </div>
      </div>
    </nav>
  );
}

function NavItem({ item, section, currentHref, route, site, alternates }: { item: NavbarEntry; section: string; currentHref: string; route: string; site: SiteModel; alternates?: PageAlternate[] }) {
  switch (item.type) {
    case 'link': {
      const active = isActive(item.activeBasePath, section);
      return (
        <a className={`navbar-link${active ? ' navbar-link-active' : ''}`} href={item.href} aria-current={active ? 'true' : undefined} {...(site.versions && !isVersionedRoute(site.versions, route) ? versionHrefsAttribute(site.versions, item.href) : {})} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {item.label}
        </a>
      );
    }
    case 'search':
      // With an index, the search box island (suggestions as you type); else the plain form.
      return site.search.enabled ? (
        <Island
          name="SearchBox"
          component={SearchBox}
          props={{
            action: site.searchHref,
            indexUrl: site.search.indexUrl,
            baseUrl: site.baseUrl,
            maxResults: site.search.maxResults,
            contextLength: site.search.contextLength,
            highlight: site.search.highlightTerms,
            shortcut: site.search.keyboardShortcut,
            searchPage: site.search.searchPage,
            ...(site.search.stopWords ? {} : { stopWords: false as const }),
            ...(site.versions && !ownVersion(site.versions).isLatest ? { version: site.versions.current } : {}),
            ...searchLabels(site),
          }}
          when="interaction"
        />
      ) : (
        <SearchForm action={site.searchHref} indexUrl={site.search.indexUrl} baseUrl={site.baseUrl} site={site} />
      );
    case 'localeDropdown':
      return (
        <details className="navbar-dropdown">
          <summary className="navbar-link" aria-label={`${site.messages.language}: ${item.locales.find((l) => l.locale === item.current)?.label ?? item.current}`}>
            <GlobeIcon />
            <span>{item.locales.find((l) => l.locale === item.current)?.label ?? item.current}</span>
          </summary>
          <ul className="navbar-dropdown-menu">
            {item.locales.map((l) => (
              <li key={l.locale}>
                <a href={alternates?.find((a) => a.locale === l.locale)?.href ?? (l.locale === item.current ? currentHref : l.href)} lang={l.locale} aria-current={l.locale === item.current ? 'true' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      );
    case 'versionDropdown': {
      if (!site.versions || site.versions.list.length < 2) return null;
      const menu = versionMenu(site.versions, route);
      const current = menu.find((v) => v.current) ?? menu[0];
      // The reader's choice is stored when they pick one (src/client/enhance/versions.ts), and
      // followed by the guides and API links of the pages of no version (the home page).
      return (
        <details className="navbar-dropdown" data-version-menu="">
          <summary className="navbar-link" aria-label={`${site.messages.versionMenu}: ${current.label}`}>
            <span data-version-label="">{current.label}</span>
          </summary>
          <ul className="navbar-dropdown-menu">
            {menu.map((v) => (
              <li key={v.name}>
                <a href={v.href} data-version={v.name} aria-current={v.current ? 'true' : undefined}>
                  {v.label}
                </a>
              </li>
            ))}
            {site.versions.changelogHref ? (
              <li className="navbar-dropdown-separated">
                <a href={site.versions.changelogHref}>{site.messages.apiChangelog}</a>
              </li>
            ) : null}
          </ul>
        </details>
      );
    }
    case 'colorMode':
      // The head script applies the stored choice (system, light or dark), and the theme button
      // shows it by CSS until it hydrates on first interaction. Without JavaScript it could not
      // switch anything, so CSS hides it (91-islands.css).
      return site.colorModeSwitch ? (
        <Island name="ColorModeToggle" component={ColorModeToggle} props={{ ...labelsProp(site, COLOR_MODE_ENGLISH), ...(site.defaultMode === 'dark' ? { defaultMode: 'dark' as const } : {}) }} when="interaction" inline />
      ) : null;
  }
}

function isActive(activeBasePath: string | undefined, section: string): boolean {
  return activeBasePath ? `/${section}` === activeBasePath : false;
}

/**
 * The search box's no-JavaScript form (search bar turned off, or no index): submitting it opens
 * the search page, which finds the index through `data-search-index`.
 */
function SearchForm({ action, indexUrl, baseUrl, site }: { action: string; indexUrl: string; baseUrl: string; site: SiteModel }) {
  return (
    <form className="navbar-search" role="search" action={action} data-search-form="" data-search-index={indexUrl || undefined} data-search-base={baseUrl}>
      <label className="visually-hidden" htmlFor="navbar-search-input">
        {site.messages.search}
      </label>
      <input id="navbar-search-input" className="navbar-search-input" type="search" name="q" placeholder={site.messages.searchPlaceholder} autoComplete="off" />
    </form>
  );
}

/** The search box's strings, passed only when they are not English (island props are in every page's HTML). */
function searchLabels(site: SiteModel): Pick<SearchBoxProps, 'labels'> {
  return labelsProp(site, SEARCH_BOX_ENGLISH);
}

/** `{ labels }` with an island's strings in the page's locale, or nothing when they are English (the island has those built in). */
function labelsProp<K extends MessageKey>(site: SiteModel, english: Record<K, string>): { labels?: Pick<Messages, K> } {
  const labels = localLabels(site.messages, Object.keys(english) as K[]);
  return labels ? { labels } : {};
}

/**
 * The project's logo, or the built-in mark. A dark variant is a second image that CSS shows
 * instead in dark mode (templates/styles/30-navbar.css), so the right one shows before any script.
 */
function Logo({ alt, images }: { alt: string; images?: SiteModel['logo'] }) {
  if (images) {
    const light = images.src ? <img className={`navbar-logo navbar-logo-image${images.darkSrc ? ' navbar-logo-light' : ''}`} src={images.src} alt={alt} /> : <BuiltInLogo alt={alt} className="navbar-logo-light" />;
    return images.darkSrc ? (
      <>
        {light}
        <img className="navbar-logo navbar-logo-image navbar-logo-dark" src={images.darkSrc} alt={alt} />
      </>
    ) : (
      light
    );
  }
  return <BuiltInLogo alt={alt} />;
}

function BuiltInLogo({ alt, className }: { alt: string; className?: string }) {
  return (
    <svg className={`navbar-logo${className ? ` ${className}` : ''}`} viewBox="0 0 32 32" width="32" height="32" role="img" aria-label={alt}>
      <rect x="1" y="1" width="30" height="30" rx="7" className="navbar-logo-bg" />
      <path d="M8 22 L16 9 L24 22" className="navbar-logo-mark" fill="none" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <circle cx="16" cy="19" r="2.5" className="navbar-logo-dot" />
    </svg>
  );
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
    </svg>
  );
}
