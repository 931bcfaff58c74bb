import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../../src/openapi/model';
import { describeValidationMessage, pointerByLine } from '../../../src/openapi/validate';

const op = (extra: object = {}) => ({ responses: { 200: { description: 'OK' } }, ...extra });

describe('openapi/model', () => {
  it('slugs operations from operationId, else summary, else method and path; tags and overview from their names', () => {
    const { model, diagnostics } = buildApiModel(
      {
        info: { title: 'Hyperlocal API Reference', version: '1' },
        tags: [{ name: 'Market Statistics' }],
        paths: {
          '/a': { get: op({ operationId: 'activeMarketStatistics', tags: ['Market Statistics'] }) },
          '/b': { get: op({ summary: 'Sold market statistics', tags: ['Market Statistics'] }) },
          '/c/{id}': { delete: op({ tags: ['Market Statistics'] }) },
        },
      },
      { onDuplicateRoutes: 'warn', source: 'spec.yaml' },
    );
    expect(diagnostics).toEqual([]);
    expect(model.overviewSlug).toBe('hyperlocal-api-reference');
    expect(model.tags.map((t) => t.slug)).toEqual(['market-statistics']);
    expect(model.operations.map((o) => o.slug)).toEqual(['active-market-statistics', 'sold-market-statistics', 'delete-c-id']);
  });

  it('never overwrites on a slug collision: reports it and suffixes deterministically', () => {
    const { model, diagnostics } = buildApiModel(
      {
        info: { title: 'Parcels', version: '1' },
        tags: [{ name: 'Parcels' }],
        paths: { '/p': { get: op({ operationId: 'getParcel', tags: ['Parcels'] }), post: op({ operationId: 'get_parcel', tags: ['Parcels'] }) } },
      },
      { onDuplicateRoutes: 'warn', source: 'spec.yaml' },
    );
    expect([model.overviewSlug, model.tags[0].slug, ...model.operations.map((o) => o.slug)]).toEqual(['parcels', 'parcels-2', 'get-parcel', 'get-parcel-2']);
    expect(diagnostics.map((d) => [d.severity, d.text])).toEqual([
      ['warning', 'The route /api/parcels is wanted by both the overview ("Parcels") and the tag "Parcels"; the tag "Parcels" gets /api/parcels-2 instead.'],
      ['warning', 'The route /api/get-parcel is wanted by both the operation GET /p and the operation POST /p; the operation POST /p gets /api/get-parcel-2 instead.'],
    ]);
  });

  it('fails on collisions under onDuplicateRoutes: "throw"', () => {
    const { diagnostics } = buildApiModel({ info: { title: 'Things' }, paths: { '/x': { get: op({ operationId: 'x' }), put: op({ operationId: 'X' }) } } }, { onDuplicateRoutes: 'throw', source: 's' });
    expect(diagnostics.map((d) => d.severity)).toEqual(['error']);
  });

  it('merges path-level parameters into each operation, the operation winning', () => {
    const { model } = buildApiModel(
      { info: { title: 'X' }, paths: { '/x/{id}': { parameters: [{ name: 'id', in: 'path', description: 'shared' }, { name: 'v', in: 'header' }], get: op({ parameters: [{ name: 'id', in: 'path', description: 'own' }] }) } } },
      { onDuplicateRoutes: 'warn', source: 's' },
    );
    expect(model.operations[0].parameters.map((p) => `${p.name}:${p.description ?? ''}`)).toEqual(['v:', 'id:own']);
  });
});

describe('openapi/validate', () => {
  it('maps a line of the validator\'s JSON code frame to a JSON pointer', () => {
    const doc = { openapi: '3.0.3', paths: { '/a/{id}': { get: { parameters: [{ name: 'id' }], responses: { 200: { content: {} } } } } } };
    const pointers = pointerByLine(doc);
    const json = JSON.stringify(doc, null, 2).split('\n');
    expect(json[pointers.indexOf('/paths/~1a~1{id}/get/parameters/0') - 1].trim()).toBe('{');
    const message = `REQUIRED must have required property 'description'\n\n> ${json.findIndex((l) => l.includes('"200"')) + 1} |     "200": {`;
    expect(describeValidationMessage(message, doc, () => pointers)).toEqual({ message: "must have required property 'description'", keyword: 'required', key: 'description', pointer: '/paths/~1a~1{id}/get/responses/200' });
  });
});
