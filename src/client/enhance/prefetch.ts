// Prefetch: when the pointer rests on a link to another page of the site (or focus reaches it),
// the browser fetches that page at low priority, once per URL, so the click opens it from cache.
// Never when the reader asked to save data or the connection is 2G.
import { pageLinkOf } from './links';

/** How long the pointer rests on a link before it counts (sweeping across a sidebar does not). */
export const PREFETCH_HOVER_MS = 65;

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

const done = new Set<string>();

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !!connection && (connection.saveData === true || connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g');
}

function prefetch(url: URL): void {
  url.hash = '';
  const href = url.href;
  if (done.has(href) || slowConnection()) return;
  done.add(href);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  document.head.append(link);
}

export function start(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovered: Element | undefined;
  document.addEventListener('pointerover', (event) => {
    const found = pageLinkOf(event);
    if (!found || found.link === hovered) return;
    clearTimeout(timer);
    hovered = found.link;
    timer = setTimeout(() => prefetch(found.url), PREFETCH_HOVER_MS);
  });
  document.addEventListener('pointerout', (event) => {
    const to = event.relatedTarget;
    if (hovered && !(to instanceof Node && hovered.contains(to))) {
      clearTimeout(timer);
      hovered = undefined;
    }
  });
  document.addEventListener('focusin', (event) => {
    const found = pageLinkOf(event);
    if (found) prefetch(found.url);
  });
}
