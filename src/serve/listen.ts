// Binds the HTTP server. A port given explicitly must be free (a clear error says which one
// and what to do); the default port moves on to the next free one, and the caller says so.
import type { Server } from 'node:http';
import { DocsgenError, error } from '../diagnostics/diagnostic';

/** How many ports after the default are tried. */
const ATTEMPTS = 20;

export async function listen(server: Server, options: { port: number; host: string; strictPort: boolean }): Promise<number> {
  for (let port = options.port, attempt = 0; ; port++, attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        const onError = (e: Error) => {
          server.off('listening', onListening);
          reject(e);
        };
        const onListening = () => {
          server.off('error', onError);
          resolve();
        };
        server.once('error', onError);
        server.once('listening', onListening);
        server.listen(port, options.host);
      });
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && !options.strictPort && options.port !== 0 && attempt < ATTEMPTS) continue;
      if (code === 'EADDRINUSE') {
        throw new DocsgenError([
          error('port-in-use', `Port ${options.strictPort ? port : options.port} on ${options.host} is already in use${options.strictPort ? '' : ` (and so are the ${ATTEMPTS} ports after it)`}.`, {
            hint: `Stop the other server, or choose another port: --port ${port + 1}.`,
          }),
        ]);
      }
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EACCES') {
        throw new DocsgenError([
          error('listen-failed', `Cannot listen on ${options.host}:${port} (${code}).`, {
            hint: code === 'EACCES' ? 'Ports below 1024 need extra privileges; use --port 3000 or higher.' : 'Pass an address of this machine with --host, e.g. 127.0.0.1 or 0.0.0.0.',
          }),
        ]);
      }
      throw e;
    }
  }
}
