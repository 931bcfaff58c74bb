// A minimal site model and page factory for tests that render pages without building a site.
import type { PageModel, SiteModel } from '../../src/shared/viewModels';
import { defaultMessages } from '../../src/shared/messages';

export const site: SiteModel = {
  title: 'API', tagline: 'T', version: '0.0.0', baseUrl: '/', homeHref: '/', searchHref: '/search', faviconHref: '/f.svg', stylesheetHref: '/s.css', logoAlt: 'logo', navbarTitle: 'API',
  navbarLeft: [], navbarRight: [], footer: { copyright: '©', links: [] }, colorModeScript: '', defaultMode: 'light', colorModeSwitch: false, hideNavbarOnScroll: false, lang: 'en', messages: defaultMessages,
  search: { enabled: false, indexUrl: '', maxResults: 8, contextLength: 50, keyboardShortcut: true, highlightTerms: true, searchPage: true, stopWords: true },
};

export const page = (route: string, body: PageModel['body']): PageModel => ({
  route,
  head: { title: 'X | API', description: 'd', canonical: `https://x.example${route}`, ogType: 'website', noindex: false, keywords: [] },
  section: 'other',
  body,
});
