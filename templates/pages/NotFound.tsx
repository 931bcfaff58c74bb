import { useMessages } from '../components/Messages';

export function NotFound({ homeHref, guidesHref, apiHref }: { homeHref: string; guidesHref: string; apiHref: string }) {
  const t = useMessages();
  return (
    <main id="main-content" className="not-found" tabIndex={-1}>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <ul>
        <li>
          <a href={homeHref}>{t.notFoundHome}</a>
        </li>
        <li>
          <a href={guidesHref}>{t.notFoundGuides}</a>
        </li>
        <li>
          <a href={apiHref}>{t.notFoundApi}</a>
        </li>
      </ul>
    </main>
  );
}
