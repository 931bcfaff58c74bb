// Code samples for multipart form bodies (and Node.js urlencoded forms), written here because
// @readme/httpsnippet gets them wrong: its PHP, C#, Go, Ruby and Java samples send a multipart
// body as one literal string with an empty file part, its PowerShell converter throws on a file
// part, and its Node.js one leaves quotes in values unescaped. curl and Python come from the library.
import type { FormField } from './types';

export interface FormRequest {
  method: string;
  /** With the query string. */
  url: string;
  /** Without Content-Type (each client sets the multipart boundary itself). */
  headers: { name: string; value: string }[];
  fields: FormField[];
  /** `multipart` or `urlencoded`. */
  kind: 'multipart' | 'urlencoded';
}

type Writer = (request: FormRequest) => string;

/** Writers by our language key; languages missing here use httpsnippet. */
export const FORM_WRITERS: Partial<Record<string, { multipart?: Writer; urlencoded?: Writer }>> = {
  node: { multipart: node, urlencoded: node },
  php: { multipart: php },
  csharp: { multipart: csharp },
  go: { multipart: go },
  ruby: { multipart: ruby },
  java: { multipart: java },
  powershell: { multipart: powershell },
};

// --- string literals: JSON's escapes are valid in JavaScript, C#, Go and Java double-quoted strings.

const dq = (text: string) => JSON.stringify(text);
/** A single-quoted string where only `\` and `'` are escaped (JavaScript, PHP, Ruby). */
const sq = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
/** PHP and Ruby single-quoted strings keep newlines literally and know only `\\` and `\'`. */
const sqRaw = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** PowerShell single-quoted: a quote is doubled, nothing else is special. */
const ps = (text: string) => `'${text.replace(/'/g, "''")}'`;

function node(r: FormRequest): string {
  const lines: string[] = [];
  const files = r.fields.some((f) => f.fileName);
  if (files) lines.push("import fs from 'node:fs';", '');
  if (r.kind === 'multipart') {
    lines.push('const form = new FormData();');
    for (const f of r.fields) {
      if (f.fileName) {
        const type = f.contentType ? `, { type: ${sq(f.contentType)} }` : '';
        lines.push(`form.append(${sq(f.name)}, new Blob([fs.readFileSync(${sq(f.fileName)})]${type}), ${sq(f.fileName)});`);
      } else lines.push(`form.append(${sq(f.name)}, ${sq(f.value)});`);
    }
  } else {
    lines.push('const form = new URLSearchParams();');
    for (const f of r.fields) lines.push(`form.append(${sq(f.name)}, ${sq(f.value)});`);
  }
  const headers = r.headers.map((h) => `    ${sq(h.name)}: ${sq(h.value)},`);
  lines.push(
    '',
    `const response = await fetch(${sq(r.url)}, {`,
    `  method: ${sq(r.method)},`,
    ...(headers.length ? ['  headers: {', ...headers, '  },'] : []),
    '  body: form,',
    '});',
    'console.log(await response.text());',
  );
  return lines.join('\n');
}

function php(r: FormRequest): string {
  const fields = r.fields.map((f) =>
    f.fileName ? `    ${sqRaw(f.name)} => new CURLFile(${sqRaw(f.fileName)}${f.contentType ? `, ${sqRaw(f.contentType)}` : ''}),` : `    ${sqRaw(f.name)} => ${sqRaw(f.value)},`,
  );
  const headers = r.headers.map((h) => `    ${sqRaw(`${h.name}: ${h.value}`)},`);
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    'curl_setopt_array($curl, [',
    `  CURLOPT_URL => ${sqRaw(r.url)},`,
    '  CURLOPT_RETURNTRANSFER => true,',
    `  CURLOPT_CUSTOMREQUEST => ${sqRaw(r.method)},`,
    '  // An array makes cURL send multipart/form-data; CURLFile reads the file.',
    '  CURLOPT_POSTFIELDS => [',
    ...fields,
    '  ],',
    ...(headers.length ? ['  CURLOPT_HTTPHEADER => [', ...headers, '  ],'] : []),
    ']);',
    '',
    '$response = curl_exec($curl);',
    '$err = curl_error($curl);',
    '',
    'curl_close($curl);',
    '',
    'if ($err) {',
    '  echo "cURL Error #:" . $err;',
    '} else {',
    '  echo $response;',
    '}',
  ].join('\n');
}

function csharp(r: FormRequest): string {
  const lines = ['using System.Net.Http.Headers;', 'var client = new HttpClient();', 'using var form = new MultipartFormDataContent();'];
  r.fields.forEach((f, i) => {
    if (f.fileName) {
      const v = `file${i + 1}`;
      lines.push(`var ${v} = new ByteArrayContent(File.ReadAllBytes(${dq(f.fileName)}));`);
      if (f.contentType) lines.push(`${v}.Headers.ContentType = new MediaTypeHeaderValue(${dq(f.contentType)});`);
      lines.push(`form.Add(${v}, ${dq(f.name)}, ${dq(f.fileName)});`);
    } else lines.push(`form.Add(new StringContent(${dq(f.value)}), ${dq(f.name)});`);
  });
  lines.push(`var request = new HttpRequestMessage(new HttpMethod(${dq(r.method)}), ${dq(r.url)})`, '{', '    Content = form,', '};');
  for (const h of r.headers) lines.push(`request.Headers.TryAddWithoutValidation(${dq(h.name)}, ${dq(h.value)});`);
  lines.push('using var response = await client.SendAsync(request);', 'response.EnsureSuccessStatusCode();', 'Console.WriteLine(await response.Content.ReadAsStringAsync());');
  return lines.join('\n');
}

function go(r: FormRequest): string {
  const files = r.fields.some((f) => f.fileName);
  const imports = ['bytes', 'fmt', 'io', 'mime/multipart', 'net/http', ...(files ? ['os'] : [])].sort();
  const body: string[] = [];
  for (const f of r.fields) {
    if (f.fileName) {
      body.push(
        '\t{',
        `\t\tfile, _ := os.Open(${dq(f.fileName)})`,
        `\t\tpart, _ := writer.CreateFormFile(${dq(f.name)}, ${dq(f.fileName)})`,
        '\t\tio.Copy(part, file)',
        '\t\tfile.Close()',
        '\t}',
      );
    } else body.push(`\twriter.WriteField(${dq(f.name)}, ${dq(f.value)})`);
  }
  return [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t"${i}"`),
    ')',
    '',
    'func main() {',
    '\tpayload := &bytes.Buffer{}',
    '\twriter := multipart.NewWriter(payload)',
    ...body,
    '\twriter.Close()',
    '',
    `\treq, _ := http.NewRequest(${dq(r.method)}, ${dq(r.url)}, payload)`,
    '\treq.Header.Set("Content-Type", writer.FormDataContentType())',
    ...r.headers.map((h) => `\treq.Header.Add(${dq(h.name)}, ${dq(h.value)})`),
    '',
    '\tres, _ := http.DefaultClient.Do(req)',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');
}

const RUBY_CLASSES: Record<string, string> = { GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete', HEAD: 'Head', OPTIONS: 'Options', TRACE: 'Trace' };

function ruby(r: FormRequest): string {
  const rubyClass = RUBY_CLASSES[r.method];
  const fields = r.fields.map((f, i) => {
    const end = i === r.fields.length - 1 ? '' : ',';
    if (!f.fileName) return `  [${sqRaw(f.name)}, ${sqRaw(f.value)}]${end}`;
    const options = [`filename: ${sqRaw(f.fileName)}`, ...(f.contentType ? [`content_type: ${sqRaw(f.contentType)}`] : [])].join(', ');
    return `  [${sqRaw(f.name)}, File.open(${sqRaw(f.fileName)}), { ${options} }]${end}`;
  });
  return [
    "require 'uri'",
    "require 'net/http'",
    '',
    `url = URI(${dq(r.url)})`,
    '',
    'http = Net::HTTP.new(url.host, url.port)',
    "http.use_ssl = url.scheme == 'https'",
    '',
    rubyClass ? `request = Net::HTTP::${rubyClass}.new(url)` : `request = Net::HTTPGenericRequest.new(${sqRaw(r.method)}, true, true, url)`,
    ...r.headers.map((h) => `request[${dq(h.name)}] = ${sqRaw(h.value)}`),
    'request.set_form([',
    ...fields,
    "], 'multipart/form-data')",
    '',
    'response = http.request(request)',
    'puts response.read_body',
  ].join('\n');
}

const UNIREST_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function java(r: FormRequest): string {
  const start = UNIREST_METHODS.has(r.method) ? `Unirest.${r.method.toLowerCase()}(${dq(r.url)})` : `Unirest.request(${dq(r.method)}, ${dq(r.url)})`;
  return [
    `HttpResponse<String> response = ${start}`,
    ...r.headers.map((h) => `  .header(${dq(h.name)}, ${dq(h.value)})`),
    ...r.fields.map((f) => (f.fileName ? `  .field(${dq(f.name)}, new File(${dq(f.fileName)})${f.contentType ? `, ${dq(f.contentType)}` : ''})` : `  .field(${dq(f.name)}, ${dq(f.value)})`)),
    '  .asString();',
  ].join('\n');
}

const PS_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

function powershell(r: FormRequest): string {
  // A field repeated (an array) is one key with a list of values.
  const byName = new Map<string, FormField[]>();
  for (const f of r.fields) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const value = (f: FormField) => (f.fileName ? `Get-Item -Path ${ps(f.fileName)}` : ps(f.value));
  const entries = [...byName].map(([name, list]) => `  ${ps(name)} = ${list.length === 1 ? value(list[0]!) : `@(${list.map(value).join(', ')})`}`);
  const method = PS_METHODS.has(r.method) ? `-Method ${r.method}` : `-CustomMethod ${r.method}`;
  return [
    '# -Form needs PowerShell 7 or later.',
    '$headers=@{}',
    ...r.headers.map((h) => `$headers.Add(${ps(h.name)}, ${ps(h.value)})`),
    '$form = @{',
    ...entries,
    '}',
    `$response = Invoke-RestMethod -Uri ${ps(r.url)} ${method} -Headers $headers -Form $form`,
  ].join('\n');
}
