// Guide features end to end on small sites written in the test.
import { describe, expect, it } from 'vitest';
import { buildFiles, configSource } from '../helpers/fixture';

const guide = (fm: Record<string, unknown>, body = 'Some text.\n\n## First section\n\nMore.\n\n### Detail\n\nEven more.\n') =>
  `---\n${Object.entries(fm).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${body}`;

describe('guides', () => {
  it('builds unlisted pages with a banner and noindex, but keeps them out of sidebar, tags and sitemap', async () => {
    const f = await buildFiles({
      'content/guides/intro.md': guide({ title: 'Intro', tags: ['alpha'] }),
      'content/guides/secret.md': guide({ title: 'Secret', unlisted: true, tags: ['alpha', 'hidden'] }),
    });
    const $ = f.$('guides/secret/index.html');
    expect($('.page-banner-unlisted .admonition-title').text()).toBe('Unlisted page');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('nav.sidebar a').map((_, a) => $(a).text()).get()).toEqual(['Intro']);
    expect(f.exists('guides/tags/hidden/index.html')).toBe(false);
    expect(f.$('guides/tags/alpha/index.html')('.tag-doc-list a').map((_, a) => f.$('guides/tags/alpha/index.html')(a).text()).get()).toEqual(['Intro']);
    expect(f.read('sitemap.xml')).not.toContain('/guides/secret');
    expect(f.read('sitemap.xml')).toContain('/guides/intro');
  });

  it('leaves drafts out of a production build and keeps them, with their banner, in dev', async () => {
    const files = { 'content/guides/intro.md': guide({ title: 'Intro' }), 'content/guides/wip.md': guide({ title: 'Work in progress', draft: true }) };
    const prod = await buildFiles(files);
    expect(prod.exists('guides/wip/index.html')).toBe(false);
    const dev = await buildFiles(files, { dev: true });
    expect(dev.$('guides/wip/index.html')('.page-banner-draft p').last().text()).toContain('only visible in development');
  });

  it('orders the sidebar by category files and sidebar_position, labels from sidebar_label', async () => {
    const f = await buildFiles({
      'content/guides/zeta/_category_.yml': 'label: First category\nposition: 1\n',
      'content/guides/zeta/b.md': guide({ title: 'B page', sidebar_position: 2 }),
      'content/guides/zeta/a.md': guide({ title: 'A page', sidebar_label: 'A short', sidebar_position: 1 }),
      'content/guides/alpha/_category_.json': '{ "label": "Second category", "position": 2 }',
      'content/guides/alpha/only.md': guide({ title: 'Only' }),
    });
    const $ = f.$('guides/zeta/a/index.html');
    expect($('nav.sidebar summary').map((_, s) => $(s).text()).get()).toEqual(['First category', 'Second category']);
    expect($('nav.sidebar a').map((_, a) => $(a).text()).get()).toEqual(['A short', 'B page', 'Only']);
    expect($('.pagination a[rel="next"]').attr('href')).toBe('/guides/zeta/b');
  });

  it('honours slug and the TOC heading levels from front matter', async () => {
    const f = await buildFiles({
      'content/guides/x/long-file-name.md': guide({ title: 'Short', slug: 'short', toc_min_heading_level: 3, toc_max_heading_level: 3 }),
      'content/guides/abs.md': guide({ title: 'Absolute', slug: '/elsewhere/abs' }),
    });
    expect(f.$('guides/x/short/index.html')('.toc a').map((_, a) => f.$('guides/x/short/index.html')(a).text()).get()).toEqual(['Detail']);
    expect(f.exists('guides/elsewhere/abs/index.html')).toBe(true);
  });

  it('fails on malformed front matter, naming the file and line', async () => {
    const { buildFails } = await import('../helpers/fixture');
    const { error } = await buildFails({ 'content/guides/bad.md': '---\ntitle: ok\nsidebar_position: [1\n---\nBody\n' });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.location?.file).toMatch(/content\/guides\/bad\.md$/);
    expect(d.location?.line).toBeGreaterThanOrEqual(3);
    expect(d.text).toMatch(/^The front matter is not valid YAML/);
  });

  it('warns about two guides on one route and keeps the first', async () => {
    const f = await buildFiles({
      'content/guides/a.md': guide({ title: 'First', slug: 'same' }),
      'content/guides/b.md': guide({ title: 'Second', slug: 'same' }),
    });
    expect(f.$('guides/same/index.html')('h1').text()).toBe('First');
    const dup = f.result.diagnostics.filter((d) => d.code === 'duplicate-route');
    expect(dup.map((d) => [d.severity, d.text])).toEqual([['warning', 'The route /guides/same is produced by both content/guides/a.md and this file; this file is left out.']]);
  });

  it('reports a missing image with file and line', async () => {
    const { buildFails } = await import('../helpers/fixture');
    const { error } = await buildFails({ 'content/guides/a.md': guide({ title: 'A' }, 'Text\n\n![Map](./img/missing.png)\n') });
    expect(error.diagnostics.map((d) => [d.text, d.location?.line])).toEqual([['The image "./img/missing.png" does not exist.', 6]]);
  });

  it('reports an HTML comment left open at its line; closed ones and `<!--` as text build', async () => {
    const { buildFails } = await import('../helpers/fixture');
    const open = 'Text.\n\n<div class="note">\nKept.\n<!-- a closed one -->\n</div>\n\n<!-- TODO: finish this\n\nHidden paragraph.\n\n## Later\n';
    const { error } = await buildFails({ 'content/guides/a.md': guide({ title: 'A' }, open) });
    expect(error.diagnostics.map((d) => [d.code, d.location?.file.endsWith('content/guides/a.md'), d.location?.line, d.location?.column])).toEqual([['guide-unclosed-comment', true, 11, 1]]);
    expect(error.diagnostics[0].text).toBe('This HTML comment is never closed: a browser would hide the rest of the page with it, up to the next "-->" of the page. End it with "-->".');
    // Inside a block of raw HTML, which runs to the next blank line.
    const inBlock = await buildFails({ 'content/guides/a.md': guide({ title: 'A' }, 'Text.\n\n<div>\nShown.\n<!-- hidden\n</div>\n\nMore.\n') });
    expect(inBlock.error.diagnostics.map((d) => [d.code, d.location?.line])).toEqual([['guide-unclosed-comment', 8]]);

    const text = [
      'Comments look like `<!-- this -->`; an empty one is `<!-->`.',
      '',
      '```html',
      '<!-- an example left open',
      '```',
      '',
      '<script type="application/json">{"note": "<!-- not a comment"}</script>',
      '',
      '<!-- closed --> <!--> <!--->',
      '',
      'After <!-- an inline one, open, is text.',
    ].join('\n');
    const f = await buildFiles({ 'content/guides/a.md': guide({ title: 'A' }, text) });
    expect(f.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(f.$('guides/a/index.html')('article').text()).toContain('After <!-- an inline one, open, is text.');
  });

  it('renders a config announcement bar', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ announcementBar: { id: 'v2', content: 'Version <strong>2</strong> is out' } }),
      'content/guides/a.md': guide({ title: 'A' }),
    });
    const $ = f.$('index.html');
    expect($('.announcement-bar').attr('data-announcement-id')).toBe('v2');
    expect($('.announcement-bar strong').text()).toBe('2');
  });
});
