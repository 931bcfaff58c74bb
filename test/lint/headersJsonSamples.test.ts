// example-mismatch for response headers and for a spec written as JSON, and code-sample-mismatch
// for a sample written in JSON: what the user reads (code, message, file:line:column).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintProject } from '../../src/lint/project';
import { configSource, writeFiles } from '../helpers/fixture';
import { header, lintYaml, where } from './helpers';

/** A response whose header `X-Rate-Limit-Remaining` has `example` (lines 15 onwards). */
const headerSpec = (example: string, extra = '') => `${header}paths:
  /zones:
    get:
      operationId: listZones
      summary: List zones
      responses:
        '200':
          description: The zones.
          headers:
            X-Rate-Limit-Remaining:
              description: Requests left.
              schema: { type: integer, minimum: 0 }
${example}
${extra}`;

describe('lint/examples: example-mismatch of a response header', () => {
  it('passes a header example that matches (a number, or text that reads as one)', () => {
    expect(where(lintYaml(headerSpec('              example: 5')))).toEqual([]);
    expect(where(lintYaml(headerSpec("              examples:\n                some: { value: '10' }")))).toEqual([]);
  });

  it('reports `example` below the minimum at its value', () => {
    const found = lintYaml(headerSpec('              example: -1'));
    expect(where(found)).toEqual(['example-mismatch 15:24']);
    expect(found[0].severity).toBe('warning');
    expect(found[0].text).toBe('The example of the header "X-Rate-Limit-Remaining" does not match its schema: it must be >= 0.');
  });

  it('reports a named `examples` value of the wrong type at its value, naming the example', () => {
    const found = lintYaml(headerSpec('              examples:\n                low:\n                  value: many'));
    expect(where(found)).toEqual(['example-mismatch 17:26']);
    expect(found[0].text).toBe('The example of the header "X-Rate-Limit-Remaining", example "low", does not match its schema: it must be integer.');
  });

  it('reports a header of components.headers named by $ref once, where it is written, by the name the response gives it', () => {
    const spec = headerSpec(
      '              example: 1',
      `          # and one by reference
components:
  headers:
    Limit:
      description: The limit.
      schema: { type: integer, minimum: 0 }
      example: { value: 3 }
`,
    ).replace('          headers:\n', "          headers:\n            X-Rate-Limit: { $ref: '#/components/headers/Limit' }\n");
    const found = lintYaml(spec);
    expect(where(found)).toEqual(['example-mismatch 23:16']);
    expect(found[0].text).toBe('The example of the header "X-Rate-Limit" does not match its schema: it must be integer.');
  });
});

describe('lint/examples: example-mismatch in a spec written as JSON', () => {
  const document = (count: unknown, remaining: unknown) => ({
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {
      '/zones': {
        get: {
          operationId: 'listZones',
          summary: 'List zones',
          responses: {
            '200': {
              description: 'The zones.',
              headers: { 'X-Rate-Limit-Remaining': { description: 'Requests left.', schema: { type: 'integer', minimum: 0 }, example: remaining } },
              content: { 'application/json': { schema: { type: 'object', properties: { count: { type: 'integer' } } }, example: { count } } },
            },
          },
        },
      },
    },
  });
  const lintJson = async (text: string) => {
    const dir = writeFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.json' } }), 'openapi.json': text, 'content/guides/start.md': '---\ntitle: Start\n---\n\nText.\n' });
    const report = await lintProject({ root: dir });
    return { dir, report };
  };
  /** 1-based line and column of `value` on the (only) line of `text` containing `member`. */
  const positionOf = (text: string, member: string, value: string) => {
    const lines = text.split('\n');
    const index = lines.findIndex((l) => l.includes(member));
    expect(index, member).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.includes(member)), member).toHaveLength(1);
    return `${index + 1}:${lines[index].indexOf(value, lines[index].indexOf(member)) + 1}`;
  };

  it('passes examples that match', async () => {
    const { report } = await lintJson(`${JSON.stringify(document(3, 5), null, 2)}\n`);
    expect(report.specs).toBe(1);
    expect(where(report.diagnostics)).toEqual([]);
  });

  it("reports a body's and a header's mismatch at the JSON text's line and column of the value", async () => {
    const text = `${JSON.stringify(document('many', -1), null, 2)}\n`;
    const { dir, report } = await lintJson(text);
    const count = positionOf(text, '"count": "many"', '"many"');
    const remaining = positionOf(text, '"example": -1', '-1');
    // Sanity of the expectation itself: the values are deep in the file, not at its first lines.
    expect(Number(count.split(':')[0])).toBeGreaterThan(10);
    expect(Number(count.split(':')[1])).toBeGreaterThan(10);
    expect(where(report.diagnostics).sort()).toEqual([`example-mismatch ${count}`, `example-mismatch ${remaining}`].sort());
    expect(report.diagnostics.map((d) => path.relative(dir, d.location!.file))).toEqual(['openapi.json', 'openapi.json']);
    expect(report.diagnostics.map((d) => d.text).sort()).toEqual([
      'The example of the 200 response of GET /zones (application/json) does not match its schema: at /count it must be integer.',
      'The example of the header "X-Rate-Limit-Remaining" does not match its schema: it must be >= 0.',
    ]);
  });
});

describe('lint/codeSamples: code-sample-mismatch of a JSON sample', () => {
  /** A request body schema, and `x-codeSamples` from line 20. */
  const spec = (sample: string) => `${header}paths:
  /zones:
    post:
      operationId: createZone
      summary: Create a zone
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string }
                ttl: { type: integer }
      responses:
        '204': { description: Done. }
      x-codeSamples:
${sample}
`;

  it('passes a JSON sample that matches the request body schema', () => {
    expect(where(lintYaml(spec(`        - lang: JSON\n          source: '{"name": "Park Slope", "ttl": 60}'`)))).toEqual([]);
  });

  it('does not judge a sample in another language, whatever its text', () => {
    expect(where(lintYaml(spec(`        - lang: JavaScript\n          source: '{"ttl": 60}'`)))).toEqual([]);
  });

  it('reports a JSON sample without a required property, at the source, naming the property', () => {
    const found = lintYaml(spec(`        - lang: JSON\n          source: '{"ttl": 60}'`));
    expect(where(found)).toEqual(['code-sample-mismatch 21:19']);
    expect(found[0].severity).toBe('warning');
    expect(found[0].text).toBe('The JSON body of the JSON code sample of POST /zones does not match the request body schema: it must have the required property "name".');
  });

  it('reports a property of the wrong type (lang is case-insensitive; the label names the sample; a block source is reported at its key)', () => {
    const found = lintYaml(spec(`        - lang: json\n          label: Request body\n          source: |\n            {"name": 5}`));
    expect(where(found)).toEqual(['code-sample-mismatch 22:11']);
    expect(found[0].text).toBe('The JSON body of the Request body code sample of POST /zones does not match the request body schema: at /name it must be string.');
  });
});
