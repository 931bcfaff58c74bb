// The render stage: each page model through its template with renderToString. A template that
// throws fails the build with the route and the error; nothing has been written yet.
import path from 'node:path';
import { createElement, Fragment } from 'react';
import { lazyModule } from '../lazyModule';
import { templateOf } from '../theme/templateModule';
import type { ThemeModule } from '../theme/compileTemplates';
import { overrideThrowSite } from '../theme/renderErrors';
import type { IslandAssets } from '../islands/bundle';
import { withBase } from '../shared/url';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';
import type { PageModel, SiteModel } from '../shared/viewModels';
import { MAX_PAGE_BYTES, TIGHTEN_LEVELS, tightenPage } from './tightenPage';

const reactDomServer = lazyModule<typeof import('react-dom/server')>('react-dom/server');

/** Builds above this many pages show a progress indicator. */
export const PROGRESS_THRESHOLD = 200;

/** What rendering needs of the island bundle (render workers get no file contents). */
export type RenderAssets = Pick<IslandAssets, 'runtime' | 'islands' | 'theme'> & Partial<IslandAssets>;

export interface RenderedPage {
  route: string;
  html: string;
}

export function renderPages(site: SiteModel, pages: PageModel[], options: { logger: Logger; sources: Map<string, string>; assets?: IslandAssets }): RenderedPage[] {
  const out: RenderedPage[] = [];
  const showProgress = pages.length > PROGRESS_THRESHOLD;
  for (const [i, page] of pages.entries()) {
    try {
      out.push({ route: page.route, html: renderPage(site, page, options.assets) });
    } catch (cause) {
      throw renderFailed(page.route, cause as Error, options.sources);
    }
    if (showProgress && (i % 25 === 24 || i === pages.length - 1)) options.logger.progress('rendering pages', i + 1, pages.length);
  }
  return out;
}

/**
 * One page's whole HTML document. The same function runs in the render workers, so their bytes
 * are the serial ones. A page larger than MAX_PAGE_BYTES is rendered again from a tightened
 * model (src/render/tightenPage.ts) until it fits or no step is left.
 */
export function renderPage(site: SiteModel, page: PageModel, assets?: RenderAssets): string {
  let html = renderOnce(site, page, assets);
  for (let level = 1; level <= TIGHTEN_LEVELS && html.length > MAX_PAGE_BYTES / 3 && Buffer.byteLength(html) > MAX_PAGE_BYTES; level++) {
    const tightened = tightenPage(page, level);
    if (tightened === page) break;
    html = renderOnce(site, tightened, assets);
  }
  return html;
}

function renderOnce(site: SiteModel, page: PageModel, assets?: RenderAssets): string {
  const used = new Set<string>();
  const scripts = assets ? createElement(IslandScripts, { used, baseUrl: site.baseUrl, assets }) : null;
  return '<!DOCTYPE html>' + reactDomServer().renderToString(templateOf(assets?.theme)(site, page, used, scripts));
}

export function renderFailed(route: string, cause: { message: string; stack?: string }, sources: Map<string, string>, theme?: ThemeModule): DocsgenError {
  // A project's own component (an override, a custom page) that threw is named, at its line (src/theme/renderErrors.ts).
  const override = theme && overrideThrowSite(cause.stack, theme);
  if (override) {
    return new DocsgenError([error('render-failed', `Rendering the page ${route} failed in ${override.name}: ${cause.message}`, { location: override.location, notes: [`while rendering ${displayed(sources.get(route) ?? route)}`] })], { cause });
  }
  return new DocsgenError(
    [
      error('render-failed', `Rendering the page ${route} failed: ${cause.message}`, {
        location: { file: sources.get(route) ?? route },
        notes: cause.stack?.split('\n').slice(1, 4).map((l) => l.trim()),
      }),
    ],
    { cause },
  );
}

/**
 * Every id attribute of a rendered page: the anchors links may point at. Found with indexOf, not
 * a regular expression: on Microsoft Graph beta's 10 GB of HTML the expression took 10 s of each
 * render thread.
 */
export function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  let from = 0;
  for (let at = html.indexOf('id="'); at !== -1; at = html.indexOf('id="', from)) {
    from = at + 4;
    if (!WHITESPACE.test(html[at - 1] ?? '')) continue;
    const end = html.indexOf('"', from);
    if (end === -1) break;
    if (end === from) continue;
    ids.add(html.slice(from, end));
    from = end + 1;
  }
  return ids;
}

const WHITESPACE = /^\s$/;

/**
 * The runtime and the manifest of the islands this page uses, last in <body>. React renders in
 * document order, so by the time it gets here every island of the page has put itself in
 * `used`. (They used to be spliced in before `</body>` afterwards, which copied every page twice.)
 * The manifest is JSON in a script element, with `<` escaped so no value can close the element.
 */
function IslandScripts({ used, baseUrl, assets }: { used: Set<string>; baseUrl: string; assets: RenderAssets }) {
  const islands: Record<string, string> = {};
  for (const name of [...used].sort()) if (assets.islands[name]) islands[name] = withBase(baseUrl, assets.islands[name]);
  const manifest = JSON.stringify({ baseUrl, islands }).replace(/</g, '\\u003c');
  return createElement(
    Fragment,
    null,
    createElement('script', { type: 'application/json', id: 'docsgen-islands', dangerouslySetInnerHTML: { __html: manifest } }),
    createElement('script', { type: 'module', src: withBase(baseUrl, assets.runtime) }),
  );
}

/** A page's source as the terminal names it: relative to the working folder when it is a file. */
function displayed(source: string): string {
  return path.isAbsolute(source) ? path.relative(process.cwd(), source) || source : source;
}
