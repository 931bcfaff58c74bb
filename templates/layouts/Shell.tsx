// The whole document: head (title, description, canonical, Open Graph, the colour-mode and
// announcement-dismissal scripts that run before first paint), skip link, announcement, navbar
// (with the mobile menu, which gets the page's sidebar), main content, footer.
import type { ReactNode } from 'react';
import type { PageModel, SiteModel } from '../../src/shared/viewModels';
import { AnnouncementBar, announcementDismissScript } from '../components/AnnouncementBar';
import { Footer } from '../components/Footer';
import { Navbar } from '../components/Navbar';
import { fill } from '../components/Messages';
import { RUNTIME_ENGLISH } from '../../src/client/labels';
import { formatMessage, localLabels, type Messages } from '../../src/shared/messages';
import { isVersionedRoute, ownVersion, versionBanner, versionCanonical } from '../../src/shared/versions';

export function Shell({ site, page, children, bodyEnd }: { site: SiteModel; page: PageModel; children: ReactNode; bodyEnd?: ReactNode }) {
  const versions = site.versions;
  const versioned = versions !== undefined && isVersionedRoute(versions, page.route);
  // A page of an older version names the latest version's page as canonical, and is left
  // unindexed when the config says so; the search index and the sitemap read its own URL.
  const older = versioned && !ownVersion(versions).isLatest;
  const head = older ? { ...page.head, canonical: versionCanonical(versions, page.route) ?? page.head.canonical, noindex: page.head.noindex || versions.noIndex } : page.head;
  const banner = versioned ? versionBanner(versions, page.route) : undefined;
  return (
    <html lang={site.lang} data-theme={site.defaultMode} dir="ltr" data-version={versioned ? versions.current : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.keywords.length > 0 ? <meta name="keywords" content={head.keywords.join(', ')} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.canonical} />
        {page.markdownHref ? <link rel="alternate" type="text/markdown" href={page.markdownHref} /> : null}
        {page.alternates?.map((a) => <link key={a.locale} rel="alternate" hrefLang={a.locale} href={a.url} />)}
        {page.alternates?.length ? <link rel="alternate" hrefLang="x-default" href={page.alternates[0].url} /> : null}
        <meta property="og:title" content={head.title} />
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        <meta property="og:url" content={head.canonical} />
        <meta property="og:type" content={head.ogType} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:locale" content={site.lang} />
        <meta name="twitter:card" content="summary" />
        <meta name="docs-version" content={site.version} />
        <script dangerouslySetInnerHTML={{ __html: site.colorModeScript }} />
        {site.announcement?.isCloseable ? <script dangerouslySetInnerHTML={{ __html: announcementDismissScript(site.announcement.id) }} /> : null}
        <link rel="icon" href={site.faviconHref} type={site.faviconType} />
        <link rel="stylesheet" href={site.stylesheetHref} />
        {site.customCssHrefs?.map((href) => <link key={href} rel="stylesheet" href={href} />)}
      </head>
      <body data-labels={runtimeLabels(site)}>
        <a className="skip-link" href="#main-content">
          {site.messages.skipToContent}
        </a>
        {site.announcement ? <AnnouncementBar announcement={site.announcement} /> : null}
        <Navbar site={site} section={page.section} currentHref={page.route === '/404' ? site.homeHref : sitePath(page.head.canonical)} route={page.route} hasSidebar={(page.sidebar?.length ?? 0) > 0} alternates={page.alternates} />
        {banner ? <VersionBanner banner={banner} messages={site.messages} /> : null}
        <div className="page-wrapper">{children}</div>
        <Footer footer={site.footer} />
        <div id="docsgen-base-url-banner" className="base-url-banner" role="alert" hidden>
          {fill(site.messages.baseUrlBanner, { baseUrl: <code>{site.baseUrl}</code>, key: <code>baseUrl</code> })}
        </div>
        <script dangerouslySetInnerHTML={{ __html: baseUrlCheck(site.baseUrl) }} />
        {bodyEnd}
      </body>
    </html>
  );
}

/** Above the page of a version other than the latest: which version this is, and the way to the latest. */
function VersionBanner({ banner, messages }: { banner: NonNullable<ReturnType<typeof versionBanner>>; messages: Messages }) {
  return (
    <div className="version-banner" role="note">
      <p>
        {formatMessage(banner.kind === 'older' ? messages.versionOlder : messages.versionUnreleased, { version: banner.label })}{' '}
        <a href={banner.latestHref}>{banner.samePage ? messages.versionSeeLatestPage : formatMessage(messages.versionSeeLatest, { version: banner.latestLabel })}</a>
      </p>
    </div>
  );
}

/** The page runtime's words (copy button, back to top, island errors) when they are not English: src/client/labels.ts reads them. */
function runtimeLabels(site: SiteModel): string | undefined {
  const labels = localLabels(site.messages, Object.keys(RUNTIME_ENGLISH) as (keyof typeof RUNTIME_ENGLISH)[]);
  return labels && JSON.stringify(labels);
}

/** `https://docs.example/fr/a` → `/fr/a`: a link that stays on the host being viewed (preview, `docsgen serve`). */
function sitePath(url: string): string {
  return url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '') || '/';
}

/**
 * Runs inline (a wrong baseUrl also breaks the URLs of our stylesheet and scripts): shows the
 * banner, styled inline, when the page is not under the configured base URL.
 */
function baseUrlCheck(baseUrl: string): string {
  return `(function(){if(location.pathname.indexOf(${JSON.stringify(baseUrl).replace(/</g, '\\u003c')})!==0){var b=document.getElementById('docsgen-base-url-banner');b.hidden=false;b.style.cssText='position:fixed;top:0;left:0;right:0;z-index:1000;padding:12px 16px;background:#fde68a;color:#1c1917;font:16px/1.5 system-ui,sans-serif'}})()`;
}
