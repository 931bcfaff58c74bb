// A link or a search result can name an anchor its page does not have. A page over 1 MB is
// rendered from a tightened model (src/render/tightenPage.ts) that leaves out deep fields and,
// past a budget, parameters, responses and callbacks, while its search entries and the links
// checked against it were made from the whole model; and a link from elsewhere can name a field
// renamed since. Rather than the top of the page, the reader is taken to the nearest anchor the
// name extends: a field's id extends its parent's (`response-200-data-geometry-type` →
// `response-200-data-geometry`), whose row says its fields were left out; the line that counts
// the parameters, responses or callbacks left out has the id theirs start with (`query-p4999` →
// `query`, `response-404-error` → `response`).
import { fragmentId } from './links';

/** Where to go for the id `id`, which the page lacks: its longest prefix (cut at a `-`) that `has`. */
export function nearestAnchor(id: string, has: (id: string) => boolean): string | undefined {
  for (let end = id.lastIndexOf('-'); end > 0; end = id.lastIndexOf('-', end - 1)) {
    if (has(id.slice(0, end))) return id.slice(0, end);
  }
  return undefined;
}

export function start(): void {
  goNearest();
  addEventListener('hashchange', goNearest);
}

function goNearest(): void {
  const id = fragmentId(location.hash);
  // What a fragment navigation finds: an element with that id, else an `<a name>` (a guide's raw
  // HTML, as older tools wrote anchors).
  const has = (candidate: string) => document.getElementById(candidate) !== null || [...document.getElementsByName(candidate)].some((e) => e.localName === 'a');
  if (!id || has(id)) return;
  const near = nearestAnchor(id, has);
  // A fragment navigation in place of the one that found nothing (no new history entry): the
  // browser scrolls below the sticky navbar, opens a <details> around the target and sets :target,
  // which shows a tab panel holding it.
  if (near) location.replace(`#${encodeURIComponent(near)}`);
}
