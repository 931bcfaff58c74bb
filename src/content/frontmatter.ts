// Splits a guide into YAML front matter and markdown body, and checks every known field's type.
// Errors name the file and the line in that file (front matter starts on line 2).
import fs from 'node:fs';
import v8 from 'node:v8';
import { load as loadYaml } from 'js-yaml';
import { formatBytes, heapMbFor } from '../shared/size';
import { aliasesExplode, selfContaining } from '../yamlExpansion';
import { locateNearest } from '../openapi/locate';
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic';

export interface FrontMatter {
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  description?: string;
  keywords?: string[];
  tags?: string[];
  slug?: string;
  unlisted?: boolean;
  draft?: boolean;
  hide_sidebar?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
}

export interface ParsedSource {
  frontMatter: FrontMatter;
  body: string;
  /** Lines before the body starts, so markdown line numbers can be mapped back to the file. */
  bodyLineOffset: number;
  diagnostics: Diagnostic[];
}

type FieldKind = 'string' | 'number' | 'boolean' | 'string[]' | 'heading';
const fields: Record<keyof FrontMatter, FieldKind> = {
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  description: 'string',
  keywords: 'string[]',
  tags: 'string[]',
  slug: 'string',
  unlisted: 'boolean',
  draft: 'boolean',
  hide_sidebar: 'boolean',
  toc_min_heading_level: 'heading',
  toc_max_heading_level: 'heading',
};

const expected: Record<FieldKind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  'string[]': 'a list of strings',
  heading: 'an integer heading level from 2 to 6',
};

/**
 * Front matter parsed before, by its text: the build cache keeps it between builds
 * (content/guideMemo.ts), since parsing YAML was most of a cached build's content stage. Only
 * front matter without problems is kept (its result does not depend on the file it is in).
 */
export interface KnownFrontMatter {
  get(text: string): FrontMatter | undefined;
  set(text: string, frontMatter: FrontMatter): void;
}

/**
 * Rendering a Markdown page takes many times its text: a 60 MB guide of paragraphs and links took
 * 3 GB, and one of 120 MB died in a V8 abort after 52 s (exit 134, a native stack trace, a
 * temporary folder left). A file larger than the heap limit over MARKDOWN_HEAP_RATIO is refused
 * by its size, before it is read (past 512 MB Node cannot even hold its text), naming it and the fix.
 */
export const MARKDOWN_HEAP_RATIO = 64;

let heapLimit: number | undefined;

/** A Markdown file's front matter and body (parseFrontMatter), or the error of a file too large to render. */
export function parseMarkdownFile(file: string, known?: KnownFrontMatter): ParsedSource {
  const size = fs.statSync(file).size;
  heapLimit ??= v8.getHeapStatistics().heap_size_limit;
  const max = Math.floor(heapLimit / MARKDOWN_HEAP_RATIO);
  if (size <= max) return parseFrontMatter(fs.readFileSync(file, 'utf8'), file, known);
  const text = `This Markdown file is ${formatBytes(size)}, more than this process can render in its memory: Node's heap limit is ${formatBytes(heapLimit)}, and a page needs about ${MARKDOWN_HEAP_RATIO} times its text (at most ${formatBytes(max)} here).`;
  const hint = `Split it into several pages, or give Node a larger heap, e.g. NODE_OPTIONS=--max-old-space-size=${heapMbFor(size, MARKDOWN_HEAP_RATIO)} (MB) before docsgen.`;
  return { frontMatter: {}, body: '', bodyLineOffset: 0, diagnostics: [error('markdown-too-large', text, { location: { file }, hint })] };
}

export function parseFrontMatter(source: string, file: string, known?: KnownFrontMatter): ParsedSource {
  const text = source.replace(/^\uFEFF/, '');
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m.exec(text);
  if (!match || match.index !== 0) {
    if (/^---[ \t]*\r?\n/.test(text)) {
      return fail(file, 1, 'The front matter is not closed: add a line with "---" after it.');
    }
    return { frontMatter: {}, body: text, bodyLineOffset: 0, diagnostics: [] };
  }
  const raw = match[1];
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  const body = text.slice(match[0].length);
  const kept = known?.get(raw);
  if (kept) return { frontMatter: { ...kept }, body, bodyLineOffset, diagnostics: [] };
  let data: unknown;
  try {
    data = loadYaml(raw) ?? {};
  } catch (e) {
    const mark = (e as { mark?: { line: number; column: number } }).mark;
    const reason = (e as { reason?: string }).reason ?? (e as Error).message;
    // js-yaml counts from 0 within the block; the block starts on line 2 of the file.
    const line = mark ? mark.line + 2 : 1;
    return fail(file, line, `The front matter is not valid YAML: ${reason}.`, mark ? mark.column + 1 : undefined, text.split('\n')[line - 1]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(file, 2, 'The front matter must be a YAML mapping of keys to values.');
  }
  if (aliasesExplode(raw, data)) return fail(file, 2, 'The front matter uses YAML aliases (`*name`) that stand for over a million values, too many to read: write the value itself.');
  const cycle = selfContaining(raw, data);
  if (cycle !== undefined) {
    // Located in the block, which starts on line 2 of the file.
    const at = locateNearest(raw, cycle);
    const line = at ? at.line + 1 : 2;
    return fail(file, line, `The front matter uses a YAML alias (\`*name\`) inside the value it names, at ${cycle}: that value would contain itself. Write the value itself.`, at?.column, text.split('\n')[line - 1]);
  }
  const diagnostics: Diagnostic[] = [];
  // Found only for a key with a problem: splitting every guide's text for each of its keys was a
  // third of this function's time on a large site's guides.
  const location = (key: string) => {
    const i = raw.split('\n').findIndex((l) => l.startsWith(`${key}:`));
    const line = i === -1 ? 2 : i + 2;
    return { file, line, column: 1, lineText: text.split('\n')[line - 1] };
  };
  const frontMatter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const kind = fields[key as keyof FrontMatter];
    if (!kind) {
      diagnostics.push(warning('frontmatter-unknown-key', `Unknown front matter key "${key}" is ignored.`, { location: location(key) }));
      continue;
    }
    const normalised = normalise(kind, value);
    if (normalised === undefined) {
      diagnostics.push(error('frontmatter-invalid', `Front matter "${key}" must be ${expected[kind]}, got ${JSON.stringify(value)}.`, { location: location(key) }));
      continue;
    }
    frontMatter[key] = normalised;
  }
  if (diagnostics.length === 0) known?.set(raw, frontMatter);
  return { frontMatter: frontMatter as FrontMatter, body, bodyLineOffset, diagnostics };
}

function normalise(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'heading':
      return Number.isInteger(value) && (value as number) >= 2 && (value as number) <= 6 ? value : undefined;
    case 'string[]':
      // A single keyword written as a plain string is accepted as a list of one.
      if (typeof value === 'string') return [value];
      return Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number') ? value.map(String) : undefined;
  }
}

function fail(file: string, line: number, text: string, column?: number, lineText?: string): ParsedSource {
  return {
    frontMatter: {},
    body: '',
    bodyLineOffset: 0,
    diagnostics: [error('frontmatter-invalid', text, { location: { file, line, column, lineText } })],
  };
}
