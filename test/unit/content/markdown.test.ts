import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createEnv, createMarkdown, renderMarkdown } from '../../../src/content/markdown';

function render(source: string, html = true) {
  const links: [string, number][] = [];
  const env = createEnv('/site/content/guides/a.md', 4, {
    resolveLink: (href, line) => (links.push([href, line]), href.replace(/\.md/, '')),
    resolveImage: (src) => `/assets/${src.split('/').pop()}`,
  });
  const out = renderMarkdown(createMarkdown({ html }), source, env);
  return { $: cheerio.load(out), html: out, env, links };
}

describe('content/markdown', () => {
  it('gives headings GitHub-style ids, de-duplicated, with an anchor link', () => {
    const { $, env } = render('## Postal cities vs. cities\n\n## Postal cities vs. cities\n\n### `boundary_id` format {#ids}\n');
    expect($('h2').map((_, h) => $(h).attr('id')).get()).toEqual(['postal-cities-vs-cities', 'postal-cities-vs-cities-1']);
    expect($('h3').attr('id')).toBe('ids');
    expect($('h3').text()).toBe('boundary_id format#');
    expect($('h2 a.hash-link').first().attr('href')).toBe('#postal-cities-vs-cities');
    expect(env.headings.map((h) => [h.level, h.text])).toEqual([[2, 'Postal cities vs. cities'], [2, 'Postal cities vs. cities'], [3, 'boundary_id format']]);
  });

  it('renders GFM tables', () => {
    const { $ } = render('| Field | Type |\n| --- | --- |\n| `median_list_price` | integer |\n');
    expect($('table th').map((_, th) => $(th).text()).get()).toEqual(['Field', 'Type']);
    expect($('table td code').text()).toBe('median_list_price');
    // Focusable, so keyboard users can scroll a wide table.
    expect($('table').attr('tabindex')).toBe('0');
  });

  it('renders admonitions with kind, custom title and markdown body', () => {
    const { $ } = render(':::warning Rate limits\nSandbox keys allow **5** requests per second.\n:::\n\n:::tip\nUse `limit`.\n:::\n');
    expect($('aside.admonition-warning .admonition-title').text()).toBe('Rate limits');
    expect($('aside.admonition-warning strong').text()).toBe('5');
    expect($('aside.admonition-tip .admonition-title').text()).toBe('Tip');
  });

  it('highlights fenced code at build time with class names, and escapes unknown languages', () => {
    const { $ } = render('```json\n{"layer": "zip"}\n```\n\n```nosuchlang\n<b>x</b>\n```\n');
    expect($('.code-block[data-language="json"] pre code .hljs-attr').first().text()).toBe('"layer"');
    expect($('.code-block[data-language="nosuchlang"] code').html()).toBe('&lt;b&gt;x&lt;/b&gt;\n');
  });

  it('passes every link through the resolver with its line in the file', () => {
    const { $, links } = render('Intro\n\nSee [virtual layers](./virtual-layers.md#radius).\n');
    expect(links).toEqual([['./virtual-layers.md#radius', 7]]);
    expect($('a').attr('href')).toBe('./virtual-layers#radius');
  });

  it('rewrites image sources through the resolver', () => {
    const { $ } = render('![Diagram](./img/d.svg)\n');
    expect($('img').attr('src')).toBe('/assets/d.svg');
    expect($('img').attr('alt')).toBe('Diagram');
  });

  it('escapes raw HTML when html is off (spec text)', () => {
    const { $ } = render('<script>alert(1)</script> <img src=x onerror=alert(1)>\n', false);
    expect($('script')).toHaveLength(0);
    expect($('img')).toHaveLength(0);
    expect($('p').text()).toContain('<script>alert(1)</script>');
  });
});
