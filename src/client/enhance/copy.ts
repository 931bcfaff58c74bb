// A copy button on every code block: copies the code with the Clipboard API (or, where that is
// missing or refused, by selecting it and `execCommand('copy')`), then says "Copied" for 2 s, to
// the eye and to screen readers (a polite live region).
export const COPY_LABEL = 'Copy code to clipboard';
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
  setState(button, 'Copy', COPY_LABEL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', async () => {
    const copied = await copy(code);
    clearTimeout(timer);
    button.classList.toggle('copy-button-done', copied);
    if (copied) {
      setState(button, 'Copied', 'Copied');
      announce('Code copied to clipboard');
    } else {
      setState(button, 'Copy failed', 'Copy failed');
      announce('Copying failed. The code is selected: copy it with your keyboard.');
    }
    timer = setTimeout(() => {
      button.classList.remove('copy-button-done');
      setState(button, 'Copy', COPY_LABEL);
    }, COPIED_MS);
  });
  block.append(button);
}

export function start(): void {
  for (const block of document.querySelectorAll('.code-block')) addButton(block);
}
