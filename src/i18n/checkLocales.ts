// check-links from sources on a site with several locales: each other locale's guides (its
// translations and the untranslated originals, whose links point into the locale) checked like
// the default locale's. A locale has the same routes as the default one; a translated guide has
// the anchors of its own headings. Problems a locale shares with the default locale (its
// untranslated guides') are reported once.
import type { ResolvedConfig } from '../config/types';
import { loadGuides } from '../content/loadGuides';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { checkLinks, type LinkDiagnostic } from '../links/check';
import { collectAllLinks } from '../links/collect';
import { scanHtml } from '../links/html';
import { siteLocales } from './locales';

export function checkLocaleLinks(
  config: ResolvedConfig,
  targets: { routes: Set<string>; files: Set<string>; anchors: Map<string, Set<string>> },
  found: Diagnostic[],
  options: { external?: boolean } = {},
): LinkDiagnostic[] {
  const { locales } = siteLocales(config);
  if (locales.length < 2) return [];
  const out: LinkDiagnostic[] = [];
  const key = (d: Diagnostic) => `${d.code}|${d.location?.file ?? ''}|${d.location?.line ?? ''}|${d.text}`;
  const seen = new Set(found.map(key));
  for (const locale of locales.slice(1)) {
    const guides = loadGuides(locale.config, undefined, { highlight: false, translations: locale.translations });
    for (const d of guides.diagnostics) {
      if (d.code === 'broken-markdown-link' && d.location?.file?.startsWith(locale.translations)) out.push({ ...d, target: /"([^"]+)"/.exec(d.text)?.[1], reason: 'no such file (or it is a draft)' });
    }
    const translated = guides.docs.filter((d) => !guides.untranslated?.has(d.route));
    const anchors = new Map(targets.anchors);
    for (const doc of translated) anchors.set(doc.route, scanHtml(doc.html).ids);
    const { links } = collectAllLinks(locale.config, guides.docs, { external: options.external });
    const own = links.filter((l) => l.location.file !== config.configFile);
    out.push(...checkLinks(own, { routes: targets.routes, files: targets.files, anchors }, locale.config).filter((d) => !seen.has(key(d))));
  }
  return out;
}
