// Previous / next links in sidebar order.
import type { PageLink } from '../../src/shared/viewModels';

export function Pagination({ previous, next }: { previous?: PageLink; next?: PageLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label="Guide pages">
      {previous ? (
        <a className="pagination-link pagination-previous" href={previous.href} rel="prev">
          <span className="pagination-sub">Previous</span>
          <span className="pagination-label">« {previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-link pagination-next" href={next.href} rel="next">
          <span className="pagination-sub">Next</span>
          <span className="pagination-label">{next.label} »</span>
        </a>
      ) : null}
    </nav>
  );
}
