// markdown-it plugin: `:::note|tip|info|warning|danger [title]` … `:::` blocks, built on
// markdown-it-container, rendered as an <aside> with a role and a default title per kind.
import type { MarkdownIt } from 'markdown-it';
import container from 'markdown-it-container';

const kinds: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

export function admonitionsPlugin(md: MarkdownIt): void {
  for (const [kind, defaultTitle] of Object.entries(kinds)) {
    md.use(container, kind, {
      render(tokens: { info: string; nesting: number }[], idx: number) {
        const token = tokens[idx];
        if (token.nesting !== 1) return '</div></aside>\n';
        const title = token.info.trim().slice(kind.length).trim() || defaultTitle;
        const role = kind === 'warning' || kind === 'danger' ? ' role="note"' : '';
        return `<aside class="admonition admonition-${kind}"${role}><p class="admonition-title">${md.renderInline(title)}</p><div class="admonition-body">\n`;
      },
    });
  }
}
