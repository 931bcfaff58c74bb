// Helpers for the serve tests: raw HTTP requests (no client-side URL normalisation, so `..`
// reaches the server as written) and a dev server on a free port.
import http from 'node:http';
import { createDevServer, type DevServer, type DevServerOptions } from '../../src/serve/server';
import { createMemoryLogger } from '../../src/diagnostics/logger';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * GET (or another method) with the path sent exactly as given. `headers` are sent as well; a
 * `host` among them replaces the usual one, and `host: null` sends none.
 */
export function request(url: string, rawPath: string, method = 'GET', headers: Record<string, string | null> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const noHost = headers.host === null;
  const sent = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method, headers: sent, setHost: !noHost }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function startServer(options: DevServerOptions): Promise<DevServer & { logger: ReturnType<typeof createMemoryLogger> }> {
  const logger = createMemoryLogger();
  const server = await createDevServer({ port: 0, logger, ...options });
  return Object.assign(server, { logger });
}
