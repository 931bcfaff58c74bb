// The locales of a site (`i18n.locales`): what each one's pages are built from. The default
// locale is the site as it has always been; every other locale is the same set of pages under
// `<baseUrl><locale>/`, with the guides of `i18n/<locale>/guides/` where translated (else the
// default text and a notice) and the UI strings of `i18n/<locale>/messages.json`.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { ResolvedConfig } from '../config/types';
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic';
import { apiHeadingKeys, defaultMessages, type Messages } from '../shared/messages';
import { localeBaseUrl, routeUrl } from '../shared/url';
import type { PageAlternate, PageModel, TocEntry } from '../shared/viewModels';

export interface SiteLocale {
  locale: string;
  /** `Français` (`i18n.localeConfigs.<locale>.label`, else the code). */
  label: string;
  isDefault: boolean;
  /** The site's config with `baseUrl` set to the locale's base URL: every link the stages emit then stays in the locale. */
  config: ResolvedConfig;
  /** Output path prefix of its files: `''` for the default locale, `fr/` otherwise. */
  prefix: string;
  /** `<root>/i18n/<locale>/guides`: translated guides, at the same paths as in `content/guides`. */
  translations: string;
  messages: Messages;
  /** `config` of the messages file: the config's own text (navbar and footer labels, copyright, tagline, announcement) in this locale, by the text as written in the config. */
  configText: Record<string, string>;
}

/** `<folder holding the content folder>/i18n`: translations live beside the content they translate. */
export function i18nDir(config: ResolvedConfig): string {
  return path.join(path.dirname(config.contentDir), 'i18n');
}

/** Every locale of the site, default first, with its messages; problems of the messages files as diagnostics. */
export function siteLocales(config: ResolvedConfig): { locales: SiteLocale[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { defaultLocale, locales } = config.i18n;
  const ordered = [defaultLocale, ...locales.filter((l) => l !== defaultLocale)];
  // A locale is a URL segment and a folder name: `fr`, `pt-BR`, `zh-Hans`.
  for (const locale of ordered) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(locale)) diagnostics.push(error('i18n-invalid-locale', `The locale "${locale}" is not a language tag such as fr or pt-BR; it becomes a URL segment and a folder name.`, { location: { file: config.configFile }, hint: 'Use letters, digits and hyphens in i18n.locales and i18n.defaultLocale.' }));
  }
  const result = ordered.map((locale): SiteLocale => {
    const isDefault = locale === defaultLocale;
    const loaded = loadMessages(config, locale);
    diagnostics.push(...loaded.diagnostics);
    const tr = (text: string) => loaded.configText[text] ?? text;
    return {
      locale,
      label: config.i18n.localeConfigs[locale]?.label ?? locale,
      isDefault,
      // The site's title and tagline as the locale's pages show them (`<title>` suffix, meta
      // descriptions, og:site_name), translated by the messages file's "config" entry.
      config: isDefault ? config : { ...config, baseUrl: localeBaseUrl(config.baseUrl, locale, defaultLocale), title: tr(config.title), tagline: tr(config.tagline) },
      prefix: isDefault ? '' : `${locale}/`,
      translations: path.join(i18nDir(config), locale, 'guides'),
      messages: loaded.messages,
      configText: loaded.configText,
    };
  });
  return { locales: result, diagnostics };
}

/**
 * `i18n/<locale>/messages.json` (or `.yml`/`.yaml`): `{ "onThisPage": "Sur cette page", … }`
 * over the built-in English strings. A key docsgen does not know is a warning (a typo would
 * otherwise leave the English string in place without a word); a value that is not a string is an error.
 */
export function loadMessages(config: ResolvedConfig, locale: string): { messages: Messages; configText: Record<string, string>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const configText: Record<string, string> = {};
  const dir = path.join(i18nDir(config), locale);
  const file = ['messages.json', 'messages.yml', 'messages.yaml'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  if (!file) return { messages: defaultMessages, configText, diagnostics };
  let data: unknown;
  try {
    const text = fs.readFileSync(file, 'utf8');
    data = file.endsWith('.json') ? JSON.parse(text) : loadYaml(text);
  } catch (e) {
    return { messages: defaultMessages, configText, diagnostics: [error('i18n-messages-invalid', `The messages file could not be read: ${(e as Error).message}`, { location: { file } })] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { messages: defaultMessages, configText, diagnostics: [error('i18n-messages-invalid', 'The messages file must hold an object of UI strings by key, e.g. { "onThisPage": "Sur cette page" }.', { location: { file } })] };
  }
  const messages: Messages = { ...defaultMessages };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'config') {
      // `"config": { "Guides": "Guides", "Copyright © 2025 Test": "…" }`: the config's own text.
      const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined;
      if (!entries || entries.some(([, v]) => typeof v !== 'string')) diagnostics.push(error('i18n-messages-invalid', 'The "config" entry must map text of the config to its translation, e.g. { "Guides": "Guías" }.', { location: { file } }));
      else Object.assign(configText, Object.fromEntries(entries));
    } else if (!Object.hasOwn(defaultMessages, key)) {
      diagnostics.push(warning('i18n-unknown-message', `The messages file sets "${key}", which is not a UI string of docsgen; it is ignored.`, { location: { file }, hint: `The keys are those of src/shared/messages.ts, e.g. ${Object.keys(defaultMessages).slice(0, 3).join(', ')}.` }));
    } else if (typeof value !== 'string') {
      diagnostics.push(error('i18n-messages-invalid', `The message "${key}" must be a string.`, { location: { file } }));
    } else {
      messages[key as keyof Messages] = value;
    }
  }
  return { messages, configText, diagnostics };
}

/** The page in every locale, for the language menu and `<link rel="alternate" hreflang>`. */
export function pageAlternates(locales: SiteLocale[], route: string): PageAlternate[] {
  return locales.map((l) => {
    const href = routeUrl(l.config.baseUrl, route, l.config.trailingSlash);
    return { locale: l.locale, label: l.label, href, url: l.config.url + href };
  });
}

/**
 * A locale's page models as its pages show them: each with its alternates, and a guide left
 * untranslated with the notice saying so. New objects: a cached model stays as it was.
 */
export function localizePages(pages: PageModel[], locales: SiteLocale[], locale: SiteLocale, untranslated: ReadonlySet<string>): PageModel[] {
  return pages.map((page) => {
    if (page.route === '/404') return page;
    let body = page.body.kind === 'doc' && untranslated.has(page.route) ? { ...page.body, doc: { ...page.body.doc, untranslated: { language: locale.label, textLang: locales[0].locale } } } : page.body;
    if (!locale.isDefault && 'toc' in body && body.kind.startsWith('api')) body = { ...body, toc: translateApiToc(body.toc, locale.messages) };
    return { ...page, body, alternates: pageAlternates(locales, page.route) };
  });
}

/** The API pages' tables of contents list their section headings (`Request`, `Request body`, `Responses`…) in English: in the locale's words, at every level. */
function translateApiToc(toc: TocEntry[], messages: Messages): TocEntry[] {
  const words = new Map<string, string>(apiHeadingKeys.map((key) => [defaultMessages[key], messages[key]]));
  const translate = (entries: TocEntry[]): TocEntry[] => entries.map((entry) => ({ ...entry, text: words.get(entry.text) ?? entry.text, children: translate(entry.children) }));
  return translate(toc);
}

/**
 * The language menu links every page to the same route in each other locale: each locale must
 * have every route the others have. (Each locale builds the same routes today; this keeps a
 * page that exists in one locale only from linking to a 404 in another.)
 */
export function checkAlternates(locales: SiteLocale[], routes: ReadonlySet<string>[], configFile: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (locales.length < 2) return diagnostics;
  for (const [i, from] of locales.entries()) {
    for (const route of routes[i]) {
      for (const [j, to] of locales.entries()) {
        if (i === j || routes[j].has(route)) continue;
        const href = routeUrl(to.config.baseUrl, route, to.config.trailingSlash);
        diagnostics.push(error('broken-link', `The language menu of ${routeUrl(from.config.baseUrl, route, from.config.trailingSlash)} links to ${href}, which is not a page of this site.`, { location: { file: configFile }, hint: `Every page is built in every locale of i18n.locales; this is a docsgen bug.` }));
      }
    }
  }
  return diagnostics;
}

/** `/fr` + `/guides/a` → `/fr/guides/a`; the locale's home is `/fr`. */
export function prefixedRoute(locale: SiteLocale, route: string): string {
  return locale.isDefault ? route : `/${locale.locale}${route === '/' ? '' : route}`;
}

/**
 * Links emitted exactly as written (raw HTML in a guide) are resolved from the site's root, as a
 * browser does: on a French page `<a href="/guides/a">` is the English page and
 * `<a href="/fr/guides/a">` the French one, and both exist. These are the routes and anchors of
 * every locale under its prefix, for checking such links with the site's own base URL.
 */
export function siteWideTargets(
  locales: SiteLocale[],
  routes: ReadonlySet<string>[],
  anchors: { get(route: string): { has(id: string): boolean } | undefined }[],
): { routes: Set<string>; anchors: { get(route: string): { has(id: string): boolean } | undefined } } {
  const owner = new Map<string, [number, string]>();
  locales.forEach((locale, i) => {
    for (const route of routes[i]) owner.set(prefixedRoute(locale, route), [i, route]);
  });
  return {
    routes: new Set(owner.keys()),
    anchors: {
      get(route) {
        const found = owner.get(route);
        return found ? anchors[found[0]].get(found[1]) : undefined;
      },
    },
  };
}
