// Which requests the dev server answers. A page on any site can make the browser send requests to
// 127.0.0.1, and with DNS rebinding (evil.example resolving to 127.0.0.1) it can even read the
// answers, drafts included: so, as Vite and webpack-dev-server do, only requests addressed to
// `localhost`, an IP address or a name the author allowed (`--host`, `--allowed-hosts`) are
// answered, and requests that change something (POST /__docsgen/…) must come from the site itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Logger } from '../diagnostics/logger';

export interface HostCheckOptions {
  /** The address the server binds (`--host`): a name is allowed as well. */
  host: string;
  /** More names (`.example.test` allows example.test and its subdomains), or `true` for any. */
  allowedHosts?: readonly string[] | true;
}

/** The name of a Host header (lowercase, port and one trailing dot removed, IPv6 in brackets); undefined when malformed. */
export function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    const rest = value.slice(end + 1);
    if (end === -1 || !(rest === '' || /^:\d+$/.test(rest)) || !net.isIPv6(value.slice(1, end))) return undefined;
    return value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  const name = colon === -1 ? value : value.slice(0, colon);
  if (colon !== -1 && !/^\d+$/.test(value.slice(colon + 1))) return undefined;
  if (name === '' || !/^[a-z0-9._-]+$/.test(name)) return undefined;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Whether a request whose Host header is `header` is answered. */
export function isHostAllowed(header: string | undefined, options: HostCheckOptions): boolean {
  if (options.allowedHosts === true) return true;
  if (header === undefined) return false;
  const name = hostName(header);
  if (name === undefined) return false;
  if (name.startsWith('[')) return true; // an IPv6 literal: hostName checked it
  if (net.isIPv4(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const bound = options.host.toLowerCase().replace(/\.$/, '');
  if (name === bound) return true;
  for (const entry of options.allowedHosts ?? []) {
    const allowed = entry.trim().toLowerCase().replace(/\.$/, '');
    if (allowed === name) return true;
    if (allowed.startsWith('.') && (allowed.slice(1) === name || name.endsWith(allowed))) return true;
  }
  return false;
}

/**
 * Whether a state-changing request comes from a page of this server: its Origin is this very
 * origin or, without an Origin header, Sec-Fetch-Site says `same-origin`. A request with neither
 * (curl, scripts) is not sent by a browser on behalf of another site, so it passes (its Host has
 * been checked already).
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!req.headers.host) return false;
    try {
      const from = new URL(origin);
      return from.protocol === 'http:' && from.host === new URL(`http://${req.headers.host}`).host;
    } catch {
      return false; // `null` (sandboxed frames, file: pages) and anything unparsable
    }
  }
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}

/** Text for the terminal and the 403 body: printable ASCII only, not too long. */
function printable(s: string): string {
  const clean = s.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}

const MAX_WARNINGS = 10;

/**
 * The request guard of the dev server: `refuseHost` answers 403 to a request addressed to a name
 * that is not allowed (and warns once per name in the terminal), `refuseCrossOrigin` answers 403
 * to a state-changing request from another origin. Both return true when they answered.
 */
export function createRequestGuard(options: HostCheckOptions & { logger: Logger }) {
  const warned = new Set<string>();
  return {
    refuseHost(req: IncomingMessage, res: ServerResponse): boolean {
      const header = req.headers.host;
      if (isHostAllowed(header, options)) return false;
      const parsed = header === undefined ? undefined : hostName(header);
      const name = parsed === undefined ? undefined : printable(parsed);
      if (name !== undefined && !warned.has(name) && warned.size < MAX_WARNINGS) {
        warned.add(name);
        options.logger.warn(`(!) Refused a request for the host "${name}": only localhost, IP addresses and allowed names are served (DNS rebinding protection). If you meant to open the site under that name, restart with --allowed-hosts ${name}.`);
      }
      const body = name === undefined
        ? 'Blocked request: its Host header is missing or not valid.\n'
        : `Blocked request: this docsgen dev server does not answer to the host "${name}".\nIt answers to localhost, IP addresses and the names it is told about.\nTo allow this one: docsgen serve --allowed-hosts ${name} (or allowedHosts: ['${name}'] in createDevServer()).\n`;
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }).end(body);
      return true;
    },
    refuseCrossOrigin(req: IncomingMessage, res: ServerResponse): boolean {
      if (isSameOrigin(req)) return false;
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }).end('Blocked request: it came from another site. Only pages served by this server (or a client such as curl, sending no Origin) may call this endpoint.\n');
      return true;
    },
  };
}
