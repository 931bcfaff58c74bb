// The guides' checks, on their markdown as written (no render): fenced ```json code that does
// not parse, a heading that skips a level (the page title is the h1), and an image without alt
// text, each at the file's line and column.
import MarkdownIt, { type MarkdownIt as Md } from 'markdown-it';
import type { GuideSource } from '../content/discover';
import { printable, type Finding } from './finding';
import { nextTag } from '../shared/htmlTags';
import { jsonErrorOffset } from './jsonError';

type Token = ReturnType<Md['parse']>[number];

/**
 * A plain parser: admonitions and tabs are containers whose content markdown-it parses as usual.
 * Only the blocks are parsed for every line: the rules read a paragraph's inline tokens only for
 * its images, so a paragraph is parsed inline only when it can hold one (mayHoldImage). Parsing
 * every paragraph inline was half of this check's time, and the check was 0.8 s of a
 * 3,500-guide site's build (BENCHMARKS.md).
 */
const md = new MarkdownIt({ html: true });
md.core.ruler.disable(['inline', 'text_join']);

/** Whether inline content can hold an image: a markdown one needs `![`, an HTML one `<img`. */
function mayHoldImage(content: string): boolean {
  return content.includes('![') || /<img/i.test(content);
}

export type CheckedGuide = Pick<GuideSource, 'file' | 'body' | 'bodyLineOffset'>;

export function checkGuides(guides: readonly CheckedGuide[]): Finding[] {
  return guides.flatMap((guide) => checkGuide(guide));
}

/** One guide's findings of every guide rule (the caller keeps those whose rule runs). */
export function checkGuide(guide: CheckedGuide): Finding[] {
  const findings: Finding[] = [];
  const lines = guide.body.split('\n').map((l) => l.replace(/\r$/, ''));
  /** A 0-based body line as the file's location. */
  const at = (bodyLine: number, column = 1) => ({ file: guide.file, line: bodyLine + 1 + guide.bodyLineOffset, column, lineText: lines[bodyLine] });
  const add = (code: string, text: string, bodyLine: number, column?: number) => findings.push({ code, text, file: guide.file, location: at(bodyLine, column) });
  let level = 1;
  const env = {};
  let map: [number, number] | undefined;
  for (const token of md.parse(guide.body, env)) {
    // A table cell's inline content has no lines of its own: its row's are the ones before it.
    if (token.map) map = token.map;
    else if (token.type !== 'inline' || !map) continue;
    const [line, end] = map;
    if (token.type === 'fence' && /^json$/i.test(token.info.trim().split(/\s+/)[0] ?? '')) {
      const problem = jsonProblem(token.content);
      if (problem) {
        // The fence's content starts on the line after its opening ``` (fences may be indented).
        const contentLine = line + 1 + problem.line;
        const indent = (lines[contentLine]?.length ?? 0) - (token.content.split('\n')[problem.line]?.length ?? 0);
        add('guide-json-invalid', `This JSON code block does not parse: ${printable(problem.message)}.`, contentLine, problem.column + Math.max(0, indent));
      }
    } else if (token.type === 'heading_open') {
      const next = Number(token.tag.slice(1));
      if (next > level + 1) add('guide-heading-skip', `This h${next} heading follows an h${level}: it skips ${next - level - 1 === 1 ? 'a level' : `${next - level - 1} levels`}.`, line, (lines[line]?.search(/\S/) ?? 0) + 1);
      level = next;
    } else if (token.type === 'inline' && mayHoldImage(token.content)) {
      // With the block's link reference definitions (in env), as markdown-it's own inline rule parses it.
      md.inline.parse(token.content, md, env, (token.children = []));
      for (const image of (token.children ?? []).filter((t: Token) => t.type === 'image')) {
        if (image.content.trim() !== '') continue;
        const src = String(image.attrGet('src') ?? '');
        const found = findInLines(lines, line, end, '![');
        add('guide-image-alt', `The image ${printable(src)} has no alt text: write it between the brackets, ![what it shows](${printable(src)}).`, found.line, found.column);
      }
      for (const html of (token.children ?? []).filter((t: Token) => t.type === 'html_inline')) findings.push(...imgWithoutAlt(html.content, lines, line, end, at));
    } else if (token.type === 'html_block') {
      findings.push(...imgWithoutAlt(token.content, lines, line, end, at));
    }
  }
  return findings;
}

/** `<img>` tags of raw HTML with no `alt` attribute (`alt=""` marks a decorative image: allowed). */
function imgWithoutAlt(html: string, lines: string[], from: number, to: number, at: (line: number, column?: number) => Finding['location']): Finding[] {
  const found: Finding[] = [];
  let searchFrom = { line: from, column: 1 };
  for (let tag = nextTag(html, 0); tag; tag = nextTag(html, tag.end)) {
    if (tag.name !== 'img' || tag.closing || !tag.complete) continue;
    const text = html.slice(tag.start, tag.end);
    if (/\salt\s*=/i.test(text)) continue;
    const where = findInLines(lines, searchFrom.line, to, text.slice(0, 20), searchFrom.column);
    searchFrom = { line: where.line, column: where.column + 1 };
    const src = /\ssrc\s*=\s*["']?([^"'\s>]*)/i.exec(text)?.[1] ?? '';
    const location = at(where.line, where.column)!;
    found.push({ code: 'guide-image-alt', text: `The image ${printable(src)} has no alt text: add alt="what it shows" (or alt="" for a decorative image).`, file: location.file, location });
  }
  return found;
}

/** The first place of `needle` in lines [from, to): 0-based line, 1-based column. */
function findInLines(lines: string[], from: number, to: number, needle: string, startColumn = 1): { line: number; column: number } {
  for (let i = from; i < Math.max(to, from + 1) && i < lines.length; i++) {
    const col = lines[i].indexOf(needle, i === from ? startColumn - 1 : 0);
    if (col !== -1) return { line: i, column: col + 1 };
  }
  return { line: from, column: 1 };
}

/** Where the JSON stops parsing, as a 0-based line and 1-based column of `text`; undefined when it parses. */
export function jsonProblem(text: string): { message: string; line: number; column: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    // Node's message quotes the text around the error: the location says where instead.
    const message = (e as Error).message.replace(/, "[\s\S]*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ in JSON at position \d+$/, '');
    const offset = jsonErrorOffset(text) ?? text.trimEnd().length;
    const before = text.slice(0, offset).split('\n');
    return { message, line: before.length - 1, column: before[before.length - 1].length + 1 };
  }
}
