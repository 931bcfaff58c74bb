// The /search page (hydrates on load: this page is search). Reads `q`, `ctx`, `version` and
// `page` from the URL; shows `Search results for "…"`, a plural-aware count of every result and
// the results 100 at a time, grouped by page, each page with its breadcrumb and a 100-character
// summary; "No documents were found" when nothing matches. More than 100 results get numbered
// pages of results (`?q=…&page=2`, real links, each a history entry; the focus moves to the
// "Results 101–134 of 134" line). Typing updates the URL with history.replaceState (no history
// entry per keystroke) and starts again at page 1.
//
// The index comes from the site's own origin only: `version` picks `<baseUrl><version>/` as the
// index's folder (SPEC.md §7), and an index URL that resolves to another origin
// (`?version=//evil.example/`) shows "Unexpected version url" and fetches nothing (SPEC.md §5, §8).
// `ctx` (search contexts) is kept in the URL and links but selects nothing: this site has one
// index.
//
// The server renders the page without a query (it cannot know it), and so does the first client
// render; the query is read from the URL after hydration. Query text is only ever rendered as
// React text.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { SearchField, SearchResult } from '../../src/shared/search/query';
import { scanTokens } from '../../src/shared/search/tokenize';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { FieldWhere, Marked, TypeIcon, withQuery, highlightHref, loadSearchEngine, resultHref, sameOriginIndexUrl, useSearchResponse, type SearchEngine } from './SearchBox';

export interface SearchPageProps {
  /** This page's URL (the form's action). */
  actionHref: string;
  /** The index URL and baseUrl; when absent, read from the navbar's search form (`data-search-index`). */
  indexUrl?: string;
  baseUrl?: string;
  /** Results open with `?_highlight=…`; when absent, read from the navbar's search form. */
  highlight?: boolean;
  /** The UI strings of the page's locale (English when left out): see src/shared/messages.ts. `{query}` is the query. */
  labels?: Partial<SearchPageLabels>;
  /** `search.stopWords: false`: a query of stop words only is searched (left out when they are filtered, the default). */
  stopWords?: false;
  /** On a site with versions: each one's index; `?version=<name>` searches that one and says so. */
  versions?: { name: string; label: string; indexUrl: string }[];
}

/** The page's strings in English, as in src/shared/messages.ts. */
export const SEARCH_PAGE_ENGLISH = {
  searchPageTitle: 'Search the documentation',
  searchPageResultsFor: 'Search results for "{query}"',
  searchPageTerms: 'Search terms',
  search: 'Search',
  searchPageNoResults: 'No documents were found',
  searchLoading: 'Loading search index…',
  searchShowingResultsFor: 'Showing results for {query}',
  searchPageFoundOne: '{count} document found',
  searchPageFoundOther: '{count} documents found',
  searchPageIndexError: 'The search index could not be loaded.',
  searchPageRange: 'Results {first}–{last} of {total}',
  searchPagePages: 'Search result pages',
  searchPagePreviousPage: 'Previous page',
  searchPageNextPage: 'Next page',
  searchPageNumber: 'Page {page}',
  searchPageVersion: 'Searching the documentation of version {version}.',
  previous: 'Previous',
  next: 'Next',
} satisfies Partial<Messages>;
export type SearchPageLabels = typeof SEARCH_PAGE_ENGLISH;

/** Results on a page of results, and characters of their summaries. */
export const PAGE_SIZE = 100;
const SUMMARY_LENGTH = 100;

type State = { status: 'idle' | 'loading' } | { status: 'ready'; engine: SearchEngine } | { status: 'error'; message: string };

interface Settings {
  indexUrl: string;
  baseUrl: string;
  highlight: boolean;
}

function settings(props: SearchPageProps): Settings {
  const form = document.querySelector<HTMLElement>('form[data-search-form]');
  const baseUrl = props.baseUrl ?? form?.dataset.searchBase ?? props.actionHref.replace(/search\/?$/, '');
  // Without the navbar's form, the file's fixed name under baseUrl (without the hash).
  const indexUrl = props.indexUrl ?? form?.dataset.searchIndex ?? `${baseUrl}search-index.json`;
  const highlight = props.highlight ?? (form ? form.hasAttribute('data-search-highlight') : true);
  return { indexUrl, baseUrl, highlight };
}

/** The index of a version: the same file name under `<baseUrl><version>/` (not yet checked for its origin). */
export function versionIndexUrl(indexUrl: string, baseUrl: string, version: string): string {
  if (!version) return indexUrl;
  const file = indexUrl.startsWith(baseUrl) ? indexUrl.slice(baseUrl.length) : indexUrl.replace(/^.*\//, '');
  return `${baseUrl}${version}${version.endsWith('/') ? '' : '/'}${file}`;
}

/** "1 document found", "12 documents found" (plural rules of the page's language, else of English; a failure falls back to them, logged). */
export function documentsFound(count: number, labels: Pick<SearchPageLabels, 'searchPageFoundOne' | 'searchPageFoundOther'> = SEARCH_PAGE_ENGLISH, lang = 'en'): string {
  let rule = count === 1 ? 'one' : 'other';
  try {
    rule = new Intl.PluralRules(lang).select(count);
  } catch (error) {
    console.error('Plural rules are unavailable; using English.', error);
  }
  return formatMessage(rule === 'one' ? labels.searchPageFoundOne : labels.searchPageFoundOther, { count: String(count) });
}

/** The page of results a `page` parameter asks for: 1 unless it is a whole number from 1. */
export function parsePage(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/**
 * The page numbers to link, with gaps: the first, the last, and the current one with its
 * neighbours (`1 … 4 5 6 … 30`); a gap of a single page shows that page instead.
 */
export function pageNumbers(current: number, count: number): (number | 'gap')[] {
  const keep = [...new Set([1, current - 1, current, current + 1, count])].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  let previous = 0;
  for (const n of keep) {
    if (n - previous === 2) out.push(n - 1);
    else if (n - previous > 2) out.push('gap');
    out.push(n);
    previous = n;
  }
  return out;
}

function readParams(): { q: string; ctx: string; version: string; page: number } {
  const params = new URLSearchParams(location.search);
  return { q: params.get('q') ?? '', ctx: params.get('ctx') ?? '', version: params.get('version') ?? '', page: parsePage(params.get('page')) };
}

/** This page's URL (path and query) with `q` and `page` set: page 1 has no `page` parameter. */
function pageUrl(query: string, page: number): string {
  const url = new URL(location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  return url.pathname + url.search;
}

export default function SearchPage(props: SearchPageProps) {
  const { actionHref } = props;
  const labels = { ...SEARCH_PAGE_ENGLISH, ...props.labels };
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [highlight, setHighlight] = useState(true);
  /** The label of the version searched, when it is not the latest. */
  const [versionLabel, setVersionLabel] = useState('');
  const rangeRef = useRef<HTMLParagraphElement>(null);
  /** Set when the reader chose a page of results: the focus goes to its first line once shown. */
  const focusRange = useRef(false);

  useEffect(() => {
    const { q, version, page: p } = readParams();
    setQuery(q);
    setPage(p);
    // Back and forward between pages of results (and queries) that this page pushed.
    const onPopState = () => {
      const params = readParams();
      setQuery(params.q);
      setPage(params.page);
    };
    addEventListener('popstate', onPopState);
    const s = settings(props);
    setHighlight(s.highlight);
    const stop = () => removeEventListener('popstate', onPopState);
    let url: URL;
    try {
      const known = props.versions?.find((v) => v.name === version);
      setVersionLabel(known && props.versions![0].name !== version ? known.label : '');
      url = sameOriginIndexUrl(known ? known.indexUrl : versionIndexUrl(s.indexUrl, s.baseUrl, version));
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      return stop;
    }
    setState({ status: 'loading' });
    loadSearchEngine(url.href).then(
      (engine) => setState({ status: 'ready', engine }),
      (error: unknown) => setState({ status: 'error', message: `${labels.searchPageIndexError} ${error instanceof Error ? error.message : ''}`.trim() }),
    );
    return stop;
    // Read once: the page's own URL and settings do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onChange = (value: string) => {
    setQuery(value);
    setPage(1);
    history.replaceState(history.state, '', pageUrl(value, 1));
  };

  const trimmed = query.trim();
  const engine = state.status === 'ready' ? state.engine : null;
  const response = useSearchResponse(engine, query, { limit: PAGE_SIZE, contextLength: SUMMARY_LENGTH, offset: (page - 1) * PAGE_SIZE, total: true, stopWords: props.stopWords });
  const total = response?.total ?? response?.results.length ?? 0;
  const pages = Math.ceil(total / PAGE_SIZE);

  // A page past the end (`page=9` of 2, or an old link after the site changed): show the last one.
  // Only when this page came back empty, so that an answer to an earlier query never moves it.
  useEffect(() => {
    if (response && response.results.length === 0 && pages > 0 && page > pages) {
      setPage(pages);
      history.replaceState(history.state, '', pageUrl(query, pages));
    }
  }, [response, pages, page, query]);

  useEffect(() => {
    if (!focusRange.current || !rangeRef.current) return;
    focusRange.current = false;
    scrollTo(0, 0);
    rangeRef.current.focus();
  }, [page, response]);

  const goToPage = (event: MouseEvent<HTMLAnchorElement>, to: number) => {
    // A new tab or window (modifier keys, middle button) opens the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (to !== page) history.pushState(history.state, '', pageUrl(query, to));
    focusRange.current = true;
    setPage(to);
  };

  let status = '';
  let body: ReactNode = null;
  if (state.status === 'error') body = <p className="search-page-error" role="alert">{state.message}</p>;
  else if (trimmed && !engine) status = labels.searchLoading;
  else if (response) {
    status = total > 0 ? documentsFound(total, labels, document.documentElement.lang || 'en') : labels.searchPageNoResults;
    const first = (page - 1) * PAGE_SIZE + 1;
    body = (
      <>
        {response.correctedQuery ? (
          <p className="search-correction">{withQuery(labels.searchShowingResultsFor, response.correctedQuery)}</p>
        ) : null}
        {pages > 1 && response.results.length > 0 ? (
          <p className="search-page-range" ref={rangeRef} tabIndex={-1}>
            {formatMessage(labels.searchPageRange, { first: String(first), last: String(first + response.results.length - 1), total: String(total) })}
          </p>
        ) : null}
        <ResultList engine={engine!} results={response.results} terms={response.terms} highlight={highlight} />
        {pages > 1 ? <Pagination current={Math.min(page, pages)} count={pages} hrefOf={(n) => pageUrl(query, n)} onChoose={goToPage} labels={labels} /> : null}
      </>
    );
  }

  return (
    <>
      <h1>{trimmed ? labels.searchPageResultsFor.split('{query}').join(query) : labels.searchPageTitle}</h1>
      <form className="search-page-form" role="search" action={actionHref} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="search-page-input">{labels.searchPageTerms}</label>
        <input id="search-page-input" type="search" name="q" autoComplete="off" spellCheck={false} value={query} onChange={(event) => onChange(event.target.value)} />
        <button className="button button-primary" type="submit">
          {labels.search}
        </button>
      </form>
      {versionLabel ? <p className="search-page-version">{formatMessage(labels.searchPageVersion, { version: versionLabel })}</p> : null}
      <p className="search-page-status" role="status">
        {status}
      </p>
      <div className="search-page-results">{body}</div>
    </>
  );
}

/** Previous, numbered and next links to the pages of results: real links, so that each can open in a new tab. */
function Pagination({ current, count, hrefOf, onChoose, labels }: { current: number; count: number; hrefOf: (page: number) => string; onChoose: (event: MouseEvent<HTMLAnchorElement>, page: number) => void; labels: SearchPageLabels }) {
  return (
    <nav className="search-pagination" aria-label={labels.searchPagePages}>
      <ul>
        {current > 1 ? (
          <li>
            <a className="search-pagination-step" href={hrefOf(current - 1)} rel="prev" aria-label={labels.searchPagePreviousPage} onClick={(event) => onChoose(event, current - 1)}>
              <span aria-hidden="true">‹</span> {labels.previous}
            </a>
          </li>
        ) : null}
        {pageNumbers(current, count).map((n, k) =>
          n === 'gap' ? (
            <li key={`gap-${k}`} className="search-pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a href={hrefOf(n)} aria-label={formatMessage(labels.searchPageNumber, { page: String(n) })} aria-current={n === current ? 'page' : undefined} onClick={(event) => onChoose(event, n)}>
                {n}
              </a>
            </li>
          ),
        )}
        {current < count ? (
          <li>
            <a className="search-pagination-step" href={hrefOf(current + 1)} rel="next" aria-label={labels.searchPageNextPage} onClick={(event) => onChoose(event, current + 1)}>
              {labels.next} <span aria-hidden="true">›</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

interface PageGroup {
  page: SearchResult['page'];
  breadcrumb: string;
  title?: SearchResult;
  summary?: { text: string; ranges: [number, number][] };
  keywords?: SearchResult;
  /** An operation page's `GET /v1/…` (its keywords). */
  operation?: string;
  sections: SearchResult[];
}

/**
 * An API field under its operation's group: `Header parameter → x-data-version` (the operation is
 * the group's, above), then its description (or, for a hit on the description, that text).
 */
function FieldSection({ result, field }: { result: SearchResult; field: SearchField }) {
  const onName = result.type === 1;
  const detail = onName ? field.description : { text: result.text, ranges: result.ranges };
  return (
    <span className="search-result-section-body">
      <span className="search-result-section-title">
        <FieldWhere field={{ ...field, operation: '' }} />
        <span className="search-result-field-name">{onName ? <Marked text={result.text} ranges={result.ranges} /> : field.name}</span>
      </span>
      {detail ? (
        <span className="search-result-section-text">
          <Marked text={detail.text} ranges={detail.ranges} />
        </span>
      ) : null}
    </span>
  );
}

/** A heading, or a text under its section's heading (the heading as the title, the text below). */
function SectionHit({ result }: { result: SearchResult }) {
  const marked = <Marked text={result.text} ranges={result.ranges} />;
  if (result.type === 4 && result.section)
    return (
      <span className="search-result-section-body">
        <span className="search-result-section-title">{result.section}</span>
        <span className="search-result-section-text">{marked}</span>
      </span>
    );
  return (
    <span className="search-result-section-body">
      <span className="search-result-section-title">{marked}</span>
      {result.section ? <span className="search-result-section">{result.section}</span> : null}
    </span>
  );
}

/** `GET /v1/boundaries/search` with the method as a badge. */
function OperationLine({ operation }: { operation: string }) {
  const [method, ...path] = operation.split(' ');
  return (
    <>
      <span className={`method-badge search-method method-${method.toLowerCase()}`}>{method}</span> <span className="search-op-path">{path.join(' ')}</span>
    </>
  );
}

function ResultList({ engine, results, terms, highlight }: { engine: SearchEngine; results: SearchResult[]; terms: string[]; highlight: boolean }) {
  if (results.length === 0) return null;
  const { query, index } = engine;
  // The index terms the results matched (what their ranges mark), to mark page summaries too.
  const matched = new Set<string>();
  for (const r of results) for (const [a, b] of r.ranges) for (const token of scanTokens(r.text.slice(a, b))) matched.add(token.term);

  const groups: PageGroup[] = [];
  const byPage = new Map<number, PageGroup>();
  for (const r of results) {
    let group = byPage.get(r.page.id);
    if (!group) {
      group = { page: r.page, breadcrumb: r.breadcrumb, sections: [] };
      byPage.set(r.page.id, group);
      groups.push(group);
    }
    if (r.type === 0) group.title = r;
    else if (r.type === 2) group.summary = { text: r.text, ranges: r.ranges };
    else if (r.type === 3) group.keywords = r;
    else group.sections.push(r);
  }
  for (const group of groups) {
    const keywords = index.types[3].docs.get(group.page.id)?.t ?? '';
    if (/^[A-Z]+ \//.test(keywords)) group.operation = keywords;
    if (group.summary) continue;
    // The page's description (or the text before its first heading), clipped around a match;
    // its keywords when it has neither.
    const text = index.types[2].docs.get(group.page.id)?.t ?? index.types[4].docs.get(group.page.id)?.t;
    if (text) group.summary = query.markAndClip(text, matched, undefined, SUMMARY_LENGTH);
    else if (group.keywords && !group.operation) group.summary = { text: group.keywords.text, ranges: group.keywords.ranges };
  }

  return (
    <ol className="search-results">
      {groups.map((group) => (
        <li key={group.page.id} className="search-result">
          <h2 className="search-result-title">
            <a href={highlightHref(group.page.url, '', terms, highlight)}>{group.title ? <Marked text={group.title.text} ranges={group.title.ranges} /> : group.page.title}</a>
          </h2>
          {group.breadcrumb ? <p className="search-result-path">{group.breadcrumb}</p> : null}
          {group.operation ? (
            <p className="search-result-op">
              <OperationLine operation={group.operation} />
            </p>
          ) : null}
          {group.summary ? (
            <p className="search-result-summary">
              <Marked text={group.summary.text} ranges={group.summary.ranges} />
            </p>
          ) : null}
          {group.sections.length > 0 ? (
            <ul className="search-result-sections">
              {group.sections.map((r) => (
                <li key={r.id} className={r.field ? 'search-result-field' : undefined}>
                  <a href={resultHref(r, terms, highlight)}>
                    <TypeIcon type={r.type} />
                    {r.field ? (
                      <FieldSection result={r} field={r.field} />
                    ) : (
                      <SectionHit result={r} />
                    )}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
