// content/pages/<name>.md: a standalone page (SPEC's "standalone page") at /<name>, written like
// a guide (front matter, admonitions, tables, code, links and images all work) and shown in the
// site's shell without the guides' sidebar, breadcrumbs or previous/next links. The React pages
// beside them (<name>.tsx) are src/site/customPages.ts's.
import path from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic';
import { filesIn } from './regularFiles';
import { parseMarkdownFile } from './frontmatter';
import { routeProblem, type GuideSource, type ParsedFileCache } from './discover';

/** First segments the site's own pages and files use: a standalone page (.md or .tsx) cannot take them. */
export const RESERVED_PAGE_NAMES: ReadonlySet<string> = new Set(['guides', 'api', 'search', '404', 'assets', 'img', 'index', 'sitemap', 'llms', 'llms-full']);
/** A page's name is its URL: lower-case letters, digits and dashes. */
export const PAGE_NAME = /^[a-z0-9][a-z0-9-]*$/;

export function standalonePagesDir(contentDir: string): string {
  return path.join(contentDir, 'pages');
}

/** The `.md` pages of `content/pages/` (not its subfolders), in name order, as guide sources routed at `/<name>`. */
export function discoverStandalonePages(contentDir: string, cache?: ParsedFileCache): { sources: GuideSource[]; diagnostics: Diagnostic[] } {
  const dir = standalonePagesDir(contentDir);
  const sources: GuideSource[] = [];
  const diagnostics: Diagnostic[] = [];
  const names = filesIn(dir, (f) => f.endsWith('.md') && !f.startsWith('_'), 'pages', diagnostics);
  for (const fileName of names) {
    const file = path.join(dir, fileName);
    const name = fileName.slice(0, -'.md'.length);
    const hit = cache?.get(file);
    const parsed = hit && 'guide' in hit ? hit : { guide: parseMarkdownFile(file) };
    if (cache && parsed !== hit) cache.set(file, parsed);
    diagnostics.push(...parsed.guide.diagnostics);
    const slug = parsed.guide.frontMatter.slug?.replace(/^\/+|\/+$/g, '');
    const route = slug ?? name;
    const problem = !PAGE_NAME.test(route) && !(slug && /^[a-z0-9][a-z0-9/-]*$/.test(slug)) ? 'is not a page name docsgen can route: use lower-case letters, digits and dashes' : RESERVED_PAGE_NAMES.has(route.split('/')[0]) ? `would take /${route.split('/')[0]}, which the site's own pages use` : routeProblem(`/${route}`);
    if (problem) {
      diagnostics.push(error('standalone-page-name', `The page ${slug ? `slug "${slug.length > 80 ? `${slug.slice(0, 80)}…` : slug}"` : `name "${name}"`} ${problem}.`, { location: { file }, hint: 'Rename the file (pricing.md becomes /pricing), or set `slug` in its front matter.' }));
      continue;
    }
    parsed.source ??= {
      file,
      // Translations are looked up beside the guides' (i18n/<locale>/guides/<relPath>): i18n/<locale>/pages/<name>.md.
      relPath: `../pages/${fileName}`,
      dirs: [],
      route: `/${route}`,
      frontMatter: parsed.guide.frontMatter,
      body: parsed.guide.body,
      bodyLineOffset: parsed.guide.bodyLineOffset,
      standalone: true,
    };
    sources.push(parsed.source);
  }
  return { sources, diagnostics };
}
