// Every link the stages emit to a page of the site goes through `pageHref`: the pages of an older
// version then link within that version (`/guides/2025-06/…`) while their routes, link checks and
// caches stay those of a site of its own (`/guides/…`).
import type { ResolvedConfig } from '../config/types';
import { routeUrl, versionedRoute } from '../shared/url';

/** The sections whose routes a version has its own copy of: the guides and each API's pages. */
export function versionSections(config: Pick<ResolvedConfig, 'apis'>): string[] {
  return ['/guides', ...config.apis.map((api) => api.route).filter((route) => route !== '/' && route !== '/guides')];
}

/** The URL of a route (with baseUrl and trailingSlash) as this config's version links to it. */
export function pageHref(config: Pick<ResolvedConfig, 'baseUrl' | 'trailingSlash' | 'versionSegment' | 'apis'>, route: string): string {
  return routeUrl(config.baseUrl, config.versionSegment ? versionedRoute(route, config.versionSegment, versionSections(config)) : route, config.trailingSlash);
}
