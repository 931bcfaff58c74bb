// Which link an event is about, when it leads to another page of this site; which element a
// fragment names.

/** The URL of the link the event happened on, when it is a same-origin http(s) link to another page (not a `#hash` on this one). */
export function pageLinkOf(event: Event): { link: HTMLAnchorElement; url: URL } | undefined {
  const target = event.target;
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return undefined;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return undefined;
  if (url.pathname === location.pathname && url.search === location.search && (url.hash || link.getAttribute('href')!.startsWith('#'))) return undefined;
  return { link, url };
}

/** The element id a fragment (`#…`, as `location.hash` or a link's `hash` gives it) names. */
export function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // Not percent-encoded.
    return hash.slice(1);
  }
}
