// The words docsgen itself puts on every page (navbar, "On this page", previous/next, banners,
// 404…), in English. A site with more locales overrides them by key from
// `i18n/<locale>/messages.json` (src/i18n/messages.ts); templates read them through the site model.

import { tryItMessages } from './tryItMessages';

// The try-it console's words come from their own module, so that its bundle carries only them.
// Object.assign marked pure, not a spread: islands that import formatMessage from here must not
// carry this whole object because the bundler cannot prove a spread free of side effects.
export const defaultMessages = /* @__PURE__ */ Object.assign({
  skipToContent: 'Skip to main content',
  mainNavigation: 'Main',
  search: 'Search',
  searchPlaceholder: 'Search',
  noResults: 'No results',
  language: 'Language',
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  guidePages: 'Guide pages',
  breadcrumbs: 'Breadcrumbs',
  homePage: 'Home page',
  tags: 'Tags:',
  viewAllTags: 'View all tags',
  guidesSidebar: 'Guides sidebar',
  apiSidebar: 'API sidebar',
  unlistedTitle: 'Unlisted page',
  unlistedBody:
    'This page is unlisted. It is left out of the sidebar, tag pages, search and the sitemap, and search engines are asked not to index it; only people with a direct link can find it.',
  draftTitle: 'Draft page',
  draftBody: 'This page is a draft. It is only visible in development (docsgen serve) and is left out of production builds.',
  /** The version menu's name for screen readers. */
  versionMenu: 'Documentation version',
  /** The banner of a page of an older version; `{version}` is its label. */
  versionOlder: 'This is the documentation of version {version}.',
  /** The banner of the current docs when another version is the latest. */
  versionUnreleased: 'This is unreleased documentation for version {version}.',
  /** The banner's link to the page in the latest version (`{version}` is its label). */
  versionSeeLatestPage: 'See the latest version of this page.',
  /** The banner's link when the page does not exist in the latest version. */
  versionSeeLatest: 'See the latest version ({version}).',
  untranslatedTitle: 'Not translated',
  /** `{language}` is the label of the page's locale, e.g. `Français`. */
  untranslatedBody: 'This page has not been translated into {language} yet.',
  /** The banner of a site opened under another path than its base URL; `{baseUrl}` is shown as code. */
  baseUrlBanner:
    'This site did not load properly. It is configured to be served under the base URL {baseUrl}, but this page was opened from a different path, so its styles and scripts could not be found. Serve the site under {baseUrl}, or change {key} in docsgen.config.ts and rebuild.',
  notFoundTitle: 'Page not found',
  notFoundBody: 'We could not find the page you were looking for. It may have moved when the documentation was reorganised, or the link may be mistyped.',
  notFoundHome: 'Go to the home page',
  notFoundGuides: 'Start with the quick-start guide',
  notFoundApi: 'Browse the API reference',
  // Issue 17, D1 (404 suggestions): the 404 page's search form and the pages like the path asked for.
  notFoundSearchLabel: 'Search the documentation',
  notFoundSuggestions: 'Were you looking for one of these?',
  announcement: 'Announcement',
  searchPageTitle: 'Search the documentation',
  /** `{query}` is what was searched for. */
  searchPageResultsFor: 'Search results for "{query}"',
  searchPageTerms: 'Search terms',
  searchPageNoResults: 'No documents were found',
  guides: 'Guides',
  guidesIntro: 'Step-by-step guides and reference notes, grouped by topic.',
  tagsTitle: 'Tags',
  /** `{count}` and `{tag}`: a tag's page, one guide / several. */
  taggedOne: '{count} doc tagged with "{tag}"',
  taggedOther: '{count} docs tagged with "{tag}"',
  searchTitle: 'Search',
  homeReadGuides: 'Read the guides',
  homeBrowseApi: 'Browse the API reference',
  // The home page (#17 D2): its sections, the quick start and the search entry.
  homeFeatures: 'What the API gives you',
  homeQuickStart: 'Quick start',
  homeRequest: 'Request',
  homeResponse: 'Response',
  /** The quick start made from the spec: `{operation}` is the operation's title. */
  homeQuickStartMore: 'Reference of {operation}',
  homeReadMore: 'Read the quick-start guide',
  homeApiGroups: 'Explore the API',
  homeAllEndpoints: 'All endpoints',
  /** `{count}`: groups of a large API not shown on the home page. */
  homeMoreGroups: 'All endpoints ({count} more groups)',
  homeGuideSections: 'Read the guides',
  homeAllGuides: 'All guides',
  /** `{count}`: a tag's operations. */
  homeEndpointOne: '{count} endpoint',
  homeEndpointOther: '{count} endpoints',
  /** `{count}`: a section's guides. */
  homeGuideOne: '{count} guide',
  homeGuideOther: '{count} guides',
  /** `{count}`: a section's guides beyond those listed on its card. */
  homeMorePages: 'and {count} more',
  homeSearchLabel: 'Search the documentation',
  homeSearchPlaceholder: 'Search guides and API',
  homeSearchButton: 'Search',
  /** `{key}`: the keyboard shortcut, shown as keys. */
  homeSearchHint: 'or press {key} on any page',
  // API reference pages (the spec's own text is never translated).
  apiReference: 'API reference',
  api: 'API',
  apiIntroduction: 'Introduction',
  apiSchemas: 'Schemas',
  /** `{title}` is the API's title. */
  apiReadIntroduction: 'Read the {title} introduction',
  apiDownloadSpec: 'Download the OpenAPI spec (YAML)',
  apiServers: 'Servers',
  apiAuthentication: 'Authentication',
  apiNoAuthentication: 'This API does not declare any authentication.',
  apiType: 'Type',
  apiSentIn: 'Sent in',
  apiContact: 'Contact',
  apiLicense: 'License',
  apiEndpoints: 'Endpoints',
  apiDeprecated: 'Deprecated',
  apiDeprecatedBody: 'This endpoint is deprecated and may be removed in a future version of the API.',
  apiAuthorization: 'Authorization:',
  apiRequest: 'Request',
  apiResponses: 'Responses',
  apiResponsesByStatus: 'Responses by status code',
  apiResponseHeaders: 'Response headers',
  apiCallbacks: 'Callbacks',
  // Webhooks (`webhooks` / `x-webhooks`): requests the API sends to the reader's server.
  apiWebhook: 'Webhook',
  apiWebhooks: 'Webhooks',
  /** `{method}` is shown as a method badge, e.g. POST. */
  apiWebhookDelivery: 'sent to your server as a {method} request',
  apiWebhookRequestIntro: 'The request your server receives when the event happens.',
  apiWebhookResponsesIntro: 'What your server should answer.',
  apiWebhooksIntro: 'Requests the API sends to your server when events happen.',
  /** `x-tagGroups`: the group of the tags no group lists. */
  apiOtherTags: 'Other',
  /** The sidebar's link to the schema index when there are too many schemas to list: `{count}` schemas. */
  apiSchemasCount: 'Schemas ({count})',
  /** A part of a long schema index: its first and last schema's names. */
  apiSchemasPart: 'Schemas {first} – {last}',
  /** `{count}` schemas in a part of the index. */
  apiSchemasInPart: '{count} schemas',
  /** The rest of a tag's operations, on its own page: `{count}` operations. */
  apiMoreOperations: 'and {count} more',
  /** The pages of a tag's operations: `{tag}`. */
  apiTagPages: 'Pages of {tag}',
  apiCodeSamples: 'Code samples',
  apiCodeSampleLanguage: 'Code sample language',
  apiSchema: 'Schema',
  apiExample: 'Example',
  apiUsedBy: 'Used by',
  /** After the longest "Used by" lists: `{count}` more operations and schemas. */
  apiUsedByMore: 'and {count} more operations and schemas',
  apiPathParameters: 'Path parameters',
  apiQueryParameters: 'Query parameters',
  apiHeaderParameters: 'Header parameters',
  apiCookieParameters: 'Cookie parameters',
  apiRequestBody: 'Request body',
  apiRequired: 'required',
  apiDeprecatedBadge: 'deprecated',
  apiNullable: 'nullable',
  apiReadOnly: 'read-only',
  apiWriteOnly: 'write-only',
  /** `{status}` is a response's status code. */
  apiResponseHeadersOf: 'Headers of the {status} response',
  /** `{mediaType}`, e.g. application/json. */
  apiExamplesOf: 'Examples of {mediaType}',
  apiHeaderName: 'Header name',
  // Servers and security in detail (overview and operation pages).
  apiServerRelative: 'The spec gives this server as a path, relative to the host that serves the API; code samples show it on https://api.example.com.',
  apiServerVariables: 'Variables',
  apiVariable: 'Variable',
  apiBearerFormat: 'Bearer format',
  apiDiscoveryUrl: 'Discovery URL',
  apiFlow: 'Flow',
  apiAuthorizationUrl: 'Authorization URL',
  apiDeviceAuthorizationUrl: 'Device authorization URL',
  apiTokenUrl: 'Token URL',
  apiRefreshUrl: 'Refresh URL',
  apiScopes: 'Scopes',
  apiScope: 'Scope',
  apiDescription: 'Description',
  apiNoScopes: 'No scopes.',
  /** Between alternative security requirements on an operation. */
  apiAuthOr: 'or',
  /** Between the schemes of one requirement, all needed. */
  apiAuthAnd: 'and',
  apiAuthOptional: 'Authentication is optional.',
  /** `{scopes}`: the OAuth2 scopes an operation needs, comma-separated. */
  apiScopesNeeded: 'scopes: {scopes}',
  apiParameterName: 'Parameter name',
  apiPossibleValues: 'Possible values',
  apiConstant: 'Constant',
  apiDefault: 'Default',
  /** `{count}`: fields of an object, one / several. */
  apiFieldsOne: '{count} field',
  apiFieldsOther: '{count} fields',
  /** `{fields}` is apiFieldsOne/Other, for an array of objects. */
  apiFieldsOfEachItem: '{fields} of each item',
  /** `{count}`: the alternatives of a oneOf/anyOf. */
  apiAlternatives: '{count} alternatives',
  /** After the tabs of the first alternatives of a long oneOf/anyOf or discriminator. */
  apiMoreAlternatives: 'and {count} more alternatives, not shown here',
  /** After the first values of a long discriminator mapping. */
  apiMoreMappings: 'and {count} more',
  apiOneOf: 'One of',
  apiAnyOf: 'Any of',
  /** `{type}` is a schema's name (or apiThisSchema). */
  apiFieldsOfType: 'Fields of {type}',
  apiThisSchema: 'this schema',
  apiFieldsNotExpanded: 'The fields of {type} are not expanded here.',
  apiFieldsOnOwnPage: 'The fields of {type} are on its own page.',
  /** A shortened value: `{size}` its size, `{link}` apiFullValue as a link. */
  apiValueShortened: '(shortened: {size} in all{link})',
  apiValueShortenedLink: '; {link}',
  apiFullValue: 'full value',
  /** `{name}`: a schema field's name. */
  apiDirectLinkTo: 'Direct link to {name}',
  /** `{kind}`: apiOneOf / apiAnyOf; `{name}`: the field. */
  apiAlternativesOf: '{kind} the alternatives of {name}',
  /** `{property}`: the discriminator's property name. */
  apiDiscriminatedBy: 'Discriminated by {property}',
  /** `{count}`: enum values left out of the list. */
  apiMoreValues: 'and {count} more',
  /** `{count}`: fields, parameters, examples, servers or security schemes left out of a page that was too large (its Markdown copy has them all). */
  apiMoreFieldsLeftOut: 'and {count} more, left out to keep this page small (the page’s Markdown copy and the OpenAPI spec list them all)',
  /** `{count}`: every enum value, in the linked file. */
  apiAllValues: 'all {count} values',
  /** `{type}`: the schema a circular field refers back to. */
  apiCircular: 'circular → {type}',
  // Capped examples and code samples.
  /** `{What}`: apiTruncatedExample / apiTruncatedCodeSample, capitalised. */
  apiTruncatedTitle: '{What} truncated:',
  apiTruncatedExample: 'example',
  apiTruncatedCodeSample: 'code sample',
  apiTruncatedLines: 'showing {shown} of {total} lines',
  apiTruncatedBytes: 'showing the start of {size}',
  /** `{what}`: apiTruncatedExample / apiTruncatedCodeSample; `{size}`: the whole's size. */
  apiTruncatedDownload: 'Download the full {what} ({size})',
  apiMoreLineOne: '… {count} more line',
  apiMoreLineOther: '… {count} more lines',
  apiRestOfLine: '… (the rest of this line is left out)',
  // Schema trees (issue 17, part C): constraints after the type, enum chips, the tree's controls.
  /** `{value}`: a number, `0.5`. */
  apiMultipleOf: 'multiple of {value}',
  /** `{range}`: `1–64`, `≥ 3`, `≤ 64` or `2`. */
  apiCountCharacters: '{range} characters',
  apiCountItems: '{range} items',
  apiCountProperties: '{range} properties',
  /** At least one character or item. */
  apiNonEmpty: 'non-empty',
  apiUniqueItems: 'unique items',
  apiPattern: 'Pattern',
  /** `{count}`: enum values hidden behind the button (beyond the first 8). */
  apiShowMoreValues: 'Show {count} more',
  apiShowFewerValues: 'Show fewer',
  apiSchemaControls: 'Fields shown',
  apiExpandAll: 'Expand all',
  apiCollapseAll: 'Collapse all',
  apiLevels: 'Levels',
  /** `{count}`: the deepest level of fields left open (1: only the top-level fields). */
  apiShowLevels: 'Show fields to level {count}',
  // Meta descriptions of the pages docsgen generates. `{site}` is the site's title (translated by
  // the messages file's "config" entry), `{api}` the API's title.
  /** `{groups}`: the guides' top-level groups, comma-separated. */
  guidesDescription: 'Guides to the {site}: {groups}.',
  tagsDescription: 'Every tag used in the guides.',
  taggedDescription: 'Guides tagged with {tag}.',
  searchDescription: 'Search the {site} documentation.',
  notFoundDescription: 'The page you were looking for does not exist.',
  // Operation page sidecar, bounded code blocks and parameter examples (issue 17, part A).
  /** The aside beside an operation's fields on wide screens. */
  apiSidecar: 'Request and response examples',
  apiRequestExample: 'Request example',
  apiRequestExamples: 'Request body examples',
  apiResponseExample: 'Response example',
  apiResponseExampleByStatus: 'Response example by status code',
  /** `{status}`: a status code, `200`. */
  apiResponseExamplesOf: 'Examples of the {status} response',
  /** A parameter's named examples. */
  apiExamples: 'Examples',
  /** `{count}`: the lines of a code block taller than 30 lines. */
  codeShowAllLines: 'Show all {count} lines',
  codeShowFewerLines: 'Show fewer lines',
  apiReferenceDescription: 'Reference of the {api}.',
  apiTagDescription: 'Endpoints of the {tag} group.',
  apiSchemaDescription: 'The {schema} schema of the {api}: its fields and where it is used.',
  apiSchemasDescription: 'Every data schema of the {api}, with its fields and where it is used.',
  apiWebhooksDescription: 'Every webhook of the {api}: the requests it sends to your server.',
  // The API changelog and the "New in" badges (#19).
  apiChangelog: 'API changelog',
  apiChangelogIntro: 'What changed in the API from one version to the next, newest first. A breaking change can break a client written for the older version.',
  apiChangelogDescription: 'What changed in the {api} between versions: breaking and non-breaking changes, operation by operation.',
  /** `{newer}`, `{older}`: version labels, `Next compared with 2025-06`. */
  apiChangelogCompared: '{newer} compared with {older}',
  apiChangelogNoChanges: 'No changes.',
  /** A section's counts, joined with commas: `2 breaking, 5 non-breaking, 1 deprecation`. */
  apiChangelogBreaking: '{count} breaking',
  apiChangelogNonBreaking: '{count} non-breaking',
  apiChangelogDeprecationOne: '{count} deprecation',
  apiChangelogDeprecationOther: '{count} deprecations',
  apiChangelogAnnotationOne: '{count} documentation change',
  apiChangelogAnnotationOther: '{count} documentation changes',
  /** The heading of the changes to the API as a whole (servers, security schemes, info). */
  apiChangelogWholeApi: 'The whole API',
  /** After an operation's heading that links to an older version (a removed operation). */
  apiChangelogInVersion: 'in {version}',
  /** The link after a change to where it is shown, in that version. */
  apiChangelogSeeIn: 'See in {version}',
  apiChangeBreaking: 'Breaking',
  apiChangeNonBreaking: 'Non-breaking',
  apiChangeDeprecation: 'Deprecation',
  apiChangeAnnotation: 'Documentation',
  /** Badges on an operation or field that changed in `{version}`, linking to its changelog entry. */
  apiNewIn: 'New in {version}',
  apiChangedIn: 'Changed in {version}',
  apiBreakingIn: 'Breaking change in {version}',
  apiDeprecatedIn: 'Deprecated in {version}',
  // The search box (an island: passed as its `labels` prop when not English).
  searchSuggestions: 'Search suggestions',
  searchSeeAll: 'See all results',
  searchLoading: 'Loading search index…',
  searchLoadingResults: 'Loading search results…',
  searchUnavailable: 'Search is unavailable: the search index could not be loaded.',
  searchUnavailableHint: 'Check your connection, then try again.',
  /** `{count}`: the box's results, one / several. */
  searchResultOne: '{count} result',
  searchResultOther: '{count} results',
  /** `{query}` is the corrected query. */
  searchShowingResultsFor: 'Showing results for {query}',
  /** Before a result's place ("Guides › Boundaries"), read by screen readers only. */
  searchResultIn: ', in ',
  // The search page's results.
  /** `{count}`: one document / several (the locale's plural rules choose). */
  searchPageFoundOne: '{count} document found',
  searchPageFoundOther: '{count} documents found',
  searchPageIndexError: 'The search index could not be loaded.',
  /** `{first}`, `{last}`, `{total}`: the results shown on a page of results. */
  searchPageRange: 'Results {first}–{last} of {total}',
  searchPagePages: 'Search result pages',
  searchPagePreviousPage: 'Previous page',
  searchPageNextPage: 'Next page',
  /** `{page}` is a page number. */
  searchPageNumber: 'Page {page}',
  /** Above the results of `/search?version=<name>` for a version other than the latest. */
  searchPageVersion: 'Searching the documentation of version {version}.',
  // The page runtime (src/client/labels.ts; passed in `<body data-labels>` when not English).
  copy: 'Copy',
  copyLabel: 'Copy code to clipboard',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  codeCopied: 'Code copied to clipboard',
  copyFailedHint: 'Copying failed. The code is selected: copy it with your keyboard.',
  backToTop: 'Back to top',
  islandCrashed: 'This page crashed',
  islandTryAgain: 'Try again',
  islandLoadFailed: 'This part of the page could not be loaded',
  islandLoadFailedHint: 'Check your connection, then try again.',
  islandRetry: 'Retry',
  islandDismiss: 'Dismiss',
  /** `{title}` is the error's title: the warning button that takes a failed navbar control's place. */
  islandShowError: '{title}: show the error',
  // #18 sidebar: the button that expands a collapsed sidebar category in place (a disclosure:
  // its state is read out from aria-expanded). `{label}` is the category's name.
  sidebarCategoryPages: 'Pages in {label}',
  // Islands of the navbar and the announcement bar.
  // The theme menu (#17 D2): the button's name, the menu's name and its three choices.
  /** `{mode}` is the current choice's name (colorModeSystem / colorModeLight / colorModeDark). */
  colorModeSwitch: 'Theme: {mode}',
  colorModeMenu: 'Theme',
  colorModeSystem: 'System',
  colorModeLight: 'Light',
  colorModeDark: 'Dark',
  announcementClose: 'Close',
  mobileMenuOpen: 'Toggle navigation bar',
  mobileMenuClose: 'Close navigation bar',
  mobileMenuBack: 'Back to main menu',
  mobileMenuDialog: 'Navigation',
  mobileMenuMain: 'Main menu',
}, tryItMessages);

/** The API pages' section headings, which their tables of contents repeat (src/i18n/locales.ts translates those). */
export const apiHeadingKeys = ['apiPathParameters', 'apiQueryParameters', 'apiHeaderParameters', 'apiCookieParameters', 'apiRequestBody', 'apiServers', 'apiAuthentication', 'apiEndpoints', 'apiRequest', 'apiResponses', 'apiCallbacks', 'apiCodeSamples', 'apiSchema', 'apiExample', 'apiUsedBy'] as const;

export type Messages = typeof defaultMessages;
export type MessageKey = keyof Messages;

/**
 * The strings of `keys` for an island's `labels` prop (or the runtime's `data-labels`), or
 * nothing when they are all English: the island has those built in, and English pages stay
 * as they were.
 */
export function localLabels<K extends MessageKey>(messages: Messages, keys: readonly K[]): Pick<Messages, K> | undefined {
  if (keys.every((k) => messages[k] === defaultMessages[k])) return undefined;
  return Object.fromEntries(keys.map((k) => [k, messages[k]])) as Pick<Messages, K>;
}

/** `{name}` placeholders replaced by their value; a placeholder without one stays as it is. */
export function formatMessage(text: string, values: Record<string, string>): string {
  let parts = messageParts.get(text);
  if (parts === undefined) {
    parts = text.split(/\{(\w+)\}/);
    if (messageParts.size >= MESSAGE_PARTS_MAX) messageParts.clear();
    messageParts.set(text, parts);
  }
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) out += (values[parts[i]] ?? `{${parts[i]}}`) + parts[i + 1];
  return out;
}

/**
 * Each message split once at its placeholders (text, name, text, …): schema trees format one per
 * field, and a regular expression's replace with a callback per call was 1.4 s of each render
 * thread on Microsoft Graph v1.0. A locale has a few hundred messages.
 */
const messageParts = new Map<string, string[]>();
const MESSAGE_PARTS_MAX = 1024;
