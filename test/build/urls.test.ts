// baseUrl and trailingSlash: where files go and what every emitted link looks like.
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource, listFiles } from '../helpers/fixture';

const files = (overrides: Record<string, unknown>) => ({
  'docsgen.config.ts': configSource({ baseUrl: '/docs/', navbar: { items: [{ label: 'Guides', to: '/guides/a/index.html', position: 'left' }] }, ...overrides }),
  'content/guides/a.md': '---\ntitle: A\n---\nSee [B](./b.md#part), [C written with slash](/guides/c/) and [C as html](/guides/c.html).\n\n![Pic](./pic.svg)\n',
  'content/guides/b.md': '---\ntitle: B\n---\n## Part\n\nText.\n',
  'content/guides/c.md': '---\ntitle: C\n---\nText.\n',
  'content/guides/pic.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
});

async function site(trailingSlash: boolean | undefined) {
  const f = await buildFiles(files(trailingSlash === undefined ? {} : { trailingSlash }));
  const page = trailingSlash === false ? 'guides/a.html' : 'guides/a/index.html';
  const $ = f.$(page);
  return {
    f,
    files: listFiles(f.result.config.outDir),
    content: $('.markdown a').map((_, a) => $(a).attr('href')).get(),
    navbar: $('a.navbar-link').attr('href'),
    sidebar: $('nav.sidebar a').map((_, a) => $(a).attr('href')).get(),
    canonical: $('link[rel="canonical"]').attr('href'),
    stylesheet: $('link[rel="stylesheet"]').attr('href')!,
    image: $('.markdown img').attr('src')!,
  };
}

describe('URLs', () => {
  it('trailingSlash: true → x/index.html and every link ends in /', async () => {
    const s = await site(true);
    expect(s.files).toContain('guides/a/index.html');
    expect(s.content).toEqual(['/docs/guides/b/#part', '/docs/guides/c/', '/docs/guides/c/']);
    expect(s.navbar).toBe('/docs/guides/a/');
    expect(s.sidebar).toEqual(['/docs/guides/a/', '/docs/guides/b/', '/docs/guides/c/']);
    expect(s.canonical).toBe('https://docs.test.example/docs/guides/a/');
  });

  it('trailingSlash: false → x.html and links without slash', async () => {
    const s = await site(false);
    expect(s.files).toContain('guides/a.html');
    expect(s.files).not.toContain('guides/a/index.html');
    expect(s.content).toEqual(['/docs/guides/b#part', '/docs/guides/c', '/docs/guides/c']);
    expect(s.navbar).toBe('/docs/guides/a');
    expect(s.canonical).toBe('https://docs.test.example/docs/guides/a');
  });

  it('trailingSlash unset → x/index.html and links as written (index.html and .html normalised)', async () => {
    const s = await site(undefined);
    expect(s.files).toContain('guides/a/index.html');
    expect(s.content).toEqual(['/docs/guides/b#part', '/docs/guides/c/', '/docs/guides/c']);
    expect(s.navbar).toBe('/docs/guides/a/');
    expect(s.sidebar).toEqual(['/docs/guides/a', '/docs/guides/b', '/docs/guides/c']);
  });

  it('puts baseUrl on assets: stylesheet, favicon and images, which exist at those paths', async () => {
    const s = await site(undefined);
    for (const href of [s.stylesheet, s.image]) {
      expect(href.startsWith('/docs/')).toBe(true);
      expect(s.files).toContain(href.slice('/docs/'.length));
    }
    expect(s.f.$('index.html')('link[rel="icon"]').attr('href')).toBe('/docs/img/favicon.svg');
  });
});
