// A linear JSON highlighter that writes exactly the HTML highlight.js's `json` grammar writes,
// for the JSON docsgen shows most: request and response examples, which JSON.stringify made.
// highlight.js runs a general regex engine over them (a combined regex per mode, an object per
// token) and JSON examples were its most expensive language on an API site: 0.6 µs per
// character, a quarter of all highlighting on the 7,000-page site. Anything outside the plain
// JSON this scanner knows (comments, single quotes, a string cut before its end, NaN, stray
// characters) returns undefined, and the caller asks highlight.js: the bytes are the same
// either way (test/unit/content/highlightJson.test.ts compares them).

const PUNCTUATION = '<span class="hljs-punctuation">';
const ATTR = '<span class="hljs-attr">';
const STRING = '<span class="hljs-string">';
const NUMBER = '<span class="hljs-number">';
const LITERAL = '<span class="hljs-literal"><span class="hljs-keyword">';
const CLOSE = '</span>';

/** highlight.js's own escaping (`'` as `&#x27;`), which the json grammar's output carries. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
function escape(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c]) : text;
}

/** A JSON number (no leading zeros, no bare `1.`): highlight.js's number rule matches it whole. */
const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;

/** Whitespace highlight.js leaves as text, and what may follow a number or a literal. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}
function endsValue(code: string, i: number): boolean {
  if (i >= code.length) return true;
  const c = code.charCodeAt(i);
  return isSpace(c) || c === 44 /* , */ || c === 93 /* ] */ || c === 125 /* } */;
}

/** The highlighted HTML of plain JSON text, or undefined when highlight.js must decide. */
export function highlightJson(code: string): string | undefined {
  let html = '';
  let i = 0;
  const n = code.length;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (isSpace(c)) {
      let j = i + 1;
      while (j < n && isSpace(code.charCodeAt(j))) j++;
      html += code.slice(i, j);
      i = j;
    } else if (c === 123 || c === 125 || c === 91 || c === 93 || c === 44 || c === 58) {
      // { } [ ] , :
      html += PUNCTUATION + code[i] + CLOSE;
      i++;
    } else if (c === 34) {
      const end = stringEnd(code, i);
      if (end === -1) return undefined;
      // A string followed by a colon is a key: highlight.js's `attr` rule is tried before `string`.
      let k = end;
      while (k < n && isSpace(code.charCodeAt(k))) k++;
      html += (code.charCodeAt(k) === 58 ? ATTR : STRING) + escape(code.slice(i, end)) + CLOSE;
      i = end;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER_RE.lastIndex = i;
      const m = NUMBER_RE.exec(code);
      if (!m || !endsValue(code, i + m[0].length)) return undefined;
      html += NUMBER + m[0] + CLOSE;
      i += m[0].length;
    } else {
      const word = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : '';
      if (!word || !code.startsWith(word, i) || !endsValue(code, i + word.length)) return undefined;
      html += LITERAL + word + CLOSE + CLOSE;
      i += word.length;
    }
  }
  return html;
}

/** Index after the closing quote of the string opening at `start`; -1 when it has none on its line. */
function stringEnd(code: string, start: number): number {
  for (let j = start + 1; j < code.length; j++) {
    const c = code.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 10 || c === 13) return -1;
    if (c === 92) {
      // highlight.js's key rule reads an escape as `\\.`, which no line break can follow.
      const next = code.charCodeAt(j + 1);
      if (Number.isNaN(next) || next === 10 || next === 13 || next === 0x2028 || next === 0x2029) return -1;
      j++;
    }
  }
  return -1;
}
