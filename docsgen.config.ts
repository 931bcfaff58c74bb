import { defineConfig } from 'docsgen';

export default defineConfig({
  title: 'API',
  tagline: 'Hyperlocal Content',
  titleDelimiter: '|',
  url: 'https://docs.hyperlocal.example',
  baseUrl: '/',
  trailingSlash: undefined,
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English' } },
  },
  navbar: {
    title: 'API',
    logo: { alt: 'Hyperlocal API logo' },
    items: [
      { label: 'Guides', to: '/guides/getting-started/quick-start', activeBasePath: '/guides', position: 'left' },
      { label: 'API', to: '/api', activeBasePath: '/api', position: 'left' },
      { type: 'search', position: 'right' },
      { type: 'colorMode', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
    ],
  },
  footer: {
    copyright: 'Copyright © 2025 Hyperlocal Data, Inc. Built with docsgen.',
    links: [
      { label: 'Quick start', to: '/guides/getting-started/quick-start' },
      { label: 'API reference', to: '/api' },
      { label: 'Data sources', to: '/guides/getting-started/data-sources-and-version-numbers' },
    ],
  },
  announcementBar: {
    id: 'market-statistics-sold-2025-11',
    content: 'Sold market statistics now include <code>sale_to_list_ratio</code>. <a href="/guides/market-statistics/dictionary">See the field dictionary</a>.',
    isCloseable: true,
  },
  colorMode: {
    defaultMode: 'light',
    respectPrefersColorScheme: true,
  },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  openapi: {
    spec: 'fixtures/hyperlocal-openapi.yaml',
    downloadUrl: 'https://api.hyperlocal.example/docs/yaml',
    timeoutMs: 10_000,
    // SPEC §2: the Listings page (vector tiles) is shown without the API sidebar.
    tagsWithoutSidebar: ['Listings'],
  },
  search: {
    language: ['en'],
    stopWords: true,
    maxResults: 8,
    contextLength: 50,
    searchBar: true,
    searchPage: true,
    highlightTermsOnTargetPage: true,
    keyboardShortcut: true,
    hashed: true,
    routes: ['/guides', '/api'],
  },
});
