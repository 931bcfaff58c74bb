// The content and site stages again for one locale other than the default: its guides (the
// translation where there is one), the same API pages with links under the locale's base URL,
// and every page model with its alternates. Rendered by the build like the default locale's.
import path from 'node:path';
import type { ApiInput } from '../build';
import type { GuidesResult } from '../content/loadGuides';
import { loadGuidesWithMemo } from '../content/guideMemo';
import type { Memo } from '../cache/memo';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { createSpecMarkdown } from '../openapi/markdown';
import { apiConfig } from '../config/resolve';
import { buildSite, type SiteResult } from '../site/routes';
import { resolveTypedLinks } from '../site/typedLinks';
import { localizePages, type SiteLocale } from './locales';

export interface LocaleSite {
  locale: SiteLocale;
  guides: GuidesResult;
  site: SiteResult;
  apis: ApiInput[];
}

export function buildLocaleSite(
  locale: SiteLocale,
  locales: SiteLocale[],
  apis: readonly ApiInput[],
  options: { highlight?: boolean; memo?: Memo } = {},
): { site: LocaleSite; diagnostics: Diagnostic[] } {
  const localeApis = apis.map((api) => ({ ...api, markdown: createSpecMarkdown(apiConfig(locale.config, api.settings), api.source, api.document) }));
  const written = loadGuidesWithMemo(options.memo, locale.config, { highlight: options.highlight, translations: locale.translations });
  const guides = resolveTypedLinks(locale.config, written, localeApis).guides;
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
