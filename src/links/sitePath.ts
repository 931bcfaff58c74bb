// How a static host maps a URL path to a file of the output folder, in one place: `docsgen
// serve` answers requests with it and the link check decides with it whether a link as it
// appears in the HTML reaches a page. Clean URLs per trailingSlash (like Vercel's `cleanUrls`
// and `trailingSlash`): `/a` serves `a.html` or `a/index.html`, `…/index.html` and `….html`
// redirect to the canonical form, and a slash that the setting forbids (or requires) redirects.
import { canonicalPath, type TrailingSlash } from '../shared/url';

export type SitePathResult =
  | { kind: 'file'; file: string }
  /** `to` is a site path (leading `/`, no baseUrl). */
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' };

/**
 * `path` is decoded, starts with `/` and has the baseUrl removed; `has(file)` says whether a
 * file (not a folder) exists at that site-relative path (no leading `/`).
 */
export function resolveSitePath(path: string, has: (file: string) => boolean, trailingSlash: TrailingSlash): SitePathResult {
  const rel = path.slice(1);
  if (path !== '/404.html' && /(^|\/)index\.html$|\.html$/.test(path)) {
    // Links use the route form; with trailingSlash unset that is the one without a slash.
    const to = canonicalPath(path, trailingSlash ?? false);
    if (to !== path && followSitePath(to, has, trailingSlash) !== undefined) return { kind: 'redirect', to };
    return has(rel) ? { kind: 'file', file: rel } : { kind: 'missing' };
  }
  if (rel !== '' && !path.endsWith('/') && has(rel)) return { kind: 'file', file: rel };
  if (path.endsWith('/')) {
    if (has(`${rel}index.html`)) return trailingSlash === false && path !== '/' ? { kind: 'redirect', to: path.replace(/\/+$/, '') } : { kind: 'file', file: `${rel}index.html` };
    if (trailingSlash === false && path !== '/' && has(`${rel.replace(/\/+$/, '')}.html`)) return { kind: 'redirect', to: path.replace(/\/+$/, '') };
    return { kind: 'missing' };
  }
  if (has(`${rel}.html`)) return { kind: 'file', file: `${rel}.html` };
  if (has(`${rel}/index.html`)) return trailingSlash === true ? { kind: 'redirect', to: `${path}/` } : { kind: 'file', file: `${rel}/index.html` };
  return { kind: 'missing' };
}

/** The file a path ends up at after at most two redirects, or undefined. */
export function followSitePath(path: string, has: (file: string) => boolean, trailingSlash: TrailingSlash): string | undefined {
  let current = path;
  for (let hop = 0; hop < 3; hop++) {
    const r = resolveSitePath(current, has, trailingSlash);
    if (r.kind === 'file') return r.file;
    if (r.kind === 'missing') return undefined;
    current = r.to;
  }
  return undefined;
}

/** The route of a page file (`guides/a/index.html` and `guides/a.html` → `/guides/a`), else undefined. */
/** `/fr/404`: the 404 page of a locale (`fr/404.html`), not a page of its own. */
export function isLocaleNotFound(route: string): boolean {
  return /^\/[^/]+\/404$/.test(route);
}

export function fileToRoute(file: string): string | undefined {
  if (file === 'index.html') return '/';
  if (!file.endsWith('.html')) return undefined;
  return '/' + file.replace(/\/index\.html$/, '').replace(/\.html$/, '');
}

/** The URL path a page file is served at (for resolving its relative links), without baseUrl. */
export function fileUrlPath(file: string, trailingSlash: TrailingSlash): string {
  const route = fileToRoute(file);
  if (route === undefined || route === '/404') return '/';
  // A locale's 404 page (`fr/404.html`) is served for any missing path under its folder: its links resolve from the folder.
  if (isLocaleNotFound(route)) return route.slice(0, -'404'.length);
  return canonicalPath(route, trailingSlash);
}
