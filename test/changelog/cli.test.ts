// `docsgen diff` as a CI job runs it: exit codes (0, 1 with --fail-on breaking, 2 when a spec
// cannot be read), the text report grouped by operation, and the JSON shape.
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture';
import { runDocsgen } from '../faults/harness';

const oldSpec = `openapi: 3.0.3
info: { title: Parcels, version: '1.0' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
        '404': { description: Not found. }
  /parcels:
    get:
      operationId: listParcels
      summary: List parcels
      parameters:
        - { name: county, in: query, schema: { type: string } }
      responses:
        '200': { description: The parcels. }
components:
  schemas:
    Parcel:
      type: object
      properties:
        apn: { type: string }
        zoning: { type: string }
`;

const newSpec = `openapi: 3.0.3
info: { title: Parcels, version: '1.1' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
  /parcels:
    get:
      operationId: listParcels
      summary: List all parcels
      deprecated: true
      parameters:
        - { name: county, in: query, schema: { type: string } }
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200': { description: The parcels. }
components:
  schemas:
    Parcel:
      type: object
      properties:
        apn: { type: string }
        sale_to_list_ratio: { type: number }
`;

/** The same API with only an optional parameter added: nothing breaks. */
const compatibleSpec = oldSpec.replace("        - { name: county, in: query, schema: { type: string } }\n", "        - { name: county, in: query, schema: { type: string } }\n        - { name: page, in: query, schema: { type: integer } }\n");

const files = { 'old.yaml': oldSpec, 'new.yaml': newSpec, 'compatible.yaml': compatibleSpec };

describe('docsgen diff', () => {
  it('prints the changes grouped by operation, breaking first, then a summary, and exits 0', async () => {
    const dir = writeFiles(files);
    const run = await runDocsgen(['diff', 'old.yaml', 'new.yaml'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'GET /parcels/{id}',
        '  ✗ breaking      The operation no longer answers with status 404.',
        '  ✗ breaking      Response field zoning (200 application/json) was removed.',
        '  + non-breaking  Response field sale_to_list_ratio (200 application/json) was added.',
        '',
        'GET /parcels',
        '  ! deprecation   The operation is deprecated.',
        '  + non-breaking  Optional query parameter page was added.',
        '  · annotation    The summary of the operation changed.',
        '',
        'Document',
        "  · annotation    The document's info changed (version 1.0 → 1.1).",
        '',
        '7 changes: 2 breaking, 2 non-breaking, 1 deprecation, 2 annotations',
        '',
      ].join('\n'),
    );
  });

  it('--fail-on breaking exits 1 and names the breaking changes', async () => {
    const dir = writeFiles(files);
    const run = await runDocsgen(['diff', 'old.yaml', 'new.yaml', '--fail-on', 'breaking'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      ['✗ 2 breaking changes (--fail-on breaking):', '  GET /parcels/{id}: The operation no longer answers with status 404.', '  GET /parcels/{id}: Response field zoning (200 application/json) was removed.', ''].join('\n'),
    );
  });

  it('--fail-on breaking exits 0 when nothing breaks', async () => {
    const dir = writeFiles(files);
    const run = await runDocsgen(['diff', 'old.yaml', 'compatible.yaml', '--fail-on', 'breaking'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 change: 0 breaking, 1 non-breaking, 0 deprecations, 0 annotations');
    expect(run.stderr).toBe('');
  });

  it('--format json prints { before, after, changes, summary }', async () => {
    const dir = writeFiles(files);
    const run = await runDocsgen(['diff', 'old.yaml', 'new.yaml', '--format', 'json'], dir);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(['before', 'after', 'changes', 'summary']);
    expect(report.before).toMatch(/old\.yaml$/);
    expect(report.summary).toEqual({ total: 7, breaking: 2, 'non-breaking': 2, deprecation: 1, annotation: 2 });
    expect(report.changes).toContainEqual({
      operation: { method: 'get', path: '/parcels/{id}', operationId: 'getParcel' },
      kind: 'field-removed',
      location: { in: 'response', status: '200', mediaType: 'application/json', name: 'zoning' },
      severity: 'breaking',
      text: 'Response field zoning (200 application/json) was removed.',
    });
    expect(report.changes).toContainEqual({
      operation: { method: 'get', path: '/parcels', operationId: 'listParcels' },
      kind: 'parameter-added',
      location: { in: 'parameter', name: 'page', parameterIn: 'query' },
      severity: 'non-breaking',
      text: 'Optional query parameter page was added.',
    });
  });

  it('compares a Swagger 2.0 spec with an OpenAPI 3.1 one (2.0 converted first)', async () => {
    const swagger = `swagger: '2.0'
info: { title: Parcels, version: '1.0' }
paths:
  /parcels/{id}:
    get:
      produces: [application/json]
      parameters:
        - { name: id, in: path, required: true, type: string }
      responses:
        '200':
          description: The parcel.
          schema: { $ref: '#/definitions/Parcel' }
definitions:
  Parcel: { type: object, properties: { apn: { type: string } } }
`;
    const openapi31 = `openapi: 3.1.0
info: { title: Parcels, version: '1.0' }
paths:
  /parcels/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Parcel: { type: object, properties: { apn: { type: [string, 'null'] } } }
`;
    const dir = writeFiles({ 'v2.yaml': swagger, 'v3.yaml': openapi31 });
    const run = await runDocsgen(['diff', 'v2.yaml', 'v3.yaml', '--format', 'json'], dir);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).changes.map((c: { kind: string; severity: string; text: string }) => [c.kind, c.severity, c.text])).toEqual([
      ['info-changed', 'annotation', "The document's openapi changed (version 3.0.0 → 3.1.0)."],
      ['type-changed', 'breaking', 'Response field apn (200 application/json) can now be null.'],
    ]);
  });

  it('prints no terminal escape sequence or control character that a spec contains', async () => {
    const evil = '/parcels/\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J';
    const before = { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { [evil]: { get: { responses: { '200': { description: 'OK' } } } } } };
    const after = { ...before, paths: {} };
    const dir = writeFiles({ 'before.json': JSON.stringify(before), 'after.json': JSON.stringify(after) });
    const run = await runDocsgen(['diff', 'before.json', 'after.json', '--fail-on', 'breaking'], dir, { env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('GET /parcels/');
    expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f]|\u001b[^[]|\u001b\[(?!\d*m)/);
  });

  it('exits 2 naming the file when a spec does not exist', async () => {
    const dir = writeFiles(files);
    const run = await runDocsgen(['diff', 'old.yaml', 'missing.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('✗ error missing.yaml The OpenAPI spec file does not exist.');
  });

  it('exits 2 with the file and line when a spec is not valid YAML', async () => {
    const dir = writeFiles({ ...files, 'broken.yaml': "openapi: 3.0.3\ninfo: { title: Parcels\npaths: {}\n" });
    const run = await runDocsgen(['diff', 'broken.yaml', 'new.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/✗ error broken\.yaml:3:1 The OpenAPI spec from .*broken\.yaml is not valid YAML or JSON/);
  });

  it('--help explains the exit codes and gating a pull request in GitHub Actions', async () => {
    const run = await runDocsgen(['diff', '--help'], process.cwd());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--fail-on <severity>');
    expect(run.stdout).toContain('1 breaking changes found with --fail-on breaking');
    expect(run.stdout).toContain('npx docsgen diff /tmp/base-openapi.yaml openapi.yaml --fail-on breaking');
  });
});
