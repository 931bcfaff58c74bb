// The OpenAPI schema's errors as docsgen reports them: each with the JSON pointer of the value
// (or the unknown key) in the document the validator saw, and the words the parser gives.
import { describe, expect, it } from 'vitest';
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
