// `info.x-logo` (Redoc's extension): the API's logo on the overview page. Only http(s) URLs are
// kept, for the image and for its link: a spec must not put `javascript:` or `data:` URLs on a page.

type Obj = Record<string, any>;

export interface ApiLogo {
  url: string;
  altText: string;
  /** A CSS colour behind the logo; only simple colour syntax is kept (it goes into a style attribute). */
  backgroundColor?: string;
  href?: string;
}

const HTTP_URL = /^https?:\/\/\S+$/i; // React escapes the attribute; only the scheme matters here
/** `#fff`, `#336699cc`, `white`, `rgb(1, 2, 3)`, `hsl(…)`: nothing that could end the declaration. */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/i;

export function readLogo(raw: unknown): ApiLogo | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const logo = raw as Obj;
  const url = typeof logo.url === 'string' ? logo.url.trim() : '';
  if (!HTTP_URL.test(url)) return undefined;
  const href = typeof logo.href === 'string' && HTTP_URL.test(logo.href.trim()) ? logo.href.trim() : undefined;
  const colour = typeof logo.backgroundColor === 'string' && COLOUR.test(logo.backgroundColor.trim()) ? logo.backgroundColor.trim() : undefined;
  return { url, altText: typeof logo.altText === 'string' ? logo.altText : '', backgroundColor: colour, href };
}
