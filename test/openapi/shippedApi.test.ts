// The API reference of the shipped spec, read from the static HTML as a reader without
// JavaScript (or a search engine) gets it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { load as loadYaml } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { htmlParseErrors, repoRoot } from '../helpers/fixture';

const tagRoutes = ['boundaries', 'demographics', 'lifestyles', 'schools', 'market-statistics', 'listings'];
const operationRoutes = [
  'autocomplete-boundary-search', 'search-boundaries', 'get-boundary', 'find-demographics', 'find-lifestyles', 'search-schools', 'get-school',
  'active-market-statistics', 'added-to-market-statistics', 'sold-market-statistics', 'vector-tile',
];
const languages = ['curl', 'Node.js', 'PHP', 'Python', 'C#', 'Go', 'Ruby', 'Java', 'PowerShell'];

let out: string;
const page = (slug: string) => cheerio.load(fs.readFileSync(path.join(out, 'api', slug, 'index.html'), 'utf8'));
const spec = loadYaml(fs.readFileSync(path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml'), 'utf8')) as Record<string, any>;

/** Follows a local $ref in the fixture (independently of docsgen's resolver). */
const deref = (node: any): any => (node && node.$ref ? deref(node.$ref.slice(2).split('/').reduce((o: any, k: string) => o[k], spec)) : node);

/** Every property name reachable from a schema, through allOf/oneOf/anyOf/items/additionalProperties. */
function propertyNames(schema: any, seen = new Set<any>()): Set<string> {
  const names = new Set<string>();
  const walk = (raw: any) => {
    const s = deref(raw);
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    for (const [name, child] of Object.entries<any>(s.properties ?? {})) {
      if (!deref(child).readOnly || true) names.add(name);
      walk(child);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) for (const part of s[key] ?? []) walk(part);
    if (s.items) walk(s.items);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties);
  };
  walk(schema);
  return names;
}

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-api-'));
  await build({ root: repoRoot, outDir: out, logger: createMemoryLogger() });
});

describe('API reference of the shipped spec', () => {
  it('writes exactly the overview, tag and operation routes of the specification', () => {
    const written = fs.readdirSync(path.join(out, 'api')).filter((f) => fs.statSync(path.join(out, 'api', f)).isDirectory()).sort();
    // Besides the shipped site's 2025-06 version (`/api/2025-06/…`) and the changelog comparing it with this spec.
    expect(written).toEqual(['hyperlocal-api-reference', 'schemas', '2025-06', 'changelog', ...tagRoutes, ...operationRoutes].sort());
    const schemaPages = fs.readdirSync(path.join(out, 'api', 'schemas')).filter((f) => f !== 'index.html' && !f.endsWith('.md'));
    expect(schemaPages).toHaveLength(Object.keys(spec.components.schemas).length);
    expect(schemaPages).toEqual(expect.arrayContaining(['boundary', 'school-location-address-only', 'active-market-statistics', 'error']));
  });

  it('keeps every field of the fixture inline: no operation page links a schema away to its page', () => {
    for (const slug of operationRoutes) {
      const $ = page(slug);
      expect($('.schema-truncated').length, slug).toBe(0);
      // Error bodies shared by several status codes are expanded in each tab, so each field deep-links.
      if (slug !== 'vector-tile') expect($('[id="response-401-error-code"]').length, slug).toBe(1);
    }
  });

  it('renders every API page as valid HTML', () => {
    for (const slug of ['hyperlocal-api-reference', ...tagRoutes, ...operationRoutes]) {
      expect(htmlParseErrors(fs.readFileSync(path.join(out, 'api', slug, 'index.html'), 'utf8')), slug).toEqual([]);
    }
  });

  it('puts code samples in nine languages on every operation page, in the static HTML', () => {
    for (const slug of operationRoutes) {
      const $ = page(slug);
      const labels = $('[data-tab-group="code-samples"] .tab-label').map((_, l) => $(l).text()).get();
      expect(labels.slice(0, 9), slug).toEqual(languages);
      const curl = $('[data-tab-group="code-samples"] .tab-panel[data-tab="curl"] code').text();
      expect(curl, slug).toContain('https://api.hyperlocal.example/v1/');
      expect(curl, slug).toContain('x-api-key');
    }
  });

  it('has every parameter and every schema property name of each operation in its page', () => {
    for (const [p, item] of Object.entries<any>(spec.paths)) {
      const op = item.get;
      const slug = operationRoutes.find((s) => s.replace(/-/g, '') === op.operationId.toLowerCase())!;
      const $ = page(slug);
      const shown = new Set($('code.schema-name').map((_, c) => $(c).text()).get());
      for (const param of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref)) expect(shown, `${slug} parameter ${param.name}`).toContain(param.name);
      for (const [, raw] of Object.entries<any>(op.responses)) {
        const response = deref(raw);
        for (const name of Object.keys(response.headers ?? {})) expect(shown, `${slug} header ${name}`).toContain(name);
        for (const media of Object.values<any>(response.content ?? {})) for (const name of propertyNames(media.schema)) expect(shown, `${slug} ${p} property ${name}`).toContain(name);
      }
    }
  });

  it('gives the operation page its anatomy: method, full URL, request, responses per status', () => {
    const $ = page('get-boundary');
    expect($('h1').text()).toBe(spec.paths['/v1/boundaries/{boundary_id}'].get.summary);
    expect($('.operation-endpoint .method-badge').text()).toBe('GET');
    expect($('.operation-endpoint .operation-url').text()).toBe('https://api.hyperlocal.example/v1/boundaries/{boundary_id}');
    expect($('#path-boundary_id .badge-required').text()).toBe('required');
    expect($('#responses ~ .tabs > .tab > .tab-label').map((_, l) => $(l).text()).get()).toEqual(['200', '400', '401', '404', '429']);
    expect($('#responses ~ .tabs .status-code.status-4xx').length).toBe(4);
  });

  it('deep-links fields by their dotted path', () => {
    const $ = page('search-boundaries');
    const field = $('#response-200-data-boundaries-name');
    expect(field.find('> .schema-field-head code.schema-name').text()).toBe('name');
    expect(field.find('> .schema-field-head a.hash-link').attr('href')).toBe('#response-200-data-boundaries-name');
  });

  it('shows enums as possible values with their descriptions, and formats in types', () => {
    const $ = page('search-boundaries');
    const layers = $('#query-layers');
    expect(layers.find('> .schema-field-head .schema-type').text()).toBe('string[]');
    expect(layers.find('dt').map((_, d) => $(d).text()).get()).toContain('Possible values');
    expect(layers.text()).toContain('postal_city');
    expect($('#query-lat > .schema-field-head .schema-type').text()).toBe('number<double>');
  });

  it('shows oneOf alternatives with the discriminator, switchable without JavaScript', () => {
    const $ = page('get-school');
    const variants = $('.schema-variants').first();
    expect(variants.find('.schema-discriminator code').first().text()).toBe('kind');
    expect(variants.find('> .tabs > .tab > .tab-input[type="radio"]').length).toBe(2);
    expect(variants.find('> .tabs > .tab-panels > .tab-panel').length).toBe(2);
  });

  it('describes the binary vector tile response by its media type', () => {
    const $ = page('vector-tile');
    expect($('.media-type .badge').map((_, b) => $(b).text()).get()).toContain('application/vnd.mapbox-vector-tile');
    expect($('#response-200 .media-content .schema-root-type .schema-type').text()).toBe('string<binary>');
  });

  it('shows the spec examples first', () => {
    const $ = page('get-boundary');
    const example = JSON.parse($('#response-200 .tab-panel code').first().text());
    const media = deref(spec.paths['/v1/boundaries/{boundary_id}'].get.responses['200']).content['application/json'];
    const expected = media.example ?? deref(Object.values<any>(media.examples)[0]).value;
    expect(example).toEqual(expected);
  });

  it('builds the overview: version, description headings in the TOC, servers, authentication, download link', () => {
    const $ = page('hyperlocal-api-reference');
    expect($('h1 .version-badge').text()).toBe(`v${spec.info.version}`);
    expect($('.toc a').map((_, a) => $(a).text()).get()).toEqual(expect.arrayContaining(['Authentication', 'Rate limits', 'Errors', 'Servers', 'Endpoints']));
    expect($('.server-list > li > code').map((_, c) => $(c).text()).get()).toEqual(spec.servers.map((s: any) => s.url));
    const ids = $('[id]').map((_, el) => $(el).attr('id')).get();
    expect(new Set(ids).size).toBe(ids.length);
    expect($('h2').filter((_, h) => $(h).text() === 'Authentication').last().nextAll('section').find('dd code').first().text()).toBe('x-api-key');
    expect($('a.button').filter((_, a) => $(a).text().includes('Download')).attr('href')).toBe('https://api.hyperlocal.example/docs/yaml');
  });

  it('lists each tag\'s operations on its tag page', () => {
    const $ = page('market-statistics');
    expect($('.operation-list a').map((_, a) => $(a).attr('href')).get()).toEqual(['/api/active-market-statistics', '/api/added-to-market-statistics', '/api/sold-market-statistics']);
  });

  it('has an API sidebar: overview first, one expanded category per tag in spec order, method badges', () => {
    const $ = page('get-school');
    const sidebar = $('nav.sidebar[aria-label="API sidebar"]');
    expect(sidebar.find('a').first().attr('href')).toBe('/api/hyperlocal-api-reference');
    expect(sidebar.find('summary').map((_, s) => $(s).text()).get()).toEqual([...spec.tags.map((t: any) => t.name), 'Schemas']);
    expect(sidebar.find('details:not([open])').length).toBe(0);
    expect(sidebar.find('a[aria-current="page"] .method-badge').text()).toBe('GET');
  });
});
