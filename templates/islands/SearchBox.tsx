// The navbar's search box: a WAI-ARIA 1.2 combobox (an input with a listbox popup of
// suggestions). The server renders the input inside a form whose action is the search page, so
// without JavaScript pressing Enter still searches; the island hydrates on first focus or hover
// (the runtime replays the Enter, Space or Escape that woke it).
//
// Nothing of search loads before that: on mount (which only happens after an interaction) the
// query code is imported (a separate chunk: src/shared/search/query.ts) and the index fetched
// (`site.search.indexUrl`, same origin only). Typing before they arrive shows, and announces, a
// loading state; the results follow when they are ready. On large sites that URL is the manifest
// of a sharded index (src/search/shards.ts): the sharded reader (another chunk, only then) fetches
// the shards and page fragments each query needs, from the manifest's folder, same origin only.
//
// Before hydration, letters (and Space: src/client/enhance/searchKeys.ts keeps the runtime from
// holding it) type into the plain input as usual; the island takes the text over when it mounts.
//
// Keyboard (APG "combobox with listbox popup", no automatic selection): ↓/↑ move through the
// options (wrapping), Home/End go to the first/last option while one is active (else they move
// the caret), Enter opens the active option (none active: the search page, "See all results"),
// Ctrl/Cmd/Shift+Enter opens it in a new tab, Escape clears the text and, when it is empty,
// leaves the box; Tab never selects anything, it only moves on. Options are the links themselves
// (`<a role="option" tabindex="-1">`), so a mouse click, a middle click or Ctrl+click behave as
// links do, and the popup never takes focus from the input.
//
// Text from the index and the query is only ever rendered as React text: marked words are
// `<mark>` elements built from the engine's ranges, never HTML.
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { LoadedSearchIndex, SearchField, SearchOptions, SearchResponse, SearchResult } from '../../src/shared/search/query';
import type { ShardedSearchIndex } from '../../src/shared/search/sharded';
import { formatMessage, type Messages } from '../../src/shared/messages';

type QueryModule = typeof import('../../src/shared/search/query');

export interface SearchBoxProps {
  /** The search page's URL (the form's action and "See all results"). */
  action: string;
  /** `search-index.json?_=<hash>` with baseUrl. */
  indexUrl: string;
  baseUrl: string;
  /** Suggestions shown (8). */
  maxResults: number;
  /** Characters of context around the first match (50). */
  contextLength: number;
  /** Results open with `?_highlight=word…` so the target page marks the words. */
  highlight: boolean;
  /** Ctrl/Cmd+K focuses the box (src/client/enhance/searchKeys.ts reads the form's data attribute). */
  shortcut: boolean;
  /** The search page exists: offer "See all results". */
  searchPage: boolean;
  /** `search.stopWords: false`: a query of stop words only is searched (left out when they are filtered, the default). */
  stopWords?: false;
  /** On a page of a version other than the latest: its name, which "See all results" searches (`&version=`). */
  version?: string;
  /** The UI strings of the page's locale (English when left out): see src/shared/messages.ts. */
  labels?: Partial<SearchBoxLabels>;
}

/** The box's strings in English, as in src/shared/messages.ts (kept here so that the island does not bundle every message). */
export const SEARCH_BOX_ENGLISH = {
  search: 'Search',
  searchPlaceholder: 'Search',
  noResults: 'No results',
  searchSuggestions: 'Search suggestions',
  searchSeeAll: 'See all results',
  searchLoading: 'Loading search index…',
  searchLoadingResults: 'Loading search results…',
  searchUnavailable: 'Search is unavailable: the search index could not be loaded.',
  searchUnavailableHint: 'Check your connection, then try again.',
  searchResultOne: '{count} result',
  searchResultOther: '{count} results',
  searchShowingResultsFor: 'Showing results for {query}',
  searchResultIn: ', in ',
} satisfies Partial<Messages>;
export type SearchBoxLabels = typeof SEARCH_BOX_ENGLISH;

/** "Showing results for <strong>{query}</strong>": the message's text around the query in bold. */
export function withQuery(text: string, query: string): ReactNode {
  const [before, after = ''] = text.split('{query}');
  return (
    <>
      {before}
      <strong>{query}</strong>
      {after}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Loading (shared with the search page island)

export interface SearchEngine {
  index: LoadedSearchIndex;
  query: QueryModule;
  /** Set for a sharded index: searches load what they need, so they answer asynchronously. */
  sharded?: ShardedSearchIndex;
}

const engines = new Map<string, Promise<SearchEngine>>();

/** The index URL resolved against the page; anything on another origin is refused (SPEC.md §5). */
export function sameOriginIndexUrl(url: string): URL {
  const resolved = new URL(url, location.href);
  if (resolved.origin !== location.origin) throw new Error('Unexpected version url');
  return resolved;
}

/** The query code and the parsed index, loaded once per index URL (a failed load is tried again next time). */
export function loadSearchEngine(indexUrl: string): Promise<SearchEngine> {
  let engine = engines.get(indexUrl);
  if (!engine) {
    engine = (async () => {
      const url = sameOriginIndexUrl(indexUrl);
      // An index URL without its hash (a sharded index's manifest) keeps its name from one build to the
      // next: it is revalidated, never taken from the browser's cache as it is, or a page would search
      // the last deploy's shards (gone) for up to the host's max-age (GitHub Pages: 10 minutes).
      const [query, data] = await Promise.all([import('../../src/shared/search/query'), fetchJson(url, url.searchParams.has('_') ? 'default' : 'no-cache')]);
      if (Array.isArray(data)) return { index: query.loadSearchIndex(data as Parameters<QueryModule['loadSearchIndex']>[0]), query };
      const { isShardedManifest, loadShardedIndex } = await import('../../src/shared/search/sharded');
      if (!isShardedManifest(data)) throw new Error('Invalid search index: neither an index nor a manifest.');
      // Shards and fragments sit next to the manifest, and must be on this origin as well.
      const sharded = loadShardedIndex(data, (file) => fetchJson(sameOriginIndexUrl(new URL(file, url).href)));
      return { index: sharded.index, query, sharded };
    })();
    engines.set(indexUrl, engine);
    engine.catch(() => engines.delete(indexUrl));
  }
  return engine;
}

function fetchJson(url: URL, cache: RequestCache = 'default'): Promise<unknown> {
  return fetch(url.href, { credentials: 'same-origin', cache }).then((response) => {
    if (!response.ok) throw new Error(`The search index could not be loaded (HTTP ${response.status}).`);
    return response.json() as Promise<unknown>;
  });
}

/**
 * The response to `query` (null while there is none). A single-file index answers at once; a
 * sharded one once the parts the query needs have arrived: meanwhile the last answer stays shown,
 * and an answer to a query typed over is dropped. `offset` and `total` are for pages of results
 * (the search page); the search box asks for neither.
 */
export function useSearchResponse(engine: SearchEngine | null, query: string, { limit, contextLength, offset = 0, total = false, stopWords = true }: SearchOptions & { limit: number; contextLength: number }): SearchResponse | null {
  const trimmed = query.trim();
  const immediate = useMemo(
    () => (engine && !engine.sharded && trimmed ? engine.query.search(engine.index, query, { limit, contextLength, offset, total, stopWords }) : null),
    [engine, query, trimmed, limit, contextLength, offset, total, stopWords],
  );
  const [later, setLater] = useState<SearchResponse | null>(null);
  useEffect(() => {
    if (!engine?.sharded || !trimmed) return;
    let current = true;
    const options: SearchOptions = { limit, contextLength, offset, total, stopWords };
    engine.sharded.search(query, options).then(
      (response) => current && setLater(response),
      () => current && setLater(null),
    );
    return () => {
      current = false;
    };
  }, [engine, query, trimmed, limit, contextLength, offset, total, stopWords]);
  if (!engine?.sharded) return immediate;
  return trimmed ? later : null;
}

// ---------------------------------------------------------------------------------------------
// Links and rendering helpers (shared with the search page island)

/** Where a result leads: `page?_highlight=word&_highlight=word#anchor`. */
export function resultHref(result: SearchResult, terms: string[], highlight: boolean): string {
  return highlightHref(result.page.url, result.anchor, terms, highlight);
}

/** `url?_highlight=word&_highlight=word#anchor` (without the parameters when highlighting is off). */
export function highlightHref(url: string, anchor: string, terms: string[], highlight: boolean): string {
  const words = highlight ? [...new Set(terms.filter((t) => t.trim() !== ''))] : [];
  const params = words.map((w) => `_highlight=${encodeURIComponent(w)}`).join('&');
  return `${url}${params ? `?${params}` : ''}${anchor ? `#${anchor}` : ''}`;
}

/** The search page for a query, keeping the `ctx` and `version` of the current page's URL. */
export function searchPageHref(action: string, query: string, current: URLSearchParams): string {
  const params = new URLSearchParams({ q: query });
  for (const key of ['ctx', 'version']) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  return `${action}?${params}`;
}

/** `text` with its `[start, end)` ranges as `<mark>` elements (text nodes only, never HTML). */
export function Marked({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  ranges.forEach(([start, end], k) => {
    if (start < last || end <= start) return;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<mark key={k}>{text.slice(start, end)}</mark>);
    last = end;
  });
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Page (titles, keywords), section (headings) or text (descriptions, content). */
export function TypeIcon({ type }: { type: number }) {
  const d =
    type === 0 || type === 3
      ? 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm6 1.5V9h4.5M9 13h6M9 16.5h6'
      : type === 1
        ? 'M9 4 7 20M17 4l-2 16M4.5 9h16M3.5 15h16'
        : 'M5 6h14M5 10h14M5 14h14M5 18h9';
  return (
    <svg className="search-type-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Where an API field sits, as one line: `GET /v1/boundaries/search · Header parameter →`, the
 * method as a badge (the field's name follows it, marked, in the caller's `.search-option-text`).
 */
export function FieldWhere({ field }: { field: SearchField }) {
  const [method, ...path] = field.operation.split(' ');
  const operation = /^[A-Z]+$/.test(method) && path[0]?.startsWith('/') ? (
    <>
      <span className={`method-badge search-method method-${method.toLowerCase()}`}>{method}</span> <span className="search-op-path">{path.join(' ')}</span>
      {' · '}
    </>
  ) : field.operation ? (
    <>
      <span className="search-op-path">{field.operation}</span>
      {' · '}
    </>
  ) : null;
  return (
    <span className="search-field-where">
      {operation}
      {field.context} <span aria-hidden="true">→</span>{' '}
    </span>
  );
}

/** "Guides › Boundaries › Virtual layers › Radius": where a result sits. */
export function resultPath(result: SearchResult): string {
  if (result.type === 0) return result.breadcrumb;
  return [result.breadcrumb, result.page.title, result.section].filter((part) => part !== '').join(' › ');
}

/**
 * An API field as an option: `GET /v1/… · Header parameter → x-data-version` on the first line
 * (the name marked), its description under it. A hit on the description (Content) shows that text
 * there instead.
 */
function FieldOption({ result, field }: { result: SearchResult; field: SearchField }) {
  const onName = result.type === 1;
  const description = onName ? field.description : { text: result.text, ranges: result.ranges };
  return (
    <span className="search-option-body">
      <span className="search-option-line">
        <FieldWhere field={field} />
        <span className="search-option-text">{onName ? <Marked text={result.text} ranges={result.ranges} /> : field.name}</span>
      </span>
      {description ? (
        <span className="search-option-detail">
          <Marked text={description.text} ranges={description.ranges} />
        </span>
      ) : null}
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// The island

const INPUT_ID = 'navbar-search-input';
const LISTBOX_ID = 'navbar-search-listbox';
const optionId = (i: number) => `navbar-search-option-${i}`;

type Status = 'idle' | 'loading' | 'ready' | 'error';

export default function SearchBox({ action, indexUrl, baseUrl, maxResults, contextLength, highlight, shortcut, searchPage, stopWords, version, labels: given }: SearchBoxProps) {
  const labels = { ...SEARCH_BOX_ENGLISH, ...given };
  const inputRef = useRef<HTMLInputElement>(null);
  // The input is uncontrolled: what was typed (or pre-filled by the highlight enhancement)
  // before hydration stays, and `query` follows the input.
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [active, setActive] = useState(-1);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    loadSearchEngine(indexUrl).then(
      (e) => {
        setEngine(e);
        setStatus('ready');
      },
      () => {
        loading.current = false;
        setStatus('error');
      },
    );
  }, [indexUrl]);

  // Mounting means the reader is interacting (the island hydrates on focus or hover): load now.
  useEffect(() => {
    const input = inputRef.current!;
    setQuery(input.value);
    if (document.activeElement === input) setFocused(true);
    load();
  }, [load]);

  const trimmed = query.trim();
  const response = useSearchResponse(engine, query, { limit: maxResults, contextLength, stopWords });
  const results = response?.results ?? [];
  const seeAll = searchPage && results.length > 0;
  const optionCount = results.length + (seeAll ? 1 : 0);
  const open = focused && trimmed !== '';
  const expanded = open && optionCount > 0;
  const current = active < optionCount ? active : -1;
  const pageParams = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  if (version) pageParams.set('version', version);
  const seeAllHref = searchPageHref(action, trimmed, pageParams);
  const hrefOf = (i: number) => (i < results.length ? resultHref(results[i], response!.terms, highlight) : seeAllHref);

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  let announcement = '';
  if (open) {
    if (status === 'error') announcement = labels.searchUnavailable;
    else if (!response) announcement = labels.searchLoadingResults;
    else {
      const count = results.length === 0 ? labels.noResults : formatMessage(results.length === 1 ? labels.searchResultOne : labels.searchResultOther, { count: String(results.length) });
      announcement = response.correctedQuery ? `${formatMessage(labels.searchShowingResultsFor, { query: response.correctedQuery })}. ${count}` : count;
    }
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setQuery(event.target.value);
    setActive(-1);
    setFocused(true);
  };

  const go = (href: string, newTab: boolean) => {
    if (newTab) window.open(href, '_blank', 'noopener');
    else location.assign(href);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!expanded) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setActive(current < 0 ? (down ? 0 : optionCount - 1) : (current + (down ? 1 : optionCount - 1)) % optionCount);
        return;
      }
      case 'Home':
      case 'End':
        if (!expanded || current < 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : optionCount - 1);
        return;
      case 'Enter': {
        event.preventDefault();
        const newTab = event.ctrlKey || event.metaKey || event.shiftKey;
        if (current >= 0) go(hrefOf(current), newTab);
        else if (trimmed && searchPage) go(seeAllHref, newTab);
        else if (results.length > 0) go(hrefOf(0), newTab);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (input.value !== '') {
          input.value = '';
          setQuery('');
          setActive(-1);
          // Tell other listeners (the highlight enhancement) the box was cleared; React's own
          // change tracking already knows the value, so this fires no onChange.
          input.dispatchEvent(new Event('input', { bubbles: true }));
        } else {
          input.blur();
        }
        return;
      case 'Tab':
        // Never selects: focus moves on and the popup closes on blur.
        setActive(-1);
        return;
    }
  };

  // Options grouped by page: a result that is not a child starts a group.
  const groups: { label: string; items: { result: SearchResult; index: number }[] }[] = [];
  results.forEach((result, index) => {
    if (!result.child || groups.length === 0) groups.push({ label: result.page.title, items: [] });
    groups[groups.length - 1].items.push({ result, index });
  });

  let message: ReactNode = null;
  if (open) {
    if (status === 'error')
      message = (
        <p className="search-message search-error">
          {labels.searchUnavailable} {labels.searchUnavailableHint}
        </p>
      );
    else if (!response)
      message = (
        <p className="search-message search-loading">
          <span className="search-spinner" aria-hidden="true" />
          {labels.searchLoading}
        </p>
      );
    else if (results.length === 0) message = <p className="search-message search-empty">{labels.noResults}</p>;
    else if (response.correctedQuery)
      message = (
        <p className="search-message search-correction">{withQuery(labels.searchShowingResultsFor, response.correctedQuery)}</p>
      );
  }

  return (
    <form
      className="navbar-search"
      role="search"
      action={action}
      data-search-form=""
      data-search-index={indexUrl}
      data-search-base={baseUrl}
      data-search-shortcut={shortcut ? '' : undefined}
      data-search-highlight={highlight ? '' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) go(searchPage ? seeAllHref : results[0] ? hrefOf(0) : seeAllHref, false);
      }}
    >
      <label className="visually-hidden" htmlFor={INPUT_ID}>
        {labels.search}
      </label>
      <div className="search-box">
        <input
          ref={inputRef}
          id={INPUT_ID}
          className="navbar-search-input"
          type="search"
          name="q"
          placeholder={labels.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-keyshortcuts={shortcut ? 'Control+K Meta+K' : undefined}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setFocused(true);
            load();
          }}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
        />
        {shortcut ? <span className="search-shortcut" aria-hidden="true" /> : null}
        <div className="search-popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
          {message}
          <div className="search-listbox" role="listbox" id={LISTBOX_ID} aria-label={labels.searchSuggestions} hidden={!expanded}>
            {groups.map((group, g) => (
              <div key={g} className="search-group" role="group" aria-label={group.label}>
                {group.items.map(({ result, index }) => (
                  <a
                    key={result.id}
                    id={optionId(index)}
                    className={`search-option${result.child ? ' search-option-child' : ''}${result.field ? ' search-option-field' : ''}`}
                    role="option"
                    aria-selected={index === current}
                    tabIndex={-1}
                    href={hrefOf(index)}
                  >
                    <TypeIcon type={result.type} />
                    {result.field ? (
                      <FieldOption result={result} field={result.field} />
                    ) : (
                      <span className="search-option-body">
                        <span className="search-option-text">
                          <Marked text={result.text} ranges={result.ranges} />
                        </span>
                        {resultPath(result) ? (
                          <span className="search-option-path">
                            <span className="visually-hidden">{labels.searchResultIn}</span>
                            {resultPath(result)}
                          </span>
                        ) : null}
                      </span>
                    )}
                  </a>
                ))}
              </div>
            ))}
            {seeAll ? (
              <a id={optionId(results.length)} className="search-option search-see-all" role="option" aria-selected={current === results.length} tabIndex={-1} href={seeAllHref}>
                {labels.searchSeeAll}
              </a>
            ) : null}
          </div>
        </div>
        <div className="visually-hidden" role="status">
          {announcement}
        </div>
      </div>
    </form>
  );
}
