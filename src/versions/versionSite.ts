// The content, openapi and site stages again for a version other than the one the build's
// pipeline makes (the latest): its guides, its spec and its pages, made as a site of its own
// (routes `/guides/…`, `/api/…`, links checked within them) whose links carry its URL segment
// (versions/href.ts). Rendered, indexed and link-checked by the build beside the latest's pages.
import { openapiStage, type ApiInput } from '../build';
import type { Memo } from '../cache/memo';
import { loadGuidesWithMemo } from '../content/guideMemo';
import type { GuidesResult } from '../content/loadGuides';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { Messages } from '../shared/messages';
import { versionedRoute } from '../shared/url';
import { isVersionedRoute } from '../shared/versions';
import type { PageModel, SiteModel, SiteVersion, SiteVersions } from '../shared/viewModels';
import { heldApiPagesMemo, takesPagesBack, type Counts } from '../site/apiPagesMemo';
import { buildSiteLive } from '../site/liveSite';
import { buildSite, type SiteResult } from '../site/routes';
import { resolveTypedLinks } from '../site/typedLinks';
import { versionSections } from './href';
import type { DocVersion } from './resolve';

export interface VersionSite {
  version: DocVersion;
  guides: GuidesResult;
  apis: ApiInput[];
  /** Its pages in the guides and the API (the home page, `/search` and the 404 page are the latest version's). */
  site: SiteResult;
  /** The spec's verdict (see openapiStage). */
  validated: Promise<Diagnostic[]>;
  /** With a memo: its API pages taken from it, and made (`docsgen build --timings`). */
  taken?: { operations: Counts; schemas: Counts };
}

/** A version before its site stage. */
export type LoadedVersion = Omit<VersionSite, 'site' | 'taken'>;

/** A version's guides and spec, loaded: its pages are made once the changes between the versions are known (versionPages). */
export async function loadVersion(version: DocVersion, options: { memo?: Memo; strict?: boolean }): Promise<LoadedVersion> {
  const { config } = version;
  const written = loadGuidesWithMemo(options.memo, config);
  const { api, validated } = await openapiStage(config, { strict: options.strict, memo: options.memo });
  const apis = api ? [api] : [];
  // Its guides' typed links (`op:searchBoundaries`) name pages of its own spec.
  return { version, guides: resolveTypedLinks(config, written, apis).guides, apis, validated };
}

/**
 * The site stage of a loaded version: its pages in the guides and the API. With a memo, its API
 * pages whose inputs did not change are taken back (an older version's spec seldom does), as
 * serve --watch takes back the latest's (site/apiPagesMemo.ts takesPagesBack).
 */
export function versionPages(loaded: LoadedVersion, messages: Messages, memo?: Memo): VersionSite {
  const { config } = loaded.version;
  const apiMemo = memo && takesPagesBack(loaded.apis) ? heldApiPagesMemo(memo, config, messages, loaded.apis) : undefined;
  // serve --watch keeps the version's page models between saves, as it keeps the latest's: a save elsewhere leaves each the object the last render had.
  const site = memo?.live ? buildSiteLive(memo, config, loaded.guides, loaded.apis, messages, apiMemo) : buildSite(config, loaded.guides, loaded.apis, messages, undefined, apiMemo);
  const sections = versionSections(config);
  return { ...loaded, site: { ...site, pages: site.pages.filter((page) => isVersionedRoute({ sections }, page.route)) }, taken: apiMemo?.taken() };
}

/** Where a version's page is written: `guides/2025-06/a/index.html`. */
export function versionRoute(version: DocVersion, route: string): string {
  return versionedRoute(route, version.segment, versionSections(version.config));
}

/** What the templates know of the versions (SiteModel.versions), for the pages of `current`. */
export function siteVersionsModel(versions: DocVersion[], routes: ReadonlySet<string>[], current: DocVersion, changelogHref?: string): SiteVersions {
  const { config } = current;
  const list = versions.map((v, i): SiteVersion => {
    const own = [...routes[i]].sort();
    const has = (route: string) => routes[i].has(route);
    const api = v.config.openapi?.route;
    return {
      name: v.name,
      label: v.label,
      segment: v.segment,
      isLatest: v.isLatest,
      isCurrent: v.isCurrent,
      routes: own,
      ...(has('/guides') ? { guidesLanding: '/guides' } : {}),
      ...(api && has(api) ? { apiLanding: api } : {}),
    };
  });
  return { current: current.name, list, sections: versionSections(config), noIndex: config.versions.noIndex, url: config.url, baseUrl: config.baseUrl, trailingSlash: config.trailingSlash, ...(changelogHref ? { changelogHref } : {}) };
}

/** The pages a version lists in the sitemap: all of them, or none when its pages are not to be indexed. */
export function sitemapPages(version: DocVersion, pages: PageModel[]): PageModel[] {
  return !version.isLatest && version.config.versions.noIndex ? [] : pages;
}

/** The search page learns each version's index (`/search?version=<name>`): a new page object, as a live memo may keep the old one. */
export function withSearchVersions(pages: PageModel[], versions: DocVersion[], models: SiteModel[]): void {
  const at = pages.findIndex((page) => page.body.kind === 'search');
  if (at === -1) return;
  const page = pages[at];
  if (page.body.kind !== 'search') return;
  const list = versions.map((v, i) => ({ name: v.name, label: v.label, indexUrl: models[i].search.indexUrl }));
  pages[at] = { ...page, body: { ...page.body, versions: list } };
}

/**
 * The pages of every version at the URLs readers see (`/guides/2025-06/a`), with their anchors:
 * what a link from one version to another, or a raw HTML link of any version, is checked against.
 */
export function versionedTargets(sites: { version: DocVersion; routes: ReadonlySet<string>; anchors: ReadonlyMap<string, { has(id: string): boolean }> }[]): { routes: Set<string>; anchors: { get(route: string): { has(id: string): boolean } | undefined } } {
  const owner = new Map<string, [number, string]>();
  sites.forEach((site, i) => {
    for (const route of site.routes) owner.set(versionRoute(site.version, route), [i, route]);
  });
  return {
    routes: new Set(owner.keys()),
    anchors: {
      get(route) {
        const found = owner.get(route);
        return found ? sites[found[0]].anchors.get(found[1]) : undefined;
      },
    },
  };
}
