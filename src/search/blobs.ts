// What of a page's text is not worth indexing or storing in the search index: data URLs and
// base64 blobs (an inline image pasted into a description is 200 KB of one "word"), and the
// bulk of any other overlong word. Each one stored whole made every reader's search index that
// much larger, for text nobody types into a search box.

/**
 * `data:image/png;base64,iVBOR…` up to the next space, quote or bracket. The media type is one
 * run with an optional `/` part, and a parameter's value holds no `:`: text is untrusted, and
 * `data:+++…` (two runs that could split it every way) or `;a=data:` repeated (each `data:`
 * reading on to the end) cost their length squared.
 */
const DATA_URL = /\bdata:[\w.+-]*(?:\/[\w.+-]*)?(?:;[\w.+-]+(?:=[^;,\s:]*)?)*,[^\s"'<>)\]]*/gi;
/** A run of the base64 alphabet at least 200 long (no identifier is): checked for mixed case and digits below. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{200,}={0,2}/g;
/** Any other word longer than this is cut, to its first `KEPT_WORD` characters and an ellipsis. */
const LONG_WORD = /\S{201,}/g;
const KEPT_WORD = 100;

export function withoutBlobs(text: string): string {
  if (text.length < 200) return text;
  // Most texts have neither a data URL nor a 200-character run without spaces: the regular
  // expressions above, tried at every position, were most of the time spent here.
  if (!hasRun(text, 200) && !/data:/i.test(text)) return text.includes('  ') ? text.replace(/ {2,}/g, ' ') : text;
  return text
    .replace(DATA_URL, ' ')
    .replace(BASE64_RUN, (run) => (/[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run) ? ' ' : run))
    .replace(LONG_WORD, (word) => `${word.slice(0, /[\ud800-\udbff]/.test(word[KEPT_WORD - 1]) ? KEPT_WORD - 1 : KEPT_WORD)}…`)
    .replace(/ {2,}/g, ' ');
}

/**
 * Whether `text` may hold `length` characters in a row without whitespace. Only plain spaces end a
 * run here (the texts are mostly collapsed to them), so a run with other whitespace only ever
 * answers yes: the regular expressions then decide.
 */
function hasRun(text: string, length: number): boolean {
  for (let start = 0; ; ) {
    const end = text.indexOf(' ', start);
    if ((end === -1 ? text.length : end) - start >= length) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}
