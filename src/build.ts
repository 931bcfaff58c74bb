// docsgen's pipeline. Each stage is a plain function of the resolved config and the previous
// stage's output, timed here in order:
//
//   config   docsgen.config.ts → validated ResolvedConfig
//   content  content/guides/**/*.md → front matter → markdown-it → GuideDoc[]
//   openapi  the spec (file or URL) → parsed document → what the API pages show
//   site     every route → page model (sidebars, TOC, breadcrumbs, tags); duplicate routes
//   islands  esbuild bundles the browser runtime and the islands → hashed JS files
//   render   page model → React renderToString → HTML (+ the scripts of the islands it uses)
//   links    every known link → checked against routes and anchors → diagnostics
//   output   everything into a temporary folder, swapped in only when all of it succeeded
//
// `build({ write: false })` stops before output and returns the files in memory.
import fs from 'node:fs';
import { loadConfig } from './config/load';
import type { InlineConfig, ResolvedConfig } from './config/types';
import { loadGuides } from './content/loadGuides';
import { DocsgenError, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic';
import { createLogger, type Logger } from './diagnostics/logger';
import { checkLinks } from './links/check';
import { collectLinks } from './links/collect';
import { writeOutput, type OutputFiles } from './output/write';
import { buildSiteModel } from './render/siteModel';
import { renderPages } from './render/renderPages';
import { generateSitemap } from './render/sitemap';
import { buildStylesheet, themeStaticFiles } from './render/styles';
import { buildSite } from './site/routes';
import { bundleIslands } from './islands/bundle';
import { routeToFile } from './shared/url';
import { loadSpec } from './openapi/load';
import { parseApi } from './openapi/parse';
import { buildApiModel } from './openapi/model';
import { createSpecMarkdown } from './openapi/markdown';

export interface BuildOptions extends InlineConfig {
  /** Write the site to outDir (default) or only return it. */
  write?: boolean;
  logger?: Logger;
  /** Build drafts too (`serve`). */
  dev?: boolean;
  /** Spec warnings are errors. */
  strict?: boolean;
}

export interface BuildResult {
  config: ResolvedConfig;
  /** Site-relative path → content; copied files point at their source. */
  files: OutputFiles;
  pages: number;
  /** Total bytes of the output. */
  bytes: number;
  diagnostics: Diagnostic[];
  /** Milliseconds per stage, in pipeline order. */
  timings: [stage: string, ms: number][];
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const logger = options.logger ?? createLogger();
  const timings: [string, number][] = [];
  const diagnostics: Diagnostic[] = [];
  const stage = <T>(name: string, run: () => T): T => {
    const start = performance.now();
    const result = run();
    timings.push([name, performance.now() - start]);
    return result;
  };
  // Warnings are printed as they are found; errors end the build at the end of their stage.
  const collect = (list: Diagnostic[]) => {
    const sorted = sortDiagnostics(list);
    diagnostics.push(...sorted);
    if (hasErrors(sorted)) throw new DocsgenError(diagnostics);
    for (const d of sorted) logger.diagnostic(d);
  };

  const configStart = performance.now();
  const { config } = await loadConfig(options, { dev: options.dev });
  timings.push(['config', performance.now() - configStart]);

  const guides = stage('content', () => loadGuides(config));
  collect(guides.diagnostics);

  let api: Parameters<typeof buildSite>[2];
  if (config.openapi) {
    const start = performance.now();
    const spec = await loadSpec(config.openapi.spec, { root: config.root, timeoutMs: config.openapi.timeoutMs });
    const parsed = await parseApi(spec, { strict: options.strict ?? false });
    const { model, diagnostics: modelDiagnostics } = buildApiModel(parsed.document, { onDuplicateRoutes: config.onDuplicateRoutes, source: spec.source });
    collect([...parsed.diagnostics, ...modelDiagnostics]);
    api = { model, document: parsed.document, markdown: createSpecMarkdown(config, spec.source), source: spec.source };
    timings.push(['openapi', performance.now() - start]);
  }

  const site = stage('site', () => buildSite(config, guides, api));
  collect(site.diagnostics);

  const islandsStart = performance.now();
  const assets = await bundleIslands({ minify: !options.dev });
  timings.push(['islands', performance.now() - islandsStart]);

  const stylesheet = buildStylesheet();
  const siteModel = buildSiteModel(config, stylesheet.path);
  const rendered = stage('render', () => renderPages(siteModel, site.pages, { logger, sources: site.sources, assets }));

  const files: OutputFiles = new Map();
  for (const page of rendered) files.set(page.route === '/404' ? '404.html' : routeToFile(page.route, config.trailingSlash), page.html);
  files.set(stylesheet.path, stylesheet.css);
  for (const [rel, content] of assets.files) files.set(rel, content);
  for (const [rel, abs] of themeStaticFiles()) files.set(rel, { copyFrom: abs });
  for (const [rel, abs] of guides.assets) files.set(rel, { copyFrom: abs });
  files.set('sitemap.xml', generateSitemap(site.pages.filter((p) => p.route !== '/404')));

  stage('links', () =>
    collect(
      checkLinks(
        [...collectLinks(config, guides.docs), ...(api?.markdown.links ?? [])],
        {
          routes: new Set(site.pages.filter((p) => p.route !== '/404').map((p) => p.route)),
          files: new Set([...files.keys()].map((f) => `/${f}`)),
          anchors: new Map(rendered.map((p) => [p.route, idsOf(p.html)])),
        },
        config,
      ),
    ),
  );

  if (options.write !== false) {
    stage('output', () => writeOutput(config.outDir, files, { root: config.root, protectedDirs: [config.contentDir] }));
  }
  let bytes = 0;
  for (const content of files.values()) {
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : 'copyFrom' in content ? fs.statSync(content.copyFrom).size : content.byteLength;
  }
  return { config, files, pages: rendered.length, bytes, diagnostics, timings };
}

/** Every id attribute of a rendered page: the anchors links may point at. */
function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) ids.add(m[1]);
  return ids;
}
