// The link check, as a pure function: links with their source locations in, diagnostics out,
// under the configured policies. Reporting is the logger's job (or report.ts for check-links).
import { byPolicy, type Diagnostic, type Location, type Policy } from '../diagnostics/diagnostic';
import { safeDecode, type TrailingSlash } from '../shared/url';
import { fileToRoute, followSitePath } from './sitePath';
import { specLinkLocator } from './specLocation';

export interface SiteLink {
  location: Location;
  /** The exact location (column and source line), when finding it is left until the link is reported. */
  locate?: () => Location;
  /** Route key the link points at (no trailing slash, no baseUrl). Unused for `emittedFrom` links. */
  route: string;
  hash: string;
  /** The link as written, for the message. */
  raw: string;
  /** JSON pointer of the spec text the link is in (spec links have no line). */
  pointer?: string;
  /**
   * Set for links that reach the HTML exactly as written (raw HTML in a guide, the announcement
   * bar, sidebars): the URL path, with baseUrl, of the page they appear on. Such a link is
   * resolved the way a browser and a static host would, so a link that only breaks because of
   * baseUrl or trailingSlash is caught.
   */
  emittedFrom?: string;
  /** The policy for this link when the page is missing (spec text: `openapi.onBrokenSpecLinks`); onBrokenLinks when unset. */
  policy?: Policy;
  /** Set when the link was made external (spec text against a link base): it is not checked. */
  external?: string;
  /** Spec text: how many pages of each kind (`apiOperation`…) show the link; reported as "(in 37 operations)". */
  shownOn?: Record<string, number>;
}

export interface LinkTargets {
  /** Route keys of every page. */
  routes: Set<string>;
  /** Site-relative paths of every emitted file (pages, images, sitemap.xml…), with a leading `/`. */
  files: { has(file: string): boolean };
  /** Route → ids present on the page (a Map, or a lazy lookup that renders on demand). */
  anchors: { get(route: string): { has(id: string): boolean } | undefined };
}

export interface LinkPolicies {
  onBrokenLinks: Policy;
  onBrokenAnchors: Policy;
  baseUrl?: string;
  trailingSlash?: TrailingSlash;
}

/** A diagnostic of the link check: `target` is the link as written, `reason` the short why. */
export interface LinkDiagnostic extends Diagnostic {
  target?: string;
  reason?: string;
}

export function checkLinks(links: readonly SiteLink[], targets: LinkTargets, policies: LinkPolicies): LinkDiagnostic[] {
  const diagnostics: LinkDiagnostic[] = [];
  const notes = (link: SiteLink) => (link.pointer ? [`in the OpenAPI spec at ${link.pointer}`] : undefined);
  // Exact locations are found only for the links reported (a spec description's, from its file's text).
  const locate = specLinkLocator();
  const where = (link: SiteLink) => link.locate?.() ?? (link.pointer !== undefined && link.location.line === undefined ? locate(link) : link.location);
  const broken = (link: SiteLink, shown: string, reason: string) =>
    byPolicy(link.policy ?? policies.onBrokenLinks, 'broken-link', `The link "${link.raw}" points to ${shown}, which ${reason}${shownOn(link)}.`, {
      location: where(link),
      notes: notes(link),
      hint: link.pointer !== undefined ? SPEC_LINK_HINT : 'Fix the link, or set onBrokenLinks to "warn" while you restructure.',
    }).map((d) => ({ ...d, target: link.raw, reason: `${shown} ${reason}${shownOn(link)}` }));

  for (const link of links) {
    if (link.external !== undefined) continue;
    let route: string;
    let hash = link.hash;
    if (link.emittedFrom !== undefined) {
      const resolved = resolveEmitted(link, targets, policies);
      if ('reason' in resolved) {
        diagnostics.push(...broken(link, resolved.shown, resolved.reason));
        continue;
      }
      if (resolved.route === undefined) continue;
      route = resolved.route;
      hash = resolved.hash;
    } else {
      route = safeDecode(link.route, decodeURI);
      if (!targets.routes.has(route) && !targets.files.has(route)) {
        diagnostics.push(...broken(link, route, 'is not a page of this site'));
        continue;
      }
    }
    if (hash && targets.routes.has(route) && !targets.anchors.get(route)?.has(safeDecode(hash, decodeURIComponent))) {
      diagnostics.push(
        ...byPolicy(policies.onBrokenAnchors, 'broken-anchor', `The link "${link.raw}" points to #${hash}, which ${route} does not have${shownOn(link)}.`, {
          location: where(link),
          notes: notes(link),
        }).map((d) => ({ ...d, target: link.raw, reason: `${route} has no anchor #${hash}${shownOn(link)}` })),
      );
    }
  }
  return diagnostics;
}

/**
 * Every anchor a link asks for, decoded as checkLinks compares it: all that the check needs to
 * know of a page's ids (a superset is harmless; a large site's every id of every page is not).
 */
export function anchorsAsked(links: SiteLink[]): Set<string> {
  const asked = new Set<string>();
  const add = (hash: string) => hash && asked.add(safeDecode(hash, decodeURIComponent));
  for (const link of links) {
    add(link.hash);
    if (link.emittedFrom !== undefined) {
      try {
        add(new URL(link.raw, `http://site${link.emittedFrom}`).hash.slice(1));
      } catch {
        // not a URL: resolveEmitted reports it
      }
    }
  }
  return asked;
}

const SPEC_LINK_HINT =
  'Fix the link in the spec; or set openapi.linkBase to the URL its relative links are relative to (they become external links), or openapi.onBrokenSpecLinks to "warn" or "ignore".';

/** Where a spec link is shown: " (in 37 operations and 2 schemas)"; '' for other links. */
function shownOn(link: SiteLink): string {
  const parts = Object.entries(link.shownOn ?? {})
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => {
      const [one, many] = PAGE_KINDS[kind] ?? ['page', 'pages'];
      return `${n} ${n === 1 ? one : many}`;
    });
  if (parts.length === 0) return '';
  return ` (in ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`})`;
}

/** Page kinds as a reader names them: singular, plural. */
const PAGE_KINDS: Record<string, [string, string]> = {
  apiOperation: ['operation', 'operations'],
  apiWebhook: ['webhook', 'webhooks'],
  apiSchema: ['schema', 'schemas'],
  apiTag: ['tag page', 'tag pages'],
  apiOverview: ['overview page', 'overview pages'],
  apiIndex: ['API index page', 'API index pages'],
  apiSchemaIndex: ['schema index page', 'schema index pages'],
};

/** A link as it appears in the HTML → the route it reaches (undefined for a non-page file), or why it reaches nothing. */
function resolveEmitted(link: SiteLink, targets: LinkTargets, policies: LinkPolicies): { route?: string; hash: string } | { shown: string; reason: string } {
  const url = new URL(link.raw, `http://site${link.emittedFrom}`);
  const base = policies.baseUrl ?? '/';
  const hash = url.hash.slice(1);
  if (!`${url.pathname}/`.startsWith(base)) return { shown: url.pathname, reason: `is outside the base URL ${base}` };
  const path = safeDecode(url.pathname.length >= base.length ? url.pathname.slice(base.length - 1) : '/', decodeURIComponent);
  const file = followSitePath(path, (f) => targets.files.has(`/${f}`), policies.trailingSlash);
  if (file === undefined) return { shown: url.pathname, reason: 'is not a page or file of this site' };
  const route = fileToRoute(file);
  return { route: route !== undefined && targets.routes.has(route) ? route : undefined, hash };
}

