// The spec's servers, ready to show and to call: variables substituted with their defaults, and
// relative URLs (`/v2`, `//host/x`) resolved against the spec's own URL when it was fetched. A
// spec read from a file has no URL to resolve against: its relative server stays a path, shown
// as such on the overview (with a note), and code samples put it behind a placeholder host.

type Obj = Record<string, any>;

export interface ServerVariable {
  name: string;
  default: string;
  /** The allowed values (empty when any value goes). */
  enum: string[];
  description: string;
}

export interface ApiServer {
  /** As the spec writes it, variables and all: `https://{region}.example.com/v2`. */
  template: string;
  /** Variables substituted; absolute unless `relative`. Never ends in `/` (the root is ''). */
  url: string;
  /** Set when `url` is a path: a relative server of a spec read from a file. */
  relative: boolean;
  description: string;
  variables: ServerVariable[];
}

/** The host code samples use for a server given as a path: readers recognise it as one to replace. */
export const PLACEHOLDER_HOST = 'https://api.example.com';

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `document.servers` resolved against `source` (a URL or a file path); none when the spec lists none. */
export function readServers(servers: unknown, source: string): ApiServer[] {
  const list: unknown[] = Array.isArray(servers) ? servers : [];
  return list.filter((s): s is Obj => s !== null && typeof s === 'object').map((s) => readServer(s, source));
}

function readServer(server: Obj, source: string): ApiServer {
  const template = String(server.url ?? '/');
  const variables: ServerVariable[] = Object.entries<Obj>(server.variables && typeof server.variables === 'object' ? server.variables : {}).map(([name, v]) => {
    const values = Array.isArray(v?.enum) ? v.enum.map(String) : [];
    return { name, default: v?.default !== undefined ? String(v.default) : (values[0] ?? ''), enum: values, description: String(v?.description ?? '') };
  });
  const byName = new Map(variables.map((v) => [v.name, v.default]));
  // A variable the spec does not declare keeps its braces: there is no value to put there.
  // A default can bring its own slash (`https://host/{basePath}` with `/api/v1`): one is kept.
  const substituted = collapseSlashes(template.replace(/\{([^{}]+)\}/g, (whole, name: string) => byName.get(name) || whole));
  const { url, relative } = resolve(substituted, source);
  return { template, url: url.replace(/\/+$/, ''), relative, description: String(server.description ?? ''), variables };
}

/** `https://host//a///b` → `https://host/a/b`; the `//` of a scheme or of a network-path reference stays. */
function collapseSlashes(url: string): string {
  const start = url.match(/^([a-z][a-z0-9+.-]*:)?\/\//i)?.[0] ?? '';
  return start + url.slice(start.length).replace(/\/{2,}/g, '/');
}

function resolve(url: string, source: string): { url: string; relative: boolean } {
  if (ABSOLUTE.test(url)) return { url, relative: false };
  if (/^https?:\/\//i.test(source)) {
    try {
      return { url: new URL(url, source).href, relative: false };
    } catch {
      // an unparsable URL is shown as written
    }
  }
  // `//host/x` from a file: the scheme is the only missing part, and https is the safe guess.
  if (url.startsWith('//')) return { url: `https:${url}`, relative: false };
  return { url: url.startsWith('/') ? url : `/${url}`, relative: true };
}

/** The base URL code samples call: the first server, a relative one behind PLACEHOLDER_HOST. */
export function sampleBase(servers: readonly ApiServer[]): string {
  const first = servers[0];
  if (!first) return PLACEHOLDER_HOST;
  return first.relative ? PLACEHOLDER_HOST + first.url : first.url;
}

/** `base` + `path` with exactly one `/` between them. */
export function joinUrl(base: string, path: string): string {
  if (path === '') return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
