// A small, fast scanner for the two things the link check needs from HTML: the URLs of links
// and assets (with their offset, for `file:line:column`) and the ids a page offers as anchors.
// It is not a full parser: it reads start tags and skips comments and the bodies of script,
// style, textarea and template, which is all docsgen's own output and hand-written HTML in
// guides need. Why not parse5: scanning the shipped site this way takes a few milliseconds.
import { endTagFinder, nextTag } from '../shared/htmlTags';

export interface HtmlRef {
  tag: string;
  attr: 'href' | 'src';
  /** The attribute value with character references decoded. */
  value: string;
  /** Offset of the value in the HTML (0-based). */
  offset: number;
  /** `rel` of a `<link>`, lowercased. */
  rel?: string;
}

export interface ScannedHtml {
  refs: HtmlRef[];
  ids: Set<string>;
}

const ATTR = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'template', 'title']);
const URL_ATTRS: Record<string, 'href' | 'src'> = { a: 'href', area: 'href', link: 'href', img: 'src', script: 'src', source: 'src', iframe: 'src' };

export function scanHtml(html: string): ScannedHtml {
  const refs: HtmlRef[] = [];
  const ids = new Set<string>();
  const endTag = endTagFinder(html);
  for (let tag = nextTag(html, 0, true); tag; tag = nextTag(html, tag.end, true)) {
    // A tag the text ends inside is dropped, as a browser drops it.
    if (tag.name === '!--' || !tag.complete) continue;
    const { name, attrsStart } = tag;
    const urlAttr = URL_ATTRS[name];
    let rel: string | undefined;
    let ref: HtmlRef | undefined;
    ATTR.lastIndex = 0;
    let a: RegExpExecArray | null;
    const attrs = attrsStart < tag.end - 1 ? html.slice(attrsStart, tag.end - 1) : '';
    while (attrs && (a = ATTR.exec(attrs))) {
      const key = a[1].toLowerCase();
      const raw = a[2];
      if (raw === undefined) continue;
      const quoted = raw.startsWith('"') || raw.startsWith("'");
      const value = decodeEntities(quoted ? raw.slice(1, -1) : raw);
      if (key === 'id' || (key === 'name' && name === 'a')) {
        if (value) ids.add(value);
      } else if (key === urlAttr) {
        const valueOffset = attrsStart + a.index + a[0].length - raw.length + (quoted ? 1 : 0);
        ref = { tag: name, attr: urlAttr, value, offset: valueOffset };
      } else if (key === 'rel') rel = value.toLowerCase();
    }
    if (ref) refs.push(rel ? { ...ref, rel } : ref);
    if (RAW_TEXT.has(name)) {
      const end = endTag(name, tag.end);
      if (!end) break;
      tag = end;
    }
  }
  return { refs, ids };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Maps offsets to 1-based line and column; built once per file. */
export function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}
