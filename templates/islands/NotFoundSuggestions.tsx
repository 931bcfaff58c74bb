// The 404 page's search: a form to the search page (it works without JavaScript) and, once
// hydrated (on load, on this page only: no other page loads this code), the pages most like the
// path that was asked for. The path is known only in the browser (every missing URL is served
// the same 404.html), so the server renders the form and the fallback links, and this reads
// `location.pathname` on mount.
//
// Two sources, in this order, without duplicates:
// 1. pages whose URL is a few edits away from the path (`/api/serch-boundaries` →
//    `/api/search-boundaries`): a mistyped or old link usually differs by a letter or a word;
//    the index's titles carry every page URL (a sharded index only those it has loaded, so there
//    only the search below answers);
// 2. a search for the path's words (`serch boundaries`), typos corrected as in the search box.
// The input is filled with those words, so Enter goes to the search page for them.
import { useEffect, useRef, useState } from 'react';
import type { LoadedSearchIndex } from '../../src/shared/search/query';
import { loadSearchEngine, type SearchEngine } from './SearchBox';
import type { Messages } from '../../src/shared/messages';

export interface NotFoundSuggestionsProps {
  /** The search page's URL (the form's action). */
  action: string;
  /** `search-index.json?_=<hash>` with baseUrl. */
  indexUrl: string;
  baseUrl: string;
  labels?: Partial<NotFoundSuggestionsLabels>;
}

/** English strings, as in src/shared/messages.ts. */
export const NOT_FOUND_SUGGESTIONS_ENGLISH = {
  notFoundSearchLabel: 'Search the documentation',
  search: 'Search',
  notFoundSuggestions: 'Were you looking for one of these?',
} satisfies Partial<Messages>;
export type NotFoundSuggestionsLabels = typeof NOT_FOUND_SUGGESTIONS_ENGLISH;

/** Pages suggested at most. */
export const MAX_SUGGESTIONS = 6;

export interface Suggestion {
  title: string;
  url: string;
  breadcrumb: string;
}

/** The path's words, as a query: `/api/serch-boundaries.html` → `serch boundaries` (the top section's name left out when there is more). */
export function pathQuery(pathname: string, baseUrl: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep it as it came.
  }
  if (baseUrl && path.startsWith(baseUrl)) path = path.slice(baseUrl.length);
  const segments = path
    .replace(/\.html?$/i, '')
    .split('/')
    .filter(Boolean);
  const kept = segments.length > 1 ? segments.slice(1) : segments;
  return kept
    .join(' ')
    .split(/[\s\-_.+]+/)
    .filter((w) => w.length > 1)
    .slice(0, 8)
    .join(' ');
}

/** A URL path compared as written: lower case, no trailing slash or `.html`. */
function normalPath(path: string): string {
  return path
    .toLowerCase()
    .replace(/(?:\/index)?\.html?$/, '')
    .replace(/\/+$/, '');
}

/** Pages whose URL is within a few edits of `pathname`, closest first. */
export function nearUrls(index: LoadedSearchIndex, editDistance: (a: string, b: string, max: number) => number, pathname: string): Suggestion[] {
  const wanted = normalPath(pathname);
  // About one edit in five characters of the last segment, at least 2, at most 6.
  const last = wanted.slice(wanted.lastIndexOf('/') + 1);
  const max = Math.min(6, Math.max(2, Math.round(last.length / 5)));
  const near: { page: Suggestion; distance: number }[] = [];
  for (const page of index.pages.values()) {
    if (!page.u) continue;
    const distance = editDistance(wanted, normalPath(page.u), max);
    if (distance <= max) near.push({ page: { title: page.t, url: page.u, breadcrumb: page.b ?? '' }, distance });
  }
  return near.sort((a, b) => a.distance - b.distance).map((n) => n.page);
}

/** The suggestions for `pathname`: near URLs, then the pages a search for its words finds. */
export async function suggestionsFor(engine: SearchEngine, pathname: string, baseUrl: string): Promise<Suggestion[]> {
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (s: Suggestion) => {
    if (out.length >= MAX_SUGGESTIONS || seen.has(s.url)) return;
    seen.add(s.url);
    out.push(s);
  };
  for (const s of nearUrls(engine.index, engine.query.editDistance, pathname)) add(s);
  const query = pathQuery(pathname, baseUrl);
  if (query) {
    const options = { limit: 30, prefix: false };
    const response = engine.sharded ? await engine.sharded.search(query, options) : engine.query.search(engine.index, query, options);
    for (const r of response.results) add({ title: r.page.title, url: r.page.url, breadcrumb: r.breadcrumb });
  }
  return out;
}

export default function NotFoundSuggestions({ action, indexUrl, baseUrl, labels: given }: NotFoundSuggestionsProps) {
  const labels = { ...NOT_FOUND_SUGGESTIONS_ENGLISH, ...given };
  const inputRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  useEffect(() => {
    const input = inputRef.current!;
    if (!input.value) input.value = pathQuery(location.pathname, baseUrl);
    let current = true;
    loadSearchEngine(indexUrl)
      .then((engine) => suggestionsFor(engine, location.pathname, baseUrl))
      .then(
        (found) => current && setSuggestions(found),
        // No index (offline, a failed fetch): the form and the links below still help.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [indexUrl, baseUrl]);

  return (
    <>
      <form className="not-found-search search-page-form" role="search" action={action}>
        <label htmlFor="not-found-search-input">{labels.notFoundSearchLabel}</label>
        <input ref={inputRef} id="not-found-search-input" type="search" name="q" autoComplete="off" spellCheck={false} />
        <button className="button button-primary" type="submit">
          {labels.search}
        </button>
      </form>
      {suggestions.length > 0 ? (
        <section className="not-found-suggestions" aria-labelledby="not-found-suggestions-title">
          <h2 id="not-found-suggestions-title">{labels.notFoundSuggestions}</h2>
          <ul>
            {suggestions.map((s) => (
              <li key={s.url}>
                <a href={s.url}>{s.title}</a>
                {s.breadcrumb ? <span className="not-found-suggestion-path">{s.breadcrumb}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
