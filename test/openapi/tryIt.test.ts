// The try-it console's data files: written per operation only when `openapi.tryIt.enabled`,
// never for `x-try-it: false`, linked from the page's island, and holding what the console needs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFails, buildFiles, configSource, listFiles, repoRoot } from '../helpers/fixture';

const spec = fs.readFileSync(path.join(repoRoot, 'fixtures/specs/try-it.yaml'), 'utf8');
const site = (tryIt?: unknown) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', ...(tryIt === undefined ? {} : { tryIt }) } }),
  'openapi.yaml': spec,
});
const tryItFiles = (out: string) => listFiles(out).filter((f) => f.startsWith('assets/try-it/'));

describe('try-it data files', () => {
  it('are not written, and no console is offered, by default', async () => {
    const f = await buildFiles(site());
    expect(tryItFiles(f.result.config.outDir)).toEqual([]);
    expect(f.$('api/search-boundaries/index.html')('[data-island="TryIt"]').length).toBe(0);
  });

  it('are written per operation when enabled, except for x-try-it: false', async () => {
    const f = await buildFiles(site({ enabled: true }));
    const files = tryItFiles(f.result.config.outDir);
    expect(files.map((file) => file.replace(/\.[0-9a-f]{10}\.json$/, ''))).toEqual(['assets/try-it/create-virtual-boundary', 'assets/try-it/get-boundary', 'assets/try-it/search-boundaries', 'assets/try-it/vector-tile']);
    expect(f.$('api/delete-virtual-boundary/index.html')('[data-island="TryIt"]').length).toBe(0);
    expect(f.$('api/delete-virtual-boundary/index.html')('h1').text()).toBe('Delete a virtual boundary');
    const island = f.$('api/search-boundaries/index.html')('[data-island="TryIt"]');
    expect(island.attr('data-when')).toBe('interaction');
    const dataUrl = JSON.parse(island.attr('data-props')!).dataUrl as string;
    expect(dataUrl).toMatch(/^\/assets\/try-it\/search-boundaries\.[0-9a-f]{10}\.json$/);
    expect(island.find('button').text()).toContain('Try it');
  });

  it('hold servers with variables, pre-filled parameters, body examples, schemas and the API-key scheme', async () => {
    const f = await buildFiles(site({ enabled: true }));
    const read = (slug: string) => JSON.parse(f.read(tryItFiles(f.result.config.outDir).find((file) => file.startsWith(`assets/try-it/${slug}.`))!));
    const search = read('search-boundaries');
    expect(search.method).toBe('GET');
    expect(search.path).toBe('/v1/boundaries/search');
    expect(search.servers).toEqual([{ url: 'https://{environment}.hyperlocal.example', description: 'Hyperlocal hosts', variables: { environment: { default: 'sandbox', enum: ['sandbox', 'api'], description: 'sandbox takes hl_test_ keys, api takes hl_live_ keys.' } } }]);
    const byName = Object.fromEntries(search.parameters.map((p: { name: string }) => [p.name, p]));
    expect(byName.lat).toMatchObject({ in: 'query', required: true, value: '34.0782', schema: { type: 'number', minimum: -90, maximum: 90 } });
    expect(byName.layers).toMatchObject({ value: 'neighborhood,zip', examples: [{ label: 'Neighbourhood and ZIP', value: 'neighborhood,zip' }, { label: 'Cities only', value: 'city,postal_city' }], style: 'form', explode: false });
    expect(byName.limit.value).toBe('10');
    expect(search.security).toEqual({ alternatives: [{ schemes: [{ key: 'ApiKeyAuth', kind: 'apiKey', in: 'header', name: 'x-api-key', description: 'Your sandbox key (`hl_test_…`).' }] }], optional: false });
    const create = read('create-virtual-boundary');
    expect(create.body.mediaType).toBe('application/json');
    expect(create.body.examples.map((e: { label: string }) => e.label)).toEqual(['800 m around a point', '10-minute drive']);
    expect(JSON.parse(create.body.examples[0].text)).toEqual({ layer: 'radius', center: { lat: 34.0781, lng: -118.2606 }, radius_m: 800 });
    expect(create.body.schema).toMatchObject({ type: 'object', required: ['layer'], properties: { radius_m: { type: 'integer', minimum: 100, maximum: 5000 }, center: { required: ['lat', 'lng'] } } });
  });

  it('offer the configured servers and proxy instead of the spec’s', async () => {
    const f = await buildFiles(site({ enabled: true, proxyUrl: 'https://proxy.test.example/?url=', servers: [{ url: 'http://127.0.0.1:4010/', description: 'Local sandbox' }] }));
    const file = tryItFiles(f.result.config.outDir).find((p) => p.includes('/get-boundary.'))!;
    const data = JSON.parse(f.read(file));
    expect(data.servers).toEqual([{ url: 'http://127.0.0.1:4010', description: 'Local sandbox', variables: {} }]);
    expect(data.proxyUrl).toBe('https://proxy.test.example/?url=');
  });

  it('rejects a malformed tryIt config with the option’s path', async () => {
    const { error, messages } = await buildFails(site({ enabled: 'yes', proxyUrl: 'proxy.example.com' }));
    const text = messages.join('\n');
    expect(text).toContain('Invalid config: "openapi.tryIt.enabled" expected a boolean (true or false), got the string "yes"');
    expect(text).toContain('openapi.tryIt.proxyUrl');
    // Located at the option's line in the config (configSource prints one key per line).
    const enabled = error.diagnostics.find((d) => d.text.includes('openapi.tryIt.enabled'))!;
    expect(enabled.location?.file).toMatch(/docsgen\.config\.ts$/);
    const source = configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', tryIt: { enabled: 'yes', proxyUrl: 'proxy.example.com' } } }).split('\n');
    expect(source[enabled.location!.line! - 1]).toContain('"enabled": "yes"');
  });
});
