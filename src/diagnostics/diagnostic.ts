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
  return bounded({ code, severity: 'error', text, ...extra });
}

export function warning(code: string, text: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return bounded({ code, severity: 'warning', text, ...extra });
}

/**
 * Characters a diagnostic's message, hint or note holds at most. They quote spec and guide text,
 * which is untrusted: a `$ref` of 200,000 spaces was printed whole three times by its one error,
 * in the terminal, the CI log, serve's overlay and `docsgen lint`'s reports alike.
 */
export const TEXT_CHARS = 2000;
/** A quoted value (`"…"`) in a message over TEXT_CHARS is cut to this many characters first. */
export const QUOTED_CHARS = 160;
const LONG_QUOTED = new RegExp(`"([^"\\n]{${QUOTED_CHARS + 1},})"`, 'g');

/**
 * `text` within TEXT_CHARS: its long quoted values cut, then, if still too long, its middle left
 * out (and counted). Bounding a bounded text changes nothing: a report that bounds a diagnostic's
 * text again (check-links') counts the same characters left out.
 */
export function boundedText(text: string): string {
  if (text.length <= TEXT_CHARS) return text;
  const quotesCut = text.replace(LONG_QUOTED, (_, inner: string) => `"${head(inner, QUOTED_CHARS)}…"`);
  if (quotesCut.length <= TEXT_CHARS) return quotesCut;
  // Room for the marker (` … (1,234,567,890 characters left out) … `), so the result fits TEXT_CHARS.
  const start = head(quotesCut, (TEXT_CHARS * 3) / 4 - 40);
  const end = tail(quotesCut, TEXT_CHARS / 4 - 40);
  return `${start} … (${(quotesCut.length - start.length - end.length).toLocaleString('en-US')} characters left out) … ${end}`;
}

function bounded(d: Diagnostic): Diagnostic {
  d.text = boundedText(d.text);
  if (d.hint !== undefined) d.hint = boundedText(d.hint);
  if (d.notes) d.notes = d.notes.map(boundedText);
  return d;
}

const isLowSurrogate = (text: string, at: number) => at > 0 && at < text.length && (text.charCodeAt(at) & 0xfc00) === 0xdc00;
/** The first `n` characters, or one fewer rather than half a character outside the BMP. */
const head = (text: string, n: number) => text.slice(0, isLowSurrogate(text, n) ? n - 1 : n);
/** The last `n` characters, likewise. */
const tail = (text: string, n: number) => text.slice(isLowSurrogate(text, text.length - n) ? text.length - n + 1 : text.length - n);

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
