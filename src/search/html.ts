// A small, fast HTML-to-text stripper for the search index, and the h2/h3 section splitter.
// Input is docsgen's own rendered markdown (well-formed, escaped), not arbitrary HTML.

// Elements whose text is not indexed: code blocks (big token dictionaries of sample output,
// shown in the guide anyway; inline `code` is kept), scripts, styles, buttons (copy buttons).
const DROPPED = /<(pre|script|style|template|button|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HASH_LINK = /<a\b[^>]*\bclass="hash-link"[^>]*>[\s\S]*?<\/a\s*>/gi;
// A code block's language label (`TypeScript`, src/content/plugins/code.ts): every block has one,
// so it would only make every guide match its languages' names. (A file name, `.code-title`, is kept.)
const CODE_LABEL = /<div class="code-label">[^<]*<\/div>/g;
// A comment left open runs to the end, as in a browser; matched so, an open `<!--` is not tried again from each later one.
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;
// Inline elements join their text to the surrounding words; every other tag is a word break.
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', times: '×', copy: '©', reg: '®', trade: '™', middot: '·', bull: '•', rarr: '→', larr: '←', laquo: '«', raquo: '»', shy: '',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[name.toLowerCase()] ?? m;
  });
}

/** The readable text of an HTML fragment, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!html) return '';
  return decodeEntities(
    html
      .replace(DROPPED, ' ')
      .replace(HASH_LINK, '')
      .replace(CODE_LABEL, '')
      .replace(COMMENT, ' ')
      .replace(TAG, (_, tag: string) => (INLINE.has(tag.toLowerCase()) ? '' : ' ')),
  )
    .replace(SPACES, ' ')
    .trim();
}

// Whitespace runs other than one plain space (the most of them, which need no replacing): the same
// text as replacing every `\s+`, without a match for each word.
const SPACES = /\s\s+|[^\S ]/g;

/**
 * `htmlToText` remembering its answers in `known`, for one pass over a site's pages: API pages
 * show the same descriptions again and again (shared schemas, the `meta` envelope of every response).
 */
export function rememberingHtmlToText(known = new Map<string, string>()): (html: string) => string {
  return (html) => {
    let text = known.get(html);
    if (text === undefined) known.set(html, (text = htmlToText(html)));
    return text;
  };
}

export interface HtmlSection {
  /** Heading id (the anchor). */
  id: string;
  /** Heading text, without its `#` link. */
  title: string;
  /** Text under the heading up to the next h2/h3 (h4–h6 and their text fold into it). */
  text: string;
}

const HEADING = /<h([23])\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/h\1\s*>/gi;

/** Splits rendered markdown at its h2/h3 headings that have an id. */
export function splitSections(html: string): { intro: string; sections: HtmlSection[] } {
  const sections: HtmlSection[] = [];
  let intro = '';
  let last = 0;
  let current: { id: string; title: string } | undefined;
  const close = (end: number) => {
    const text = htmlToText(html.slice(last, end));
    if (current) sections.push({ ...current, text });
    else intro = text;
  };
  for (const m of html.matchAll(HEADING)) {
    const id = /\sid="([^"]*)"/.exec(m[2])?.[1];
    if (!id) continue;
    close(m.index!);
    current = { id: decodeEntities(id), title: htmlToText(m[3]) };
    last = m.index! + m[0].length;
  }
  close(html.length);
  return { intro, sections };
}
