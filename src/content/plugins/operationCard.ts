// markdown-it plugin: `::operation{id=searchBoundaries}` on a line of its own, a compact card of
// an operation (method, path, summary) linking to its page. The content stage knows no spec: the
// card goes through the document's link resolver as the typed link `op:<id>` and is written as a
// placeholder that the typed links' resolution fills in (content/typedLinks.ts, site/typedLinks.ts).
import type { MarkdownIt } from 'markdown-it';
import { envOf } from '../markdown';
import { escapeHtml } from '../../shared/html';
import { cardPlaceholder, placeholderIndex } from '../typedLinks';

/** `::operation{id=searchBoundaries}`, `::operation{id="GET /v1/boundaries/search"}`. */
const CARD = /^::operation\{\s*id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s}]+))\s*\}\s*$/;

export function operationCardPlugin(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'docsgen_operation_card', (state, startLine, _endLine, silent) => {
    if (state.sCount[startLine] - state.blkIndent >= 4) return false;
    const text = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
    const m = CARD.exec(text);
    if (!m) return false;
    if (silent) return true;
    const token = state.push('docsgen_operation_card', '', 0);
    token.map = [startLine, startLine + 1];
    token.meta = { id: (m[1] ?? m[2] ?? m[3]).trim(), written: text.trim() };
    state.line = startLine + 1;
    return true;
  });
  md.renderer.rules.docsgen_operation_card = (tokens, idx, _options, rawEnv) => {
    const token = tokens[idx];
    const env = envOf({ env: rawEnv });
    const { id, written } = token.meta as { id: string; written: string };
    const href = env.resolveLink(`op:${encodeURIComponent(id)}`, (token.map?.[0] ?? 0) + 1 + env.lineOffset);
    const index = placeholderIndex(href);
    // Spec text (which has no typed links) shows the directive as written.
    return index === undefined ? `<p><code>${escapeHtml(written)}</code></p>\n` : `${cardPlaceholder(index)}\n`;
  };
}
