// The page runtime's own words (copy button, back-to-top, island error states), in English,
// as in src/shared/messages.ts. A page in another locale carries its words in `<body
// data-labels='{"copy":"Copier",…}'>` (templates/layouts/Shell.tsx), so the runtime stays one
// file for every locale; English pages have no such attribute.
import type { Messages } from '../shared/messages';

export const RUNTIME_ENGLISH = {
  copy: 'Copy',
  copyLabel: 'Copy code to clipboard',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  codeCopied: 'Code copied to clipboard',
  copyFailedHint: 'Copying failed. The code is selected: copy it with your keyboard.',
  backToTop: 'Back to top',
  islandCrashed: 'This page crashed',
  islandTryAgain: 'Try again',
  islandLoadFailed: 'This part of the page could not be loaded',
  islandLoadFailedHint: 'Check your connection, then try again.',
  islandRetry: 'Retry',
  islandDismiss: 'Dismiss',
  islandShowError: '{title}: show the error',
  sidebarCategoryPages: 'Pages in {label}',
} satisfies Partial<Messages>;

export type RuntimeLabel = keyof typeof RUNTIME_ENGLISH;

let page: Partial<Record<RuntimeLabel, string>> | undefined;

/** The page's word for `key`: from `<body data-labels>`, else English. */
export function label(key: RuntimeLabel): string {
  if (!page) {
    page = {};
    try {
      const data: unknown = JSON.parse(document.body?.dataset.labels ?? '{}');
      if (data && typeof data === 'object') page = data as typeof page;
    } catch (error) {
      console.error('The page’s data-labels could not be read; using English.', error);
    }
  }
  return page![key] ?? RUNTIME_ENGLISH[key];
}
