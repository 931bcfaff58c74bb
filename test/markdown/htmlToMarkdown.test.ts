// #20 The spec's descriptions, held as HTML by the page models, back as Markdown in the copies.
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../src/markdown/htmlToMarkdown';

const site = (href: string) => (href.startsWith('/') ? `https://docs.example${href}` : href);

describe('#20 markdown/htmlToMarkdown', () => {
  it('turns paragraphs, emphasis, code and links (made absolute) back into Markdown', () => {
    expect(htmlToMarkdown('<p>Use <code>lat</code> and <strong>lng</strong>, see <a href="/guides/a#b">the <em>guide</em></a>.</p>\n<p>Second &amp; last &lt;p&gt;.</p>', site)).toBe(
      'Use `lat` and **lng**, see [the *guide*](https://docs.example/guides/a#b).\n\nSecond & last \\<p>.',
    );
  });

  it('keeps lists, nested lists, code blocks with their language, quotes, headings and tables', () => {
    const html = '<h2>Limits</h2>\n<ul>\n<li>one\n<ul>\n<li>inner</li>\n</ul>\n</li>\n<li>two</li>\n</ul>\n<ol start="3">\n<li>three</li>\n</ol>\n<pre><code class="language-json">{"a": 1}\n</code></pre>\n<blockquote>\n<p>Quoted</p>\n</blockquote>\n<table><thead><tr><th>Code</th><th>Meaning</th></tr></thead><tbody><tr><td><code>429</code></td><td>Too many | requests</td></tr></tbody></table>';
    expect(htmlToMarkdown(html, site)).toBe(
      ['## Limits', '', '- one\n  - inner\n- two', '', '3. three', '', '```json\n{"a": 1}\n```', '', '> Quoted', '', '| Code | Meaning |\n| --- | --- |\n| `429` | Too many \\| requests |'].join('\n'),
    );
  });

  it('fences code that holds backticks with a longer fence, and keeps escaped spec HTML as text (a `<` escaped, so no Markdown reader renders it)', () => {
    expect(htmlToMarkdown('<pre><code>```\nx\n```\n</code></pre>')).toBe('````\n```\nx\n```\n````');
    expect(htmlToMarkdown('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('\\<script>alert(1)\\</script>');
    expect(htmlToMarkdown('&lt;b&gt; alone')).toBe('\\<b> alone');
    // A heading's own link to itself is left out.
    expect(htmlToMarkdown('<h2 id="errors">Errors<a class="hash-link" href="#errors" aria-label="Direct link to Errors">#</a></h2>')).toBe('## Errors');
    expect(htmlToMarkdown('<p>a <code>x`y</code></p>')).toBe('a ``x`y``');
  });
});
