// The page models hold the spec's descriptions as HTML (rendered once, by openapi/markdown.ts);
// the Markdown copies of API pages turn that HTML back into Markdown. The HTML is markdown-it's
// output with the spec's raw HTML escaped, so a small set of tags is all there is to handle;
// anything else keeps its text.

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br', 'img', 'hr', 'input', 'wbr', 'meta', 'link']);
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+|<)/g;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/**
 * Spec text as Markdown text: a `<` stays a character (`\<`), never the start of HTML that a
 * Markdown reader would render (the spec is untrusted; its HTML was escaped on the pages too).
 */
export function markdownText(text: string): string {
  return text.replace(/</g, '\\<');
}

/** `resolve` makes a link's href absolute (site paths → the site's URL). */
export function htmlToMarkdown(html: string, resolve: (href: string) => string = (href) => href): string {
  if (!html) return '';
  if (!html.includes('<')) return markdownText(decodeEntities(html)).trim();
  // Without a link or an image, `resolve` plays no part: the same HTML is the same Markdown.
  // A long description is made each time: kept, 2,048 of them could hold hundreds of MB.
  const shared = html.length <= RECENT_CHARS && !html.includes('href=') && !html.includes('src=');
  let markdown = shared ? recent.get(html) : undefined;
  if (markdown === undefined) {
    markdown = tidy(blocks(parse(html).children, { resolve, list: 0 }));
    if (shared) {
      if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
      recent.set(html, markdown);
    }
  }
  return markdown;
}

/**
 * The last descriptions turned into Markdown, oldest first. A schema's fields are described on
 * every page that shows the schema: in 800 of Microsoft Graph v1.0's Markdown copies, "Unique
 * identifier for the identity." 2,802 times, and one page has its entities' `id` description
 * 167 times. Parsing the same HTML again was 3.3 s of each render thread's 98 s on Graph v1.0.
 * Few entries, so memory stays flat.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 2048;
const RECENT_CHARS = 4096;

function parse(html: string): Element {
  const root: Element = { tag: '', attrs: {}, children: [] };
  const stack: Element[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    if (m[4] !== undefined) top.children.push(decodeEntities(m[4]));
    else if (m[2] === undefined) continue; // a comment
    else if (m[1]) {
      const tag = m[2].toLowerCase();
      const at = stack.findLastIndex((e) => e.tag === tag);
      if (at > 0) stack.length = at;
    } else {
      const element: Element = { tag: m[2].toLowerCase(), attrs: attributes(m[3]), children: [] };
      top.children.push(element);
      if (!VOID.has(element.tag) && !m[3].trimEnd().endsWith('/')) stack.push(element);
    }
  }
  return root;
}

function attributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return attrs;
}

interface Context {
  resolve: (href: string) => string;
  list: number;
}

/** Block-level Markdown of a list of nodes: blocks separated by blank lines. */
function blocks(nodes: Node[], ctx: Context): string {
  let out = '';
  let inline = '';
  const flush = () => {
    if (inline.trim()) out += `${inline.trim()}\n\n`;
    inline = '';
  };
  for (const node of nodes) {
    const block = typeof node === 'string' ? undefined : blockOf(node, ctx);
    if (block === undefined) inline += inlineOf(node, ctx);
    else {
      flush();
      if (block.trim()) out += `${block.trimEnd()}\n\n`;
    }
  }
  flush();
  return out;
}

function blockOf(e: Element, ctx: Context): string | undefined {
  switch (e.tag) {
    case 'p':
    case 'div':
    case 'section':
    case 'aside':
      return blocks(e.children, ctx);
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `${'#'.repeat(Number(e.tag[1]))} ${inlines(e.children, ctx).trim()}`;
    case 'pre': {
      const code = e.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
      const lang = /language-([\w+-]+)/.exec(code?.attrs.class ?? '')?.[1] ?? '';
      return fence(textOf(e).replace(/\n$/, ''), lang);
    }
    case 'blockquote':
      return blocks(e.children, ctx).trim().replace(/^/gm, '> ').replace(/^> $/gm, '>');
    case 'ul':
    case 'ol':
      return listOf(e, ctx);
    case 'hr':
      return '---';
    case 'table':
      return tableOf(e, ctx);
    default:
      return undefined;
  }
}

function listOf(e: Element, ctx: Context): string {
  let n = Number(e.attrs.start ?? 1) || 1;
  const items = e.children.filter((c): c is Element => typeof c !== 'string' && c.tag === 'li');
  return items
    .map((li) => {
      const marker = e.tag === 'ol' ? `${n++}. ` : '- ';
      const body = blocks(li.children, { ...ctx, list: ctx.list + 1 }).trim();
      return marker + body.replace(/\n\n+/g, '\n').replace(/\n/g, `\n${' '.repeat(marker.length)}`);
    })
    .join('\n');
}

function tableOf(e: Element, ctx: Context): string {
  const rows: string[][] = [];
  const walk = (node: Node) => {
    if (typeof node === 'string') return;
    if (node.tag === 'tr') rows.push(node.children.filter((c): c is Element => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th')).map((c) => inlines(c.children, ctx).trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')));
    else node.children.forEach(walk);
  };
  walk(e);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  return [line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n');
}

function inlines(nodes: Node[], ctx: Context): string {
  return nodes.map((n) => inlineOf(n, ctx)).join('');
}

function inlineOf(node: Node, ctx: Context): string {
  if (typeof node === 'string') return markdownText(node.replace(/\s+/g, ' '));
  const inner = () => inlines(node.children, ctx);
  switch (node.tag) {
    case 'strong':
    case 'b':
      return wrap(inner(), '**');
    case 'em':
    case 'i':
      return wrap(inner(), '*');
    case 'del':
    case 's':
      return wrap(inner(), '~~');
    case 'code':
      return inlineCode(textOf(node));
    case 'br':
      return '\n';
    case 'a': {
      // A heading's own "#" link is for the page, not for a reader of the copy.
      if (/(^|\s)hash-link(\s|$)/.test(node.attrs.class ?? '')) return '';
      const text = inner().trim();
      const href = node.attrs.href;
      return href ? `[${text || href}](${ctx.resolve(href)})` : text;
    }
    case 'img':
      return `![${node.attrs.alt ?? ''}](${ctx.resolve(node.attrs.src ?? '')})`;
    default: {
      const block = blockOf(node, ctx);
      return block === undefined ? inner() : `\n\n${block}\n\n`;
    }
  }
}

/** `**x**` around the text, its outer spaces kept outside (`** x**` is not emphasis). */
function wrap(text: string, mark: string): string {
  const inner = text.trim();
  if (!inner) return text;
  const start = text.length - text.trimStart().length;
  return `${text.slice(0, start)}${mark}${inner}${mark}${text.slice(start + inner.length)}`;
}

export function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any backtick run in the code. */
export function fence(code: string, lang = ''): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${code}\n${ticks}`;
}

function textOf(node: Node): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

function tidy(markdown: string): string {
  // The look-behind starts a match only where a run of spaces starts: tried from each of its
  // spaces, a long run not ending a line cost its length squared.
  return markdown.replace(/(?<![ \t])[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
