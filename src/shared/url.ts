// URL rules shared by the build and the browser: every emitted link goes through these, so
// baseUrl, trailingSlash and locale prefixes are decided in exactly one place.

/** `true` → `/a/`, `false` → `/a`, `undefined` → as written. */
export type TrailingSlash = boolean | undefined;

/**
 * `s` without the slashes it ends with. A loop, not `/\/+$/`: that pattern is tried again from
 * every slash of a run that does not end the text (a spec's server URL of 100,000 `/` and then a
 * letter took 3.8 s).
 */
export function withoutTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(0, end);
}

/** Joins the site's baseUrl (always `/`-terminated) and a site-absolute path. */
export function withBase(baseUrl: string, path: string): string {
  if (!path.startsWith('/')) return path;
  return baseUrl.replace(/\/$/, '') + path;
}

/**
 * The canonical form of a site path: `…/index.html` and `….html` lose their suffix (the
 * original site normalised these too), then the trailing slash follows the site setting.
 * The root `/` is always `/`.
 */
export function canonicalPath(path: string, trailingSlash: TrailingSlash): string {
  let p = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p === '' || p === '/') return '/';
  if (trailingSlash === true && !p.endsWith('/')) p += '/';
  if (trailingSlash === false && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p;
}

/** The route key used for lookups: canonical path without a trailing slash (root stays `/`). */
export function routeKey(path: string): string {
  const p = canonicalPath(path, false);
  return p === '' ? '/' : p;
}

/** The output file for a route: `x/index.html`, or `x.html` when trailingSlash is false. */
export function routeToFile(route: string, trailingSlash: TrailingSlash): string {
  const key = routeKey(route);
  if (key === '/') return 'index.html';
  const rel = key.slice(1);
  return trailingSlash === false ? `${rel}.html` : `${rel}/index.html`;
}

/**
 * The URL of a route as emitted in links. Routes are written without a trailing slash;
 * with trailingSlash undefined they keep that form (as written).
 */
export function routeUrl(baseUrl: string, route: string, trailingSlash: TrailingSlash): string {
  return withBase(baseUrl, canonicalPath(route, trailingSlash));
}

/** The base URL of a locale: the default locale lives at baseUrl, others under `baseUrl<locale>/`. */
export function localeBaseUrl(baseUrl: string, locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? baseUrl : `${baseUrl}${locale}/`;
}

/** Splits `path#hash` (a query string stays with the path). */
export function splitHash(href: string): { path: string; hash: string } {
  const i = href.indexOf('#');
  return i === -1 ? { path: href, hash: '' } : { path: href.slice(0, i), hash: href.slice(i + 1) };
}

/** True for links that leave the site: a scheme (`https:`, `mailto:`) or protocol-relative. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * A route as the pages of a version link to it: `/guides/a` → `/guides/2025-06/a` and
 * `/api/x` → `/api/2025-06/x` for `sections` `/guides` and `/api`; other routes (the home page,
 * `/search`) and the version shown at the unversioned URLs (`segment` '') are unchanged.
 */
export function versionedRoute(route: string, segment: string, sections: readonly string[]): string {
  if (!segment) return route;
  for (const section of sections) {
    if (route === section) return `${section}/${segment}`;
    if (route.startsWith(`${section}/`)) return `${section}/${segment}${route.slice(section.length)}`;
  }
  return route;
}

/**
 * `s` decoded (`decodeURI` by default, which keeps the escapes of `/`, `?` and `#`), or `s` as it
 * is when it holds a malformed escape (`%zz`, a lone `%`: the character itself).
 */
export function safeDecode(s: string, decode: (s: string) => string = decodeURI): string {
  // Nothing to decode without an escape: most links, checked again on every save of serve --watch.
  if (!s.includes('%')) return s;
  try {
    return decode(s);
  } catch {
    return s;
  }
}
