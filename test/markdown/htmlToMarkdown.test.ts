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

  it('#18 a description met again reads the same, and one with a link or an image is resolved for each call', () => {
    const other = (href: string) => (href.startsWith('/') ? `https://staging.docs.example${href}` : href);
    const plain = '<p>The parcel&#39;s <em>unique</em> identifier. Read-only.</p>';
    for (let i = 0; i < 3; i++) expect(htmlToMarkdown(plain, i % 2 ? site : other)).toBe("The parcel's *unique* identifier. Read-only.");
    const linked = '<p>See <a href="/guides/parcels">parcels</a>.</p>';
    expect(htmlToMarkdown(linked, site)).toBe('See [parcels](https://docs.example/guides/parcels).');
    expect(htmlToMarkdown(linked, other)).toBe('See [parcels](https://staging.docs.example/guides/parcels).');
    const image = '<p><img src="/img/zones.png" alt="Zones"></p>';
    expect(htmlToMarkdown(image, site)).toBe('![Zones](https://docs.example/img/zones.png)');
    expect(htmlToMarkdown(image, other)).toBe('![Zones](https://staging.docs.example/img/zones.png)');
    // A long description (not kept, for memory) reads the same each time too.
    const long = `<p>${'Parcel boundaries follow the cadastral survey. '.repeat(120)}</p>`;
    for (let i = 0; i < 2; i++) expect(htmlToMarkdown(long)).toBe('Parcel boundaries follow the cadastral survey. '.repeat(120).trim());
    // More descriptions than it keeps, twice over: each still its own.
    for (const step of [1, 3]) for (let i = 0; i < 5000; i += step) expect(htmlToMarkdown(`<p>Field <code>f${i}</code>.</p>`)).toBe(`Field \`f${i}\`.`);
  });
});
