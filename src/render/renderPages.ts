// The render stage: each page model through its template with renderToString. A template that
// throws fails the build with the route and the error; nothing has been written yet.
import { renderToString } from 'react-dom/server';
import { renderTemplate } from '../../templates/index';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';
import type { PageModel, SiteModel } from '../shared/viewModels';

/** Builds above this many pages show a progress indicator. */
export const PROGRESS_THRESHOLD = 200;

export interface RenderedPage {
  route: string;
  html: string;
}

export function renderPages(site: SiteModel, pages: PageModel[], options: { logger: Logger; sources: Map<string, string> }): RenderedPage[] {
  const out: RenderedPage[] = [];
  const showProgress = pages.length > PROGRESS_THRESHOLD;
  for (const [i, page] of pages.entries()) {
    try {
      out.push({ route: page.route, html: '<!DOCTYPE html>' + renderToString(renderTemplate(site, page)) });
    } catch (cause) {
      throw new DocsgenError(
        [
          error('render-failed', `Rendering the page ${page.route} failed: ${(cause as Error).message}`, {
            location: { file: options.sources.get(page.route) ?? page.route },
            notes: (cause as Error).stack?.split('\n').slice(1, 4).map((l) => l.trim()),
          }),
        ],
        { cause },
      );
    }
    if (showProgress && (i % 25 === 24 || i === pages.length - 1)) options.logger.progress('rendering pages', i + 1, pages.length);
  }
  return out;
}
