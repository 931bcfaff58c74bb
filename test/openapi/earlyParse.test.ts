// A large YAML spec is parsed once, by its validation thread, at the build's start: the thread
// hands the document to the build's thread in V8's serialization and validates its own parse
// (src/openapi/load.ts earlySpec, validator.ts parse). What a user sees must not change: the
// same pages as a build that parses the spec itself, and the same errors with their lines.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import type { Memo } from '../../src/cache/memo';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { EARLY_PARSE_BYTES, LARGE_SPEC_CHARS, earlySpec, loadSpec, parseSpec, type SpecSource } from '../../src/openapi/load';
import { startValidator } from '../../src/openapi/validator';
import { liveWorkers } from '../../src/workers';
import { buildFails, configSource, listFiles, writeFiles } from '../helpers/fixture';

const SLOW = { timeout: 180_000 };

/** A spec with what a parse must keep as js-yaml makes it: an alias (one object twice), infinity, a `__proto__` key. */
const spec = (extra = '') => `openapi: 3.0.3
info:
  title: Parcels
  version: '2.1'
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel's boundary and tenure
      parameters:
        - &parcelId
          name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
              example: { id: P-1042, surveyed: 2024-03-18, maxHeight: .inf }
  /parcels/{id}/neighbours:
    get:
      operationId: listNeighbours
      summary: List the parcels that share a boundary with one
      parameters:
        - *parcelId
      responses:
        '200':
          description: Neighbouring parcels.
components:
  schemas:
    Parcel:
      type: object
      properties:
        id: { type: string }
        __proto__: { type: string, description: "A key named like the prototype, kept as data." }
${extra}`;

/** Top-level survey notes (an extension no page shows) that take the spec past `chars`. */
const padding = (chars: number) => {
  const lines = ['x-survey-grid:'];
  for (let i = 0, size = 0; size < chars; i++) {
    const line = `  cell-${String(i).padStart(6, '0')}: { lat: ${(51.4 + (i % 997) / 10_000).toFixed(4)}, lng: ${(-0.2 + (i % 499) / 10_000).toFixed(4)}, ward: Bankside }`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
};

/** Once every thread a test started has ended (each ends itself once it has answered). */
async function threadsEnded(): Promise<void> {
  const until = Date.now() + 10_000;
  while (liveWorkers() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(liveWorkers()).toBe(0);
}

/** A memo in a Map, copying values through V8 as the build cache does. */
function mapMemo(): Memo & { gets: string[] } {
  const entries = new Map<string, Buffer>();
  const gets: string[] = [];
  return {
    live: false,
    gets,
    get<T>(stage: string, key: string) {
      gets.push(stage);
      const bytes = entries.get(`${stage}/${key}`);
      return bytes && (v8.deserialize(bytes) as T);
    },
    set: (stage, key, value) => void entries.set(`${stage}/${key}`, v8.serialize(value)),
    use() {},
    finish() {},
  };
}

describe("a large YAML spec parsed by its validation thread", () => {
  it('hands over the document js-yaml makes, aliases shared, and validates the same parse', SLOW, async () => {
    const text = spec().replace("summary: Get a parcel's", "summry: Get a parcel's");
    const source = '/site/openapi.yaml';
    const direct = parseSpec(text, source) as Record<string, any>;
    const validator = startValidator();
    const bytes = await validator.parse(text, source);
    const document = v8.deserialize(bytes!) as Record<string, any>;
    expect(document).toEqual(direct);
    const param = (doc: Record<string, any>, route: string) => doc.paths[route].get.parameters[0];
    expect(param(direct, '/parcels/{id}/neighbours')).toBe(param(direct, '/parcels/{id}'));
    expect(param(document, '/parcels/{id}/neighbours')).toBe(param(document, '/parcels/{id}'));
    const example = document.paths['/parcels/{id}'].get.responses['200'].content['application/json'].example;
    expect(example.maxHeight).toBe(Infinity);
    expect(Object.keys(document.components.schemas.Parcel.properties)).toEqual(['id', '__proto__']);
    expect(Object.getPrototypeOf(document.components.schemas.Parcel.properties)).toBe(Object.prototype);

    // The job for the same text validates the thread's parse: the verdict a fresh thread gives.
    const messages = await validator.validate({ text, source });
    expect(JSON.stringify(messages.errors)).toContain('summry');
    expect(messages).toEqual(await startValidator().validate({ text, source }));
    await threadsEnded();
  });

  it('answers nothing for a text that does not parse: the build reports the YAML error with its line', SLOW, async () => {
    const dir = writeFiles({ 'openapi.yaml': `${spec()}  broken: [unclosed\n` });
    const validator = startValidator();
    const early = earlySpec('openapi.yaml', dir, undefined, validator.parse, 0)!;
    expect(await early.parsed).toBeUndefined();
    validator.terminate();
    await threadsEnded();
    const error = await loadSpec('openapi.yaml', { root: dir, timeoutMs: 1_000, early }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    const [d] = (error as DocsgenError).diagnostics;
    expect(d.code).toBe('spec-invalid-yaml');
    expect(d.location?.line).toBeGreaterThan(30);
    // The error of a parse in this thread, line and all.
    const text = fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8');
    expect((error as DocsgenError).diagnostics).toEqual(((): DocsgenError['diagnostics'] => {
      try {
        parseSpec(text, path.join(dir, 'openapi.yaml'));
      } catch (e) {
        return (e as DocsgenError).diagnostics;
      }
      return [];
    })());
  });

  it('is asked only for a large YAML file the build cache does not hold, not for a huge one', async () => {
    const asked: string[] = [];
    const parse = async (text: string) => {
      asked.push(text.slice(0, 12));
      return undefined;
    };
    const dir = writeFiles({
      'small.yaml': spec(),
      'large.yaml': spec(padding(EARLY_PARSE_BYTES)),
      'huge.yaml': spec(padding(LARGE_SPEC_CHARS)),
      'large.json': JSON.stringify({ ...(parseSpec(spec(), 'x') as object), 'x-grid': padding(EARLY_PARSE_BYTES) }),
    });
    // Each of these is read and parsed by loadSpec, as before (a huge one's parse beside the content stage raised the build's peak).
    for (const file of ['small.yaml', 'huge.yaml', 'large.json', 'missing.yaml', 'https://api.test.example/docs/yaml']) expect(earlySpec(file, dir, undefined, parse), file).toBeUndefined();
    expect(earlySpec('large.yaml', dir, mapMemo(), undefined)).toBeUndefined(); // no thread
    expect(asked).toEqual([]);

    // The first build asks the thread; the document it got is what the next one finds in the cache.
    const memo = mapMemo();
    const first = earlySpec('large.yaml', dir, memo, parse)!;
    expect(asked).toEqual(['openapi: 3.0']);
    const loaded = await loadSpec('large.yaml', { root: dir, timeoutMs: 1_000, memo, early: first });
    const second = earlySpec('large.yaml', dir, memo, parse)!;
    expect(asked).toHaveLength(1);
    expect(second.stored).toBeInstanceOf(Uint8Array);
    expect((await loadSpec('large.yaml', { root: dir, timeoutMs: 1_000, memo, early: second })).document).toEqual(loaded.document);

  });

  it('builds the pages a build without the cache builds, from its first build and from the cache', SLOW, async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
      'openapi.yaml': spec(padding(EARLY_PARSE_BYTES)),
      'content/guides/intro.md': '# Parcels\n\nLook up a parcel by its id, then list its neighbours.\n',
    });
    const run = (outDir: string, cacheDir: string | false, specSource?: SpecSource) => build({ root: dir, outDir: path.join(dir, outDir), cacheDir, specSource, logger: createMemoryLogger() });
    // The reference: the spec parsed in this thread and given to the build, which then reads nothing early.
    const source = path.join(dir, 'openapi.yaml');
    const text = fs.readFileSync(source, 'utf8');
    await run('direct', false, { source, text, document: parseSpec(text, source) });
    await run('cold', false);
    await run('first', '.cache');
    const third = await run('cached', '.cache');
    expect(third.diagnostics).toEqual([]);
    const files = listFiles(path.join(dir, 'direct'));
    expect(files).toContain('api/get-parcel/index.html');
    for (const out of ['cold', 'first', 'cached']) {
      expect(listFiles(path.join(dir, out))).toEqual(files);
      for (const file of files) expect(fs.readFileSync(path.join(dir, out, file)), `${out}/${file}`).toEqual(fs.readFileSync(path.join(dir, 'direct', file)));
    }
  });

  it("reports the validator's error at its line, in a large spec", SLOW, async () => {
    const text = spec(padding(EARLY_PARSE_BYTES)).replace("summary: Get a parcel's", "summry: Get a parcel's");
    const { dir, error } = await buildFails({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }), 'openapi.yaml': text });
    const [d] = error.diagnostics;
    expect(d.text).toContain('unknown key "summry"');
    expect(d.location).toMatchObject({ file: path.join(dir, 'openapi.yaml'), line: text.split('\n').findIndex((l) => l.includes('summry')) + 1, column: 7 });
  });
});
