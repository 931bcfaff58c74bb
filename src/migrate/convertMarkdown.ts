// Turns one Docusaurus doc (Markdown or MDX) into a docsgen guide. docsgen already reads
// Docusaurus front matter and admonitions; what is left is MDX: import/export statements, JSX
// components and JS expressions. Those cannot be converted, so each is kept where it was, inside
// an HTML comment that starts with TODO_MARK (the text stays, the page builds, and a search for
// the mark finds every place left to do). Lines are never added or removed, so a TODO's line in
// the written file is that of the construct in the original body.
import { load as loadYaml, dump as dumpYaml } from 'js-yaml';

export const TODO_MARK = 'TODO(docsgen migrate)';

export interface Todo {
  /** 1-based line in the converted file. */
  line: number;
  what: string;
}

export interface Converted {
  text: string;
  todos: Todo[];
  /** Front matter keys docsgen has no use for, left out. */
  droppedKeys: string[];
  /** True when nothing MDX-only was found: an `.mdx` file can become `.md`. */
  plain: boolean;
}

/** Front matter keys docsgen reads (src/content/frontmatter.ts). */
const KEPT_KEYS = new Set(['title', 'sidebar_label', 'sidebar_position', 'description', 'keywords', 'tags', 'slug', 'unlisted', 'draft', 'hide_sidebar', 'toc_min_heading_level', 'toc_max_heading_level']);

/** Docusaurus admonition kinds and docsgen's (`caution` is Docusaurus's old name of `warning`). */
const ADMONITIONS: Record<string, string> = { note: 'note', tip: 'tip', info: 'info', warning: 'warning', danger: 'danger', caution: 'warning', important: 'info', success: 'tip', secondary: 'note' };

/**
 * `rewriteLink` gets the path of each inline link's target (without its `#hash`) and returns the
 * path to write. `mdx: false` for a file Docusaurus reads as CommonMark (`.md` with
 * `markdown.format: 'detect'`): there `<Foo>` is HTML and `{x}` is text.
 */
export function convertDoc(source: string, options: { rewriteLink?: (target: string) => string; mdx?: boolean } = {}): Converted {
  const mdx = options.mdx ?? true;
  const { frontMatter, body, droppedKeys } = convertFrontMatter(source.replace(/^\uFEFF/, ''));
  const headLines = frontMatter === '' ? 0 : frontMatter.split('\n').length - 1;
  const todos: Todo[] = [];
  const lines = body.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  let jsStatement = false;
  let braceDepth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNo = headLines + i + 1;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
      out.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      out.push(line);
      continue;
    }
    // An import/export statement, possibly over several lines (`import {\n  a,\n} from 'x';`).
    if (mdx && (jsStatement || /^(import|export)\s/.test(line))) {
      const start = !jsStatement;
      const keyword = line.startsWith('import') ? 'import' : 'export';
      // Brackets of every kind: `export const X = ({ a }) => (\n  <span>…</span>\n);`.
      braceDepth += count(line, '{') + count(line, '(') + count(line, '[') - count(line, '}') - count(line, ')') - count(line, ']');
      const ends = braceDepth <= 0 && !/([,{([]|=>|=)\s*$/.test(line);
      out.push((start ? `<!-- ${TODO_MARK}: MDX ${keyword}, not supported in docsgen guides: ` : '') + commentSafe(line) + (ends ? ' -->' : ''));
      if (start) todos.push({ line: lineNo, what: `MDX ${keyword}: ${line.trim().slice(0, 80)}` });
      jsStatement = !ends;
      if (ends) braceDepth = 0;
      continue;
    }
    const admonition = /^(\s*)(:{3,})([a-z]+)(\[([^\]]*)\])?(.*)$/.exec(line);
    if (admonition) {
      const [, indent, colons, kind, , bracketTitle, rest] = admonition;
      const mapped = ADMONITIONS[kind];
      if (mapped) {
        const title = (bracketTitle ?? rest).trim();
        out.push(`${indent}${colons}${mapped}${title ? ` ${title}` : ''}`);
      } else {
        out.push(`${line} <!-- ${TODO_MARK}: the admonition kind "${kind}" is not one of docsgen's (note, tip, info, warning, danger) -->`);
        todos.push({ line: lineNo, what: `admonition kind "${kind}"` });
      }
      continue;
    }
    // A JSX tag may span lines (`<TabItem\n  value="js"\n>`): take lines until it is closed. A
    // `<` that no `>` closes before a blank line (or within 40 lines) is not a tag: the line stays.
    const todo = (what: string) => todos.push({ line: lineNo, what });
    let end = i;
    let converted = convertLine(line, todo, mdx, options.rewriteLink);
    while (converted === undefined && end + 1 < lines.length && end - i < 40 && lines[end + 1].trim() !== '') {
      end++;
      converted = convertLine(lines.slice(i, end + 1).join('\n'), todo, mdx, options.rewriteLink);
    }
    if (converted === undefined) out.push(line);
    else {
      out.push(converted);
      i = end;
    }
  }
  return { text: frontMatter + out.join('\n'), todos, droppedKeys, plain: todos.length === 0 };
}

const count = (text: string, ch: string) => text.split(ch).length - 1;

/** Text that can sit inside an HTML comment: `--` would end it early in some readers. */
const commentSafe = (text: string) => text.replace(/--/g, '‐‐');

/** One line outside code: MDX comments, JSX tags and expressions, link targets. */
function convertLine(line: string, todo: (what: string) => void, mdx: boolean, rewriteLink?: (target: string) => string): string | undefined {
  const found: string[] = [];
  const note = (what: string) => found.push(what);
  let out = '';
  let i = 0;
  let inCode = '';
  while (i < line.length) {
    const ch = line[i];
    if (ch === '`') {
      const run = /^`+/.exec(line.slice(i))![0];
      if (inCode === '') inCode = run;
      else if (run === inCode) inCode = '';
      out += run;
      i += run.length;
      continue;
    }
    if (inCode) {
      out += ch;
      i++;
      continue;
    }
    const rest = line.slice(i);
    const mdxComment = mdx && /^\{\/\*([\s\S]*?)\*\/\}/.exec(rest);
    if (mdxComment) {
      out += `<!--${commentSafe(mdxComment[1])}-->`;
      i += mdxComment[0].length;
      continue;
    }
    const tag = mdx && /^<\/?([A-Za-z][\w.:-]*)/.exec(rest);
    if (tag) {
      const end = tagEnd(rest);
      if (end < 0) return undefined;
      const text = rest.slice(0, end);
      const component = /^[A-Z]/.test(tag[1]) || tag[1].includes('.');
      const jsAttribute = /=\s*\{/.test(text);
      if (component || jsAttribute) {
        const closing = rest[1] === '/' ? '/' : '';
        note(`JSX ${component ? `component <${closing}${tag[1]}>` : `attribute expression in <${closing}${tag[1]}>`}`);
        out += `<!-- ${TODO_MARK}: JSX ${commentSafe(text)} -->`;
      } else out += text.replace(/\bclassName=/g, 'class=').replace(/\bhtmlFor=/g, 'for=');
      i += text.length;
      continue;
    }
    // A JS expression: `{props.name}`, `{'<'}`; `{#custom-id}` after a heading is markdown.
    const expression = mdx && /^\{(?!#)[^}]*\}/.exec(rest);
    if (expression && !/^\{\s*\}$/.test(expression[0])) {
      note(`JSX expression ${expression[0].slice(0, 60)}`);
      out += `<!-- ${TODO_MARK}: JSX expression ${commentSafe(expression[0])} -->`;
      i += expression[0].length;
      continue;
    }
    const link = rewriteLink && /^\]\(([^)\s#]+)(#[^)\s]*)?/.exec(rest);
    if (link) {
      out += `](${rewriteLink!(link[1])}${link[2] ?? ''}`;
      i += link[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  for (const what of found) todo(what);
  return out;
}

/** Length of the tag at the start of `text`: up to its `>`, skipping quoted values and `{…}`; -1 when it is not closed. */
function tagEnd(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 1; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === '>' && depth <= 0) return i + 1;
  }
  return -1;
}

/**
 * The front matter with only the keys docsgen reads. Docusaurus's `id` names the page's URL
 * segment, as docsgen's relative `slug` does.
 */
export function convertFrontMatter(source: string): { frontMatter: string; body: string; droppedKeys: string[] } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m.exec(source);
  if (!match || match.index !== 0) return { frontMatter: '', body: source, droppedKeys: [] };
  const body = source.slice(match[0].length);
  let data: unknown;
  try {
    data = loadYaml(match[1]);
  } catch {
    return { frontMatter: match[0], body, droppedKeys: [] };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { frontMatter: match[0], body, droppedKeys: [] };
  const kept: Record<string, unknown> = {};
  const droppedKeys: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (KEPT_KEYS.has(key)) kept[key] = key === 'tags' && Array.isArray(value) ? value.map((t) => (t && typeof t === 'object' && 'label' in t ? (t as { label: unknown }).label : t)) : value;
    else if (key === 'id' && typeof value === 'string') continue;
    else droppedKeys.push(key);
  }
  const id = (data as Record<string, unknown>).id;
  if (typeof id === 'string' && kept.slug === undefined) kept.slug = id;
  // The body's line numbers shift by the difference: TODO lines are counted from the new head.
  const head = Object.keys(kept).length === 0 ? '' : `---\n${dumpYaml(kept, { lineWidth: -1 })}---\n`;
  return { frontMatter: head, body, droppedKeys };
}
