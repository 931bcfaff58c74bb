// Where a third-party spec's relative links point when `openapi.linkBase` is not set. Vendor
// specs link their own documentation (`/docs/esign-rest-api/…`, `/home`); the spec usually says
// where that documentation lives. The first absolute http(s) URL of these is taken:
//   externalDocs.url       the spec's own "more documentation" link
//   info.contact.url       most often the vendor's developer portal
//   info.x-origin[].url    where the spec was published (APIs.guru's hint), unless that is a
//                          code or collection host (a raw GitHub file says nothing of the docs)
//   info.termsOfService    the vendor's site, at least
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
  return undefined;
}

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
