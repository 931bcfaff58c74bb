// BROWSER ONLY. The live-reload client of `docsgen serve --watch`, added to pages as they are
// served (never to the build output). It listens to /__docsgen/events: updates the page when its
// file changed, swaps the stylesheet in place when only CSS changed, and shows build errors in an
// overlay. Error text comes from the author's files, so it is only ever set as text.
//
// An edit that changed only the page's own regions (sidebar, article, table of contents: the
// usual guide edit) is put in place without reloading: faster than a reload, and the scroll
// position, open menus and hydrated islands stay. Anything else reloads the page.
import { CONTENT_REPLACED_EVENT, REPLACEABLE_LAYOUT, REPLACEABLE_REGIONS } from '../../shared/liveUpdate';

interface OverlayError {
  file?: string;
  line?: number;
  column?: number;
  text: string;
  lineText?: string;
  hint?: string;
}

type Message =
  | { type: 'hello'; version: number }
  | { type: 'reload'; version: number; files: string[] }
  | { type: 'css'; version: number; href: string }
  | { type: 'ok'; version: number }
  | { type: 'error'; errors: OverlayError[] };

const OVERLAY_ID = '__docsgen-error-overlay';

(() => {
  const me = document.currentScript as HTMLScriptElement | null;
  const file = me?.dataset.file ?? '';
  let version = Number(me?.dataset.version ?? 0);
  const events = new EventSource('/__docsgen/events');
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
          void update().then(() => (version = next));
        } else version = message.version;
        break;
      case 'css':
        swapStylesheet(message.href);
        version = message.version;
        break;
      case 'ok':
        document.getElementById(OVERLAY_ID)?.remove();
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
    .then((html) => (html === undefined ? undefined : new DOMParser().parseFromString(html, 'text/html')))
    .catch(() => undefined);
}

function update(): Promise<void> {
  // Updates run one after another: each compares with the version the one before put in place.
  return (updating = updating.then(async () => {
    const [before, next] = await Promise.all([shown, fetchPage()]);
    const changed = before && next ? replaceableChange(before, next) : undefined;
    if (!changed || !next) return location.reload();
    for (const selector of changed) document.querySelector(selector)!.replaceWith(document.importNode(next.querySelector(selector)!, true));
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
    if (before.querySelector(selector)!.querySelector('[data-island]') || next.querySelector(selector)!.querySelector('[data-island]')) return undefined;
  }
  return shell(before, changed) === shell(next, changed) ? changed : undefined;
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

function showOverlay(errors: OverlayError[]): void {
  document.getElementById(OVERLAY_ID)?.remove();
  const el = (tag: string, style: string, text?: string) => {
    const node = document.createElement(tag);
    node.style.cssText = style;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const overlay = el('div', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.92);color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:32px');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build error');
  const box = el('div', 'max-width:960px;margin:0 auto;background:#18181b;border:1px solid #ef4444;border-radius:8px;padding:20px 24px');
  const close = el('button', 'float:right;background:none;border:1px solid #52525b;color:inherit;border-radius:4px;cursor:pointer;font:inherit;padding:2px 10px', 'Close');
  close.addEventListener('click', () => overlay.remove());
  box.append(close, el('h2', 'margin:0 0 12px;font-size:18px;color:#fca5a5', errors.length === 1 ? 'Build failed' : `Build failed with ${errors.length} errors`));
  for (const e of errors) {
    const where = [e.file, e.line, e.line !== undefined ? e.column : undefined].filter((x) => x !== undefined).join(':');
    const item = el('section', 'margin:16px 0 0');
    item.className = 'docsgen-overlay-error';
    if (where) item.append(el('div', 'color:#93c5fd;font-weight:600', where));
    item.append(el('div', 'white-space:pre-wrap;margin:4px 0', e.text));
    if (e.lineText !== undefined && e.line !== undefined) item.append(el('pre', 'margin:4px 0;padding:8px;background:#27272a;border-radius:4px;overflow:auto', `${e.line} | ${e.lineText}`));
    if (e.hint) item.append(el('div', 'color:#a1a1aa', `hint: ${e.hint}`));
    box.append(item);
  }
  box.append(el('p', 'margin:16px 0 0;color:#a1a1aa', 'Fix the file and save: this page updates by itself. The server keeps running.'));
  overlay.append(box);
  document.body.append(overlay);
}
