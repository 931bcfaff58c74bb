// A code sample's URL is put back into its shape's highlighting instead of the whole sample being
// highlighted again (src/content/plugins/highlight.ts). A reader must not see the difference: every
// sample is compared with what highlight.js itself writes for it, in an instance of its own.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import csharp from 'highlight.js/lib/languages/csharp';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import php from 'highlight.js/lib/languages/php';
import powershell from 'highlight.js/lib/languages/powershell';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import typescript from 'highlight.js/lib/languages/typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlight, MAX_HIGHLIGHTED_CHARS } from '../../../src/content/plugins/highlight';
import { generateCodeSamples } from '../../../src/openapi/codeSamples';
import type { SampleRequest } from '../../../src/openapi/types';

const reference = hljs.newInstance();
for (const [name, lang] of Object.entries({ bash, csharp, go, java, javascript, php, powershell, python, ruby, typescript })) reference.registerLanguage(name, lang);
const byHighlightJs = (code: string, language: string) => reference.highlight(code, { language, ignoreIllegals: true }).value;

const get = (url: string, query: SampleRequest['query'] = []): SampleRequest => ({
  method: 'GET',
  url,
  query,
  headers: [
    { name: 'Accept', value: 'application/json' },
    { name: 'Authorization', value: 'Bearer <token>' },
  ],
});
const post = (url: string, body: string): SampleRequest => ({ ...get(url), method: 'POST', body: { mimeType: 'application/json', text: body } });

/** Every generated sample of `request`, highlighted by docsgen and by highlight.js. */
function compared(request: SampleRequest) {
  return generateCodeSamples(request).map((s) => ({ lang: s.lang, code: s.code, ours: highlight(s.code, s.highlight), theirs: byHighlightJs(s.code, s.highlight) }));
}

/** A small deterministic generator, so a failure names a reproducible URL. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

afterEach(() => vi.restoreAllMocks());

describe('content/plugins/highlight: code samples by shape', () => {
  it('writes highlight.js bytes for the samples of two operations that differ only in their URL', () => {
    const first = compared(get('https://api.hyperlocal.example/v1/parcels/par_7Hq2/zoning', [{ name: 'as_of', value: '2025-06-01' }]));
    const second = compared(get('https://api.hyperlocal.example/v1/neighbourhoods/nbh_51x/schools', [{ name: 'radius_m', value: '800' }, { name: 'level', value: 'primary' }]));
    for (const s of [...first, ...second]) expect(s.ours, `${s.lang}:\n${s.code}`).toBe(s.theirs);
    // The second operation's URL is in its samples, escaped as highlight.js escapes it.
    expect(second.find((s) => s.lang === 'node')!.ours).toContain('neighbourhoods/nbh_51x/schools?radius_m=800&amp;level=primary');
  });

  it('highlights a sample of a shape already seen without running highlight.js again', () => {
    compared(get('https://api.hyperlocal.example/v1/permits/prm_1'));
    const spy = vi.spyOn(hljs, 'highlight');
    const again = compared(get('https://api.hyperlocal.example/v1/permits/prm_2'));
    for (const s of again) expect(s.ours).toBe(s.theirs);
    // Every language but curl, whose URL is not quoted (`--url https://…`), so is highlighted whole.
    expect(spy.mock.calls.map(([code]) => code as string).filter((code) => code.includes('prm_2'))).toHaveLength(1);
    expect(spy.mock.calls[0]![0]).toMatch(/^curl /);
  });

  it('highlights whole a sample whose URL holds what a string may interpolate, escape or end at', () => {
    const awkward = [
      'https://api.hyperlocal.example/v1/search?q=$HOME',
      "https://api.hyperlocal.example/v1/o'brien-street",
      'https://api.hyperlocal.example/v1/a"b',
      'https://api.hyperlocal.example/v1/#{zone}',
      'https://api.hyperlocal.example/v1/${zone}/x',
      'https://api.hyperlocal.example/v1/{parcel_id}',
      'https://api.hyperlocal.example/v1/back\\slash',
      'https://api.hyperlocal.example/v1/with space',
      'https://api.hyperlocal.example/v1/tick`echo`',
      'https://api.hyperlocal.example/v1/<script>alert(1)</script>',
      'https://api.hyperlocal.example/v1/in/done/if/then',
      'https://api.hyperlocal.example/v1/caf%C3%A9?x=%24&y=(1)*[2]',
      'https://api.hyperlocal.example/v1/café',
      'https://docsgen.invalid/url',
      'http://localhost:8080/v1/parcels',
    ];
    for (const url of awkward) {
      for (const request of [get(url, [{ name: 'q', value: "it's $5 #{x}" }]), post(url, JSON.stringify({ note: 'https://example.org/a?b=1&c=2', price: 5 }, null, 2))]) {
        for (const s of compared(request)) expect(s.ours, `${s.lang} ${url}:\n${s.code}`).toBe(s.theirs);
      }
    }
  });

  it('writes highlight.js bytes for 300 generated URLs, in every language', () => {
    const rnd = random(42);
    const CHARS = [...'abcXYZ019-._~:/?&=+,;@!*()[]%', "'", '"', '$', '#', '{', '}', '\\', '`', ' ', 'é', '<', '>', '\n'];
    const segment = () => Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => CHARS[Math.floor(rnd() * CHARS.length)]).join('');
    for (let i = 0; i < 300; i++) {
      const url = `https://api.hyperlocal.example/v1/${segment()}/${segment()}`;
      const request = i % 3 === 0 ? post(url, JSON.stringify({ id: segment() })) : get(url, i % 2 ? [{ name: 'q', value: segment() }] : []);
      for (const s of compared(request)) expect(s.ours, `${s.lang} ${JSON.stringify(url)}:\n${s.code}`).toBe(s.theirs);
    }
  });

  it('writes highlight.js bytes for code blocks with URLs in comments, strings, template literals and bare code', () => {
    const blocks: [string, string][] = [
      ['javascript', "// See https://docs.hyperlocal.example/guides/auth\nconst res = await fetch(`https://api.hyperlocal.example/v1/parcels/${id}`);\nconst base = 'https://api.hyperlocal.example/v1';"],
      ['typescript', "const url: string = \"https://api.hyperlocal.example/v1/parcels\";\nconst other = 'https://api.hyperlocal.example/v1/parcels';"],
      ['python', "import requests\n# https://api.hyperlocal.example/v1\nr = requests.get(f\"https://api.hyperlocal.example/v1/parcels/{pid}\")\nu = r'https://api.hyperlocal.example/v1/raw'"],
      ['ruby', 'uri = URI("https://api.hyperlocal.example/v1/parcels")\nputs "#{uri} https://api.hyperlocal.example/v1/zones"'],
      ['php', '<?php\n$u = "https://api.hyperlocal.example/v1/parcels/$id";\n$v = \'https://api.hyperlocal.example/v1/parcels\';'],
      ['bash', 'curl "https://api.hyperlocal.example/v1/parcels" -H "Authorization: Bearer $TOKEN"\nopen https://api.hyperlocal.example/v1/in/for'],
      ['csharp', 'var a = new Uri("https://api.hyperlocal.example/v1/parcels");\nvar b = $"https://api.hyperlocal.example/v1/{id}";\nvar c = @"https://api.hyperlocal.example/v1/parcels";'],
      ['powershell', "Invoke-RestMethod -Uri 'https://api.hyperlocal.example/v1/parcels'\n$u = \"https://api.hyperlocal.example/v1/$id\""],
      // Outside a string a URL's words are code: `in` a keyword, `ls` a command.
      ['bash', 'curl https://api.hyperlocal.example/v1/parcels;ls\nwget https://api.hyperlocal.example/v1/in'],
      ['javascript', 'const u = https://api.hyperlocal.example/v1/in;'],
      ['go', 'u := https://api.hyperlocal.example/v1/if'],
    ];
    for (const [language, code] of blocks) expect(highlight(code, language), `${language}:\n${code}`).toBe(byHighlightJs(code, language));
  });
});

describe('code too long to colour', () => {
  it('is shown escaped, without highlight.js, above MAX_HIGHLIGHTED_CHARS; below it, highlighted', () => {
    const line = 'const parcel = { id: "pcl_1", area: 420 }; // <b>\n';
    const long = line.repeat(Math.ceil((MAX_HIGHLIGHTED_CHARS + 1) / line.length));
    const plain = highlight(long, 'js');
    expect(plain).not.toContain('hljs-');
    expect(plain).toContain('// &lt;b&gt;');
    expect(plain.length).toBeLessThan(long.length * 1.5); // highlighted, it is about six times the code
    const short = long.slice(0, MAX_HIGHLIGHTED_CHARS - (MAX_HIGHLIGHTED_CHARS % line.length));
    expect(highlight(short, 'js')).toContain('<span class="hljs-keyword">const</span>');
  });
});
