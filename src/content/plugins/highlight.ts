// Build-time syntax highlighting with highlight.js: it emits class names, not colours, so one
// stylesheet carries both the light and the dark palette and the HTML stays theme-free.
// Languages are registered explicitly (not the 190-language bundle) to keep start-up fast.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import csharp from 'highlight.js/lib/languages/csharp';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import php from 'highlight.js/lib/languages/php';
import powershell from 'highlight.js/lib/languages/powershell';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from '../../shared/html';
import { highlightJson } from './highlightJson';

const languages = { bash, csharp, diff, go, http, java, javascript, json, php, powershell, python, ruby, shell, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);
hljs.registerAliases(['sh', 'zsh', 'curl'], { languageName: 'bash' });
hljs.registerAliases(['js', 'node', 'mjs', 'jsx'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['cs', 'c#'], { languageName: 'csharp' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['ps', 'ps1', 'pwsh'], { languageName: 'powershell' });
hljs.registerAliases(['rb'], { languageName: 'ruby' });

/** Highlighted HTML for a code string; unknown or missing languages are escaped as plain text. */
export function highlight(code: string, language: string): string {
  const lang = language.toLowerCase();
  const grammar = lang ? hljs.getLanguage(lang) : undefined;
  if (!grammar || code.length > MAX_HIGHLIGHTED_CHARS) return escapeHtml(code);
  const key = `${lang}\n${code}`;
  let html = recent.get(key);
  if (html === undefined) {
    html = (lang === 'json' ? highlightJson(code) : undefined) ?? (URL_LANGUAGES.has(grammar) ? highlightByShape(code, lang) : byHighlightJs(code, lang));
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(key, html);
  }
  return html;
}

/**
 * Longer code is shown without colours: highlight.js takes about a second per megabyte and
 * writes six times the bytes (a guide's 12.6 MB code block took 19.5 s and 2 GB of memory, and
 * made a 119 MB page). A reader does not read code that long; a machine reads it plain.
 */
export const MAX_HIGHLIGHTED_CHARS = 256 * 1024;

/**
 * The last texts highlighted, oldest first. An operation page shows each example twice (inline,
 * and in the sidecar on wide screens), and operations of one spec share examples and samples:
 * highlight.js was a quarter of the render stage. Few entries, so memory stays flat.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 256;

const byHighlightJs = (code: string, lang: string): string => hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;

// Code samples of one API differ from one operation to the next mostly in their URL: a GET's nine
// samples are the same code around another address. highlight.js took a quarter of the render
// threads' time on a large API, so a code's URLs are taken out, the rest (its shape) is
// highlighted once, and each URL is put back as highlight.js writes it. That is exact only where
// a URL is a whole string literal made of characters no string of these languages treats
// specially (no quote, backslash, `$`, `#`, `{`, `` ` ``, space or newline: none of them starts an
// escape or an interpolation in a `'…'` or `"…"` string). Whether each URL of a shape is such a
// literal is read from the shape's own highlighting, so the result depends on the code alone,
// never on which code came first; any other code is highlighted whole.

/** Languages whose plain `'…'` and `"…"` strings hold the URL characters below as plain text. */
const URL_LANGUAGES = new Set(['bash', 'csharp', 'go', 'java', 'javascript', 'php', 'powershell', 'python', 'ruby', 'typescript'].map((name) => hljs.getLanguage(name)!));
/** A URL of inert characters (RFC 3986's unreserved and most reserved ones, and `%`); it ends at any other. */
const URL_IN_CODE = /https?:\/\/[A-Za-z0-9\-._~:/?&=+,;@!*()[\]%]+/g;
/** What a shape holds in place of each URL: itself a URL of those characters. */
const SENTINEL = 'https://docsgen.invalid/url';
/** How a whole string literal opens and closes around a URL in highlight.js's HTML. */
const LITERAL_QUOTES = ['&#x27;', '&quot;'];
const STRING_OPEN = '<span class="hljs-string">';

function highlightByShape(code: string, lang: string): string {
  const urls: string[] = [];
  const shape = code.replace(URL_IN_CODE, (url) => (urls.push(url), SENTINEL));
  if (urls.length === 0) return byHighlightJs(code, lang);
  const key = `${lang}\n${shape}`;
  let parts = shapes.get(key);
  if (parts === undefined) {
    parts = literalSlots(byHighlightJs(shape, lang), urls.length);
    if (shapes.size >= SHAPES_MAX) shapes.delete(shapes.keys().next().value!);
  } else {
    shapes.delete(key); // most recent last
  }
  shapes.set(key, parts);
  if (parts === null) return byHighlightJs(code, lang);
  let html = parts[0]!;
  // A URL's characters hold no `<`, `>`, `"` or `'`: escaped as highlight.js escapes them, only `&` changes.
  for (let i = 0; i < urls.length; i++) html += escapeHtml(urls[i]!) + parts[i + 1]!;
  return html;
}

/**
 * The shape's HTML cut at its sentinels, when there are `count` of them and each is the whole
 * text of a string literal (`<span class="hljs-string">'SENTINEL'</span>`); null otherwise.
 */
function literalSlots(html: string, count: number): string[] | null {
  const parts = html.split(SENTINEL);
  if (parts.length !== count + 1) return null;
  for (let i = 0; i < count; i++) {
    const before = parts[i]!;
    const after = parts[i + 1]!;
    if (!LITERAL_QUOTES.some((quote) => before.endsWith(STRING_OPEN + quote) && after.startsWith(`${quote}</span>`))) return null;
  }
  return parts;
}

/**
 * Shapes highlighted lately, cut at their URLs (null: highlighted whole), the most recently used
 * last. The samples of one shape (GETs with the same headers…) come back all through a spec; a
 * body makes a shape its operation's own, used once.
 */
const shapes = new Map<string, string[] | null>();
const SHAPES_MAX = 512;

export function isKnownLanguage(language: string): boolean {
  return !!hljs.getLanguage(language.toLowerCase());
}
