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

/** Adds every copy, and the latest version's llms.txt and llms-full.txt, to `files`. */
export function addMarkdownFiles(files: OutputFiles, latest: MarkdownSite, unlisted: readonly MarkdownSite[], output?: WrittenOutput): void {
  if (!latest.config.llms.enabled) return;
  const listed = siteCopies(files, latest, output, true);
  for (const site of unlisted) siteCopies(files, site, output, false);
  const site = { title: latest.config.title, summary: latest.config.tagline };
  files.set('llms.txt', llmsTxt(site, listed));
  files.set('llms-full.txt', llmsFullTxt(site, listed));
}

/** A version's copies into `files`; returns them as llms.txt lists them. */
function siteCopies(files: OutputFiles, site: MarkdownSite, output: WrittenOutput | undefined, list: boolean): LlmsPage[] {
  const { config } = site;
  const guides = new Map(site.guides.map((doc) => [doc.route, doc]));
  const context = guideContext(config.url, (route) => pageHref(config, route));
  const origin = originOf(config.url);
  const listed: (LlmsPage & { order: number })[] = [];
  for (const [i, page] of site.pages.entries()) {
    const copy = page.markdown;
    if (!copy) continue;
    const guide = guides.get(page.route);
    let markdown = guide ? guideMarkdown(guide, context) : copy.text;
    if (markdown !== undefined) files.set(copy.file, markdown);
    else if (output) {
      files.set(copy.file, { copyFrom: output.finalPath(copy.file) });
      if (!list || !copy.listed) continue;
      markdown = fs.readFileSync(path.join(output.dir, copy.file), 'utf8');
    } else continue;
    if (!list || !copy.listed) continue;
    listed.push({
      url: origin + withBase(config.baseUrl, `/${copy.file}`),
      title: guide?.title ?? markdownTitle(markdown),
      description: copy.description,
      section: guide?.standalone ? 'Pages' : page.route === '/guides' || page.route.startsWith('/guides/') ? 'Guides' : 'API',
      markdown,
      // Pages no sidebar shows come after those it does, in the pages' order.
      order: copy.order ?? site.pages.length + i,
    });
  }
  return listed.sort((a, b) => a.order - b.order);
}
