// The site's code: the islands bundle, and, when the project's theme folder overrides built-in
// components or it has pages of its own (content/pages/*.tsx), the templates compiled with them
// (loaded here, so the render stage finds them). Without either this is the islands bundle as
// always: no esbuild run for the templates.
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { DocsgenError } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';
import { bundleIslandsWithMemo, type IslandAssets } from '../islands/bundle';
import { digest, type Memo } from '../cache/memo';
import { templatesDir } from './builtins';
import { compileTemplates, type ThemeModule } from './compileTemplates';
import { checkCustomPages, resolveOverrides } from './exportsOf';
import { customPagesDir, findCustomPages } from '../site/customPages';
import { islandBudgetReport, islandCost } from './islandBudget';
import { findOverrides, folderStamps } from './overrides';
import { loadThemeModule } from './templateModule';

const THEME_STAGE = 'theme';

export async function bundleSiteCode(memo: Memo | undefined, config: Pick<ResolvedConfig, 'root' | 'themeDir' | 'contentDir' | 'onDuplicateRoutes'>, options: { minify: boolean; logger: Logger }): Promise<IslandAssets> {
  const overrides = findOverrides(config.themeDir);
  // The site stage reports what is wrong with the pages' names; here only the files it keeps.
  const customPages = findCustomPages(config).pages;
  if (overrides.length === 0 && customPages.length === 0) return bundleIslandsWithMemo(memo, { minify: options.minify });
  const { resolved, diagnostics } = await resolveOverrides(overrides);
  diagnostics.push(...(await checkCustomPages(customPages.map((p) => p.file))));
  if (diagnostics.length > 0) throw new DocsgenError(diagnostics);
  const pagesDir = customPagesDir(config);
  // The islands import no component, page or layout: only island overrides change their bundle,
  // and without one the compiled CLI's prebuilt islands serve as always.
  const islandOverrides = resolved.filter((o) => o.builtin.folder === 'islands');
  const [templates, islands] = await Promise.allSettled([
    compileWithMemo(memo, [config.themeDir, pagesDir], () => compileTemplates(resolved, { root: config.root, themeDir: config.themeDir, customPages, customPagesDir: pagesDir })),
    bundleIslandsWithMemo(memo, { minify: options.minify, overrides: islandOverrides, themeDir: config.themeDir }),
  ]);
  // A compile error is reported once, from the templates (which import the islands too).
  if (templates.status === 'rejected') throw templates.reason;
  if (islands.status === 'rejected') throw islands.reason;
  await loadThemeModule(templates.value);
  const assets = { ...islands.value, theme: templates.value };
  // Measured on the production bundle only: serve's development React is several times larger.
  if (islandOverrides.length > 0 && options.minify) {
    const fileOf = (name: string) => path.relative(config.root, islandOverrides.find((o) => o.builtin.name === name)!.file);
    const report = islandBudgetReport(
      islandOverrides.map((o) => islandCost(assets, o.builtin.name)),
      fileOf,
    );
    for (const line of report.lines) options.logger.info(line);
    for (const d of report.diagnostics) options.logger.diagnostic(d);
  }
  return assets;
}

/** serve --watch compiles again only when a theme file or a custom page (or a template of docsgen's) changed. */
function compileWithMemo(memo: Memo | undefined, dirs: string[], compile: () => Promise<ThemeModule>): Promise<ThemeModule> {
  if (!memo?.live) return compile();
  const key = digest(...dirs.flatMap((dir) => [dir, ...folderStamps(dir)]), ...folderStamps(templatesDir));
  const kept = memo.get<Promise<ThemeModule>>(THEME_STAGE, key);
  if (kept) return kept;
  const made = compile();
  memo.set(THEME_STAGE, key, made);
  return made;
}

/**
 * The compiled templates and islands for `check-links`, which renders a page only to learn its
 * ids: the same templates as the build's (a project's override may add or drop ids, a custom
 * page has no built-in template at all). Undefined when the site has neither.
 */
export async function siteCodeForChecks(config: Pick<ResolvedConfig, 'root' | 'themeDir' | 'contentDir' | 'onDuplicateRoutes'>, logger: Logger): Promise<IslandAssets | undefined> {
  if (findOverrides(config.themeDir).length === 0 && findCustomPages(config).pages.length === 0) return undefined;
  return bundleSiteCode(undefined, config, { minify: true, logger });
}
