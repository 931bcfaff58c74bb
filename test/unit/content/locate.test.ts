// Where a guide's broken link is reported (src/content/locate.ts): the line and column of the
// link as written, found from the paragraph's first line, which is all markdown-it gives.
import { describe, expect, it } from 'vitest';
import { locateInBody } from '../../../src/content/locate';

describe('locateInBody', () => {
  it('finds the link whose target is the needle, not an earlier one it is the start of', () => {
    const body = ['# Zoning', '', 'See [the codes](#zone-10) and [the map](#zone-1).', 'More on [plans](./plans.md).', '', 'Elsewhere: ./plans.md'];
    expect(locateInBody('content/guides/zoning.md', body, 3, 6, '#zone-1')).toMatchObject({ line: 6, column: 41 });
    expect(locateInBody('content/guides/zoning.md', body, 3, 6, '#zone-10')).toMatchObject({ line: 6, column: 17 });
    // The paragraph goes on to the next line; it ends at the blank line.
    expect(locateInBody('content/guides/zoning.md', body, 3, 6, './plans.md')).toMatchObject({ line: 7, column: 17, lineText: 'More on [plans](./plans.md).' });
    expect(locateInBody('content/guides/zoning.md', body, 3, 6, './missing.md')).toEqual({ file: 'content/guides/zoning.md', line: 6 });
  });

  it('finds a target written without a markdown link, and strips a line\'s carriage return', () => {
    const body = ['Call <a href="/api/parcels">the parcels</a> first.\r', 'Title [x](<./a b.md>)'];
    expect(locateInBody('g.md', body, 0, 1, '/api/parcels')).toMatchObject({ line: 1, column: 15, lineText: 'Call <a href="/api/parcels">the parcels</a> first.' });
    expect(locateInBody('g.md', body, 0, 2, './a b.md')).toMatchObject({ line: 2, column: 12 });
  });

  it('places each of 50,000 links on one line at its own column', () => {
    const line = Array.from({ length: 50_000 }, (_, i) => `[l${i}](#h${i})`).join(' ');
    const body = [line];
    for (const i of [0, 7, 12_345, 49_999]) {
      const written = `[l${i}](#h${i})`;
      expect(locateInBody('g.md', body, 0, 1, `#h${i}`).column).toBe(line.indexOf(written) + written.indexOf('](') + 3);
    }
  });
});
