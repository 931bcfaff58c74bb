// The check-links report: one line per problem, `file:line:column  target  reason` with the
// source line and a caret beneath (as build errors show them), grouped by file (a blank line
// between files), then one summary line; or the same problems as JSON for
// tools. Turning diagnostics into problems is data work; the CLI prints through the logger.
import path from 'node:path';
import { boundedText, type Diagnostic, type Severity } from '../diagnostics/diagnostic';
import type { LinkDiagnostic } from './check';
import { codeFrame, FILE_CONTROL, FRAME_CHARS, terminalSafe } from '../diagnostics/format';

export interface LinkProblem {
  /** Relative to the working directory when inside it; a URL spec stays a URL. */
  file: string;
  /** 1-based, or null when unknown (a URL spec, a file-level problem). */
  line: number | null;
  column: number | null;
  /** The link as written ('' for problems that are not about one link). */
  target: string;
  reason: string;
  severity: Severity;
  code: string;
  /** The source line, shown beneath the problem in the text report (`toProblems(…, { source: true })`). */
  lineText?: string;
}

export function toProblems(diagnostics: (Diagnostic | LinkDiagnostic)[], cwd: string, options: { source?: boolean } = {}): LinkProblem[] {
  const problems = diagnostics.map((d): LinkProblem => {
    const link = d as LinkDiagnostic;
    const file = d.location?.file ?? '';
    const relative = path.isAbsolute(file) ? path.relative(cwd, file) : file;
    const pointer = d.notes?.find((n) => n.startsWith('in the OpenAPI spec at '));
    return {
      file: relative && !relative.startsWith('..') ? relative : file,
      line: d.location?.line ?? null,
      column: d.location?.line !== undefined ? (d.location.column ?? null) : null,
      target: link.target ?? '',
      // A link's own reason quotes it whole (a diagnostic's text is bounded already).
      reason: withPointer(boundedText(link.reason ?? d.text.replace(/\.$/, '')), pointer),
      severity: d.severity,
      code: d.code,
      ...(options.source && d.location?.lineText !== undefined ? { lineText: d.location.lineText } : {}),
    };
  });
  return problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.reason.localeCompare(b.reason));
}

/** "… (in 3 operations)" and the pointer: "… (in 3 operations; in the OpenAPI spec at /paths/…)". */
function withPointer(reason: string, pointer: string | undefined): string {
  if (!pointer) return reason;
  return reason.endsWith(')') ? `${reason.slice(0, -1)}; ${pointer})` : `${reason} (${pointer})`;
}

const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

/** The report's lines, grouped by file; empty when there is nothing to report. */
export function formatProblems(problems: LinkProblem[], { color }: { color: boolean }): string[] {
  const lines: string[] = [];
  let last: string | undefined;
  for (const p of problems) {
    if (last !== undefined && p.file !== last) lines.push('');
    last = p.file;
    const where = [p.file, p.line, p.line !== null ? p.column : null].filter((x) => x !== null).join(':');
    const severity = p.severity === 'error' ? paint(color, 31, 'error') : paint(color, 33, 'warning');
    // The target and the reason quote the link as written: in `--dir`, any HTML file's, whose
    // escape sequences were printed raw and whose megabyte-long href was printed whole, twice
    // (the reason is bounded in toProblems).
    const target = p.target ? terminalSafe(p.target.length > FRAME_CHARS ? `${p.target.slice(0, FRAME_CHARS)}… (${p.target.length.toLocaleString('en-US')} characters)` : p.target) : '-';
    lines.push([paint(color, 1, terminalSafe(where, FILE_CONTROL)), target, `${terminalSafe(p.reason)} (${severity})`].join('  '));
    if (p.line !== null) lines.push(...codeFrame({ file: p.file, line: p.line, column: p.column ?? undefined, lineText: p.lineText }));
  }
  return lines;
}

export function summarize(problems: LinkProblem[], stats: { links: number; pages: number; ms: number; external?: number; dir?: boolean }): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const files = new Set(problems.map((p) => p.file)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const time = stats.ms < 1000 ? `${Math.round(stats.ms)} ms` : `${(stats.ms / 1000).toFixed(2)} s`;
  const checked = `checked ${plural(stats.links, 'link')}${stats.external ? ` and ${plural(stats.external, 'external link')}` : ''} on ${plural(stats.pages, stats.dir ? 'HTML file' : 'page')} in ${time}`;
  if (problems.length === 0) return `✓ no broken links or anchors: ${checked}.`;
  return `${errors ? '✗' : '(!)'} ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(files, 'file')} (${checked}).`;
}

export function formatJson(problems: LinkProblem[]): string {
  return JSON.stringify(problems, null, 2);
}
