// Behaviours that work from page load without React: each is a small module with a start().
// Tabs come first: they change what is shown, so they run as early as possible.
import { start as copy } from './copy';
import { start as highlight } from './highlight';
import { start as navbar } from './navbar';
import { start as prefetch } from './prefetch';
import { start as progress } from './progress';
import { start as searchKeys } from './searchKeys';
import { start as tabs } from './tabs';
import { start as toc } from './toc';

export function startEnhancements(): void {
  for (const start of [tabs, copy, toc, navbar, progress, prefetch, searchKeys, highlight]) {
    try {
      start();
    } catch (error) {
      // One behaviour failing (an old browser lacking an API) must not stop the others.
      console.error('A page enhancement failed to start:', error);
    }
  }
}
