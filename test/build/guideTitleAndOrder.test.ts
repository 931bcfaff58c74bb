// Issue #15, guides: a body that opens with its own `# Heading` gives the page its one title,
// and authors order a category with number prefixes or an `items` list in `_category_.yml`.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFiles } from '../helpers/fixture';

const texts = ($: ReturnType<Awaited<ReturnType<typeof buildFiles>>['$']>, selector: string) => $(selector).map((_, e) => $(e).text().trim()).get();

describe('#15 one title, not two', () => {
  it('a body that opens with an h1 without a front-matter title: that h1 is the one title, the <title> and the sidebar label, and not in the TOC', async () => {
    const f = await buildFiles({
      'content/guides/quick-start.md': '---\ndescription: Start here.\n---\n# Quick `start`\n\nIntro.\n\n## Install\n\nText.\n\n## Call the API\n\nText.\n',
      'content/guides/other.md': '---\ntitle: Other\n---\nText.\n',
    });
    const $ = f.$('guides/quick-start/index.html');
    expect($('h1')).toHaveLength(1);
    expect($('h1').text()).toBe('Quick start');
    expect($('h1 .hash-link')).toHaveLength(0);
    expect($('title').text()).toBe('Quick start | Test Docs');
    expect(texts($, 'nav.sidebar a')).toEqual(['Other', 'Quick start']);
    expect(texts($, '.toc a')).toEqual(['Install', 'Call the API']);
    expect($('.breadcrumbs [aria-current="page"]').text()).toBe('Quick start');
    // The other pages name it by that title too (previous/next).
    expect(f.$('guides/other/index.html')('.pagination a[rel="next"]').text()).toContain('Quick start');
  });

  it('front matter title and a body h1: the body h1 is shown, the front-matter title is the <title> and the sidebar label', async () => {
    const f = await buildFiles({
      'content/guides/quick-start.md': '---\ntitle: Quick start guide\n---\n# Make your first request\n\nIntro.\n\n## Install\n\nText.\n',
    });
    const $ = f.$('guides/quick-start/index.html');
    expect(texts($, 'h1')).toEqual(['Make your first request']);
    expect($('title').text()).toBe('Quick start guide | Test Docs');
    expect(texts($, 'nav.sidebar a')).toEqual(['Quick start guide']);
    expect(texts($, '.toc a')).toEqual(['Install']);
  });

  it('a setext h1 counts too; a page without one keeps its front-matter title as its one h1', async () => {
    const f = await buildFiles({
      'content/guides/setext.md': 'Setext title\n============\n\nText.\n',
      'content/guides/plain.md': '---\ntitle: Plain\n---\nText.\n\n## Section\n\nMore.\n',
    });
    expect(texts(f.$('guides/setext/index.html'), 'h1')).toEqual(['Setext title']);
    expect(f.$('guides/setext/index.html')('title').text()).toBe('Setext title | Test Docs');
    expect(texts(f.$('guides/plain/index.html'), 'h1')).toEqual(['Plain']);
  });

  it('the search index has the title once, not again as text of the page', async () => {
    const f = await buildFiles({ 'content/guides/quick-start.md': '# Quick start\n\nFirst words of the intro.\n' });
    const index = JSON.parse(f.read(f.result.files.has('search-index.json') ? 'search-index.json' : [...f.result.files.keys()].find((k) => /^search-index/.test(k))!));
    const docs = (Array.isArray(index) ? index : [index]).flatMap((part: { documents: { t: string }[] }) => part.documents);
    expect(docs.filter((d: { t: string }) => d.t.includes('Quick start')).map((d: { t: string }) => d.t)).toEqual(['Quick start']);
    expect(docs.map((d: { t: string }) => d.t)).toContain('First words of the intro.');
  });
});

describe('#15 order that authors can set', () => {
  it('number prefixes on files and folders: left out of routes and labels, used for the order', async () => {
    const f = await buildFiles({
      'content/guides/02-boundaries/01-postal.md': '# Postal\n',
      'content/guides/02-boundaries/02-cities.md': '# Cities\n',
      'content/guides/02-boundaries/10-virtual.md': '# Virtual\n',
      'content/guides/02-boundaries/_category_.yml': 'label: Boundaries\n',
      'content/guides/01-getting-started/02-auth.md': '# Auth\n',
      'content/guides/01-getting-started/01-quick-start.md': '# Quick start\n',
    });
    const $ = f.$('guides/getting-started/quick-start/index.html');
    expect(texts($, 'nav.sidebar summary')).toEqual(['Getting Started', 'Boundaries']);
    expect(texts($, 'nav.sidebar a')).toEqual(['Quick start', 'Auth', 'Postal', 'Cities', 'Virtual']);
    expect(f.exists('guides/boundaries/virtual/index.html')).toBe(true);
    expect(f.logger.diagnostics).toEqual([]);
  });

  it('items in _category_.yml order the folder by id (prefixes left out); unlisted items follow by position, then name', async () => {
    const f = await buildFiles({
      'content/guides/start/_category_.yml': 'label: Start\nitems:\n  - quick-start\n  - beta-endpoints-program\n  - concepts\n',
      'content/guides/start/a-first-by-name.md': '# A first by name\n',
      'content/guides/start/zz-positioned.md': '---\nsidebar_position: 1\n---\n# Positioned\n',
      'content/guides/start/beta-endpoints-program.md': '# Beta endpoints program\n',
      'content/guides/start/03-quick-start.md': '# Quick start\n',
      'content/guides/start/02-concepts/one.md': '# One\n',
    });
    const $ = f.$('guides/start/quick-start/index.html');
    expect(texts($, 'nav.sidebar a')).toEqual(['Quick start', 'Beta endpoints program', 'One', 'Positioned', 'A first by name']);
    expect(texts($, 'nav.sidebar summary')).toEqual(['Start', 'Concepts']);
    expect(f.logger.diagnostics).toEqual([]);
  });

  it('items in the guides folder category file order the top level; items in JSON work too', async () => {
    const f = await buildFiles({
      'content/guides/_category_.yml': 'items: [reference, getting-started]\n',
      'content/guides/01-getting-started/_category_.json': '{ "items": ["second", "first"] }',
      'content/guides/01-getting-started/first.md': '# First\n',
      'content/guides/01-getting-started/second.md': '# Second\n',
      'content/guides/reference.md': '# Reference\n',
    });
    expect(texts(f.$('guides/reference/index.html'), 'nav.sidebar a')).toEqual(['Reference', 'Second', 'First']);
  });

  it('an item that names no file and a prefix two files share are warnings with the file and line', async () => {
    const f = await buildFiles({
      'content/guides/start/_category_.yml': 'label: Start\nitems:\n  - quick-start\n  - quickstart\n',
      'content/guides/start/01-quick-start.md': '# Quick start\n',
      'content/guides/start/02-auth.md': '# Auth\n',
      'content/guides/start/02-errors.md': '# Errors\n',
    });
    const warnings = f.logger.diagnostics.map((d) => ({ code: d.code, severity: d.severity, text: d.text, file: path.relative(f.dir, d.location?.file ?? ''), line: d.location?.line, column: d.location?.column, lineText: d.location?.lineText }));
    expect(warnings).toEqual([
      {
        code: 'number-prefix-collision',
        severity: 'warning',
        text: 'The number prefix 02 of 02-errors.md is also the prefix of 02-auth.md, so their order is by name. Give each its own number, or list them in items of _category_.yml.',
        file: 'content/guides/start/02-errors.md',
        line: 1,
        column: 1,
        lineText: '# Errors',
      },
      {
        code: 'category-item-missing',
        severity: 'warning',
        text: 'The category item "quickstart" names no file or folder beside its category file (known: auth, errors, quick-start), so it is left out of the order.',
        file: 'content/guides/start/_category_.yml',
        line: 4,
        column: 5,
        lineText: '  - quickstart',
      },
    ]);
    expect(texts(f.$('guides/start/quick-start/index.html'), 'nav.sidebar a')).toEqual(['Quick start', 'Auth', 'Errors']);
  });

  it('a folder prefix is its position also when its category file has no position', async () => {
    const f = await buildFiles({
      'content/guides/01-zeta/_category_.yml': 'label: Zeta\n',
      'content/guides/01-zeta/a.md': '# A\n',
      'content/guides/02-alpha/_category_.yml': 'label: Alpha\n',
      'content/guides/02-alpha/b.md': '# B\n',
    });
    expect(texts(f.$('guides/zeta/a/index.html'), 'nav.sidebar summary')).toEqual(['Zeta', 'Alpha']);
  });
});
