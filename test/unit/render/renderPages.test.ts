import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { PROGRESS_THRESHOLD, renderPages } from '../../../src/render/renderPages';
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
});
