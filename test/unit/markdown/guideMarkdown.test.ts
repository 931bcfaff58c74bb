// A guide's Markdown copy: links into the site made absolute, the rest as written.
import { describe, expect, it } from 'vitest';
import { guideMarkdown } from '../../../src/markdown/guideMarkdown';

const ctx = { url: (route: string, hash: string) => `https://docs.test.example${route}/${hash ? `#${hash}` : ''}`, absolute: (href: string) => `https://docs.test.example${href}` };
const copy = (body: string, links: { raw: string; route: string; hash?: string }[] = [], html = '') =>
  guideMarkdown({ title: 'Zones', body, html, route: '/guides/zones', links: links.map((l) => ({ file: 'zones.md', line: 1, hash: '', ...l })) }, ctx);

describe('markdown/guideMarkdown', () => {
  it('makes links to guides absolute, a destination with one level of parentheses and a title included', () => {
    const links = [
      { raw: './permits_(old).md', route: '/guides/permits_(old)' },
      { raw: './flood.md', route: '/guides/flood', hash: 'zones' },
    ];
    expect(copy('See [old permits](./permits_(old).md) and [flood zones](./flood.md "Flood maps").', links)).toBe(
      '# Zones\n\nSee [old permits](https://docs.test.example/guides/permits_(old)/) and [flood zones](https://docs.test.example/guides/flood/#zones "Flood maps").\n',
    );
    expect(copy('An [external](https://example.test/a_(b)) link.')).toBe('# Zones\n\nAn [external](https://example.test/a_(b)) link.\n');
  });

  it('reads lines built to backtrack at once: each used to be tried again to its end from every `[`', () => {
    // Before: 14 s for 200 KB of `[a](`, 7 s for 200 KB of `[a`; `[](` and spaces grew as the square of their count (1.1 s for 40,000).
    for (const line of ['[a]('.repeat(50_000), '[a'.repeat(100_000), `[](${' '.repeat(200_000)}x`]) {
      const start = performance.now();
      expect(copy(line)).toBe(`# Zones\n\n${line}\n`);
      expect(performance.now() - start, line.slice(0, 8)).toBeLessThan(5_000);
    }
  });
});
