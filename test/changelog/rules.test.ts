// One test per classification rule of the README ("Comparing two specs"): a tiny pair of specs,
// and the kind and severity a reader of the changelog (or of `docsgen diff`) gets.
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/changelog/diffSpecs';
import type { ApiChange } from '../../src/changelog/types';

type Spec = Record<string, any>;

/** An OpenAPI 3.1 document with the given paths (and components). */
const spec = (paths: Spec, extra: Spec = {}): Spec => ({ openapi: '3.1.0', info: { title: 'Parcels', version: '1' }, paths, ...extra });
const ok = { '200': { description: 'OK' } };
const getWith = (parameters: Spec[]) => spec({ '/parcels': { get: { operationId: 'listParcels', parameters, responses: ok } } });
const postWith = (schema: Spec, requestBody: Spec = {}) => spec({ '/parcels': { post: { operationId: 'createParcel', requestBody: { content: { 'application/json': { schema } }, ...requestBody }, responses: { '201': { description: 'Created' } } } } });
const respondWith = (schema: Spec, extra: Spec = {}) => spec({ '/parcels/{id}': { get: { operationId: 'getParcel', responses: { '200': { description: 'The parcel', content: { 'application/json': { schema } } }, ...extra } } } });
const object = (properties: Spec, required?: string[]) => ({ type: 'object', properties, ...(required ? { required } : {}) });

/** What a reader sees: kind, severity, where and the sentence, without the operation. */
const seen = (changes: ApiChange[]) => changes.map((c) => ({ kind: c.kind, severity: c.severity, location: c.location, text: c.text }));

describe('operations', () => {
  it('removing an operation is breaking', () => {
    const changes = diffSpecs(spec({ '/a': { get: { operationId: 'getA', responses: ok } }, '/b': { get: { responses: ok } } }), spec({ '/b': { get: { responses: ok } } }));
    expect(changes).toEqual([{ operation: { method: 'get', path: '/a', operationId: 'getA' }, kind: 'operation-removed', location: { in: 'operation' }, severity: 'breaking', text: 'The operation was removed.' }]);
  });

  it('adding an operation is non-breaking', () => {
    const changes = diffSpecs(spec({ '/a': { get: { responses: ok } } }), spec({ '/a': { get: { responses: ok }, post: { operationId: 'createA', responses: ok } } }));
    expect(changes).toEqual([{ operation: { method: 'post', path: '/a', operationId: 'createA' }, kind: 'operation-added', location: { in: 'operation' }, severity: 'non-breaking', text: 'The operation was added.' }]);
  });

  it('deprecating an operation is a deprecation', () => {
    const changes = diffSpecs(spec({ '/a': { get: { responses: ok } } }), spec({ '/a': { get: { deprecated: true, responses: ok } } }));
    expect(seen(changes)).toEqual([{ kind: 'operation-deprecated', severity: 'deprecation', location: { in: 'operation' }, text: 'The operation is deprecated.' }]);
  });

  it('renaming a path parameter in the template keeps the same URLs: one non-breaking change, no parameter removed or added', () => {
    const before = spec({ '/parcels/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } } });
    const after = spec({ '/parcels/{parcelId}': { get: { parameters: [{ name: 'parcelId', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } } });
    const changes = diffSpecs(before, after);
    expect(changes.map((c) => [c.kind, c.severity, c.operation?.path])).toEqual([['path-renamed', 'non-breaking', '/parcels/{parcelId}']]);
  });
});

describe('parameters (request direction)', () => {
  const q = (extra: Spec = {}) => ({ name: 'status', in: 'query', schema: { type: 'string' }, ...extra });

  it('adding a required parameter is breaking', () => {
    expect(seen(diffSpecs(getWith([]), getWith([q({ required: true })])))).toEqual([{ kind: 'parameter-added', severity: 'breaking', location: { in: 'parameter', name: 'status', parameterIn: 'query' }, text: 'Required query parameter status was added.' }]);
  });

  it('adding an optional parameter is non-breaking', () => {
    expect(seen(diffSpecs(getWith([]), getWith([q()])))).toEqual([{ kind: 'parameter-added', severity: 'non-breaking', location: { in: 'parameter', name: 'status', parameterIn: 'query' }, text: 'Optional query parameter status was added.' }]);
  });

  it('a required header parameter added at path level counts for each operation under it', () => {
    const before = spec({ '/a': { get: { responses: ok }, delete: { responses: ok } } });
    const after = spec({ '/a': { parameters: [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }], get: { responses: ok }, delete: { responses: ok } } });
    expect(diffSpecs(before, after).map((c) => [c.operation?.method, c.kind, c.severity])).toEqual([
      ['get', 'parameter-added', 'breaking'],
      ['delete', 'parameter-added', 'breaking'],
    ]);
  });

  it('removing a parameter is breaking', () => {
    expect(seen(diffSpecs(getWith([q(), { name: 'page', in: 'query', schema: { type: 'integer' } }]), getWith([q()])))).toEqual([{ kind: 'parameter-removed', severity: 'breaking', location: { in: 'parameter', name: 'page', parameterIn: 'query' }, text: 'Query parameter page was removed.' }]);
  });

  it('making an optional parameter required is breaking', () => {
    expect(seen(diffSpecs(getWith([q()]), getWith([q({ required: true })])))).toEqual([{ kind: 'parameter-required', severity: 'breaking', location: { in: 'parameter', name: 'status', parameterIn: 'query' }, text: 'Query parameter status is now required.' }]);
  });

  it('making a required parameter optional is non-breaking', () => {
    expect(seen(diffSpecs(getWith([q({ required: true })]), getWith([q()])))).toEqual([{ kind: 'parameter-optional', severity: 'non-breaking', location: { in: 'parameter', name: 'status', parameterIn: 'query' }, text: 'Query parameter status is now optional.' }]);
  });

  it('deprecating a parameter is a deprecation', () => {
    expect(seen(diffSpecs(getWith([q()]), getWith([q({ deprecated: true })])))[0]).toMatchObject({ kind: 'parameter-deprecated', severity: 'deprecation', text: 'Query parameter status is deprecated.' });
  });
});

describe('request body (request direction)', () => {
  it('adding a required field is breaking, reported once', () => {
    const changes = diffSpecs(postWith(object({ apn: { type: 'string' } })), postWith(object({ apn: { type: 'string' }, county: { type: 'string' } }, ['county'])));
    expect(seen(changes)).toEqual([{ kind: 'field-added', severity: 'breaking', location: { in: 'request', mediaType: 'application/json', name: 'county' }, text: 'Required request field county (application/json) was added.' }]);
  });

  it('adding an optional field is non-breaking', () => {
    const changes = diffSpecs(postWith(object({ apn: { type: 'string' } })), postWith(object({ apn: { type: 'string' }, note: { type: 'string' } })));
    expect(seen(changes)).toEqual([{ kind: 'field-added', severity: 'non-breaking', location: { in: 'request', mediaType: 'application/json', name: 'note' }, text: 'Optional request field note (application/json) was added.' }]);
  });

  it('making an optional field required is breaking, with the nested field path', () => {
    const before = postWith(object({ owner: object({ name: { type: 'string' } }) }));
    const after = postWith(object({ owner: object({ name: { type: 'string' } }, ['name']) }));
    expect(seen(diffSpecs(before, after))).toEqual([{ kind: 'field-required', severity: 'breaking', location: { in: 'request', mediaType: 'application/json', name: 'owner.name' }, text: 'Request field owner.name (application/json) is now required.' }]);
  });

  it('making a required field optional is non-breaking', () => {
    const changes = diffSpecs(postWith(object({ apn: { type: 'string' } }, ['apn'])), postWith(object({ apn: { type: 'string' } })));
    expect(seen(changes)).toEqual([{ kind: 'field-optional', severity: 'non-breaking', location: { in: 'request', mediaType: 'application/json', name: 'apn' }, text: 'Request field apn (application/json) is now optional.' }]);
  });

  it('removing a field is breaking', () => {
    const changes = diffSpecs(postWith(object({ apn: { type: 'string' }, note: { type: 'string' } })), postWith(object({ apn: { type: 'string' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'field-removed', severity: 'breaking', location: { name: 'note' } }]);
  });

  it('narrowing an enum (removing a value) is breaking', () => {
    const changes = diffSpecs(postWith(object({ use: { type: 'string', enum: ['residential', 'commercial'] } })), postWith(object({ use: { type: 'string', enum: ['residential'] } })));
    expect(seen(changes)).toEqual([{ kind: 'enum-value-removed', severity: 'breaking', location: { in: 'request', mediaType: 'application/json', name: 'use' }, text: 'Request field use (application/json) no longer accepts the value commercial.' }]);
  });

  it('adding an enum value is non-breaking', () => {
    const changes = diffSpecs(postWith(object({ use: { type: 'string', enum: ['residential'] } })), postWith(object({ use: { type: 'string', enum: ['residential', 'farm', 'industrial'] } })));
    expect(seen(changes)).toEqual([{ kind: 'enum-value-added', severity: 'non-breaking', location: { in: 'request', mediaType: 'application/json', name: 'use' }, text: 'Request field use (application/json) now accepts the values farm and industrial.' }]);
  });

  it('changing a type is breaking', () => {
    const changes = diffSpecs(postWith(object({ acres: { type: 'string' } })), postWith(object({ acres: { type: 'number' } })));
    expect(seen(changes)).toEqual([{ kind: 'type-changed', severity: 'breaking', location: { in: 'request', mediaType: 'application/json', name: 'acres' }, text: 'The type of request field acres (application/json) changed: string became number.' }]);
  });

  it('accepting null as well (OpenAPI 3.1 type list) widens a request: non-breaking, although api-smart-diff says breaking', () => {
    const changes = diffSpecs(postWith(object({ note: { type: 'string' } })), postWith(object({ note: { type: ['string', 'null'] } })));
    expect(seen(changes)).toEqual([{ kind: 'type-changed', severity: 'non-breaking', location: { in: 'request', mediaType: 'application/json', name: 'note' }, text: 'Request field note (application/json) can now be null.' }]);
  });

  it('changing a format is breaking', () => {
    const changes = diffSpecs(postWith(object({ recorded: { type: 'string', format: 'date' } })), postWith(object({ recorded: { type: 'string', format: 'date-time' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'format-changed', severity: 'breaking', text: 'The format of request field recorded (application/json) changed from date to date-time.' }]);
  });

  it('documenting a number size (int64) on a request field is non-breaking', () => {
    const changes = diffSpecs(postWith(object({ count: { type: 'integer' } })), postWith(object({ count: { type: 'integer', format: 'int64' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'format-changed', severity: 'non-breaking' }]);
  });

  it('making the request body required is breaking', () => {
    const changes = diffSpecs(postWith(object({})), postWith(object({}), { required: true }));
    expect(seen(changes)).toEqual([{ kind: 'request-body-required', severity: 'breaking', location: { in: 'request' }, text: 'The request body is now required.' }]);
  });

  it('removing a request media type is breaking', () => {
    const before = spec({ '/parcels': { post: { requestBody: { content: { 'application/json': { schema: object({}) }, 'application/xml': { schema: object({}) } } }, responses: ok } } });
    const after = spec({ '/parcels': { post: { requestBody: { content: { 'application/json': { schema: object({}) } } }, responses: ok } } });
    expect(seen(diffSpecs(before, after))).toMatchObject([{ kind: 'media-type-removed', severity: 'breaking', location: { in: 'request', mediaType: 'application/xml' } }]);
  });
});

describe('responses (response direction)', () => {
  it("a field of an allOf member is named as the object's own field, as its schema tree shows it", () => {
    const withStats = (extra: Spec) => ({ components: { schemas: { Base: object({ period: { type: 'string' } }), Sold: { allOf: [{ $ref: '#/components/schemas/Base' }, object({ sold_count: { type: 'integer' }, ...extra })] } } } });
    const paths = { '/stats': { get: { operationId: 'soldStats', responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({ data: { $ref: '#/components/schemas/Sold' } }) } } } } } } };
    const changes = diffSpecs(spec(paths, withStats({})), spec(paths, withStats({ sale_to_list_ratio: { type: 'number' } })));
    expect(changes.map((c) => [c.kind, c.severity, c.location.name, c.text])).toEqual([['field-added', 'non-breaking', 'data.sale_to_list_ratio', 'Response field data.sale_to_list_ratio (200 application/json) was added.']]);
  });

  it('removing a response field is breaking (api-smart-diff says non-breaking), once per operation that shows it', () => {
    const parcel = (props: Spec) => ({ components: { schemas: { Parcel: object(props) } } });
    const paths = {
      '/parcels/{id}': { get: { operationId: 'getParcel', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } } } } } },
      '/parcels': { get: { operationId: 'listParcels', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Parcel' } } } } } } } },
    };
    const changes = diffSpecs(spec(paths, parcel({ apn: { type: 'string' }, zoning: { type: 'string' } })), spec(paths, parcel({ apn: { type: 'string' } })));
    expect(changes.map((c) => [c.operation?.operationId, c.kind, c.severity, c.location.name, c.text])).toEqual([
      ['listParcels', 'field-removed', 'breaking', '[].zoning', 'Response field [].zoning (200 application/json) was removed.'],
      ['getParcel', 'field-removed', 'breaking', 'zoning', 'Response field zoning (200 application/json) was removed.'],
    ]);
  });

  it('adding a response field is non-breaking', () => {
    const changes = diffSpecs(respondWith(object({ apn: { type: 'string' } })), respondWith(object({ apn: { type: 'string' }, sale_to_list_ratio: { type: 'number' } })));
    expect(seen(changes)).toEqual([{ kind: 'field-added', severity: 'non-breaking', location: { in: 'response', status: '200', mediaType: 'application/json', name: 'sale_to_list_ratio' }, text: 'Response field sale_to_list_ratio (200 application/json) was added.' }]);
  });

  it('a response field no longer always present is breaking', () => {
    const changes = diffSpecs(respondWith(object({ apn: { type: 'string' } }, ['apn'])), respondWith(object({ apn: { type: 'string' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'field-optional', severity: 'breaking', text: 'Response field apn (200 application/json) may now be absent.' }]);
  });

  it('a response enum that gains a value is breaking (clients meet a value they do not know)', () => {
    const changes = diffSpecs(respondWith(object({ status: { type: 'string', enum: ['open'] } })), respondWith(object({ status: { type: 'string', enum: ['open', 'closed'] } })));
    expect(seen(changes)).toMatchObject([{ kind: 'enum-value-added', severity: 'breaking', text: 'Response field status (200 application/json) can now be the value closed.' }]);
  });

  it('a response enum that loses a value is non-breaking', () => {
    const changes = diffSpecs(respondWith(object({ status: { type: 'string', enum: ['open', 'closed'] } })), respondWith(object({ status: { type: 'string', enum: ['open'] } })));
    expect(seen(changes)).toMatchObject([{ kind: 'enum-value-removed', severity: 'non-breaking' }]);
  });

  it('a response field that can now be null is breaking (api-smart-diff says non-breaking)', () => {
    const changes = diffSpecs(respondWith(object({ county: { type: 'string' } })), respondWith(object({ county: { type: ['string', 'null'] } })));
    expect(seen(changes)).toMatchObject([{ kind: 'type-changed', severity: 'breaking', text: 'Response field county (200 application/json) can now be null.' }]);
  });

  it('changing a response field type is breaking, even integer to number (api-smart-diff says non-breaking)', () => {
    const changes = diffSpecs(respondWith(object({ beds: { type: 'integer' } })), respondWith(object({ beds: { type: 'number' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'type-changed', severity: 'breaking', text: 'The type of response field beds (200 application/json) changed: integer became number.' }]);
  });

  it('removing a response status code is breaking', () => {
    const changes = diffSpecs(respondWith(object({}), { '404': { description: 'Not found' } }), respondWith(object({})));
    expect(seen(changes)).toEqual([{ kind: 'status-removed', severity: 'breaking', location: { in: 'response', status: '404' }, text: 'The operation no longer answers with status 404.' }]);
  });

  it('adding a response status code is non-breaking', () => {
    const changes = diffSpecs(respondWith(object({})), respondWith(object({}), { '429': { description: 'Too many requests' } }));
    expect(seen(changes)).toEqual([{ kind: 'status-added', severity: 'non-breaking', location: { in: 'response', status: '429' }, text: 'The operation can now answer with status 429.' }]);
  });

  it('removing a response header is breaking', () => {
    const withHeader = spec({ '/a': { get: { responses: { '200': { description: 'OK', headers: { 'X-Rate-Limit': { schema: { type: 'integer' } } } } } } } });
    const without = spec({ '/a': { get: { responses: { '200': { description: 'OK' } } } } });
    expect(seen(diffSpecs(withHeader, without))).toEqual([{ kind: 'header-removed', severity: 'breaking', location: { in: 'response-header', status: '200', name: 'X-Rate-Limit' }, text: 'Response header X-Rate-Limit (200) was removed.' }]);
  });

  it('deprecating a response field is a deprecation', () => {
    const changes = diffSpecs(respondWith(object({ apn: { type: 'string' } })), respondWith(object({ apn: { type: 'string', deprecated: true } })));
    expect(seen(changes)).toMatchObject([{ kind: 'field-deprecated', severity: 'deprecation', location: { name: 'apn' } }]);
  });
});

describe('security', () => {
  const schemes = { components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, oauth: { type: 'oauth2', flows: {} } } } };

  it('adding a security requirement to an open operation is breaking (api-smart-diff says non-breaking)', () => {
    const changes = diffSpecs(spec({ '/a': { get: { responses: ok } } }, schemes), spec({ '/a': { get: { security: [{ apiKey: [] }], responses: ok } } }, schemes));
    expect(seen(changes)).toEqual([{ kind: 'security-added', severity: 'breaking', location: { in: 'security' }, text: 'The operation now requires authentication: apiKey.' }]);
  });

  it('a security requirement added for the whole document is reported on each operation it applies to', () => {
    const paths = { '/a': { get: { responses: ok } }, '/b': { get: { security: [], responses: ok } } };
    const changes = diffSpecs(spec(paths, schemes), spec(paths, { ...schemes, security: [{ apiKey: [] }] }));
    expect(changes.map((c) => [c.operation?.path, c.kind, c.severity])).toEqual([['/a', 'security-added', 'breaking']]);
  });

  it('accepting another scheme as well is non-breaking', () => {
    const changes = diffSpecs(spec({ '/a': { get: { security: [{ apiKey: [] }], responses: ok } } }, schemes), spec({ '/a': { get: { security: [{ apiKey: [] }, { oauth: ['parcels:read'] }], responses: ok } } }, schemes));
    expect(seen(changes)).toEqual([{ kind: 'security-added', severity: 'non-breaking', location: { in: 'security' }, text: 'The operation now also accepts oauth (parcels:read).' }]);
  });

  it('adding a security scheme to the document is non-breaking, and document-level', () => {
    const changes = diffSpecs(spec({}), spec({}, { components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } } }));
    expect(changes).toEqual([{ operation: undefined, kind: 'security-scheme-added', location: { in: 'security', name: 'apiKey' }, severity: 'non-breaking', text: 'The security scheme apiKey was added.' }]);
  });
});

describe('annotations and what the library leaves unclassified', () => {
  it('descriptions, summaries and examples are annotations', () => {
    const before = spec({ '/a': { get: { summary: 'Get A', description: 'Old.', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string', examples: ['x'] } } } } } } } });
    const after = spec({ '/a': { get: { summary: 'Get an A', description: 'New.', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string', examples: ['y'] } } } } } } } });
    expect(diffSpecs(before, after).map((c) => [c.kind, c.severity])).toEqual([
      ['description-changed', 'annotation'],
      ['description-changed', 'annotation'],
      ['example-changed', 'annotation'],
    ]);
  });

  it('a vendor extension (unclassified by api-smart-diff) is an annotation, not dropped', () => {
    const changes = diffSpecs(spec({ '/a': { get: { responses: ok } } }), spec({ '/a': { get: { 'x-rate-tier': 'gold', responses: ok } } }));
    expect(seen(changes)).toEqual([{ kind: 'extension-changed', severity: 'annotation', location: { in: 'operation' }, text: 'The extension x-rate-tier of the operation changed.' }]);
  });

  it('spec text in a change is plain: no terminal escape sequences or control characters', () => {
    const changes = diffSpecs(respondWith(object({})), respondWith(object({ 'evil\u001b[31mred\u0007': { type: 'string' } })));
    expect(changes[0].text).toBe('Response field evilred  (200 application/json) was added.');
  });
});

describe('where api-smart-diff misreads a refactored schema', () => {
  it('a field kept in an allOf whose member is a recursive schema is not reported removed', () => {
    const components = { components: { schemas: { Repo: object({ name: { type: 'string' }, parent: { $ref: '#/components/schemas/Repo' } }) } } };
    const list = (items: Spec) => spec({ '/repos': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items } } } } } } } }, components);
    const changes = diffSpecs(list({ $ref: '#/components/schemas/Repo' }), list({ allOf: [{ $ref: '#/components/schemas/Repo' }, object({ stars: { type: 'integer' } })] }));
    expect(changes.filter((c) => c.kind === 'field-removed')).toEqual([]);
    expect(changes.filter((c) => c.severity === 'breaking')).toEqual([]);
  });

  it('an enum turned into a oneOf of one-value enums loses no value', () => {
    const before = postWith(object({ pricing: { type: 'string', enum: ['product', 'sku'] } }));
    const after = postWith(object({ pricing: { oneOf: [{ type: 'string', enum: ['bundle'] }, { type: 'string', enum: ['product'] }, { type: 'string', enum: ['sku'] }] } }));
    expect(diffSpecs(before, after).filter((c) => c.kind === 'enum-value-removed')).toEqual([]);
  });
});

describe('a schema inlined where it was a $ref', () => {
  it('reports only what really changed: no type "declared", no existing field "added"', () => {
    const X = { type: 'object', properties: { keys: { type: 'array', items: { type: 'string' } } }, required: ['keys'] };
    const put = (schema: Spec) => spec({ '/a': { put: { requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'Done' } } } } }, { components: { schemas: { X } } });
    const changes = diffSpecs(put({ $ref: '#/components/schemas/X' }), put({ ...X, properties: { ...X.properties, immutable: { type: 'boolean' } } }));
    expect(changes.filter((c) => c.severity === 'breaking')).toEqual([]);
    expect(changes.filter((c) => c.kind === 'field-added').map((c) => [c.location.name, c.severity])).toEqual([['immutable', 'non-breaking']]);
  });
});

describe('enums that appear or disappear', () => {
  it('a response field that gets an enum where it had none is non-breaking (it can hold fewer values)', () => {
    const changes = diffSpecs(respondWith(object({ scope: { type: 'string' } })), respondWith(object({ scope: { type: 'string', enum: ['enterprise', 'user'] } })));
    expect(seen(changes)).toEqual([{ kind: 'enum-added', severity: 'non-breaking', location: { in: 'response', status: '200', mediaType: 'application/json', name: 'scope' }, text: 'Response field scope (200 application/json) is now limited to enterprise and user.' }]);
  });

  it('a request field that gets an enum where it had none is breaking', () => {
    const changes = diffSpecs(postWith(object({ scope: { type: 'string' } })), postWith(object({ scope: { type: 'string', enum: ['enterprise', 'user'] } })));
    expect(seen(changes)).toMatchObject([{ kind: 'enum-added', severity: 'breaking' }]);
  });

  it('a request field whose enum is dropped is non-breaking', () => {
    const changes = diffSpecs(postWith(object({ scope: { type: 'string', enum: ['enterprise', 'user'] } })), postWith(object({ scope: { type: 'string' } })));
    expect(seen(changes)).toMatchObject([{ kind: 'enum-removed', severity: 'non-breaking', text: 'Request field scope (application/json) is no longer limited to a list of values.' }]);
  });
});

describe('diffSpecs', () => {
  it('leaves the documents it compares as they were (the build renders them afterwards)', () => {
    const before = respondWith(object({ scope: { type: 'string' }, parent: { $ref: '#/components/schemas/Node' } }));
    const after = respondWith(object({ scope: { type: 'string', enum: ['a'] } }));
    Object.assign(before, { components: { schemas: { Node: object({ child: { $ref: '#/components/schemas/Node' } }) } } });
    const copies = [structuredClone(before), structuredClone(after)];
    diffSpecs(before, after);
    expect([before, after]).toEqual(copies);
  });
});

describe('paths with the same shape', () => {
  it('two templates that differ only in parameter names, in both versions, are each compared with themselves', () => {
    const paths = {
      '/attestations/{subject_digest}': { get: { operationId: 'listAttestations', responses: ok } },
      '/attestations/{attestation_id}': { delete: { operationId: 'deleteAttestation', responses: ok } },
    };
    const after = structuredClone(paths) as Spec;
    after['/attestations/{attestation_id}'].delete.summary = 'Delete an attestation';
    expect(diffSpecs(spec(paths), spec(after)).map((c) => [c.operation?.operationId, c.kind, c.severity])).toEqual([['deleteAttestation', 'description-changed', 'annotation']]);
  });
});
