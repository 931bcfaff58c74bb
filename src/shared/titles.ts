// How long a title may be where it is repeated: a sidebar's link, a breadcrumb, a previous/next
// link, a page's head. Their text comes from the spec (a tag's name, an operationId, a schema's
// name), which is untrusted: a tag named with 300,000 characters was written twice into every one
// of its operations' pages (sidebar and breadcrumb), and into each one's search entry. The page
// that the title names shows it whole, once.

/**
 * The longest title shown whole where it is repeated on other pages. Far above the 120 characters
 * of an operation's summary as its title (openapi/titleText.ts): a title made of a method and a
 * path (an operation with neither summary nor operationId) is told from its neighbours by the
 * path's end, and Azure's paths reach 200 characters.
 */
export const REPEATED_TITLE_MAX_CHARS = 300;

/** `text` as a title where it is repeated: whole up to REPEATED_TITLE_MAX_CHARS, else cut at a word, with `…`. */
export function shortTitle(text: string): string {
  return text.length <= REPEATED_TITLE_MAX_CHARS ? text : `${cutAtWord(text, REPEATED_TITLE_MAX_CHARS - 1)}…`;
}

/** The longest meta description kept whole: twice what search engines show of one. */
export const DESCRIPTION_MAX_CHARS = 320;

/** A page's meta description: whole up to DESCRIPTION_MAX_CHARS, else cut at a word, with `…`. */
export function shortDescription(text: string): string {
  return text.length <= DESCRIPTION_MAX_CHARS ? text : `${cutAtWord(text, DESCRIPTION_MAX_CHARS - 1)}…`;
}

/** At most `max` characters of `text`, ended at a space when there is one in its second half; never half a surrogate pair. */
export function cutAtWord(text: string, max: number): string {
  const space = text.lastIndexOf(' ', max);
  let end = space > max / 2 ? space : max;
  if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1])) end--;
  return text.slice(0, end).trimEnd();
}
