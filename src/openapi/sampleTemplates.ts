// Templates for the live code samples of the try-it console (TryItData.samples): the nine
// generated samples made once more with sentinel values for the URL, two headers and the body,
// highlighted, and cut at the sentinels into holes. The browser (src/client/tryIt/liveSamples.ts)
// fills the holes with what the reader typed, escaped for each language, so the samples keep
// httpsnippet's shape and the build's highlighting without a generator in the browser.
// A hole is always a whole string literal (or the body expression around one): the browser picks
// the quoting, so a value can never end the literal it lands in.
import { highlight } from '../content/plugins/highlight';
import type { SamplePart, SampleTemplate, SampleTemplates } from '../shared/tryIt';
import { generateCodeSamples } from './codeSamples';
import type { ApiModel, ApiOperation } from './model';
import { sampleRequest } from './operationView';
import type { SampleRequest } from './types';

type Obj = Record<string, any>;

// Sentinels: plain ASCII that no generator escapes or quotes differently, and no spec contains.
const URL_SENTINEL = 'https://docsgen.invalid/DGURL';
// Values long enough that no generator puts the two headers on one line (Node.js's object
// printer inlines short objects).
const HEADERS = [
  { name: 'Docsgen-Header-A', value: 'docsgen-value-a-0123456789-0123456789-0123456789' },
  { name: 'Docsgen-Header-B', value: 'docsgen-value-b-0123456789-0123456789-0123456789' },
] as const;
const BODY_SENTINEL = 'DGBODY';
const SENTINEL_TRACES = ['docsgen.invalid', 'Docsgen-Header', 'docsgen-value', BODY_SENTINEL];

const JSON_MIME = /^(application|text)\/([\w.+-]+\+)?(x-)?json$/i;

/** The templates for an operation's samples, from the same request its static samples make. */
export function operationSampleTemplates(api: ApiModel, op: ApiOperation, document: Obj): SampleTemplates {
  const body = op.raw.requestBody ? api.resolver.deref<Obj>(op.raw.requestBody) : undefined;
  return sampleTemplates(sampleRequest(api, op, document, body), op.raw['x-codeSamples'] ?? op.raw['x-code-samples']);
}

/**
 * Templates for `request`'s samples. Its URL, query and headers become holes (except Content-Type,
 * which some generators write apart); a JSON or text body becomes a hole, a form or a file stays
 * as the static sample sends it.
 */
export function sampleTemplates(request: SampleRequest, xCodeSamples?: unknown): SampleTemplates {
  const essence = (request.body?.mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  const liveBody = request.body !== undefined && !request.body.form && request.body.file === undefined;
  const json = liveBody && JSON_MIME.test(essence);
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type') ?? (request.body ? { name: 'Content-Type', value: request.body.mimeType || 'application/octet-stream' } : undefined);
  const accept = request.headers.find((h) => h.name.toLowerCase() === 'accept')?.value;
  const sentinel: SampleRequest = {
    method: request.method,
    url: URL_SENTINEL,
    query: [],
    headers: [...HEADERS, ...(contentType ? [contentType] : [])],
    body: liveBody ? { mimeType: request.body!.mimeType, text: json ? JSON.stringify(BODY_SENTINEL) : BODY_SENTINEL } : request.body,
    // A live body is never the shortened one the note speaks of.
    note: liveBody ? request.note?.split('\n').filter((line) => !/request body is shortened|full example/.test(line)).join('\n') || undefined : request.note,
  };
  // Operations of one shape (GETs without a body, JSON POSTs…) share their templates: making
  // them is highlighting nine samples (~10 ms), which a large spec would pay per operation.
  const key = JSON.stringify([sentinel.method, sentinel.headers.at(2), sentinel.body, sentinel.note, xCodeSamples ?? null]);
  let languages = SHAPES.get(key);
  if (!languages) {
    languages = [];
    for (const sample of generateCodeSamples(sentinel, xCodeSamples)) {
      const parts = cut(sample.lang, highlight(sample.code, sample.highlight), liveBody ? (json ? JSON.stringify(BODY_SENTINEL) : BODY_SENTINEL) : undefined, json);
      if (parts) languages.push({ lang: sample.lang, parts });
    }
    if (SHAPES.size >= MAX_SHAPES) SHAPES.delete(SHAPES.keys().next().value!);
    SHAPES.set(key, languages);
  }
  return { ...(accept ? { accept } : {}), json, languages };
}

/** Templates by request shape; the oldest shape goes first when full. */
const SHAPES = new Map<string, SampleTemplate[]>();
const MAX_SHAPES = 500;

// --- cutting a highlighted sample into parts ---------------------------------------------------

/** How highlight.js escapes text (its own escaper, not ours: `'` is `&#x27;`). */
function hljsEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The spellings a string literal of `text` takes in the generators' output, as highlighted HTML, most specific first. */
function literalSpellings(text: string): string[] {
  const quoted = [`'${text}'`, `"${text.replace(/"/g, '\\"')}"`, `'${text.replace(/"/g, '\\"')}'`].map(hljsEscape);
  return [...quoted.map((q) => `<span class="hljs-string">${q}</span>`), ...quoted, hljsEscape(text)];
}

/** The first occurrence of a literal of `text` in `html`: where, and how long. */
function findLiteral(html: string, text: string): { at: number; length: number } | undefined {
  for (const spelling of literalSpellings(text)) {
    const at = html.indexOf(spelling);
    if (at !== -1) return { at, length: spelling.length };
  }
  return undefined;
}

type Piece = SamplePart;

/** `html` with the literals of `text` (every one) replaced by `hole`. */
function replaceLiteral(pieces: Piece[], text: string, hole: Exclude<SamplePart, string>, once = true): Piece[] | undefined {
  const out: Piece[] = [];
  let found = 0;
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      out.push(piece);
      continue;
    }
    let rest = piece;
    for (let match = findLiteral(rest, text); match; match = findLiteral(rest, text)) {
      out.push(rest.slice(0, match.at), hole);
      rest = rest.slice(match.at + match.length);
      found++;
    }
    out.push(rest);
  }
  if (found === 0 || (once && found > 1)) return undefined;
  return out.filter((p) => p !== '');
}

/**
 * The template of one sample, or undefined when it cannot be cut (a spec's own sample, or a
 * generator whose output does not have the expected shape): that language then stays static.
 */
function cut(lang: string, html: string, bodyText: string | undefined, json: boolean): SamplePart[] | undefined {
  let pieces: Piece[] | undefined = headerBlock(html);
  if (!pieces) return undefined;
  pieces = replaceLiteral(pieces, URL_SENTINEL, { hole: 'url' });
  if (!pieces) return undefined;
  if (bodyText !== undefined) {
    pieces = bodyHole(lang, pieces, bodyText, json);
    if (!pieces) return undefined;
  }
  if (lang === 'ruby') pieces = httpsHole(pieces);
  const parts = merge(pieces);
  const text = parts.map((p) => (typeof p === 'string' ? p : p.hole === 'headers' ? p.entry.filter((e) => typeof e === 'string').join('') : '')).join('');
  return SENTINEL_TRACES.some((trace) => text.includes(trace)) ? undefined : parts;
}

/**
 * The two sentinel header lines, adjacent, become one `headers` hole whose entry is the second
 * line with its literals as holes; what the first line has more at its end is the separator
 * (`,` in a Python dict whose last entry has none).
 */
function headerBlock(html: string): Piece[] | undefined {
  const lines = html.split('\n');
  const a = lines.findIndex((line) => line.includes(HEADERS[0].name));
  const b = lines.findIndex((line) => line.includes(HEADERS[1].name));
  if (a < 1 || b !== a + 1) return undefined;
  const entryA = headerEntry(lines[a]!, HEADERS[0]);
  const entryB = headerEntry(lines[b]!, HEADERS[1]);
  if (!entryA || !entryB) return undefined;
  const textA = JSON.stringify(entryA);
  const textB = JSON.stringify(entryB);
  const lastA = entryA.at(-1);
  const lastB = entryB.at(-1);
  let separator = '';
  if (textA !== textB) {
    // Entries differ only at the end: A's ends with B's plus the separator.
    const bodyB = typeof lastB === 'string' ? entryB.slice(0, -1) : entryB;
    const tailB = typeof lastB === 'string' ? lastB : '';
    if (typeof lastA !== 'string' || JSON.stringify(entryA.slice(0, -1)) !== JSON.stringify(bodyB) || !lastA.startsWith(tailB)) return undefined;
    separator = lastA.slice(tailB.length);
  }
  const before = lines.slice(0, a).join('\n');
  const after = lines.slice(b + 1).join('\n');
  return [before, { hole: 'headers', entry: entryB, separator }, ...(b + 1 < lines.length ? ['\n' + after] : [])];
}

function headerEntry(line: string, header: { name: string; value: string }): Piece[] | undefined {
  const whole = replaceLiteral([line], `${header.name}: ${header.value}`, { hole: 'header' });
  if (whole) return whole;
  const named = replaceLiteral([line], header.name, { hole: 'name' });
  return named && replaceLiteral(named, header.value, { hole: 'value' });
}

/**
 * The body literal as a hole. Node.js and PHP wrap a JSON body in `JSON.stringify(…)` /
 * `json_encode(…)`, and Python passes it as `json=payload`: the hole takes in the wrapper, so the
 * browser can write a string the reader typed as it is (a structure only where it round-trips).
 */
function bodyHole(lang: string, pieces: Piece[], bodyText: string, json: boolean): Piece[] | undefined {
  // JSON bodies are given to the structural generators as the JSON string "DGBODY", which they
  // write as the literal 'DGBODY'; string generators write the JSON text "\"DGBODY\"".
  const structural = json && (lang === 'node' || lang === 'php' || lang === 'python');
  const text = structural ? BODY_SENTINEL : bodyText;
  let out = replaceLiteral(pieces, text, { hole: 'body' });
  if (!out || !structural) return out;
  const index = out.findIndex((p) => typeof p !== 'string' && p.hole === 'body');
  const prev = out[index - 1];
  const next = out[index + 1];
  if (typeof prev !== 'string' || typeof next !== 'string' || !next.startsWith(')')) {
    if (lang !== 'python') return undefined;
  }
  if (lang === 'python') {
    out[index] = { hole: 'body', structure: { before: '', after: '' } };
    // `json=payload` sends a structure; a body that does not parse goes as text, `data=payload`.
    const arg: Piece[] = [];
    for (const piece of out) {
      if (typeof piece !== 'string' || !piece.includes('json=payload')) arg.push(piece);
      else {
        const [head, ...rest] = piece.split('json=payload');
        if (rest.length !== 1) return undefined;
        arg.push(head!, { hole: 'bodyArg', structure: 'json=payload', text: 'data=payload' }, rest[0]!);
      }
    }
    return arg.length === out.length + 2 ? arg : undefined;
  }
  // The wrapper's call, highlighted: `<span …>JSON</span>.<span …>stringify</span>(` or `<span …>json_encode</span>(`.
  const wrapper = lang === 'node' ? /<span class="hljs-title class_">JSON<\/span>\.<span class="hljs-title function_">stringify<\/span>\($/ : /<span class="hljs-title function_ invoke__">json_encode<\/span>\($/;
  const call = (prev as string).match(wrapper);
  if (!call) return undefined;
  out = out.slice();
  out[index - 1] = (prev as string).slice(0, call.index);
  out[index + 1] = (next as string).slice(1);
  // PHP sends the text the reader typed as it is; Node.js writes an object literal when it can.
  out[index] = lang === 'node' ? { hole: 'body', structure: { before: call[0], after: ')' } } : { hole: 'body' };
  return out;
}

/** Ruby decides TLS from the URL at generation time: the line is kept only for an https URL. */
function httpsHole(pieces: Piece[]): Piece[] {
  const line = '\nhttp.use_ssl = <span class="hljs-literal">true</span>';
  return pieces.flatMap((piece) => {
    if (typeof piece !== 'string' || !piece.includes(line)) return [piece];
    const at = piece.indexOf(line);
    return [piece.slice(0, at), { hole: 'https', html: line } as Piece, piece.slice(at + line.length)];
  });
}

/** Adjacent strings joined, empty ones dropped. */
function merge(pieces: Piece[]): SamplePart[] {
  const out: SamplePart[] = [];
  for (const piece of pieces) {
    if (piece === '') continue;
    const last = out.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') out[out.length - 1] = last + piece;
    else out.push(piece);
  }
  return out;
}
