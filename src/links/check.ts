// The link check, as a pure function: links with their source locations in, diagnostics out,
// under the configured policies. Reporting is the logger's job.
import { byPolicy, type Diagnostic, type Location, type Policy } from '../diagnostics/diagnostic';

export interface SiteLink {
  location: Location;
  /** Route key the link points at (no trailing slash, no baseUrl). */
  route: string;
  hash: string;
  /** The link as written, for the message. */
  raw: string;
  /** JSON pointer of the spec text the link is in (spec links have no line). */
  pointer?: string;
}

export interface LinkTargets {
  /** Route keys of every page. */
  routes: Set<string>;
  /** Site-relative paths of every other emitted file (images, sitemap.xml…), with a leading `/`. */
  files: Set<string>;
  /** Route → ids present on the page. */
  anchors: Map<string, Set<string>>;
}

export function checkLinks(links: SiteLink[], targets: LinkTargets, policies: { onBrokenLinks: Policy; onBrokenAnchors: Policy }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const link of links) {
    const route = decodeURI(link.route);
    if (!targets.routes.has(route) && !targets.files.has(route)) {
      diagnostics.push(
        ...byPolicy(policies.onBrokenLinks, 'broken-link', `The link "${link.raw}" points to ${route}, which is not a page of this site.`, {
          location: link.location,
          notes: link.pointer ? [`in the OpenAPI spec at ${link.pointer}`] : undefined,
          hint: 'Fix the link, or set onBrokenLinks to "warn" while you restructure.',
        }),
      );
      continue;
    }
    if (link.hash && targets.routes.has(route) && !targets.anchors.get(route)?.has(decodeURIComponent(link.hash))) {
      diagnostics.push(
        ...byPolicy(policies.onBrokenAnchors, 'broken-anchor', `The link "${link.raw}" points to #${link.hash}, which ${route} does not have.`, {
          location: link.location,
          notes: link.pointer ? [`in the OpenAPI spec at ${link.pointer}`] : undefined,
        }),
      );
    }
  }
  return diagnostics;
}
