// The data templates render. Built on the node side (src/site), read by templates/ — which may
// import nothing else from src/. Every URL here is final: baseUrl and trailingSlash applied.
import type { Messages } from './messages';

export type SidebarItem =
  | {
      type: 'category';
      label: string;
      items: SidebarItem[];
      /** Set on collapsed categories only (large sidebars, see src/site/sidebar.ts): rendered as one
       * link to their landing page (API: the tag page; guides: the first guide), without items. */
      href?: string;
      collapsed?: boolean;
    }
  | { type: 'link'; label: string; route: string; href: string; method?: string; deprecated?: boolean };

export interface NavLink {
  label: string;
  href: string;
  external: boolean;
  /** Route prefix that makes the item active (e.g. `/guides`). */
  activeBasePath?: string;
}

export type NavbarEntry =
  | ({ type: 'link' } & NavLink)
  | { type: 'search' }
  | { type: 'colorMode' }
  | { type: 'localeDropdown'; current: string; locales: { locale: string; label: string; href: string }[] }
  | { type: 'versionDropdown' };

/**
 * The documentation versions (README "Versions"), on a site with more than one. The templates
 * find each page's version menu, banner and canonical URL from its route (src/shared/versions.ts).
 */
export interface SiteVersions {
  /** The name of the version of the pages rendered with this model (`current`, `2025-06`). */
  current: string;
  /** Newest first, the current docs first. */
  list: SiteVersion[];
  /** Route prefixes each version has its own copy of: `/guides` and the API's route. */
  sections: string[];
  /** Pages of versions other than the latest get `noindex`. */
  noIndex: boolean;
  /** The API changelog page (what changed between the versions), listed at the end of the version menu. */
  changelogHref?: string;
  /** The site's origin and base path (`config.url`), for canonical URLs. */
  url: string;
  baseUrl: string;
  trailingSlash: boolean | undefined;
}

export interface SiteVersion {
  name: string;
  label: string;
  /** URL segment under the sections (`''` for the latest). */
  segment: string;
  isLatest: boolean;
  isCurrent: boolean;
  /** Its pages' routes without the segment (`/guides/a`), sorted: the version menu links to the same page where it exists. */
  routes: string[];
  /** Its landing routes: the first guide (or `/guides`) and the API's overview route. */
  guidesLanding?: string;
  apiLanding?: string;
}

export interface SiteModel {
  title: string;
  tagline: string;
  /** The documentation site's own version (config `version`, default 0.0.0). */
  version: string;
  baseUrl: string;
  homeHref: string;
  searchHref: string;
  faviconHref: string;
  /** The favicon's MIME type, when it is the project's own (`image/png`). */
  faviconType?: string;
  stylesheetHref: string;
  /** The project's stylesheets (`branding.customCss`), linked after the built-in one. */
  customCssHrefs?: string[];
  logoAlt: string;
  /** The project's logo images (`navbar.logo`); the built-in mark is shown where one is left out. `darkSrc` replaces `src` in dark mode. */
  logo?: { src?: string; darkSrc?: string };
  /** Where the logo and title link to (`navbar.logo.href`). @default homeHref */
  brandHref?: string;
  navbarTitle: string;
  navbarLeft: NavbarEntry[];
  navbarRight: NavbarEntry[];
  footer: { copyright: string; links: NavLink[] };
  announcement?: { id: string; html: string; isCloseable: boolean; backgroundColor?: string; textColor?: string };
  /** Inline head script that applies the colour mode before first paint. */
  colorModeScript: string;
  defaultMode: 'light' | 'dark';
  colorModeSwitch: boolean;
  hideNavbarOnScroll: boolean;
  /** Local search options the search UI needs (SPEC.md §9 constants by default). */
  search: { enabled: boolean; indexUrl: string; maxResults: number; contextLength: number; keyboardShortcut: boolean; highlightTerms: boolean; searchPage: boolean; stopWords: boolean };
  /** The locale of the pages rendered with this model, e.g. `fr`. */
  lang: string;
  /** UI strings in that locale (src/shared/messages.ts). */
  messages: Messages;
  versions?: SiteVersions;
  /** Markdown for machines (src/markdown/): the routes whose pages also get a `.md` copy (config `llms`); unset when off. */
  markdown?: { include: string[]; exclude: string[] };
}

export interface HeadModel {
  /** Full `<title>`, e.g. `Quick start | API`. */
  title: string;
  description: string;
  canonical: string;
  ogType: 'website' | 'article';
  noindex: boolean;
  keywords: string[];
}

export interface TocEntry {
  id: string;
  text: string;
  children: TocEntry[];
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  label: string;
  href: string;
}

export interface DocBody {
  title: string;
  html: string;
  toc: TocEntry[];
  breadcrumbs: Crumb[];
  previous?: PageLink;
  next?: PageLink;
  tags: PageLink[];
  banner?: 'unlisted' | 'draft';
  /** Set on a guide shown in the default locale's text because it has no translation: the label of the page's locale (`Français`) and the locale of the text (`en`). */
  untranslated?: { language: string; textLang: string };
}

export interface CardGroup {
  label: string;
  items: { label: string; href: string; description: string }[];
}

/** The home page (#17): hero, features, quick start, the API's groups and the guides' sections (src/site/home.ts). */
export interface HomeView {
  hero: { title: string; tagline: string; actions: { label: string; href: string; external: boolean }[] };
  features: { title: string; body: string; href?: string; external: boolean }[];
  /** None when the config turns it off, or when there is nothing to show. */
  quickStart?: HomeQuickStart;
  /** The API's tags (or the APIs, on a site with several), each linking to its page. */
  apiGroups: HomeCard[];
  /** Groups beyond those shown (a huge API), counted on the "all endpoints" link. */
  apiGroupsMore: number;
  apiHref: string;
  /** One card per top-level section of the guides, listing its first pages. */
  guideSections: HomeCard[];
  guidesHref: string;
}

export interface HomeCard {
  label: string;
  href: string;
  description: string;
  /** A count under the title, e.g. `3 endpoints`. */
  meta?: string;
  links?: PageLink[];
  /** Pages of the section beyond `links`. */
  moreLinks?: number;
}

export interface HomeQuickStart {
  title: string;
  description: string;
  request: Code;
  response?: Code;
  /** "Read more": the quick-start guide, or the operation the request comes from. */
  more?: PageLink;
}

export interface ApiIndexModel {
  title: string;
  version: string;
  summary: string;
  downloadUrl?: string;
  overviewHref: string;
  tags: ApiTagView[];
  /** `x-tagGroups`: the tags by group (then shown instead of `tags`). */
  tagGroups?: { name: string; tags: ApiTagView[] }[];
  /** The webhooks, when the spec has some. */
  webhooks?: ApiTagView;
  /** Tags after those listed, left out of a page too large (render/tightenPage.ts). */
  moreTags?: number;
}

/** A constraint of a field's value; numbers are kept as the spec wrote them (`0.01`, `1e6`). */
export type SchemaConstraint =
  | { kind: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'; value: string }
  /** A count of characters, items or properties: `min` and/or `max`. */
  | { kind: 'length' | 'items' | 'properties'; min?: string; max?: string }
  | { kind: 'uniqueItems' };

/** One field of a schema, parameter or header, ready to render. */
export interface SchemaNode {
  /** Anchor id, unique on its page, e.g. `response-200-data-boundaries-name`. */
  id: string;
  name?: string;
  /** Display type, e.g. `integer<int32>`, `string[]`, `Boundary`, `object`. */
  type: string;
  required: boolean;
  deprecated: boolean;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  descriptionHtml: string;
  /** Constraints, worded by the template after the type: `integer · ≥ 1 · ≤ 200`, `string · 1–64 characters`. */
  constraints: SchemaConstraint[];
  /** `pattern`: the regular expression a string matches, shown as its own fact (regexes are long). */
  pattern?: string;
  /** `varName`: the value's name in generated code (`x-enum-varnames`). */
  enumValues?: { value: string; descriptionHtml: string; varName?: string }[];
  /** Values left out of a long `enumValues` list, and the whole list as a file. */
  moreEnumValues?: { count: number; href?: string };
  defaultValue?: string;
  example?: string;
  /** A parameter's named examples (`examples:`): the name or summary, the value as sent, and the description. */
  namedExamples?: { label: string; value: string; descriptionHtml: string; cut?: ValueCut }[];
  constValue?: string;
  /** Set for a default, example or constant too long to show whole: its size, and the whole as a file. */
  valueCuts?: Partial<Record<'defaultValue' | 'example' | 'constValue', ValueCut>>;
  children: SchemaNode[];
  /** `additionalProperties`: true/schema → a node describing the values. */
  additional?: SchemaNode;
  /** `moreOptions`: alternatives beyond those shown (a base schema of Microsoft Graph has 1,544 subtypes). */
  variants?: { kind: 'oneOf' | 'anyOf'; discriminator?: { propertyName: string; mapping: { value: string; target: string }[] }; options: { title: string; node: SchemaNode }[]; moreOptions?: number };
  /** A recursive reference: shown as `circular → TypeName`, linking to its first expansion. */
  circular?: { typeName: string; href: string };
  /** Expansion stopped (depth or size budget); the named schema continues at `href`. */
  truncated?: { typeName?: string; href?: string };
  /** Fields after `children` left out of a page too large (render/tightenPage.ts). */
  moreFields?: number;
  /** Set when the field changed in this version (#19): its badge, linking to the changelog entry. */
  change?: ChangeBadge;
}

/** A "New in" / "Changed in" badge (#19): how the field or operation changed in `version`, and its changelog entry. */
export interface ChangeBadge {
  /** `new`: added; `breaking`: a breaking change; `deprecated`: deprecated; `changed`: any other change. */
  kind: 'new' | 'changed' | 'breaking' | 'deprecated';
  /** The version's label, e.g. `Next`. */
  version: string;
  href: string;
  /** The changes' sentences, plain text, for the tooltip. */
  title: string;
}

export interface MediaContent {
  mediaType: string;
  /** Set when a body has several media types: the id of this one's block. */
  anchorId?: string;
  schema?: SchemaNode;
  /** Examples as code; highlighted when the page is rendered (templates/components/CodeBlock.tsx). */
  examples: { label: string; code: Code }[];
  /** Examples after `examples` left out of a page too large (render/tightenPage.ts). */
  moreExamples?: number;
}

/**
 * Code shown on a page, highlighted only when the page is rendered: in the render workers on
 * large sites, never by check-links, and not held as HTML (three times the text) by every model.
 */
export interface Code {
  code: string;
  /** highlight.js language name ('' for plain text). */
  language: string;
  /** Set when `code` is only the start of a longer text (examples and code samples are capped, src/openapi/exampleFiles.ts). */
  truncated?: Truncation;
}

/** What a page leaves out of a long example or code sample, and where the whole is. */
export interface Truncation {
  /** Lines shown and in the whole text (a cut long line counts as shown). */
  shownLines: number;
  totalLines: number;
  /** Size of the whole text in bytes (UTF-8). */
  totalBytes: number;
  /** The whole text, written beside the pages, e.g. `/assets/examples/readings-1a2b3c4d5e.json`. */
  href?: string;
}

/** A value shown shortened: the size of the whole and, when written, its file. */
export interface ValueCut {
  totalBytes: number;
  href?: string;
}

export interface CodeSampleView {
  lang: string;
  label: string;
  code: Code;
}

export interface OperationView {
  title: string;
  /** For the Markdown copy only: the named schemas its trees link to, with their fields (openapi/schemaAppendix.ts). */
  appendix?: AppendedSchema[];
  /** Each schema of `appendix` has its own page in llms-full.txt, which leaves this copy's "Schemas" section out (markdown/llmsTxt.ts). */
  appendixListed?: boolean;
  method: string;
  /** Full path with the server URL, e.g. `https://api.example.com/v1/boundaries/{boundary_id}`. */
  serverUrl: string;
  path: string;
  deprecated: boolean;
  descriptionHtml: string;
  security: { name: string; detail: string }[];
  /** The security requirements: alternatives (any one will do), each needing all its schemes; `optional` when one may call without credentials. */
  securityRequirements?: { alternatives: SecurityRequirementView[]; optional: boolean; /** Left out of a page too large (render/tightenPage.ts). */ moreAlternatives?: number };
  parameters: ParameterGroup[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
  /** Responses after `responses` left out of a page too large (render/tightenPage.ts). */
  moreResponses?: number;
  /** Each callback with its operations, shown like the operation's own request and responses (anchors `callback-<name>-<method>-…`). */
  callbacks: { id: string; name: string; operations: CallbackOperationView[] }[];
  /** Callbacks after `callbacks` left out of a page too large. */
  moreCallbacks?: number;
  codeSamples: CodeSampleView[];
  /** Set on a webhook's page: the event it is named by in the spec (`method` is how it is delivered; `path` is '' or a URL expression). */
  webhook?: { event: string };
  /** Set when the try-it console is on for this operation: the URL of its TryItData (src/shared/tryIt.ts). */
  tryIt?: { dataUrl: string };
  /** Set when the operation changed in this version (#19): the badge by its title. */
  change?: ChangeBadge;
}

export interface ParameterGroup {
  /** Anchor of the group's heading; `<location>-parameters` when unset. */
  id?: string;
  location: 'path' | 'query' | 'header' | 'cookie';
  label: string;
  params: SchemaNode[];
  /** Parameters after `params` left out of a page too large (render/tightenPage.ts). */
  more?: number;
}

export interface RequestBodyView {
  id: string;
  required: boolean;
  descriptionHtml: string;
  contents: MediaContent[];
}

export interface ResponseView {
  id: string;
  status: string;
  statusClass: string;
  descriptionHtml: string;
  headers: SchemaNode[];
  contents: MediaContent[];
}

/** One operation of a callback: the request the API sends, and the responses it expects. */
export interface CallbackOperationView {
  /** Anchor of the operation, e.g. `callback-on-event-post`; its parts' anchors start with it. */
  id: string;
  method: string;
  /** The runtime URL expression, e.g. `{$request.body#/callbackUrl}`. */
  expression: string;
  summary: string;
  descriptionHtml: string;
  parameters: ParameterGroup[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
  /** Responses after `responses` left out of a page too large (render/tightenPage.ts). */
  moreResponses?: number;
}

export interface ApiOverviewView {
  /** Ids of the generated sections, unique against the headings of the spec's description. */
  sectionIds: { servers: string; authentication: string; endpoints: string; webhooks?: string };
  title: string;
  version: string;
  descriptionHtml: string;
  downloadUrl?: string;
  servers: { url: string; descriptionHtml: string }[];
  auth: { id: string; name: string; type: string; where?: string; headerName?: string; scheme?: string; descriptionHtml: string; summary?: string; bearerFormat?: string; openIdConnectUrl?: string; flows?: OAuthFlowView[] }[];
  /** `info.x-logo`: http(s) URLs only; `backgroundColor` is a checked CSS colour. */
  logo?: { url: string; altText: string; backgroundColor?: string; href?: string };
  /** Server details beyond `servers`, by index: the URL as written, its variables, and whether it is a path (a relative server of a spec read from a file). */
  serverDetails?: { template: string; relative: boolean; variables: { name: string; default: string; enum: string[]; moreEnum?: number; descriptionHtml: string }[] }[];
  /** Servers, security schemes and tags after those listed, left out of a page too large (render/tightenPage.ts). */
  moreServers?: number;
  moreAuth?: number;
  moreTags?: number;
  contact?: { name?: string; email?: string; url?: string };
  license?: { name: string; url?: string };
  tags: ApiTagView[];
  /** The webhooks, when the spec has some (listed after the endpoints). */
  webhooks?: ApiTagView;
}

/** One flow of an OAuth2 security scheme. */
export interface OAuthFlowView {
  /** The key in `flows`: `authorizationCode`, `clientCredentials`, `implicit`, `password`. */
  name: string;
  label: string;
  authorizationUrl?: string;
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: { name: string; description: string }[];
}

/** One alternative of an operation's security: all its schemes are needed. */
export interface SecurityRequirementView {
  /** `href` links to the scheme on the overview; `scopes` are the OAuth2/OpenID Connect scopes needed. */
  schemes: { name: string; href?: string; detail: string; scopes: string[] }[];
}

/**
 * A named schema and its own fields, down to the next named schema: its tree, or the Markdown the
 * site stage made of it once for every page whose copy lists it alike (site/appendixMarkdown.ts).
 */
export type AppendedSchema = { name: string; node: SchemaNode; markdown?: undefined } | { name: string; markdown: string; node?: undefined };

/** The page of a named component schema: its fields, an example, and where it is used. */
export interface ApiSchemaView {
  name: string;
  /** The schema's tree; its fields have ids `schema-<path>`. */
  schema: SchemaNode;
  /** JSON example, when one could be generated. */
  example?: Code;
  /** Operations and other schemas using it, one entry per page, each field linked to its anchor there. */
  usedBy: { label: string; kind: 'operation' | 'schema'; method?: string; href: string; fields: { where: string; href: string }[]; moreFields: number }[];
  /** Further pages that use it, beyond those listed. */
  usedByMore: number;
  /** For the Markdown copy only: the named schemas its tree links to, with their fields (openapi/schemaAppendix.ts). */
  appendix?: AppendedSchema[];
  /** As OperationView's. */
  appendixListed?: boolean;
}

export interface ApiTagView {
  name: string;
  href: string;
  descriptionHtml: string;
  operations: { method: string; path: string; summary: string; href: string; deprecated: boolean }[];
  /** Tags nested in this one (`tags[].parent`). */
  subTags?: { name: string; href: string }[];
  /** Set on the webhooks' index: `operations` are webhooks, each `path` the event's name. */
  webhooks?: boolean;
  /** Operations left out of a shortened list (the landing and overview of a huge API), on the tag's page. */
  more?: number;
  /** A tag's page that lists its operations over several pages: every page, by the range of operations it lists. */
  parts?: { label: string; href: string; current: boolean }[];
}

/** The API changelog (#19, src/changelog/changelogPage.ts): one section per pair of consecutive versions, newest first. */
export interface ApiChangelogView {
  sections: {
    /** Stable anchor, e.g. `next-vs-2025-06`. */
    id: string;
    newer: string;
    older: string;
    counts: Record<ChangeSeverityView, number>;
    /** The changes to the API as a whole first (no `operation`), then one group per operation. */
    groups: {
      id: string;
      /** `href`: its page in the version labelled `version` (the newer, or the older for a removed operation). */
      operation?: { method: string; path: string; href?: string; version: string };
      changes: { id: string; severity: ChangeSeverityView; text: string; href?: string; version?: string }[];
    }[];
  }[];
}

export type ChangeSeverityView = 'breaking' | 'non-breaking' | 'deprecation' | 'annotation';

export type PageBody =
  | { kind: 'home'; home: HomeView }
  | { kind: 'doc'; doc: DocBody }
  | { kind: 'sectionIndex'; title: string; intro: string; groups: CardGroup[]; breadcrumbs: Crumb[] }
  | { kind: 'tagsList'; title: string; tags: { label: string; href: string; count: number }[]; breadcrumbs: Crumb[] }
  | { kind: 'tagDocs'; title: string; tag: string; allTagsHref: string; docs: { label: string; href: string; description: string }[]; breadcrumbs: Crumb[] }
  | { kind: 'apiIndex'; api: ApiIndexModel; breadcrumbs: Crumb[] }
  | { kind: 'apiOverview'; overview: ApiOverviewView; toc: TocEntry[]; breadcrumbs: Crumb[] }
  | { kind: 'apiTag'; tag: ApiTagView; toc: TocEntry[]; breadcrumbs: Crumb[]; previous?: PageLink; next?: PageLink }
  | { kind: 'apiOperation'; operation: OperationView; toc: TocEntry[]; breadcrumbs: Crumb[]; previous?: PageLink; next?: PageLink }
  | { kind: 'apiSchema'; schema: ApiSchemaView; toc: TocEntry[]; breadcrumbs: Crumb[] }
  | { kind: 'apiChangelog'; changelog: ApiChangelogView; toc: TocEntry[]; breadcrumbs: Crumb[] }
  | { kind: 'apiSchemaIndex'; title: string; schemas: { name: string; href: string; summary: string }[]; breadcrumbs: Crumb[]; /** A long index lists its parts (each a page of this kind) instead of `schemas`. */ parts?: { label: string; href: string; count: number }[] }
  | { kind: 'search'; actionHref: string; /** On a site with versions: each one's index, for `?version=<name>`. */ versions?: { name: string; label: string; indexUrl: string }[] }
  | { kind: 'notFound'; homeHref: string; guidesHref: string; /** Absent on a site without an API. */ apiHref?: string }
  /** A standalone page a project wrote as a React component (content/pages/<name>.tsx: src/site/customPages.ts). */
  | { kind: 'custom'; name: string; title: string };

export interface PageModel {
  /** Route key, e.g. `/guides/boundaries/virtual-layers`. */
  route: string;
  head: HeadModel;
  /** Route prefix for active navbar items. */
  section: 'home' | 'guides' | 'api' | 'other';
  sidebar?: SidebarItem[];
  /** A focused (large) sidebar's tree: the URL of the JSON file its collapsed categories expand from (src/shared/sidebarTree.ts). */
  sidebarTree?: string;
  body: PageBody;
  /** On a site with several locales: this page in every locale, default locale first. */
  alternates?: PageAlternate[];
  /** The page's Markdown copy (`/guides/a.md`), set by the render stage (src/markdown/pageFiles.ts): `<link rel="alternate">` and the "Copy page" control. */
  markdownHref?: string;
}

/** One locale's version of a page. */
export interface PageAlternate {
  locale: string;
  label: string;
  /** Site path with that locale's base URL (`/fr/guides/a`): the language menu's link. */
  href: string;
  /** Absolute URL (`https://docs.example/fr/guides/a`): `<link rel="alternate" hreflang>`. */
  url: string;
}
