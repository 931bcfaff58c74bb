// "Copy page": copies the page's Markdown copy (README "Docs for machines") to the clipboard, for
// pasting into an AI assistant. The island loads on the first interaction (`when="interaction"`,
// which replays that click), so pages load no JavaScript for it; the Markdown is fetched on
// click. Without JavaScript the link beside it still opens the Markdown.
import { useEffect, useState } from 'react';

/** The control's words in English. */
export const COPY_PAGE_ENGLISH = {
  copyPage: 'Copy page',
  copyPageDone: 'Copied',
  copyPageFailed: 'Copy failed',
  copyPageMarkdown: 'Markdown',
  copyPageTitle: 'Copy this page as Markdown, for an AI assistant',
};

type State = 'idle' | 'copying' | 'copied' | 'failed';

/** How long "Copied" (or the failure) shows before the button reads "Copy page" again, in ms. */
const FEEDBACK_MS = 2000;

export default function CopyPage({ href, labels: given }: { href: string; labels?: Partial<typeof COPY_PAGE_ENGLISH> }) {
  const labels = { ...COPY_PAGE_ENGLISH, ...given };
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state !== 'copied' && state !== 'failed') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    setState('copying');
    copyMarkdown(href).then(
      () => setState('copied'),
      (cause) => {
        console.warn(`docsgen: copying ${href} failed`, cause);
        setState('failed');
      },
    );
  };
  const text = state === 'copied' ? labels.copyPageDone : state === 'failed' ? labels.copyPageFailed : labels.copyPage;
  return (
    <span className="copy-page" data-state={state}>
      <button type="button" className="copy-page-button" title={labels.copyPageTitle} onClick={copy} disabled={state === 'copying'}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          {state === 'copied' ? <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" /> : <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1Zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16H8V7h11v14Z" />}
        </svg>
        <span aria-live="polite">{text}</span>
      </button>
      <a className="copy-page-link" href={href} type="text/markdown">
        {labels.copyPageMarkdown}
      </a>
    </span>
  );
}

/**
 * The Markdown into the clipboard. Where the browser has ClipboardItem, the write starts at
 * once with the fetch as its pending content: Safari allows a clipboard write only within the
 * click, not after an await.
 */
async function copyMarkdown(href: string): Promise<void> {
  const text = () =>
    fetch(href).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text().then((t) => new Blob([t], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard cannot be written here.');
  await navigator.clipboard.writeText(await text());
}
