// The try-it console's pure parts: the schema checks run before sending, parameter parsing,
// the request built from what the reader typed, and credentials on the wire.
import { describe, expect, it } from 'vitest';
import { buildRequest, readBody, viaProxy } from '../../../src/client/tryIt/request';
import { parseParameter, validate } from '../../../src/client/tryIt/validate';
import { plainText } from '../../../src/client/tryIt/plainText';
import { credentialParts, expandServer, type TryItData, type TryItValues } from '../../../src/shared/tryIt';

describe('validate', () => {
  const definition = {
    type: 'object',
    required: ['layer', 'center'],
    additionalProperties: false,
    properties: {
      layer: { type: 'string', enum: ['radius', 'drive_time'] },
      name: { type: ['string', 'null'], maxLength: 5 },
      center: { type: 'object', required: ['lat'], properties: { lat: { type: 'number', minimum: -90, maximum: 90 } } },
      minutes: { type: 'integer', exclusiveMinimum: 4, multipleOf: 5 },
      tags: { type: 'array', maxItems: 2, uniqueItems: true, items: { type: 'string', pattern: '^[a-z]+$' } },
    },
  };

  it('accepts a valid value', () => {
    expect(validate({ layer: 'radius', name: null, center: { lat: 34 }, minutes: 10, tags: ['a'] }, definition)).toEqual([]);
  });

  it('names each failing field by its path', () => {
    expect(validate({ layer: 'circle', name: 'Echo Park', center: { lat: 91 }, minutes: 7, tags: ['a', 'a', 'B'], extra: 1 }, definition)).toEqual([
      { path: 'layer', message: 'must be one of "radius", "drive_time"' },
      { path: 'name', message: 'must be at most 5 characters long' },
      { path: 'center.lat', message: 'must be ≤ 90' },
      { path: 'minutes', message: 'must be a multiple of 5' },
      { path: 'tags', message: 'must have at most 2 items' },
      { path: 'tags', message: 'must not repeat an item' },
      { path: 'tags[2]', message: 'must match the pattern ^[a-z]+$' },
      { path: 'extra', message: 'is not a known field' },
    ]);
    expect(validate({ center: {} }, definition)).toEqual([
      { path: 'layer', message: 'is required' },
      { path: 'center.lat', message: 'is required' },
    ]);
    expect(validate('radius', definition)).toEqual([{ path: '', message: 'must be an object', type: true }]);
  });

  it('checks OpenAPI 3.0 nullable and exclusive bounds, and anyOf by the closest alternative', () => {
    expect(validate(null, { type: 'string', nullable: true })).toEqual([]);
    expect(validate(0, { type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual([{ path: '', message: 'must be > 0' }]);
    expect(validate(2.5, { type: 'integer' })).toEqual([{ path: '', message: 'must be a whole number', type: true }]);
    expect(validate({ radius_m: 50 }, { anyOf: [{ type: 'string' }, { type: 'object', properties: { radius_m: { minimum: 100 } } }] })).toEqual([{ path: 'radius_m', message: 'must be ≥ 100' }]);
  });
});

describe('parseParameter', () => {
  it('reads a parameter’s text as its schema’s type', () => {
    expect(parseParameter('34.5', { type: 'number' })).toBe(34.5);
    expect(parseParameter('ten', { type: 'integer' })).toBe('ten');
    expect(parseParameter('city, zip', { type: 'array', items: { type: 'string' } })).toEqual(['city', 'zip']);
    expect(parseParameter('1,2', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2]);
    expect(parseParameter('true', { type: 'boolean' })).toBe(true);
    expect(parseParameter('{"a":1}', { type: 'object' })).toEqual({ a: 1 });
  });
});

describe('buildRequest', () => {
  const data: TryItData = {
    method: 'POST',
    path: '/v1/things/{thing_id}',
    servers: [{ url: 'https://{env}.example.com', variables: { env: { default: 'sandbox' } } }],
    parameters: [
      { name: 'thing_id', in: 'path', required: true },
      { name: 'tags', in: 'query', required: false, schema: { type: 'array' } },
      { name: 'layers', in: 'query', required: false, schema: { type: 'array' }, explode: false },
    ],
    body: { mediaType: 'application/json', required: true, examples: [] },
    security: { alternatives: [], optional: true },
  };
  const values = (over: Partial<TryItValues> = {}): TryItValues => ({
    server: expandServer(data.servers[0]!),
    path: { thing_id: 'a/b c' },
    query: { tags: 'x,y', layers: 'city,zip' },
    headers: { 'x-trace': '1' },
    cookies: {},
    body: '{"a":1}',
    credentials: { headers: {}, query: {}, cookies: {} },
    showSecrets: false,
    ...over,
  });

  it('fills the path, serialises lists by explode, and sends the body with its media type', () => {
    const request = buildRequest(data, values());
    expect(request.url).toBe('https://sandbox.example.com/v1/things/a%2Fb%20c?tags=x&tags=y&layers=city%2Czip');
    expect(request.init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'omit', headers: { 'x-trace': '1', 'Content-Type': 'application/json' } });
  });

  it('puts credentials where their scheme says, masked in the URL shown', () => {
    const credentials = credentialParts(
      [
        { key: 'Key', kind: 'apiKey', in: 'query', name: 'api_key' },
        { key: 'Basic', kind: 'basic' },
      ],
      { Key: { kind: 'apiKey', value: 's3cret' }, Basic: { kind: 'basic', username: 'ana', password: 'pässword' } },
    );
    expect(credentials.headers.Authorization).toBe(`Basic ${Buffer.from('ana:pässword', 'utf8').toString('base64')}`);
    const request = buildRequest(data, values({ query: {}, credentials }));
    expect(request.url).toContain('api_key=s3cret');
    expect(request.shownUrl).not.toContain('s3cret');
    expect(request.init.headers.Authorization).toMatch(/^Basic /);
  });

  it('goes through the proxy, encoding the target after "="', () => {
    expect(buildRequest({ ...data, proxyUrl: 'https://proxy.example.com/?url=' }, values({ query: {} })).url).toBe(`https://proxy.example.com/?url=${encodeURIComponent('https://sandbox.example.com/v1/things/a%2Fb%20c')}`);
    expect(viaProxy('https://cors.example.com/', 'https://api.example.com/x')).toBe('https://cors.example.com/https://api.example.com/x');
  });

  it("reads a spec's path and server URL built to backtrack at once: `{` left open, slashes not at the end", () => {
    const path = `/v1/things/{thing_id}/${'{'.repeat(100_000)}`;
    const server = `https://api.example.com${'/'.repeat(100_000)}x//`;
    const start = performance.now();
    const request = buildRequest({ ...data, path }, values({ server, query: {} }));
    // Before: 4.1 s for the braces' pattern and 3.8 s for the slashes' (`\/+$`), each scanning on from every one.
    expect(performance.now() - start).toBeLessThan(5_000);
    expect(request.url).toBe(`https://api.example.com${'/'.repeat(100_000)}x/v1/things/a%2Fb%20c/${'{'.repeat(100_000)}`);
    expect(expandServer({ url: `https://{env}.example.com/${'{'.repeat(100_000)}`, variables: { env: { default: 'sandbox' } } })).toBe(`https://sandbox.example.com/${'{'.repeat(100_000)}`);
  });
});

describe('readBody', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  it('pretty-prints JSON, shows text and images, and offers other bytes as a download', () => {
    expect(readBody(bytes('{"a":[1]}'), 'application/json; charset=utf-8', 'https://x.example/a')).toEqual({ kind: 'json', text: '{\n  "a": [\n    1\n  ]\n}' });
    expect(readBody(bytes('{"a":'), 'application/problem+json', 'https://x.example/a')).toEqual({ kind: 'text', text: '{"a":' });
    expect(readBody(bytes('<a/>'), 'application/xml', 'https://x.example/a')).toEqual({ kind: 'text', text: '<a/>' });
    expect(readBody(new ArrayBuffer(0), 'application/json', 'https://x.example/a')).toEqual({ kind: 'empty' });
    const image = readBody(bytes('PNG'), 'image/png', 'https://x.example/map.png');
    expect(image.kind).toBe('image');
    expect((image as { url: string }).url).toMatch(/^blob:/);
    const file = readBody(bytes('\u0000\u0001'), 'application/vnd.mapbox-vector-tile', 'https://x.example/tiles/14/2809/6540.mvt?x=1');
    expect(file).toMatchObject({ kind: 'binary', name: '6540.mvt' });
  });
});

describe("plainText: a description as the console's hint", () => {
  it('drops code ticks, emphasis and link targets, one level of parentheses in a URL included', () => {
    expect(plainText('Use **your** `api_key`; see [the keys page](https://example.test/keys_(v2)) or __support__.')).toBe('Use your api_key; see the keys page or support.');
    expect(plainText('[a [nested] link](x) stays')).toBe('[a [nested] link](x) stays');
  });

  it('untrusted text that once cost its length squared (`[a](` repeated) is read at once', () => {
    const text = '[a]('.repeat(250_000);
    const start = performance.now();
    expect(plainText(text)).toBe(text);
    // Each `[` scanned to the end of the text: 92 s for this megabyte before, in Node.
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
