// The sidecar's code samples follow what the reader types in the try-it console: each language's
// template (TryItData.samples, cut at build time by src/openapi/sampleTemplates.ts) gets the URL,
// the headers and the body of the request the console would send, every value written as a
// string literal of that language (so a quote, `$(…)` or a newline typed by the reader stays data).
// Credentials show as •••• unless the reader asks to see them; one not entered yet shows as the
// static samples' placeholder (YOUR_API_KEY…). Highlighting comes with the templates: the holes
// are coloured here as strings, numbers and literals, with highlight.js's classes.
//
// For the island (templates/islands/TryIt.tsx):
//   import { updateLiveSamples, resetLiveSamples } from '../../src/client/tryIt/liveSamples';
//   // in Console, after `values`: on every change of what the reader typed, and on close
//   useEffect(() => updateLiveSamples(document, data, values(), schemes));
//   useEffect(() => () => resetLiveSamples(document), []);
// (`schemes`: the authentication alternative chosen, whose placeholders show until filled in.)
// Updates are coalesced to one per animation frame; languages without a template stay as built.
import { escapeHtml } from '../../shared/html';
import type { SamplePart, SampleTemplate, SampleTemplates, TryItData, TryItScheme, TryItValues } from '../../shared/tryIt';
import { buildRequest } from './request';

export const MASK = '••••';

/** The request a sample shows: absolute URL with its query string, headers (not Content-Type, which the template has), body text. */
export interface SampleRequest {
  url: string;
  headers: { name: string; value: string }[];
  body?: string;
}

// --- the request -------------------------------------------------------------------------------

/** What the samples show for `values`: the console's own request, credentials masked or as placeholders. */
export function sampleRequest(data: TryItData, values: TryItValues, schemes?: readonly TryItScheme[]): SampleRequest {
  const credentials = shownCredentials(data, values, schemes);
  // A parameter the reader cleared is not sent, so not shown.
  const filled = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ''));
  const typed = { ...values, query: filled(values.query), headers: filled(values.headers), cookies: filled(values.cookies), credentials };
  const built = buildRequest({ ...data, proxyUrl: undefined }, typed);
  // The mask is shown as it is, not percent-encoded.
  const encodedMask = encodeURIComponent(MASK);
  const unmask = (text: string) => (values.showSecrets ? text : text.split(encodedMask).join(MASK));
  const headers: SampleRequest['headers'] = [];
  for (const [name, value] of Object.entries(built.init.headers)) {
    if (name.toLowerCase() === 'content-type' && data.body) continue;
    headers.push({ name, value: unmask(value) });
  }
  const accept = data.samples?.accept;
  if (accept && !headers.some((h) => h.name.toLowerCase() === 'accept')) headers.push({ name: 'Accept', value: accept });
  const body = typeof built.init.body === 'string' ? built.init.body : data.body && data.method !== 'GET' && data.method !== 'HEAD' ? (values.body ?? '') : undefined;
  return { url: absolute(unmask(built.url)), headers, body };
}

/** A relative server (`/v1`) is shown against the page's origin, as the console calls it. */
function absolute(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || typeof location === 'undefined') return url;
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
}

type Credentials = TryItValues['credentials'];

/**
 * The credentials the samples show: the reader's, masked unless `showSecrets` (an
 * `Authorization` header keeps its scheme: `Bearer ••••`); and for a scheme of the chosen
 * alternative (`schemes`; else the first one the reader filled in, else the first) with nothing
 * entered, the placeholder the static samples use.
 */
export function shownCredentials(data: TryItData, values: TryItValues, schemes?: readonly TryItScheme[]): Credentials {
  const entered = values.credentials;
  const hide = (value: string, name?: string) => {
    if (values.showSecrets) return value;
    const scheme = name?.toLowerCase() === 'authorization' ? /^\S+ /.exec(value)?.[0] ?? '' : '';
    return scheme + MASK;
  };
  const out: Credentials = {
    headers: Object.fromEntries(Object.entries(entered.headers).map(([k, v]) => [k, hide(v, k)])),
    query: Object.fromEntries(Object.entries(entered.query).map(([k, v]) => [k, hide(v)])),
    cookies: Object.fromEntries(Object.entries(entered.cookies).map(([k, v]) => [k, hide(v)])),
  };
  const alternatives = data.security.alternatives;
  const chosen = schemes ?? (alternatives.find((a) => a.schemes.some((s) => placed(s, entered))) ?? alternatives[0])?.schemes ?? [];
  for (const scheme of chosen) {
    if (placed(scheme, entered)) continue;
    if (scheme.kind === 'apiKey') (scheme.in === 'query' ? out.query : scheme.in === 'cookie' ? out.cookies : out.headers)[scheme.name] = 'YOUR_API_KEY';
    else if (!('Authorization' in out.headers)) out.headers.Authorization = scheme.kind === 'basic' ? 'Basic BASE64_CREDENTIALS' : 'Bearer YOUR_TOKEN';
  }
  return out;
}

/** Whether the reader's credentials already hold this scheme's. */
function placed(scheme: TryItScheme, entered: Credentials): boolean {
  if (scheme.kind === 'apiKey') return scheme.name in (scheme.in === 'query' ? entered.query : scheme.in === 'cookie' ? entered.cookies : entered.headers);
  return 'Authorization' in entered.headers;
}

// --- string literals, one writer per language ----------------------------------------------------

/**
 * A literal between `quote`s with C-like escapes; `control` writes the characters a source file
 * must not hold raw (controls, and line or byte-order marks some compilers read as such).
 */
function escaped(text: string, quote: string, control: (code: number) => string): string {
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x85 || code === 0x2028 || code === 0x2029 || code === 0xfeff) out += control(code);
    // A lone surrogate cannot be written in UTF-8 (and fetch sends it as U+FFFD).
    else if (code >= 0xd800 && code <= 0xdfff) out += '\ufffd';
    else out += ch;
  }
  return out + quote;
}

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');
const u4 = (code: number) => `\\u${hex(code, 4)}`;
const x2OrU4 = (code: number) => (code < 0x100 ? `\\x${hex(code, 2)}` : u4(code));
/** Java turns `\uXXXX` into the character before it reads the string: controls are written in octal, the rest raw. */
const javaControl = (code: number) => (code < 0x100 ? `\\${code.toString(8).padStart(3, '0')}` : String.fromCodePoint(code));
/** Lone surrogates as U+FFFD, as fetch would send them. */
const wellFormed = (text: string) => Array.from(text, (ch) => (ch.length === 1 && ch >= '\ud800' && ch <= '\udfff' ? '\ufffd' : ch)).join('');
/** A single-quoted literal where only `\` and the quote are escaped (PHP, Ruby: newlines stay raw). */
const backslashQuoted = (text: string) => `'${wellFormed(text).replace(/[\\']/g, (c) => `\\${c}`)}'`;
const jsQuoted = (text: string) => escaped(text, "'", x2OrU4);

/** Each language's string literal for any text. */
export const LITERALS: Record<string, (text: string) => string> = {
  // POSIX shell: nothing is special inside '…'; a quote ends it, is escaped, and reopens it.
  curl: (text) => `'${wellFormed(text).replace(/'/g, "'\\''")}'`,
  node: jsQuoted,
  php: backslashQuoted,
  python: (text) => escaped(text, '"', x2OrU4),
  csharp: (text) => escaped(text, '"', u4),
  go: (text) => escaped(text, '"', (code) => (code < 0x80 ? `\\x${hex(code, 2)}` : u4(code))),
  ruby: backslashQuoted,
  java: (text) => escaped(text, '"', javaControl),
  // PowerShell: '…' where any of its four single-quote characters is doubled.
  powershell: (text) => `'${wellFormed(text).replace(/['\u2018\u2019\u201a\u201b]/g, (c) => c + c)}'`,
};

// --- JSON bodies as the language's own literal ----------------------------------------------------

type Json = { object: [string, Json][] } | { array: Json[] } | { string: string } | { raw: string };

/** The body parsed with number tokens kept as written (a 19-digit id must not become a float here); undefined when it is not JSON. */
export function parseJson(text: string): Json | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const value = (): Json => {
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      const items: [string, Json][] = [];
      space();
      while (text[at] !== (c === '{' ? '}' : ']')) {
        let key = '';
        if (c === '{') {
          key = (value() as { string: string }).string;
          space();
          at++; // ':'
        }
        items.push([key, value()]);
        space();
        if (text[at] === ',') at++;
        space();
      }
      at++;
      return c === '{' ? { object: items } : { array: items.map(([, v]) => v) };
    }
    const token = /^("(?:[^"\\]|\\.)*"|[^\s,\]}]+)/.exec(text.slice(at))![0];
    at += token.length;
    return token.startsWith('"') ? { string: JSON.parse(token) as string } : { raw: token };
  };
  return value();
}

const span = (cls: string, text: string) => `<span class="hljs-${cls}">${escapeHtml(text)}</span>`;

/** Python: a dict/list literal (True, False, None), 4 spaces a level. */
function pythonLiteral(value: Json, indent: string): string {
  const inner = `${indent}    `;
  if ('string' in value) return span('string', LITERALS.python!(value.string));
  if ('raw' in value) return /^\d|^-/.test(value.raw) ? span('number', value.raw) : span('literal', { true: 'True', false: 'False', null: 'None' }[value.raw] ?? value.raw);
  if ('array' in value) return value.array.length ? `[\n${value.array.map((v) => inner + pythonLiteral(v, inner)).join(',\n')}\n${indent}]` : '[]';
  return value.object.length ? `{\n${value.object.map(([k, v]) => `${inner}${span('string', LITERALS.python!(k))}: ${pythonLiteral(v, inner)}`).join(',\n')}\n${indent}}` : '{}';
}

/** JavaScript: an object literal, 2 spaces a level, identifier keys bare. */
function jsLiteral(value: Json, indent: string): string {
  const inner = `${indent}  `;
  if ('string' in value) return span('string', jsQuoted(value.string));
  if ('raw' in value) return span(/^\d|^-/.test(value.raw) ? 'number' : 'literal', value.raw);
  if ('array' in value) return value.array.length ? `[\n${value.array.map((v) => inner + jsLiteral(v, inner)).join(',\n')}\n${indent}]` : '[]';
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? span('attr', k) : span('string', jsQuoted(k)));
  return value.object.length ? `{\n${value.object.map(([k, v]) => `${inner}${key(k)}: ${jsLiteral(v, inner)}`).join(',\n')}\n${indent}}` : '{}';
}

/** A JSON value that an object literal would change: `__proto__` keys, integers beyond 2^53. */
function jsUnsafe(value: Json): boolean {
  if ('raw' in value) return /^-?\d{16,}$/.test(value.raw);
  if ('array' in value) return value.array.some(jsUnsafe);
  if ('object' in value) return value.object.some(([k, v]) => k === '__proto__' || jsUnsafe(v));
  return false;
}

// --- filling a template ---------------------------------------------------------------------------

/** Leading whitespace of the last line of `html` (the indentation a hole starts at). */
function indentOf(html: string): string {
  return /(?:^|\n)([ \t]*)[^\n]*$/.exec(html)?.[1] ?? '';
}

/** One language's sample for `request`, as highlighted HTML. */
export function fillTemplate(template: SampleTemplate, request: SampleRequest, json: boolean): string {
  const literal = LITERALS[template.lang] ?? LITERALS.python!;
  const string = (text: string) => span('string', literal(text));
  const parsed = json && request.body !== undefined ? parseJson(request.body) : undefined;
  const structure = parsed && !(template.lang === 'node' && jsUnsafe(parsed)) ? parsed : undefined;
  let out = '';
  const fill = (parts: SamplePart[], header?: { name: string; value: string }) => {
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if (part.hole === 'url') out += string(request.url);
      else if (part.hole === 'name') out += template.lang === 'node' && /^[A-Za-z_$][\w$]*$/.test(header!.name) ? span('attr', header!.name) : string(header!.name);
      else if (part.hole === 'value') out += string(header!.value);
      else if (part.hole === 'header') out += string(`${header!.name}: ${header!.value}`);
      else if (part.hole === 'headers') {
        request.headers.forEach((h, i) => {
          out += '\n';
          fill(part.entry, h);
          if (i < request.headers.length - 1) out += part.separator;
        });
      } else if (part.hole === 'body') {
        if (part.structure && structure) {
          const indent = indentOf(out);
          out += part.structure.before + (template.lang === 'node' ? jsLiteral(structure, indent) : pythonLiteral(structure, indent)) + part.structure.after;
        } else out += string(request.body ?? '');
      } else if (part.hole === 'bodyArg') out += structure ? part.structure : part.text;
      else if (part.hole === 'https') out += /^https:/i.test(request.url) ? part.html : '';
    }
  };
  fill(template.parts);
  // curl's `--url` line continues onto the headers; with none left it must not end in `\`.
  return template.lang === 'curl' ? out.replace(/ \\$/, '') : out;
}

/** Every language's sample for `values`, by language key. */
export function liveSamples(data: TryItData, values: TryItValues, schemes?: readonly TryItScheme[]): Map<string, string> {
  const templates: SampleTemplates | undefined = data.samples;
  const out = new Map<string, string>();
  if (!templates) return out;
  const request = sampleRequest(data, values, schemes);
  for (const template of templates.languages) out.set(template.lang, fillTemplate(template, request, templates.json));
  return out;
}

// --- the page ------------------------------------------------------------------------------------

const SELECTOR = '.operation-samples .code-block[data-language]';
/** Lines past which a block keeps its "Show all N lines" switch (templates/components/CodeBlock.tsx: 30 + 5). */
const BOUNDED_ABOVE = 35;
/** Each replaced block as built, to put back on reset, with its line count as the switch says it. */
const built = new WeakMap<Element, { html: string; className: string; lines: number }>();
let pending: { root: ParentNode; data: TryItData; values: TryItValues; schemes?: readonly TryItScheme[] } | undefined;

/** Rewrites the sidecar's samples for `values` (at the next frame; calls in between coalesce). */
export function updateLiveSamples(root: ParentNode, data: TryItData, values: TryItValues, schemes?: readonly TryItScheme[]): void {
  const first = pending === undefined;
  pending = { root, data, values, schemes };
  if (first) requestAnimationFrame(flush);
}

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

function flush(): void {
  const job = pending;
  pending = undefined;
  if (!job) return;
  const samples = liveSamples(job.data, job.values, job.schemes);
  for (const block of job.root.querySelectorAll(SELECTOR)) {
    const html = samples.get(block.getAttribute('data-language') ?? '');
    const code = block.querySelector('code');
    if (html === undefined || !code) continue;
    let original = built.get(block);
    if (!original) built.set(block, (original = { html: block.innerHTML, className: block.className, lines: lineCount(code.textContent ?? '') }));
    code.innerHTML = html;
    // A live sample is whole: the static one's "N more lines" does not apply.
    block.querySelector('.code-more')?.remove();
    block.classList.remove('code-block-truncated');
    block.classList.add('code-block-live');
    bound(block, lineCount(code.textContent ?? ''), original.lines);
  }
}

/** A tall block's "Show all N lines" switch follows the sample's new length (hidden when it fits). */
function bound(block: Element, lines: number, builtLines: number): void {
  const details = block.querySelector<HTMLDetailsElement>('.code-expand');
  if (!details) return;
  details.hidden = lines <= BOUNDED_ABOVE;
  block.classList.toggle('code-block-bounded', !details.hidden);
  const more = details.querySelector('.code-expand-more');
  const count = (n: number) => n.toLocaleString('en-US');
  const shown = more?.getAttribute('data-lines') ?? count(builtLines);
  if (more && shown !== count(lines)) {
    more.textContent = (more.textContent ?? '').replace(shown, count(lines));
    more.setAttribute('data-lines', count(lines));
  }
}

/** Puts the samples the page was built with back (the console closed). */
export function resetLiveSamples(root: ParentNode): void {
  pending = undefined;
  for (const block of root.querySelectorAll(SELECTOR)) {
    const original = built.get(block);
    if (!original) continue;
    block.innerHTML = original.html;
    block.className = original.className;
    built.delete(block);
  }
}
