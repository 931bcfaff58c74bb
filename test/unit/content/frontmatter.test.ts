import { describe, expect, it } from 'vitest';
import { parseFrontMatter, type FrontMatter } from '../../../src/content/frontmatter';

describe('content/frontmatter', () => {
  it('reads every supported field and where the body starts', () => {
    const src = ['---', 'title: Virtual layers', 'sidebar_position: 3', 'keywords: [radius, isochrone]', 'tags:', '  - boundaries', 'unlisted: false', 'toc_max_heading_level: 4', '---', 'Body line', ''].join('\n');
    const parsed = parseFrontMatter(src, '/x/a.md');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.frontMatter).toEqual({ title: 'Virtual layers', sidebar_position: 3, keywords: ['radius', 'isochrone'], tags: ['boundaries'], unlisted: false, toc_max_heading_level: 4 });
    expect(parsed.body).toBe('Body line\n');
    expect(parsed.bodyLineOffset).toBe(9);
  });

  it('reports malformed YAML with the file and the line in the file', () => {
    const src = ['---', 'title: Fine', 'description: "unterminated', 'tags: [a]', '---', 'Body'].join('\n');
    const { diagnostics } = parseFrontMatter(src, '/x/broken.md');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].severity).toBe('error');
    expect(diagnostics[0].location?.file).toBe('/x/broken.md');
    expect(diagnostics[0].text).toMatch(/^The front matter is not valid YAML: /);
    expect(diagnostics[0].location?.line).toBeGreaterThanOrEqual(3);
    expect(diagnostics[0].location?.line).toBeLessThanOrEqual(5);
  });

  it('reports a field of the wrong type on its own line', () => {
    const src = ['---', 'title: Fine', 'sidebar_position: first', '---', 'Body'].join('\n');
    const { diagnostics } = parseFrontMatter(src, '/x/a.md');
    expect(diagnostics.map((d) => [d.severity, d.text, d.location?.line])).toEqual([['error', 'Front matter "sidebar_position" must be a number, got "first".', 3]]);
  });

  it('reports front matter that is never closed', () => {
    const { diagnostics } = parseFrontMatter('---\ntitle: x\n\nBody', '/x/a.md');
    expect(diagnostics[0].text).toBe('The front matter is not closed: add a line with "---" after it.');
    expect(diagnostics[0].location?.line).toBe(1);
  });

  it('warns about unknown keys instead of silently ignoring them', () => {
    const { diagnostics } = parseFrontMatter('---\ntitel: x\n---\nBody', '/x/a.md');
    expect(diagnostics.map((d) => [d.severity, d.text, d.location?.line])).toEqual([['warning', 'Unknown front matter key "titel" is ignored.', 2]]);
  });

  it("shows the problem key's own line, after a byte-order mark and with Windows line endings", () => {
    const src = '\uFEFF' + ['---', 'title: Parcels', 'sidebar_label: Parcels', 'sidebr_position: 2', 'draft: maybe', '---', 'Body'].join('\r\n');
    const { diagnostics } = parseFrontMatter(src, '/x/a.md');
    expect(diagnostics.map((d) => [d.code, d.location?.line, d.location?.lineText])).toEqual([
      ['frontmatter-unknown-key', 4, 'sidebr_position: 2\r'],
      ['frontmatter-invalid', 5, 'draft: maybe\r'],
    ]);
  });

  it('takes front matter parsed before by its text, and keeps only front matter without problems', () => {
    const known = new Map<string, FrontMatter>();
    const clean = ['---', 'title: Parcels', 'tags: [parcels]', '---', 'Body of a.'].join('\n');
    expect(parseFrontMatter(clean, '/x/a.md', known).frontMatter).toEqual({ title: 'Parcels', tags: ['parcels'] });
    expect([...known]).toEqual([['title: Parcels\ntags: [parcels]', { title: 'Parcels', tags: ['parcels'] }]]);

    // Another file with the same front matter takes it from the table (here: what the table says), with its own body and lines.
    known.set('title: Parcels\ntags: [parcels]', { title: 'From the table' });
    const other = parseFrontMatter(['---', 'title: Parcels', 'tags: [parcels]', '---', '', 'Body of b.'].join('\n'), '/x/b.md', known);
    expect(other).toEqual({ frontMatter: { title: 'From the table' }, body: '\nBody of b.', bodyLineOffset: 4, diagnostics: [] });
    other.frontMatter.title = 'Changed by its reader';
    expect(known.get('title: Parcels\ntags: [parcels]')).toEqual({ title: 'From the table' });

    // Front matter with a problem is parsed, and reported, every time.
    const noisy = ['---', 'title: Zones', 'sidebar_position: first', '---', 'Body'].join('\n');
    for (let i = 0; i < 2; i++) {
      expect(parseFrontMatter(noisy, '/x/c.md', known).diagnostics.map((d) => [d.code, d.location?.line])).toEqual([['frontmatter-invalid', 3]]);
    }
    expect(known.size).toBe(1);
  });

  it('treats a file without front matter as all body', () => {
    expect(parseFrontMatter('# Hello\n', '/x/a.md')).toMatchObject({ frontMatter: {}, body: '# Hello\n', bodyLineOffset: 0 });
  });
});
