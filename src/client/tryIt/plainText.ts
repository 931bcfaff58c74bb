// Spec Markdown as plain text for the console's hints (a server's, a variable's, a security
// scheme's description): code ticks and emphasis marks dropped, a link's text kept. React
// escapes the rest.

/**
 * A link's text holds no bracket and its URL one level of parentheses, so that no `[` of the
 * untrusted text starts a scan to the text's end: `\[([^\]]+)\]\([^)]*\)` did, from every `[` of
 * `[a](` repeated, for the text's length squared.
 */
const LINK = /\[([^\][]+)\]\((?:[^()]|\([^()]*\))*\)/g;

export function plainText(markdown: string): string {
  return markdown
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(LINK, '$1')
    .trim();
}
