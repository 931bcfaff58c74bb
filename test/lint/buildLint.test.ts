// The quality gate inside `docsgen build` (src/lint/buildLint.ts): a small spec is checked in the
// build's own thread, a large one in a thread of its own while the build goes on; a reader sees
// the same findings either way.
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve';
import { lintBuild, THREAD_MIN_CHARS } from '../../src/lint/buildLint';
import { parseSpec } from '../../src/openapi/load';

const config = resolveConfig({ title: 'Zones docs', url: 'https://docs.test.example', navbar: { items: [] }, footer: {}, openapi: { spec: 'openapi.yaml' } } as never, '/site/docsgen.config.ts');
const SOURCE = '/site/openapi.yaml';

/** A spec whose one example does not match its schema (line 13), its description padded to `length` characters on line 2. */
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
              schema: { type: object, properties: { count: { type: integer } } }
              example: { count: many }
`;

const checked = (text: string) => lintBuild(config, [], [{ document: parseSpec(text, SOURCE) as Record<string, any>, source: SOURCE, text }]);

describe('the quality gate of a build', () => {
  it('checks a small spec in the build itself and a large one in a thread, with the same findings at the same place', async () => {
    const small = checked(specText(10));
    expect(small.found.map((d) => `${d.code} ${d.location?.file}:${d.location?.line}`)).toEqual([`example-mismatch ${SOURCE}:13`]);
    expect(await small.pending).toEqual([]);

    const largeText = specText(THREAD_MIN_CHARS);
    expect(largeText.length).toBeGreaterThanOrEqual(THREAD_MIN_CHARS);
    const large = checked(largeText);
    expect(large.found).toEqual([]);
    expect(await large.pending).toEqual(small.found);
  });
});
