// The /search page. Without JavaScript it is a form; the SearchPage island (hydrated on load)
// reads `q`, `ctx` and `version` from the URL and fills in the results. The first render, here
// and in the browser, is the page without a query.
import SearchPage, { type SearchPageProps } from '../islands/SearchPage';
import { Island } from '../components/Island';

/**
 * `search` (index URL, baseUrl, highlighting) is optional: without it the island reads them from
 * the navbar's search form (`data-search-index`, `data-search-base`, `data-search-highlight`).
 */
export function Search({ actionHref, search }: { actionHref: string; search?: Omit<SearchPageProps, 'actionHref'> }) {
  return (
    <main id="main-content" className="search-page" tabIndex={-1}>
      <Island name="SearchPage" component={SearchPage} props={{ actionHref, ...search }} when="load" />
    </main>
  );
}
