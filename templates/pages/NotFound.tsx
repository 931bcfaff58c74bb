export function NotFound({ homeHref, guidesHref, apiHref }: { homeHref: string; guidesHref: string; apiHref: string }) {
  return (
    <main id="main-content" className="not-found" tabIndex={-1}>
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for. It may have moved when the documentation was reorganised, or the link may be mistyped.</p>
      <ul>
        <li>
          <a href={homeHref}>Go to the home page</a>
        </li>
        <li>
          <a href={guidesHref}>Start with the quick-start guide</a>
        </li>
        <li>
          <a href={apiHref}>Browse the API reference</a>
        </li>
      </ul>
    </main>
  );
}
