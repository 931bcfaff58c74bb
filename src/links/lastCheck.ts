// The links stage of a build with a live memo (serve --watch): what the last build found is
// taken again where nothing it depended on changed. A save edits one guide of thousands, and on
// a large site checking every guide's links again cost more than rendering the edited page
// (BENCHMARKS.md). Each function gives what a build without the memo gives; the memo only lets
// it tell by identity that most of it is the same as last time.
import type { Last } from '../cache/memo';
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc } from '../content/loadGuides';
import type { SitePage } from '../render/renderSite';
import type { PageModel } from '../shared/viewModels';
import { checkLinks, type LinkDiagnostic, type LinkTargets, type SiteLink } from './check';
import { linksOfGuide } from './collect';

export interface LastRoutes {
  pages: PageModel[];
  routes: Set<string>;
}

/** The routes of `pages` but the 404 page's; the last set itself while every page has the route it had. */
export function routeSet(pages: readonly PageModel[], last?: Last<LastRoutes>): Set<string> {
  const before = last?.get();
  const same = before !== undefined && before.pages.length === pages.length && pages.every((page, i) => page === before.pages[i] || page.route === before.pages[i].route);
  const routes = same ? before.routes : new Set(pages.filter((page) => page.route !== '/404').map((page) => page.route));
  last?.set({ pages: pages.slice(), routes });
  return routes;
}

export interface LastAnchors {
  pages: readonly SitePage[];
  anchors: Map<string, Set<string>>;
}

/** Each rendered page's ids, by route; the last map itself while every page has the route and ids it had. */
export function pageAnchors(pages: readonly SitePage[], last?: Last<LastAnchors>): Map<string, Set<string>> {
  const before = last?.get();
  const same = before !== undefined && before.pages.length === pages.length && pages.every((page, i) => page === before.pages[i] || (page.route === before.pages[i].route && sameIds(page.ids!, before.pages[i].ids!)));
  const anchors = same ? before.anchors : new Map(pages.map((page) => [page.route, page.ids!]));
  last?.set({ pages, anchors });
  return anchors;
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export interface LastLinkCheck {
  docs: readonly GuideDoc[];
  links: readonly SiteLink[][];
  found: readonly LinkDiagnostic[][];
  /** Whether checking a guide's links asked for a file (the output's files are not compared). */
  askedFiles: readonly boolean[];
  /** The guides whose links found something, in order. */
  noisy: readonly number[];
  targets: Pick<LinkTargets, 'routes' | 'anchors'>;
}

const NOTHING: LinkDiagnostic[] = [];

/**
 * The guides' links, then `others` (the config's and the specs': few, and checked every time),
 * checked against `targets`, as checkLinks checks them all in that order. With the last check,
 * a guide that is the same object at the same place keeps what its links found while the routes
 * and anchors are the same objects (routeSet, pageAnchors) and its links asked for no file.
 */
export function checkSiteLinks(config: ResolvedConfig, docs: readonly GuideDoc[], others: readonly SiteLink[], targets: LinkTargets, last?: Last<LastLinkCheck>): LinkDiagnostic[] {
  const before = last?.get();
  const sameTargets = before !== undefined && before.targets.routes === targets.routes && before.targets.anchors === targets.anchors && before.docs.length === docs.length;
  const links: SiteLink[][] = [];
  const found: LinkDiagnostic[][] = [];
  const askedFiles: boolean[] = [];
  const noisy = new Set(sameTargets ? before.noisy : []);
  for (let i = 0; i < docs.length; i++) {
    const same = before !== undefined && docs[i] === before.docs[i];
    if (same && sameTargets && !before.askedFiles[i]) {
      links.push(before.links[i]);
      found.push(before.found[i]);
      askedFiles.push(false);
      continue;
    }
    let asked = false;
    const files = { has: (file: string) => ((asked = true), targets.files.has(file)) };
    const own = same ? before.links[i] : linksOfGuide(config, docs[i]);
    const broken = checkLinks(own, { ...targets, files }, config);
    links.push(own);
    found.push(broken.length > 0 ? broken : NOTHING);
    askedFiles.push(asked);
    if (broken.length > 0) noisy.add(i);
    else noisy.delete(i);
  }
  const order = [...noisy].sort((a, b) => a - b);
  last?.set({ docs: docs.slice(), links, found, askedFiles, noisy: order, targets: { routes: targets.routes, anchors: targets.anchors } });
  return [...order.flatMap((i) => found[i]), ...checkLinks(others, targets, config)];
}
