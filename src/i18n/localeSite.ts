// The content and site stages again for one locale other than the default: its guides (the
// translation where there is one), the same API pages with links under the locale's base URL,
// and every page model with its alternates. Rendered by the build like the default locale's.
import path from 'node:path';
import type { ApiInput } from '../build';
import { loadGuides, type GuideRenderCache, type GuidesResult } from '../content/loadGuides';
import type { ParsedFileCache } from '../content/discover';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { createSpecMarkdown } from '../openapi/markdown';
import { apiConfig } from '../config/resolve';
import { buildSite, type SiteResult } from '../site/routes';
import { localizePages, type SiteLocale } from './locales';

export interface LocaleSite {
  locale: SiteLocale;
  guides: GuidesResult;
  site: SiteResult;
  apis: ApiInput[];
}

/** What serve --watch keeps of a locale between builds: its guides' rendered markdown. */
export type LocaleCache = Map<string, GuideRenderCache | undefined>;

export function buildLocaleSite(
  locale: SiteLocale,
  locales: SiteLocale[],
  apis: readonly ApiInput[],
  options: { highlight?: boolean; cache?: { localeGuides?: LocaleCache; parsedFiles?: ParsedFileCache } } = {},
): { site: LocaleSite; diagnostics: Diagnostic[] } {
  const { cache } = options;
  const guideCache = cache ? { guides: (cache.localeGuides ??= new Map()).get(locale.locale), parsedFiles: cache.parsedFiles } : undefined;
  const guides = loadGuides(locale.config, guideCache, { highlight: options.highlight, translations: locale.translations });
  if (cache) cache.localeGuides!.set(locale.locale, guideCache!.guides);
  const localeApis = apis.map((api) => ({ ...api, markdown: createSpecMarkdown(apiConfig(locale.config, api.settings), api.source, api.document) }));
  const site = buildSite(locale.config, guides, localeApis, locale.messages);
  // The 404 page too (`fr/404.html`, in French): a host can serve it for missing pages under `/fr/`.
  const pages = localizePages(site.pages, locales, locale, guides.untranslated ?? new Set());
  // The default locale reports what the untranslated guides and the spec hold: here only what
  // the translations themselves bring (otherwise every warning would be printed once per locale).
  const own = (d: Diagnostic) => d.location?.file !== undefined && isInside(d.location.file, locale.translations);
  return { site: { locale, guides, site: { ...site, pages }, apis: localeApis }, diagnostics: guides.diagnostics.filter(own) };
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
