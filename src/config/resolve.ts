// Applies defaults and CLI overrides to a validated UserConfig and makes paths absolute.
// Defaults for search are the constants of the site specification (SPEC.md §9).
import path from 'node:path';
import { SHARD_ABOVE_PAGES } from '../shared/search/types';
import type { InlineConfig, ResolvedConfig, UserConfig } from './types';

export function resolveConfig(user: UserConfig, configFile: string, inline: InlineConfig = {}, dev = false): ResolvedConfig {
  const root = path.dirname(configFile);
  const contentDir = path.resolve(root, user.contentDir ?? 'content');
  const outDir = inline.outDir ? path.resolve(inline.root ?? process.cwd(), inline.outDir) : path.resolve(root, user.outDir ?? 'build');
  const openapi = user.openapi ?? (inline.spec ? { spec: inline.spec, downloadUrl: '' } : undefined);
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
    favicon: user.favicon ?? '/img/favicon.svg',
    i18n: {
      defaultLocale: user.i18n?.defaultLocale ?? 'en',
      locales: user.i18n?.locales ?? ['en'],
      localeConfigs: user.i18n?.localeConfigs ?? { en: { label: 'English' } },
    },
    contentDir,
    guidesDir: path.join(contentDir, 'guides'),
    outDir,
    navbar: user.navbar,
    footer: user.footer,
    announcementBar: user.announcementBar,
    colorMode: {
      defaultMode: user.colorMode?.defaultMode ?? 'light',
      respectPrefersColorScheme: user.colorMode?.respectPrefersColorScheme ?? true,
      disableSwitch: user.colorMode?.disableSwitch ?? false,
    },
    onBrokenLinks: inline.onBrokenLinks ?? user.onBrokenLinks ?? 'throw',
    onBrokenMarkdownLinks: user.onBrokenMarkdownLinks ?? 'warn',
    onBrokenAnchors: user.onBrokenAnchors ?? 'warn',
    onDuplicateRoutes: user.onDuplicateRoutes ?? 'warn',
    openapi: openapi && {
      spec: inline.spec ?? openapi.spec,
      downloadUrl: openapi.downloadUrl,
      timeoutMs: openapi.timeoutMs ?? 10_000,
      schemaDepth: openapi.schemaDepth ?? 5,
      tagsWithoutSidebar: openapi.tagsWithoutSidebar ?? [],
    },
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
      routes: user.search?.routes ?? ['/guides', '/api'],
      shardAbovePages: user.search?.shardAbovePages ?? SHARD_ABOVE_PAGES,
    },
    dev,
  };
}
