// The OpenAPI schema's errors as docsgen reports them: each with the JSON pointer of the value
// (or the unknown key) in the document the validator saw, and the words the parser gives.
import { describe, expect, it } from 'vitest';
import { reduceAjvErrors } from '../../../src/openapi/schemaErrors';
import { validateSpec } from '../../../src/openapi/validate';

describe('openapi/validate: the schema\'s errors', () => {
  it('names each mistake of a 3.0 spec by its pointer: an unknown key, a wrong type, a missing key, a value not allowed', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Zones', version: '1' },
      paths: { '/zones/{id}': { get: { summry: 'Get a zone', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'strin' } }], responses: { 200: { content: {} }, 404: { description: 42 } } } } },
      components: { schemas: { Zone: { type: 'object', '/x/{id}': null } } },
    };
    const { errors, warnings } = await validateSpec(document);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([
      { message: 'must NOT have additional properties', keyword: 'additional property', pointer: '/paths/~1zones~1{id}/get/summry' },
      { message: 'must be equal to one of the allowed values', keyword: 'enum', allowed: 'array, boolean, integer, number, object, string', pointer: '/paths/~1zones~1{id}/get/parameters/0/schema/type' },
      { message: "must have required property 'description'", keyword: 'required', key: 'description', pointer: '/paths/~1zones~1{id}/get/responses/200' },
      { message: 'must be string', keyword: 'type', got: 'integer', pointer: '/paths/~1zones~1{id}/get/responses/404/description' },
      // A key holding slashes is escaped in its pointer (the parser's own printer lost such keys).
      { message: 'must NOT have additional properties', keyword: 'additional property', pointer: '/components/schemas/Zone/~1x~1{id}' },
    ]);
  });

  it('reads a 3.1 spec with the 3.1 schema: an unevaluated key, a component name against its pattern', async () => {
    const document = { openapi: '3.1.0', info: { title: 'Zones', version: '1', colour: 'teal' }, paths: {}, components: { schemas: { 'Zone summary': { type: 'string' } } } };
    expect((await validateSpec(document)).errors).toEqual([
      { message: 'must NOT have unevaluated properties', keyword: 'unevaluated property', pointer: '/info/colour' },
      { message: 'must match pattern ^[a-zA-Z0-9._-]+$', keyword: 'property', pointer: '/components/schemas/Zone summary' },
    ]);
  });

  it('reads a Swagger 2.0 spec with the 2.0 schema: a missing info, a host written as a URL', async () => {
    const document = { swagger: '2.0', host: 'https://api.example.com', paths: { '/zones': { get: { responses: { 200: { description: 'Zones' } } } } } };
    expect((await validateSpec(document)).errors).toEqual([
      { message: "must have required property 'info'", keyword: 'required', key: 'info', pointer: '' },
      { message: 'must match pattern ^[^{}/ :\\\\]+(?::\\d+)?$', keyword: 'property', pointer: '/host' },
    ]);
  });

  it('leaves the document with its own keys only, printable as JSON', async () => {
    const document = { openapi: '3.0.3', info: { title: 'Zones', version: '1' }, paths: { '/zones': { get: { responses: { 200: { description: 42 } } } } } };
    expect((await validateSpec(document)).errors).toHaveLength(1);
    expect(Object.getOwnPropertyNames(document)).toEqual(['openapi', 'info', 'paths']);
    expect(JSON.parse(JSON.stringify(document)).paths['/zones'].get.responses['200'].description).toBe(42);
  });
});

describe('openapi/schemaErrors: reduceAjvErrors, the parser\'s choice of one error per place', () => {
  const error = (instancePath: string, message = 'must be string') => ({ instancePath, message, keyword: 'type', schemaPath: '#/type', params: {} });

  it('keeps the first error of each place and drops those at a place holding one kept, or at any part of a kept path', () => {
    const errors = [
      error('/paths/~1repos~1{owner}/get/responses/200/description'),
      error('/paths/~1repos~1{owner}/get/responses/200/description', 'must be number'), // same place
      error('/paths/~1repos~1{owner}/get/responses/200'), // holds the first
      error('/paths/~1repos~1{owner}/get/summary'),
      error('/paths/~1repos'), // not a place holding one, but part of the kept paths' text: the parser drops it
      error('/paths/~1users/get'),
      error(''), // the document holds them all
    ];
    expect(reduceAjvErrors(errors).map((e) => `${e.instancePath} ${e.message}`)).toEqual([
      '/paths/~1repos~1{owner}/get/responses/200/description must be string',
      '/paths/~1repos~1{owner}/get/summary must be string',
      '/paths/~1users/get must be string',
    ]);
  });

  it('skips the `$ref` alternative and `oneOf` summaries, unless nothing else is left', () => {
    const ref = error('/paths/~1a/get/parameters/0', "must have required property '$ref'");
    const oneOf = error('/paths/~1a/get/parameters/0', 'must match exactly one schema in oneOf');
    const missing = error('/paths/~1a/get/parameters/0', "must have required property 'in'");
    expect(reduceAjvErrors([ref, oneOf, missing])).toEqual([missing]);
    expect(reduceAjvErrors([ref, oneOf])).toEqual([ref, oneOf]);
  });
});
