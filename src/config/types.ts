// The three config layers: UserConfig is the file, InlineConfig adds what the CLI and API may
// override, ResolvedConfig is what every stage reads (absolute paths, defaults applied).
import type { Policy } from '../diagnostics/diagnostic';
import type { TrailingSlash } from '../shared/url';

export interface NavbarItem {
  /** `link` (default) points at `to` (a site path) or `href` (external). `versionDropdown`: the documentation versions' menu (added before the search box when the site has versions and the navbar has none). */
  type?: 'link' | 'search' | 'colorMode' | 'localeDropdown' | 'versionDropdown';
  label?: string;
  /** Site path, e.g. `/guides/getting-started/quick-start`. baseUrl is added for you. */
  to?: string;
  /** External URL; opens as written. */
  href?: string;
  /** Which side of the navbar. @default 'right' */
  position?: 'left' | 'right';
  /** Marks the item active on every page under this path prefix, e.g. `/guides`. */
  activeBasePath?: string;
}

/** One API reference: a spec and how its pages are made. */
export interface OpenApiConfig {
  /**
   * With several specs: the route segment of this one's pages (`/api/<id>/…`) and its name in
   * messages. Lower-case letters, digits and dashes. Optional with one spec.
   */
  id?: string;
  /** With several specs: the name of this API in the `/api` landing, its sidebar and breadcrumbs. @default the spec's `info.title` */
  label?: string;
  /** Where this API's pages live. @default '/api' with one spec, '/api/<id>' with several */
  route?: string;
  /** A URL (e.g. the dev server's `http://127.0.0.1:4010/docs/yaml`) or a file relative to the config. */
  spec: string;
  /**
   * The public download link shown to readers: `{host}/docs/yaml` on the API host. When unset,
   * or when `--spec` builds another spec than `spec`, docsgen copies the spec it built into the
   * site (`/openapi.yaml` or `/openapi.json`, in the format it was read in) and links to that.
   * @default the copy
   */
  downloadUrl?: string;
  /** Fetch timeout for a URL spec, in milliseconds. @default 10000 */
  timeoutMs?: number;
  /**
   * How deep API pages expand named component schemas inline: a schema nested under this many
   * named schemas, or used a second time on the same page, shows a link to its own page
   * (`/api/schemas/<name>`) instead of its fields. @default 5
   */
  schemaDepth?: number;
  /** Tags (by name, as in the spec) whose tag page is shown without the API sidebar; the tag stays in the sidebar of every other page. @example ['Listings'] */
  tagsWithoutSidebar?: string[];
  /**
   * The URL that relative links in the spec's text are relative to, when they are not pages of
   * this site (a vendor spec's `/docs/…`): they become absolute, external links. When unset, it
   * is inferred from the spec (`externalDocs.url`, `info.contact.url`, `info.x-origin`,
   * `info.termsOfService`), with a warning saying so when a link needed it. @example 'https://developers.example.com/'
   */
  linkBase?: string;
  /** A link in the spec's text to a page this site does not have (and no link base to resolve it against). @default the value of onBrokenLinks */
  onBrokenSpecLinks?: Policy;
  /**
   * The "Try it" console on operation pages: readers send real requests from the browser. Off by
   * default: turn it on only for an API that allows the docs' origin (CORS), ideally a sandbox.
   * An operation with `x-try-it: false` never gets one.
   */
  tryIt?: TryItConfig;
}

/** `openapi.tryIt`. */
export interface TryItConfig {
  /** @default false */
  enabled: boolean;
  /** Requests go to `<proxyUrl><full target URL>` instead (a CORS proxy you run), e.g. `https://proxy.example.com/?url=`. */
  proxyUrl?: string;
  /** Servers the console offers instead of the spec's (a sandbox). @example [{ url: 'https://sandbox.example.com', description: 'Sandbox' }] */
  servers?: { url: string; description?: string }[];
}

/** A button or card link: `to` is a site path (baseUrl is added), `href` an external URL. */
export interface HomeLink {
  label: string;
  to?: string;
  href?: string;
}

export interface HomeConfig {
  hero?: {
    /** The big heading. @default the site's `title` */
    title?: string;
    /** The line under it. @default the site's `tagline`, else the API's `info.summary` */
    tagline?: string;
    /** The buttons; the first is the primary one. @default "Read the guides" and "Browse the API reference" */
    actions?: HomeLink[];
  };
  /** Cards saying what the API gives, in order. @default none @example [{ title: 'Boundaries for any point', body: 'Turn a coordinate into…', to: '/api/search-boundaries' }] */
  features?: { title: string; body: string; to?: string; href?: string }[];
  /**
   * A request a reader can copy and its response, beside the hero; `false` shows none.
   * @default the spec's first GET operation with a curl sample, and its 2xx example when short
   */
  quickStart?:
    | false
    | {
        /** @default 'Quick start' */
        title?: string;
        /** One or two sentences above the code; plain text. */
        description?: string;
        /** The request, e.g. a curl command. */
        code: string;
        /** highlight.js language of `code`. @example 'bash' */
        language: string;
        /** The response body shown under the request (JSON). */
        response?: string;
        /** @default 'json' */
        responseLanguage?: string;
        /** "Read more" link: a site path. @example '/guides/getting-started/quick-start' */
        to?: string;
      };
}

export interface UserConfig {
  /** Site title, the last part of every `<title>`. @example 'API' */
  title: string;
  /** One line under the title on the home page. @example 'Hyperlocal Content' */
  tagline?: string;
  /** Between the page title and the site title in `<title>`. @default '|' */
  titleDelimiter?: string;
  /** The documentation site's own version, in `<meta name="docs-version">` and the site model templates get. @default '0.0.0' */
  version?: string;
  /** Absolute origin of the deployed site, without a path. @example 'https://docs.hyperlocal.example' */
  url: string;
  /** Path the site is served under; starts and ends with `/`. @default '/' */
  baseUrl?: string;
  /** `true`: `x/index.html`, links end in `/`; `false`: `x.html`, no slash; unset: `x/index.html`, links as written. */
  trailingSlash?: TrailingSlash;
  /** The favicon: a `.svg`, `.png` or `.ico` file relative to the config, copied into the site under a content-hashed name. @default docsgen's icon @example 'static/favicon.svg' */
  favicon?: string;
  i18n?: {
    /** @default 'en' */
    defaultLocale: string;
    /** @default ['en'] */
    locales: string[];
    /** Labels shown in the language dropdown. @example { en: { label: 'English' } } */
    localeConfigs?: Record<string, { label: string }>;
  };
  /**
   * Documentation versions (README "Versions"). The current docs (`content/guides` and the spec)
   * are one version; older ones are snapshots cut by `docsgen version <name>` into
   * `versioned/<name>/` and listed in `versions.json`, or declared here with a spec each.
   */
  versions?: VersionsConfig;
  /** Markdown guides live in `<contentDir>/guides`. Relative to the config file. @default 'content' */
  contentDir?: string;
  /** Where `docsgen build` writes. Relative to the config file. @default 'build' */
  outDir?: string;
  /** Component overrides: a file named like a built-in component (`Footer.tsx`) replaces it (README "Customising components"). Relative to the config file. @default 'theme' */
  themeDir?: string;
  /** @default the site's sections (Guides, API), search and colour mode (README "Defaults") */
  navbar?: {
    /** Text next to the logo. */
    title?: string;
    /**
     * The navbar's logo. `src` and `srcDark` are image files (`.svg`, `.png`, `.jpg`, `.webp`,
     * `.gif`, `.avif`) relative to the config, copied into the site under content-hashed names;
     * `srcDark` replaces `src` in dark mode. @default docsgen's mark
     * @example { alt: 'Acme', src: 'static/logo.svg', srcDark: 'static/logo-dark.svg' }
     */
    logo?: {
      alt: string;
      src?: string;
      srcDark?: string;
      /** Where the logo and title link to: a site path or a URL. @default the home page */
      href?: string;
    };
    /** Hide the navbar on scroll down, show it on scroll up. @default false */
    hideOnScroll?: boolean;
    /** @default Guides (when there are guides), API (when there is a spec), search, colour mode */
    items?: NavbarItem[];
  };
  /** @default the copyright line `Copyright © <year> <title>` */
  footer?: {
    /** The copyright line; plain text. @example 'Copyright © 2025 Hyperlocal Data, Inc.' */
    copyright: string;
    links?: { label: string; to?: string; href?: string }[];
  };
  /** The site's colours, fonts and own stylesheet (README "Branding and theming"). */
  branding?: BrandingConfig;
  /** A dismissible bar above the navbar. Change `id` to show a new announcement to everyone. */
  announcementBar?: {
    id: string;
    /** Trusted HTML (it comes from your own config). */
    content: string;
    /** @default true */
    isCloseable?: boolean;
    backgroundColor?: string;
    textColor?: string;
  };
  colorMode?: {
    /** @default 'light' */
    defaultMode?: 'light' | 'dark';
    /** Follow the system preference until the reader picks a mode. @default true */
    respectPrefersColorScheme?: boolean;
    /** Hide the navbar switch. @default false */
    disableSwitch?: boolean;
  };
  /**
   * The home page (`/`): a hero with the search, feature cards, a quick-start request, then the
   * API's groups and the guides' sections as cards. Everything is optional; what is left out is
   * made from the site: the title and tagline, buttons to the guides and the API reference, and a
   * quick start from the spec's first GET operation (its curl sample and a short 2xx example).
   */
  home?: HomeConfig;
  /** Links to pages that do not exist. @default 'throw' */
  onBrokenLinks?: Policy;
  /** Relative `.md` links to files that do not exist. @default 'warn' */
  onBrokenMarkdownLinks?: Policy;
  /** Links to a `#anchor` that the target page does not have. @default 'warn' */
  onBrokenAnchors?: Policy;
  /** Two sources mapping to one URL. @default 'warn' */
  onDuplicateRoutes?: Policy;
  /**
   * The quality gate (`docsgen lint`, also run by `docsgen build`): each rule's policy by its code
   * (README, "The quality gate"). @default each rule's own (example mismatches: 'warn')
   * @example { rules: { 'example-mismatch': 'throw', 'unused-schema': 'ignore' } }
   */
  lint?: { rules?: Record<string, Policy> };
  /**
   * The OpenAPI document behind `/api`, or several: a list of specs, each with an `id` (its
   * pages are under `/api/<id>/`) and a `label` (navbar and sidebar).
   */
  openapi?: OpenApiConfig | OpenApiConfig[];
  /**
   * Markdown for machines (README "Docs for machines"): each page also as `.md`
   * beside its HTML, listed in `/llms.txt` and concatenated in `/llms-full.txt`. Unlisted pages
   * and drafts never appear. @example { include: ['/guides', '/api'], exclude: ['/guides/internal/**'] }
   */
  llms?: {
    /** @default true */
    enabled?: boolean;
    /** Route prefixes (`/guides`) or globs (`/api/*-boundaries`, `**`) of the pages made. @default ['/'] (every page) */
    include?: string[];
    /** Route prefixes or globs of pages left out, even when included. @default [] */
    exclude?: string[];
  };
  /** Local search; the defaults are the constants of the site specification. */
  search?: {
    /** @default ['en'] */
    language?: string[];
    /** Drop English stop words from body text. @default true */
    stopWords?: boolean;
    /** Suggestions shown in the search box. @default 8 */
    maxResults?: number;
    /** Characters of context around a match. @default 50 */
    contextLength?: number;
    /** @default true */
    searchBar?: boolean;
    /** @default true */
    searchPage?: boolean;
    /** @default true */
    highlightTermsOnTargetPage?: boolean;
    /** Ctrl/Cmd+K focuses the search box. @default true */
    keyboardShortcut?: boolean;
    /** Add the index hash to the single `search-index.json`'s URL. An index URL without one (this off, or a sharded index's manifest, which never has one) is fetched revalidated (`cache: 'no-cache'`). @default true */
    hashed?: boolean;
    /** Route prefixes that are indexed. @default ['/guides', '/api'] */
    routes?: string[];
    /** Above this many indexed pages, the index is split into shards a query fetches as it needs them (0: always). @default 300 */
    shardAbovePages?: number;
  };
  /**
   * Old URLs that now live elsewhere, e.g. a site moved from Docusaurus (`docsgen migrate
   * docusaurus` writes these): each `from` site path gets a small page that sends readers on to
   * `to` (a site path or URL) with a meta refresh and a canonical link. A `from` that is a page
   * of the site is left alone, with a warning. @example [{ from: '/docs/api/search-boundaries', to: '/api/search-boundaries' }]
   */
  redirects?: { from: string; to: string }[];
}

/** `branding`: everything optional; what is left out keeps the built-in theme. */
export interface BrandingConfig {
  /**
   * The brand colour, as `#rrggbb` or `#rgb`: links, buttons, active items and the focus ring in
   * light mode; the rest of the palette (hover shades, tinted backgrounds, the dark-mode
   * variants) is derived from it, and the build warns when text on it falls below WCAG AA.
   * @example '#4f46e5'
   */
  primaryColor?: string;
  fonts?: {
    /** The body text's CSS font-family list. @example "'Inter', system-ui, sans-serif" */
    body?: string;
    /** Code's CSS font-family list. @example "'JetBrains Mono', ui-monospace, monospace" */
    code?: string;
    /** Font files (`.woff2`, `.woff`, `.ttf`, `.otf`) relative to the config, each an `@font-face` of `family`. */
    files?: { family: string; src: string; /** @default 'normal' @example '400' or '100 900' */ weight?: string; /** @default 'normal' */ style?: 'normal' | 'italic' }[];
  };
  /** Your own stylesheet(s), relative to the config: linked after the built-in styles, under content-hashed names. @example 'theme/custom.css' */
  customCss?: string | string[];
}

export interface VersionsConfig {
  /** The current docs. @default { label: 'Next' } */
  current?: { label?: string };
  /** The version shown at the unversioned URLs (`/guides/…`, `/api/…`): `'current'` or a version's name. @default 'current' */
  lastVersion?: string;
  /** Pages of the versions other than `lastVersion` get `<meta name="robots" content="noindex">` and stay out of the sitemap. @default false */
  noIndex?: boolean;
  /** The navbar's version menu, added before the search box when the site has versions (an item `{ type: 'versionDropdown' }` places it instead). @default true */
  menu?: boolean;
  /**
   * The older versions, newest first: a name (its snapshot in `versioned/<name>/`), or a name
   * with a label and a spec file or URL (a version that differs only in its spec uses the
   * current guides unless `versioned/<name>/guides` exists). @default the names in versions.json
   */
  list?: (string | { name: string; label?: string; spec?: string })[];
}

/** What the CLI and `build()` may set on top of the file. */
export interface InlineConfig {
  /** Path of the config file. @default 'docsgen.config.ts' in `root` */
  configFile?: string;
  /** Working directory the config file is looked up in. @default process.cwd() */
  root?: string;
  outDir?: string;
  spec?: string;
  onBrokenLinks?: Policy;
}

type Required2<T> = { readonly [K in keyof T]-?: Exclude<T[K], undefined> };

export interface ResolvedConfig {
  readonly configFile: string;
  /** Directory of the config file; relative paths in it resolve from here. */
  readonly root: string;
  readonly title: string;
  readonly tagline: string;
  readonly titleDelimiter: string;
  readonly version: string;
  readonly url: string;
  readonly baseUrl: string;
  readonly trailingSlash: TrailingSlash;
  /** The branding files (absolute paths, and their site paths once config/load.ts has hashed them), colours and fonts. */
  readonly branding: ResolvedBranding;
  readonly i18n: Required2<NonNullable<UserConfig['i18n']>>;
  readonly contentDir: string;
  readonly guidesDir: string;
  readonly outDir: string;
  /** Absolute path of the component overrides' folder (src/theme/). */
  readonly themeDir: string;
  readonly navbar: Readonly<NonNullable<UserConfig['navbar']> & { items: NavbarItem[] }>;
  readonly footer: Readonly<NonNullable<UserConfig['footer']>>;
  readonly announcementBar?: Readonly<NonNullable<UserConfig['announcementBar']>>;
  readonly colorMode: Required2<NonNullable<UserConfig['colorMode']>>;
  /** As configured (`{}` when not): the site stage fills in what is left out (src/site/home.ts). */
  readonly home: Readonly<HomeConfig>;
  readonly onBrokenLinks: Policy;
  readonly onBrokenMarkdownLinks: Policy;
  readonly onBrokenAnchors: Policy;
  readonly onDuplicateRoutes: Policy;
  /** `lint.rules` as configured (rules left out keep their defaults: src/lint/rules.ts). */
  readonly lint: { readonly rules: Readonly<Record<string, Policy>> };
  /**
   * The spec being built: the only one, or the first. The stages of one API get a config whose
   * `openapi` is that API's (`apiConfig()` in config/resolve.ts).
   */
  readonly openapi?: ResolvedOpenApi;
  /** Every API of the site, in config order (empty without a spec). */
  readonly apis: readonly ResolvedOpenApi[];
  readonly search: Required2<NonNullable<UserConfig['search']>>;
  readonly llms: Required2<NonNullable<UserConfig['llms']>>;
  /** `redirects` as configured (`[]` when not): src/redirects/redirectPages.ts writes their pages. */
  readonly redirects: readonly { readonly from: string; readonly to: string }[];
  /** Dev mode (`serve`): drafts are built, with their banner. */
  readonly dev: boolean;
  /** As configured, with defaults: which versions exist is read from versions.json by the build (src/versions/resolve.ts). */
  readonly versions: { readonly currentLabel: string; readonly lastVersion: string; readonly noIndex: boolean; readonly menu: boolean; readonly list?: VersionsConfig['list'] };
  /**
   * The URL segment of the version these pages belong to (`2025-06`): `/guides/…` and the API
   * routes are emitted under `/guides/<segment>/…`, `/api/<segment>/…`. Empty for the version
   * shown at the unversioned URLs.
   */
  readonly versionSegment: string;
}

/** A file of the project the site serves under a content-hashed name (src/branding/assets.ts). */
export interface BrandAsset {
  /** Absolute path. */
  readonly file: string;
  /** The config key that names it, for messages: `navbar.logo.src`, `branding.customCss[1]`. */
  readonly key: string;
  /** Its site path, e.g. `/assets/brand/logo.3f2a9c1b0d.svg`; '' until hashed. */
  readonly path: string;
}

export interface ResolvedBranding {
  readonly logo?: BrandAsset;
  readonly logoDark?: BrandAsset;
  readonly favicon?: BrandAsset;
  /** `#rrggbb`, or undefined: the built-in palette. */
  readonly primaryColor?: string;
  readonly fonts: { readonly body?: string; readonly code?: string; readonly faces: readonly (BrandAsset & { readonly family: string; readonly weight: string; readonly style: string })[] };
  readonly customCss: readonly BrandAsset[];
}

export type ResolvedOpenApi = Required2<Omit<OpenApiConfig, 'label' | 'linkBase' | 'onBrokenSpecLinks' | 'tryIt'>> & {
  /** The configured label, or '' to use the spec's title. */
  readonly label: string;
  /** The configured link base, or '' to infer one from the spec. */
  readonly linkBase: string;
  /** The configured download link, or '' (none, or `--spec` built another spec): the pages link to docsgen's copy of the spec. */
  readonly downloadUrl: string;
  /** Unset: spec links follow onBrokenLinks (also when `--on-broken-links` changes it). */
  readonly onBrokenSpecLinks?: Policy;
  /** The try-it console: `enabled` false unless configured; `proxyUrl` '' without a proxy; `servers` empty: the spec's. */
  readonly tryIt: { readonly enabled: boolean; readonly proxyUrl: string; readonly servers: readonly { url: string; description?: string }[] };
};
