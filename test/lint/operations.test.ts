import { describe, expect, it } from 'vitest';
import { header, lintYaml, where } from './helpers';

/** One operation (`get` on line 5) whose lines 6 onwards are `body`. */
const op = (body: string, extra = '') => `${header}paths:
  /zones/{id}:
    get:
${body}
${extra}`;

const good = `      operationId: getZone
      summary: Get a zone
      parameters:
        - { name: id, in: path, required: true, description: The zone id., schema: { type: string } }
      responses:
        '200':
          description: The zone.
          content:
            application/json:
              schema: { type: object }
            image/png: {}`;

describe('lint/operations', () => {
  it('passes an operation with a summary, described parameters, schemas and a 2xx response (an image body needs no schema)', () => {
    expect(where(lintYaml(op(good)))).toEqual([]);
  });

  it('operation-description: neither summary nor description, at the method', () => {
    expect(where(lintYaml(op(good.replace('      summary: Get a zone\n', ''))))).toEqual(['operation-description 5:5']);
    expect(where(lintYaml(op(good.replace('summary: Get a zone', 'description: Gets a zone.'))))).toEqual([]);
  });

  it('parameter-description: a parameter without a description, at the parameter', () => {
    const found = lintYaml(op(good.replace(' description: The zone id.,', '')));
    expect(where(found)).toEqual(['parameter-description 9:11']);
    expect(found[0].text).toBe('The path parameter "id" of GET /zones/{id} has no description.');
  });

  it('response-schema: a JSON body without a schema, at its media type', () => {
    expect(where(lintYaml(op(good.replace('              schema: { type: object }\n', ''))))).toEqual(['response-schema 14:13']);
  });

  it('response-success: no 2xx response, at the responses', () => {
    const found = lintYaml(op(good.replace("'200':", "'404':")));
    expect(where(found)).toEqual(['response-success 10:7']);
    expect(found[0].text).toBe('The operation GET /zones/{id} has no 2xx response (it lists 404).');
  });

  it('operation-id-missing (a warning) and operation-id-duplicate (an error by default)', () => {
    expect(where(lintYaml(op(good.replace('      operationId: getZone\n', ''))))).toEqual(['operation-id-missing 5:5']);
    const second = `  /zones:
    get:
${good}`;
    const found = lintYaml(op(good, second));
    expect(where(found)).toEqual(['operation-id-duplicate 19:20']);
    expect(found[0].severity).toBe('error');
    expect(found[0].text).toBe('The operationId "getZone" of GET /zones is also that of GET /zones/{id}.');
  });

  it('a rule set to ignore reports nothing; one set to throw reports an error', () => {
    const spec = op(good.replace('      summary: Get a zone\n', ''));
    expect(lintYaml(spec, { 'operation-description': 'ignore' })).toEqual([]);
    expect(lintYaml(spec, { 'operation-description': 'throw' }).map((d) => d.severity)).toEqual(['error']);
  });
});

describe('lint/components: unused-schema', () => {
  const spec = (ref: string) => `${op(good.replace('schema: { type: object }', `schema: { $ref: '${ref}' }`))}components:
  schemas:
    Zone:
      type: object
      properties:
        parent: { $ref: '#/components/schemas/Parent' }
    Parent: { type: object }
    Pet: { type: object }
`;
  it('a schema no operation uses, even through another schema, is reported at its name', () => {
    const found = lintYaml(spec('#/components/schemas/Zone'));
    expect(where(found)).toEqual(['unused-schema 24:5']);
    expect(found[0].text).toBe('The schema Pet is not used by any operation.');
  });

  it('schemas used only by each other are unused', () => {
    expect(where(lintYaml(spec('#/components/schemas/Pet')))).toEqual(['unused-schema 19:5', 'unused-schema 23:5']);
  });
});
