// markdown-it plugin: every link and image goes through the document's resolver, which turns
// relative `.md` links into routes (with baseUrl and trailingSlash applied), copies images,
// and records each target with its source line for the link check.
import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import { envOf } from '../markdown';

export function linksPlugin(md: MarkdownIt): void {
  md.core.ruler.push('docsgen_links', (state) => {
    const env = envOf(state);
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const line = (block.map?.[0] ?? 0) + 1 + env.lineOffset;
      walk(block.children, (token) => {
        if (token.type === 'link_open') {
          const href = token.attrGet('href');
          if (href !== null) token.attrSet('href', env.resolveLink(String(href), line));
        } else if (token.type === 'image') {
          const src = token.attrGet('src');
          if (src !== null) token.attrSet('src', env.resolveImage(String(src), line));
          token.attrSet('loading', 'lazy');
        }
      });
    }
  });
}

function walk(tokens: Token[], visit: (t: Token) => void): void {
  for (const t of tokens) {
    visit(t);
    if (t.children) walk(t.children, visit);
  }
}
