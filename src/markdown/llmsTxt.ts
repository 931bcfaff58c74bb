// `/llms.txt` (the llmstxt.org format: the site's title, a summary, then a section of links per
// part of the site, each with a one-line description) and `/llms-full.txt` (every listed page's
// Markdown, one after another), made from the pages' Markdown copies in sidebar order.
import { markdownText } from './htmlToMarkdown';

/** A page as llms.txt lists it. */
export interface LlmsEntry {
  /** Absolute URL of the `.md` copy. */
  url: string;
  title: string;
  description: string;
  section: string;
}

export interface LlmsPage extends LlmsEntry {
  markdown: string;
}

/**
 * A page whose copy is read when llms-full.txt reaches it, as text or as the bytes of its file
 * (a large site's copies are hundreds of MB: Microsoft Graph beta's 1.4 GB), its title with it.
 */
export type LazyLlmsPage = Omit<LlmsEntry, 'title'> & { read(): { markdown: string | Buffer; title: string } };

export function llmsTxt(site: { title: string; summary: string }, pages: LlmsEntry[]): string {
  const lines = [`# ${oneLine(site.title)}`, ''];
  if (site.summary) lines.push(`> ${oneLine(site.summary)}`, '');
  for (const section of sectionsOf(pages)) {
    lines.push(`## ${section}`, '');
    for (const page of pages.filter((p) => p.section === section)) lines.push(`- [${linkText(page.title)}](${page.url})${page.description ? `: ${oneLine(page.description)}` : ''}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Each page's Markdown under its own heading, with the URL it is published at. */
export function llmsFullTxt(site: { title: string; summary: string }, pages: LlmsPage[]): string {
  let text = '';
  for (const part of llmsFullParts(site, pages.map((page) => ({ ...page, read: () => page })))) text += part;
  return text;
}

/**
 * llms-full.txt in parts, each page's read when its turn comes (and its title set on `titled`,
 * for llms.txt): written part by part, a large site's file is never whole in memory.
 */
export function* llmsFullParts(site: { title: string; summary: string }, pages: readonly LazyLlmsPage[], titled?: LlmsEntry[]): Generator<string | Buffer> {
  yield `# ${oneLine(site.title)}\n\n${site.summary ? `> ${oneLine(site.summary)}\n\n` : ''}`;
  for (const [i, page] of pages.entries()) {
    const { markdown, title } = page.read();
    titled?.push({ url: page.url, title, description: page.description, section: page.section });
    if (i > 0) yield '\n---\n\n';
    if (typeof markdown === 'string') yield withSource(markdown, page.url);
    else yield* bytesWithSource(markdown, page.url);
  }
}

/** What llms-full.txt says in place of a copy's "Schemas" section: each schema listed there is a page of the same file. */
const SCHEMAS_HEADING = Buffer.from('## Schemas\n');
const SCHEMAS_ELSEWHERE = Buffer.from('## Schemas\n\nEach schema named above has its own page in this file, titled with its name.\n');

/**
 * A copy as llms-full.txt holds it: without its "Schemas" section when the copy says where that
 * starts (`appendixAt`, markdown/apiMarkdown.ts MarkdownCopy). Thousands of copies list the same
 * schemas, each of which is a page of the file anyway: on Microsoft Graph v1.0 those sections
 * were 47 % of the file's 951 MB.
 */
export function withoutSchemas(markdown: string | Buffer, appendixAt: number | undefined): string | Buffer {
  if (appendixAt === undefined) return markdown;
  const bytes = typeof markdown === 'string' ? Buffer.from(markdown) : markdown;
  // Not where the section starts (a damaged cache entry): the copy stays whole.
  if (!bytes.subarray(appendixAt, appendixAt + SCHEMAS_HEADING.length).equals(SCHEMAS_HEADING)) return markdown;
  const cut = Buffer.concat([bytes.subarray(0, appendixAt), SCHEMAS_ELSEWHERE]);
  return typeof markdown === 'string' ? cut.toString() : cut;
}

/** withSource of a copy's bytes, which are passed on as they are: decoded, a large site's copies were gigabytes of strings. */
function* bytesWithSource(markdown: Buffer, url: string): Generator<string | Buffer> {
  const newline = markdown.indexOf(0x0a);
  const firstLine = newline === -1 ? markdown.length : newline;
  // withSource tests the text with a newline after its first line, always there.
  if (/^#\s/.test(`${markdown.subarray(0, firstLine).toString()}\n`)) {
    yield markdown.subarray(0, firstLine);
    yield `\n\nSource: ${url}\n`;
    yield markdown.subarray(firstLine);
  } else {
    yield `Source: ${url}\n\n`;
    yield markdown;
  }
  if (markdown.length === 0 || markdown[markdown.length - 1] !== 0x0a) yield '\n';
}

/** markdownTitle of a copy's bytes: its first line when that is a heading with text (no need to decode the rest). */
export function markdownBytesTitle(markdown: Buffer): string {
  const newline = markdown.indexOf(0x0a);
  const firstLine = markdown.subarray(0, newline === -1 ? markdown.length : newline).toString();
  return markdownTitle(/^#[ \t]+\S/.test(firstLine) ? firstLine : markdown.toString());
}

/** The title of a Markdown copy: its first heading. */
export function markdownTitle(markdown: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1].trim() ?? '';
}

function withSource(markdown: string, url: string): string {
  const text = markdown.endsWith('\n') ? markdown : `${markdown}\n`;
  const firstLine = text.indexOf('\n');
  return /^#\s/.test(text) ? `${text.slice(0, firstLine)}\n\nSource: ${url}\n${text.slice(firstLine)}` : `Source: ${url}\n\n${text}`;
}

function sectionsOf(pages: LlmsEntry[]): string[] {
  return [...new Set(pages.map((p) => p.section))];
}

/** Text on one line; a `<` stays a character (htmlToMarkdown.ts markdownText). */
function oneLine(text: string): string {
  return markdownText(squash(text));
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function linkText(text: string): string {
  return markdownText(squash(text).replace(/([[\]\\])/g, '\\$1'));
}
