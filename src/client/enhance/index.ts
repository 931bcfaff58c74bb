// Behaviours that work from page load without React: each is a small module with a start().
// Tabs come first: they change what is shown, so they run as early as possible.
import { CONTENT_REPLACED_EVENT } from '../../shared/liveUpdate';
import { start as copy } from './copy';
import { start as highlight } from './highlight';
import { start as navbar } from './navbar';
import { start as nearestAnchor } from './nearestAnchor';
import { start as prefetch } from './prefetch';
import { start as progress } from './progress';
import { start as searchKeys } from './searchKeys';
import { start as sidebar } from './sidebar';
import { start as smoothScroll } from './smoothScroll';
import { restore as restoreTabs, start as tabs } from './tabs';
import { start as toc } from './toc';
import { start as versions } from './versions';

function run(starts: (() => void)[]): void {
  for (const start of starts) {
    try {
      start();
    } catch (error) {
      // One behaviour failing (an old browser lacking an API) must not stop the others.
      console.error('A page enhancement failed to start:', error);
    }
  }
}

export function startEnhancements(): void {
  run([tabs, versions, copy, toc, navbar, progress, prefetch, searchKeys, highlight, smoothScroll, sidebar, nearestAnchor]);
  // serve --watch put an edited page's new content in place: the behaviours bound to content
  // elements start on the new ones (the others listen on document and window, which stay).
  document.addEventListener(CONTENT_REPLACED_EVENT, () => run([restoreTabs, copy, toc]));
}
