// #16: the download link follows the spec actually built. Built with --spec, the shipped site
// kept offering the demo API's spec; a site without `downloadUrl` could not be configured.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { specCopy } from '../../src/openapi/specCopy';
import type { ResolvedOpenApi } from '../../src/config/types';
import { checkSources } from '../../src/links/fromSources';
import { buildFiles, configSource, repoRoot, writeFiles } from '../helpers/fixture';

/** The href of every "Download" button of the API pages, with the page it is on. */
/** The download links of the API pages; `under`: of one version's (`api/2025-06/`), else of the current docs'. */
function downloadLinks(files: Map<string, string>, under?: string): string[] {
  const links = new Set<string>();
  for (const [file, html] of files) {
    if (!file.startsWith(under ?? 'api/') || (!under && file.startsWith('api/2025-06/')) || !file.endsWith('.html')) continue;
    const $ = cheerio.load(html);
    $('a.button-secondary').each((_, a) => void links.add($(a).attr('href')!));
  }
  return [...links];
}

const htmlFiles = (result: { files: Map<string, unknown> }) => new Map([...result.files].filter(([, c]) => typeof c === 'string') as [string, string][]);

const spec = `openapi: 3.0.3
info: { title: Tides, version: '1' }
paths:
  /tides:
    get:
      operationId: listTides
      responses:
        '200': { description: OK }
`;

describe('#16 the download link follows the spec built', () => {
  it('the shipped config with --spec links to a copy of that spec within baseUrl, not the demo API', async () => {
    // The shipped guides link into the shipped spec's operations (op:searchBoundaries), which this spec lacks: warnings here.
    const result = await build({ root: repoRoot, spec: 'fixtures/specs/openapi31.yaml', write: false, onBrokenLinks: 'warn', logger: createMemoryLogger() });
    const links = downloadLinks(htmlFiles(result));
    expect(links).toEqual([`${result.config.baseUrl}openapi.yaml`]);
    expect(result.files.get('openapi.yaml')).toBe(fs.readFileSync(path.join(repoRoot, 'fixtures/specs/openapi31.yaml'), 'utf8'));
  }, 120_000);

  it('the shipped config as configured links to its downloadUrl and writes no copy', async () => {
    const result = await build({ root: repoRoot, write: false, logger: createMemoryLogger() });
    expect(downloadLinks(htmlFiles(result))).toEqual(['https://api.hyperlocal.example/docs/yaml']);
    expect(result.files.has('openapi.yaml')).toBe(false);
    // The shipped site's 2025-06 version is not what that URL serves: its pages link to its own copy.
    expect(downloadLinks(htmlFiles(result), 'api/2025-06/')).toEqual(['/2025-06/openapi.yaml']);
    expect(result.files.get('2025-06/openapi.yaml')).toBe(fs.readFileSync(path.join(repoRoot, 'versioned/2025-06/openapi.yaml'), 'utf8'));
  }, 120_000);

  it('a config without downloadUrl builds, writes the spec in the format it was read in, and the link check accepts the copy', async () => {
    const json = JSON.stringify({ openapi: '3.0.3', info: { title: 'Tides', version: '1' }, paths: { '/tides': { get: { operationId: 'listTides', responses: { 200: { description: 'OK' } } } } } }, null, 2);
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ baseUrl: '/docs/', openapi: { spec: 'specs/tides.json' }, onBrokenLinks: 'throw' }),
      'specs/tides.json': json,
      // A guide may link to the copy: it is a file of the site like any other.
      'content/guides/download.md': '# Download\n\nGet [the spec](/openapi.json).\n',
    });
    expect(f.read('openapi.json')).toBe(json);
    expect(f.exists('openapi.yaml')).toBe(false);
    expect(f.$('api/index.html')('a.button-secondary').attr('href')).toBe('/docs/openapi.json');
    expect(f.$('guides/download/index.html')('.markdown a, article a').filter((_, a) => f.$('guides/download/index.html')(a).text() === 'the spec').attr('href')).toBe('/docs/openapi.json');
    expect(f.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }, 60_000);

  it('a spec split into files is copied as one file, with what its $refs named bundled in, so the download stands alone', async () => {
    const main = `openapi: 3.0.3
info: { title: Tides, version: '1' }
paths:
  /tides:
    get:
      operationId: listTides
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: './schemas/tide.yaml' }
`;
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'specs/openapi.yaml' }, onBrokenLinks: 'throw' }),
      'specs/openapi.yaml': main,
      'specs/schemas/tide.yaml': 'type: object\nrequired: [station]\nproperties:\n  station: { type: string, description: NOAA station id. }\n  height_m: { type: number }\n',
    });
    const copy = loadYaml(f.read('openapi.yaml')) as Record<string, any>;
    expect(JSON.stringify(copy)).not.toContain('./schemas/tide.yaml');
    // The schema the page shows is in the copy, reached from the operation by an internal reference or in place.
    const schema = copy.paths['/tides'].get.responses['200'].content['application/json'].schema;
    const target = schema.$ref ? schema.$ref.slice(2).split('/').reduce((at: any, key: string) => at[key], copy) : schema;
    expect(target.properties.station.description).toBe('NOAA station id.');
    expect(copy.info.title).toBe('Tides');
    // A spec in one file is still copied byte for byte (above); the copy is where the download link points.
    expect(f.$('api/index.html')('a.button-secondary').attr('href')).toBe('/openapi.yaml');
  }, 60_000);

  it('a link to the copy is broken when there is no copy (the check above is a real one)', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, onBrokenLinks: 'warn' }),
      'openapi.yaml': spec,
      'content/guides/download.md': '# Download\n\nGet [the spec](/openapi.yaml).\n',
    });
    expect(f.exists('openapi.yaml')).toBe(false);
    expect(f.result.diagnostics.filter((d) => d.text.includes('/openapi.yaml')).length).toBe(1);
  }, 60_000);

  it('names the copy after the format read (a URL by its text) and, with several APIs, after the API', () => {
    const api = (id: string, downloadUrl = '') => ({ id, downloadUrl }) as ResolvedOpenApi;
    const one = { baseUrl: '/docs/', apis: [api('api')] };
    expect(specCopy(one, api('api'), { source: 'http://127.0.0.1:4010/docs/yaml', text: 'openapi: 3.1.0\n' })).toMatchObject({ file: 'openapi.yaml', url: '/docs/openapi.yaml' });
    expect(specCopy(one, api('api'), { source: 'http://127.0.0.1:4010/docs/json', text: '  {"openapi":"3.1.0"}' })).toMatchObject({ file: 'openapi.json', url: '/docs/openapi.json' });
    expect(specCopy(one, api('api'), { source: '/specs/flow.yaml', text: '{ openapi: 3.1.0 }' })).toMatchObject({ file: 'openapi.yaml' });
    const two = { baseUrl: '/', apis: [api('data'), api('tiles')] };
    expect(specCopy(two, api('tiles'), { source: '/specs/tiles.json', text: '{}' })).toMatchObject({ file: 'openapi-tiles.json', url: '/openapi-tiles.json', text: '{}' });
    expect(specCopy(two, api('data', 'https://api.example.com/docs/yaml'), { source: '/specs/data.yaml', text: '' })).toBeUndefined();
  });

  it('check-links knows the copy too: a guide may link to it, and a link to the other format is broken', async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'tides.yaml' } }),
      'tides.yaml': spec,
      'content/guides/spec.md': '---\ntitle: Spec\n---\n\nDownload [the spec](/openapi.yaml), not [this](/openapi.json).\n',
    });
    for (const run of ['cold', 'cached']) {
      const report = await checkSources({ root: dir });
      const broken = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.text);
      expect(broken, run).toEqual([expect.stringContaining('/openapi.json')]);
    }
  });
});
