// Spec links as placeholders until every route exists (see markdown.ts for why), and their
// replacement by the final hrefs: in place in the page models kept in memory, and in each stored
// body as a render thread reads it (site/pageStore.ts). A pure module: render threads load it.

/** What a spec's relative link is emitted as until it is settled. A relative path, so that the sanitiser keeps it. */
export const PLACEHOLDER = '/__docsgen_spec_link__/';
const PLACEHOLDER_RE = /\/__docsgen_spec_link__\/(\d+)\//g;

/** One API's spec links once settled: placeholder n becomes `hrefs[n]`; `tracked[n]` when it stays a checked site link. */
export interface SettledLinks {
  hrefs: string[];
  tracked: boolean[];
}

/** Settles the placeholders of one stored page's body (in place); returns the tracked links it shows. */
export function settlePlaceholders(body: unknown, links: SettledLinks): number[] {
  return [...replacePlaceholders(body, links.hrefs, links.tracked, new Map())];
}

/**
 * Replaces placeholders in every string of a page body (in place) and returns the indexes
 * found among the `tracked` ones. Objects shared between pages (a tag's view on the index and on its own page) are
 * replaced once; `seen` remembers what they held, so that every page showing them counts.
 */
export function replacePlaceholders(value: unknown, hrefs: string[], tracked: boolean[], seen: Map<object, ReadonlySet<number>>): ReadonlySet<number> {
  if (typeof value !== 'object' || value === null) return NONE;
  const before = seen.get(value);
  if (before) return before;
  // Most objects hold no link: they share one empty set, and none is made for them. A large spec's
  // pages in memory are millions of objects (check-links on the 7,000-page site: 0.83 s in this
  // walk with a set per object, 0.42 s without).
  seen.set(value, NONE);
  let found: Set<number> | undefined;
  const settle = (s: string): string =>
    s.replace(PLACEHOLDER_RE, (_, i: string) => {
      if (tracked[Number(i)]) (found ??= new Set()).add(Number(i));
      return escapeAttribute(hrefs[Number(i)]);
    });
  const holder = value as Record<string | number, unknown>;
  const visit = (k: string | number) => {
    const v = holder[k];
    if (typeof v === 'string') {
      if (v.includes(PLACEHOLDER)) holder[k] = settle(v);
    } else if (typeof v === 'object' && v !== null) {
      const inner = replacePlaceholders(v, hrefs, tracked, seen);
      if (inner.size > 0) for (const i of inner) (found ??= new Set()).add(i);
    }
  };
  if (Array.isArray(value)) for (let k = 0; k < value.length; k++) visit(k);
  else for (const k in holder) visit(k);
  if (found) seen.set(value, found);
  return found ?? NONE;
}

const NONE: ReadonlySet<number> = new Set();

/** The placeholder sits inside an attribute that markdown-it or the sanitiser escaped. */
function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}


/** The spec links a page's body shows, from the body's JSON: the numbers of its placeholders (the build cache keeps them with the page: site/apiPagesMemo.ts). */
export function placeholderIndices(bodyJson: string): number[] {
  const found = new Set<number>();
  for (const m of bodyJson.matchAll(PLACEHOLDER_RE)) found.add(Number(m[1]));
  return [...found];
}
