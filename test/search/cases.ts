// The relevance queries on the shipped site (relevance.test.ts) — also run through the browser
// bundle (bundle.test.ts) and the bench.

export interface Case {
  /** What the query exercises. */
  kind: string;
  query: string;
  /** Page URL, with `#anchor` when the anchor matters. */
  expect: string;
  /** For typos: the query the results are shown for. */
  corrected?: string;
  /** Rank (among the results the search box shows) the expected one must reach. @default 3 */
  top?: number;
}

export const cases: Case[] = [
  // Guide titles
  { kind: 'guide title', query: 'quick start', expect: '/guides/getting-started/quick-start' },
  { kind: 'guide title', query: 'virtual layers', expect: '/guides/boundaries/virtual-layers' },
  { kind: 'guide title', query: 'cities vs postal cities', expect: '/guides/boundaries/cities-vs-postal-cities' },
  { kind: 'guide title', query: 'school ids', expect: '/guides/schools/school-ids' },
  { kind: 'guide title', query: 'beta endpoints program', expect: '/guides/getting-started/beta-endpoints-program' },
  { kind: 'guide title', query: 'RESO Data Dictionary field mapping', expect: '/guides/market-statistics/reso-fields' },
  { kind: 'guide title (exact)', query: 'Getting started with market statistics', expect: '/guides/market-statistics/getting-started' },
  // Headings (guides and the API overview)
  { kind: 'heading', query: 'deprecation policy', expect: '/guides/getting-started/data-sources-and-version-numbers#deprecation-policy' },
  { kind: 'heading', query: 'release cadence', expect: '/guides/getting-started/data-sources-and-version-numbers#release-cadence' },
  { kind: 'heading', query: 'suppression of small samples', expect: '/guides/market-statistics/mls#suppression-of-small-samples' },
  { kind: 'heading', query: 'unincorporated address example', expect: '/guides/boundaries/cities-vs-postal-cities#worked-example-an-unincorporated-address' },
  { kind: 'heading', query: 'giving feedback', expect: '/guides/getting-started/beta-endpoints-program#giving-feedback' },
  { kind: 'API overview heading', query: 'rate limits', expect: '/api/hyperlocal-api-reference#rate-limits' },
  // API operations
  { kind: 'operation', query: 'get a boundary', expect: '/api/get-boundary' },
  { kind: 'operation', query: 'search schools near a point', expect: '/api/search-schools' },
  { kind: 'operation', query: 'autocomplete boundary names', expect: '/api/autocomplete-boundary-search' },
  { kind: 'operation', query: 'sold listing statistics', expect: '/api/sold-market-statistics' },
  { kind: 'operation', query: 'vector tile', expect: '/api/vector-tile' },
  { kind: 'method + path', query: 'GET /v1/schools/search', expect: '/api/search-schools' },
  // Parameter names, response codes
  { kind: 'parameter', query: 'boundary_id', expect: '/api/get-boundary#path-boundary_id' },
  // The guide explaining school_id comes first, with its sections that mention it (#15).
  { kind: 'parameter', query: 'school_id', expect: '/api/get-school#path-school_id', top: 5 },
  { kind: 'parameter', query: 'radius_m', expect: '/api/search-schools#query-radius_m' },
  { kind: 'parameter', query: 'include_geometry', expect: '/api/search-boundaries#query-include_geometry' },
  { kind: 'response field', query: 'expires_at', expect: '/api/get-boundary#response-200-data-expires_at' },
  { kind: 'response code', query: '429', expect: '/api/autocomplete-boundary-search#response-429' },
  // Code identifiers: whole and by parts
  { kind: 'code identifier', query: 'StandardStatus', expect: '/guides/market-statistics/reso-fields#standardstatus-mapping' },
  { kind: 'code identifier (camelCase part)', query: 'cumulative days', expect: '/guides/market-statistics/reso-fields' },
  { kind: 'code identifier (dotted)', query: 'source.apportioned', expect: '/guides/boundaries/virtual-layers#using-virtual-boundaries-with-other-endpoints' },
  { kind: 'code identifier (path)', query: '/docs/yaml', expect: '/api/hyperlocal-api-reference' },
  // Accents, hyphens, stop words
  { kind: 'accented word', query: 'Écho', expect: '/api/autocomplete-boundary-search#query-q' },
  { kind: 'hyphenated word', query: 'sale-to-list', expect: '/guides/market-statistics/dictionary#sale_to_list_ratio' },
  { kind: 'hyphenated word', query: 'x-data-version', expect: '/guides/getting-started/data-sources-and-version-numbers#pinning-a-release-with-x-data-version' },
  { kind: 'hyphenated word', query: '24-hour lifetime', expect: '/guides/boundaries/virtual-layers#ids-and-the-24-hour-lifetime' },
  { kind: 'stop words in a longer query', query: 'what is in beta now', expect: '/guides/getting-started/beta-endpoints-program#what-is-in-beta-now' },
  // #15: words spread over one guide's sections (three sibling headings), a guide explaining an identifier
  { kind: 'words over sections', query: 'cadence deprecation pinning', expect: '/guides/getting-started/data-sources-and-version-numbers' },
  { kind: 'identifier guide', query: 'school_id', expect: '/guides/schools/school-ids' },
  { kind: 'identifier guide', query: 'sale_to_list_ratio', expect: '/guides/market-statistics/dictionary#sale_to_list_ratio' },
  // Typing and typos
  { kind: 'prefix while typing', query: 'demog', expect: '/api/demographics' },
  { kind: 'prefix while typing', query: 'walkab', expect: '/guides/getting-started/beta-endpoints-program#walkability' },
  { kind: 'one-letter typo', query: 'boundray', expect: '/api/boundaries', corrected: 'boundary' },
  { kind: 'one-letter typo', query: 'demographcs', expect: '/api/demographics', corrected: 'demographics' },
];

