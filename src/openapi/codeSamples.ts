// Request code samples for an operation page: nine generated languages (curl, Node.js, PHP,
// Python, C#, Go, Ruby, Java, PowerShell) from @readme/httpsnippet, with the spec's own
// `x-codeSamples` / `x-code-samples` replacing or extending them. A body is sent as its kind
// needs: JSON or text as given, a form as fields (multipart samples outside curl and Python are
// written by formSamples.ts), a binary body from a file (withFileBody). Everything returned is
// plain text; the spec is untrusted and escaping happens at render time.

import { lazyModule } from '../lazyModule';
import { FORM_WRITERS, type FormRequest } from './formSamples';
import type { CodeSample, SampleRequest } from './types';

type Obj = Record<string, any>;
/** A client's converter: takes a request prepared by `HTTPSnippet#init` and options. */
type Convert = (request: any, options?: Obj) => string;

interface Language {
  lang: string;
  label: string;
  highlight: string;
  target: string;
  client: string;
  options: Obj;
  /** Line-comment prefix, for the (never expected) message when the generator fails. */
  comment: string;
}

// Order is the tab order. Options favour readable, copy-pasteable output.
const LANGUAGES: readonly Language[] = [
  { lang: 'curl', label: 'curl', highlight: 'bash', target: 'shell', client: 'curl', options: { indent: '  ' }, comment: '#' },
  { lang: 'node', label: 'Node.js', highlight: 'javascript', target: 'node', client: 'fetch', options: { indent: '  ' }, comment: '//' },
  { lang: 'php', label: 'PHP', highlight: 'php', target: 'php', client: 'curl', options: { indent: '  ' }, comment: '//' },
  { lang: 'python', label: 'Python', highlight: 'python', target: 'python', client: 'requests', options: { indent: '    ' }, comment: '#' },
  { lang: 'csharp', label: 'C#', highlight: 'csharp', target: 'csharp', client: 'httpclient', options: { indent: '    ' }, comment: '//' },
  { lang: 'go', label: 'Go', highlight: 'go', target: 'go', client: 'native', options: {}, comment: '//' },
  { lang: 'ruby', label: 'Ruby', highlight: 'ruby', target: 'ruby', client: 'native', options: { indent: '  ' }, comment: '#' },
  { lang: 'java', label: 'Java', highlight: 'java', target: 'java', client: 'unirest', options: { indent: '  ' }, comment: '//' },
  { lang: 'powershell', label: 'PowerShell', highlight: 'powershell', target: 'powershell', client: 'restmethod', options: {}, comment: '#' },
];

const httpSnippet = lazyModule<typeof import('@readme/httpsnippet')>('@readme/httpsnippet');
const snippetTargets = lazyModule<typeof import('@readme/httpsnippet/targets')>('@readme/httpsnippet/targets');

type Generator = Language & { convert: Convert };
let generators: readonly Generator[] | undefined;

/**
 * Each language's converter, looked up once per process (with the library, on the first sample)
 * instead of through `HTTPSnippet#convert`, which looks the target up again on every call. A
 * missing client means the library changed under us, which should fail loudly on the first
 * sample rather than per operation.
 */
function converters(): readonly Generator[] {
  return (generators ??= LANGUAGES.map((language) => {
    const client = (snippetTargets().targets as Record<string, { clientsById: Record<string, { convert: Convert }> } | undefined>)[language.target]?.clientsById[language.client];
    if (!client) throw new Error(`@readme/httpsnippet has no ${language.target}/${language.client} client`);
    return { ...language, convert: client.convert };
  }));
}

const BY_LANG = new Map(LANGUAGES.map((language) => [language.lang, language]));

/** Methods Invoke-RestMethod takes with `-Method`; others need `-CustomMethod` (PowerShell 6+). */
const POWERSHELL_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

const JSON_MIME = /^(application|text)\/([\w.+-]+\+)?(x-)?json$/i;

export function generateCodeSamples(request: SampleRequest, xCodeSamples?: unknown): CodeSample[] {
  const samples = generated(request);
  return withSpecSamples(samples, xCodeSamples);
}

// --- generated samples -------------------------------------------------------------------------

function generated(request: SampleRequest): CodeSample[] {
  const method = request.method.toUpperCase();
  const har = toHar(request, method);
  // Prepared once per request (URL parsing, query and header objects, JSON body parsed)…
  const prepared = new (httpSnippet().HTTPSnippet)(har as any).init().requests[0];
  const form = request.body?.form && formRequest(request, method, prepared.fullUrl);
  const file = request.body?.file;
  return converters().map((generator) => {
    const writer = form && FORM_WRITERS[generator.lang]?.[form.kind];
    let code = writer ? writer(form) : convertOne(generator, prepared, method);
    if (file !== undefined && !writer) code = withFileBody(generator.lang, code, file);
    const note = request.note?.split('\n').map((line) => `${generator.comment} ${line}`).join('\n');
    return { lang: generator.lang, label: generator.label, highlight: generator.highlight, code: note ? withNote(code, note) : code };
  });
}

/** Comment lines at the top of a sample; in PHP after `<?php`, since text before it would be output. */
function withNote(code: string, comment: string): string {
  if (code.startsWith('<?php')) {
    const eol = code.indexOf('\n');
    return eol === -1 ? `${code}\n${comment}` : `${code.slice(0, eol + 1)}${comment}\n${code.slice(eol + 1)}`;
  }
  return `${comment}\n${code}`;
}

function convertOne(generator: Generator, prepared: Obj, method: string): string {
  try {
    let code: unknown;
    if (generator.lang === 'powershell') {
      code = powershell(generator.convert, prepared, method, generator.options);
    } else {
      // …and copied per language, since some converters edit the request they are given
      // (e.g. dropping a multipart Content-Type header), which must not leak into the next one.
      code = generator.convert(copy(prepared), { ...generator.options });
    }
    if (typeof code === 'string' && code.trim() !== '') return code;
  } catch {
    // fall through to the message below
  }
  return `${generator.comment} No ${generator.label} sample could be generated for ${method} ${prepared.fullUrl}; see the curl sample.`;
}

/**
 * A copy of a prepared request that a converter may edit. Our clients only edit the header maps
 * (curl, fetch, PHP and Python drop or rewrite a multipart Content-Type); postData is copied too
 * for good measure. Shallow copies: a deep clone per language doubled the total time.
 */
function copy(prepared: Obj): Obj {
  return {
    ...prepared,
    headersObj: { ...prepared.headersObj },
    allHeaders: { ...prepared.allHeaders },
    postData: prepared.postData && { ...prepared.postData },
  };
}

/**
 * Invoke-RestMethod, with two fixes over the library's output: a body is written inside a
 * single-quoted PowerShell string, where a quote must be doubled; and methods outside
 * `-Method`'s list (TRACE) get `-CustomMethod`.
 */
function powershell(convert: Convert, prepared: Obj, method: string, options: Obj): string {
  const custom = !POWERSHELL_METHODS.has(method);
  const request = copy(prepared);
  if (custom) request.method = 'POST';
  let code = convert(request, { ...options });
  if (custom) code = code.replace(/ -Method POST\b/, () => ` -CustomMethod ${method}`);
  const text: unknown = request.postData?.text;
  if (typeof text === 'string' && text.includes("'")) {
    const written = ` -Body '${text}'`;
    const at = code.lastIndexOf(written);
    if (at !== -1) code = code.slice(0, at) + ` -Body '${text.replaceAll("'", "''")}'` + code.slice(at + written.length);
  }
  return code;
}

interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: { name: string; value: string }[];
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  postData?: { mimeType: string; text?: string; params?: { name: string; value: string; fileName?: string; contentType?: string }[] };
  headersSize: number;
  bodySize: number;
}

function toHar(request: SampleRequest, method: string): HarRequest {
  const headers = request.headers.map(({ name, value }) => ({ name, value }));
  const har: HarRequest = {
    method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString: request.query.map(({ name, value }) => ({ name, value })),
    headersSize: -1,
    bodySize: -1,
  };
  const body = request.body;
  if (body && (body.text !== '' || body.form || body.file !== undefined)) {
    // Without a Content-Type header curl would send the body as a form.
    // (PowerShell's converter also needs one.)
    if (!headers.some((h) => h.name.toLowerCase() === 'content-type')) {
      headers.push({ name: 'Content-Type', value: body.mimeType || 'application/octet-stream' });
    }
    har.postData = harBody(body);
  }
  return har;
}

/**
 * The body as httpsnippet understands it. The header keeps the exact media type; here it is
 * normalised so the generators recognise it: any JSON type (`application/problem+json`,
 * `application/json; charset=utf-8`) becomes `application/json`, shown as a structure; a
 * urlencoded text is split into params (httpsnippet drops a form body given only as text); a
 * multipart body becomes params when it is a JSON object of fields, else is kept as raw text.
 */
function harBody(body: NonNullable<SampleRequest['body']>): NonNullable<HarRequest['postData']> {
  const essence = (body.mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  if (body.file !== undefined) return { mimeType: body.mimeType || 'application/octet-stream', text: FILE_MARKER };
  if (body.form) {
    const params = body.form.map((f) => (f.fileName ? { name: f.name, value: '', fileName: f.fileName, contentType: f.contentType } : { name: f.name, value: f.value }));
    return { mimeType: essence === 'application/x-www-form-urlencoded' ? essence : 'multipart/form-data', params };
  }
  if (JSON_MIME.test(essence)) return { mimeType: 'application/json', text: body.text };
  if (essence === 'application/x-www-form-urlencoded') {
    return { mimeType: essence, params: [...new URLSearchParams(body.text)].map(([name, value]) => ({ name, value })) };
  }
  if (essence.startsWith('multipart/')) {
    const fields = jsonObject(body.text);
    if (fields) {
      return {
        mimeType: 'multipart/form-data',
        params: Object.entries(fields).map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) ?? '' })),
      };
    }
    return { mimeType: 'text/plain', text: body.text };
  }
  return { mimeType: body.mimeType || 'application/octet-stream', text: body.text };
}

function formRequest(request: SampleRequest, method: string, fullUrl: string): FormRequest {
  const essence = (request.body!.mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  return {
    method,
    url: fullUrl,
    headers: request.headers.filter((h) => h.name.toLowerCase() !== 'content-type'),
    fields: request.body!.form!,
    kind: essence === 'application/x-www-form-urlencoded' ? 'urlencoded' : 'multipart',
  };
}

/**
 * A binary body is sent from a file. httpsnippet knows only text bodies, so each sample is made
 * with FILE_MARKER as the text, and the marker's string literal is replaced by the language's way
 * of reading a file. A sample where the marker cannot be replaced says so instead of sending it.
 */
const FILE_MARKER = 'DOCSGEN_FILE_BODY';

function withFileBody(lang: string, code: string, file: string): string {
  const q = JSON.stringify(file);
  const sq = `'${file}'`; // file names are made of safe characters (sampleBody.ts)
  const swaps: Record<string, [string | RegExp, string][]> = {
    curl: [[`--data ${FILE_MARKER}`, `--data-binary @${file}`]],
    node: [[`body: '${FILE_MARKER}'`, `body: fs.readFileSync(${sq})`], [/^/, "import fs from 'node:fs';\n\n"]],
    php: [[`"${FILE_MARKER}"`, `file_get_contents(${q})`]],
    python: [[`payload = "${FILE_MARKER}"`, `payload = open(${q}, "rb")`]],
    csharp: [[`new StringContent("${FILE_MARKER}")`, `new ByteArrayContent(File.ReadAllBytes(${q}))`]],
    go: [[`payload := strings.NewReader("${FILE_MARKER}")`, `payload, _ := os.Open(${q})`], ['\t"strings"\n', '\t"os"\n']],
    ruby: [[`request.body = "${FILE_MARKER}"`, `request.body = File.binread(${q})`]],
    java: [[`.body("${FILE_MARKER}")`, `.body(Files.readAllBytes(Paths.get(${q})))`]],
    powershell: [[`-Body '${FILE_MARKER}'`, `-InFile ${sq}`]],
  };
  let out = code;
  for (const [from, to] of swaps[lang] ?? []) out = out.replace(from, () => to);
  return out.includes(FILE_MARKER) ? code.split(FILE_MARKER).join(`<contents of ${file}>`) : out;
}

function jsonObject(text: string): Obj | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined;
  } catch {
    return undefined;
  }
}

// --- x-codeSamples -----------------------------------------------------------------------------

/** Spellings of our languages seen in `x-codeSamples`, lower-cased. */
const LANG_ALIASES: Record<string, string> = {
  curl: 'curl', shell: 'curl', sh: 'curl', bash: 'curl',
  node: 'node', 'node.js': 'node', nodejs: 'node', javascript: 'node', js: 'node',
  php: 'php',
  python: 'python', python3: 'python', py: 'python',
  'c#': 'csharp', csharp: 'csharp', cs: 'csharp',
  go: 'go', golang: 'go',
  ruby: 'ruby', rb: 'ruby',
  java: 'java',
  powershell: 'powershell', pwsh: 'powershell',
};

/** highlight.js names for other languages specs commonly carry, keyed by kebab-case key. */
const OTHER_HIGHLIGHT: Record<string, string> = {
  typescript: 'typescript', ts: 'typescript', kotlin: 'kotlin', swift: 'swift', rust: 'rust', scala: 'scala',
  c: 'c', cpp: 'cpp', 'objective-c': 'objectivec', objc: 'objectivec', fsharp: 'fsharp', vbnet: 'vbnet', 'vb-net': 'vbnet',
  dart: 'dart', elixir: 'elixir', erlang: 'erlang', clojure: 'clojure', ocaml: 'ocaml', haskell: 'haskell', perl: 'perl',
  lua: 'lua', r: 'r', julia: 'julia', groovy: 'groovy', httpie: 'bash', wget: 'bash', zsh: 'bash', cli: 'bash',
  http: 'http', json: 'json', yaml: 'yaml', xml: 'xml', graphql: 'graphql', sql: 'sql',
};

function withSpecSamples(samples: CodeSample[], xCodeSamples: unknown): CodeSample[] {
  if (!Array.isArray(xCodeSamples)) return samples;
  const result = samples.slice();
  const replaced = new Set<string>();
  const used = new Set(result.map((s) => s.lang));
  for (const item of xCodeSamples) {
    if (item === null || typeof item !== 'object') continue;
    const { lang, label, source } = item as Obj;
    if (typeof source !== 'string' || source.trim() === '' || typeof lang !== 'string' || lang.trim() === '') continue;
    const specLabel = typeof label === 'string' && label.trim() !== '' ? label : undefined;
    const ours = LANG_ALIASES[lang.trim().toLowerCase()];
    const language = ours ? BY_LANG.get(ours) : undefined;
    if (language && !replaced.has(language.lang)) {
      replaced.add(language.lang);
      const index = result.findIndex((s) => s.lang === language.lang);
      result[index] = { lang: language.lang, label: specLabel ?? language.label, highlight: language.highlight, code: source };
      continue;
    }
    // Another language, or a second sample for one already replaced: appended under a key of
    // its own (keys stay unique within a tab group).
    const base = language?.lang ?? kebab(lang);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
    used.add(key);
    result.push({
      lang: key,
      label: specLabel ?? language?.label ?? lang.trim(),
      highlight: language?.highlight ?? OTHER_HIGHLIGHT[base] ?? 'plaintext',
      code: source,
    });
  }
  return result;
}

function kebab(lang: string): string {
  const key = lang
    .trim()
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key || 'sample';
}
