// Builds of the small spec fixtures in fixtures/specs/: each exercises one thing real specs do.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { load as loadYaml } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { startDevApi, type DevApi } from '../../fixtures/dev-api';
import { buildFails, buildFiles, configSource, htmlParseErrors, listFiles, repoRoot, writeFiles, type Fixture } from '../helpers/fixture';

const specFile = (name: string) => fs.readFileSync(path.join(repoRoot, 'fixtures/specs', name), 'utf8');
const apiSite = (spec: string, overrides: Record<string, unknown> = {}) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] }, ...overrides }),
  'openapi.yaml': spec,
});
const pages = (f: Fixture) => listFiles(f.result.config.outDir).filter((p) => p.startsWith('api/') && p.endsWith('.html'));

describe('spec fixtures', () => {
  it('renders circular references finitely, as "circular → Type" linking to the first expansion', async () => {
    const f = await buildFiles(apiSite(specFile('circular.yaml')));
    const $ = f.$('api/get-boundary-tree/index.html');
    const circular = $('.schema-circular').first();
    expect(circular.text()).toMatch(/^circular → \w+$/);
    const target = circular.find('a').attr('href')!;
    expect($(`[id="${target.slice(1)}"]`).length).toBe(1);
    expect($('.schema-circular a').map((_, a) => $(a).text()).get()).toEqual(expect.arrayContaining(['Boundary']));
    expect(f.$('api/list-zones/index.html')('.schema-circular a').map((_, a) => f.$('api/list-zones/index.html')(a).text()).get()).toEqual(expect.arrayContaining(['Zone']));
  });

  it('accepts Swagger 2.0, converting it to OpenAPI 3', async () => {
    const f = await buildFiles(apiSite(specFile('swagger2.yaml')));
    expect(pages(f)).toEqual(expect.arrayContaining(['api/list-permits/index.html', 'api/get-permit/index.html', 'api/create-permit-application/index.html']));
    const $ = f.$('api/create-permit-application/index.html');
    expect($('#request-body').length).toBe(1);
    expect($('[data-tab-group="code-samples"] .tab-panel[data-tab="curl"] code').text()).toContain('--data');
  });

  it('renders OpenAPI 3.1 type arrays as nullable or union types', async () => {
    const f = await buildFiles(apiSite(specFile('openapi31.yaml')));
    const types = pages(f).flatMap((p) => f.$(p)('.schema-type').map((_, t) => f.$(p)(t).text()).get());
    expect(types.some((t) => t.includes(' | '))).toBe(true);
    const nullable = pages(f).flatMap((p) => f.$(p)('.badge').map((_, b) => f.$(p)(b).text()).get());
    expect(nullable).toContain('nullable');
  });

  it('never overwrites a page when slugs collide: warns and suffixes', async () => {
    const f = await buildFiles(apiSite(specFile('collisions.yaml')));
    expect(pages(f)).toEqual(expect.arrayContaining(['api/parcel-records/index.html', 'api/parcel-records-2/index.html', 'api/get-parcel/index.html', 'api/get-parcel-2/index.html', 'api/delete-parcels-parcel-id-notes/index.html']));
    expect(f.$('api/get-parcel/index.html')('h1').text()).not.toBe(f.$('api/get-parcel-2/index.html')('h1').text());
    const dups = f.result.diagnostics.filter((d) => d.code === 'duplicate-route');
    expect(dups.length).toBe(3);
    expect(dups.every((d) => d.severity === 'warning' && d.location?.file.endsWith('openapi.yaml'))).toBe(true);
  });

  const splitSpec = () => ({
    ...apiSite(specFile('split/openapi.yaml')),
    'schemas/flood-risk.yaml': specFile('split/schemas/flood-risk.yaml'),
    'schemas/problem.yaml': specFile('split/schemas/problem.yaml'),
  });

  it('bundles $refs to other files, resolved from the folder of the spec', async () => {
    const f = await buildFiles(splitSpec());
    const $ = f.$('api/get-parcel-flood-risk/index.html');
    const fields = $('.schema-name').map((_, n) => $(n).text().trim()).get();
    expect(fields).toEqual(expect.arrayContaining(['parcelId', 'zone', 'band', 'panelEffectiveDate', 'title', 'status']));
    expect($.text()).toContain('When the flood map panel used took effect');
  });

  it('names the spec and the missing file when a $ref points to a file that does not exist', async () => {
    const { 'schemas/problem.yaml': _missing, ...files } = splitSpec();
    const { dir, error } = await buildFails(files);
    expect(error.diagnostics).toHaveLength(1);
    expect(error.diagnostics[0]).toMatchObject({ code: 'spec-ref-unresolved', severity: 'error', location: { file: path.join(dir, 'openapi.yaml') } });
    expect(error.diagnostics[0].text).toContain(path.join(dir, 'schemas', 'problem.yaml'));
  });

  it('never modifies the spec document (it is not copied): a deep-frozen spec builds the whole site', async () => {
    const freeze = (value: unknown): unknown => {
      if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const v of Object.values(value)) freeze(v);
      }
      return value;
    };
    const file = path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const document = freeze(loadYaml(text)) as Record<string, unknown>;
    const result = await build({ root: repoRoot, write: false, logger: createMemoryLogger(), specSource: { source: file, text, document } });
    expect(result.files.has('api/search-boundaries/index.html')).toBe(true);
  });

  it('fails on slug collisions under onDuplicateRoutes: "throw"', async () => {
    const { error } = await buildFails(apiSite(specFile('collisions.yaml'), { onDuplicateRoutes: 'throw' }));
    expect(error.diagnostics.filter((d) => d.code === 'duplicate-route').length).toBe(3);
  });

  it('shows hostile spec text as text: no script, no event handler, no javascript: link', async () => {
    const f = await buildFiles(apiSite(specFile('xss.yaml')));
    // The Markdown copies too: outside code, a `<` of the spec is escaped (`\<script>`), so no Markdown reader renders it as HTML.
    const markdown = listFiles(f.result.config.outDir).filter((p) => p.endsWith('.md') || p.startsWith('llms'));
    expect(markdown.length).toBeGreaterThan(1);
    for (const file of markdown) {
      const prose = f.read(file).replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
      expect(prose.match(/(?<!\\)<[a-z!/][^>]*>?/gi) ?? [], file).toEqual([]);
    }
    expect(f.read('llms-full.txt')).toContain('\\<script>alert(1)\\</script>');
    for (const file of [...pages(f), 'index.html']) {
      const html = f.read(file);
      const $ = cheerio.load(html);
      // docsgen's own scripts only: none carries spec text, external ones come from /assets/js/.
      expect($('script').filter((_, s) => ($(s).html() ?? '').includes('alert')).length, file).toBe(0);
      expect($('script[src]').map((_, s) => $(s).attr('src')).get().every((src) => src.startsWith('/assets/js/')), file).toBe(true);
      expect($('svg[onload], img[onerror], [onerror], [onload]').length, file).toBe(0);
      expect($('a[href^="javascript:" i], a[href*="javascript:" i]').length, file).toBe(0);
      expect(htmlParseErrors(html), file).toEqual([]);
    }
    const overview = f.$('api/zoning-lookup-script-alert-1-script/index.html');
    expect(overview('h1').text()).toContain('<script>alert(1)</script>');
    // Raw HTML in descriptions is rendered through an allow-list: the image stays, its handler does not; the script is text.
    expect(overview('.markdown').first().text()).toContain('<script>alert(1)</script>');
    expect(overview('.markdown').first().find('img').length).toBe(1);
    expect(overview('.markdown img').get().flatMap((img) => Object.keys(img.attribs))).not.toContain('onerror');
  });

  it('reports spec validation errors with their JSON pointer, line and column', async () => {
    const { error } = await buildFails(apiSite(specFile('invalid.yaml')));
    expect(error.diagnostics.map((d) => [d.location?.line, d.location?.column, d.text])).toEqual([
      [17, 11, '/paths/~1permits/get/parameters/0: the required key "in" is missing.'],
      [23, 9, '/paths/~1permits/get/responses/200: the required key "description" is missing.'],
    ]);
    expect(error.diagnostics[0].location?.file).toMatch(/openapi\.yaml$/);
  });

  it('prints spec warnings, and fails on them with --strict', async () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: Permits, version: "1" }',
      'paths:',
      '  /permits:',
      '    get:',
      '      operationId: listPermits',
      '      parameters: [{ name: region, in: path, required: true, schema: { type: string } }]',
      '      responses: { "200": { description: OK } }',
    ].join('\n');
    const f = await buildFiles(apiSite(spec));
    expect(f.result.diagnostics.map((d) => [d.code, d.severity])).toEqual([['spec-warning', 'warning']]);
    const { error } = await buildFails(apiSite(spec), { strict: true });
    expect(error.diagnostics.map((d) => [d.code, d.severity])).toEqual([['spec-warning', 'error']]);
  });

  it('reports a YAML syntax error in a spec file with its line and column', async () => {
    const { error } = await buildFails(apiSite(specFile('broken.yaml')));
    expect(error.diagnostics[0]).toMatchObject({ code: 'spec-invalid-yaml', location: { line: 17, column: 6 } });
  });
});

describe('building from the development API server', () => {
  let api: DevApi;
  beforeAll(async () => {
    api = await startDevApi({ port: 0 });
  });
  afterAll(() => api?.close());

  it('produces the same site from the URL as from the file', async () => {
    const fromFile = await build({ root: repoRoot, write: false, logger: createMemoryLogger() });
    const fromUrl = await build({ root: repoRoot, write: false, spec: `${api.url}/docs/yaml`, logger: createMemoryLogger() });
    // #16: a spec given by --spec is not the configured one, so its site links to a copy of the
    // text it was built from instead of the configured downloadUrl; nothing else differs.
    expect([...fromUrl.files.keys()].sort()).toEqual([...fromFile.files.keys(), 'openapi.yaml'].sort());
    expect(fromUrl.files.get('openapi.yaml')).toBe(fs.readFileSync(path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml'), 'utf8'));
    const relinked = (content: unknown) =>
      typeof content === 'string'
        ? content.replaceAll('href="https://api.hyperlocal.example/docs/yaml"', 'href="/openapi.yaml"').replaceAll('The OpenAPI description: https://api.hyperlocal.example/docs/yaml', 'The OpenAPI description: https://docs.hyperlocal.example/openapi.yaml')
        : content;
    for (const [file, content] of fromFile.files) expect(fromUrl.files.get(file), file).toEqual(relinked(content));
    expect(fromUrl.files.has('api/hyperlocal-api-reference/index.html')).toBe(true);
  }, 60_000); // two whole builds, from source

  type Failing = { url: string; timeoutMs: number; text: RegExp; close?: () => Promise<void> };
  it.each<[string, () => Promise<Failing>]>([
    ['stopped', async () => {
      const stopped = await startDevApi({ port: 0 });
      await stopped.close();
      return { url: stopped.url, timeoutMs: 1000, text: /failed twice: the connection was refused\.$/ };
    }],
    ['slow (past the timeout)', async () => {
      const slow = await startDevApi({ port: 0, delayMs: 2000 });
      return { url: slow.url, timeoutMs: 200, text: /failed twice: no answer within 200 ms \(timed out\)\.$/, close: slow.close };
    }],
    ['returning 500', async () => {
      const failing = await startDevApi({ port: 0, status: 500 });
      return { url: failing.url, timeoutMs: 1000, text: /failed twice: the server answered 500 Internal Server Error\.$/, close: failing.close };
    }],
    ['returning broken YAML', async () => {
      const broken = await startDevApi({ port: 0, body: specFile('broken.yaml') });
      return { url: broken.url, timeoutMs: 1000, text: /is not valid YAML or JSON: .* \(line 17, column 6\)\.$/, close: broken.close };
    }],
  ])('fails clearly when the server is %s, leaving the previous output untouched', async (_name, setup) => {
    const server = await setup();
    const dir = writeFiles({
      ...apiSite('', { openapi: { spec: `${server.url}/docs/yaml`, downloadUrl: 'https://api.test.example/docs/yaml', timeoutMs: server.timeoutMs } }),
      'openapi.yaml': specFile('circular.yaml'),
    });
    await build({ root: dir, spec: 'openapi.yaml', logger: createMemoryLogger() });
    const before = listFiles(path.join(dir, 'build'));
    const error = await build({ root: dir, logger: createMemoryLogger() }).then(
      () => undefined,
      (e) => e,
    );
    await server.close?.();
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).diagnostics[0].text).toContain(`${server.url}/docs/yaml`);
    expect((error as DocsgenError).diagnostics[0].text).toMatch(server.text);
    expect(listFiles(path.join(dir, 'build'))).toEqual(before);
  });
});
