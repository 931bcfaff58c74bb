import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { convertAt, convertedPointer, inlineSchemasApart, resolvePointer, toJsonSchemaDocument, type Direction } from '../../src/lint/schemaDialect';

// Schemas of every shape the conversion changes, inline under paths and in components: nullable
// ($ref, allOf, type), oneOf, boolean exclusiveMinimum, readOnly/writeOnly required, data keys
// that hold schema-like values, a property named like a map key.
const spec = `openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /zones/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: integer, exclusiveMinimum: true, minimum: 0 } }
    put:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [id, name, owner]
              properties:
                id: { type: integer, readOnly: true }
                name: { type: string, nullable: true }
                owner: { $ref: '#/components/schemas/Owner' }
                parent: { allOf: [{ $ref: '#/components/schemas/Zone' }], nullable: true }
                shape: { oneOf: [{ type: string }, { type: object, properties: { properties: { type: string, nullable: true } } }] }
                examples: { type: array, items: { type: string } }
            example: { name: Park, shape: { properties: { type: string, nullable: true } } }
      responses:
        '200':
          description: OK.
          headers:
            X-Rate: { schema: { type: integer, nullable: true }, example: 3 }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Zone', nullable: true }
              examples:
                one: { value: { id: 1, x-note: { type: string, nullable: true } } }
components:
  schemas:
    Owner: { type: object, required: [secret], properties: { secret: { type: string, writeOnly: true } } }
    Zone:
      type: object
      nullable: true
      required: [id]
      properties:
        id: { type: integer, readOnly: true }
        enumLike: { enum: [{ type: string, nullable: true }] }
`;

/** The JSON pointer of every object in `node` (where a schema can be: not a keyword's value), with itself. */
function pointers(node: unknown, at = ''): string[] {
  if (node === null || typeof node !== 'object') return [];
  const keys = Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
  const inside = keys.flatMap((key) => pointers((node as any)[key], `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return Array.isArray(node) ? inside : [at, ...inside];
}

describe('lint/schemaDialect: one schema converted on its own', () => {
  it.each<Direction>(['request', 'response', 'any'])('gives every node of the paths (%s) as the whole copy has it: schemas converted, data as written', (direction) => {
    const document = load(spec) as Record<string, any>;
    const whole = toJsonSchemaDocument(document, direction);
    const inPaths = pointers(document.paths, '/paths');
    expect(inPaths.length).toBeGreaterThan(30);
    for (const pointer of inPaths) expect(convertAt(document, pointer, direction), pointer).toEqual(resolvePointer(whole, convertedPointer(whole, pointer)));
    // The conversion did change some: a nullable $ref wrapped, a oneOf an anyOf, a readOnly id not required of a request.
    const body = convertAt(document, '/paths/~1zones~1{id}/put/requestBody/content/application~1json/schema', direction) as any;
    expect(body.properties.shape.anyOf).toHaveLength(2);
    expect(body.required).toEqual(direction === 'response' ? ['id', 'name', 'owner'] : ['name', 'owner']);
    // Data keeps its schema-like values: the example's `nullable` is the example's.
    expect(convertAt(document, '/paths/~1zones~1{id}/put/requestBody/content/application~1json/example/shape/properties', direction)).toEqual({ type: 'string', nullable: true });
  });

  it('leaves the paths out of the copy when asked, and nothing else', () => {
    const document = load(spec) as Record<string, any>;
    const rest = toJsonSchemaDocument(document, 'request', new Set(['paths', 'webhooks']));
    expect(Object.keys(rest)).toEqual(['openapi', 'info', 'components']);
    expect(rest.components).toEqual(toJsonSchemaDocument(document, 'request').components);
  });

  it('says undefined for a pointer to nothing', () => {
    expect(convertAt(load(spec) as Record<string, any>, '/paths/~1nowhere/get', 'any')).toBeUndefined();
  });
});

describe('lint/schemaDialect: when the paths\' schemas can be judged apart', () => {
  const withPaths = (extra: string) => load(`openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    get:
      responses:
        '200':
          description: OK.
          content:
            application/json:
              schema: ${extra}
components:
  schemas:
    Zone: { type: object }
`) as Record<string, any>;

  it('can, when every $ref points into components', () => {
    expect(inlineSchemasApart(withPaths(`{ $ref: '#/components/schemas/Zone' }`))).toBe(true);
  });

  it.each([
    ['a $ref into the paths', `{ properties: { b: { $ref: '#/paths/~1b/get/responses/200/content/application~1json/schema' } } }`],
    ['a percent-encoded $ref into the paths', `{ $ref: '#/%70aths/~1b' }`],
    ['a $ref to the whole document', `{ $ref: '#' }`],
    ['a schema named by $id in the paths', `{ $id: 'https://example.com/zone', type: object }`],
    ['a schema named by $anchor in the paths', `{ $anchor: zone, type: object }`],
  ])('cannot with %s', (_, schema) => {
    expect(inlineSchemasApart(withPaths(schema))).toBe(false);
  });

  it('cannot when a component refers into the paths', () => {
    const document = withPaths(`{ type: string }`);
    document.components.schemas.Zone = { $ref: '#/paths/~1a/get/responses/200/content/application~1json/schema' };
    expect(inlineSchemasApart(document)).toBe(false);
  });
});
