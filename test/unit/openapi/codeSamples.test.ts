import { describe, expect, it } from 'vitest';
import { generateCodeSamples } from '../../../src/openapi/codeSamples';
import type { CodeSample, SampleRequest } from '../../../src/openapi/types';

const NINE = [
  ['curl', 'curl', 'bash'],
  ['node', 'Node.js', 'javascript'],
  ['php', 'PHP', 'php'],
  ['python', 'Python', 'python'],
  ['csharp', 'C#', 'csharp'],
  ['go', 'Go', 'go'],
  ['ruby', 'Ruby', 'ruby'],
  ['java', 'Java', 'java'],
  ['powershell', 'PowerShell', 'powershell'],
];

const apiKey = { name: 'x-api-key', value: 'YOUR_API_KEY' };

const getPets: SampleRequest = {
  method: 'get',
  url: 'https://api.example.com/v1/pets',
  query: [
    { name: 'limit', value: '25' },
    { name: 'status', value: 'available' },
  ],
  headers: [apiKey],
};

const createPet: SampleRequest = {
  method: 'post',
  url: 'https://api.example.com/v1/pets',
  query: [],
  headers: [apiKey, { name: 'Content-Type', value: 'application/json' }],
  body: { mimeType: 'application/json', text: JSON.stringify({ name: 'Rex', tag: 'good-boy' }) },
};

// `{petId}` substituted with a value holding a space, already percent-encoded by the caller.
const specialPath: SampleRequest = {
  method: 'delete',
  url: 'https://api.example.com/v1/pets/Mr%20Whiskers/toys',
  query: [{ name: 'reason', value: 'lost' }],
  headers: [apiKey],
};

const sample = (samples: CodeSample[], lang: string) => {
  const found = samples.find((s) => s.lang === lang);
  if (!found) throw new Error(`no ${lang} sample`);
  return found.code;
};

describe('openapi/codeSamples', () => {
  it('returns the nine languages in order, with labels and highlight.js names', () => {
    const samples = generateCodeSamples(getPets);
    expect(samples.map((s) => [s.lang, s.label, s.highlight])).toEqual(NINE);
  });

  for (const [name, request] of [
    ['GET with query parameters', getPets],
    ['POST with a JSON body', createPet],
    ['a path with special characters', specialPath],
  ] as const) {
    it(`puts the full URL, query values and API key header in every sample: ${name}`, () => {
      const samples = generateCodeSamples(request);
      expect(samples).toHaveLength(9);
      for (const s of samples) {
        expect(s.code.trim(), s.lang).not.toBe('');
        expect(s.code, s.lang).not.toContain('could be generated');
        expect(s.code, s.lang).toContain(request.url);
        for (const q of request.query) expect(s.code, s.lang).toContain(`${q.name}=${q.value}`);
        expect(s.code, s.lang).toContain('x-api-key');
        expect(s.code, s.lang).toContain('YOUR_API_KEY');
      }
    });
  }

  it('uses each request method', () => {
    expect(sample(generateCodeSamples(getPets), 'curl')).toContain('--request GET');
    expect(sample(generateCodeSamples(createPet), 'python')).toContain('requests.post(');
    expect(sample(generateCodeSamples(specialPath), 'java')).toContain('Unirest.delete(');
    expect(sample(generateCodeSamples(specialPath), 'powershell')).toContain('-Method DELETE');
  });

  it('shows the POST body in the curl and Python samples', () => {
    const samples = generateCodeSamples(createPet);
    for (const lang of ['curl', 'python']) {
      expect(sample(samples, lang)).toContain('"name": "Rex"');
      expect(sample(samples, lang)).toContain('"tag": "good-boy"');
    }
    expect(sample(samples, 'curl')).toContain('--data');
    expect(sample(samples, 'python')).toContain('json=payload');
  });

  it('adds a Content-Type header for a body when the request has none', () => {
    const samples = generateCodeSamples({ ...createPet, headers: [apiKey] });
    expect(sample(samples, 'curl')).toContain("--header 'Content-Type: application/json'");
  });

  it('keeps a form body given as urlencoded text', () => {
    const samples = generateCodeSamples({
      method: 'post',
      url: 'https://api.example.com/v1/login',
      query: [],
      headers: [],
      body: { mimeType: 'application/x-www-form-urlencoded', text: 'user=ada&remember=true' },
    });
    expect(sample(samples, 'curl')).toContain('--data-urlencode user=ada');
    expect(sample(samples, 'python')).toContain('"remember": "true"');
  });

  it('turns a multipart body of JSON fields into form fields, each language on its own copy', () => {
    const samples = generateCodeSamples({
      method: 'post',
      url: 'https://api.example.com/v1/pets/photos',
      query: [],
      headers: [apiKey, { name: 'Content-Type', value: 'multipart/form-data' }],
      body: { mimeType: 'multipart/form-data', text: '{"caption":"Rex asleep"}' },
    });
    expect(sample(samples, 'curl')).toContain("--form 'caption=Rex asleep'");
    expect(sample(samples, 'node')).toContain("formData.append('caption', 'Rex asleep');");
    // fetch drops the Content-Type header from its request; later languages still have it.
    expect(sample(samples, 'go')).toContain('req.Header.Add("Content-Type", "multipart/form-data; boundary=');
  });

  it('quotes a body with an apostrophe so the PowerShell string stays closed', () => {
    const samples = generateCodeSamples({ ...createPet, body: { mimeType: 'application/json', text: '{"name":"it\'s"}' } });
    expect(sample(samples, 'powershell')).toContain(`-Body '{"name":"it''s"}'`);
  });

  it('writes a method PowerShell has no -Method value for with -CustomMethod', () => {
    const samples = generateCodeSamples({ ...getPets, method: 'trace' });
    expect(sample(samples, 'powershell')).toContain('-CustomMethod TRACE');
    expect(sample(samples, 'curl')).toContain('--request TRACE');
  });

  it('uses fetch for Node.js and unirest for Java', () => {
    const samples = generateCodeSamples(getPets);
    expect(sample(samples, 'node')).toContain('fetch(url, options)');
    expect(sample(samples, 'node')).not.toMatch(/require\(|from 'axios'/);
    expect(sample(samples, 'java')).toContain('Unirest.get(');
  });

  it('replaces a generated sample with the spec x-codeSamples one, source verbatim', () => {
    const source = 'import petstore\n\nclient = petstore.Client(api_key="YOUR_API_KEY")\nclient.pets.list(limit=25)\n';
    const samples = generateCodeSamples(getPets, [{ lang: 'Python', source }]);
    expect(samples.map((s) => s.lang)).toEqual(NINE.map(([lang]) => lang));
    const python = samples.find((s) => s.lang === 'python')!;
    expect(python).toEqual({ lang: 'python', label: 'Python', highlight: 'python', code: source });
    expect(sample(samples, 'curl')).toContain('curl --request GET');
  });

  it('accepts common spellings of our languages and uses the spec label when given', () => {
    const samples = generateCodeSamples(getPets, [
      { lang: 'Shell', source: 'petstore pets list' },
      { lang: 'JavaScript', label: 'Node SDK', source: 'await pets.list();' },
      { lang: 'C#', source: 'client.Pets.List();' },
    ]);
    expect(samples).toHaveLength(9);
    expect(samples[0]).toMatchObject({ lang: 'curl', label: 'curl', code: 'petstore pets list' });
    expect(samples[1]).toMatchObject({ lang: 'node', label: 'Node SDK', highlight: 'javascript', code: 'await pets.list();' });
    expect(samples[4]).toMatchObject({ lang: 'csharp', label: 'C#', code: 'client.Pets.List();' });
  });

  it('appends spec samples in other languages after the nine', () => {
    const samples = generateCodeSamples(getPets, [
      { lang: 'Kotlin', source: 'val pets = client.pets.list()' },
      { lang: 'Objective-C', label: 'iOS', source: '[client listPets];' },
      { lang: 'Brainfuck', source: '+++.' },
    ]);
    expect(samples).toHaveLength(12);
    expect(samples.slice(9)).toEqual([
      { lang: 'kotlin', label: 'Kotlin', highlight: 'kotlin', code: 'val pets = client.pets.list()' },
      { lang: 'objective-c', label: 'iOS', highlight: 'objectivec', code: '[client listPets];' },
      { lang: 'brainfuck', label: 'Brainfuck', highlight: 'plaintext', code: '+++.' },
    ]);
  });

  it('ignores malformed x-codeSamples items and non-array values', () => {
    const malformed = [
      null,
      'curl -X GET',
      { lang: 'Python' },
      { lang: 'Python', source: 42 },
      { lang: 'Ruby', source: '' },
      { source: 'no language' },
      { lang: 'Go', label: 7, source: 'pets.List()' },
    ];
    const samples = generateCodeSamples(getPets, malformed);
    expect(samples.map((s) => s.lang)).toEqual(NINE.map(([lang]) => lang));
    expect(sample(samples, 'python')).toContain('import requests');
    expect(sample(samples, 'ruby')).toContain("require 'net/http'");
    expect(samples[5]).toMatchObject({ lang: 'go', label: 'Go', code: 'pets.List()' });
    expect(generateCodeSamples(getPets, { lang: 'Python', source: 'x' })).toHaveLength(9);
    expect(generateCodeSamples(getPets, 'nonsense')).toHaveLength(9);
  });

  it('keeps keys unique when the spec has two samples for one language', () => {
    const samples = generateCodeSamples(getPets, [
      { lang: 'Python', source: 'first' },
      { lang: 'python', label: 'Python (async)', source: 'second' },
    ]);
    expect(sample(samples, 'python')).toBe('first');
    expect(samples[9]).toMatchObject({ lang: 'python-2', label: 'Python (async)', highlight: 'python', code: 'second' });
  });

  // --- bodies that are not JSON (the requests a page builds are in test/openapi/requests.test.ts)

  const upload = (method: string, form: NonNullable<SampleRequest['body']>['form']): SampleRequest => ({
    method,
    url: 'https://api.example.com/v1/files',
    query: [],
    headers: [apiKey],
    body: { mimeType: 'multipart/form-data', text: '', form },
  });

  it('sends a repeated multipart field as a list in PowerShell and as repeated parts elsewhere', () => {
    const samples = generateCodeSamples(upload('post', [
      { name: 'tag', value: 'a' },
      { name: 'tag', value: 'b' },
      { name: 'doc', value: '', fileName: 'doc.pdf' },
    ]));
    expect(sample(samples, 'powershell')).toContain("  'tag' = @('a', 'b')\n  'doc' = Get-Item -Path 'doc.pdf'");
    expect(sample(samples, 'curl')).toContain("--form tag=a \\\n  --form tag=b \\\n  --form doc='@doc.pdf'");
    expect(sample(samples, 'java')).toContain('  .field("tag", "a")\n  .field("tag", "b")\n  .field("doc", new File("doc.pdf"))');
    // Without a media type for the file, no language invents one.
    for (const lang of ['node', 'php', 'csharp', 'ruby', 'java']) expect(sample(samples, lang), lang).not.toMatch(/image\/|application\/pdf/);
  });

  it('writes multipart samples for methods without a shortcut in each client', () => {
    const samples = generateCodeSamples(upload('report', [{ name: 'f', value: '', fileName: 'f.bin' }]));
    expect(sample(samples, 'java')).toContain('Unirest.request("REPORT", "https://api.example.com/v1/files")');
    expect(sample(samples, 'ruby')).toContain("Net::HTTPGenericRequest.new('REPORT', true, true, url)");
    expect(sample(samples, 'powershell')).toContain('-CustomMethod REPORT');
    expect(sample(samples, 'csharp')).toContain('new HttpMethod("REPORT")');
  });

  it('omits the os import in Go when a multipart form has no file', () => {
    const go = sample(generateCodeSamples(upload('post', [{ name: 'title', value: 'x' }])), 'go');
    expect(go).not.toContain('"os"');
    expect(go).toContain('writer.WriteField("title", "x")');
  });

  it('escapes quotes, backslashes and newlines in form values for each language', () => {
    const value = 'it\'s "a"\\\nb';
    const samples = generateCodeSamples({ ...upload('post', [{ name: 'n', value }]), body: { mimeType: 'application/x-www-form-urlencoded', text: '', form: [{ name: 'n', value }] } });
    expect(sample(samples, 'node')).toContain(`form.append('n', 'it\\'s "a"\\\\\\nb');`);
    const multipart = generateCodeSamples(upload('post', [{ name: 'n', value }]));
    expect(sample(multipart, 'node')).toContain(`form.append('n', 'it\\'s "a"\\\\\\nb');`);
    expect(sample(multipart, 'csharp')).toContain('new StringContent("it\'s \\"a\\"\\\\\\nb")');
    expect(sample(multipart, 'powershell')).toContain(`'n' = 'it''s "a"\\\nb'`);
  });

  it('sends a binary body from a file with its Content-Type, in every language', () => {
    const samples = generateCodeSamples({ method: 'put', url: 'https://api.example.com/v1/blob', query: [], headers: [], body: { mimeType: 'application/octet-stream', text: '', file: 'file.bin' } });
    for (const [lang] of NINE) {
      expect(sample(samples, lang!), lang).toContain('file.bin');
      expect(sample(samples, lang!), lang).toContain('application/octet-stream');
      expect(sample(samples, lang!), lang).not.toContain('DOCSGEN_FILE_BODY');
    }
    expect(sample(samples, 'node').startsWith("import fs from 'node:fs';\n\n")).toBe(true);
  });
});
