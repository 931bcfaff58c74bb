// Standalone pages a project writes itself (SPEC's "standalone page"): content/pages/<name>.tsx,
// a React component as its default export, becomes the route /<name> inside the site's shell.
// The page model is small on purpose: its body names the component (`kind: 'custom'`), which the
// project's compiled templates render (src/theme/compileTemplates.ts). Its head comes from
// `export const title = '…'` and `export const description = '…'` (string literals, read
// here without running the file), else from the file name.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { byPolicy, error, type Diagnostic } from '../diagnostics/diagnostic';
import type { PageModel } from '../shared/viewModels';
import { PAGE_NAME, RESERVED_PAGE_NAMES } from '../content/standalonePages';
import { filesIn } from '../content/regularFiles';

export interface CustomPageSource {
  /** `pricing`: the file's name, and the route's (`/pricing`). */
  name: string;
  /** Absolute path of the .tsx file. */
  file: string;
  title: string;
  description: string;
}

/** Routes the site makes itself: a custom page cannot take them. */

export function customPagesDir(config: Pick<ResolvedConfig, 'contentDir'>): string {
  return path.join(config.contentDir, 'pages');
}

/** The custom pages' files, in name order, with what is wrong with any of them. */
export function findCustomPages(config: Pick<ResolvedConfig, 'contentDir' | 'onDuplicateRoutes'>): { pages: CustomPageSource[]; diagnostics: Diagnostic[] } {
  const dir = customPagesDir(config);
  const diagnostics: Diagnostic[] = [];
  const entries = filesIn(dir, (f) => f.endsWith('.tsx'), 'pages', diagnostics);
  const pages: CustomPageSource[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    const name = entry.slice(0, -4);
    if (!PAGE_NAME.test(name)) {
      diagnostics.push(error('custom-page-name', `The page file ${entry} needs a name of lowercase letters, digits and "-": it is the page's URL (/${name}).`, { location: { file } }));
      continue;
    }
    if (RESERVED_PAGE_NAMES.has(name)) {
      diagnostics.push(...byPolicy(config.onDuplicateRoutes, 'duplicate-route', `The route /${name} is docsgen's own; the page ${entry} is left out.`, { location: { file }, hint: 'Rename the file.' }));
      continue;
    }
    const source = fs.readFileSync(file, 'utf8');
    pages.push({ name, file, title: stringExport(source, 'title') ?? titleOf(name), description: stringExport(source, 'description') ?? '' });
  }
  return { pages, diagnostics };
}

/** `export const <name> = '…'` (or "…"), when the file has one. */
function stringExport(source: string, name: string): string | undefined {
  const m = new RegExp(`^export\\s+const\\s+${name}\\s*(?::\\s*string\\s*)?=\\s*(['"])((?:\\\\.|(?!\\1).)*)\\1`, 'm').exec(source);
  return m ? m[2].replace(/\\(.)/g, '$1') : undefined;
}

/** `api-status` → `Api status`. */
function titleOf(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The page model of each custom page: its route, its head, and a body naming its component. */
export function customPageModels(pages: readonly CustomPageSource[], head: (title: string, route: string, description: string) => PageModel['head']): PageModel[] {
  return pages.map((p) => ({ route: `/${p.name}`, head: head(p.title, `/${p.name}`, p.description), section: 'other', body: { kind: 'custom', name: p.name, title: p.title } }));
}

/** The custom pages into the site stage's pages (and their files into `sources`, for error reports). */
export function addCustomPages(config: Pick<ResolvedConfig, 'contentDir' | 'onDuplicateRoutes'>, head: (title: string, route: string, description: string) => PageModel['head'], pages: PageModel[], sources: Map<string, string>, diagnostics: Diagnostic[]): void {
  const found = findCustomPages(config);
  diagnostics.push(...found.diagnostics);
  const taken = new Set(pages.map((p) => p.route));
  customPageModels(found.pages, head).forEach((page, i) => {
    // content/pages/<name>.md made the route already (content/standalonePages.ts).
    if (taken.has(page.route)) {
      diagnostics.push(...byPolicy(config.onDuplicateRoutes, 'duplicate-route', `The route ${page.route} is produced by both ${path.basename(found.pages[i].file)} and ${path.basename(found.pages[i].file, '.tsx')}.md; the .tsx page is left out.`, { location: { file: found.pages[i].file }, hint: 'Keep one of the two files.' }));
      return;
    }
    pages.push(page);
    sources.set(page.route, found.pages[i].file);
  });
}
