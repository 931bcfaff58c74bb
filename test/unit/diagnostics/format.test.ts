// A diagnostic's code frame shows the line it points into, with a caret under the column. A
// minified JSON spec is one line of megabytes: the frame shows the part around the column.
import { describe, expect, it } from 'vitest';
import { codeFrame, formatDiagnostic, FRAME_CHARS, frameWindow } from '../../../src/diagnostics/format';
import { boundedText, error, QUOTED_CHARS, TEXT_CHARS, warning } from '../../../src/diagnostics/diagnostic';

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

describe('diagnostics in a terminal', () => {
  it("print the control characters of spec and guide text as escapes: an escape sequence or a carriage return in a message cannot rewrite the terminal or a CI log", () => {
    const hostile = 'Parcels\u001b[2K\r\u001b]8;;https://evil.example\u0007';
    const d = error('spec-x', `The tag "${hostile}" has no operations.`, { location: { file: 'openapi.yaml', line: 4, column: 9, lineText: `  - name: ${hostile}` }, notes: [hostile], hint: hostile });
    const text = formatDiagnostic(d, { color: false, cwd: '/' });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    const escaped = 'Parcels\\u001b[2K\\u000d\\u001b]8;;https://evil.example\\u0007';
    expect(text.split('\n')).toEqual([
      `✗ error openapi.yaml:4:9 The tag "${escaped}" has no operations.`,
      `    4 |   - name: ${escaped}`,
      '                ^',
      `    note: ${escaped}`,
      `    hint: ${escaped}`,
    ]);
    // A file's name: a newline in it would split its `file:line` from the message.
    expect(formatDiagnostic(error('x', 'Rename it.', { location: { file: 'content/guides/line\nbreak.md' } }), { color: false, cwd: '/' })).toBe('✗ error content/guides/line\\u000abreak.md Rename it.');
  });
});

describe("a diagnostic's text, hint and notes", () => {
  it('are kept whole up to TEXT_CHARS characters', () => {
    const text = `The tag "${'a'.repeat(TEXT_CHARS - 40)}" has no operations.`;
    expect(text.length).toBeLessThanOrEqual(TEXT_CHARS);
    expect(boundedText(text)).toBe(text);
  });

  it('past it, cut each long quoted value first, keeping the rest of the sentence', () => {
    const value = 'Parcel '.repeat(400);
    const text = boundedText(`The $ref "${value}" points to nothing.`);
    expect(text).toBe(`The $ref "${value.slice(0, QUOTED_CHARS)}…" points to nothing.`);
  });

  it('then leave out the middle, saying how many characters, keeping the start and the end', () => {
    const original = `The spec has no /components/schemas/${'A '.repeat(100_000)}end.`;
    const text = boundedText(original);
    expect(text.length).toBeLessThan(TEXT_CHARS + 60);
    expect(text.startsWith('The spec has no /components/schemas/A A')).toBe(true);
    expect(text.endsWith('A A end.')).toBe(true);
    const marker = / … \(([\d,]+) characters left out\) … /.exec(text)!;
    expect(Number(marker[1].replace(/,/g, ''))).toBe(original.length - (text.length - marker[0].length));
    // Bounded again (check-links' report bounds the reasons it is given), it is the same text.
    expect(text.length).toBeLessThanOrEqual(TEXT_CHARS);
    expect(boundedText(text)).toBe(text);
  });

  it('never split a character outside the BMP in two', () => {
    for (const pad of ['', 'x']) {
      const text = boundedText(`${pad}${'🏠'.repeat(5_000)}`);
      expect(text.replace(/ … \([\d,]+ characters left out\) … /, '')).toMatch(/^x?(🏠)+$/u);
      const quoted = boundedText(`"${pad}${'🏠'.repeat(2_000)}" and then ${'b'.repeat(TEXT_CHARS)}`);
      expect(quoted.slice(0, quoted.indexOf('…'))).toMatch(/^"x?(🏠)+$/u);
    }
  });

  it('are bounded when the diagnostic is made, so every report (terminal, overlay, lint JSON and SARIF) gets the short text', () => {
    const long = 'z'.repeat(50_000);
    for (const make of [error, warning]) {
      const d = make('x', long, { hint: long, notes: [long, 'short'] });
      expect(d.text.length).toBeLessThan(TEXT_CHARS + 60);
      expect(d.hint!.length).toBeLessThan(TEXT_CHARS + 60);
      expect(d.notes![0].length).toBeLessThan(TEXT_CHARS + 60);
      expect(d.notes![1]).toBe('short');
    }
  });
});
