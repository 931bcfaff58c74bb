// `/llms.txt` (the llmstxt.org format: the site's title, a summary, then a section of links per
// part of the site, each with a one-line description) and `/llms-full.txt` (every listed page's
// Markdown, one after another), made from the pages' Markdown copies in sidebar order.
import { markdownText } from './htmlToMarkdown';

export interface LlmsPage {
  /** Absolute URL of the `.md` copy. */
  url: string;
  title: string;
  description: string;
  section: string;
  markdown: string;
}

export function llmsTxt(site: { title: string; summary: string }, pages: LlmsPage[]): string {
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
  const head = `# ${oneLine(site.title)}\n\n${site.summary ? `> ${oneLine(site.summary)}\n\n` : ''}`;
  return head + pages.map((p) => withSource(p.markdown, p.url)).join('\n---\n\n');
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

function sectionsOf(pages: LlmsPage[]): string[] {
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
