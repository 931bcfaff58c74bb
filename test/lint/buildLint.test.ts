// The quality gate inside `docsgen build` (src/lint/buildLint.ts): a small spec is checked in the
// build's own thread, a large one by its validation thread on the parse it validates (or, when
// that thread did not check it, in a thread of its own); a reader sees the same findings either
// way, and the validator's verdict does not change for having shared its parse.
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve';
import { lintBuild, THREAD_MIN_CHARS } from '../../src/lint/buildLint';
import { buildLintJob } from '../../src/lint/specLint';
import { parseSpec } from '../../src/openapi/load';
import { startValidator } from '../../src/openapi/validator';
import { liveWorkers } from '../../src/workers';
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { buildFiles, configSource, writeFiles } from '../helpers/fixture';

const config = resolveConfig({ title: 'Zones docs', url: 'https://docs.test.example', navbar: { items: [] }, footer: {}, openapi: { spec: 'openapi.yaml' } } as never, '/site/docsgen.config.ts');
const SOURCE = '/site/openapi.yaml';

/**
 * A spec with two examples that do not match their schemas: a response's (line 13) and a
 * component property's (line 29), the latter reached from the response through two `$ref`s. Its
 * description is padded to `length` characters on line 2; `{id}` in the second path is declared
 * by no parameter, which the validator warns of.
 */
const specText = (length: number) => `openapi: 3.0.3
info: { title: Zones, version: '1', description: '${'z'.repeat(length)}' }
paths:
  /zones:
    get:
      operationId: listZones
      responses:
        '200':
          description: The zones
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Count' }
              example: { count: many }
  /zones/{id}:
    get:
      operationId: getZone
      responses:
        '200': { description: The zone }
components:
  schemas:
    Count:
      type: object
      properties:
        count: { type: integer }
        zone: { $ref: '#/components/schemas/Zone' }
    Zone:
      type: object
      properties:
        area: { type: number, example: large }
`;

const checked = (text: string, linted?: Promise<any>) => lintBuild(config, [], [{ document: parseSpec(text, SOURCE) as Record<string, any>, source: SOURCE, text, linted }]);
const where = (list: { code: string; location?: { file: string; line?: number } }[]) => list.map((d) => `${d.code} ${d.location?.file}:${d.location?.line}`);
const lintRules = { job: buildLintJob(config), minChars: THREAD_MIN_CHARS };

describe('the quality gate of a build', () => {
  it('checks a small spec in the build itself and a large one in a thread, with the same findings at the same place', async () => {
    const small = checked(specText(10));
    expect(where(small.found)).toEqual([`example-mismatch ${SOURCE}:13`, `example-mismatch ${SOURCE}:29`]);
    expect(await small.pending).toEqual([]);

    const largeText = specText(THREAD_MIN_CHARS);
    expect(largeText.length).toBeGreaterThanOrEqual(THREAD_MIN_CHARS);
    const large = checked(largeText);
    expect(large.found).toEqual([]);
    expect(await large.pending).toEqual(small.found);
  });

  it("checks a large spec in its validation thread, on the parse it validates, with the validator's verdict unchanged", async () => {
    const text = specText(THREAD_MIN_CHARS);
    const alone = await startValidator().validate({ text, source: SOURCE });
    const shared = startValidator(lintRules);
    const verdict = await shared.validate({ text, source: SOURCE });
    expect(verdict).toEqual(alone);
    expect(verdict.warnings.map((w) => w.message).join('\n')).toMatch(/\{id\}/);

    // The build takes those findings, and starts no thread of its own for them.
    const before = liveWorkers();
    const build = checked(text, shared.linted());
    expect(liveWorkers()).toBe(before);
    expect(build.found).toEqual([]);
    // The rules ran before the validator dereferenced the document in place: the component's
    // example is found once, where it is written, not again inside the response that uses it.
    expect(await build.pending).toEqual(checked(specText(10)).found);
  });

  it('leaves a small spec, and a Swagger 2.0 text, to the build', async () => {
    const small = startValidator(lintRules);
    await small.validate({ text: specText(10), source: SOURCE });
    expect(small.linted()).toBeUndefined();

    const swagger = startValidator(lintRules);
    const text = `swagger: '2.0'\ninfo: { title: Zones, version: '1', description: '${'z'.repeat(THREAD_MIN_CHARS)}' }\npaths: {}\n`;
    expect(await swagger.validate({ text, source: '/site/swagger.yaml' })).toEqual({ errors: [], warnings: [] });
    expect(await swagger.linted()).toBeUndefined();
  });

  it('rejects both answers, rather than waiting for ever, when the thread is ended before it answers', async () => {
    const validator = startValidator(lintRules);
    const verdict = validator.validate({ text: specText(THREAD_MIN_CHARS), source: SOURCE });
    const linted = validator.linted()!;
    validator.terminate();
    await expect(verdict).rejects.toThrow(/stopped .* before it answered/);
    await expect(linted).rejects.toThrow(/stopped .* before it answered/);

    // Ended before it was asked, and asked once it has stopped.
    const ended = startValidator(lintRules);
    ended.terminate();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(ended.validate({ text: specText(THREAD_MIN_CHARS), source: SOURCE })).rejects.toThrow(/stopped .* before it answered/);
    await expect(ended.linted()).rejects.toThrow(/stopped .* before it answered/);
  });

  it("keeps a large spec's example verdicts in the build cache: after any edit, a build from the cache reports what a build without it does", { timeout: 120_000 }, async () => {
    const root = writeFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }), 'openapi.yaml': specText(THREAD_MIN_CHARS) });
    const spec = path.join(root, 'openapi.yaml');
    const edit = (from: string, to: string) => fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace(from, to));
    const mismatches = async (cacheDir: string | false) => {
      const { diagnostics } = await build({ root, logger: createMemoryLogger(), cacheDir, outDir: path.join(root, cacheDir ? 'cached' : 'cold') });
      return where(diagnostics.filter((d) => d.code === 'example-mismatch')).map((s) => s.replace(/^.*openapi\.yaml/, 'openapi.yaml'));
    };
    const cache = path.join(root, '.cache');
    expect(await mismatches(cache)).toEqual(['openapi.yaml:13', 'openapi.yaml:29']);
    // The spec's thread keeps them there itself.
    expect(fs.readdirSync(cache)).toContain('example-verdicts');
    const steps: [string, string, string[]][] = [
      // The spec's title: every example is judged as before.
      ['title: Zones,', 'title: Zones API,', ['openapi.yaml:13', 'openapi.yaml:29']],
      // A component the response's example reaches through a $ref: that example now matches.
      ['count: { type: integer }', 'count: { type: string }', ['openapi.yaml:29']],
      // The component's own example, written again to match.
      ['example: large', 'example: 12.5', []],
      // Back as it was: the response's example no longer matches.
      ['count: { type: string }', 'count: { type: integer }', ['openapi.yaml:13']],
    ];
    for (const [from, to, expected] of steps) {
      edit(from, to);
      expect(await mismatches(cache)).toEqual(expected);
      expect(await mismatches(false)).toEqual(expected);
    }

    // A damaged entry of verdicts: said once, like any other, and the findings a fresh check's.
    const [bucket] = fs.readdirSync(path.join(cache, 'example-verdicts'));
    const [name] = fs.readdirSync(path.join(cache, 'example-verdicts', bucket));
    const entry = path.join(cache, 'example-verdicts', bucket, name);
    fs.writeFileSync(entry, fs.readFileSync(entry).subarray(0, 20));
    edit('example: 12.5', 'example: large');
    const warned: string[] = [];
    const rebuilt = async () => {
      const logger = createMemoryLogger();
      const { diagnostics } = await build({ root, logger, cacheDir: cache, outDir: path.join(root, 'cached') });
      warned.push(...logger.lines.filter((l) => /failed (its|their) checksum/.test(l)));
      return where(diagnostics.filter((d) => d.code === 'example-mismatch')).map((s) => s.replace(/^.*openapi\.yaml/, 'openapi.yaml'));
    };
    expect(await rebuilt()).toEqual(['openapi.yaml:13', 'openapi.yaml:29']);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^1 entry of the build cache in .* failed its checksum: made again\./);
    expect(await rebuilt()).toEqual(['openapi.yaml:13', 'openapi.yaml:29']);
    expect(warned).toHaveLength(1);
  });

  it("reports a large spec's findings and its validator's warnings once each, at their lines", async () => {
    const { result } = await buildFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }), 'openapi.yaml': specText(THREAD_MIN_CHARS) }, { write: false, cacheDir: false });
    const found = result.diagnostics.filter((d) => d.code === 'example-mismatch' || d.code.startsWith('spec-'));
    expect(where(found.filter((d) => d.code === 'example-mismatch')).map((s) => s.replace(/^.*openapi\.yaml/, 'openapi.yaml'))).toEqual(['openapi.yaml:13', 'openapi.yaml:29']);
    expect(found.filter((d) => d.code !== 'example-mismatch').map((d) => d.text).join('\n')).toMatch(/\{id\}/);
  });
});
