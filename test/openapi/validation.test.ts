// #16: a spec that is invalid fails with messages that say where: the file, line and column of
// the key, the JSON pointer of the value, and the key that is unknown or missing. And it fails
// before the pages are rendered (a large spec rendered for minutes, then failed).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic';
import { formatDiagnostic } from '../../src/diagnostics/format';
import { locatePointers } from '../../src/openapi/locate';
import { startValidator } from '../../src/openapi/validator';
import { buildFails, buildFiles, configSource } from '../helpers/fixture';

const SLOW = { timeout: 90_000 };

const site = (file: string, spec: string) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: file, downloadUrl: 'https://api.test.example/docs/yaml' } }),
  [file]: spec,
});

/** `file:line:column text`, as a reader sees the diagnostic (minus severity and code frame). */
const located = (d: Diagnostic) => `${path.basename(d.location!.file)}:${d.location!.line}:${d.location!.column} ${d.text}`;

const yamlSpec = `openapi: 3.0.3
info:
  title: Zones
  version: '1.0'
paths:
  /zones:
    get:
      summry: List zones
      responses:
        '200':
          description: 42
    post:
      responses:
        '201':
          content: {}
`;

// The same mistakes in JSON, written over several lines as people write JSON specs.
const jsonSpec = `{
  "openapi": "3.0.3",
  "info": { "title": "Zones", "version": "1.0" },
  "paths": {
    "/zones": {
      "get": {
        "summry": "List zones",
        "responses": {
          "200": { "description": 42 }
        }
      },
      "post": {
        "responses": {
          "201": { "content": {} }
        }
      }
    }
  }
}
`;

describe('#16 validation errors name the file, line, column, pointer and key', () => {
  it('in a YAML spec', async () => {
    const { error } = await buildFails(site('openapi.yaml', yamlSpec));
    expect(error.diagnostics.map(located)).toEqual([
      'openapi.yaml:8:7 /paths/~1zones/get: unknown key "summry" (must NOT have additional properties).',
      'openapi.yaml:11:11 /paths/~1zones/get/responses/200/description must be string (got integer).',
      'openapi.yaml:14:9 /paths/~1zones/post/responses/201: the required key "description" is missing.',
    ]);
    expect(error.diagnostics.every((d) => d.code === 'spec-invalid' && d.severity === 'error')).toBe(true);
    // The one formatter prints the place first, then the line with a caret under the key.
    const printed = formatDiagnostic(error.diagnostics[0], { color: false, cwd: path.dirname(error.diagnostics[0].location!.file) });
    expect(printed.split('\n')).toEqual(['✗ error openapi.yaml:8:7 /paths/~1zones/get: unknown key "summry" (must NOT have additional properties).', '    8 |       summry: List zones', '              ^']);
  });

  it('in a JSON spec', async () => {
    const { error } = await buildFails(site('openapi.json', jsonSpec));
    expect(error.diagnostics.map(located)).toEqual([
      'openapi.json:7:9 /paths/~1zones/get: unknown key "summry" (must NOT have additional properties).',
      'openapi.json:9:20 /paths/~1zones/get/responses/200/description must be string (got integer).',
      'openapi.json:14:11 /paths/~1zones/post/responses/201: the required key "description" is missing.',
    ]);
  });

  it('reports a mistake in a schema that many operations use once, where the schema is written, through the $ref', async () => {
    const spec = `openapi: 3.0.3
info: { title: Zones, version: '1.0' }
paths:
  /zones:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Zone' }
  /zones/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Zone' }
components:
  schemas:
    Zone:
      type: object
      properties:
        name:
          type: string
          nullable: 'yes'
`;
    const { error } = await buildFails(site('openapi.yaml', spec));
    expect(error.diagnostics.map(located)).toEqual(['openapi.yaml:29:11 /components/schemas/Zone/properties/name/nullable must be boolean (got string).']);
    expect(error.diagnostics[0].notes).toEqual(['The validator reached it through the $ref at /paths/~1zones/get/responses/200/content/application~1json/schema.']);
  });

  it('locates a Swagger 2.0 spec\'s errors in the Swagger file (before it is converted)', async () => {
    const spec = `swagger: '2.0'
info: { title: Permits, version: '1' }
paths:
  /permits:
    get:
      operationId: listPermits
      responses:
        '200':
          descripton: OK
`;
    const { error } = await buildFails(site('swagger.yaml', spec));
    expect(error.diagnostics.map(located)).toEqual(['swagger.yaml:8:9 /paths/~1permits/get/responses/200: the required key "description" is missing.']);
  });

  it('names the parameter key that is missing (`in`), not a branch of the schema the validator tried', async () => {
    const spec = `openapi: 3.0.3
info: { title: Permits, version: '1' }
paths:
  /permits:
    get:
      parameters:
        - name: status
          schema: { type: string }
      responses:
        '200': { description: OK }
`;
    const { error } = await buildFails(site('openapi.yaml', spec));
    expect(error.diagnostics.map(located)).toEqual(['openapi.yaml:7:11 /paths/~1permits/get/parameters/0: the required key "in" is missing.']);
  });

  it('fails before any page is rendered', async () => {
    // 240 operations: enough pages for the renderer to report its progress (over 200).
    const operations = Array.from({ length: 240 }, (_, i) => `  /zones/z${i}:\n    get:\n      operationId: zone${i}\n      responses:\n        '200': { description: OK }\n`).join('');
    const spec = `openapi: 3.0.3\ninfo: { title: Zones, version: '1.0' }\npaths:\n${operations}  /broken:\n    get:\n      responses:\n        '200': { description: [not, a, string] }\n`;
    const logger = (await import('../../src/diagnostics/logger')).createMemoryLogger();
    const { error } = await buildFails(site('openapi.yaml', spec), { logger });
    expect(error.diagnostics.map(located)).toEqual([`openapi.yaml:${3 + 240 * 5 + 4}:18 /paths/~1broken/get/responses/200/description must be string (got array).`]);
    expect(logger.lines.filter((l) => l.startsWith('rendering pages'))).toEqual([]);
  });

  // The site stage makes pages without yielding: the thread's verdict, a message, waits until it
  // ends. The thread also says "errors found" in shared memory, which the stage reads and stops at
  // (src/build.ts), so a large spec's mistake fails the build without making the rest of its pages.
  it("says a spec has errors while the build's thread is busy, before the verdict's message is handled", SLOW, async () => {
    const validator = startValidator();
    const verdict = validator.validate({ text: yamlSpec, source: '/site/openapi.yaml' });
    const until = Date.now() + 60_000;
    while (!validator.foundErrors() && Date.now() < until); // busy, as the site stage is
    expect(validator.foundErrors()).toBe(true);
    expect((await verdict).errors.length).toBeGreaterThan(0);

    const valid = startValidator();
    expect(await valid.validate({ text: "openapi: 3.0.3\ninfo: { title: Zones, version: '1.0' }\npaths: {}\n", source: '/site/openapi.yaml' })).toEqual({ errors: [], warnings: [] });
    expect(valid.foundErrors()).toBe(false);
  });

  it('locates keys and array items in minified JSON and in flow-style YAML', () => {
    const minified = '{"paths":{"/a":{"get":{"parameters":[{"name":"x"},{"name":"y","in":"query"}]}}}}';
    expect(Object.fromEntries(locatePointers(minified, ['/paths/~1a/get', '/paths/~1a/get/parameters/1', '/paths/~1a/get/parameters/1/in', '/nope']))).toEqual({
      '/paths/~1a/get': { line: 1, column: 17, lineText: minified },
      '/paths/~1a/get/parameters/1': { line: 1, column: 51, lineText: minified },
      '/paths/~1a/get/parameters/1/in': { line: 1, column: 63, lineText: minified },
    });
    const flow = 'paths:\n  /a: { get: { parameters: [ { name: x }, { name: y } ] } }\n';
    expect(locatePointers(flow, ['/paths/~1a/get/parameters/1/name']).get('/paths/~1a/get/parameters/1/name')).toMatchObject({ line: 2, column: 45 });
  });

  it('locates many pointers at once, asked in any order, several on one line, in a text with CRLF line ends', () => {
    const text = ['openapi: 3.0.3', 'info:', '  title: Zones', 'paths:', '  /b: { get: { summary: B } }', '  /a:', '    get:', '      summary: A'].join('\r\n');
    expect(Object.fromEntries(locatePointers(text, ['/paths/~1a/get/summary', '/paths/~1b/get/summary', '/info/title', '/paths/~1b/get', '/openapi']))).toEqual({
      '/paths/~1a/get/summary': { line: 8, column: 7, lineText: '      summary: A' },
      '/paths/~1b/get/summary': { line: 5, column: 16, lineText: '  /b: { get: { summary: B } }' },
      '/paths/~1b/get': { line: 5, column: 9, lineText: '  /b: { get: { summary: B } }' },
      '/info/title': { line: 3, column: 3, lineText: '  title: Zones' },
      '/openapi': { line: 1, column: 1, lineText: 'openapi: 3.0.3' },
    });
  });

  it('names a path key without its leading slash, and accepts extensions among the paths', async () => {
    const spec = `openapi: 3.0.3
info: { title: Zones, version: '1.0' }
paths:
  x-codegen-contextRoot: /v1
  zones:
    get:
      responses:
        '200': { description: OK }
`;
    const { error } = await buildFails(site('openapi.yaml', spec));
    expect(error.diagnostics.map(located)).toEqual(['openapi.yaml:5:3 /paths: the key "zones" must begin with a leading slash.']);
    const valid = spec.replace('  zones:', '  /zones:');
    const f = await buildFiles(site('openapi.yaml', valid));
    expect(f.result.diagnostics.filter((d) => d.code.startsWith('spec-'))).toEqual([]);
  });

  it('names an unknown key that holds a slash', async () => {
    const spec = `openapi: 3.0.3
info: { title: Zones, version: '1.0' }
paths:
  /zones:
    get:
      responses:
        '404':
          description: Not found
          content:
            application/json:
              schema:
                type: object
                /zones/{id}: null
`;
    const { error } = await buildFails(site('openapi.yaml', spec));
    expect(error.diagnostics.map(located)).toEqual(['openapi.yaml:13:17 /paths/~1zones/get/responses/404/content/application~1json/schema: unknown key "/zones/{id}" (must NOT have additional properties).']);
  });
});
