// Diagnostics are data: every stage collects them, and only format.ts turns them into text.
// The shape follows esbuild's Message so island build errors can pass through unchanged.

export interface Location {
  file: string;
  /** 1-based */
  line?: number;
  /** 1-based */
  column?: number;
  lineText?: string;
}

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** A permanent code, e.g. `config-unknown-key`. */
  code: string;
  severity: Severity;
  text: string;
  location?: Location;
  notes?: string[];
  hint?: string;
}

/** What the link, anchor and duplicate-route policies may say. */
export type Policy = 'throw' | 'warn' | 'ignore';

/** Thrown when a build cannot go on; carries every diagnostic collected so far. */
export class DocsgenError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown }) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(errors.length === 1 ? errors[0].text : `${errors.length} errors`, options);
    this.name = 'DocsgenError';
    this.diagnostics = diagnostics;
  }
}

export function error(code: string, text: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: 'error', text, ...extra };
}

export function warning(code: string, text: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: 'warning', text, ...extra };
}

/** Applies a policy to a finding: throw → error, warn → warning, ignore → nothing. */
export function byPolicy(policy: Policy, code: string, text: string, extra: Partial<Diagnostic> = {}): Diagnostic[] {
  if (policy === 'ignore') return [];
  return [policy === 'throw' ? error(code, text, extra) : warning(code, text, extra)];
}

/** Stable order for printing: by file, line, column, then text. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => [d.location?.file ?? '', d.location?.line ?? 0, d.location?.column ?? 0, d.text] as const;
  return [...list].sort((a, b) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      if (ka[i] < kb[i]) return -1;
      if (ka[i] > kb[i]) return 1;
    }
    return 0;
  });
}

export function hasErrors(list: Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}
