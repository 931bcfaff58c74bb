// `serve --open`: hands the URL to the system's opener. It never fails the server: without a
// desktop (CI, SSH) the opener is missing or exits non-zero, and we only say so.
import { spawn } from 'node:child_process';
import type { Logger } from '../diagnostics/logger';

export function openerFor(url: string, platform: NodeJS.Platform = process.platform): [command: string, args: string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** Resolves once the opener started (true) or failed (false, after the warning). */
export function openBrowser(url: string, logger: Logger, [command, args]: [string, string[]] = openerFor(url)): Promise<boolean> {
  return new Promise((resolve) => {
    const fail = (why: string) => {
      logger.warn(`(!) Could not open a browser (${why}); open ${url} yourself.`);
      resolve(false);
    };
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
      child.once('error', (e) => fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? `${command} was not found` : e.message));
      child.once('exit', (code) => (code ? fail(`${command} exited with code ${code}`) : resolve(true)));
      child.unref();
    } catch (e) {
      fail((e as Error).message);
    }
  });
}
