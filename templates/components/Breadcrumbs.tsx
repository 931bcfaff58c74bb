// Breadcrumbs, separated by "›" (SPEC.md §2), with the current page last and unlinked; each a
// title's length at most (src/shared/titles.ts): a section's crumb is on every one of its pages.
import { shortTitle } from '../../src/shared/titles';
import type { Crumb } from '../../src/shared/viewModels';
import { Breakable } from './Breakable';
import { useMessages } from './Messages';

export function Breadcrumbs({ crumbs, homeHref }: { crumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t.breadcrumbs}>
      <ol>
        <li>
          <a href={homeHref} aria-label={t.homePage}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1Z" />
            </svg>
          </a>
        </li>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i}>
              <span className="breadcrumbs-separator" aria-hidden="true">
                ›
              </span>
              {c.href && !last ? (
                <a href={c.href}>
                  <Breakable text={shortTitle(c.label)} />
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>
                  <Breakable text={shortTitle(c.label)} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
