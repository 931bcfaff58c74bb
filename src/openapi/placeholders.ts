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
  const found = new Set<number>();
  seen.set(value, found);
  const visit = (v: unknown, set: (s: string) => void) => {
    if (typeof v === 'string') {
      if (!v.includes(PLACEHOLDER)) return;
      set(
        v.replace(PLACEHOLDER_RE, (_, i: string) => {
          if (tracked[Number(i)]) found.add(Number(i));
          return escapeAttribute(hrefs[Number(i)]);
        }),
      );
    } else if (typeof v === 'object' && v !== null) {
      for (const i of replacePlaceholders(v, hrefs, tracked, seen)) found.add(i);
    }
  };
  if (Array.isArray(value)) value.forEach((v, i) => visit(v, (s) => (value[i] = s)));
  else for (const [k, v] of Object.entries(value)) visit(v, (s) => ((value as Record<string, unknown>)[k] = s));
  if (found.size === 0) seen.set(value, NONE); // most objects hold no link: one shared empty set for them
  return found;
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
