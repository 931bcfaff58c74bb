// What names a page, a tab or a link in the reference: a spec's `summary`, `title` or key. Some
// generators write `summary: ""` for every operation or example; shown as it is, that was an
// operation page with an empty heading and sidebar link (and a page the sharded search index had
// no title for), or an example tab with no label.

/** `value` as the text of a title; undefined when it is missing or blank, so that the next candidate names the thing. */
export function titleText(value: unknown): string | undefined {
  return value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);
}
