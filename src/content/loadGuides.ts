// The content stage: discover guides, render their markdown once, and return documents with
// their HTML, headings, the links they contain (with source lines) and the images they use.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { fileContentHash } from '../output/hash';
import { byPolicy, error, type Diagnostic } from '../diagnostics/diagnostic';
import { isExternal, routeKey, safeDecode, splitHash, withBase } from '../shared/url';
import { discoverStandalonePages } from './standalonePages';
import { discoverGuides, stripNumberPrefix, type Category, type ParsedFileCache, type GuideSource } from './discover';
import { missingContentDiagnostic } from './contentDir';
import { locateInBody } from './locate';
import { createEnv, createMarkdown, renderMarkdown } from './markdown';
import type { Heading } from './plugins/headings';
import type { KnownFrontMatter } from './frontmatter';
import { translateGuides } from '../i18n/translate';
import { pageHref } from '../versions/href';
import { parseTypedLink, typedPlaceholder, type TypedTarget } from './typedLinks';

export interface LinkRecord {
  /** Source file and 1-based line of the link. */
  file: string;
  line: number;
  /** The link as written. */
  raw: string;
  /** Route key the link points at (no trailing slash), or undefined for same-page anchors. */
  route: string;
  hash: string;
  /**
   * A typed link into the API reference (`op:searchBoundaries`): emitted as a placeholder, its
   * route and hash are set once the API models exist (site/typedLinks.ts).
   */
  typed?: TypedTarget;
}

export interface GuideDoc extends GuideSource {
  title: string;
  sidebarLabel: string;
  description: string;
  keywords: string[];
  tags: string[];
  unlisted: boolean;
  draft: boolean;
  /** Shown without the guides sidebar (`hide_sidebar: true`); still listed in it on other pages. */
  hideSidebar: boolean;
  html: string;
  headings: Heading[];
  links: LinkRecord[];
}

export interface GuidesResult {
  docs: GuideDoc[];
  categories: Category[];
  /** Output path (from the site root) → source file, for images copied into the site. */
  assets: Map<string, string>;
  diagnostics: Diagnostic[];
  /** With `translations`: the routes of guides shown in the default locale's text. */
  untranslated?: Set<string>;
}

/**
 * What rendering one guide produced, kept between builds (content/guideMemo.ts) while the
 * guide's body and route, and the routes of the guides it links to, are unchanged. Markdown is
 * most of the content stage.
 */
export interface GuideRenderCache {
  entries: Map<string, { body: string; bodyLineOffset: number; route: string; html: string; headings: Heading[]; bodyTitle?: string; links: LinkRecord[]; diagnostics: Diagnostic[]; assets: [string, string][]; doc?: GuideDoc; mdLinks: MarkdownLinkTargets }>;
}

/**
 * The files a guide's `.md` links name, each with the route it had (undefined: no such guide),
 * in pairs: `[file, route, file, route, …]`. A guide added or removed elsewhere leaves the
 * others' renders as they were, unless one of them links to it (serve --watch on a 5,000-page
 * site rendered every guide again: 1.9 s a file added).
 */
type MarkdownLinkTargets = (string | undefined)[];
const NO_MD_LINKS: MarkdownLinkTargets = [];

function sameTargets(targets: MarkdownLinkTargets | undefined, routeByFile: ReadonlyMap<string, string>): boolean {
  if (!Array.isArray(targets)) return false;
  for (let i = 0; i < targets.length; i += 2) if (routeByFile.get(targets[i]!) !== targets[i + 1]) return false;
  return true;
}

/**
 * serve --watch: the last build's guides and what each gave, taken again for a guide that is the
 * same object at the same place (content/guideMemo.ts keeps it in a live memo). On a large site,
 * reading every guide's entry to find it unchanged cost more than the rest of a save's content
 * stage: here only the arrays are compared.
 */
export interface LastGuides {
  sources: GuideSource[];
  routeByFile: Map<string, string>;
  /** The table the guides' entries were in. */
  table: GuideRenderCache;
  docs: GuideDoc[];
  /** Each guide's problems and images, NO_DIAGNOSTICS and NO_IMAGES for none (told without reading them). */
  diagnostics: Diagnostic[][];
  images: [string, string][][];
}
export const NO_DIAGNOSTICS: Diagnostic[] = [];
export const NO_IMAGES: [string, string][] = [];

/** `translations`: a locale's folder of translated guides (src/i18n/translate.ts), used where it has the guide. */
export function loadGuides(config: ResolvedConfig, cache?: { guides?: GuideRenderCache; parsedFiles?: ParsedFileCache; last?: LastGuides; frontMatter?: KnownFrontMatter }, options: { highlight?: boolean; translations?: string } = {}): GuidesResult {
  const { sources: guideSources, categories, diagnostics } = discoverGuides(config.guidesDir, cache?.parsedFiles, cache?.frontMatter);
  // An older version's site has the guides of its snapshot; the standalone pages are the site's own.
  const pages = config.versionSegment ? { sources: [], diagnostics: [] } : discoverStandalonePages(config.contentDir, cache?.parsedFiles);
  const sources = [...guideSources, ...pages.sources];
  diagnostics.push(...pages.diagnostics);
  const missing = missingContentDiagnostic(config);
  if (missing) diagnostics.push(missing);
  let visible = sources.filter((s) => config.dev || s.frontMatter.draft !== true);
  const last = options.translations === undefined && cache?.last?.sources.length === visible.length ? cache.last : undefined;
  // The same files and routes (as a guide at a place that holds the same object has): the last build's routes.
  const samePlaces = last !== undefined && sameFilesAndRoutes(last.sources, visible);
  const routeByFile = samePlaces ? last.routeByFile : new Map(visible.map((s) => [s.file, s.route]));
  const translated = options.translations !== undefined ? translateGuides(visible, options.translations, routeByFile) : undefined;
  if (translated) {
    visible = translated.sources;
    diagnostics.push(...translated.diagnostics);
  }
  const assets = new Map<string, string>();
  const md = createMarkdown({ html: true, highlight: options.highlight });
  const url = (route: string, hash: string) => pageHref(config, route) + (hash ? `#${hash}` : '');
  const apiIds = config.apis.map((api) => api.id);
  const kept = samePlaces && cache!.guides === last.table ? last : undefined;
  if (cache && !cache.guides) cache.guides = { entries: new Map() };
  const own: { diagnostics: Diagnostic[][]; images: [string, string][][] } = { diagnostics: [], images: [] };

  const docs = visible.map((source, i): GuideDoc => {
    // The last build's guide at this place, with no problem or image to look at again.
    if (kept && kept.sources[i] === source && kept.diagnostics[i] === NO_DIAGNOSTICS && kept.images[i] === NO_IMAGES) {
      own.diagnostics.push(NO_DIAGNOSTICS);
      own.images.push(NO_IMAGES);
      return kept.docs[i];
    }
    const cached = cache?.guides?.entries.get(source.file);
    if (cached && cached.body === source.body && cached.bodyLineOffset === source.bodyLineOffset && cached.route === source.route && (kept || sameTargets(cached.mdLinks, routeByFile))) {
      diagnostics.push(...cached.diagnostics);
      for (const [out, file] of cached.assets) assets.set(out, file);
      own.diagnostics.push(cached.diagnostics.length > 0 ? cached.diagnostics : NO_DIAGNOSTICS);
      own.images.push(cached.assets.length > 0 ? cached.assets : NO_IMAGES);
      // The same document object while the front matter is the same parsed object: later stages
      // then find most of it unchanged by identity instead of by comparing it.
      if (cached.doc?.frontMatter !== source.frontMatter || cached.doc.relPath !== source.relPath) cached.doc = guideDoc(source, cached.html, cached.headings, cached.links, cached.bodyTitle);
      return cached.doc;
    }
    const diagnosticsBefore = diagnostics.length;
    const images: [string, string][] = [];
    const links: LinkRecord[] = [];
    const mdLinks: MarkdownLinkTargets = [];
    let bodyLines: string[] | undefined; // split only to report a problem
    const at = (line: number, needle: string) => locateInBody(source.file, (bodyLines ??= source.body.split('\n')), source.bodyLineOffset, line, needle);
    const env = createEnv(source.file, source.bodyLineOffset, {
      resolveLink(href, line) {
        const typed = parseTypedLink(href, apiIds);
        if (typed) return typedPlaceholder(links.push({ file: source.file, line, raw: href, route: '', hash: '', typed }) - 1);
        if (isExternal(href)) return href;
        const { path: target, hash } = splitHash(href);
        if (target === '') {
          links.push({ file: source.file, line, raw: href, route: source.route, hash });
          return href;
        }
        if (/\.mdx?(\?.*)?$/.test(target)) {
          const file = target.startsWith('/') ? path.join(config.guidesDir, safeDecode(target)) : path.resolve(path.dirname(source.file), safeDecode(target));
          const route = routeByFile.get(file);
          mdLinks.push(file, route);
          if (!route) {
            diagnostics.push(
              ...byPolicy(config.onBrokenMarkdownLinks, 'broken-markdown-link', `The markdown link "${href}" points to a file that does not exist (or is a draft).`, {
                location: at(line, href),
              }),
            );
            return href;
          }
          links.push({ file: source.file, line, raw: href, route, hash });
          return url(route, hash);
        }
        // A site path, absolute or relative to this page's URL, emitted absolute so it means the
        // same thing whether the page is served as `x/` or `x.html`.
        const resolved = new URL(target, `http://site${source.route}`);
        links.push({ file: source.file, line, raw: href, route: routeKey(resolved.pathname), hash });
        return pageHref(config, resolved.pathname) + resolved.search + (hash ? `#${hash}` : '');
      },
      resolveImage(src, line) {
        if (isExternal(src) || src.startsWith('data:')) return src;
        const file = src.startsWith('/') ? path.join(config.contentDir, safeDecode(src)) : path.resolve(path.dirname(source.file), safeDecode(src));
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (!stat) {
          diagnostics.push(error('image-not-found', `The image "${src}" does not exist.`, { location: at(line, src) }));
          return src;
        }
        // Read whole to be hashed: /dev/zero never ends (24 GB, then the kernel's OOM killer), a pipe waits for a writer.
        if (!stat.isFile()) {
          diagnostics.push(error('image-not-a-file', `The image "${src}" is not a file (a folder, a pipe or a device).`, { location: at(line, src) }));
          return src;
        }
        const ext = path.extname(file);
        const hash = fileContentHash(file).slice(0, 8);
        const out = `assets/images/${path.basename(file, ext)}-${hash}${ext}`;
        assets.set(out, file);
        images.push([out, file]);
        return withBase(config.baseUrl, `/${out}`);
      },
      report(code, message, line, needle) {
        diagnostics.push(error(code, message, { location: at(line, needle) }));
      },
    });
    const html = renderMarkdown(md, source.body, env);
    const found = diagnostics.slice(diagnosticsBefore);
    cache?.guides?.entries.set(source.file, {
      body: source.body,
      bodyLineOffset: source.bodyLineOffset,
      route: source.route,
      html,
      headings: env.headings,
      bodyTitle: env.title,
      links,
      diagnostics: found,
      assets: images,
      mdLinks: mdLinks.length > 0 ? mdLinks : NO_MD_LINKS,
    });
    own.diagnostics.push(found.length > 0 ? found : NO_DIAGNOSTICS);
    own.images.push(images.length > 0 ? images : NO_IMAGES);
    return guideDoc(source, html, env.headings, links, env.title);
  });
  if (cache?.guides && options.translations === undefined) cache.last = { sources: visible, routeByFile, table: cache.guides, docs: docs.slice(), ...own };
  return { docs, categories, assets, diagnostics, ...(translated ? { untranslated: translated.untranslated } : {}) };
}

/**
 * `bodyTitle` is the h1 the body opens with. The page then shows that h1 as its one title (the
 * template leaves out its own), and it is the title everywhere else unless the front matter
 * has one: as in Docusaurus, front matter `title` names the page in <title>, the sidebar and
 * previous/next, while the body's h1 is what the page shows.
 */
function guideDoc(source: GuideSource, html: string, headings: Heading[], links: LinkRecord[], bodyTitle: string | undefined): GuideDoc {
  const fm = source.frontMatter;
  const title = fm.title ?? bodyTitle ?? stripNumberPrefix(path.basename(source.relPath).replace(/\.mdx?$/, '')).name;
  return {
    ...source,
    title,
    sidebarLabel: fm.sidebar_label ?? title,
    description: fm.description ?? '',
    keywords: fm.keywords ?? [],
    tags: fm.tags ?? [],
    unlisted: fm.unlisted === true,
    draft: fm.draft === true,
    hideSidebar: fm.hide_sidebar === true,
    html,
    headings,
    links,
  };
}

/** Whether two lists of guides have the same files and routes in the same order (a guide that is the same object has: it is not read). */
function sameFilesAndRoutes(before: readonly GuideSource[], after: readonly GuideSource[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) {
    if (after[i] !== before[i] && (after[i].file !== before[i].file || after[i].route !== before[i].route)) return false;
  }
  return true;
}
