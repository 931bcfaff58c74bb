// The /search page. Without JavaScript it is a form; the search island fills in results.
export function Search({ actionHref }: { actionHref: string }) {
  return (
    <main id="main-content" className="search-page" tabIndex={-1}>
      <h1>Search the documentation</h1>
      <form className="search-page-form" role="search" action={actionHref}>
        <label htmlFor="search-page-input">Search terms</label>
        <input id="search-page-input" type="search" name="q" autoComplete="off" />
        <button className="button button-primary" type="submit">
          Search
        </button>
      </form>
      <div className="search-page-results" aria-live="polite" />
    </main>
  );
}
