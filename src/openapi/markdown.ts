// Markdown from the spec is untrusted. It is rendered by the guide pipeline with raw HTML on,
// and when the text holds any `<` the result goes through an allow-list (sanitizeHtml.ts):
// without raw HTML, markdown-it's output is already safe, and sanitising costs time.
//
// Links. A relative link in spec text may be a page of this site (the shipped spec links its
// guides) or a page of the vendor's own documentation (`/docs/esign-rest-api/…`). Which one is
// known only once every route exists, after the site stage; the text is rendered during it.
// So each relative link is emitted as a placeholder, and `settle()` (called by the site stage
// when all pages exist) decides: a route or file of this site stays a site link (and is
// checked); anything else, when a link base is known (`openapi.linkBase`, or inferred from
// the spec, see linkBase.ts), becomes `new URL(href, base)`, external and unchecked; without a
// base it stays a site link and is reported under `openapi.onBrokenSpecLinks`. The other way,
// computing the API's routes before its pages, would repeat the site stage's rules for every
// kind of API page (operations, tags, schemas, webhooks, several specs) and drift from them;
// the placeholder is exact by construction, and settling also counts the pages each link is
// shown on, so that a problem is reported once with its count.
import type { MarkdownIt } from 'markdown-it';
import type { ResolvedConfig } from '../config/types';
import { createEnv, createMarkdown, renderMarkdown } from '../content/markdown';
import { warning, type Diagnostic, type Policy } from '../diagnostics/diagnostic';
import type { SiteLink } from '../links/check';
import { isExternal, routeKey, safeDecode, splitHash } from '../shared/url';
import type { PageModel } from '../shared/viewModels';
import { inferLinkBase, type LinkBase } from './linkBase';
import { sanitizeSpecHtml } from './sanitizeHtml';
import { PLACEHOLDER, replacePlaceholders, type SettledLinks } from './placeholders';
import { pageHref } from '../versions/href';

/** A heading of rendered spec Markdown, for a table of contents. */
export type SpecHeading = { level: number; text: string; id: string };

export interface SpecMarkdown {
  /** Renders spec markdown; `headings` collects its headings (for a table of contents). */
  render(text: string, pointer: string, headings?: SpecHeading[]): string;
  /** One per distinct relative link (href and description): the link check's input. */
  links: SiteLink[];
  /**
   * Once every page exists: replaces the placeholders in `pages` by the final hrefs, counts
   * the pages each link is on, and returns the warning about an inferred link base (if used).
   */
  settle(pages: PageModel[], targets: { routes: ReadonlySet<string>; files: ReadonlySet<string> }): Diagnostic[];
  /** After `settle`: the final hrefs, for the bodies stored before it (site/pageStore.ts) and settled as they are read. */
  settled(): SettledLinks | undefined;
  /** Counts a stored page of `kind` that showed the tracked links `found` (told by its render thread). */
  countShown(kind: string, found: Iterable<number>): void;
  /** Before `settle`: the links rendered so far, for the build cache (site/apiPagesMemo.ts); `restore` takes them back instead of rendering the pages again. */
  pendingLinks(): PendingLink[];
  restore(pending: PendingLink[]): void;
  /**
   * For one page an earlier build made (site/apiPagesMemo.ts): `earlier` is that build's
   * pending links, `used` the ones its body shows, `first`–`end` the ones it was the first to
   * show. When this build has numbered the links so far as that one had, returns what takes them
   * back, leaving the page's placeholders right; else (an earlier page changed its links)
   * undefined, and the page must be made again.
   */
  reusable(earlier: readonly PendingLink[], used: readonly number[], first: number, end: number): (() => void) | undefined;
}

/** The code of the warning that says which inferred link base was used. */
export const SPEC_LINK_BASE = 'spec-link-base';


const UNSAFE_SCHEME = /^(javascript|vbscript|data):/i;
const EMAIL = /^[^\s@/:?#]+@[^\s@/:?#]+\.[a-z]{2,}$/i;
/** `developers.notion.com`, `www.example.com/docs`: a host name written without its scheme. */
const BARE_HOST = /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,24}))(?::\d+)?(?:[/?#]|$)/i;
/** …but `README.md`, `schema.json` and `index.html` are files. */
const FILE_SUFFIX = /^(md|mdx|markdown|html?|xhtml|php|aspx?|jsp|cgi|json|ya?ml|xml|txt|csv|pdf|zip|gz|tar|png|jpe?g|gif|svg|webp|ico|js|mjs|ts|css|wsdl|xsd|proto|graphql)$/i;

export interface PendingLink {
  link: SiteLink;
  /** The href as written (with its hash), for the link base. */
  href: string;
  siteHref: string;
}

export function createSpecMarkdown(config: ResolvedConfig, source: string, document?: Record<string, any>): SpecMarkdown {
  const md: MarkdownIt = createMarkdown({ html: true });
  const links: SiteLink[] = [];
  const pending: PendingLink[] = [];
  const byKey = new Map<string, number>();
  const configured = config.openapi?.linkBase;
  const base: LinkBase | undefined = configured ? { url: configured, from: 'openapi.linkBase', inferred: false } : inferLinkBase(document);
  const policy: Policy | undefined = config.openapi?.onBrokenSpecLinks;
  // A relative site link (`list-boundaries`) stays within its own API's pages.
  const apiBase = `http://site${(config.openapi?.route ?? '/api').replace(/\/*$/, '/')}`;
  // A description shared by many operations (a component schema's) is rendered once: its HTML
  // depends only on its text, and, when it links to a relative page, on where it is written (the
  // link's placeholder names that place). On a large spec most texts link nowhere and are shown
  // under many operations: keyed by their place, 50,000 renders of 3,200 texts on the 7,000-page
  // bench site.
  type Rendered = { html: string; headings: SpecHeading[] };
  const anywhere = new Map<string, Rendered>();
  const rendered = new Map<string, Rendered>();
  let placed = 0;

  const placeholder = (href: string, path: string, hash: string, pointer: string): string => {
    placed++;
    const key = `${href}\0${pointer}`;
    let index = byKey.get(key);
    if (index === undefined) {
      const resolved = new URL(path, apiBase).pathname;
      const link: SiteLink = { location: { file: source }, pointer, route: routeKey(resolved), hash, raw: href, ...(policy ? { policy } : {}) };
      index = pending.push({ link, href, siteHref: pageHref(config, resolved) + (hash ? `#${hash}` : '') }) - 1;
      byKey.set(key, index);
      links.push(link);
    }
    return `${PLACEHOLDER}${index}/`;
  };

  const resolveHref = (written: string, pointer: string): string => {
    const href = written.trim();
    if (unsafe(href)) return '#';
    if (isExternal(href)) return href;
    if (EMAIL.test(href)) return `mailto:${href}`;
    if (isBareHost(href)) return `https://${href}`;
    if (href.startsWith(PLACEHOLDER)) return href; // a markdown link, already resolved, seen again by the sanitiser
    const { path, hash } = splitHash(href);
    if (path === '') return href;
    return placeholder(href, path, hash, pointer);
  };
  // Spec images stay where they are: a spec cannot ask the build to copy local files. A
  // relative one is the vendor's when a link base is known.
  const resolveSrc = (written: string): string => {
    const src = written.trim();
    if (unsafe(src)) return '';
    if (isExternal(src) || !base) return src;
    return absolute(src, base.url) ?? src;
  };

  const restore = (kept: readonly PendingLink[]) => {
    for (const p of kept) {
      byKey.set(`${p.href}\0${p.link.pointer}`, pending.push(p) - 1);
      links.push(p.link);
    }
  };

  let settledLinks: (SettledLinks & { links: SiteLink[]; shownOn: Map<string, number>[] }) | undefined;

  return {
    links,
    settled: () => settledLinks && { hrefs: settledLinks.hrefs, tracked: settledLinks.tracked },
    pendingLinks: () => pending,
    restore,
    reusable(earlier, used, first, end) {
      const keyOf = (p: PendingLink) => `${p.href}\0${p.link.pointer}`;
      // Its new links must get the numbers they had, in their order, from here on.
      if (end > first && first !== pending.length) return undefined;
      for (let i = first; i < end; i++) if (byKey.has(keyOf(earlier[i]))) return undefined;
      // …and every other link it shows must have been numbered as before by an earlier page.
      for (const i of used) {
        const now = byKey.get(keyOf(earlier[i]));
        if (now === undefined ? i < first || i >= end : now !== i) return undefined;
      }
      return () => restore(earlier.slice(first, end));
    },
    countShown(kind, found) {
      for (const i of found) {
        const counts = settledLinks!.shownOn[i];
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        settledLinks!.links[i].shownOn = Object.fromEntries(counts);
      }
    },
    render(text, pointer, headings) {
      const key = `${pointer}\0${text}`;
      let done = anywhere.get(text) ?? rendered.get(key);
      if (!done) {
        const before = placed;
        const env = createEnv(source, 0, {
          resolveLink: (href) => resolveHref(href, pointer),
          resolveImage: (src) => resolveSrc(src) || '#',
        });
        let html = renderMarkdown(md, text, env);
        if (text.includes('<')) {
          html = sanitizeSpecHtml(html, { href: (href) => resolveHref(href, pointer), src: resolveSrc, headingIds: new Set(env.headings.map((h) => h.id)) });
        }
        done = { html, headings: env.headings };
        if (placed === before) anywhere.set(text, done);
        else rendered.set(key, done);
      }
      headings?.push(...done.headings);
      return done.html;
    },
    settle(pages, targets) {
      if (pending.length === 0) return [];
      // A base the config did not give is a guess: it never takes a link into this site's own
      // guides (a spec published beside them means them, and a typo there must stay an error).
      const guarded = base?.inferred && [...targets.routes].some((r) => r.startsWith('/guides/') && !r.startsWith('/guides/tags'));
      const hrefs = pending.map(({ link, href, siteHref }) => {
        if (targets.routes.has(safeDecode(link.route)) || targets.files.has(link.route) || !base) return siteHref;
        if (guarded && (link.route === '/guides' || link.route.startsWith('/guides/'))) return siteHref;
        const url = absolute(href, base.url);
        if (url === undefined) return siteHref;
        link.external = url;
        return url;
      });
      // Only links that stay site links are checked, and only their reports count the pages that
      // show them; tracking every link made this pass quadratic on Microsoft Graph (each page
      // merging thousands of link numbers at every level of its schema trees: 9 minutes).
      const tracked = pending.map(({ link }) => link.external === undefined);
      const shownOn = pending.map(() => new Map<string, number>());
      settledLinks = { hrefs, tracked, links: pending.map(({ link }) => link), shownOn };
      // A Map, not a WeakMap: it holds millions of objects on a large spec only for this loop, and
      // V8's weak tables made the loop superlinear there (Microsoft Graph: minutes).
      const seen = new Map<object, ReadonlySet<number>>();
      for (const page of pages) {
        const found = replacePlaceholders(page.body, hrefs, tracked, seen);
        for (const i of found) shownOn[i].set(page.body.kind, (shownOn[i].get(page.body.kind) ?? 0) + 1);
      }
      pending.forEach(({ link }, i) => {
        if (shownOn[i].size > 0) link.shownOn = Object.fromEntries(shownOn[i]);
      });
      const rewritten = pending.filter(({ link }) => link.external !== undefined);
      // Settled: a second call (serve --watch reusing pages) finds nothing to do.
      pending.length = 0;
      byKey.clear();
      rendered.clear();
      if (!base?.inferred || rewritten.length === 0) return [];
      // Counted and shown by distinct target: one description link rendered in many places is one link.
      const distinct = [...new Set(rewritten.map(({ href }) => href))];
      const examples = distinct.slice(0, 3).map((href) => `"${href}"`).join(', ');
      const n = distinct.length;
      return [
        warning(
          SPEC_LINK_BASE,
          `${n} link${n === 1 ? '' : 's'} in the spec's descriptions (${examples}${n > 3 ? ', …' : ''}) ${n === 1 ? 'is' : 'are'} not a page of this site and ${n === 1 ? 'was' : 'were'} resolved against ${base.url}, the spec's ${base.from}.`,
          { location: { file: source }, hint: 'Set openapi.linkBase in the config to the URL these links are relative to (this also silences this warning).' },
        ),
      ];
    },
  };
}

/** Browsers ignore tabs, newlines and control characters in a URL: `java&#9;script:` is `javascript:`. */
function unsafe(href: string): boolean {
  return UNSAFE_SCHEME.test(href.replace(/[\u0000-\u0020\u007f]+/g, ''));
}

function isBareHost(href: string): boolean {
  const m = BARE_HOST.exec(href);
  return m !== null && !FILE_SUFFIX.test(m[2]);
}

/** `href` against an http(s) base, if that gives an http(s) URL (never another scheme). */
function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

