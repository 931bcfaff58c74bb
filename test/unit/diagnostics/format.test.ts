// A diagnostic's code frame shows the line it points into, with a caret under the column. A
// minified JSON spec is one line of megabytes: the frame shows the part around the column.
import { describe, expect, it } from 'vitest';
import { codeFrame, FRAME_CHARS, frameWindow } from '../../../src/diagnostics/format';

describe('code frames', () => {
  it('show a short line whole, the caret under the column (tabs kept)', () => {
    expect(codeFrame({ file: 'openapi.yaml', line: 8, column: 7, lineText: '\t\tsummry: List zones' })).toEqual(['    8 | \t\tsummry: List zones', '        \t\t    ^']);
  });

  it("show a long line's part around the column, cut with an ellipsis, the caret under the same character", () => {
    const paths = (n: number) => '"/parcels/{id}":{"get":{"description":"See the ward list."}},'.repeat(n);
    const line = `{"openapi":"3.0.3","paths":{${paths(10_000)}"/wards":{"get":{"description":"See [flood zones](#/section/Flood)."}},${paths(10_000)}}}`;
    const column = line.indexOf('](#/section/Flood)') + 3;
    const [text, caret] = codeFrame({ file: 'spec.json', line: 1, column, lineText: line });
    expect(text.length).toBeLessThan(FRAME_CHARS + 20);
    expect(text.startsWith('    1 | …')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    // The caret's character is the one at the column of the whole line.
    expect(text[caret.length - 1]).toBe(line[column - 1]);
    expect(text.slice(caret.length - 1)).toContain('#/section/Flood');
  });

  it('keep the start or the end of the line when the column is near it, and never split a character in two', () => {
    const line = 'a'.repeat(500);
    expect(frameWindow(line, 3)).toEqual({ text: `${'a'.repeat(FRAME_CHARS)}…`, column: 3 });
    expect(frameWindow(line, 499)).toEqual({ text: `…${'a'.repeat(FRAME_CHARS)}`, column: 499 - (500 - FRAME_CHARS) + 1 });
    expect(frameWindow(line)).toEqual({ text: `${'a'.repeat(FRAME_CHARS)}…`, column: undefined });
    const emoji = '🏠'.repeat(300); // two UTF-16 units each
    for (const column of [1, 101, 102, 301, 599]) {
      const { text } = frameWindow(emoji, column);
      expect(text.replace(/…/g, '')).toMatch(/^(🏠)+$/u);
    }
  });
});
