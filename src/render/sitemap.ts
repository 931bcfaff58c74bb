// sitemap.xml: every listed, indexable page under its canonical URL.
import { escapeHtml } from '../shared/html';
import type { PageModel } from '../shared/viewModels';

export function generateSitemap(pages: PageModel[]): string {
  const urls = pages
    .filter((p) => !p.head.noindex)
    .map((p) => p.head.canonical)
    .sort()
    .map((loc) => `  <url><loc>${escapeHtml(loc)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
