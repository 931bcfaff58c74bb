// Slugs for URLs: tags and, later, API pages. Word splitting follows lodash's kebabCase
// (camelCase humps, digit boundaries, acronym runs, accents stripped) so sites migrating from
// Docusaurus keep their URLs.
import { createHash } from 'node:crypto';

// Only from the start of a run of capitals: tried from each one, a long run cost its length squared.
const ACRONYM_THEN_WORD = /(?<![A-Z])([A-Z]+)([A-Z][a-z])/g;
const LOWER_THEN_UPPER = /([a-z])([A-Z])/g;

export function kebabCase(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '')
    .replace(ACRONYM_THEN_WORD, '$1 $2')
    .replace(LOWER_THEN_UPPER, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
    .join('-');
}

/**
 * Longest slug, in bytes of UTF-8: a slug is a folder name, and file systems limit names in bytes
 * (255 on most; a 300-character operationId failed the build with ENAMETOOLONG). Well below the
 * limit, so that collision suffixes (`-2`) and the index.html beside it never reach it.
 */
export const MAX_SLUG_BYTES = 120;

/**
 * `slug` unchanged when it fits in `max` bytes, so every route that was valid stays as it was;
 * else its start, cut on a word boundary when one is near, then `-` and 8 hex digits of a hash of
 * the whole slug. The hash keeps two long slugs that share their start apart and the same input
 * always on the same route.
 */
export function capSlug(slug: string, max = MAX_SLUG_BYTES): string {
  if (Buffer.byteLength(slug) <= max) return slug;
  const hash = createHash('sha256').update(slug).digest('hex').slice(0, 8);
  const head = startWithin(slug, max - hash.length - 1);
  const boundary = head.lastIndexOf('-');
  // Cut at the last word boundary unless it would throw away more than a short word.
  const cut = boundary >= head.length - 16 && boundary > 0 ? head.slice(0, boundary) : head;
  return `${cut.replace(/-+$/, '')}-${hash}`;
}

/** The longest start of `text` (whole code points) that fits in `bytes` bytes of UTF-8. */
function startWithin(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const ch of text) {
    used += Buffer.byteLength(ch);
    if (used > bytes) break;
    end += ch.length;
  }
  return text.slice(0, end);
}
