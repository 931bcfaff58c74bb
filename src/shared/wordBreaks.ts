// Where a long identifier in a title may wrap. A schema's name (`ApiEndpointsAirportResponse`), an
// operationId or a path used as a title is one word to the browser: wider than the sidebar or a
// phone, it broke at whatever letter reached the edge ("ApiEndpointsAirportRespo" / "nse"). A
// `<wbr>` at each hump of its camel case and after each `_`, `.`, `/` or `:` lets it wrap between
// its parts instead, and leaves the text that is copied, indexed and read aloud as it was. Only
// words of LONG_WORD characters or more get them: shorter ones fit, and a sidebar repeated on
// every page of a large site should not carry markup it never uses. Shared by the pages' markup
// (templates) and the page runtime's sidebar (src/client), so both break a label alike.

/** The shortest word given break points: about what the sidebar's column holds on one line. */
export const LONG_WORD = 20;
const LONG_WORDS = new RegExp(`\\S{${LONG_WORD},}`, 'g');

/**
 * Whether `text` may have a word long enough to get break points. Most titles have none, and
 * a regular expression's test costs more than the loop below (0.8 s against 0.15 s of CPU for the
 * labels of a 300-link sidebar on 7,000 pages). Only ASCII whitespace ends a word here, so a word
 * `\S` would split at another space is taken as long, and wordBreaks decides.
 */
export function hasLongWord(text: string): boolean {
  if (text.length < LONG_WORD) return false;
  for (let i = 0, run = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    run = c === 32 || (c >= 9 && c <= 13) ? 0 : run + 1;
    if (run === LONG_WORD) return true;
  }
  return false;
}

/** The offsets in `text` before which a `<wbr>` goes, ascending; none for most titles. */
export function wordBreaks(text: string): number[] {
  const points: number[] = [];
  if (!hasLongWord(text)) return points;
  for (const match of text.matchAll(LONG_WORDS)) {
    const word = match[0];
    for (let i = 1; i < word.length; i++) {
      const before = word.charCodeAt(i - 1);
      const at = word.charCodeAt(i);
      if ((isUpper(at) && (isLower(before) || isDigit(before))) || (isSeparator(before) && !isSeparator(at))) points.push(match.index + i);
    }
  }
  return points;
}

/** `text` cut at its break points. */
export function wordParts(text: string): string[] {
  if (!hasLongWord(text)) return [text];
  const parts: string[] = [];
  let start = 0;
  for (const point of wordBreaks(text)) {
    parts.push(text.slice(start, point));
    start = point;
  }
  parts.push(text.slice(start));
  return parts;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `_`, `.`, `/`, `:`. */
const isSeparator = (c: number) => c === 95 || c === 46 || c === 47 || c === 58;
