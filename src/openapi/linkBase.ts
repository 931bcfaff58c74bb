// Where a third-party spec's relative links point when `openapi.linkBase` is not set. Vendor
// specs link their own documentation (`/docs/esign-rest-api/…`, `/home`); the spec usually says
// where that documentation lives. The first absolute http(s) URL of these is taken:
//   externalDocs.url       the spec's own "more documentation" link
//   info.contact.url       most often the vendor's developer portal
//   info.x-origin[].url    where the spec was published (APIs.guru's hint), unless that is a
//                          code or collection host (a raw GitHub file says nothing of the docs)
//   info.termsOfService    the vendor's site, at least
//   servers[0].url         last: its origin, the vendor's host (`https://circleci.com` for
//                          `https://circleci.com/api/v1`), not a local or templated host
// The build says in a warning which one it used, and only when some link needed it.

export interface LinkBase {
  url: string;
  /** Where it came from: `openapi.linkBase` or the spec's key (`externalDocs.url`…). */
  from: string;
  inferred: boolean;
}

/** Hosts that publish specs but are not the vendor's documentation. */
const NOT_DOCS = /(^|\.)(github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|postman\.com|getpostman\.com|apis\.guru|swaggerhub\.com|amazonaws\.com|googleapis\.com)$/i;

export function inferLinkBase(document: Record<string, any> | undefined): LinkBase | undefined {
  if (!document || typeof document !== 'object') return undefined;
  const info = isObject(document.info) ? document.info : {};
  const candidates: [from: string, value: unknown, publishedOnly?: boolean][] = [
    ['externalDocs.url', isObject(document.externalDocs) ? document.externalDocs.url : undefined],
    ['info.contact.url', isObject(info.contact) ? info.contact.url : undefined],
    ...(Array.isArray(info['x-origin']) ? info['x-origin'] : []).map((o: unknown, i: number): [string, unknown, boolean] => [`info.x-origin[${i}].url`, isObject(o) ? o.url : undefined, true]),
    ['info.termsOfService', info.termsOfService],
  ];
  for (const [from, value, publishedOnly] of candidates) {
    const url = httpUrl(value);
    if (url && !(publishedOnly && NOT_DOCS.test(url.hostname))) return { url: url.href, from, inferred: true };
  }
  const server = Array.isArray(document.servers) && isObject(document.servers[0]) ? httpUrl(document.servers[0].url) : undefined;
  if (server && !LOCAL.test(server.hostname) && !/%7B|\{/i.test(server.host)) return { url: `${server.origin}/`, from: 'servers[0].url (its host)', inferred: true };
  return undefined;
}

/** Hosts of a development server: they say nothing of where documentation lives. */
const LOCAL = /^(localhost|127\.[\d.]+|0\.0\.0\.0|\[::1\])$|\.(local|localhost|test|example|invalid)$/i;

function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
