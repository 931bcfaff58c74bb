// The 404 page (404.html, served for every missing URL). With local search, it offers a search
// form and, in the browser, the pages most like the path that was asked for (the
// NotFoundSuggestions island, hydrated on load: only this page loads its code). Without
// JavaScript the form still searches (it submits to the search page) and the links below remain.
import NotFoundSuggestions, { NOT_FOUND_SUGGESTIONS_ENGLISH, type NotFoundSuggestionsProps } from '../islands/NotFoundSuggestions';
import { Island } from '../components/Island';
import { useMessages } from '../components/Messages';
import { localLabels, type Messages } from '../../src/shared/messages';

export function NotFound({ homeHref, guidesHref, apiHref, search }: { homeHref: string; guidesHref: string; apiHref?: string; search?: Omit<NotFoundSuggestionsProps, 'labels'> }) {
  const t = useMessages();
  return (
    <main id="main-content" className="not-found" tabIndex={-1}>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      {search ? <Island name="NotFoundSuggestions" component={NotFoundSuggestions} props={{ ...search, ...suggestionLabels(t) }} when="load" /> : null}
      <ul className="not-found-links">
        <li>
          <a href={homeHref}>{t.notFoundHome}</a>
        </li>
        <li>
          <a href={guidesHref}>{t.notFoundGuides}</a>
        </li>
        {apiHref ? (
          <li>
            <a href={apiHref}>{t.notFoundApi}</a>
          </li>
        ) : null}
      </ul>
    </main>
  );
}

/** The island's strings, passed only when they are not English (island props are in the page's HTML). */
function suggestionLabels(t: Messages): Pick<NotFoundSuggestionsProps, 'labels'> {
  const labels = localLabels(t, Object.keys(NOT_FOUND_SUGGESTIONS_ENGLISH) as (keyof typeof NOT_FOUND_SUGGESTIONS_ENGLISH)[]);
  return labels ? { labels } : {};
}
