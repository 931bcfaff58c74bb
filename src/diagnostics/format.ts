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
  const where = formatLocation(d, cwd);
  const lines = [`${label} ${where ? paint(color, 1, where) + ' ' : ''}${d.text}`];
  if (d.location) lines.push(...codeFrame(d.location));
  for (const note of d.notes ?? []) lines.push(`    note: ${note}`);
  if (d.hint) lines.push(`    hint: ${d.hint}`);
  return lines.join('\n');
}

/**
 * The source line under a diagnostic, indented, with a caret under the column: `    42 | text`
 * then `         ^`. Empty when the line is not known. Tabs before the column are kept in the
 * caret's line, so the caret stays under its character however the terminal shows tabs.
 */
export function codeFrame(location: Location): string[] {
  if (location.lineText === undefined || location.line === undefined) return [];
  const gutter = `${location.line} | `;
  const frame = [`    ${gutter}${location.lineText}`];
  if (location.column) frame.push(`    ${' '.repeat(gutter.length)}${location.lineText.slice(0, location.column - 1).replace(/[^\t]/g, ' ')}^`);
  return frame;
}
