// BROWSER ONLY. The live-reload client of `docsgen serve --watch`, added to pages as they are
// served (never to the build output). It listens to /__docsgen/events: reloads the page when
// its file changed, swaps the stylesheet in place when only CSS changed, and shows build errors
// in an overlay. Error text comes from the author's files, so it is only ever set as text.

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
  events.onmessage = (event) => {
    const message = JSON.parse(event.data) as Message;
    switch (message.type) {
      case 'hello':
        if (message.version !== version) location.reload();
        break;
      case 'reload':
        if (message.files.includes(file) || file === '404.html') location.reload();
        else version = message.version;
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
