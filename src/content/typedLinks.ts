// Typed links from a guide into the API reference: `op:searchBoundaries`, `op:GET /v1/boundaries/search`,
// `schema:Boundary#boundary_id`. The content stage runs before the spec is read, so it only
// recognises them and emits a placeholder per link; the targets are resolved against each API's
// model once it exists (site/typedLinks.ts). The guides' cached renders (content/guideMemo.ts)
// then hold no URL of the reference, and a renamed slug never leaves a stale link in them.

/** What a typed link names: an operation or a schema, within one API when `api` is set. */
export interface TypedTarget {
  kind: 'op' | 'schema';
  /** `searchBoundaries`, `GET /v1/boundaries/search` or `Boundary`, decoded; without the API's id. */
  name: string;
  /** The id of the API written before a `/` (`op:billing/listInvoices`), when it names one of the site's APIs. */
  api?: string;
  /** What follows `#`, decoded: a field, a parameter, a response (`response-429`), or an id of the page. */
  fragment: string;
}

const TYPED = /^(op|schema):(.+)$/i;

/**
 * The target of a typed link, or undefined for any other link. `apiIds`: the ids of the site's
 * APIs; a target starting with one of them and `/` names that API (an operationId rarely holds a `/`,
 * a path template always starts with one, so `op:GET /v1/x` is never read as an API id).
 */
export function parseTypedLink(href: string, apiIds: readonly string[] = []): TypedTarget | undefined {
  const m = TYPED.exec(href.trim());
  if (!m) return undefined;
  const hashAt = m[2].indexOf('#');
  let name = decode(hashAt === -1 ? m[2] : m[2].slice(0, hashAt)).trim();
  const fragment = hashAt === -1 ? '' : decode(m[2].slice(hashAt + 1)).trim();
  let api: string | undefined;
  const slash = name.indexOf('/');
  if (slash > 0 && apiIds.includes(name.slice(0, slash))) {
    api = name.slice(0, slash);
    name = name.slice(slash + 1).trim();
  }
  return { kind: m[1].toLowerCase() as TypedTarget['kind'], name: name.replace(/\s+/g, ' '), ...(api ? { api } : {}), fragment };
}

/** One key per target, whatever way it was written (`op:GET%20/x` and `<op:GET /x>`). */
export function typedLinkKey(target: TypedTarget): string {
  return JSON.stringify([target.kind, target.api ?? '', target.name, target.fragment]);
}

/** What a typed link's href is in a guide's HTML until it is resolved: placeholder `index` of that guide. A relative path, safe in an attribute. */
export const TYPED_PLACEHOLDER = '/__docsgen_typed_link__/';
const TYPED_PLACEHOLDER_RE = /\/__docsgen_typed_link__\/(\d+)\//g;

export function typedPlaceholder(index: number): string {
  return `${TYPED_PLACEHOLDER}${index}/`;
}

/** The index of a placeholder href, if it is one. */
export function placeholderIndex(href: string): number | undefined {
  const m = /^\/__docsgen_typed_link__\/(\d+)\/$/.exec(href);
  return m ? Number(m[1]) : undefined;
}

/** An operation card (`::operation{id=…}`, plugins/operationCard.ts) until resolved: the card of typed link `index`. */
export function cardPlaceholder(index: number): string {
  return `<div data-docsgen-operation-card="${index}"></div>`;
}
const CARD_PLACEHOLDER_RE = /<div data-docsgen-operation-card="(\d+)"><\/div>/g;

/**
 * The HTML with each placeholder replaced by `hrefs[index]` (escaped for the attribute it is in)
 * and each card's by `cards[index]` (HTML).
 */
export function replaceTypedPlaceholders(html: string, hrefs: ReadonlyMap<number, string>, cards: ReadonlyMap<number, string> = new Map()): string {
  const linked = html.replace(TYPED_PLACEHOLDER_RE, (whole, i: string) => {
    const href = hrefs.get(Number(i));
    return href === undefined ? whole : escapeAttribute(href);
  });
  return cards.size === 0 ? linked : linked.replace(CARD_PLACEHOLDER_RE, (whole, i: string) => cards.get(Number(i)) ?? whole);
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** markdown-it percent-encodes a destination (`GET%20/v1/boundaries/%7Bid%7D`); authors may too. */
function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
