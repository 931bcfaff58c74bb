// The build's Markdown output (README "Docs for machines"): each rendered page's `.md` copy
// (an API page's was written by the render stage beside its HTML; a guide's is made here from
// its source), and, for the latest version in the default locale, `/llms.txt` and
// `/llms-full.txt` listing them in sidebar order. Older versions' and other locales' copies are
// written but not listed.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc } from '../content/loadGuides';
import type { OutputFiles } from '../output/write';
import type { SitePage } from '../render/renderSite';
import { withBase } from '../shared/url';
import { pageHref } from '../versions/href';
import { guideContext, guideMarkdown, originOf } from './guideMarkdown';
import { llmsFullTxt, llmsTxt, markdownTitle, type LlmsPage } from './llmsTxt';

export interface MarkdownSite {
  /** The version's config: its guides' links carry its segment. */
  config: ResolvedConfig;
  guides: readonly GuideDoc[];
  /** Its rendered pages; those with a copy carry `markdown`. */
  pages: readonly SitePage[];
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
  const listed = siteCopies(files, latest, output, true, deferred);
  for (const site of unlisted) siteCopies(files, site, output, false, deferred);
  const site = { title: latest.config.title, summary: latest.config.tagline };
  if (deferred) {
    let index: string | undefined;
    let full: string | undefined;
    deferred.set('llms.txt', () => (index ??= llmsTxt(site, listed)));
    deferred.set('llms-full.txt', () => (full ??= llmsFullTxt(site, listed)));
  } else {
    files.set('llms.txt', llmsTxt(site, listed));
    files.set('llms-full.txt', llmsFullTxt(site, listed));
  }
}

/** A version's copies into `files` (or `deferred`); returns them as llms.txt lists them. */
function siteCopies(files: OutputFiles, site: MarkdownSite, output: WrittenOutput | undefined, list: boolean, deferred: Map<string, () => string> | undefined): LlmsPage[] {
  const { config } = site;
  const guides = new Map(site.guides.map((doc) => [doc.route, doc]));
  const context = guideContext(config.url, (route) => pageHref(config, route));
  const origin = originOf(config.url);
  const listed: (LlmsPage & { order: number })[] = [];
  for (const [i, page] of site.pages.entries()) {
    const copy = page.markdown;
    if (!copy) continue;
    const guide = guides.get(page.route);
    let markdown: string | (() => string);
    if (guide && deferred) {
      let made: string | undefined;
      markdown = () => (made ??= guideMarkdown(guide, context));
      deferred.set(copy.file, markdown);
    } else if (guide || copy.text !== undefined) {
      markdown = guide ? guideMarkdown(guide, context) : copy.text!;
      files.set(copy.file, markdown);
    } else if (output) {
      files.set(copy.file, { copyFrom: output.finalPath(copy.file) });
      if (!list || !copy.listed) continue;
      markdown = fs.readFileSync(path.join(output.dir, copy.file), 'utf8');
    } else continue;
    if (!list || !copy.listed) continue;
    const text = markdown;
    listed.push({
      url: origin + withBase(config.baseUrl, `/${copy.file}`),
      title: guide?.title ?? markdownTitle(typeof text === 'string' ? text : text()),
      description: copy.description,
      section: guide?.standalone ? 'Pages' : page.route === '/guides' || page.route.startsWith('/guides/') ? 'Guides' : 'API',
      get markdown() {
        return typeof text === 'string' ? text : text();
      },
      // Pages no sidebar shows come after those it does, in the pages' order.
      order: copy.order ?? site.pages.length + i,
    });
  }
  return listed.sort((a, b) => a.order - b.order);
}
