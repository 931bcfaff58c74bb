// #17 live samples: templates cut from the generated samples (node) and filled in the browser
// with what the reader typed. Hostile values must come back out of each language's literal as
// they went in: the curl, Node.js and Python samples are run by the real bash, node and python3
// (with curl, fetch and requests stubbed to print what they were given); the other languages'
// literals are read back by a small decoder per language written here, and Java's by javac when
// the machine has it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LITERALS, fillTemplate, liveSamples, type SampleRequest } from '../../../src/client/tryIt/liveSamples';
import { sampleTemplates } from '../../../src/openapi/sampleTemplates';
import type { SampleRequest as BuildRequest } from '../../../src/openapi/types';
import type { SampleTemplate, SampleTemplates, TryItData, TryItValues } from '../../../src/shared/tryIt';

const NINE = ['curl', 'node', 'php', 'python', 'csharp', 'go', 'ruby', 'java', 'powershell'];

const has = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Text a reader sees and copies: the HTML with its tags dropped and entities decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const postJson: BuildRequest = {
  method: 'POST',
  url: 'https://api.example.com/v1/boundaries',
  query: [{ name: 'dry_run', value: 'true' }],
  headers: [
    { name: 'X-Api-Key', value: 'YOUR_API_KEY' },
    { name: 'Accept', value: 'application/json' },
  ],
  body: { mimeType: 'application/json', text: '{\n  "name": "Old Town"\n}' },
};

function templatesFor(request: BuildRequest, xCodeSamples?: unknown): SampleTemplates {
  return sampleTemplates(request, xCodeSamples);
}

function template(templates: SampleTemplates, lang: string): SampleTemplate {
  const found = templates.languages.find((t) => t.lang === lang);
  if (!found) throw new Error(`no ${lang} template`);
  return found;
}

// --- hostile values -----------------------------------------------------------------------------

const HOSTILE = [
  `it's "quoted" \\ back\\slash \\" \\\\u0041 \\n`,
  "$(touch /tmp/docsgen-pwned) `id` ${HOME} #{Dir.pwd} $env:PATH %s %% {0}",
  `'; rm -rf / ''' "" \``,
  'line one\nline two\r\n\ttab',
  'unicode é ü 中文 🎉 \u2028 \u2029 \u0085 \ufeff smart ‘quotes’ ‚ ‛',
  'controls \u0001 \u001b \u007f',
];
/** NUL cannot be in a shell argument or an HTTP header; literals must still carry it. */
const LITERAL_ONLY = ['nul \u0000 end', 'lone \ud800 surrogate'];
/** What a lone surrogate becomes on the wire (fetch and TextEncoder write U+FFFD). */
const wellFormed = (v: string) => Array.from(v, (ch) => (ch.length === 1 && /[\ud800-\udfff]/.test(ch) ? '\ufffd' : ch)).join('');

const BODY = {
  name: `a'b"c\\d $(x) #{y} \${z}`,
  note: 'two\nlines\u2028and é 🎉',
  count: 3,
  ratio: 1.5e3,
  ok: true,
  none: null,
  tags: ['a', "b'", { deep: [] }],
  empty: {},
  'weird key': '\u0001',
};

function hostileRequest(value: string): SampleRequest {
  return {
    url: `https://api.example.com/v1/things?q=${value}`,
    headers: [
      { name: 'X-Hostile', value },
      { name: 'Accept', value: 'application/json' },
    ],
    body: JSON.stringify(BODY, null, 2),
  };
}

describe('openapi/sampleTemplates', () => {
  it('cuts all nine generated samples into templates with URL, headers and body holes', () => {
    const templates = templatesFor(postJson);
    expect(templates.languages.map((t) => t.lang)).toEqual(NINE);
    expect(templates.json).toBe(true);
    expect(templates.accept).toBe('application/json');
    for (const t of templates.languages) {
      const holes = JSON.stringify(t.parts.filter((p) => typeof p !== 'string'));
      expect(holes, t.lang).toContain('"hole":"url"');
      expect(holes, t.lang).toContain('"hole":"headers"');
      expect(holes, t.lang).toContain('"hole":"body"');
      // No sentinel is left behind in the template's own text.
      expect(JSON.stringify(t.parts), t.lang).not.toMatch(/docsgen\.invalid|Docsgen-Header|docsgen-value|DGBODY/);
    }
  });

  it('keeps highlight.js classes around the parts it does not fill', () => {
    const php = template(templatesFor(postJson), 'php');
    expect(php.parts[0]).toMatch(/^<span class="hljs-meta">&lt;\?php<\/span>/);
  });

  it('has no template for a language the spec replaced with its own x-codeSamples', () => {
    const templates = templatesFor(postJson, [{ lang: 'shell', source: 'curl https://example.com/own-sample' }]);
    expect(templates.languages.map((t) => t.lang)).toEqual(NINE.filter((l) => l !== 'curl'));
  });

  it('makes templates for GET without a body, and for a text body', () => {
    const get = templatesFor({ ...postJson, method: 'GET', body: undefined });
    expect(get.languages.map((t) => t.lang)).toEqual(NINE);
    expect(get.json).toBe(false);
    expect(JSON.stringify(get.languages)).not.toContain('"hole":"body"');
    const plain = templatesFor({ ...postJson, body: { mimeType: 'text/plain', text: 'hello' } });
    expect(plain.languages.map((t) => t.lang)).toEqual(NINE);
    expect(plain.json).toBe(false);
  });

  it('leaves a multipart form body as built (no body hole) while the URL and headers follow the reader', () => {
    const form = templatesFor({
      ...postJson,
      body: { mimeType: 'multipart/form-data', text: '', form: [{ name: 'title', value: 'Old Town' }, { name: 'file', value: '', fileName: 'file.png', contentType: 'image/png' }] },
    });
    expect(form.languages.length).toBeGreaterThanOrEqual(8);
    for (const t of form.languages) {
      expect(JSON.stringify(t.parts), t.lang).not.toContain('"hole":"body"');
      const filled = text(fillTemplate(t, { url: 'https://sandbox.example.com/v1/boundaries', headers: [{ name: 'X-Api-Key', value: 'k-123' }] }, form.json));
      expect(filled, t.lang).toContain('sandbox.example.com/v1/boundaries');
      expect(filled, t.lang).toContain('Old Town');
      expect(filled, t.lang).toContain('k-123');
    }
  });
});

// --- real interpreters ------------------------------------------------------------------------------

describe('client/tryIt/liveSamples: hostile values run through the real interpreters', () => {
  const templates = templatesFor(postJson);

  it.runIf(has('bash'))('curl: bash passes the URL, each header and the body to curl as typed', () => {
    for (const value of HOSTILE) {
      const request = hostileRequest(value);
      const sample = text(fillTemplate(template(templates, 'curl'), request, true));
      // A stub `curl` prints its arguments, NUL-separated: nothing in the sample ran as a command.
      const out = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${sample}`], { encoding: 'utf8' });
      const args = out.split('\0').slice(0, -1);
      expect(args[args.indexOf('--url') + 1]).toBe(request.url);
      const headers = args.filter((_, i) => args[i - 1] === '--header');
      expect(headers).toContain(`X-Hostile: ${value}`);
      expect(args[args.indexOf('--data') + 1]).toBe(request.body);
    }
  });

  it.runIf(has('node'))('Node.js: node calls fetch with the URL, headers and body as typed', () => {
    for (const value of HOSTILE) {
      const request = hostileRequest(value);
      const sample = text(fillTemplate(template(templates, 'node'), request, true));
      const stub = 'globalThis.fetch = async (url, options) => { process.stdout.write(JSON.stringify({ url, options }) + "\\n"); return { json: async () => ({}) }; };\n';
      const out = execFileSync('node', ['-'], { input: stub + sample, encoding: 'utf8' });
      const call = JSON.parse(out.split('\n')[0]!);
      expect(call.url).toBe(request.url);
      expect(call.options.headers['X-Hostile']).toBe(value);
      expect(JSON.parse(call.options.body)).toEqual(BODY);
      // Written as an object literal, not a string: it reads like the static sample.
      expect(sample).toContain('body: JSON.stringify({');
    }
  });

  it.runIf(has('python3'))('Python: python3 calls requests with the URL, headers and the body as a dict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsgen-requests-'));
    writeFileSync(
      join(dir, 'requests.py'),
      [
        'import json, sys',
        'class _R:',
        '    text = ""',
        'def request(method, url, **kw):',
        '    sys.stdout.write(json.dumps({"method": method, "url": url, "headers": kw.get("headers"), "json": kw.get("json"), "data": kw.get("data"), "has_json": "json" in kw}) + "\\n")',
        '    return _R()',
        'def post(url, **kw): return request("POST", url, **kw)',
        'def get(url, **kw): return request("GET", url, **kw)',
      ].join('\n'),
    );
    for (const value of HOSTILE) {
      const request = hostileRequest(value);
      const sample = text(fillTemplate(template(templates, 'python'), request, true));
      const out = execFileSync('python3', ['-'], { input: sample, encoding: 'utf8', env: { ...process.env, PYTHONPATH: dir, PYTHONIOENCODING: 'utf-8' } });
      const call = JSON.parse(out.split('\n')[0]!);
      expect(call.url).toBe(request.url);
      expect(call.headers['X-Hostile']).toBe(value);
      expect(call.has_json).toBe(true);
      expect(call.json).toEqual(BODY);
    }
    // A body that does not parse is sent as the text typed, with data=.
    const broken = { ...hostileRequest('x'), body: '{"name": "unfinished' };
    const sample = text(fillTemplate(template(templates, 'python'), broken, true));
    const call = JSON.parse(execFileSync('python3', ['-'], { input: sample, encoding: 'utf8', env: { ...process.env, PYTHONPATH: dir } }).split('\n')[0]!);
    expect(call.has_json).toBe(false);
    expect(call.data).toBe('{"name": "unfinished');
  });

  it.runIf(has('javac'))('Java: javac reads each literal back (no \\u escape turned into a quote or a line break before lexing)', () => {
    const values = [...HOSTILE, ...LITERAL_ONLY];
    const dir = mkdtempSync(join(tmpdir(), 'docsgen-java-'));
    const source = [
      'public class Lits {',
      '  public static void main(String[] args) {',
      `    String[] xs = { ${values.map((v) => LITERALS.java!(v)).join(',\n      ')} };`,
      '    StringBuilder out = new StringBuilder();',
      '    for (String x : xs) { for (int i = 0; i < x.length(); i++) out.append((int) x.charAt(i)).append(i + 1 < x.length() ? "," : ""); out.append("\\n"); }',
      '    System.out.print(out);',
      '  }',
      '}',
    ].join('\n');
    writeFileSync(join(dir, 'Lits.java'), source, 'utf8');
    const out = execFileSync('java', ['-Dfile.encoding=UTF-8', join(dir, 'Lits.java')], { encoding: 'utf8' });
    const units = (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)).join(',');
    expect(out.split('\n').slice(0, -1)).toEqual(values.map((v) => units(wellFormed(v))));
  });
});

// --- per-language decoders ----------------------------------------------------------------------------

type Decoded = { value: string; end: number };

/** C-family double- or single-quoted literals, with the escapes and raw characters each language allows. */
function cDecoder(options: { quote: string; escapes: Record<string, string>; hex?: boolean; unicode?: boolean; octal?: boolean; forbiddenRaw: RegExp }) {
  return (source: string, start: number): Decoded => {
    let value = '';
    let i = start + 1;
    for (;;) {
      const c = source[i];
      if (c === undefined) throw new Error('unterminated literal');
      if (c === options.quote) return { value, end: i + 1 };
      if (options.forbiddenRaw.test(c)) throw new Error(`raw U+${c.codePointAt(0)!.toString(16)} in a literal`);
      if (c !== '\\') {
        value += c;
        i++;
        continue;
      }
      const e = source[i + 1]!;
      if (e in options.escapes) {
        value += options.escapes[e];
        i += 2;
      } else if (e === 'x' && options.hex) {
        value += String.fromCharCode(parseInt(source.slice(i + 2, i + 4), 16));
        i += 4;
      } else if (e === 'u' && options.unicode) {
        value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
        i += 6;
      } else if (/[0-7]/.test(e) && options.octal) {
        const digits = /^[0-7]{1,3}/.exec(source.slice(i + 1))![0];
        value += String.fromCharCode(parseInt(digits, 8));
        i += 1 + digits.length;
      } else throw new Error(`escape \\${e} is not in this language`);
    }
  };
}

const BASIC = { '\\': '\\', n: '\n', r: '\r', t: '\t' };
/** PHP and Ruby single quotes: `\\` and `\'` only; any other backslash is itself. */
function backslashSingle(source: string, start: number): Decoded {
  let value = '';
  for (let i = start + 1; ; i++) {
    const c = source[i];
    if (c === undefined) throw new Error('unterminated literal');
    if (c === "'") return { value, end: i + 1 };
    if (c === '\\' && (source[i + 1] === '\\' || source[i + 1] === "'")) value += source[++i];
    else value += c;
  }
}
/** PowerShell single quotes: any of its four quote characters ends it unless doubled. */
function powershellSingle(source: string, start: number): Decoded {
  const quotes = "'\u2018\u2019\u201a\u201b";
  let value = '';
  for (let i = start + 1; ; i++) {
    const c = source[i];
    if (c === undefined) throw new Error('unterminated literal');
    if (quotes.includes(c)) {
      const next = source[i + 1];
      if (next !== undefined && quotes.includes(next)) value += source[++i];
      else return { value, end: i + 1 };
    } else value += c;
  }
}
/** The template's own simple double-quoted strings (PHP, Ruby, PowerShell): no escapes in them. */
function plainDouble(source: string, start: number): Decoded {
  const end = source.indexOf('"', start + 1);
  return { value: source.slice(start + 1, end), end: end + 1 };
}

const DECODERS: Record<string, Record<string, (source: string, start: number) => Decoded>> = {
  php: { "'": backslashSingle, '"': plainDouble },
  csharp: { '"': cDecoder({ quote: '"', escapes: { ...BASIC, '"': '"', "'": "'", '0': '\0' }, unicode: true, forbiddenRaw: /[\n\r\u0085\u2028\u2029]/ }) },
  go: { '"': cDecoder({ quote: '"', escapes: { ...BASIC, '"': '"' }, hex: true, unicode: true, forbiddenRaw: /[\n\ufeff\0]/ }) },
  ruby: { "'": backslashSingle, '"': plainDouble },
  java: { '"': cDecoder({ quote: '"', escapes: { ...BASIC, '"': '"', "'": "'", b: '\b', f: '\f' }, octal: true, forbiddenRaw: /[\n\r]/ }) },
  powershell: { "'": powershellSingle, '"': plainDouble },
};

/** Every string literal of a sample, in order; throws when one does not parse (a value broke out). */
function literalsOf(lang: string, source: string): string[] {
  const decoders = DECODERS[lang]!;
  const out: string[] = [];
  for (let i = 0; i < source.length; ) {
    const decode = decoders[source[i]!];
    if (!decode) {
      i++;
      continue;
    }
    const { value, end } = decode(source, i);
    out.push(value);
    i = end;
  }
  return out;
}

describe('client/tryIt/liveSamples: literals read back by a decoder per language', () => {
  const templates = templatesFor(postJson);
  const BODY_TEXT = JSON.stringify(BODY, null, 2);

  for (const lang of ['php', 'csharp', 'go', 'ruby', 'java', 'powershell']) {
    it(`${lang}: the URL, the header and the body come back out of the sample's literals`, () => {
      for (const value of HOSTILE) {
        const request = hostileRequest(value);
        const literals = literalsOf(lang, text(fillTemplate(template(templates, lang), request, true)));
        expect(literals).toContain(request.url);
        if (lang === 'php') expect(literals).toContain(`X-Hostile: ${value}`);
        else expect(literals).toEqual(expect.arrayContaining(['X-Hostile', value]));
        expect(literals).toContain(BODY_TEXT);
      }
    });
  }

  it('every language writes NUL and lone surrogates as its decoder reads them (U+FFFD for a lone surrogate)', () => {
    for (const lang of ['php', 'csharp', 'go', 'ruby', 'java', 'powershell']) {
      for (const value of LITERAL_ONLY) {
        const literal = LITERALS[lang]!(value);
        const decoded = DECODERS[lang]![literal[0]!]!(literal, 0);
        expect(decoded.end, lang).toBe(literal.length);
        expect(decoded.value, lang).toBe(wellFormed(value));
      }
    }
  });
});

// --- the request the samples show ---------------------------------------------------------------------

function tryItData(overrides: Partial<TryItData> = {}): TryItData {
  return {
    method: 'GET',
    path: '/v1/boundaries/{boundary_id}',
    servers: [{ url: 'https://api.example.com', variables: {} }],
    parameters: [
      { name: 'boundary_id', in: 'path', required: true },
      { name: 'fields', in: 'query', required: false },
      { name: 'x-data-version', in: 'header', required: false },
    ],
    security: { alternatives: [{ schemes: [{ key: 'apiKey', kind: 'apiKey', in: 'header', name: 'X-Api-Key' }] }], optional: false },
    samples: templatesFor({ ...postJson, method: 'GET', body: undefined }),
    ...overrides,
  };
}

function values(overrides: Partial<TryItValues> = {}): TryItValues {
  return {
    server: 'https://api.example.com',
    path: { boundary_id: 'b-42' },
    query: {},
    headers: {},
    cookies: {},
    credentials: { headers: {}, query: {}, cookies: {} },
    showSecrets: false,
    ...overrides,
  };
}

const sample = (data: TryItData, v: TryItValues, lang: string) => text(liveSamples(data, v).get(lang)!);

describe('client/tryIt/liveSamples: what the reader typed', () => {
  it('a query value typed appears in the URL of every sample, and disappears when cleared', () => {
    const data = tryItData();
    const typed = liveSamples(data, values({ query: { fields: 'name,geometry' } }));
    expect(typed.size).toBe(9);
    for (const [lang, html] of typed) expect(text(html), lang).toContain('https://api.example.com/v1/boundaries/b-42?fields=name%2Cgeometry');
    expect(sample(data, values({ query: { fields: '' } }), 'curl')).toContain("--url 'https://api.example.com/v1/boundaries/b-42' \\");
    expect(sample(data, values({ query: { fields: '' } }), 'curl')).not.toContain('fields');
  });

  it('a request without any header leaves no dangling line continuation in curl', () => {
    const none = tryItData({ security: { alternatives: [], optional: true }, samples: templatesFor({ ...postJson, method: 'DELETE', headers: [], body: undefined }) });
    expect(sample(none, values(), 'curl')).toBe("curl --request DELETE \\\n  --url 'https://api.example.com/v1/boundaries/b-42'");
  });

  it('the server chosen and a header parameter typed are used', () => {
    const curl = sample(tryItData(), values({ server: 'http://localhost:4010/sandbox', headers: { 'x-data-version': '2024-06' } }), 'curl');
    expect(curl).toContain("--url 'http://localhost:4010/sandbox/v1/boundaries/b-42'");
    expect(curl).toContain("--header 'x-data-version: 2024-06'");
    // Ruby turns TLS on only for an https URL.
    expect(sample(tryItData(), values({ server: 'http://localhost:4010' }), 'ruby')).not.toContain('use_ssl');
    expect(sample(tryItData(), values(), 'ruby')).toContain('http.use_ssl = true');
  });

  it('an API key is masked until the reader asks to show it; one not entered shows the placeholder', () => {
    const data = tryItData();
    const entered = { headers: { 'X-Api-Key': 'sk_live_123' }, query: {}, cookies: {} };
    expect(sample(data, values(), 'curl')).toContain("--header 'X-Api-Key: YOUR_API_KEY'");
    const masked = sample(data, values({ credentials: entered }), 'curl');
    expect(masked).toContain("--header 'X-Api-Key: ••••'");
    expect(masked).not.toContain('sk_live_123');
    expect(sample(data, values({ credentials: entered, showSecrets: true }), 'python')).toContain('"X-Api-Key": "sk_live_123"');
  });

  it('a bearer token keeps its scheme when masked; a query API key is masked in the URL', () => {
    const bearer = tryItData({ security: { alternatives: [{ schemes: [{ key: 'token', kind: 'bearer' }] }], optional: false } });
    expect(sample(bearer, values(), 'go')).toContain('req.Header.Add("Authorization", "Bearer YOUR_TOKEN")');
    expect(sample(bearer, values({ credentials: { headers: { Authorization: 'Bearer abc.def' }, query: {}, cookies: {} } }), 'go')).toContain('"Authorization", "Bearer ••••"');
    const inQuery = tryItData({ security: { alternatives: [{ schemes: [{ key: 'k', kind: 'apiKey', in: 'query', name: 'api_key' }] }], optional: false } });
    const url = sample(inQuery, values({ credentials: { headers: {}, query: { api_key: 'secret!' }, cookies: {} } }), 'node');
    expect(url).toContain("const url = 'https://api.example.com/v1/boundaries/b-42?api_key=••••'");
    expect(sample(inQuery, values({ credentials: { headers: {}, query: { api_key: 'secret!' }, cookies: {} }, showSecrets: true }), 'node')).toContain('api_key=secret!');
  });

  it('the JSON body typed becomes the language structure where it round-trips, and stays a string where it would not', () => {
    const data = tryItData({ method: 'POST', body: { mediaType: 'application/json', required: true, examples: [] }, samples: templatesFor(postJson) });
    const node = sample(data, values({ body: '{"id": 1, "ok": false}' }), 'node');
    expect(node).toContain('body: JSON.stringify({\n    id: 1,\n    ok: false\n  })');
    // A 20-digit number would lose digits in a JavaScript object literal.
    expect(sample(data, values({ body: '{"id": 12345678901234567890}' }), 'node')).toContain(`body: '{"id": 12345678901234567890}'`);
    expect(sample(data, values({ body: '{"id": 12345678901234567890}' }), 'python')).toContain('"id": 12345678901234567890');
    // PHP sends exactly the text typed.
    expect(sample(data, values({ body: '{"id": 1}' }), 'php')).toContain(`CURLOPT_POSTFIELDS => '{"id": 1}',`);
  });
});
