import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../../src/openapi/model';

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

describe('openapi/model: webhooks, hidden operations and tags, nested tags', () => {
  const build = (document: object) => buildApiModel({ info: { title: 'Shop API', version: '1' }, ...document }, { onDuplicateRoutes: 'warn', source: 'spec.yaml' });

  it('reads webhooks (3.1) and x-webhooks (3.0, also written like callbacks: event → URL expression → path item), each under /api/webhooks/', () => {
    const { model } = build({
      webhooks: { 'order.shipped': { post: op({ summary: 'Order shipped' }) } },
      'x-webhooks': { 'inbound-sms': { '{$request.body#/callback}': { post: op({ summary: 'Inbound SMS' }) } }, refund: { post: op(), put: op() } },
    });
    expect(model.webhooks.map((w) => [w.event, w.method, w.path, w.slug, w.summary])).toEqual([
      ['order.shipped', 'post', '', 'order-shipped', 'Order shipped'],
      ['inbound-sms', 'post', '{$request.body#/callback}', 'inbound-sms', 'Inbound SMS'],
      ['refund', 'put', '', 'refund-put', 'refund'],
      ['refund', 'post', '', 'refund-post', 'refund'],
    ]);
    expect(model.operations).toEqual([]);
  });

  it('titles a webhook by its summary, else its event; a summary that is a paragraph yields the title to a one-line description', () => {
    const paragraph = 'This event occurs when there is activity on a pull request.\n\nTo subscribe to it, an app needs read access.';
    const { model } = build({
      webhooks: {
        'pull-request-opened': { post: op({ summary: paragraph, description: 'A pull request was created' }) },
        'pull-request-closed': { post: op({ summary: paragraph }) },
        'issue-opened': { post: op({ summary: 'Issue opened', description: 'Sent when an issue is opened.' }) },
      },
    });
    expect(model.webhooks.map((w) => [w.summary, w.description])).toEqual([
      ['A pull request was created', paragraph],
      ['pull-request-closed', paragraph],
      ['Issue opened', 'Sent when an issue is opened.'],
    ]);
  });

  it('reserves /api/webhooks: an operation named "webhooks" gets another route', () => {
    const { model, diagnostics } = build({ paths: { '/hooks': { get: op({ operationId: 'webhooks' }) } } });
    expect(model.operations[0].slug).toBe('webhooks-2');
    expect(diagnostics.map((d) => d.text)).toEqual(['The route /api/webhooks is wanted by both a reserved docsgen route and the operation GET /hooks; the operation GET /hooks gets /api/webhooks-2 instead.']);
  });

  it('leaves out what x-internal or x-excluded marks: operations, path items, tags (with their operations) and webhooks', () => {
    const { model } = build({
      tags: [{ name: 'Public' }, { name: 'Admin', 'x-internal': true }, { name: 'Audit', parent: 'Admin' }],
      paths: {
        '/a': { get: op({ operationId: 'shown', tags: ['Public'] }), post: op({ operationId: 'internalOp', 'x-internal': true }), put: op({ operationId: 'excludedOp', 'x-excluded': true }) },
        '/b': { 'x-internal': true, get: op({ operationId: 'internalPath' }) },
        '/c': { get: op({ operationId: 'adminOnly', tags: ['Admin'] }), post: op({ operationId: 'auditOnly', tags: ['Audit'] }), put: op({ operationId: 'adminAndPublic', tags: ['Admin', 'Public'] }) },
      },
      webhooks: { secret: { post: op({ 'x-internal': true }) }, open: { post: op() } },
    });
    expect(model.operations.map((o) => [o.operationId, o.tag])).toEqual([
      ['shown', 'Public'],
      ['adminAndPublic', 'Public'],
    ]);
    expect(model.tags.map((t) => t.name)).toEqual(['Public']);
    expect(model.webhooks.map((w) => w.event)).toEqual(['open']);
  });

  it('nests tags by parent at any depth, parents first, and keeps a parent whose only operations are its children’s', () => {
    const { model, diagnostics } = build({
      tags: [{ name: 'Leaf', parent: 'Middle' }, { name: 'Root' }, { name: 'Middle', parent: 'Root' }, { name: 'Empty' }],
      paths: { '/x': { get: op({ operationId: 'x', tags: ['Leaf'] }) } },
    });
    expect(diagnostics).toEqual([]);
    expect(model.tags.map((t) => [t.name, t.parent, t.operations.length])).toEqual([
      ['Root', undefined, 0],
      ['Middle', 'Root', 0],
      ['Leaf', 'Middle', 1],
    ]);
  });

  it('warns about a cycle of parents or an unknown parent, and breaks it: every tag is still shown', () => {
    const { model, diagnostics } = build({
      tags: [{ name: 'A', parent: 'B' }, { name: 'B', parent: 'A' }, { name: 'C', parent: 'Nope' }],
      paths: { '/a': { get: op({ operationId: 'getA', tags: ['A'] }) }, '/b': { get: op({ operationId: 'getB', tags: ['B'] }) }, '/c': { get: op({ operationId: 'getC', tags: ['C'] }) } },
    });
    expect(diagnostics.map((d) => [d.code, d.severity, d.text, d.notes])).toEqual([
      ['tag-parent-cycle', 'warning', 'The tags\' parents form a cycle ("A" → "B" → "A"); the parent of "A" is ignored.', ['in the OpenAPI spec at /tags/0/parent']],
      ['tag-parent-unknown', 'warning', 'The tag "C" names "Nope" as its parent, which is no tag of the spec; "C" is shown at the top level.', ['in the OpenAPI spec at /tags/2/parent']],
    ]);
    expect(model.tags.map((t) => [t.name, t.parent])).toEqual([
      ['A', undefined],
      ['B', 'A'],
      ['C', undefined],
    ]);
  });

  it('keeps x-tagGroups with the tags shown, dropping unknown tags and empty groups', () => {
    const { model } = build({
      'x-tagGroups': [{ name: 'Core', tags: ['Orders', 'Missing'] }, { name: 'Nothing', tags: ['Missing'] }],
      paths: { '/o': { get: op({ operationId: 'o', tags: ['Orders'] }) }, '/p': { get: op({ operationId: 'p', tags: ['Payments'] }) } },
    });
    expect(model.tagGroups).toEqual([{ name: 'Core', tags: ['Orders'] }]);
  });
});

describe('openapi/model: slug length', () => {
  const long = (start: string) => `${start}${'AndThenSomethingElse'.repeat(15)}`; // 300+ characters
  const bytes = (s: string) => Buffer.byteLength(s);

  it('caps slugs at 120 bytes with a hash of the whole; shorter slugs are unchanged', () => {
    const { model } = buildApiModel(
      {
        info: { title: 'Long', version: '1' },
        tags: [{ name: long('tag') }],
        paths: { '/a': { get: op({ operationId: long('getA'), tags: [long('tag')] }) }, '/b': { get: op({ operationId: long('getB') }) }, '/c': { get: op({ operationId: 'shortName' }) } },
        components: { schemas: { [long('Schema')]: { type: 'object' } } },
      },
      { onDuplicateRoutes: 'warn', source: 's' },
    );
    const [a, b, c] = model.operations.map((o) => o.slug);
    for (const slug of [a, b, model.tags[0].slug, model.schemas[0].slug]) {
      expect(bytes(slug)).toBeLessThanOrEqual(120);
      expect(slug).toMatch(/^[a-z0-9-]+-[0-9a-f]{8}$/);
    }
    expect(a.startsWith('get-a-and-then-something-else')).toBe(true);
    expect(a).not.toBe(b);
    expect(c).toBe('short-name');
  });

  it('gives the same long operationId the same slug in every build, and two equal ones distinct slugs', () => {
    const spec = () => ({ info: { title: 'Long', version: '1' }, paths: { '/a': { get: op({ operationId: long('get') }), put: op({ operationId: long('get') }) } } });
    const first = buildApiModel(spec(), { onDuplicateRoutes: 'warn', source: 's' });
    const second = buildApiModel(spec(), { onDuplicateRoutes: 'warn', source: 's' });
    expect(first.model.operations.map((o) => o.slug)).toEqual(second.model.operations.map((o) => o.slug));
    const [x, y] = first.model.operations.map((o) => o.slug);
    expect(y).toBe(`${x}-2`);
    expect(first.diagnostics.map((d) => d.code)).toEqual(['duplicate-route']);
  });
});
