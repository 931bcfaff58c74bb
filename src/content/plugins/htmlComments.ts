// markdown-it plugin: an HTML comment a guide opens and never closes (`<!-- draft` without its
// `-->`) hides the rest of the page in the browser up to the next `-->` anywhere in it: React's
// own text markers (`<!-- -->`) then close it in the middle of the pagination, and the article's
// closing tags are lost with the text. Reported at the comment's line.
import type { MarkdownIt } from 'markdown-it';
import { envOf } from '../markdown';
import { nextTag } from '../../shared/htmlTags';

/** The raw-text elements: a `<!--` inside them is text, not a comment. */
const RAW_TEXT = /^\s*<(script|style|textarea)[\s>]/i;

export function htmlCommentsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('docsgen_html_comments', (state) => {
    const env = envOf(state);
    if (!env.report) return;
    for (const token of state.tokens) {
      if (token.type !== 'html_block' || RAW_TEXT.test(token.content)) continue;
      const open = unclosedComment(token.content);
      if (open < 0) continue;
      const linesBefore = token.content.slice(0, open).split('\n').length - 1;
      const line = (token.map?.[0] ?? 0) + 1 + linesBefore + env.lineOffset;
      env.report('guide-unclosed-comment', 'This HTML comment is never closed: a browser would hide the rest of the page with it, up to the next "-->" of the page. End it with "-->".', line, '<!--');
    }
  });
}

/** Where the comment that `html` leaves open starts, or -1. */
function unclosedComment(html: string): number {
  for (let tag = nextTag(html, 0); tag; tag = nextTag(html, tag.end)) if (tag.name === '!--' && !tag.complete) return tag.start;
  return -1;
}
