// The /search page. Without JavaScript it is a form; the SearchPage island (hydrated on load)
// reads `q`, `ctx` and `version` from the URL and fills in the results. The first render, here
// and in the browser, is the page without a query.
import SearchPage, { SEARCH_PAGE_ENGLISH, type SearchPageProps } from '../islands/SearchPage';
import { Island } from '../components/Island';
import { useMessages } from '../components/Messages';
import { localLabels, type Messages } from '../../src/shared/messages';

/**
 * `search` (index URL, baseUrl, highlighting) is optional: without it the island reads them from
 * the navbar's search form (`data-search-index`, `data-search-base`, `data-search-highlight`).
 */
export function Search({ actionHref, search }: { actionHref: string; search?: Omit<SearchPageProps, 'actionHref'> }) {
  const t = useMessages();
  return (
    <main id="main-content" className="search-page" tabIndex={-1}>
      <Island name="SearchPage" component={SearchPage} props={{ actionHref, ...search, ...searchPageLabels(t) }} when="load" />
    </main>
  );
}

/** The search page's strings, passed only when they are not English (island props are in the page's HTML). */
function searchPageLabels(t: Messages): Pick<SearchPageProps, 'labels'> {
  const labels = localLabels(t, Object.keys(SEARCH_PAGE_ENGLISH) as (keyof typeof SEARCH_PAGE_ENGLISH)[]);
  return labels ? { labels } : {};
}
