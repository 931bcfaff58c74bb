// Server-sent events for live reload (`GET /__docsgen/events`). Each message is one JSON object
// (see ReloadMessage); a page that connects first gets `hello` with the current build version
// and, when the last build failed, the error, so a page opened during an error shows it at once.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface OverlayError {
  file?: string;
  line?: number;
  column?: number;
  text: string;
  /** The source line, shown beneath. */
  lineText?: string;
  hint?: string;
}

export type ReloadMessage =
  | { type: 'hello'; version: number }
  | { type: 'reload'; version: number; files: string[] }
  | { type: 'css'; version: number; href: string }
  | { type: 'ok'; version: number }
  | { type: 'error'; errors: OverlayError[] };

export interface EventHub {
  handle(req: IncomingMessage, res: ServerResponse): void;
  send(message: ReloadMessage): void;
  close(): void;
  readonly clients: number;
}

export function createEventHub(initial: () => ReloadMessage[]): EventHub {
  const clients = new Set<ServerResponse>();
  const write = (res: ServerResponse, message: ReloadMessage) => res.write(`data: ${JSON.stringify(message)}\n\n`);
  // A comment line every 15 s keeps proxies and idle timeouts from closing the stream.
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, 15_000);
  heartbeat.unref();
  return {
    handle(req, res) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
      // Reconnect quickly after a restart of the server.
      res.write('retry: 300\n\n');
      for (const message of initial()) write(res, message);
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    send(message) {
      for (const res of clients) write(res, message);
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
    get clients() {
      return clients.size;
    },
  };
}
