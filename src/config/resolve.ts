// Applies defaults and CLI overrides to a validated UserConfig and makes paths absolute.
// Defaults for search are the constants of the site specification (SPEC.md §9).
import fs from 'node:fs';
import path from 'node:path';
import { defaultCopyright, defaultNavbarItems } from './defaults';
import { SHARD_ABOVE_PAGES } from '../shared/search/types';
import type { InlineConfig, OpenApiConfig, ResolvedConfig, ResolvedOpenApi, UserConfig } from './types';
import { resolveBranding } from '../branding/resolve';

export function resolveConfig(user: UserConfig, configFile: string, inline: InlineConfig = {}, dev = false): ResolvedConfig {
  const root = path.dirname(configFile);
  const contentDir = path.resolve(root, user.contentDir ?? 'content');
  const outDir = inline.outDir ? path.resolve(inline.root ?? process.cwd(), inline.outDir) : path.resolve(root, user.outDir ?? 'build');
  const apis = resolveApis(user.openapi, inline, root);
  return {
    configFile,
    root,
    title: user.title,
    tagline: user.tagline ?? '',
    titleDelimiter: user.titleDelimiter ?? '|',
    version: user.version ?? '0.0.0',
    url: user.url,
    baseUrl: user.baseUrl ?? '/',
    trailingSlash: user.trailingSlash,
    branding: resolveBranding(user, root),
    i18n: {
      defaultLocale: user.i18n?.defaultLocale ?? 'en',
      locales: user.i18n?.locales ?? ['en'],
      localeConfigs: user.i18n?.localeConfigs ?? { en: { label: 'English' } },
    },
    contentDir,
    guidesDir: path.join(contentDir, 'guides'),
    outDir,
    themeDir: path.resolve(root, user.themeDir ?? 'theme'),
    navbar: { ...user.navbar, items: user.navbar?.items ?? defaultNavbarItems({ guides: fs.existsSync(path.join(contentDir, 'guides')), apiRoute: apis[0]?.route && (apis.length > 1 ? '/api' : apis[0].route), locales: user.i18n?.locales?.length ?? 1 }) },
    footer: user.footer ?? { copyright: defaultCopyright(user.title, new Date().getFullYear()) },
    announcementBar: user.announcementBar,
    colorMode: {
      defaultMode: user.colorMode?.defaultMode ?? 'light',
      respectPrefersColorScheme: user.colorMode?.respectPrefersColorScheme ?? true,
      disableSwitch: user.colorMode?.disableSwitch ?? false,
    },
    home: user.home ?? {},
    onBrokenLinks: inline.onBrokenLinks ?? user.onBrokenLinks ?? 'throw',
    onBrokenMarkdownLinks: user.onBrokenMarkdownLinks ?? 'warn',
    onBrokenAnchors: user.onBrokenAnchors ?? 'warn',
    onDuplicateRoutes: user.onDuplicateRoutes ?? 'warn',
    lint: { rules: user.lint?.rules ?? {} },
    openapi: apis[0],
    apis,
    search: {
      language: user.search?.language ?? ['en'],
      stopWords: user.search?.stopWords ?? true,
      maxResults: user.search?.maxResults ?? 8,
      contextLength: user.search?.contextLength ?? 50,
      searchBar: user.search?.searchBar ?? true,
      searchPage: user.search?.searchPage ?? true,
      highlightTermsOnTargetPage: user.search?.highlightTermsOnTargetPage ?? true,
      keyboardShortcut: user.search?.keyboardShortcut ?? true,
      hashed: user.search?.hashed ?? true,
      // An API whose pages live outside /api (its `route`) is searched too.
      routes: user.search?.routes ?? ['/guides', '/api', ...apis.map((api) => api.route).filter((route) => route !== '/api' && !route.startsWith('/api/'))],
      shardAbovePages: user.search?.shardAbovePages ?? SHARD_ABOVE_PAGES,
    },
    redirects: user.redirects ?? [],
    llms: {
      enabled: user.llms?.enabled ?? true,
      include: user.llms?.include ?? ['/'],
      exclude: user.llms?.exclude ?? [],
    },
    dev,
    versions: {
      currentLabel: user.versions?.current?.label ?? 'Next',
      lastVersion: user.versions?.lastVersion ?? 'current',
      noIndex: user.versions?.noIndex ?? false,
      menu: user.versions?.menu ?? true,
      ...(user.versions?.list ? { list: user.versions.list } : {}),
    },
    versionSegment: '',
  };
}

/**
 * The specs of the site. One spec's pages are under `/api`; several specs' under
 * `/api/<id>` each (or their `route`). `--spec` replaces the one spec (config/load.ts refuses
 * it with several).
 */
function resolveApis(openapi: UserConfig['openapi'], inline: InlineConfig, root: string): ResolvedOpenApi[] {
  const list: OpenApiConfig[] = openapi === undefined ? (inline.spec ? [{ spec: inline.spec }] : []) : Array.isArray(openapi) ? openapi : [openapi];
  // The configured download link is that of the configured spec: a spec given by --spec is
  // another one, and gets the copy docsgen writes of it (openapi/specCopy.ts), as does a spec
  // without a download link.
  const isUrl = (spec: string) => /^https?:\/\//i.test(spec);
  const sameSpec = (a: string, b: string) => (isUrl(a) || isUrl(b) ? a === b : path.resolve(root, a) === path.resolve(root, b));
  return list.map((api) => ({
    id: api.id ?? 'api',
    label: api.label ?? '',
    route: api.route ?? (list.length > 1 ? `/api/${api.id}` : '/api'),
    spec: (list.length === 1 ? inline.spec : undefined) ?? api.spec,
    downloadUrl: list.length === 1 && inline.spec !== undefined && !sameSpec(inline.spec, api.spec) ? '' : (api.downloadUrl ?? ''),
    timeoutMs: api.timeoutMs ?? 10_000,
    schemaDepth: api.schemaDepth ?? 5,
    tagsWithoutSidebar: api.tagsWithoutSidebar ?? [],
    linkBase: api.linkBase ?? '',
    tryIt: { enabled: api.tryIt?.enabled ?? false, proxyUrl: api.tryIt?.proxyUrl ?? '', servers: (api.tryIt?.servers ?? []).map((s) => ({ url: s.url.replace(/\/+$/, ''), ...(s.description ? { description: s.description } : {}) })) },
    ...(api.onBrokenSpecLinks ? { onBrokenSpecLinks: api.onBrokenSpecLinks } : {}),
  }));
}

/** The config one API's stages read: `openapi` is that API. */
export function apiConfig(config: ResolvedConfig, api: ResolvedOpenApi): ResolvedConfig {
  return config.openapi === api ? config : { ...config, openapi: api };
}
