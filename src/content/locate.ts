// Where in a guide's file a link is written. markdown-it gives a block's first line only; the
// terminal, the overlay and check-links show the exact line and column, with the line beneath.
import type { Location } from '../diagnostics/diagnostic';
import { safeDecode } from '../shared/url';

/**
 * The exact line and column of `needle` (a link target as written), searched from the reported
 * line (markdown-it reports a paragraph's first line) to the end of the paragraph. `line` is a
 * line of the file; `bodyLines` are the lines of the markdown body, which starts `offset` lines
 * into the file. A markdown link `](needle` is preferred over the same text elsewhere on the line.
 */
export function locateInBody(file: string, bodyLines: string[], offset: number, line: number, needle: string): Location {
  const lines = scannedLines(bodyLines);
  // markdown-it hands over a destination percent-encoded; the text may hold it as written (`./café.md`).
  const written = safeDecode(needle);
  for (let i = line - 1 - offset; i >= 0 && i < bodyLines.length; i++) {
    const scanned = lines.at(i);
    if (i > line - 1 - offset && scanned.blank) break;
    const col = scanned.column(needle) || (written !== needle ? scanned.column(written) : 0);
    if (col > 0) return { file, line: i + 1 + offset, column: col, lineText: scanned.text };
  }
  return { file, line };
}

/**
 * A body's lines, each read once for the targets of its markdown links: every broken link of a
 * paragraph is located in it, and searching the whole line for each (a copy without its `\r`,
 * then `indexOf`) took 12 s for 50,000 anchors on one 877 KB line.
 */
function scannedLines(bodyLines: string[]): { at(i: number): ScannedLine } {
  let known = scanned.get(bodyLines);
  if (!known) scanned.set(bodyLines, (known = new Map()));
  return {
    at(i) {
      let line = known!.get(i);
      if (!line) known!.set(i, (line = scanLine(bodyLines[i])));
      return line;
    },
  };
}

const scanned = new WeakMap<string[], Map<number, ScannedLine>>();

interface ScannedLine {
  text: string;
  blank: boolean;
  /** 1-based column of `needle`, 0 when the line does not hold it. */
  column(needle: string): number;
}

function scanLine(raw: string): ScannedLine {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  let targets: Map<string, number> | undefined;
  return {
    text,
    blank: /^\s*$/.test(text),
    column(needle) {
      // Each `](target` of the line, by the target written up to its first space or `)`.
      if (!targets) {
        targets = new Map();
        for (let at = text.indexOf(']('); at !== -1; at = text.indexOf('](', at + 2)) {
          const end = text.slice(at + 2, at + 2 + MAX_TARGET).search(/[\s)]/);
          const target = text.slice(at + 2, end === -1 ? at + 2 + MAX_TARGET : at + 2 + end);
          if (!targets.has(target)) targets.set(target, at + 3);
        }
      }
      const exact = targets.get(needle);
      if (exact !== undefined) return exact;
      const md = text.indexOf(`](${needle}`);
      return md !== -1 ? md + 3 : text.indexOf(needle) + 1;
    },
  };
}

/** Characters of a link target looked at: a longer one is found by the search below. */
const MAX_TARGET = 2048;
