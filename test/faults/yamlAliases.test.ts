// YAML aliases that stand for an exponential tree (each level an alias to the one before, twice:
// the "billion laughs"). A 2 KB spec of 30 levels kept `docsgen build` and `lint` busy for good,
// and so did a guide whose front matter gave `tags` such a value. Both are refused at once now,
// naming the file; a spec that only shares a few schemas through aliases builds as before.
// An alias inside the value it names (`schema: &s {properties: {self: *s}}`) made a value that
// contains itself: `docsgen build` and `lint` walked it without end, deaf to SIGTERM, and a guide
// whose front matter did so crashed with a stack trace. Both are refused at the alias's line.
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { aliasesExplode, selfContaining } from '../../src/yamlExpansion';
import { configSource, writeFiles } from '../helpers/fixture';
import { runDocsgen } from './harness';

/** `levels` mappings, each holding the one before twice; `use` is where the last one is used. */
function laughs(levels: number): string[] {
  return ['x-levels:', '  l0: &l0 {type: string}', ...Array.from({ length: levels }, (_, i) => `  l${i + 1}: &l${i + 1} {type: object, properties: {near: *l${i}, far: *l${i}}}`)];
}

/** A spec of one operation, `top` written before its paths, and its response's schema written as `schema` (from the `schema:` line on). */
function parcelsSpec(top: string[], schema: string[]): string {
  return [
    'openapi: 3.0.3',
    "info: { title: Parcels, version: '1' }",
    ...top,
    'paths:',
    '  /parcels:',
    '    get:',
    '      operationId: listParcels',
    '      summary: List parcels',
    '      responses:',
    "        '200':",
    '          description: The parcels',
    '          content:',
    '            application/json:',
    ...schema,
    '',
  ].join('\n');
}

const spec = (levels: number) => parcelsSpec(laughs(levels), [`              schema: *l${levels}`]);

const config = configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' } });

describe('YAML aliases that expand without end', () => {
  it('are measured one object at a time: an exponential tree is seen, shared schemas and a value holding itself are not', () => {
    expect(aliasesExplode(spec(30), loadYaml(spec(30)))).toBe(true);
    expect(aliasesExplode(spec(12), loadYaml(spec(12)))).toBe(false);
    const sharedText = ['parcel: &parcel {type: object, properties: {id: {type: string}}}', ...Array.from({ length: 200 }, (_, i) => `use${i}: *parcel`)].join('\n');
    expect(aliasesExplode(sharedText, loadYaml(sharedText))).toBe(false);
    const selfHolding: Record<string, unknown> = { name: 'boundary' };
    selfHolding.parent = selfHolding;
    expect(aliasesExplode('boundary: &b {name: boundary, parent: *b}', selfHolding)).toBe(false);
  });

  it('in the spec: build and lint fail at once, naming the file; a spec of a few levels builds', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': spec(30) });
    for (const command of [['build'], ['lint']]) {
      const run = await runDocsgen(command, dir, { timeoutMs: 60_000 });
      expect(run.hung, command[0]).toBe(false);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/openapi\.yaml.*uses YAML aliases \(`\*name`\) that stand for over ten times the values written/);
    }
    const small = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': spec(8) });
    const built = await runDocsgen(['build'], small, { timeoutMs: 60_000 });
    expect(built.code, built.stderr).toBe(0);
  }, 150_000);

  it('in a guide\'s front matter: the build fails at once at the guide\'s front matter', async () => {
    const guide = ['---', 'title: Zoning', ...laughs(30).map((line) => line.replace(/^ {2}/, '')).slice(1), 'tags: *l30', '---', '', 'Zoning codes.', ''].join('\n');
    const dir = writeFiles({ 'content/guides/zoning.md': guide });
    const run = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('content/guides/zoning.md:2 The front matter uses YAML aliases');
  }, 90_000);
});

describe('YAML aliases inside the value they name', () => {
  const loopSpec = parcelsSpec([], ['              schema: &parcel', '                type: object', '                properties:', '                  parent: *parcel', '              example: { parent: {} }']);

  it('are found where the alias is: in a mapping, in a list; shared values and texts without an anchor are not', () => {
    expect(selfContaining(loopSpec, loadYaml(loopSpec))).toBe('/paths/~1parcels/get/responses/200/content/application~1json/schema/properties/parent');
    const list = 'tags: &t [a, [b, *t]]';
    expect(selfContaining(list, loadYaml(list))).toBe('/tags/1/1');
    const sharedText = ['parcel: &parcel {type: object, properties: {id: {type: string}}}', ...Array.from({ length: 200 }, (_, i) => `use${i}: {items: *parcel}`)].join('\n');
    expect(selfContaining(sharedText, loadYaml(sharedText))).toBeUndefined();
    const selfHolding: Record<string, unknown> = { name: 'boundary' };
    selfHolding.parent = selfHolding;
    expect(selfContaining('no anchor here', selfHolding)).toBeUndefined();
  });

  it('in the spec: build, lint and check-links fail at once at the alias\'s line', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': loopSpec });
    for (const command of [['build'], ['lint'], ['check-links']]) {
      const run = await runDocsgen(command, dir, { timeoutMs: 60_000 });
      expect(run.hung, command[0]).toBe(false);
      expect(run.code, run.stderr).toBe(1);
      expect(`${run.stdout}${run.stderr}`, command[0]).toContain('openapi.yaml:16:19');
      expect(`${run.stdout}${run.stderr}`, command[0]).toContain('uses a YAML alias (`*name`) inside the value it names, at /paths/~1parcels/get/responses/200/content/application~1json/schema/properties/parent');
    }
  }, 150_000);

  it("in a guide's front matter: the build fails at once, at the key holding the alias", async () => {
    const guide = ['---', 'title: Zoning', 'tags: &t', '  - zoning', '  - *t', '---', '', 'Zoning codes.', ''].join('\n');
    const dir = writeFiles({ 'content/guides/zoning.md': guide });
    const run = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('content/guides/zoning.md:3:1 The front matter uses a YAML alias (`*name`) inside the value it names, at /tags/1');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
