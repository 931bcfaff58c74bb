// Schema pages (/api/schemas/<name>) and bounded expansion: a named schema is expanded inline only
// to `openapi.schemaDepth` levels and (on large pages) once per page, linking to its page beyond
// that; every link and anchor this produces resolves, and no page explodes in size.
import fs from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSiteLinks } from '../../src/links/checkSite';
import { buildFiles, configSource, htmlParseErrors, listFiles, type Fixture } from '../helpers/fixture';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: object) => ({ 200: { description: 'OK', content: { 'application/json': { schema } } } });

/** Level1 → Level2 → … → Level8, each with a field of its own; a recursive Node; a large schema used twice. */
function deepSpec() {
  const schemas: Record<string, any> = {};
  for (let i = 1; i <= 8; i++) schemas[`Level${i}`] = { type: 'object', description: `Level ${i} of the chain.`, properties: { [`field_${i}`]: { type: 'string' }, ...(i < 8 ? { next: ref(`Level${i + 1}`) } : {}) } };
  schemas.Node = { type: 'object', properties: { label: { type: 'string' }, parent: ref('Node'), children: { type: 'array', items: ref('Node') } } };
  schemas.Big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 450 }, (_, i) => [`column_${i}`, { type: 'integer' }])) };
  schemas.Shared = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };
  schemas.Orphan = { type: 'object', description: 'Not used by anything.', properties: { note: { type: 'string' } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Deep API', version: '1.0.0' },
    servers: [{ url: 'https://api.deep.example' }],
    tags: [{ name: 'Things' }],
    paths: {
      '/chain': { get: { operationId: 'getChain', tags: ['Things'], responses: ok(ref('Level1')) } },
      '/tree': { get: { operationId: 'getTree', tags: ['Things'], responses: ok(ref('Node')) } },
      '/big': { get: { operationId: 'getBig', tags: ['Things'], responses: ok({ type: 'object', properties: { current: ref('Big'), previous: ref('Big') } }) } },
      '/things': { post: { operationId: 'createThing', tags: ['Things'], requestBody: { content: { 'application/json': { schema: ref('Shared') } } }, responses: ok({ type: 'object', properties: { data: ref('Shared') } }) } },
    },
    components: { schemas },
  };
}

const site = (spec: object, openapi: Record<string, unknown> = {}) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.deep.example/docs/yaml', ...openapi }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
  'openapi.yaml': dump(spec),
});

describe('schema pages and depth-bounded expansion', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(site(deepSpec(), { schemaDepth: 3 }));
  });

  it('gives every component schema a page, listed on /api/schemas and in the API sidebar', () => {
    const names = Object.keys(deepSpec().components.schemas);
    const $ = f.$('api/schemas/index.html');
    expect($('.schema-index a').map((_, a) => $(a).text()).get()).toEqual(names);
    for (const slug of ['level-1', 'level-8', 'node', 'big', 'shared', 'orphan']) {
      expect(htmlParseErrors(f.read(`api/schemas/${slug}/index.html`)), slug).toEqual([]);
    }
    const level1 = f.$('api/schemas/level-1/index.html');
    expect(level1('h1').text()).toBe('Level1');
    expect(level1('[id="schema-field_1"] .schema-name').first().text()).toBe('field_1');
    const sidebar = f.$('api/get-chain/index.html')('nav.sidebar[aria-label="API sidebar"]');
    expect(sidebar.find('a[href="/api/schemas/level-3"]').length).toBe(1);
  });

  it('expands named schemas only to the configured depth, then links to the schema page', () => {
    const $ = f.$('api/get-chain/index.html');
    // Level1 (the body), Level2 and Level3 are expanded; Level4 is a field that links onwards.
    expect($('[id="response-200-next-next-field_3"]').length).toBe(1);
    const level4 = $('[id="response-200-next-next-next"]');
    expect(level4.find('.schema-truncated a').attr('href')).toBe('/api/schemas/level-4');
    expect($('[id="response-200-next-next-next-field_4"]').length).toBe(0);
    expect($('.schema-name').map((_, n) => $(n).text()).get()).not.toContain('field_5');
    // The schema page itself starts again at depth 0.
    const page4 = f.$('api/schemas/level-4/index.html');
    expect(page4('[id="schema-next-next-field_6"]').length).toBe(1);
    expect(page4('[id="schema-next-next-next"] .schema-truncated a').attr('href')).toBe('/api/schemas/level-7');
  });

  it('renders recursion finitely, as "circular →" linking to the first expansion', () => {
    const $ = f.$('api/get-tree/index.html');
    const circular = $('.schema-circular a').map((_, a) => $(a).attr('href')).get();
    expect(circular.length).toBeGreaterThan(0);
    for (const href of circular) expect($(`[id="${href.slice(1)}"]`).length, href).toBe(1);
    expect(f.$('api/schemas/node/index.html')('.schema-circular a').first().text()).toBe('Node');
  });

  it('expands a schema once on a large page; its second use links to its page', () => {
    const $ = f.$('api/get-big/index.html');
    expect($('[id="response-200-current-column_449"]').length).toBe(1);
    expect($('[id="response-200-previous"] .schema-truncated a').attr('href')).toBe('/api/schemas/big');
    expect($('[id^="response-200-previous-column_"]').length).toBe(0);
  });

  it('lists on each schema page the operations and schema fields that use it, each linked to the field', () => {
    const shared = f.$('api/schemas/shared/index.html');
    const uses = shared('.schema-used-by > li').map((_, li) => ({ label: shared(li).children('a').text(), fields: shared(li).find('.schema-used-by-fields a').map((_, a) => ({ text: shared(a).text(), href: shared(a).attr('href') })).get() })).get();
    expect(uses).toEqual([{ label: 'createThing', fields: [{ text: 'Request body', href: '/api/create-thing#request-body' }, { text: 'Response 200 › data', href: '/api/create-thing#response-200-data' }] }]);

    const level5 = f.$('api/schemas/level-5/index.html');
    const hrefs = level5('.schema-used-by a').map((_, a) => level5(a).attr('href')).get();
    // Used by the field Level4.next (on Level4's page) and deeper on the pages of Level2 and Level3.
    expect(hrefs).toEqual(expect.arrayContaining(['/api/schemas/level-4', '/api/schemas/level-4#schema-next']));
    expect(hrefs.some((h) => h.startsWith('/api/get-chain'))).toBe(false);

    expect(f.$('api/schemas/orphan/index.html')('#used-by + p').text()).toMatch(/No operation or other schema/);
  });

  it('produces no broken link or anchor anywhere in the output', async () => {
    const report = await checkSiteLinks({ dir: f.result.config.outDir, root: f.dir });
    expect(report.diagnostics).toEqual([]);
  });
});

describe('a large, explosively nested spec', () => {
  it('builds with every operation page and no HTML page over 1 MB', async () => {
    // 8 schemas, each with 8 fields referring to the next two: inlining every use would need over a million nodes.
    // (More levels would mostly measure the spec validator, whose own walk grows with the same fan-out.)
    const schemas: Record<string, any> = {};
    for (let i = 0; i < 8; i++) {
      const props: Record<string, any> = { [`id_${i}`]: { type: 'string', description: `Identifier at level ${i}.` } };
      for (let k = 0; k < 8; k++) props[`link_${k}`] = i < 7 ? ref(`S${Math.min(7, i + 1 + (k % 2))}`) : { type: 'string' };
      schemas[`S${i}`] = { type: 'object', properties: props };
    }
    const paths: Record<string, any> = {};
    for (let i = 0; i < 20; i++) {
      paths[`/things/${i}`] = {
        get: { operationId: `getThing${i}`, tags: ['Things'], responses: { ...ok(ref(`S${i % 4}`)), 404: { description: 'Missing', content: { 'application/json': { schema: ref(`S${(i + 3) % 4}`) } } } } },
        put: { operationId: `putThing${i}`, tags: ['Things'], requestBody: { content: { 'application/json': { schema: ref('S0') } } }, responses: ok(ref('S1')) },
      };
    }
    const spec = { openapi: '3.0.3', info: { title: 'Explosive API', version: '1' }, servers: [{ url: 'https://api.x.example' }], tags: [{ name: 'Things' }], paths, components: { schemas } };
    const f = await buildFiles(site(spec));
    const out = f.result.config.outDir;
    const html = listFiles(out).filter((p) => p.endsWith('.html'));
    expect(html.filter((p) => /^api\/(get|put)-thing-\d+\/index\.html$/.test(p))).toHaveLength(40);
    const sizes = html.map((p) => ({ p, bytes: fs.statSync(path.join(out, p)).size }));
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(largest.bytes, largest.p).toBeLessThan(1024 * 1024);
  }, 120_000);
});
