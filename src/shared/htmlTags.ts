// Finds the tags of an HTML text in one pass, for the scanners that read docsgen's pages (the
// search index's text, the link check's URLs and ids). Guides may hold raw HTML, so the text is
// the author's: a regular expression for a whole tag or element, tried at each `<` of a long run
// that never closes, scans on to the end every time (a guide of 300 KB of `<a class="hash-link" `
// never finished building). Here each character is read a bounded number of times, and a tag ends
// where a browser ends it: at the first `>` outside a quoted attribute value, or at the text's end.

export interface HtmlTag {
  /** Index of the `<`. */
  start: number;
  /** Index after the `>`, or the text's length when the tag runs on to the end. */
  end: number;
  /** Lowercased; `'!--'` for a comment. */
  name: string;
  /** `</name>`. */
  closing: boolean;
  /** Index after the name, where the attributes start. */
  attrsStart: number;
  /** False when the text ends inside the tag (a browser drops such a tag). */
  complete: boolean;
}

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const DOUBLE = 0x22;
const SINGLE = 0x27;

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * The first tag or comment that starts at or after `from`; a `<` that starts neither is text.
 * `skipEndTags`: passes over end tags (`</p>`), for a reader of start tags only.
 */
export function nextTag(html: string, from: number, skipEndTags = false): HtmlTag | undefined {
  for (let lt = html.indexOf('<', from); lt !== -1; lt = html.indexOf('<', lt + 1)) {
    if (html.startsWith('!--', lt + 1)) {
      // From the `<!--`'s own dashes: `<!-->` and `<!--->` are closed at once, as in a browser.
      const close = html.indexOf('-->', lt + 2);
      const end = close === -1 ? html.length : close + 3;
      return { start: lt, end, name: '!--', closing: false, attrsStart: lt + 4, complete: close !== -1 };
    }
    const closing = html.charCodeAt(lt + 1) === SLASH;
    const nameStart = lt + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) continue;
    let nameEnd = nameStart + 1;
    for (let c = html.charCodeAt(nameEnd); nameEnd < html.length && !isSpace(c) && c !== SLASH && c !== GT; c = html.charCodeAt(++nameEnd));
    const end = tagEnd(html, nameEnd);
    if (closing && skipEndTags) {
      if (end === -1) return undefined;
      lt = end - 1;
      continue;
    }
    return { start: lt, end: end === -1 ? html.length : end, name: html.slice(nameStart, nameEnd).toLowerCase(), closing, attrsStart: nameEnd, complete: end !== -1 };
  }
  return undefined;
}

/** Index after the `>` that closes a tag whose attributes start at `i`, or -1. Quotes count only around a value, after its `=`, as in a browser. */
function tagEnd(html: string, i: number): number {
  const length = html.length;
  while (i < length) {
    const c = html.charCodeAt(i);
    if (c === GT) return i + 1;
    i++;
    if (c !== EQUALS) continue;
    while (i < length && isSpace(html.charCodeAt(i))) i++;
    const quote = html.charCodeAt(i);
    if (quote !== DOUBLE && quote !== SINGLE) continue;
    const close = html.indexOf(quote === DOUBLE ? '"' : "'", i + 1);
    if (close === -1) return -1;
    i = close + 1;
  }
  return -1;
}

/**
 * Finds end tags (`</pre>`) after a position, for skipping an element's content. Each name's
 * answer is kept until the scan passes it, so an element opened a thousand times and never
 * closed costs one search, not a thousand to the end of the text.
 */
export function endTagFinder(html: string): (name: string, from: number) => HtmlTag | undefined {
  const known = new Map<string, { from: number; at: number }>();
  return (name, from) => {
    let found = known.get(name);
    if (!found || from < found.from || (found.at !== -1 && found.at < from)) {
      const pattern = endTagPattern(name);
      pattern.lastIndex = from;
      found = { from, at: pattern.exec(html)?.index ?? -1 };
      known.set(name, found);
    }
    return found.at === -1 ? undefined : nextTag(html, found.at);
  };
}

const endTagPatterns = new Map<string, RegExp>();

/** `</name` then what ends a tag's name. `name` is one of the scanners' own, never the text's. */
function endTagPattern(name: string): RegExp {
  let pattern = endTagPatterns.get(name);
  if (!pattern) endTagPatterns.set(name, (pattern = new RegExp(`</${name}(?=[\\s/>])`, 'gi')));
  return pattern;
}
