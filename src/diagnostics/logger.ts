// The only module that writes to the console. Injected into build() so tests can capture
// output; `quiet` keeps errors only; colour follows NO_COLOR and whether stdout is a TTY.
import type { Diagnostic } from './diagnostic';
import { formatDiagnostic } from './format';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  diagnostic(d: Diagnostic): void;
  /**
   * Whether `d` (this very object) went through diagnostic() already, printed or left out by
   * `quiet`. A build prints warnings as it finds them and then throws a DocsgenError carrying
   * every diagnostic; the CLI prints only those not printed yet, so none appears twice.
   */
  printed(d: Diagnostic): boolean;
  /** A transient progress line (rewritten in place on a TTY, printed every 10 % otherwise). */
  progress(label: string, done: number, total: number): void;
  readonly color: boolean;
}

export interface LoggerOptions {
  quiet?: boolean;
  color?: boolean;
  cwd?: string;
  stdout?: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean };
  stderr?: { write(s: string): unknown };
}

export function shouldUseColor(env: NodeJS.ProcessEnv = process.env, isTTY = !!process.stdout.isTTY): boolean {
  // https://no-color.org: any non-empty NO_COLOR disables colour.
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return isTTY;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.stdout ?? process.stdout;
  const err = options.stderr ?? process.stderr;
  const color = options.color ?? shouldUseColor();
  const cwd = options.cwd ?? process.cwd();
  const quiet = options.quiet ?? false;
  const tty = !!out.isTTY;
  let lastDecile = -1;
  let lastLabel = '';
  let progressShown = false;
  const printed = new WeakSet<Diagnostic>();
  const clearProgress = () => {
    if (progressShown) out.write('\r\x1b[K');
    progressShown = false;
  };
  return {
    color,
    info(message) {
      if (quiet) return;
      clearProgress();
      out.write(message + '\n');
    },
    warn(message) {
      if (quiet) return;
      clearProgress();
      err.write(message + '\n');
    },
    error(message) {
      clearProgress();
      err.write(message + '\n');
    },
    diagnostic(d) {
      printed.add(d);
      if (quiet && d.severity !== 'error') return;
      clearProgress();
      err.write(formatDiagnostic(d, { color, cwd }) + '\n');
    },
    printed: (d) => printed.has(d),
    progress(label, done, total) {
      if (quiet) return;
      if (tty) {
        out.write(`\r\x1b[K${label} ${done}/${total}`);
        progressShown = done < total;
        if (done >= total) out.write('\r\x1b[K');
        return;
      }
      const decile = Math.floor((done / total) * 10);
      if (decile !== lastDecile || label !== lastLabel) {
        lastLabel = label;
        lastDecile = decile;
        out.write(`${label} ${done}/${total}\n`);
      }
    },
  };
}

/** A logger that records everything; for tests and for `build()` callers who want the text. */
export function createMemoryLogger(): Logger & { lines: string[]; diagnostics: Diagnostic[] } {
  const lines: string[] = [];
  const diagnostics: Diagnostic[] = [];
  return {
    color: false,
    lines,
    diagnostics,
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m) => void lines.push(m),
    diagnostic: (d) => void diagnostics.push(d),
    printed: (d) => diagnostics.includes(d),
    progress: (label, done, total) => void lines.push(`${label} ${done}/${total}`),
  };
}

/**
 * For serve --watch, which builds again on every save: a warning that the previous build
 * printed (the same code, place and text) is not printed again while it stays, so an edit to one
 * guide does not repeat every other guide's warnings. A warning that goes away and comes back is
 * printed again; errors are always printed. Call `nextBuild()` before each build.
 */
export function withoutRepeatedWarnings(logger: Logger): Logger & { nextBuild(): void } {
  let previous = new Set<string>();
  let current = new Set<string>();
  const seen = new WeakSet<Diagnostic>();
  const key = (d: Diagnostic) => [d.code, d.location?.file, d.location?.line, d.location?.column, d.text].join('\0');
  return {
    get color() {
      return logger.color;
    },
    info: (m) => logger.info(m),
    warn: (m) => logger.warn(m),
    error: (m) => logger.error(m),
    progress: (label, done, total) => logger.progress(label, done, total),
    diagnostic(d) {
      seen.add(d);
      if (d.severity === 'error') return logger.diagnostic(d);
      const k = key(d);
      const repeated = previous.has(k) || current.has(k);
      current.add(k);
      if (!repeated) logger.diagnostic(d);
    },
    printed: (d) => seen.has(d) || logger.printed(d),
    nextBuild() {
      previous = current;
      current = new Set();
    },
  };
}
