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
  home: {
    hero: {
      title: 'Hyperlocal Content API',
      tagline:
        'Boundaries, demographics, lifestyles, schools and market statistics for any place in the United States: one JSON API, one key, answers in the same envelope.',
      actions: [
        { label: 'Make your first request', to: '/guides/getting-started/quick-start' },
        { label: 'Browse the API reference', to: '/api' },
      ],
    },
    features: [
      {
        title: 'Every boundary around a point',
        body: 'One call turns a coordinate into its neighbourhood, ZIP, city, county and school district, smallest first, each with a boundary_id the other endpoints accept.',
        to: '/api/search-boundaries',
      },
      {
        title: 'Census figures for any area',
        body: 'Population, age, income, tenure and education from the ACS 5-year estimates, apportioned from block groups to neighbourhoods, ZIPs and your own drive-time polygons.',
        to: '/api/find-demographics',
      },
      {
        title: 'Schools and attendance zones',
        body: 'Public, charter and private K-12 schools with grades, enrollment, staffing ratios and a 1–10 rating, keyed by NCES ids; attendance zones are boundaries too.',
        to: '/guides/schools/school-ids',
      },
      {
        title: 'Market statistics, month by month',
        body: 'Active, added-to-market and sold figures from MLS feeds for any boundary, filtered by property type and bedrooms, refreshed nightly, closed on the 5th.',
        to: '/guides/market-statistics/getting-started',
      },
      {
        title: 'Listings on your own map',
        body: 'MLS listings as Mapbox Vector Tiles on the z/x/y scheme, ready for MapLibre GL, Mapbox GL or OpenLayers, clustered at low zoom so tiles stay small.',
        to: '/api/listings',
      },
      {
        title: 'Answers you can reproduce',
        body: 'Each response names its data release in meta.data_version; send it back in x-data-version and a batch job reads the same release for 90 days.',
        to: '/guides/getting-started/data-sources-and-version-numbers',
      },
    ],
    quickStart: {
      description: 'Which boundaries contain a point in Echo Park, Los Angeles? Send your sandbox key in the x-api-key header.',
      language: 'bash',
      code: `curl -G \\
  https://sandbox.hyperlocal.example/v1/boundaries/search \\
  -H "x-api-key: $HYPERLOCAL_API_KEY" \\
  -d lat=34.0782 -d lng=-118.2606 \\
  -d layers=neighborhood,zip`,
      response: `{
  "data": {
    "boundaries": [
      {
        "boundary_id": "bnd_nbhd_la_echo-park",
        "name": "Echo Park",
        "layer": "neighborhood"
      },
      {
        "boundary_id": "bnd_zip_90026",
        "name": "90026",
        "layer": "zip"
      }
    ],
    "total": 2
  },
  "meta": {
    "request_id": "req_8Tn4Yd1s",
    "data_version": "2025.11.2"
  }
}`,
      to: '/guides/getting-started/quick-start',
    },
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
    // SPEC: the shipped site makes no calls to the product's API, so no "Try it" console
    // (README, "Try it": a provider turns it on against a sandbox that allows the docs' origin).
    tryIt: { enabled: false },
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
