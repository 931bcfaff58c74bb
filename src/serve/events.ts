// Server-sent events for live reload (`GET /__docsgen/events`). Each message is one JSON object
// (see ReloadMessage); a page that connects first gets `hello` with the current build version
// and, when the last build failed, the error, so a page opened during an error shows it at once.
//
// A page connects with `?file=` (the output file it was served from). When that file changed, its
// `reload` message carries the page's new HTML as it would be served: the page puts it in place
// without asking for it, which saved a request's round trip and the server's turn to answer it
// (6–10 ms of a 65 ms save on a 5,000-page site). The file is only a key into the build's files.
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
  | { type: 'reload'; version: number; files: string[]; html?: string }
  | { type: 'css'; version: number; href: string }
  | { type: 'ok'; version: number }
  | { type: 'error'; errors: OverlayError[] };

export interface EventHub {
  handle(req: IncomingMessage, res: ServerResponse): void;
  send(message: ReloadMessage): void;
  /**
   * `reload` for these files; a page served from one of them gets `html`, what `served` gives for
   * its file (undefined: the page fetches itself, as it does for a 404 page that may now exist).
   */
  sendReload(version: number, files: string[], served: (file: string) => string | undefined): void;
  close(): void;
  readonly clients: number;
}

export function createEventHub(initial: () => ReloadMessage[]): EventHub {
  /** Each open stream and the file its page was served from. */
  const clients = new Map<ServerResponse, string>();
  const write = (res: ServerResponse, message: ReloadMessage | string) => res.write(`data: ${typeof message === 'string' ? message : JSON.stringify(message)}\n\n`);
  // A comment line every 15 s keeps proxies and idle timeouts from closing the stream.
  const heartbeat = setInterval(() => {
    for (const res of clients.keys()) res.write(': ping\n\n');
  }, 15_000);
  heartbeat.unref();
  return {
    handle(req, res) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
      // Reconnect quickly after a restart of the server.
      res.write('retry: 300\n\n');
      for (const message of initial()) write(res, message);
      clients.set(res, new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('file') ?? '');
      req.on('close', () => clients.delete(res));
    },
    send(message) {
      for (const res of clients.keys()) write(res, message);
    },
    sendReload(version, files, served) {
      const plain = JSON.stringify({ type: 'reload', version, files } satisfies ReloadMessage);
      const changed = new Set(files);
      // Each file's message is made once, however many of its pages are open.
      const withHtml = new Map<string, string>();
      for (const [res, file] of clients) {
        let message = withHtml.get(file);
        if (message === undefined && changed.has(file)) {
          const html = served(file);
          message = html === undefined ? plain : JSON.stringify({ type: 'reload', version, files, html } satisfies ReloadMessage);
          withHtml.set(file, message);
        }
        write(res, message ?? plain);
      }
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients.keys()) res.end();
      clients.clear();
    },
    get clients() {
      return clients.size;
    },
  };
}
