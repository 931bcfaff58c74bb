// markdown-it plugin: fenced code is highlighted at build time and wrapped in a block that
// carries its language (the hook the copy button uses), under a bar naming what it is: the
// fence's `title="…"` (a file name: ```ts title="client.ts"), else its language (`TypeScript`,
// src/shared/codeLanguage.ts); plain text gets no bar.
import type { MarkdownIt } from 'markdown-it';
import { languageLabel } from '../../shared/codeLanguage';
import { highlight } from './highlight';

export function codePlugin(md: MarkdownIt, options: { highlight: boolean } = { highlight: true }): void {
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    const info = token.info.trim();
    const first = info.split(/\s+/)[0] ?? '';
    // ```title="x.sh" has no language: its first word is an attribute.
    const language = first.includes('=') ? '' : first;
    const title = /title="([^"]*)"/.exec(info)?.[1];
    const code = options.highlight ? highlight(token.content, language) : md.utils.escapeHtml(token.content);
    const lang = md.utils.escapeHtml(language || 'text');
    const label = languageLabel(language);
    const caption = title ? `<div class="code-title">${md.utils.escapeHtml(title)}</div>` : label ? `<div class="code-label">${md.utils.escapeHtml(label)}</div>` : '';
    return `<div class="code-block" data-language="${lang}">${caption}<pre class="hljs language-${lang}" tabindex="0"><code>${code}</code></pre></div>\n`;
  };
}
