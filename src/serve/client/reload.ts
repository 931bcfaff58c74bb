// BROWSER ONLY. The live-reload client of `docsgen serve --watch`, added to pages as they are
// served (never to the build output). It listens to /__docsgen/events: updates the page when its
// file changed, swaps the stylesheet in place when only CSS changed, and shows build errors in an
// overlay (overlay.ts: in a shadow root; error text comes from the author's files, so it is only
// ever set as text).
//
// An edit that changed only the page's own regions (sidebar, article, table of contents: the
// usual guide edit) is put in place without reloading: faster than a reload, and the scroll
// position, open menus and hydrated islands stay. Anything else reloads the page. The server sends
// the page's new HTML with the message when this page's file changed (events.ts), so the update
// does not wait for a request.
import { CONTENT_REPLACED_EVENT, REPLACEABLE_LAYOUT, REPLACEABLE_REGIONS } from '../../shared/liveUpdate';
import { removeOverlay, showOverlay, type OverlayError } from './overlay';

type Message =
  | { type: 'hello'; version: number }
  | { type: 'reload'; version: number; files: string[]; html?: string }
  | { type: 'css'; version: number; href: string }
  | { type: 'ok'; version: number }
  | { type: 'error'; errors: OverlayError[] };

(() => {
  const me = document.currentScript as HTMLScriptElement | null;
  const file = me?.dataset.file ?? '';
  let version = Number(me?.dataset.version ?? 0);
  const events = new EventSource(`/__docsgen/events?file=${encodeURIComponent(file)}`);
  // Only a copy of the very version on screen will do (the server stamps its version in our tag).
  const loaded = me?.dataset.version;
  const remember = () => (shown ??= fetchPage().then((page) => (page?.querySelector<HTMLElement>(CLIENT_SCRIPT)?.dataset.version === loaded ? page : undefined)));
  if ('requestIdleCallback' in window) requestIdleCallback(remember, { timeout: 2000 });
  else setTimeout(remember, 200);
  events.onmessage = (event) => {
    const message = JSON.parse(event.data) as Message;
    switch (message.type) {
      case 'hello':
        if (message.version !== version) location.reload();
        break;
      case 'reload':
        if (message.files.includes(file) || file === '404.html') {
          const next = message.version;
          void update(message.html).then(() => (version = next));
        } else version = message.version;
        break;
      case 'css':
        swapStylesheet(message.href);
        version = message.version;
        break;
      case 'ok':
        removeOverlay();
        break;
      case 'error':
        showOverlay(message.errors);
        break;
    }
  };
})();

const CLIENT_SCRIPT = 'script[src^="/__docsgen/"]';

/** The page as served now, to compare the next version with; fetched once the page is idle. */
let shown: Promise<Document | undefined> | undefined;
let updating = Promise.resolve();

function fetchPage(): Promise<Document | undefined> {
  return fetch(location.href, { cache: 'no-store' })
    .then((response) => (response.ok ? response.text() : undefined))
    .then((html) => (html === undefined ? undefined : parsePage(html)))
    .catch(() => undefined);
}

const parsePage = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** `html`: the page's new HTML when the server sent it, else it is fetched. */
function update(html?: string): Promise<void> {
  // Updates run one after another: each compares with the version the one before put in place.
  return (updating = updating.then(async () => {
    const [before, next] = await Promise.all([shown, html === undefined ? fetchPage() : parsePage(html)]);
    const changed = before && next ? replaceableChange(before, next) : undefined;
    if (!changed || !next) return location.reload();
    for (const selector of changed) {
      const old = document.querySelector(selector)!;
      const fresh = document.importNode(next.querySelector(selector)!, true);
      // The islands in it are the same as served before (replaceableChange): the live ones, which
      // React owns and may have hydrated, move into the new content in their places.
      const live = [...old.querySelectorAll('[data-island]')];
      [...fresh.querySelectorAll('[data-island]')].forEach((island, i) => island.replaceWith(live[i]));
      old.replaceWith(fresh);
    }
    document.title = next.title;
    shown = Promise.resolve(next);
    document.dispatchEvent(new CustomEvent(CONTENT_REPLACED_EVENT));
  }));
}

/**
 * The regions to replace to turn `before` into `next`, or undefined when the change reaches
 * outside them (or into an island, whose DOM React owns) and only a reload shows it faithfully.
 * When a region appears or goes (a first heading brings the table of contents), the layout
 * around them changes too, and it is replaced whole.
 */
function replaceableChange(before: Document, next: Document): string[] | undefined {
  let changed: string[] = [];
  for (const selector of REPLACEABLE_REGIONS) {
    const a = before.querySelector(selector);
    const b = next.querySelector(selector);
    if (a?.outerHTML === b?.outerHTML) continue;
    if (!a || !b) {
      changed = [REPLACEABLE_LAYOUT];
      break;
    }
    changed.push(selector);
  }
  if (changed.length === 0) return undefined;
  for (const selector of changed) {
    if (!document.querySelector(selector) || !before.querySelector(selector) || !next.querySelector(selector)) return undefined;
    // An island's DOM is React's: the region is replaced only around islands served unchanged (the Copy page control).
    const [was, will, live] = [before, next, document].map((page) => page.querySelector(selector)!);
    if (islandsOf(was) !== islandsOf(will) || was.querySelectorAll('[data-island]').length !== live.querySelectorAll('[data-island]').length) return undefined;
  }
  return shell(before, changed) === shell(next, changed) ? changed : undefined;
}

/** The islands of a region as served (their markers and props), in order. */
function islandsOf(region: Element): string {
  return [...region.querySelectorAll('[data-island]')].map((island) => island.outerHTML).join('\n');
}

/** The page without the given regions, its title, stylesheet (swapped apart) and this client's tag. */
function shell(page: Document, regions: string[]): string {
  const copy = page.documentElement.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll([...regions, 'title'].join(','))) element.replaceChildren();
  for (const element of copy.querySelectorAll(`link[rel="stylesheet"], ${CLIENT_SCRIPT}`)) element.remove();
  return copy.outerHTML;
}

function swapStylesheet(href: string): void {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
  const old = links.find((l) => /\/assets\/css\/[^/]+\.css$/.test(new URL(l.href, location.href).pathname));
  if (!old) return void location.reload();
  const next = old.cloneNode() as HTMLLinkElement;
  next.href = href;
  // The old sheet stays until the new one has loaded, so the page never shows unstyled.
  next.addEventListener('load', () => old.remove(), { once: true });
  next.addEventListener('error', () => location.reload(), { once: true });
  old.after(next);
}
