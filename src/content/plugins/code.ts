// markdown-it plugin: fenced code is highlighted at build time and wrapped in a figure that
// carries its language (and an optional `title="…"`), the hook the copy-button island uses.
import type { MarkdownIt } from 'markdown-it';
import { highlight } from './highlight';

export function codePlugin(md: MarkdownIt, options: { highlight: boolean } = { highlight: true }): void {
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    const info = token.info.trim();
    const language = info.split(/\s+/)[0] ?? '';
    const title = /title="([^"]*)"/.exec(info)?.[1];
    const code = options.highlight ? highlight(token.content, language) : md.utils.escapeHtml(token.content);
    const lang = md.utils.escapeHtml(language || 'text');
    const caption = title ? `<div class="code-title">${md.utils.escapeHtml(title)}</div>` : '';
    return `<div class="code-block" data-language="${lang}">${caption}<pre class="hljs language-${lang}" tabindex="0"><code>${code}</code></pre></div>\n`;
  };
}
