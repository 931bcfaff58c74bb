// The whole document: head (title, description, canonical, Open Graph, the colour-mode script
// that runs before first paint), skip link, announcement, navbar, main content, footer.
import type { ReactNode } from 'react';
import type { PageModel, SiteModel } from '../../src/shared/viewModels';
import { AnnouncementBar } from '../components/AnnouncementBar';
import { Footer } from '../components/Footer';
import { Navbar } from '../components/Navbar';

export function Shell({ site, page, children }: { site: SiteModel; page: PageModel; children: ReactNode }) {
  const { head } = page;
  return (
    <html lang={site.lang} data-theme={site.defaultMode} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.keywords.length > 0 ? <meta name="keywords" content={head.keywords.join(', ')} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.canonical} />
        <meta property="og:title" content={head.title} />
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        <meta property="og:url" content={head.canonical} />
        <meta property="og:type" content={head.ogType} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:locale" content={site.lang} />
        <meta name="twitter:card" content="summary" />
        <script dangerouslySetInnerHTML={{ __html: site.colorModeScript }} />
        <link rel="icon" href={site.faviconHref} />
        <link rel="stylesheet" href={site.stylesheetHref} />
      </head>
      <body>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        {site.announcement ? <AnnouncementBar announcement={site.announcement} /> : null}
        <Navbar site={site} section={page.section} currentHref={head.canonical} />
        <div className="page-wrapper">{children}</div>
        <Footer footer={site.footer} />
      </body>
    </html>
  );
}
