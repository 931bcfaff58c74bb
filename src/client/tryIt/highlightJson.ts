// Pretty-printed JSON as tokens for the response view, with the highlight.js classes the site's
// theme already colours (styles/60-code.css). Tokens become React text: nothing is parsed as HTML.
export interface Token {
  text: string;
  className?: string;
}

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],])/g;

/** Texts over this size are shown plain: colouring megabytes would freeze the page. */
const MAX_CHARS = 200_000;

export function highlightJson(text: string): Token[] {
  if (text.length > MAX_CHARS) return [{ text }];
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index! > last) tokens.push({ text: text.slice(last, m.index) });
    if (m[1] !== undefined) {
      tokens.push({ text: m[1], className: m[2] !== undefined ? 'hljs-attr' : 'hljs-string' });
      if (m[2] !== undefined) tokens.push({ text: m[2], className: 'hljs-punctuation' });
    } else if (m[3] !== undefined) tokens.push({ text: m[3], className: 'hljs-number' });
    else if (m[4] !== undefined) tokens.push({ text: m[4], className: 'hljs-literal' });
    else tokens.push({ text: m[5]!, className: 'hljs-punctuation' });
    last = m.index! + m[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last) });
  return tokens;
}
