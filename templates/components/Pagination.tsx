// Previous / next links in sidebar order.
import { shortTitle } from '../../src/shared/titles';
import type { PageLink } from '../../src/shared/viewModels';
import { useMessages } from './Messages';

export function Pagination({ previous, next }: { previous?: PageLink; next?: PageLink }) {
  const t = useMessages();
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label={t.guidePages}>
      {previous ? (
        <a className="pagination-link pagination-previous" href={previous.href} rel="prev">
          <span className="pagination-sub">{t.previous}</span>
          <span className="pagination-label">« {shortTitle(previous.label)}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-link pagination-next" href={next.href} rel="next">
          <span className="pagination-sub">{t.next}</span>
          <span className="pagination-label">{shortTitle(next.label)} »</span>
        </a>
      ) : null}
    </nav>
  );
}
