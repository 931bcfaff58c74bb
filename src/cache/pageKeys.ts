// The memo key of a page's HTML: its model and everything around it that the templates read
// (the site model, the island assets, the engine), less the URLs that carry a content hash. Those
// (see hashedUrls) change with their content, not with the page: an entry
// keeps the ones it was rendered with and a reused page gets this build's swapped in
// (render/renderSite.ts), so a changed guide, which changes the search index, does not change
// the key of every other page.
import type { IslandAssets } from '../islands/bundle';
import type { SettledLinks } from '../openapi/placeholders';
import type { PageModel, SidebarItem, SiteModel } from '../shared/viewModels';
import { storedRef, stubOf } from '../site/pageStore';
import { engineDigest } from './engine';
import { dataDigest, digest, lastOf, type Memo } from './memo';
import { DiskMemo } from './diskMemo';
import type { LastRender, PageEntries, PageEntry, RenderMemo } from '../render/renderSite';

export const PAGE_STAGE = 'page';
/**
 * A disk cache's page HTML and Markdown copy, each a file entry of its own beside the page's
 * entry (cache/diskMemo.ts FileEntry), linked into the output.
 */
export const PAGE_HTML_STAGE = 'page-html';
export const PAGE_MARKDOWN_STAGE = 'page-md';

/** Keeps a page's entries (its record, and on disk its files) for the next build. */
export function usePage(memo: Memo, key: string): void {
  memo.use(PAGE_STAGE, key);
  if (!(memo instanceof DiskMemo)) return;
  memo.use(PAGE_HTML_STAGE, key);
  memo.use(PAGE_MARKDOWN_STAGE, key);
}

/**
 * The URLs every page shows that carry a content hash, in the order entries record them: the
 * stylesheet's and the search index's (a single file's, with `?_=<hash>`). A large sidebar's tree
 * file has none (site/sidebar.ts focusSidebars), so an operation's new summary renders again the
 * pages that show it, not every page of the API.
 */
export function hashedUrls(site: SiteModel): string[] {
  return [site.stylesheetHref, site.search.indexUrl];
}

type PageAssets = Pick<IslandAssets, 'runtime' | 'islands' | 'theme'>;

/** What every page's key starts with: the site model, the island assets and the engine. */
export function pageContext(site: SiteModel, assets: PageAssets): string {
  // A project's overrides render the pages: their compiled templates' digest is part of the key.
  return digest(engineDigest(), dataDigest([{ ...site, stylesheetHref: '', search: { ...site.search, indexUrl: '' } }, assets.runtime, assets.islands, assets.theme?.digest ?? '']));
}

/**
 * `settled`: each API's settled spec links (a stored body holds placeholders, settled as it is
 * read: its key is its bytes' digest and its API's links). Stored pages need their store's digests.
 */
export function pageKeys(site: SiteModel, assets: PageAssets, settled: readonly (SettledLinks | undefined)[] = [], around = pageContext(site, assets)): (page: PageModel) => string {
  const links = settled.map((s) => (s ? dataDigest(s) : ''));
  // A sidebar is one array shared by the pages of its section (279 of them for the 7,000 pages of
  // the bench site), and three quarters of the JSON a page's key was made from: digested once.
  const sidebars = new Map<SidebarItem[], string>();
  const sidebarOf = (sidebar: SidebarItem[] | undefined): string => {
    if (!sidebar) return '';
    let known = sidebars.get(sidebar);
    if (known === undefined) sidebars.set(sidebar, (known = dataDigest(sidebar)));
    return known;
  };
  return (page) => {
    const ref = storedRef(page);
    const context = ref && ref.api >= 0 ? around + links[ref.api] : around;
    const known = keyOf.get(page);
    if (known?.context === context) return known.key;
    let key: string;
    if (!ref) key = ownKey(around, page, sidebarOf(page.sidebar));
    else if (ref.digest === undefined) throw new Error(`${page.route}: its store kept no digest of its body`);
    else key = digest(around, JSON.stringify({ ...stubOf(page), sidebar: sidebarOf(page.sidebar) }), ref.digest, ref.api >= 0 ? links[ref.api] : '');
    keyOf.set(page, { context, key });
    return key;
  };
}

/**
 * The key of a page that is not stored (a guide, an index page): a guide's HTML is digested as it
 * is, apart from the JSON of the rest, which would escape each of its quotes first (3,486 guides'
 * keys took 0.13 s of the thread that feeds the render threads, on the 7,000-page site).
 */
function ownKey(around: string, page: PageModel, sidebar: string): string {
  if (page.body.kind !== 'doc') return digest(around, JSON.stringify({ ...page, sidebar }));
  const { doc } = page.body;
  return digest(around, JSON.stringify({ ...page, sidebar, body: { ...page.body, doc: { ...doc, html: '' } } }), doc.html);
}

/**
 * Each page model's key, while what is around it is the same: serve --watch's site stage keeps
 * the models of the pages a save did not change (site/liveSite.ts), and a model is not changed
 * once the site stage has made it, so on a large site a save digests one page, not all of them.
 */
const keyOf = new WeakMap<PageModel, { context: string; key: string }>();

/** Where the render stage finds and keeps the memo's page entries: a disk memo's files (read by every render thread), or a live memo's values. */
export function pageEntries(memo: Memo): PageEntries {
  if (memo instanceof DiskMemo) return { dir: memo.dir };
  return { get: (key) => memo.get<PageEntry>(PAGE_STAGE, key), set: (key, entry) => memo.set(PAGE_STAGE, key, entry) };
}

/** A live memo's last render of the pages around which is `context` (render/renderSite.ts LastRender); none in a disk memo. */
export function lastRender(memo: Memo, context: string): RenderMemo['last'] {
  return lastOf<LastRender>(memo, RENDER_STAGE, context);
}
const RENDER_STAGE = 'last-render';
