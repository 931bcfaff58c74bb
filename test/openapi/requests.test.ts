// What operation and overview pages say about requests: code samples that send every kind of
// body, servers with their variables, security in full, examples as their media type shows them,
// and the extensions readers rely on (x-codeSamples, x-enumDescriptions/x-enum-varnames, x-logo).
// Most tests build fixtures/specs/requests.yaml (the Kennel API) once.
import fs from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevApi } from '../../fixtures/dev-api';
import { buildFiles, configSource, repoRoot, type Fixture } from '../helpers/fixture';

const LANGS = ['curl', 'node', 'php', 'python', 'csharp', 'go', 'ruby', 'java', 'powershell'] as const;
const apiSite = (spec: string) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://kennel.example/openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
  'openapi.yaml': spec,
});
const samples = ($: CheerioAPI): Record<string, string> =>
  Object.fromEntries($('[data-tab-group="code-samples"] .tab-panel').map((_, panel) => [[$(panel).attr('data-tab')!, $(panel).find('code').text()]]).get());

let kennel: Fixture;
beforeAll(async () => {
  kennel = await buildFiles(apiSite(fs.readFileSync(path.join(repoRoot, 'fixtures/specs/requests.yaml'), 'utf8')));
}, 60_000);

describe('code samples send every body', () => {
  it('a multipart upload: every language sends the file from disk and the text field', () => {
    const s = samples(kennel.$('api/upload-photo/index.html'));
    expect(Object.keys(s).slice(0, 9)).toEqual([...LANGS]);
    const file: Record<(typeof LANGS)[number], string> = {
      curl: "--form photo='@photo.png'",
      node: "form.append('photo', new Blob([fs.readFileSync('photo.png')], { type: 'image/png' }), 'photo.png');",
      php: "'photo' => new CURLFile('photo.png', 'image/png'),",
      python: '"photo": ("photo.png", open("photo.png", "rb"), "image/png")',
      csharp: 'new ByteArrayContent(File.ReadAllBytes("photo.png"))',
      go: 'writer.CreateFormFile("photo", "photo.png")',
      ruby: "['photo', File.open('photo.png'), { filename: 'photo.png', content_type: 'image/png' }]",
      java: '.field("photo", new File("photo.png"), "image/png")',
      powershell: "'photo' = Get-Item -Path 'photo.png'",
    };
    const caption: Record<(typeof LANGS)[number], string> = {
      curl: "--form 'caption=Rex'\\''s best side'",
      node: "form.append('caption', 'Rex\\'s best side');",
      php: "'caption' => 'Rex\\'s best side',",
      python: '"caption": "Rex\'s best side"',
      csharp: 'form.Add(new StringContent("Rex\'s best side"), "caption");',
      go: 'writer.WriteField("caption", "Rex\'s best side")',
      ruby: "['caption', 'Rex\\'s best side']",
      java: '.field("caption", "Rex\'s best side")',
      powershell: "'caption' = 'Rex''s best side'",
    };
    for (const lang of LANGS) {
      expect(s[lang], lang).toContain(file[lang]);
      expect(s[lang], lang).toContain(caption[lang]);
      // No language sends the multipart body as one literal string with an empty file part.
      expect(s[lang], lang).not.toContain('Content-Disposition');
    }
  });

  it('a form-encoded body: every language sends each field', () => {
    const s = samples(kennel.$('api/add-note/index.html'));
    const expected: Record<(typeof LANGS)[number], string[]> = {
      curl: ["--data-urlencode 'note=Likes walks & treats'", '--data-urlencode mood=happy'],
      node: ["form.append('note', 'Likes walks & treats');", "form.append('mood', 'happy');"],
      php: ['CURLOPT_POSTFIELDS => "note=Likes%20walks%20%26%20treats&mood=happy"'],
      python: ['"note": "Likes walks & treats"', '"mood": "happy"'],
      csharp: ['{ "note", "Likes walks & treats" },', '{ "mood", "happy" },'],
      go: ['strings.NewReader("note=Likes%20walks%20%26%20treats&mood=happy")'],
      ruby: ['request.body = "note=Likes%20walks%20%26%20treats&mood=happy"'],
      java: ['.body("note=Likes%20walks%20%26%20treats&mood=happy")'],
      powershell: ["-Body 'note=Likes%20walks%20%26%20treats&mood=happy'"],
    };
    for (const lang of LANGS) for (const text of expected[lang]) expect(s[lang], lang).toContain(text);
  });

  it('an XML body: written from the schema, sent by every language', () => {
    const s = samples(kennel.$('api/replace-pet-xml/index.html'));
    expect(s.curl).toContain("--data '<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<k:pet xmlns:k=\"https://kennel.example/ns\" id=\"7\">\n  <name>Rex &amp; &lt;Friends&gt;</name>");
    for (const lang of LANGS) expect(s[lang], lang).toMatch(/<k:pet xmlns:k=\\?"https:\/\/kennel.example\/ns\\?" id=\\?"7\\?">/);
  });

  it('a binary body: every language sends the file', () => {
    const s = samples(kennel.$('api/put-avatar/index.html'));
    const expected: Record<(typeof LANGS)[number], string> = {
      curl: '--data-binary @file.png',
      node: "body: fs.readFileSync('file.png')",
      php: 'CURLOPT_POSTFIELDS => file_get_contents("file.png"),',
      python: 'payload = open("file.png", "rb")',
      csharp: 'Content = new ByteArrayContent(File.ReadAllBytes("file.png"))',
      go: 'payload, _ := os.Open("file.png")',
      ruby: 'request.body = File.binread("file.png")',
      java: '.body(Files.readAllBytes(Paths.get("file.png")))',
      powershell: "-InFile 'file.png'",
    };
    for (const lang of LANGS) {
      expect(s[lang], lang).toContain(expected[lang]);
      expect(s[lang], lang).toContain('image/png');
    }
    // Go's import list follows: os in, strings (no longer used) out.
    expect(s.go).toContain('\t"os"\n');
    expect(s.go).not.toContain('"strings"');
  });
});

describe('servers', () => {
  it('substitutes server variables with their defaults, with one slash before the path', () => {
    const $ = kennel.$('api/upload-photo/index.html');
    expect($('.operation-url').text()).toBe('https://eu-west.kennel.example/v2/pets/{petId}/photo');
    const s = samples($);
    for (const lang of LANGS) {
      expect(s[lang], lang).toContain('https://eu-west.kennel.example/v2/pets/42/photo');
      expect(s[lang], lang).not.toMatch(/%7B|\{region\}|v2\/\/pets/);
    }
  });

  it('lists every server on the overview with its variables, and says when a server is a path', () => {
    const $ = kennel.$('api/kennel-api/index.html');
    const servers = $('.server-list > li');
    expect(servers.length).toBe(2);
    expect(servers.eq(0).children('code').first().text()).toBe('https://eu-west.kennel.example/v2');
    expect(servers.eq(0).find('.server-template').text()).toBe('https://{region}.kennel.example/{version}/');
    const rows = servers.eq(0).find('.server-variables tbody tr').map((_, tr) => [$(tr).find('td').map((__, td) => $(td).text().trim()).get()]).get();
    expect(rows).toEqual([
      ['{region}', 'eu-west', 'eu-west, us-east', 'Where your data lives'],
      ['{version}', 'v2', '', ''],
    ]);
    expect(servers.eq(1).children('code').first().text()).toBe('/sandbox');
    expect(servers.eq(1).find('.server-note').text()).toContain('relative to the host that serves the API');
    expect(servers.eq(0).find('.server-note').length).toBe(0);
  });

  const relativeSpec = `openapi: 3.0.3
info: { title: Relative, version: '1' }
servers:
  - url: /v2/
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200': { description: OK }
`;

  it('resolves a relative server against the URL the spec was fetched from', async () => {
    const api = await startDevApi({ port: 0, body: relativeSpec });
    try {
      const f = await buildFiles(apiSite('unused: true'), { spec: `${api.url}/docs/yaml` });
      const s = samples(f.$('api/list-items/index.html'));
      expect(s.curl).toContain(`--url ${api.url}/v2/items`);
      expect(f.$('api/relative/index.html')('.server-list code').first().text()).toBe(`${api.url}/v2`);
      expect(f.$('api/relative/index.html')('.server-note').length).toBe(0);
    } finally {
      await api.close();
    }
  }, 30_000);

  it('keeps a relative server of a spec file as a path, calling it on a placeholder host in samples', async () => {
    const f = await buildFiles(apiSite(relativeSpec));
    const $ = f.$('api/list-items/index.html');
    expect($('.operation-url').text()).toBe('/v2/items');
    expect(samples($).curl).toContain('--url https://api.example.com/v2/items');
    expect(f.$('api/relative/index.html')('.server-note').text()).toContain('https://api.example.com');
  });
});

describe('what real specs write', () => {
  it('never prints // from a variable holding a slash or an empty path value; sends base64 and binary-as-JSON bodies', async () => {
    const f = await buildFiles(apiSite(`openapi: 3.0.3
info: { title: Odd, version: '1' }
servers:
  - url: https://cloud.example/{basePath}
    variables:
      basePath: { default: /api/v1/ }
paths:
  /orders/{type}/lines:
    post:
      operationId: writeLines
      parameters:
        - { name: type, in: path, required: true, schema: { type: string }, example: '' }
      requestBody:
        content:
          text/plain:
            schema: { type: string, format: byte }
      responses:
        '204': { description: OK }
  /images:
    post:
      operationId: postImage
      requestBody:
        content:
          application/json:
            schema: { type: string, format: binary }
      responses:
        '204': { description: OK }
`));
    const lines = samples(f.$('api/write-lines/index.html'));
    expect(lines.curl).toContain('--url https://cloud.example/api/v1/orders/type/lines');
    expect(lines.curl).toContain("--data BASE64_ENCODED_DATA");
    expect(f.$('api/write-lines/index.html')('.operation-url').text()).toBe('https://cloud.example/api/v1/orders/{type}/lines');
    const image = samples(f.$('api/post-image/index.html'));
    expect(image.curl).toContain('--data-binary @file.json');
    expect(image.python).toContain('payload = open("file.json", "rb")');
  });

  it('shortens a long XML or text body at a line end, saying so in the sample', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `  <row n="${i}">value ${i}</row>`).join('\n');
    const f = await buildFiles(apiSite(`openapi: 3.0.3
info: { title: Bulk, version: '1' }
paths:
  /rows:
    post:
      operationId: postRows
      requestBody:
        content:
          text/xml:
            example: ${JSON.stringify(`<rows>\n${rows}\n</rows>`)}
      responses:
        '204': { description: OK }
`));
    const curl = samples(f.$('api/post-rows/index.html')).curl;
    expect(curl.split('\n')[0]).toBe('# The request body is shortened for this sample.');
    const body = curl.slice(curl.indexOf("--data '") + 8, curl.lastIndexOf("'"));
    expect(body.length).toBeLessThanOrEqual(4000);
    expect(body.startsWith('<rows>\n  <row n="0">value 0</row>')).toBe(true);
    expect(body.endsWith('</row>')).toBe(true);
  });

  it('treats a media type written as a multipart field format (audio/x-wav) as a file part', async () => {
    const f = await buildFiles(apiSite(`openapi: 3.0.3
info: { title: Voice, version: '1' }
paths:
  /announcements:
    post:
      operationId: addAnnouncement
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                file: { type: string, format: audio/x-wav }
      responses:
        '201': { description: OK }
`));
    const s = samples(f.$('api/add-announcement/index.html'));
    expect(s.curl).toContain("--form file='@file.wav'");
    expect(s.python).toContain('"file": ("file.wav", open("file.wav", "rb"), "audio/x-wav")');
  });
});

describe('security', () => {
  it('describes every scheme on the overview: OAuth2 flows with URLs and scopes, OpenID Connect, mutual TLS, API keys, HTTP', () => {
    const $ = kennel.$('api/kennel-api/index.html');
    const scheme = (id: string) => $(`section:has(> h3#${id})`);
    const oauth = scheme('auth-petauth');
    expect(oauth.find('.schema-facts dd').first().text()).toBe('OAuth 2.0');
    const code = oauth.find('.oauth-flow[data-flow="authorizationCode"]');
    expect(code.find('h4').text()).toBe('Flow: Authorization code');
    expect(code.find('dl a').map((_, a) => $(a).attr('href')).get()).toEqual(['https://auth.kennel.example/authorize', 'https://auth.kennel.example/token', 'https://auth.kennel.example/refresh']);
    expect(code.find('.oauth-scopes tbody tr').map((_, tr) => [$(tr).find('td').map((__, td) => $(td).text()).get()]).get()).toEqual([
      ['pets:read', 'Read your pets'],
      ['pets:write', 'Change your pets'],
    ]);
    expect(oauth.find('.oauth-flow[data-flow="clientCredentials"]').text()).toContain('No scopes.');
    expect(scheme('auth-oidc').find('a').attr('href')).toBe('https://auth.kennel.example/.well-known/openid-configuration');
    expect(scheme('auth-oidc').text()).toContain('OpenID Connect');
    expect(scheme('auth-mtls').text()).toContain('Mutual TLS');
    expect(scheme('auth-session').text()).toContain('API key in the cookie "kennel_session"');
    expect(scheme('auth-jwt').text()).toContain('HTTP bearer (JWT)');
    expect(scheme('auth-jwt').text()).toContain('Bearer formatJWT');
  });

  it('shows on an operation its alternatives, the schemes each combines, their scopes, linked to the overview', () => {
    const $ = kennel.$('api/upload-photo/index.html');
    const items = $('.operation-security .security-alternatives > li');
    expect(items.length).toBe(2);
    expect(items.eq(0).text()).toBe('petAuth (OAuth 2.0) — scopes: pets:write, pets:read and jwt (HTTP bearer (JWT))');
    expect(items.eq(1).text()).toBe('or oidc (OpenID Connect) — scopes: openid');
    expect(items.find('a').map((_, a) => $(a).attr('href')).get()).toEqual(['/api/kennel-api#auth-petauth', '/api/kennel-api#auth-jwt', '/api/kennel-api#auth-oidc']);
    expect($('.operation-security .security-optional').text()).toBe('Authentication is optional.');
    for (const href of items.find('a').map((_, a) => $(a).attr('href')).get()) {
      expect(kennel.$('api/kennel-api/index.html')(`[id="${href.split('#')[1]}"]`).length, href).toBe(1);
    }
  });

  it('shows scheme URLs that are not http(s) as text, never as links, and scopes as text', async () => {
    const f = await buildFiles(apiSite(`openapi: 3.0.3
info: { title: Hostile, version: '1' }
components:
  securitySchemes:
    evil:
      type: oauth2
      description: plain
      flows:
        implicit:
          authorizationUrl: 'javascript:alert(1)'
          scopes:
            '<img src=x onerror=alert(1)>': '<script>alert(2)</script>'
    oidc:
      type: openIdConnect
      openIdConnectUrl: 'data:text/html,<script>alert(3)</script>'
security:
  - evil: ['<img src=x onerror=alert(1)>']
paths:
  /x:
    get:
      operationId: getX
      responses:
        '200': { description: OK }
`));
    for (const page of ['api/hostile/index.html', 'api/get-x/index.html']) {
      const $ = f.$(page);
      expect($('a[href^="javascript:"], a[href^="data:"], img[onerror]').length, page).toBe(0);
      expect(f.read(page), page).not.toMatch(/<script>alert|<img src=x/);
    }
    const $ = f.$('api/hostile/index.html');
    expect($('.oauth-flow dd code').first().text()).toBe('javascript:alert(1)');
    expect($('.oauth-scopes td').map((_, td) => $(td).text()).get()).toEqual(['<img src=x onerror=alert(1)>', '<script>alert(2)</script>']);
    expect(f.$('api/get-x/index.html')('.operation-security code').text()).toBe('<img src=x onerror=alert(1)>');
  });

  it('puts the right credential placeholder in the samples: OAuth2 bearer token, API key cookie, a note for mutual TLS', () => {
    expect(samples(kennel.$('api/upload-photo/index.html')).curl).toContain("--header 'Authorization: Bearer YOUR_ACCESS_TOKEN'");
    const cookie = samples(kennel.$('api/add-note/index.html'));
    expect(cookie.curl).toContain("--header 'Cookie: kennel_session=YOUR_API_KEY'");
    expect(cookie.python).toContain('"Cookie": "kennel_session=YOUR_API_KEY"');
    const tls = samples(kennel.$('api/replace-pet-xml/index.html'));
    expect(tls.curl.split('\n')[0]).toBe('# This API authenticates with a client certificate (mutual TLS): configure your client with it.');
    expect(tls.curl).not.toContain('Authorization');
  });
});

describe('examples', () => {
  it('shows a JSON example written as a string as the JSON it holds, and a string that is not JSON as it is', () => {
    const created = kennel.$('api/create-pet/index.html')('#response-201 .code-block code').text();
    expect(JSON.parse(created)).toEqual({ name: 'Rex', petType: 'dog', barkVolume: 11 });
    expect(created).toContain('\n  "barkVolume": 11\n');
    const $ = kennel.$('api/list-pets/index.html');
    expect($('#response-200 .code-block code').map((_, c) => $(c).text()).get()).toEqual(['not json: {', 'not json: {']);
  });

  it('writes XML examples for XML media types, from the schema xml hints', () => {
    const $ = kennel.$('api/replace-pet-xml/index.html');
    const block = $('#response-200 .code-block');
    expect(block.attr('data-language')).toBe('xml');
    expect(block.find('code').text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<k:pet xmlns:k="https://kennel.example/ns" id="7">\n  <name>Rex &amp; &lt;Friends&gt;</name>\n  <photoUrls>\n    <photoUrl>https://img.example/1.png</photoUrl>\n  </photoUrls>\n</k:pet>',
    );
  });

  it('honours a discriminator on a base schema: subtypes as variants by value, the example one subtype', () => {
    const $ = kennel.$('api/create-pet/index.html');
    const body = $('#request-body');
    expect(body.find('.schema-discriminator').first().text()).toContain('cat → Cat');
    expect(body.find('.schema-discriminator').first().text()).toContain('dog → Dog');
    expect(body.find('.tab-label').map((_, l) => $(l).text()).get()).toEqual(expect.arrayContaining(['Cat', 'Dog']));
    expect(body.find('.schema-name').map((_, n) => $(n).text().trim()).get()).toEqual(expect.arrayContaining(['purrs', 'barkVolume']));
    const example = JSON.parse(body.find('.code-block code').first().text());
    expect(example).toEqual({ name: 'Rex', petType: 'cat', purrs: true });
  });
});

describe('spec extensions', () => {
  it('shows x-codeSamples as extra tabs with their label, after the generated ones, as text', () => {
    const $ = kennel.$('api/create-pet/index.html');
    expect($('[data-tab-group="code-samples"] .tab-label').last().text()).toBe('Rust (reqwest)');
    const rust = $('[data-tab-group="code-samples"] .tab-panel[data-tab="rust"]');
    expect(rust.find('code').text()).toBe('let client = reqwest::Client::new(); // <script>');
    expect(rust.find('script').length).toBe(0);
    expect(Object.keys(samples($)).slice(0, 9)).toEqual([...LANGS]);
  });

  it('shows x-enumDescriptions (object) and x-enum-varnames with x-enum-descriptions (lists) next to each value', () => {
    const note = kennel.$('api/add-note/index.html');
    expect(note('.schema-enum li').map((_, li) => note(li).text().trim()).get()).toEqual(['happyWags its tail', 'sleepyNeeds a nap']);
    const $ = kennel.$('api/list-pets/index.html');
    expect($('.schema-enum li').map((_, li) => [[$(li).find('code').first().text(), $(li).find('.schema-enum-name').text(), $(li).find('.schema-enum-description').text().trim()]]).get()).toEqual([
      ['S', 'SMALL', 'Lap dog'],
      ['M', 'MEDIUM', 'Medium dog'],
      ['L', 'LARGE', 'Big dog'],
    ]);
  });

  it('shows x-logo on the overview with escaped attributes, linked, on its background colour', () => {
    const html = kennel.read('api/kennel-api/index.html');
    expect(html).toContain('<img src="https://kennel.example/logo.png?size=2&amp;dark=&quot;no&quot;" alt="Kennel &lt;logo&gt; &amp; co"');
    const $ = kennel.$('api/kennel-api/index.html');
    expect($('.api-logo a').attr('href')).toBe('https://kennel.example/');
    expect($('.api-logo').attr('style')).toBe('background-color:#fafafa');
  });

  it('leaves out an x-logo whose URL is not http(s), and a link or colour that is not safe', async () => {
    const spec = (logo: string) => `openapi: 3.0.3
info:
  title: Logos
  version: '1'
  x-logo: ${logo}
paths: {}
`;
    const bad = await buildFiles(apiSite(spec('{ url: "javascript:alert(1)", altText: x }')));
    expect(bad.$('api/logos/index.html')('.api-logo').length).toBe(0);
    const half = await buildFiles(apiSite(spec('{ url: "https://l.example/a.svg", href: "javascript:alert(1)", backgroundColor: "red; background-image: url(https://evil.example)" }')));
    const $ = half.$('api/logos/index.html');
    expect($('.api-logo img').attr('src')).toBe('https://l.example/a.svg');
    expect($('.api-logo a').length).toBe(0);
    expect($('.api-logo').attr('style')).toBeUndefined();
  });
});

afterAll(() => {
  if (kennel) fs.rmSync(kennel.dir, { recursive: true, force: true });
});
