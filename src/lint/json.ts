// The findings as JSON for tools: one object per finding, paths relative to the working directory.
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic';

export interface LintProblem {
  code: string;
  severity: Diagnostic['severity'];
  message: string;
  file: string;
  /** 1-based, null when unknown (a URL spec). */
  line: number | null;
  column: number | null;
  notes: string[];
}

export function toJson(diagnostics: readonly Diagnostic[], cwd: string): LintProblem[] {
  return diagnostics.map((d) => {
    const file = d.location?.file ?? '';
    const relative = path.isAbsolute(file) ? path.relative(cwd, file) : file;
    return {
      code: d.code,
      severity: d.severity,
      message: d.text,
      file: relative && !relative.startsWith('..') ? relative : file,
      line: d.location?.line ?? null,
      column: d.location?.column ?? null,
      notes: d.notes ?? [],
    };
  });
}
