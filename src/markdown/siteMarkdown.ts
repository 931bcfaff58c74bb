// The build's Markdown output (README "Docs for machines"): each rendered page's `.md` copy
// (an API page's was written by the render stage beside its HTML; a guide's is made here from
// its source), and, for the latest version in the default locale, `/llms.txt` and
// `/llms-full.txt` listing them in sidebar order. Older versions' and other locales' copies are
// written but not listed.
import fs from 'node:fs';
import path from 'node:path';
import type { Last } from '../cache/memo';
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc } from '../content/loadGuides';
import type { OutputFiles } from '../output/write';
import type { SitePage } from '../render/renderSite';
import { withBase } from '../shared/url';
import { pageHref } from '../versions/href';
import { guideContext, guideMarkdown, originOf, type GuideMarkdownContext } from './guideMarkdown';
import { llmsFullParts, llmsFullTxt, llmsTxt, markdownBytesTitle, markdownTitle, withoutSchemas, type LazyLlmsPage, type LlmsEntry, type LlmsPage } from './llmsTxt';

export interface MarkdownSite {
  /** The version's config: its guides' links carry its segment. */
  config: ResolvedConfig;
  guides: readonly GuideDoc[];
  /** Its rendered pages; those with a copy carry `markdown`. */
  pages: readonly SitePage[];
  /** A live memo's copies of this site's last build (serve --watch), kept under its config's content. */
  last?: Last<LastCopies>;
}

/**
 * serve --watch: what the last build made of a site's pages, in their order. A page that is the
 * same object at the same place, whose guide is too, has the same copy: on a large site, going
 * through every page to make each copy again cost more than rendering the edited page.
 */
export interface LastCopies {
  pages: readonly SitePage[];
  guides: readonly GuideDoc[];
  routes: string[];
  /** Each page's copy (none: undefined), and the guide it was made from. */
  copies: PageCopies;
  guideOf: (GuideDoc | undefined)[];
  /** Each route's place in `pages`. */
  places: Map<string, number>;
}

/** Each page's copy file and copy, by its place in the site's pages (none: undefined). */
interface PageCopies {
  files: (string | undefined)[];
  copies: (Copy | undefined)[];
}

/** The written output's temporary folder, where the render stage wrote the API pages' copies. */
export interface WrittenOutput {
  dir: string;
  finalPath(rel: string): string;
}

/**
 * Adds every copy, and the latest version's llms.txt and llms-full.txt, to `files`. With
 * `deferred` (serve --watch), the guides' copies and the two lists are made when first asked
 * for instead: on a large site they cost more than a save's whole rebuild, on every save.
 */
export function addMarkdownFiles(files: OutputFiles, latest: MarkdownSite, unlisted: readonly MarkdownSite[], output?: WrittenOutput, deferred?: Map<string, () => string>): void {
  if (!latest.config.llms.enabled) return;
  const copies = siteCopies(files, latest, output, deferred);
  for (const site of unlisted) siteCopies(files, site, output, deferred);
  const site = { title: latest.config.title, summary: latest.config.tagline };
  if (deferred) {
    let listed: LlmsPage[] | undefined;
    let index: string | undefined;
    let full: string | undefined;
    const read = () => (listed ??= inMemory(llmsPages(latest, copies)));
    deferred.set('llms.txt', () => (index ??= llmsTxt(site, read())));
    deferred.set('llms-full.txt', () => (full ??= llmsFullTxt(site, read())));
  } else if (output) {
    // Written as it is read, one copy at a time: the 35,000-page site's is 315 MB, Microsoft
    // Graph beta's 1.4 GB, more than one string can hold.
    const titled: LlmsEntry[] = [];
    writeParts(path.join(output.dir, 'llms-full.txt'), llmsFullParts(site, llmsPages(latest, copies), titled));
    files.set('llms-full.txt', { copyFrom: output.finalPath('llms-full.txt') });
    files.set('llms.txt', llmsTxt(site, titled));
  } else {
    const listed = inMemory(llmsPages(latest, copies));
    files.set('llms.txt', llmsTxt(site, listed));
    files.set('llms-full.txt', llmsFullTxt(site, listed));
  }
}

/** A copy's Markdown, or how to make it (a guide's under serve --watch, an API page's the render threads wrote). */
type Copy = string | (() => string) | { file: string };

/** A version's copies into `files` (or `deferred`), by the pages' places. */
function siteCopies(files: OutputFiles, site: MarkdownSite, output: WrittenOutput | undefined, deferred: Map<string, () => string> | undefined): PageCopies {
  const context = guideContext(site.config.url, (route) => pageHref(site.config, route));
  const made = (deferred && copiesSinceLast(site, output, deferred, context)) || copiesOfEveryPage(site, output, deferred, context);
  const { files: names, copies } = made;
  for (let i = 0; i < names.length; i++) {
    const copy = copies[i];
    if (copy === undefined) continue;
    if (typeof copy === 'function') deferred!.set(names[i]!, copy);
    else files.set(names[i]!, typeof copy === 'object' ? { copyFrom: output!.finalPath(names[i]!) } : copy);
  }
  return made;
}

function copiesOfEveryPage(site: MarkdownSite, output: WrittenOutput | undefined, deferred: Map<string, () => string> | undefined, context: GuideMarkdownContext): PageCopies {
  const guides = guidesByRoute(site);
  const made: PageCopies = { files: [], copies: [] };
  const guideOf = site.pages.map((page) => guides.get(page.route));
  for (const [i, page] of site.pages.entries()) setCopy(made, i, page, guideOf[i], output, deferred, context);
  if (deferred && site.last) {
    const routes = site.pages.map((p) => p.route);
    site.last.set({ pages: site.pages, guides: site.guides.slice(), routes, copies: made, guideOf, places: new Map(routes.map((r, i) => [r, i])) });
  }
  return made;
}

/**
 * The last build's copies, with those of the pages at a place that holds another object, or
 * whose guide changed, made again; undefined when a page or guide moved or another came or went.
 */
function copiesSinceLast(site: MarkdownSite, output: WrittenOutput | undefined, deferred: Map<string, () => string>, context: GuideMarkdownContext): PageCopies | undefined {
  const last = site.last?.get();
  if (!last || last.pages.length !== site.pages.length || last.guides.length !== site.guides.length) return undefined;
  const redo = new Map<number, GuideDoc>();
  for (let g = 0; g < site.guides.length; g++) {
    const guide = site.guides[g];
    if (guide === last.guides[g]) continue;
    if (guide.route !== last.guides[g].route) return undefined;
    const at = last.places.get(guide.route);
    if (at !== undefined) redo.set(at, guide);
  }
  const made: PageCopies = { files: last.copies.files.slice(), copies: last.copies.copies.slice() };
  const guideOf = last.guideOf.slice();
  for (let i = 0; i < site.pages.length; i++) {
    const page = site.pages[i];
    if (page === last.pages[i] && !redo.has(i)) continue;
    if (page.route !== last.routes[i]) return undefined;
    guideOf[i] = redo.get(i) ?? last.guideOf[i];
    setCopy(made, i, page, guideOf[i], output, deferred, context);
  }
  site.last!.set({ ...last, pages: site.pages, guides: site.guides.slice(), copies: made, guideOf });
  return made;
}

/** Page `i`'s copy into `into`. */
function setCopy(into: PageCopies, i: number, page: SitePage, guide: GuideDoc | undefined, output: WrittenOutput | undefined, deferred: Map<string, () => string> | undefined, context: GuideMarkdownContext): void {
  into.files[i] = page.markdown?.file;
  into.copies[i] = pageCopy(page, guide, output, deferred, context);
}

function pageCopy(page: SitePage, guide: GuideDoc | undefined, output: WrittenOutput | undefined, deferred: Map<string, () => string> | undefined, context: GuideMarkdownContext): Copy | undefined {
  const copy = page.markdown;
  if (!copy) return undefined;
  if (guide && deferred) {
    let made: string | undefined;
    return () => (made ??= guideMarkdown(guide, context));
  }
  if (guide || copy.text !== undefined) return guide ? guideMarkdown(guide, context) : copy.text!;
  return output ? { file: path.join(output.dir, copy.file) } : undefined;
}

/** The latest version's listed copies, as llms.txt lists them: in sidebar order, each read when asked. */
function llmsPages(site: MarkdownSite, copies: PageCopies): LazyLlmsPage[] {
  const { config } = site;
  const guides = guidesByRoute(site);
  const origin = originOf(config.url);
  const listed: (LazyLlmsPage & { order: number })[] = [];
  for (const [i, page] of site.pages.entries()) {
    const copy = page.markdown;
    const made = copy?.listed ? copies.copies[i] : undefined;
    if (!copy || made === undefined) continue;
    const guide = guides.get(page.route);
    listed.push({
      url: origin + withBase(config.baseUrl, `/${copy.file}`),
      read: () => {
        if (typeof made === 'object') {
          const markdown = fs.readFileSync(made.file);
          return { markdown: withoutSchemas(markdown, copy.appendixAt), title: guide?.title ?? markdownBytesTitle(markdown) };
        }
        const markdown = typeof made === 'string' ? made : made();
        return { markdown: withoutSchemas(markdown, copy.appendixAt), title: guide?.title ?? markdownTitle(markdown) };
      },
      description: copy.description,
      section: guide?.standalone ? 'Pages' : page.route === '/guides' || page.route.startsWith('/guides/') ? 'Guides' : 'API',
      // Pages no sidebar shows come after those it does, in the pages' order.
      order: copy.order ?? site.pages.length + i,
    });
  }
  return listed.sort((a, b) => a.order - b.order);
}

/** Writes `parts` to `file` a MiB at a time, not in four small writes per page: each is a system call. */
function writeParts(file: string, parts: Iterable<string | Buffer>): void {
  const fd = fs.openSync(file, 'w');
  try {
    let batch: Buffer[] = [];
    let bytes = 0;
    const flush = () => {
      const all = Buffer.concat(batch, bytes);
      for (let at = 0; at < all.length; ) at += fs.writeSync(fd, all, at);
      batch = [];
      bytes = 0;
    };
    for (const part of parts) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      batch.push(chunk);
      bytes += chunk.length;
      if (bytes >= WRITE_BATCH_BYTES) flush();
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
}

const WRITE_BATCH_BYTES = 2 ** 20;

/** Every page's copy read, as text. */
function inMemory(pages: LazyLlmsPage[]): LlmsPage[] {
  return pages.map((page) => {
    const { markdown, title } = page.read();
    return { ...page, title, markdown: markdown.toString() };
  });
}

const guidesByRoute = (site: MarkdownSite) => new Map(site.guides.map((doc) => [doc.route, doc]));
