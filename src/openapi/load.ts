// Gets the OpenAPI document's text from a file or a URL and parses it (YAML or JSON). A URL is
// fetched with a timeout and one retry; every failure names the source and its cause, and for
// YAML the line and column. There is no silent fallback: a build without its spec fails.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { digest, type Memo } from '../cache/memo';
import { engineDigest } from '../cache/engine';
import { load as loadYaml } from 'js-yaml';
import { aliasesExplode, selfContaining } from '../yamlExpansion';
import { locateNearest } from './locate';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { formatBytes, heapMbFor } from '../shared/size';

export interface SpecSource {
  /** The URL or absolute file path it came from. */
  source: string;
  text: string;
  document: Record<string, unknown>;
}

export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

/**
 * `memo`: where the parsed document of a text parsed before is taken from (V8 reads it back
 * several times faster than js-yaml parses a large spec). A live memo (serve --watch) keeps a
 * spec file's text and document under its path, until the watcher says the file changed.
 * `early`: the spec read at the build's start (earlySpec), with the document it found or asked for.
 */
export async function loadSpec(spec: string, options: { root: string; timeoutMs: number; memo?: Memo; early?: EarlySpec }): Promise<SpecSource> {
  const source = isUrl(spec) ? spec : path.resolve(options.root, spec);
  const { memo } = options;
  const kept = memo?.live && !isUrl(spec) ? memo.get<SpecSource>(SPEC_FILE_STAGE, source) : undefined;
  if (kept) return kept;
  const early = options.early?.source === source ? options.early : undefined;
  const text = early?.text ?? (isUrl(spec) ? await fetchSpec(spec, options.timeoutMs) : readSpecFile(source));
  if (isUrl(spec)) checkSpecSize(Buffer.byteLength(text), source);
  if (!memo) return { source, text, document: await parsedDocument(text, source, early?.parsed) };
  if (memo.live) {
    const key = digest(engineDigest(), text);
    let document = memo.get<Record<string, unknown>>(SPEC_DOCUMENT_STAGE, key);
    if (!document) memo.set(SPEC_DOCUMENT_STAGE, key, (document = await parsedDocument(text, source, early?.parsed)));
    const loaded = { source, text, document };
    if (!isUrl(spec)) memo.set(SPEC_FILE_STAGE, source, loaded, [source]);
    return loaded;
  }
  // The build cache keeps the document in V8's serialization, as the spec's thread hands it over.
  const key = early?.key ?? digest(engineDigest(), text);
  const stored = early ? early.stored : memo.get<Uint8Array>(SPEC_DOCUMENT_STAGE, key);
  if (stored instanceof Uint8Array) return { source, text, document: v8.deserialize(stored) as Record<string, unknown> };
  const bytes = await early?.parsed?.catch(() => undefined);
  const document = bytes ? (v8.deserialize(bytes) as Record<string, unknown>) : parseSpec(text, source);
  memo.set(SPEC_DOCUMENT_STAGE, key, bytes ?? v8.serialize(document));
  return { source, text, document };
}

/** The document of `text`: from the spec's thread (`parsed`), or parsed here when it has none. */
async function parsedDocument(text: string, source: string, parsed: Promise<Uint8Array | undefined> | undefined): Promise<Record<string, unknown>> {
  const bytes = await parsed?.catch(() => undefined);
  return bytes ? (v8.deserialize(bytes) as Record<string, unknown>) : parseSpec(text, source);
}

/**
 * A spec file read at the start of a build (earlySpec): its text, and the document the build
 * cache holds for it (`stored`), or else the spec's thread's parse of it (`parsed`), which the
 * thread makes while this one does the stages before the spec's.
 */
export interface EarlySpec {
  source: string;
  text: string;
  /** The text's key in the build cache (none without one): a 5 MB text's digest is 10 ms. */
  key?: string;
  stored?: Uint8Array;
  parsed?: Promise<Uint8Array | undefined>;
}

/**
 * YAML spec files from this size on are parsed by the spec's thread for the build (earlySpec):
 * the thread is ready about 0.4 s after it starts, and below this js-yaml takes less than
 * waiting for it (a 5 MB spec: 0.3–0.45 s to parse, 0.09 s to read back from V8's serialization).
 */
export const EARLY_PARSE_BYTES = 2 * 2 ** 20;

/**
 * A spec text of this many characters or more is large enough for its parse's garbage to matter
 * (Microsoft Graph v1.0's 20 MB, beta's 47 MB). A file that large is parsed by the build, not
 * early by the spec's thread: the thread's parse beside the content stage, and its document's
 * bytes handed over, took the 35,000-page generated site's peak from 1,465 to 1,619 MiB.
 */
export const LARGE_SPEC_CHARS = 16 * 2 ** 20;

/**
 * A YAML spec file of EARLY_PARSE_BYTES up to LARGE_SPEC_CHARS, read now, at the build's start,
 * with its document from `memo`, or else asked of the spec's thread (`parse`). Undefined for any
 * other spec (a URL, a JSON text, which JSON.parse reads faster than V8 reads back a serialized
 * document, a file that cannot be read), which loadSpec reads and parses as before, reporting
 * why it cannot.
 */
export function earlySpec(spec: string, root: string, memo: Memo | undefined, parse: ((text: string, source: string) => Promise<Uint8Array | undefined>) | undefined, minBytes = EARLY_PARSE_BYTES): EarlySpec | undefined {
  if (isUrl(spec) || !parse) return undefined;
  const source = path.resolve(root, spec);
  let text: string;
  try {
    const { size } = fs.statSync(source);
    if (size < minBytes || size >= LARGE_SPEC_CHARS) return undefined;
    text = readSpecFile(source);
  } catch {
    return undefined;
  }
  if (/^\s*\{/.test(text)) return undefined;
  const key = memo && digest(engineDigest(), text);
  const stored = key ? memo!.get<Uint8Array>(SPEC_DOCUMENT_STAGE, key) : undefined;
  if (stored instanceof Uint8Array) return { source, text, key, stored };
  return { source, text, key, parsed: parse(text, source) };
}

export const SPEC_DOCUMENT_STAGE = 'spec-document';
/** A live memo's spec files, by path. */
const SPEC_FILE_STAGE = 'spec-file';

/** Whether a live memo still holds the spec file `spec` as loadSpec read it: the watcher has not said it changed since. */
export function liveSpecKept(memo: Memo, spec: string, root: string): boolean {
  return !isUrl(spec) && memo.get(SPEC_FILE_STAGE, path.resolve(root, spec)) !== undefined;
}

/**
 * Parsing takes many times a spec's size: a 48 MB JSON spec (one 610,000-item example) needed
 * a heap of 19–25 times that in js-yaml. Past that the process dies in a V8 abort minutes later
 * (exit 134, no message, a temporary folder left), so a spec larger than the heap limit over
 * SPEC_HEAP_RATIO is refused before it is read, naming the file and the fix.
 */
export const SPEC_HEAP_RATIO = 25;

/** The largest spec this process can parse (see checkSpecSize). */
export function maxSpecBytes(heapLimit = v8.getHeapStatistics().heap_size_limit): number {
  return Math.floor(heapLimit / SPEC_HEAP_RATIO);
}

/** `atLeast`: `bytes` is what arrived of a spec still arriving, not its whole size. */
export function checkSpecSize(bytes: number, source: string, heapLimit = v8.getHeapStatistics().heap_size_limit, atLeast = false): void {
  const max = maxSpecBytes(heapLimit);
  if (bytes <= max) return;
  throw new DocsgenError([
    error('spec-too-large', `The OpenAPI spec is ${atLeast ? 'over ' : ''}${formatBytes(bytes)}, more than this process can parse in its memory: Node's heap limit is ${formatBytes(heapLimit)}, and a spec needs about ${SPEC_HEAP_RATIO} times its size (at most ${formatBytes(max)} here).`, {
      location: { file: source },
      hint: `Give Node a larger heap, e.g. NODE_OPTIONS=--max-old-space-size=${heapMbFor(bytes, SPEC_HEAP_RATIO)} (MB) before docsgen, or make the spec smaller (huge examples can live in files the spec links to).`,
    }),
  ]);
}

function readSpecFile(file: string): string {
  try {
    const stat = fs.statSync(file);
    if (stat.isFile()) {
      checkSpecSize(stat.size, file);
      return fs.readFileSync(file, 'utf8');
    }
    return readStream(file);
  } catch (cause) {
    if (cause instanceof DocsgenError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    throw new DocsgenError(
      [error('spec-not-found', code === 'ENOENT' ? 'The OpenAPI spec file does not exist.' : `The OpenAPI spec file could not be read (${code}).`, { location: { file }, hint: 'Set openapi.spec in the config or pass --spec <url|file>.' })],
      { cause },
    );
  }
}

/**
 * A spec that is not a regular file, read until it ends: a pipe (`--spec <(curl …)`) or a
 * device, which has no size to check first. Refused once it passes what the process can parse:
 * read whole, `--spec /dev/zero` took 17 GB and heeded no signal.
 */
function readStream(file: string): string {
  const max = maxSpecBytes();
  const chunks: Buffer[] = [];
  let bytes = 0;
  const fd = fs.openSync(file, 'r');
  // One buffer for every read, each read's bytes copied out: a pipe gives 64 KiB at a time, and a
  // view kept of a fresh 1 MiB buffer per read held 16 times the spec.
  const buffer = Buffer.allocUnsafe(1 << 20);
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      bytes += read;
      checkSpecSize(bytes, file, undefined, true);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
  } finally {
    fs.closeSync(fd);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One attempt plus one retry after a short pause. A 4xx answer is not retried (asking again
 * will not fix it), except 408 and 429, which say "try later".
 */
export async function fetchSpec(url: string, timeoutMs: number): Promise<string> {
  let last: { reason: string; cause?: unknown } = { reason: '' };
  let attempts = 0;
  for (let attempt = 1; attempt <= 2; attempt++) {
    attempts = attempt;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/yaml, application/json;q=0.9, */*;q=0.5' } });
      if (response.ok) {
        const text = await bodyText(response, url, timeoutMs);
        const html = htmlInsteadOfSpec(url, response.headers.get('content-type'), text);
        if (html) throw new DocsgenError([error('spec-is-html', html.text, { location: { file: url }, hint: html.hint })]);
        return text;
      }
      await response.body?.cancel();
      last = { reason: `the server answered ${response.status} ${response.statusText}`.trim() };
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) break;
    } catch (cause) {
      if (cause instanceof DocsgenError) throw cause; // an answer, just not a spec: asking again gives the same page
      last = { reason: describeFetchError(cause, timeoutMs), cause };
    }
    if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new DocsgenError(
    [
      error('spec-fetch-failed', `Fetching the OpenAPI spec from ${url} failed${attempts > 1 ? ' twice' : ''}: ${last.reason}.`, {
        location: { file: url },
        hint: 'Is the API development server running? Start it (npm run dev-api), or pass --spec <file> to build from a file.',
      }),
    ],
    { cause: last.cause },
  );
}

/**
 * The answer's body as text, refused as it arrives once it is larger than this process can parse
 * (checkSpecSize): read whole, a server that never ended its answer filled 4 GB of memory before
 * the timeout. A body that stops arriving is told apart from a server that never answered.
 */
async function bodyText(response: Response, url: string, timeoutMs: number): Promise<string> {
  const max = maxSpecBytes();
  const declared = Number(response.headers.get('content-length') ?? '');
  if (declared > max) {
    // Let go of the connection first: left open, it kept the process from exiting for seconds.
    await response.body?.cancel().catch(() => {});
    checkSpecSize(declared, url);
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      bytes += read.value.byteLength;
      if (bytes > max) {
        await reader!.cancel().catch(() => {});
        checkSpecSize(bytes, url, undefined, true);
      }
      chunks.push(read.value);
    }
  } catch (cause) {
    if (cause instanceof DocsgenError) throw cause;
    const e = cause as Error;
    // Its message is the reason describeFetchError gives (an error with a cause gives the cause's).
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new Error(`the answer did not end within ${timeoutMs} ms (${formatBytes(bytes)} of it arrived)`);
    throw cause;
  }
  // As response.text() decodes (a byte order mark dropped).
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A login wall, an SSO redirect or a proxy's error page answers 200 with HTML; parsed as YAML it
 * gives "not an OpenAPI spec (its "openapi" field is null)", which hides what happened. Known by
 * its content type, or by its first tag when the server says text/plain or nothing.
 */
export function htmlInsteadOfSpec(url: string, contentType: string | null, body: string): { text: string; hint: string } | undefined {
  const type = contentType?.split(';')[0].trim().toLowerCase() || undefined;
  const declared = type === 'text/html' || type === 'application/xhtml+xml';
  const looksHtml = startsLikeHtml(body.slice(0, 2048));
  if (!declared && !looksHtml) return undefined;
  const title = pageTitle(body);
  const what = declared ? type : `an HTML page (served as ${type ?? 'no content type'})`;
  return {
    text: `Fetching the OpenAPI spec from ${url} returned ${what} instead of an OpenAPI document: ${title ? `a page titled "${title}"` : 'a page with no title'}.`,
    hint: 'A login page or a proxy may be answering for the API: open the URL in a browser to see the page, or pass --spec <file> to build from a file.',
  };
}

/**
 * Whether `head`, after white space and comments, opens with `<!doctype html`, `<html` or `<head`.
 * Skipped in a loop, each comment ending at its first `-->` as in a browser: the pattern
 * `^\s*(<!--[\s\S]*?-->\s*)*<…` let a comment run on over later `-->`s, so the answer's first
 * 516 characters (`<!-` and `---><!--><!----><!-` repeated) took it 193 s, and 2 KB for ever.
 */
function startsLikeHtml(head: string): boolean {
  let at = 0;
  for (;;) {
    at = head.length - head.slice(at).trimStart().length;
    if (!head.startsWith('<!--', at)) break;
    const end = head.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = end + 3;
  }
  return /^<(!doctype\s+html|html[\s>]|head[\s>])/i.test(head.slice(at));
}

/** The page's `<title>`, entities decoded, whitespace and control characters collapsed, at most 80 characters. */
export function pageTitle(html: string): string | undefined {
  const m = /<title\b[^<>]*>([\s\S]*?)<\/title\s*>/i.exec(html.slice(0, 65_536));
  if (!m) return undefined;
  const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', middot: '·', ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™' };
  const text = m[1]
    .replace(/<[^<>]*>/g, '') // `[^<>]`: from each `<` of `<<<…` the scan stops at the next one
    .replace(/\u001b\[[0-9;?]*[ -\/]*[@-~]/g, '') // a terminal escape sequence, whole
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    // Control characters (an escape sequence would reach the terminal) and any run of whitespace become one space.
    .replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/"/g, "'")
    .trim();
  if (text === '') return undefined;
  const chars = [...text];
  if (chars.length <= 80) return text;
  // Cut at a word boundary when there is one near the end.
  const head = chars.slice(0, 79).join('');
  const space = head.lastIndexOf(' ');
  return `${(space >= 60 ? head.slice(0, space) : head).trimEnd()}…`;
}

function describeFetchError(cause: unknown, timeoutMs: number): string {
  const e = cause as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms (timed out)`;
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND') return 'the host name could not be resolved';
  return e.cause?.message ?? e.message;
}

/**
 * YAML is a superset of JSON, so one parser reads both; its errors carry line and column. Most
 * large public specs are JSON, which JSON.parse reads 4–8 times faster than js-yaml (GitHub's
 * description: 572 → 68 ms), so JSON goes there first; what it refuses goes to js-yaml, which
 * says where the problem is.
 */
export function parseSpec(text: string, source: string): Record<string, unknown> {
  const data = (/^\s*\{/.test(text) ? parseJson(text) : undefined) ?? parseYaml(text, source);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new DocsgenError([error('spec-invalid', 'The OpenAPI spec must be a YAML or JSON object with an "openapi" or "swagger" field.', { location: { file: source } })]);
  }
  return data as Record<string, unknown>;
}

function parseJson(text: string): unknown {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  // js-yaml refuses nesting past its maxDepth, with the line and column; JSON.parse takes any, and
  // the walks that follow recurse (a schema nested 3,000 deep overflowed the stack): past the same
  // depth, js-yaml reads the text, to say where.
  return nestedDeeperThan(data, MAX_DEPTH) ? undefined : data;
}

/** js-yaml's default maxDepth. */
const MAX_DEPTH = 100;

/** Whether objects and arrays in `value` nest more than `limit` deep (iterative: the value may nest without end). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return true;
    for (const key in node as object) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

function parseYaml(text: string, source: string): unknown {
  let data: unknown;
  try {
    data = loadYaml(text, { filename: source });
  } catch (cause) {
    const mark = (cause as { mark?: { line: number; column: number } }).mark;
    const reason = (cause as { reason?: string }).reason ?? (cause as Error).message;
    const line = mark ? mark.line + 1 : undefined;
    throw new DocsgenError(
      [
        error('spec-invalid-yaml', `The OpenAPI spec from ${source} ${/maxDepth/.test(reason) ? `nests objects and lists more than ${MAX_DEPTH} levels deep, more than docsgen reads` : `is not valid YAML or JSON: ${reason}`}${line ? ` (line ${line}, column ${mark!.column + 1})` : ''}.`, {
          location: { file: source, line, column: mark ? mark.column + 1 : undefined, lineText: line ? text.split(/\r?\n/)[line - 1] : undefined },
        }),
      ],
      { cause },
    );
  }
  if (aliasesExplode(text, data)) {
    throw new DocsgenError([
      error('spec-invalid-yaml', `The OpenAPI spec from ${source} uses YAML aliases (\`*name\`) that stand for over ten times the values written and over a million in all, too many to read. Write a schema that repeats once, under components, and refer to it with $ref.`, {
        location: { file: source },
      }),
    ]);
  }
  const cycle = selfContaining(text, data);
  if (cycle !== undefined) {
    const at = locateNearest(text, cycle);
    throw new DocsgenError([
      error('spec-invalid-yaml', `The OpenAPI spec from ${source} uses a YAML alias (\`*name\`) inside the value it names, at ${cycle}: that value would contain itself, which no JSON document can, and every walk over the spec would follow it without end. Write a schema that refers to itself with $ref (\`$ref: '#/components/schemas/Node'\`) instead.`, {
        location: { file: source, line: at?.line, column: at?.column, lineText: at ? text.split(/\r?\n/)[at.line - 1] : undefined },
      }),
    ]);
  }
  return data;
}
