// What an island shows while its code loads and when it fails, without React (part of the page
// runtime: a failure to load React must still be shown). An island in the content area shows a
// block in place; one in the navbar or the announcement bar has no room for a block, so it shows
// a small warning button in place and the message in a panel at the bottom of the viewport.
import { label } from './labels';

/** How long a click may wait for an island's code before a spinner says it is coming. */
const SPINNER_DELAY = 150;

/** Marks the island busy (CSS draws a spinner) while `work` runs longer than SPINNER_DELAY. */
export function whileLoading<T>(element: HTMLElement, work: Promise<T>): Promise<T> {
  const timer = setTimeout(() => element.setAttribute('aria-busy', 'true'), SPINNER_DELAY);
  const done = () => {
    clearTimeout(timer);
    element.removeAttribute('aria-busy');
  };
  work.then(done, done);
  return work;
}

export interface IslandFailure {
  kind: 'crash' | 'load';
  /** "This page crashed", or what could not be loaded. */
  title: string;
  /** The error message and its "Cause: …" chain, or advice. */
  lines: string[];
  /** "Try again" or "Retry". */
  action: string;
  /** Called after the error UI is removed. */
  retry(): void;
}

let ids = 0;

/** Shows the failure of the island in `element`; returns a function that removes what it showed. */
export function showIslandError(element: HTMLElement, failure: IslandFailure): () => void {
  const compact = !!element.closest('.navbar, .announcement-bar');
  const panel = document.createElement('div');
  panel.className = `island-error${failure.kind === 'crash' ? ' island-crash' : ''}${compact ? ' island-error-toast' : ''}`;
  panel.setAttribute('role', 'alert');
  panel.id = `island-error-${++ids}`;
  const title = document.createElement('p');
  title.className = `island-error-title${failure.kind === 'crash' ? ' island-crash-title' : ''}`;
  title.textContent = failure.title;
  panel.append(title);
  for (const line of failure.lines) {
    const text = document.createElement('p');
    text.className = 'island-error-text';
    text.textContent = line;
    panel.append(text);
  }
  const actions = document.createElement('div');
  actions.className = 'island-error-actions';
  const retry = button('button button-secondary', failure.action);
  actions.append(retry);
  panel.append(actions);

  let marker: HTMLButtonElement | undefined;
  const remove = () => {
    panel.remove();
    marker?.remove();
    element.classList.remove('island-failed');
  };
  retry.addEventListener('click', () => {
    remove();
    failure.retry();
  });
  if (!compact) {
    element.append(panel);
    return remove;
  }

  // The bar keeps its layout: the island's own markup (dead without its code) gives way to a
  // warning button of the same size, which shows and hides the panel.
  marker = button('island-error-marker', '');
  marker.setAttribute('aria-label', label('islandShowError').replace('{title}', failure.title));
  marker.title = failure.title;
  marker.setAttribute('aria-controls', panel.id);
  marker.innerHTML = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z"/></svg>';
  const close = button('island-error-close', '×');
  close.setAttribute('aria-label', label('islandDismiss'));
  panel.prepend(close);
  const toggle = (open: boolean) => {
    panel.hidden = !open;
    marker!.setAttribute('aria-expanded', String(open));
  };
  marker.addEventListener('click', () => toggle(marker!.getAttribute('aria-expanded') !== 'true'));
  const dismiss = () => {
    toggle(false);
    marker!.focus();
  };
  close.addEventListener('click', dismiss);
  panel.addEventListener('keydown', (event) => event.key === 'Escape' && dismiss());
  // A control that had focus is about to be hidden: keep the keyboard where it was.
  const hadFocus = element.contains(document.activeElement);
  element.classList.add('island-failed');
  element.append(marker);
  if (hadFocus) marker.focus();
  toasts().append(panel);
  toggle(true);
  return remove;
}

function button(className: string, text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  return b;
}

/** The fixed stack the panels go in, outside the navbar (whose transform and backdrop filter would make it their containing block). */
function toasts(): HTMLElement {
  let stack = document.getElementById('docsgen-island-errors');
  if (!stack) {
    stack = document.createElement('div');
    stack.id = 'docsgen-island-errors';
    stack.className = 'island-error-stack';
    document.body.append(stack);
  }
  return stack;
}
