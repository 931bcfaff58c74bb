// "On this page": the h2–h3 outline of the current page.
import type { TocEntry } from '../../src/shared/viewModels';
import { useMessages } from './Messages';

export function Toc({ entries }: { entries: TocEntry[] }) {
  const t = useMessages();
  if (entries.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc-title" id="toc-title">
        {t.onThisPage}
      </p>
      <TocList entries={entries} />
    </nav>
  );
}

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ul className="toc-list">
      {entries.map((e) => (
        <li key={e.id}>
          <a className="toc-link" href={`#${e.id}`}>
            {e.text}
          </a>
          {e.children.length > 0 ? <TocList entries={e.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
