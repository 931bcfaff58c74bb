// The CLI's one exit point: format what went wrong, set the exit code.
import { DocsgenError } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';

export const EXIT_OK = 0;
/** A build error: bad input, broken links. */
export const EXIT_BUILD_ERROR = 1;
/** A usage error: unknown command or option, bad option value. */
export const EXIT_USAGE = 2;

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Until the returned function is called, SIGINT, SIGTERM and SIGHUP stop the command at once:
 * what it registered with onInterrupt (its temporary folder, its lock) is removed, and the
 * process exits with 128 + the signal's number, as a shell reports a process killed by it.
 */
export async function exitOnSignal(logger: Logger, what: string): Promise<() => void> {
  const { runCleanups } = await import('../output/interrupt');
  const handlers = Object.entries(SIGNAL_EXIT_CODES).map(([signal, code]) => {
    const handler = () => {
      const holds = runCleanups();
      logger.error(`✗ ${what} stopped by ${signal}; ${holds ?? 'nothing was written to the output folder'}.`);
      process.exit(code);
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

export function failWith(e: unknown, logger: Logger, what: string): void {
  if (e instanceof DocsgenError) {
    // Warnings found before the failing stage were printed as they were found.
    for (const d of e.diagnostics) if (!logger.printed(d)) logger.diagnostic(d);
    const errors = e.diagnostics.filter((d) => d.severity === 'error').length;
    logger.error(`✗ ${what} failed with ${errors} ${errors === 1 ? 'error' : 'errors'}.`);
  } else {
    logger.error(`✗ ${what} failed with an internal error; please report it with the output below.`);
    logger.error((e as Error)?.stack ?? String(e));
  }
  process.exitCode = EXIT_BUILD_ERROR;
}
