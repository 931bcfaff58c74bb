// esbuild's errors (each with a file, line, column and the line's text) as docsgen diagnostics.
import path from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic';

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number; column: number; lineText: string } | null;
}

/** `workingDir`: the build's absWorkingDir, which esbuild's file names are relative to. */
export function esbuildDiagnostics(cause: unknown, code: string, what: string, workingDir = '/'): Diagnostic[] {
  const errors = (cause as { errors?: EsbuildMessage[] }).errors ?? [];
  if (errors.length === 0) return [error(code, `${what}: ${(cause as Error)?.message ?? String(cause)}`)];
  return errors.map((m) =>
    error(code, `${what}: ${m.text}`, {
      location: m.location ? { file: path.resolve(workingDir, m.location.file), line: m.location.line, column: m.location.column + 1, lineText: m.location.lineText } : undefined,
    }),
  );
}
