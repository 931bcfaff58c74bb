// markdown-it plugin: gives every heading a GitHub-style id (or an explicit `{#custom-id}`),
// appends a "#" anchor link, and records the headings for the table of contents. An h1 the
// document opens with is its title (env.title): it gets the page title's class and no "#" link.
import type { MarkdownIt } from 'markdown-it';
import { envOf } from '../markdown';

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** `{#custom-id}` at a heading's end. The spaces before it are trimmed by trimEnd: a leading `\s*` in the pattern was tried again from every space of a long run. */
const EXPLICIT_ID = /\{#([\w-]+)\}\s*$/;

export function headingsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('docsgen_headings', (state) => {
    const env = envOf(state);
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i];
      if (open.type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const explicit = EXPLICIT_ID.exec(inline.content);
      if (explicit && inline.children) {
        const last = inline.children[inline.children.length - 1];
        const own = last?.type === 'text' ? EXPLICIT_ID.exec(last.content) : null;
        if (own) last.content = last.content.slice(0, own.index).trimEnd();
      }
      const text = (inline.children ?? [])
        .filter((t) => t.type === 'text' || t.type === 'code_inline')
        .map((t) => t.content)
        .join('');
      const id = explicit ? explicit[1] : env.slugger.slug(text);
      if (explicit) env.slugger.occurrences[id] = (env.slugger.occurrences[id] ?? 0) + 1;
      open.attrSet('id', id);
      const level = Number(open.tag.slice(1));
      env.headings.push({ level, text, id });
      if (i === 0 && level === 1) {
        env.title = text;
        open.attrJoin('class', 'doc-title');
        continue;
      }
      const anchor = new state.Token('html_inline', '', 0);
      anchor.content = `<a class="hash-link" href="#${id}" aria-label="Direct link to ${md.utils.escapeHtml(text)}">#</a>`;
      inline.children?.push(anchor);
    }
  });
}
