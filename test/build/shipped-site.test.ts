// The shipped site: `docsgen build` on this repository's config, content and spec.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { htmlParseErrors, listFiles, repoRoot } from '../helpers/fixture';

const guideRoutes = [
  '/guides/getting-started/quick-start',
  '/guides/getting-started/beta-endpoints-program',
  '/guides/getting-started/data-sources-and-version-numbers',
  '/guides/boundaries/getting-started',
  '/guides/boundaries/cities-vs-postal-cities',
  '/guides/boundaries/virtual-layers',
  '/guides/market-statistics/getting-started',
  '/guides/market-statistics/dictionary',
  '/guides/market-statistics/mls',
  '/guides/market-statistics/reso-fields',
  '/guides/schools/school-ids',
];

let out: string;
let result: BuildResult;
const page = (route: string) => cheerio.load(fs.readFileSync(path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8'));

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-shipped-'));
  result = await build({ root: repoRoot, outDir: out, logger: createMemoryLogger() });
});

describe('the shipped site', () => {
  it('shows /api/listings without a sidebar (SPEC §2), registered once, and every other API page with it', () => {
    expect(page('/api/listings')('aside.doc-sidebar')).toHaveLength(0);
    expect(page('/api/listings')('main h1').text()).toBe('Listings');
    for (const route of ['/api/boundaries', '/api/vector-tile', '/api/search-boundaries']) expect(page(route)('aside.doc-sidebar'), route).toHaveLength(1);
    // The Listings category is still in the sidebar of the other pages.
    expect(page('/api/boundaries')('aside.doc-sidebar').text()).toContain('Listings');
    const routes = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8').match(/<loc>[^<]*\/api\/listings<\/loc>/g);
    expect(routes).toHaveLength(1);
  });

  it('carries the site version (SPEC §9: 0.0.0) in every page head', () => {
    for (const route of ['/', '/api/listings', guideRoutes[0]]) expect(page(route)('meta[name="docs-version"]').attr('content'), route).toBe('0.0.0');
  });

  it('writes every guide route, the section landings, search, home, 404 and the sitemap', () => {
    const files = new Set(listFiles(out));
    for (const route of [...guideRoutes, '/guides', '/api', '/search', '/guides/tags']) expect(files, route).toContain(`${route.slice(1)}/index.html`);
    for (const file of ['index.html', '404.html', 'sitemap.xml']) expect(files).toContain(file);
  });

  it('produces pages that parse without a single HTML error', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBe(result.pages);
    for (const file of pages) expect(htmlParseErrors(fs.readFileSync(path.join(out, file), 'utf8')), file).toEqual([]);
  });

  it('has no broken link on any page: every internal href is a written file and every #anchor exists', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    const files = new Set(listFiles(out));
    for (const file of pages) {
      const $ = cheerio.load(fs.readFileSync(path.join(out, file), 'utf8'));
      const idList = $('[id]').map((_, el) => $(el).attr('id')).get();
      const ids = new Set(idList);
      expect(idList.length, `${file}: duplicate ids ${idList.filter((id, i) => idList.indexOf(id) !== i).join(', ')}`).toBe(ids.size);
      $('a[href]').each((_, a) => {
        const href = $(a).attr('href')!;
        if (/^[a-z]+:|^\/\//i.test(href)) return;
        const [target, hash] = href.split('#');
        if (target === '') {
          expect(ids.has(decodeURIComponent(hash)), `${file}: ${href}`).toBe(true);
          return;
        }
        const rel = target.replace(/^\//, '');
        const exists = files.has(rel) || files.has(`${rel}/index.html`.replace(/^\/+/, '')) || (rel === '' && files.has('index.html'));
        expect(exists, `${file}: ${href}`).toBe(true);
        if (hash) {
          const html = fs.readFileSync(path.join(out, files.has(rel) ? rel : `${rel}/index.html`), 'utf8');
          expect(cheerio.load(html)(`[id="${hash}"]`).length, `${file}: ${href}`).toBe(1);
        }
      });
    }
  });

  it('makes quick-start the main guide page: the Guides navbar item and home button lead there', () => {
    const $ = page('/');
    expect($('a.navbar-link').filter((_, a) => $(a).text() === 'Guides').attr('href')).toBe('/guides/getting-started/quick-start');
    expect($('.hero-actions a').first().attr('href')).toBe('/guides/getting-started/quick-start');
    expect($('.hero-actions a').eq(1).attr('href')).toBe('/api');
  });

  it('writes guides of 300+ words with a table or a code sample each', () => {
    for (const route of guideRoutes) {
      const $ = page(route);
      const words = $('.markdown').text().split(/\s+/).filter(Boolean).length;
      expect(words, route).toBeGreaterThanOrEqual(300);
      expect($('.markdown table, .markdown pre').length, route).toBeGreaterThan(0);
    }
  });

  it('puts the site shell on every page: title, description, canonical, Open Graph, skip link, navbar, footer, lang', () => {
    const $ = page('/guides/boundaries/virtual-layers');
    expect($('html').attr('lang')).toBe('en');
    expect($('title').text()).toMatch(/^.+ \| API$/);
    expect($('meta[name="description"]').attr('content')).not.toBe('');
    expect($('link[rel="canonical"]').attr('href')).toBe('https://docs.hyperlocal.example/guides/boundaries/virtual-layers');
    expect($('meta[property="og:title"]').attr('content')).toBe($('title').text());
    expect($('meta[property="og:url"]').attr('content')).toBe('https://docs.hyperlocal.example/guides/boundaries/virtual-layers');
    expect($('a.skip-link').attr('href')).toBe('#main-content');
    expect($('#main-content')).toHaveLength(1);
    expect($('nav.navbar .navbar-title').text()).toBe('API');
    expect($('footer .footer-copyright').text()).toMatch(/^Copyright © 2025 /);
    expect($('.navbar-dropdown:not([data-version-menu]) .navbar-dropdown-menu a').map((_, a) => $(a).text()).get()).toEqual(['English']);
    // Its versions: Next and 2025-06, then the API changelog.
    expect($('[data-version-menu] .navbar-dropdown-menu a').map((_, a) => $(a).text()).get()).toEqual(['Next', '2025-06', 'API changelog']);
  });

  it('marks the current page in an expanded guides sidebar with no way to hide it', () => {
    const $ = page('/guides/market-statistics/mls');
    expect($('nav.sidebar[aria-label="Guides sidebar"] details').length).toBe(4);
    expect($('nav.sidebar details:not([open])')).toHaveLength(0);
    expect($('nav.sidebar summary').map((_, s) => $(s).text()).get()).toEqual(['Getting Started', 'Boundaries', 'Market Statistics', 'Schools']);
    expect($('nav.sidebar a[aria-current="page"]').attr('href')).toBe('/guides/market-statistics/mls');
    expect($('nav.sidebar a').first().attr('href')).toBe('/guides/getting-started/quick-start');
  });

  it('carries the sidebar once per page: the mobile drawer copies it in the browser instead of shipping it again as props', () => {
    for (const route of ['/guides/market-statistics/mls', '/api/search-boundaries']) {
      const $ = page(route);
      const sidebarLinks = $('.doc-sidebar nav.sidebar a').map((_, a) => $(a).attr('href')).get();
      expect(sidebarLinks.length).toBeGreaterThan(5);
      const props = JSON.parse($('[data-island="MobileMenu"]').attr('data-props')!);
      expect(props.hasSidebar).toBe(true);
      const serialised = JSON.stringify(props);
      for (const href of sidebarLinks.filter((h) => !['/guides/getting-started/quick-start', '/api'].includes(h))) expect(serialised).not.toContain(href);
    }
    expect(JSON.parse(page('/').root().find('[data-island="MobileMenu"]').attr('data-props')!).hasSidebar).toBe(false);
  });

  it('shows a table of contents of h2–h3 matching the headings, breadcrumbs with › and previous/next', () => {
    const $ = page('/guides/boundaries/getting-started');
    const headingIds = $('.markdown h2, .markdown h3').map((_, h) => $(h).attr('id')).get();
    expect($('.toc a').map((_, a) => $(a).attr('href')).get()).toEqual(headingIds.map((id) => `#${id}`));
    expect($('.breadcrumbs .breadcrumbs-separator').first().text()).toBe('›');
    expect($('.breadcrumbs li').map((_, li) => $(li).text().replace('›', '').trim()).get().slice(1)).toEqual(['Guides', 'Boundaries', $('.breadcrumbs [aria-current="page"]').text()]);
    expect($('.pagination a[rel="prev"]').attr('href')).toBe('/guides/getting-started/beta-endpoints-program');
    expect($('.pagination a[rel="next"]').attr('href')).toBe('/guides/boundaries/cities-vs-postal-cities');
  });

  it('lists tags and the docs of each tag', () => {
    const $ = page('/guides/tags');
    const tagLinks = $('.tag-cloud a').map((_, a) => $(a).attr('href')).get();
    expect(tagLinks).toContain('/guides/tags/boundaries');
    const $tag = page('/guides/tags/boundaries');
    expect($tag('.tag-doc-list a').map((_, a) => $tag(a).attr('href')).get()).toContain('/guides/boundaries/virtual-layers');
  });

  it('rewrites relative .md links to routes and copies images with hashed names', () => {
    const $ = page('/guides/boundaries/cities-vs-postal-cities');
    const hrefs = $('.markdown a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs.some((h) => h.endsWith('.md') || h.includes('.md#'))).toBe(false);
    const src = $('.markdown img').attr('src')!;
    expect(src).toMatch(/^\/assets\/images\/cities-vs-postal-cities-[0-9a-f]{8}\.svg$/);
    expect(fs.existsSync(path.join(out, src))).toBe(true);
  });

  it('lists every listed page in sitemap.xml, and not the search or 404 pages', () => {
    const $ = cheerio.load(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), { xml: true });
    const locs = $('loc').map((_, l) => $(l).text()).get();
    for (const route of guideRoutes) expect(locs).toContain(`https://docs.hyperlocal.example${route}`);
    expect(locs).toContain('https://docs.hyperlocal.example/');
    expect(locs).not.toContain('https://docs.hyperlocal.example/search');
    expect(locs.some((l) => l.includes('404'))).toBe(false);
    expect(locs).toContain('https://docs.hyperlocal.example/api/search-boundaries');
  });

  it('carries both colour themes in the stylesheet and applies the stored mode before first paint', () => {
    const $ = page('/');
    const css = fs.readFileSync(path.join(out, $('link[rel="stylesheet"]').attr('href')!), 'utf8');
    expect(css).toContain("[data-theme='dark']");
    const script = $('head script').first().html()!;
    expect(script).toContain("localStorage.getItem('theme')");
    expect(script).toContain("matchMedia('(prefers-color-scheme: ");
    // The script comes before the stylesheet so the first paint already has the right theme.
    expect($('head').html()!.indexOf('<script>')).toBeLessThan($('head').html()!.indexOf('rel="stylesheet"'));
  });

  it('marks the search page noindex and writes the not-found page at the root', () => {
    expect(page('/search')('meta[name="robots"]').attr('content')).toBe('noindex');
    const $ = cheerio.load(fs.readFileSync(path.join(out, '404.html'), 'utf8'));
    expect($('h1').text()).toBe('Page not found');
  });

  it('shows the Copy page control on every page that has a Markdown copy, pointing at that copy (#20)', () => {
    const files = listFiles(out);
    const withCopy: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.html'))) {
      const $ = cheerio.load(fs.readFileSync(path.join(out, file), 'utf8'));
      const href = $('link[rel="alternate"][type="text/markdown"]').attr('href');
      const control = $('[data-island="CopyPage"]');
      if (href === undefined) {
        expect(control, file).toHaveLength(0);
        continue;
      }
      withCopy.push(file);
      expect(control, file).toHaveLength(1);
      expect(JSON.parse(control.attr('data-props')!), file).toEqual({ href });
      expect(files, file).toContain(href.slice(1));
    }
    // Every kind of page: home, landings, guides, tag lists, API overview, groups, operations, schemas, changelog, both versions.
    for (const file of ['index.html', 'guides/index.html', 'api/index.html', 'guides/tags/index.html', 'api/boundaries/index.html', 'api/search-boundaries/index.html', 'api/schemas/index.html', 'api/changelog/index.html', 'guides/2025-06/boundaries/virtual-layers/index.html']) {
      expect(withCopy, file).toContain(file);
    }
  });
});
