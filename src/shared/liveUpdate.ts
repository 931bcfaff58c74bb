// The one contract between serve --watch's live-reload client (src/serve/client/reload.ts) and
// the page runtime (src/client/): after replacing an edited page's content in place, the client
// fires this event on document, and the runtime starts its content behaviours (copy buttons,
// tabs, table-of-contents highlight) on the new elements.
export const CONTENT_REPLACED_EVENT = 'docsgen:content-replaced';

/**
 * The parts of a page an edit may replace in place. Everything else (head, navbar and its
 * islands, footer) must be unchanged, or the page is reloaded.
 */
export const REPLACEABLE_REGIONS = ['.doc-sidebar', '#main-content', '.doc-toc'];

/** What holds the regions (DocLayout), replaced whole when one of them appears or goes. */
export const REPLACEABLE_LAYOUT = '.doc-layout';
