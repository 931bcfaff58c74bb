// The request the console sends, from what the reader typed (TryItValues), and what came back.
// Query and path values follow the parameter's `style`/`explode` for lists (form, exploded by
// default: `a=1&a=2`; `explode: false`: `a=1,2`); credentials go where their scheme says;
// through `proxyUrl` the whole target URL is appended to the proxy's (encoded after `=`).
import type { TryItData, TryItValues } from '../../shared/tryIt';
import { withoutTrailingSlashes } from '../../shared/url';

export interface BuiltRequest {
  url: string;
  /** The URL shown to the reader (credentials in the query masked). */
  shownUrl: string;
  init: RequestInit & { headers: Record<string, string> };
}

export function buildRequest(data: TryItData, values: TryItValues): BuiltRequest {
  // `[^{}]`: a `{` left open ends the scan at the next one, not at the path's end (paths are spec text).
  const path = data.path.replace(/\{([^{}]+)\}/g, (whole, name: string) => (name in values.path ? encodeURIComponent(values.path[name]!) : whole));
  const pairs: [string, string][] = [];
  const masked: [string, string][] = [];
  for (const [name, value] of Object.entries(values.query)) {
    const param = data.parameters.find((p) => p.in === 'query' && p.name === name);
    const list = isList(param?.schema) && param?.explode !== false ? value.split(',').map((v) => v.trim()) : [value];
    for (const item of list) {
      pairs.push([name, item]);
      masked.push([name, item]);
    }
  }
  for (const [name, value] of Object.entries(values.credentials.query)) {
    pairs.push([name, value]);
    masked.push([name, '••••']);
  }
  const target = joinUrl(values.server, path);
  const query = (list: [string, string][]) => (list.length ? `?${list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '');
  const url = target + query(pairs);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values.headers)) if (name.trim()) headers[name.trim()] = value;
  Object.assign(headers, values.credentials.headers);
  const cookies = { ...values.cookies, ...values.credentials.cookies };
  // Browsers refuse to set Cookie from script; sent anyway for proxies and non-browser-strict setups, and said so in the README.
  if (Object.keys(cookies).length) headers.Cookie = Object.entries(cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const init: BuiltRequest['init'] = { method: data.method, headers, credentials: 'omit', cache: 'no-store', redirect: 'follow' };
  if (values.body !== undefined && data.body && data.method !== 'GET' && data.method !== 'HEAD') {
    init.body = values.body;
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = data.body.mediaType;
  }
  return { url: data.proxyUrl ? viaProxy(data.proxyUrl, url) : url, shownUrl: target + query(masked), init };
}

function isList(schema: unknown): boolean {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

function joinUrl(server: string, path: string): string {
  return withoutTrailingSlashes(server) + (path.startsWith('/') ? path : `/${path}`);
}

export function viaProxy(proxy: string, url: string): string {
  return /[=]$/.test(proxy) ? proxy + encodeURIComponent(url) : proxy + url;
}

export interface TryItResponse {
  status: number;
  statusText: string;
  ms: number;
  bytes: number;
  headers: [string, string][];
  contentType: string;
  /** How the body shows: JSON pretty-printed, text, an image, or a file to download. */
  body: { kind: 'json'; text: string } | { kind: 'text'; text: string } | { kind: 'image'; url: string } | { kind: 'binary'; url: string; name: string } | { kind: 'empty' };
}

export type SendResult = { ok: true; response: TryItResponse } | { ok: false; kind: 'network' | 'timeout' | 'aborted'; message: string };

const TIMEOUT_MS = 30_000;

export async function send(request: BuiltRequest, signal?: AbortSignal): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), TIMEOUT_MS);
  signal?.addEventListener('abort', () => controller.abort('aborted'));
  const started = performance.now();
  try {
    const res = await fetch(request.url, { ...request.init, signal: controller.signal });
    const buffer = await res.arrayBuffer();
    const ms = Math.round(performance.now() - started);
    const contentType = res.headers.get('content-type') ?? '';
    return { ok: true, response: { status: res.status, statusText: res.statusText, ms, bytes: buffer.byteLength, headers: [...res.headers.entries()], contentType, body: readBody(buffer, contentType, request.url) } };
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : undefined;
    if (reason === 'timeout') return { ok: false, kind: 'timeout', message: `No answer within ${TIMEOUT_MS / 1000} seconds.` };
    if (reason === 'aborted') return { ok: false, kind: 'aborted', message: 'Cancelled.' };
    return { ok: false, kind: 'network', message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function readBody(buffer: ArrayBuffer, contentType: string, url: string): TryItResponse['body'] {
  if (buffer.byteLength === 0) return { kind: 'empty' };
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (/^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/.test(type)) return { kind: 'image', url: URL.createObjectURL(new Blob([buffer], { type })) };
  const textual = type === '' || /^text\/|[/+](json|xml|javascript|x-www-form-urlencoded|yaml|csv)$|^application\/(json|xml|yaml|x-yaml|problem\+json)/.test(type);
  if (textual) {
    const text = new TextDecoder().decode(buffer);
    if (/json/.test(type) || type === '') {
      try {
        return { kind: 'json', text: JSON.stringify(JSON.parse(text), null, 2) };
      } catch {
        // Not JSON after all: shown as text.
      }
    }
    return { kind: 'text', text };
  }
  const name = decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() || 'response') || 'response';
  return { kind: 'binary', url: URL.createObjectURL(new Blob([buffer], { type: type || 'application/octet-stream' })), name };
}
