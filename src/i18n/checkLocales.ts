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
import { siteLocales, siteWideTargets } from './locales';
import { routeToFile } from '../shared/url';
import type { TypedTarget } from '../content/typedLinks';
import { resolveTypedLinks, typedTargets, type TypedLinkResolver } from '../site/typedLinks';

/** `typedLinks`: a resolver for the typed links (`op:…`) the given targets name (links/fromSources.ts). */
export async function checkLocaleLinks(
  config: ResolvedConfig,
  targets: { routes: Set<string>; files: Set<string>; anchors: Map<string, Set<string>> },
  found: Diagnostic[],
  options: { external?: boolean; typedLinks?: (wanted: TypedTarget[]) => Promise<TypedLinkResolver> } = {},
): Promise<LinkDiagnostic[]> {
  const { locales } = siteLocales(config);
  if (locales.length < 2) return [];
  const out: LinkDiagnostic[] = [];
  const key = (d: Diagnostic) => `${d.code}|${d.location?.file ?? ''}|${d.location?.line ?? ''}|${d.text}`;
  const seen = new Set(found.map(key));
  const perLocale = [];
  for (const locale of locales.slice(1)) {
    let guides = loadGuides(locale.config, undefined, { highlight: false, translations: locale.translations });
    // Typed links into the reference (`op:…`): a broken one is reported where a translation has it.
    const wanted = typedTargets(guides);
    if (wanted.length > 0 && options.typedLinks) {
      const typed = resolveTypedLinks(locale.config, guides, await options.typedLinks(wanted));
      guides = typed.guides;
      out.push(...typed.diagnostics.filter((d) => d.location?.file?.startsWith(locale.translations) && !seen.has(key(d))));
    }
    const anchors = new Map(targets.anchors);
    for (const doc of guides.docs.filter((d) => !guides.untranslated?.has(d.route))) anchors.set(doc.route, scanHtml(doc.html).ids);
    perLocale.push({ locale, guides, anchors });
  }
  // Raw HTML links are emitted as written: resolved from the site's root, into any locale.
  const siteWide = siteWideTargets(locales, locales.map(() => targets.routes), [targets.anchors, ...perLocale.map((l) => l.anchors)]);
  // Each locale's page files, as a static host finds them (`/fr/guides/a` → `fr/guides/a/index.html`).
  const siteFiles = new Set(targets.files);
  for (const locale of locales.slice(1)) for (const route of targets.routes) siteFiles.add(`/${locale.prefix}${routeToFile(route, config.trailingSlash)}`);
  for (const { locale, guides, anchors } of perLocale) {
    for (const d of guides.diagnostics) {
      if (d.code === 'broken-markdown-link' && d.location?.file?.startsWith(locale.translations)) out.push({ ...d, target: /"([^"]+)"/.exec(d.text)?.[1], reason: 'no such file (or it is a draft)' });
    }
    const { links } = collectAllLinks(locale.config, guides.docs, { external: options.external });
    const own = links.filter((l) => l.location.file !== config.configFile);
    const problems = [
      ...checkLinks(own.filter((l) => l.emittedFrom === undefined), { routes: targets.routes, files: targets.files, anchors }, locale.config),
      ...checkLinks(own.filter((l) => l.emittedFrom !== undefined), { routes: siteWide.routes, files: siteFiles, anchors: siteWide.anchors }, config),
    ];
    out.push(...problems.filter((d) => !seen.has(key(d))));
  }
  return out;
}
