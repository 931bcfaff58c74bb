// What a page shows of the site's versions, from its route: the version menu's targets, the
// banner of an older version and its canonical URL. Pure, for the templates (server and islands).
import { routeUrl, versionedRoute } from './url';
import type { SiteVersion, SiteVersions } from './viewModels';

/** The version whose pages `site` renders. */
export function ownVersion(versions: SiteVersions): SiteVersion {
  return versions.list.find((v) => v.name === versions.current) ?? versions.list[0];
}

/** True for a route of a versioned section (the guides, the API); the home page and `/search` belong to no version. */
export function isVersionedRoute(versions: Pick<SiteVersions, 'sections'>, route: string): boolean {
  return versions.sections.some((s) => route === s || route.startsWith(`${s}/`));
}

/** The URL of `route` in `version`, with baseUrl and trailingSlash. */
export function versionHref(versions: SiteVersions, version: SiteVersion, route: string): string {
  return routeUrl(versions.baseUrl, versionedRoute(route, version.segment, versions.sections), versions.trailingSlash);
}

const routeSets = new WeakMap<string[], Set<string>>();
function hasRoute(version: SiteVersion, route: string): boolean {
  let set = routeSets.get(version.routes);
  if (!set) routeSets.set(version.routes, (set = new Set(version.routes)));
  return set.has(route);
}

/**
 * Where a link to `route` goes in `version`: the same page when that version has it, else the
 * version's landing page of the same section (its API overview for an API page, its first guide
 * otherwise), else its home.
 */
export function routeInVersion(versions: SiteVersions, version: SiteVersion, route: string): { route: string; samePage: boolean } {
  if (hasRoute(version, route)) return { route, samePage: true };
  const inGuides = route === '/guides' || route.startsWith('/guides/');
  const landing = (isVersionedRoute(versions, route) && !inGuides ? version.apiLanding : version.guidesLanding) ?? version.guidesLanding ?? version.apiLanding ?? '/';
  return { route: landing, samePage: false };
}

/** The version menu of a page: each version with the link to this page in it (or its landing). */
export function versionMenu(versions: SiteVersions, route: string): { name: string; label: string; href: string; current: boolean }[] {
  const own = isVersionedRoute(versions, route) ? versions.current : undefined;
  return versions.list.map((v) => {
    const target = routeInVersion(versions, v, isVersionedRoute(versions, route) ? route : '/guides');
    return { name: v.name, label: v.label, href: versionHref(versions, v, target.route), current: v.name === (own ?? latest(versions).name) };
  });
}

/** The notice at the top of a page of a version other than the latest; undefined on the latest's and on pages of no version. */
export function versionBanner(versions: SiteVersions, route: string): { kind: 'older' | 'unreleased'; label: string; latestLabel: string; latestHref: string; samePage: boolean } | undefined {
  const own = ownVersion(versions);
  if (own.isLatest || !isVersionedRoute(versions, route)) return undefined;
  const last = latest(versions);
  const target = routeInVersion(versions, last, route);
  return { kind: own.isCurrent ? 'unreleased' : 'older', label: own.label, latestLabel: last.label, latestHref: versionHref(versions, last, target.route), samePage: target.samePage };
}

/** An older version's page names the latest version's page as canonical, where it exists. */
export function versionCanonical(versions: SiteVersions, route: string): string | undefined {
  const own = ownVersion(versions);
  if (own.isLatest || !isVersionedRoute(versions, route)) return undefined;
  const last = latest(versions);
  return hasRoute(last, route) ? versions.url + versionHref(versions, last, route) : undefined;
}

function latest(versions: SiteVersions): SiteVersion {
  return versions.list.find((v) => v.isLatest) ?? versions.list[0];
}

/**
 * A link of a page of no version (the home page) into the guides or the API, in each version
 * (the same page where the version has it, else its landing page), for the reader's stored
 * choice (src/client/enhance/versions.ts); undefined for any other link.
 */
export function linkVersionHrefs(versions: SiteVersions | undefined, href: string): Record<string, string> | undefined {
  if (!versions || versions.list.length < 2 || !href.startsWith(versions.baseUrl)) return undefined;
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const path = `/${href.slice(versions.baseUrl.length, hashAt === -1 ? undefined : hashAt)}`.replace(/\/+$/, '') || '/';
  if (path.includes('?') || !isVersionedRoute(versions, path)) return undefined;
  const own = versions.list.find((v) => v.name === versions.current) ?? versions.list[0];
  if (!hasRoute(own, path)) return undefined;
  return Object.fromEntries(versions.list.map((v) => [v.name, linkInVersion(versions, v, path, hash)]));
}

/** A config link (`navbar.items[].to`, `/guides/a#b`) as the pages of `versions.current` show it: the page in their version, else its landing page; undefined outside the versioned sections. */
export function configLinkHref(versions: SiteVersions, to: string): string | undefined {
  const hashAt = to.indexOf('#');
  const path = (hashAt === -1 ? to : to.slice(0, hashAt)).replace(/\/+$/, '') || '/';
  if (!isVersionedRoute(versions, path)) return undefined;
  return linkInVersion(versions, ownVersion(versions), path, hashAt === -1 ? '' : to.slice(hashAt));
}

function linkInVersion(versions: SiteVersions, version: SiteVersion, path: string, hash: string): string {
  const found = routeInVersion(versions, version, path);
  return versionHref(versions, version, found.route) + (found.samePage ? hash : '');
}

/** The attribute that carries `linkVersionHrefs`. */
export function versionHrefsAttribute(versions: SiteVersions | undefined, href: string): { 'data-version-hrefs'?: string } {
  const hrefs = linkVersionHrefs(versions, href);
  return hrefs ? { 'data-version-hrefs': JSON.stringify(hrefs) } : {};
}
