// The CLI's one exit point: format what went wrong, set the exit code.
import { DocsgenError } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';

export const EXIT_OK = 0;
/** A build error: bad input, broken links. */
export const EXIT_BUILD_ERROR = 1;
/** A usage error: unknown command or option, bad option value. */
export const EXIT_USAGE = 2;

export function failWith(e: unknown, logger: Logger, what: string): void {
  if (e instanceof DocsgenError) {
    for (const d of e.diagnostics) logger.diagnostic(d);
    const errors = e.diagnostics.filter((d) => d.severity === 'error').length;
    logger.error(`✗ ${what} failed with ${errors} ${errors === 1 ? 'error' : 'errors'}.`);
  } else {
    logger.error(`✗ ${what} failed with an internal error; please report it with the output below.`);
    logger.error((e as Error)?.stack ?? String(e));
  }
  process.exitCode = EXIT_BUILD_ERROR;
}
