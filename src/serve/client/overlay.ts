// BROWSER ONLY. The build-error overlay of `docsgen serve --watch`. It lives in a shadow root with
// a complete stylesheet of its own, so the page's styles cannot reach it (the site's `pre` rule
// once painted the source line dark on dark in light mode), and follows the page's colour mode.
// Everything from the author's files (messages, paths, the source line) is set as text, never as
// HTML.

/** One error as the server sends it (ReloadMessage in ../events.ts). */
export interface OverlayError {
  file?: string;
  line?: number;
  column?: number;
  text: string;
  lineText?: string;
  hint?: string;
}

export const OVERLAY_ID = '__docsgen-error-overlay';
/** A custom element name: no page rule written for `div` or `section` matches the host. */
const HOST_TAG = 'docsgen-error-overlay';

// Light: every text colour is ≥ 4.5:1 on its background (the source line about 16:1); dark too.
const CSS = `
:host {
  all: initial !important;
  display: block !important;
  position: fixed !important;
  inset: 0 !important;
  z-index: 2147483647 !important;
  overflow: auto !important;
  overscroll-behavior: contain !important;
  box-sizing: border-box !important;
  padding: 32px 24px !important;
  background: rgba(15, 23, 34, 0.55) !important;
  --panel: #ffffff; --text: #1c1f24; --muted: #4b5563; --title: #b91c1c; --where: #1d4ed8;
  --border: #dc2626; --code-bg: #f3f4f6; --code-border: #d1d5db; --code-text: #111827;
  --gutter: #4b5563; --caret: #b91c1c; --button: #9ca3af; --focus: #4f46e5; --shadow: rgba(15, 23, 34, 0.25);
  color-scheme: light !important;
}
:host([data-mode='dark']) {
  background: rgba(5, 5, 8, 0.75) !important;
  --panel: #18181b; --text: #f4f4f5; --muted: #a1a1aa; --title: #fca5a5; --where: #93c5fd;
  --border: #ef4444; --code-bg: #27272a; --code-border: #3f3f46; --code-text: #f4f4f5;
  --gutter: #a1a1aa; --caret: #f87171; --button: #71717a; --focus: #a5b4fc; --shadow: rgba(0, 0, 0, 0.5);
  color-scheme: dark !important;
}
* { box-sizing: border-box; }
.panel {
  max-width: 960px;
  margin: 0 auto;
  padding: 20px 24px;
  background: var(--panel);
  color: var(--text);
  border: 1px solid var(--border);
  border-top-width: 4px;
  border-radius: 8px;
  box-shadow: 0 12px 40px var(--shadow);
  font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  text-align: left;
  direction: ltr;
}
.head { display: flex; align-items: flex-start; justify-content: space-between; gap: 16px; }
h2 { margin: 0; font-size: 18px; font-weight: 700; line-height: 1.4; color: var(--title); }
button {
  flex: none;
  margin: 0;
  padding: 2px 10px;
  background: transparent;
  color: var(--text);
  border: 1px solid var(--button);
  border-radius: 4px;
  font: inherit;
  cursor: pointer;
}
button:hover { background: var(--code-bg); }
button:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.error { margin: 16px 0 0; padding: 16px 0 0; border-top: 1px solid var(--code-border); }
.error:first-of-type { border-top: 0; padding-top: 0; }
.where { color: var(--where); font-weight: 700; overflow-wrap: anywhere; }
.message { margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
pre {
  margin: 8px 0;
  padding: 10px 12px 10px 0; /* the gutter pads the left side: it stays there when the line scrolls */
  overflow-x: auto;
  background: var(--code-bg);
  color: var(--code-text);
  border: 1px solid var(--code-border);
  border-radius: 4px;
  font-family: inherit;
  font-size: 13px;
  line-height: 1.6;
  white-space: pre;
  tab-size: 4;
}
.gutter { display: inline-block; position: sticky; left: 0; padding-left: 12px; color: var(--gutter); background: var(--code-bg); user-select: none; }
.caret { color: var(--caret); font-weight: 700; }
.hint, .footer { color: var(--muted); overflow-wrap: anywhere; }
.footer { margin: 16px 0 0; }
@media (max-width: 600px) {
  :host { padding: 12px 8px !important; }
  .panel { padding: 14px 14px; font-size: 13px; }
  h2 { font-size: 16px; }
  pre { font-size: 12px; }
}
`;

let themeWatch: MutationObserver | undefined;

/** The page's colour mode: its `data-theme`, else the system's. */
function pageMode(): 'light' | 'dark' {
  const theme = document.documentElement.getAttribute('data-theme');
  if (theme === 'light' || theme === 'dark') return theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function removeOverlay(): void {
  themeWatch?.disconnect();
  themeWatch = undefined;
  document.getElementById(OVERLAY_ID)?.remove();
}

export function showOverlay(errors: OverlayError[]): void {
  removeOverlay();
  const el = (tag: string, className?: string, text?: string) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const host = document.createElement(HOST_TAG);
  host.id = OVERLAY_ID;
  host.dataset.mode = pageMode();
  themeWatch = new MutationObserver(() => (host.dataset.mode = pageMode()));
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = CSS;

  const panel = el('div', 'panel');
  panel.setAttribute('role', 'alertdialog');
  panel.setAttribute('aria-labelledby', 'title');
  const title = el('h2', undefined, errors.length === 1 ? 'Build failed' : `Build failed with ${errors.length} errors`);
  title.id = 'title';
  const close = el('button', undefined, 'Close');
  close.setAttribute('type', 'button');
  close.addEventListener('click', removeOverlay);
  const head = el('div', 'head');
  head.append(title, close);
  panel.append(head);

  for (const e of errors) {
    const where = [e.file, e.line, e.line !== undefined ? e.column : undefined].filter((x) => x !== undefined).join(':');
    const item = el('section', 'error');
    if (where) item.append(el('div', 'where', where));
    item.append(el('div', 'message', e.text));
    if (e.lineText !== undefined && e.line !== undefined) item.append(codeFrame(e.line, e.lineText, e.column));
    if (e.hint) item.append(el('div', 'hint', `hint: ${e.hint}`));
    panel.append(item);
  }
  panel.append(el('p', 'footer', 'Fix the file and save: this page updates by itself. The server keeps running.'));
  root.append(style, panel);
  document.body.append(host);
  // A long source line scrolls inside its frame: start with the caret in view (on a phone too).
  for (const caret of root.querySelectorAll('.caret')) {
    const pre = caret.parentElement!;
    const right = caret.getBoundingClientRect().right - pre.getBoundingClientRect().left;
    if (right > pre.clientWidth - 48) pre.scrollLeft = right - pre.clientWidth / 2;
  }
}

/** `12 | the source line` and, under the column, a caret (tabs copied so that it lines up). */
function codeFrame(line: number, lineText: string, column: number | undefined): HTMLElement {
  const pre = document.createElement('pre');
  const span = (className: string, text: string) => {
    const node = document.createElement('span');
    node.className = className;
    node.textContent = text;
    return node;
  };
  pre.append(span('gutter', `${line} | `), document.createTextNode(lineText));
  if (column !== undefined && column >= 1) {
    const indent = Array.from(lineText.slice(0, column - 1), (c) => (c === '\t' ? '\t' : ' ')).join('');
    pre.append('\n', span('gutter', `${' '.repeat(String(line).length)} | `), span('caret', `${indent}^`));
  }
  return pre;
}
