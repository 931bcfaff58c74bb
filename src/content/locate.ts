// Where in a guide's file a link is written. markdown-it gives a block's first line only; the
// terminal, the overlay and check-links show the exact line and column, with the line beneath.
import type { Location } from '../diagnostics/diagnostic';

/**
 * The exact line and column of `needle` (a link target as written), searched from the reported
 * line (markdown-it reports a paragraph's first line) to the end of the paragraph. `line` is a
 * line of the file; `bodyLines` are the lines of the markdown body, which starts `offset` lines
 * into the file. A markdown link `](needle` is preferred over the same text elsewhere on the line.
 */
export function locateInBody(file: string, bodyLines: string[], offset: number, line: number, needle: string): Location {
  for (let i = line - 1 - offset; i >= 0 && i < bodyLines.length; i++) {
    const text = bodyLines[i].replace(/\r$/, '');
    if (i > line - 1 - offset && text.trim() === '') break;
    const md = text.indexOf(`](${needle}`);
    const col = md !== -1 ? md + 3 : text.indexOf(needle) + 1;
    if (col > 0) return { file, line: i + 1 + offset, column: col, lineText: text };
  }
  return { file, line };
}
