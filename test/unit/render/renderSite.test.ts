import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { renderSite } from '../../../src/render/renderSite';
import { page, site } from '../../helpers/models';

const pages = Array.from({ length: 60 }, (_, i) => page(`/p${i}`, { kind: 'notFound', homeHref: `/home-${i}`, guidesHref: '/guides', apiHref: '/api' }));
const options = { logger: createMemoryLogger(), sources: new Map<string, string>(), assets: { runtime: '/assets/js/runtime.js', islands: {} }, fileOf: (route: string) => `${route.slice(1)}/index.html` };

describe('render/renderSite', () => {
  it('writes each page into the output folder as rendered, returning its anchors and size instead of its HTML', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
    for (const threads of [1, 3]) {
      const out = path.join(outDir, String(threads));
      const result = await renderSite(site, pages, { ...options, outDir: out, threads });
      expect(result.map((r) => r.route)).toEqual(pages.map((p) => p.route));
      expect(result.every((r) => r.html === undefined && r.ids?.has('main-content'))).toBe(true);
      const html = fs.readFileSync(path.join(out, 'p42/index.html'), 'utf8');
      expect(html).toContain('href="/home-42"');
      expect(result[42].bytes).toBe(Buffer.byteLength(html));
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('with `release`, lets go of each model once a worker has it, and still writes every page', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-render-'));
    const models = [...pages];
    const result = await renderSite(site, models, { ...options, outDir, threads: 2, release: true });
    expect(models).toHaveLength(pages.length);
    expect(models.every((m) => m === undefined)).toBe(true);
    expect(result.map((r) => r.route)).toEqual(pages.map((p) => p.route));
    expect(fs.readFileSync(path.join(outDir, 'p59/index.html'), 'utf8')).toContain('href="/home-59"');
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('fails with the route and source of a page a worker could not render', async () => {
    const broken = page('/guides/broken', { kind: 'doc', doc: null as never });
    const all = [...pages.slice(0, 40), broken, ...pages.slice(40)];
    const error = await renderSite(site, all, { ...options, sources: new Map([['/guides/broken', '/src/broken.md']]), threads: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    const d = (error as DocsgenError).diagnostics[0];
    expect(d.text).toMatch(/^Rendering the page \/guides\/broken failed: /);
    expect(d.location?.file).toBe('/src/broken.md');
  });
});
