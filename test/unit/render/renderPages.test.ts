import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { idsOf, PROGRESS_THRESHOLD, renderPage, renderPages } from '../../../src/render/renderPages';
import { page, site } from '../../helpers/models';

describe('render/renderPages', () => {
  it('fails the build with the page path and the error when a template throws', () => {
    const broken = page('/guides/broken', { kind: 'doc', doc: null as never });
    try {
      renderPages(site, [broken], { logger: createMemoryLogger(), sources: new Map([['/guides/broken', '/src/broken.md']]) });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DocsgenError);
      const d = (e as DocsgenError).diagnostics[0];
      expect(d.text).toMatch(/^Rendering the page \/guides\/broken failed: /);
      expect(d.location?.file).toBe('/src/broken.md');
    }
  });

  it(`shows progress only for builds of more than ${PROGRESS_THRESHOLD} pages`, () => {
    const few = Array.from({ length: PROGRESS_THRESHOLD }, (_, i) => page(`/p${i}`, { kind: 'search', actionHref: '/search' }));
    const small = createMemoryLogger();
    renderPages(site, few, { logger: small, sources: new Map() });
    expect(small.lines).toEqual([]);
    const many = [...few, page('/extra', { kind: 'search', actionHref: '/search' })];
    const big = createMemoryLogger();
    renderPages(site, many, { logger: big, sources: new Map() });
    expect(big.lines.at(-1)).toBe(`rendering pages ${many.length}/${many.length}`);
    expect(big.lines.length).toBeGreaterThan(1);
  });

  it('finds the anchors a link may point at: every id attribute of the page, and nothing else', () => {
    // The link check's targets: an id written after a line break or a tab counts (raw HTML in a
    // guide); a data-id, an empty id, an id="…" in text or in another attribute (escaped, as React
    // and the sanitiser write them) and an unclosed one do not.
    const html = [
      '<h2 id="query-parameters">Query</h2><div\n id="after-newline" class="x"></div>',
      '<span data-id="not-an-anchor"></span><a\tid="tabbed">t</a><p id="">empty</p>',
      '<p>Write id=&quot;in-text&quot; in prose</p><p id="same">1</p><p id="same">2</p>',
      '<p title="a id=&quot;x&quot;" id="after-attribute">x</p><i id="unclosed',
    ].join('');
    const ids = [...idsOf(html)];
    expect(ids).toEqual(['query-parameters', 'after-newline', 'tabbed', 'same', 'after-attribute']);
    // What the page really holds, parsed.
    const $ = cheerio.load(html);
    const parsed = $('[id]').map((_, el) => $(el).attr('id')).get().filter((id) => id !== '' && id !== 'unclosed');
    expect(new Set(ids)).toEqual(new Set(parsed));
  });

  it('ends the body with the manifest of the islands the page rendered, then the runtime', () => {
    const assets = { runtime: '/assets/js/runtime-X.js', islands: { TryIt: '/assets/js/try-it.js', SearchPage: '/assets/js/search-page.js', MobileMenu: '/assets/js/mobile-menu.js' } };
    const $ = cheerio.load(renderPage(site, page('/search', { kind: 'search', actionHref: '/search' }), assets));
    const last = $('body').children().slice(-2);
    expect(last.eq(0).is('script#docsgen-islands[type="application/json"]')).toBe(true);
    expect(last.eq(1).is('script[type="module"]')).toBe(true);
    expect(last.eq(1).attr('src')).toBe('/assets/js/runtime-X.js');
    // Only the islands this page shows are loaded (not TryIt), by name.
    expect($('[data-island]').map((_, e) => $(e).attr('data-island')).get().sort()).toEqual(['MobileMenu', 'SearchPage']);
    const manifest = JSON.parse(last.eq(0).text());
    expect(manifest).toEqual({ baseUrl: '/', islands: { MobileMenu: '/assets/js/mobile-menu.js', SearchPage: '/assets/js/search-page.js' } });
    expect(Object.keys(manifest.islands)).toEqual(['MobileMenu', 'SearchPage']);
  });

  it('writes the island manifest so no value can close its script element', () => {
    const baseUrl = '/x"</script><script>alert(1)//';
    const render = (base: string) => cheerio.load(renderPage({ ...site, baseUrl: base }, page('/search', { kind: 'search', actionHref: '/search' }), { runtime: '/assets/js/runtime-X.js', islands: {} }));
    const $ = render(baseUrl);
    // No script element more than with a harmless base URL: nothing was closed early.
    expect($('script')).toHaveLength(render('/docs/')('script').length);
    expect(JSON.parse($('#docsgen-islands').text()).baseUrl).toBe(baseUrl);
    expect($('script[type="module"]').attr('src')).toBe(`${baseUrl.replace(/\/$/, '')}/assets/js/runtime-X.js`);
  });
});
