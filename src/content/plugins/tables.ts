// markdown-it plugin: tables scroll sideways on narrow screens, so each is focusable
// (tabindex=0) for keyboard users to scroll it (WCAG "scrollable region must be focusable").
import type { MarkdownIt } from 'markdown-it';

export function tablesPlugin(md: MarkdownIt): void {
  md.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
    tokens[idx].attrSet('tabindex', '0');
    return self.renderToken(tokens, idx, options);
  };
}
