// A small, fast HTML-to-text stripper for the search index, and the h2/h3 section splitter.
// Input is docsgen's rendered markdown: escaped, but a guide's raw HTML is the author's, so the
// tags are read by nextTag (one pass, src/shared/htmlTags.ts), not by patterns that backtrack.
import { endTagFinder, nextTag, type HtmlTag } from '../shared/htmlTags';

// Elements whose text is not indexed: code blocks (big token dictionaries of sample output,
// shown in the guide anyway; inline `code` is kept), scripts, styles, buttons (copy buttons).
// One left open is a tag like any other, its text kept.
const DROPPED = new Set(['pre', 'script', 'style', 'template', 'button', 'svg']);
const HASH_LINK = /\bclass="hash-link"/;
// A code block's language label (`TypeScript`, src/content/plugins/code.ts): every block has one,
// so it would only make every guide match its languages' names. (A file name, `.code-title`, is kept.)
const CODE_LABEL = '<div class="code-label">';
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
  if (!html.includes('<')) return decodeEntities(html).replace(SPACES, ' ').trim();
  const endTag = endTagFinder(html);
  let text = '';
  let at = 0;
  for (let tag = nextTag(html, 0); tag; tag = nextTag(html, at)) {
    text += html.slice(at, tag.start);
    const skipped = !tag.closing && skippedElement(html, tag, endTag);
    if (skipped) {
      text += skipped.replacement;
      at = skipped.end;
    } else {
      text += tag.name === '!--' || !INLINE.has(tag.name) ? ' ' : '';
      at = tag.end;
    }
  }
  return decodeEntities(text + html.slice(at))
    .replace(SPACES, ' ')
    .trim();
}

/** An element left out of the text whole, from its start tag `tag`: where it ends and what stands for it. */
function skippedElement(html: string, tag: HtmlTag, endTag: ReturnType<typeof endTagFinder>): { end: number; replacement: string } | undefined {
  if (DROPPED.has(tag.name)) {
    const end = endTag(tag.name, tag.end);
    return end && { end: end.end, replacement: ' ' };
  }
  if (tag.name === 'a' && HASH_LINK.test(html.slice(tag.start, tag.end))) {
    const end = endTag('a', tag.end);
    return end && { end: end.end, replacement: '' };
  }
  if (tag.name === 'div' && html.startsWith(CODE_LABEL, tag.start) && tag.end === tag.start + CODE_LABEL.length) {
    const next = html.indexOf('<', tag.end);
    return next !== -1 && html.startsWith('</div>', next) ? { end: next + 6, replacement: '' } : undefined;
  }
  return undefined;
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
  const endTag = endTagFinder(html);
  // Only comments and h2/h3 start tags matter here: found by a pattern, which is quicker than reading every tag.
  const candidates = /<!--|<h[23](?=[\s/>])/gi;
  for (let m = candidates.exec(html); m; m = candidates.exec(html)) {
    const tag = nextTag(html, m.index)!;
    candidates.lastIndex = tag.end;
    if (tag.name === '!--') continue;
    const end = endTag(tag.name, tag.end);
    if (!end) continue;
    const id = /\sid="([^"]*)"/.exec(html.slice(tag.attrsStart, tag.end))?.[1];
    if (id) {
      close(tag.start);
      current = { id: decodeEntities(id), title: htmlToText(html.slice(tag.end, end.start)) };
      last = end.end;
    }
    candidates.lastIndex = end.end;
  }
  close(html.length);
  return { intro, sections };
}
