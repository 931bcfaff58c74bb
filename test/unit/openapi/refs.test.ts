// Dangling internal $refs are found with the JSON pointer of the object holding them, and the
// line of the `$ref` key in the spec's own text (YAML block or flow style, or JSON).
import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { danglingRefDiagnostics, danglingRefs } from '../../../src/openapi/refs';
import { locatePointers } from '../../../src/openapi/locate';

describe('openapi/refs', () => {
  it('#14 finds a $ref to a missing component, with the pointer of the object holding it', () => {
    const doc = {
      paths: { '/a/{id}': { get: { responses: { default: { $ref: '#/components/responses/Gone' }, 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } } },
      components: { schemas: { Thing: { type: 'object', properties: { default: { $ref: '#/components/schemas/Thing' }, example: { $ref: '#/components/schemas/Missing' } } } }, responses: {} },
    };
    expect(danglingRefs(doc)).toEqual([
      { ref: '#/components/schemas/Nope', pointer: '/paths/~1a~1{id}/get/responses/200/content/application~1json/schema', siblings: ['Thing'] },
      { ref: '#/components/responses/Gone', pointer: '/paths/~1a~1{id}/get/responses/default', siblings: [] },
      { ref: '#/components/schemas/Missing', pointer: '/components/schemas/Thing/properties/example', siblings: ['Thing'] },
    ]);
  });

  it('ignores $ref inside examples, defaults, enums and extensions, and refs to other files', () => {
    const doc = {
      components: {
        schemas: { A: { type: 'object', default: { $ref: '#/nope' }, example: { $ref: '#/nope' }, enum: [{ $ref: '#/nope' }], 'x-note': { $ref: '#/nope' }, properties: { b: { $ref: 'other.yaml#/B' } } } },
        examples: { One: { value: { $ref: '#/nope' } } },
      },
    };
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('resolves escaped pointers (~1, ~0, %-encoding) as the resolver does', () => {
    const doc = { paths: { '/a~b/c': { get: {} } }, x: { $ref: '#/paths/~1a~0b~1c/get' }, y: { $ref: '#/paths/%7E1a~0b~1c/get' } };
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('finds the line of a key by its JSON pointer in block YAML, flow YAML and JSON', () => {
    const yaml = "a:\n  '/x':\n    b: [1, { $ref: '#/q' }]\n  c:\n    $ref: '#/r'\n";
    const found = locatePointers(yaml, ['/a/~1x/b/1/$ref', '/a/c/$ref']);
    expect(found.get('/a/~1x/b/1/$ref')).toEqual({ line: 3, column: 14, lineText: "    b: [1, { $ref: '#/q' }]" });
    expect(found.get('/a/c/$ref')).toEqual({ line: 5, column: 5, lineText: "    $ref: '#/r'" });
    const json = JSON.stringify(load(yaml), null, 2);
    expect(locatePointers(json, ['/a/c/$ref']).get('/a/c/$ref')).toEqual({ line: 12, column: 7, lineText: '      "$ref": "#/r"' });
  });

  it('steps over a mapping used as a key', () => {
    const yaml = '? { k: 1 }\n: { $ref: "#/no" }\nz:\n  $ref: "#/q"\n';
    expect(locatePointers(yaml, ['/z/$ref']).get('/z/$ref')?.line).toBe(4);
  });

  it('writes one message per $ref, ending in one period, with the line and a suggestion', () => {
    const text = "components:\n  schemas:\n    Thing: {}\n    List:\n      items:\n        $ref: '#/components/schemas/Thng'\n";
    const [d] = danglingRefDiagnostics(danglingRefs(load(text)), '/specs/openapi.yaml', text);
    expect(d).toEqual({
      code: 'spec-ref-missing',
      severity: 'error',
      text: 'The $ref "#/components/schemas/Thng" at /components/schemas/List/items points to nothing: the spec has no /components/schemas/Thng.',
      location: { file: '/specs/openapi.yaml', line: 6, column: 9, lineText: "        $ref: '#/components/schemas/Thng'" },
      hint: 'Did you mean "#/components/schemas/Thing"?',
    });
  });
});
