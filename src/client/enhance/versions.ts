// The documentation version a reader picks in the version menu is remembered (localStorage
// `docsgen-version` = its name). Pages of no version (the home page, search) then point their
// guides and API links, and the menu's label, at that version; pages of a version always show
// their own, whatever was chosen.
import { readStorage, writeStorage } from '../../shared/storage';

export const VERSION_STORAGE_KEY = 'docsgen-version';

export function start(): void {
  const menu = document.querySelector<HTMLElement>('[data-version-menu]');
  if (!menu) return;
  menu.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-version]');
    if (link) writeStorage(VERSION_STORAGE_KEY, link.dataset.version!);
  });
  if (document.documentElement.hasAttribute('data-version')) return;
  const chosen = readStorage(VERSION_STORAGE_KEY);
  const entry = chosen ? menu.querySelector<HTMLAnchorElement>(`a[data-version="${CSS.escape(chosen)}"]`) : null;
  // A version that no longer exists is forgotten rather than followed.
  if (!chosen || !entry) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-version-hrefs]')) {
    const href = parseHrefs(link.dataset.versionHrefs)?.[chosen];
    if (href) link.href = href;
  }
  const label = menu.querySelector('[data-version-label]');
  if (label) label.textContent = entry.textContent;
  for (const a of menu.querySelectorAll('a[data-version]')) a.removeAttribute('aria-current');
  entry.setAttribute('aria-current', 'true');
}

function parseHrefs(json: string | undefined): Record<string, string> | undefined {
  try {
    const value: unknown = json ? JSON.parse(json) : undefined;
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
