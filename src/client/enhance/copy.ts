// A copy button on every code block: copies the code with the Clipboard API (or, where that is
// missing or refused, by selecting it and `execCommand('copy')`), then says "Copied" for 2 s, to
// the eye and to screen readers (a polite live region).
import { RUNTIME_ENGLISH, label } from '../labels';

export const COPY_LABEL = RUNTIME_ENGLISH.copyLabel;
export const COPIED_MS = 2000;

let live: HTMLElement | undefined;

function announce(text: string): void {
  if (!live) {
    live = document.createElement('div');
    live.className = 'visually-hidden';
    live.setAttribute('aria-live', 'polite');
    document.body.append(live);
  }
  // A new text node each time, so the same message is announced again.
  live.textContent = '';
  setTimeout(() => (live!.textContent = text), 50);
}

function selectAndCopy(code: Element): boolean {
  const selection = getSelection();
  if (!selection) return false;
  const range = document.createRange();
  range.selectNodeContents(code);
  selection.removeAllRanges();
  selection.addRange(range);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    // Leave the code selected for the reader to copy.
  }
  if (copied) selection.removeAllRanges();
  return copied;
}

async function copy(code: Element): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    return true;
  } catch {
    return selectAndCopy(code);
  }
}

function setState(button: HTMLButtonElement, text: string, label: string): void {
  button.textContent = text;
  button.setAttribute('aria-label', label);
}

function addButton(block: Element): void {
  const code = block.querySelector('pre code');
  if (!code || block.querySelector(':scope > .copy-button')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  setState(button, label('copy'), label('copyLabel'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', async () => {
    const copied = await copy(code);
    clearTimeout(timer);
    button.classList.toggle('copy-button-done', copied);
    if (copied) {
      setState(button, label('copied'), label('copied'));
      announce(label('codeCopied'));
    } else {
      setState(button, label('copyFailed'), label('copyFailed'));
      announce(label('copyFailedHint'));
    }
    timer = setTimeout(() => {
      button.classList.remove('copy-button-done');
      setState(button, label('copy'), label('copyLabel'));
    }, COPIED_MS);
  });
  block.append(button);
}

export function start(): void {
  for (const block of document.querySelectorAll('.code-block')) addButton(block);
}
