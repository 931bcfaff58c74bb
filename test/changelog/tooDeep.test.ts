// api-smart-diff follows $refs by recursion: a chain of schemas each holding a $ref to the next,
// thousands long, overflowed its stack, and `docsgen diff` and a versioned site's build ended with
// an internal error and the library's stack. Both now name the specs.
import { describe, expect, it } from 'vitest';
import type { ApiInput } from '../../src/build';
import { diffSpecs, SpecsTooDeepToCompare } from '../../src/changelog/diffSpecs';
import type { ResolvedConfig } from '../../src/config/types';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { changelogPairs } from '../../src/versions/changelog';
import type { DocVersion } from '../../src/versions/resolve';
import { writeFiles } from '../helpers/fixture';
import { runDocsgen } from '../faults/harness';

/** A spec whose one response is the first of `n` schemas, each with a `$ref` to the next. */
function chain(n: number, last: object = { type: 'string' }): Record<string, any> {
  const schemas: Record<string, object> = {};
  for (let i = 0; i < n; i++) schemas[`Link${i}`] = i < n - 1 ? { type: 'object', properties: { next: { $ref: `#/components/schemas/Link${i + 1}` } } } : last;
  return { openapi: '3.0.3', info: { title: 'Chain', version: '1' }, paths: { '/links': { get: { operationId: 'getLinks', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Link0' } } } } } } } }, components: { schemas } };
}

const TOO_DEEP = 'the $refs lead deeper than the comparison can follow (a chain of schemas, each holding a $ref to the next, thousands long)';

describe('two specs whose $refs lead thousands of schemas deep', () => {
  it('a short chain is compared as any spec; a long one throws SpecsTooDeepToCompare, not the stack overflow', () => {
    expect(diffSpecs(chain(50), chain(50, { type: 'integer' })).length).toBeGreaterThan(0);
    expect(() => diffSpecs(chain(20_000), chain(20_000, { type: 'integer' }))).toThrow(SpecsTooDeepToCompare);
  });

  it("a versioned site's changelog fails with an error naming both versions and both spec files", () => {
    const version = (name: string, label: string, isLatest: boolean) => ({ name, label, isLatest }) as unknown as DocVersion;
    const api = (source: string, document: Record<string, any>) => ({ source, document }) as unknown as ApiInput;
    let thrown: unknown;
    try {
      changelogPairs([{ version: version('current', 'Next', true), api: api('openapi.yaml', chain(20_000, { type: 'integer' })) }, { version: version('1.0', '1.0', false), api: api('versioned/1.0/openapi.yaml', chain(20_000)) }], {} as ResolvedConfig);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DocsgenError);
    const [d] = (thrown as DocsgenError).diagnostics;
    expect(d.code).toBe('changelog-too-deep');
    expect(d.text).toBe(`The API changelog from 1.0 to Next cannot be made: comparing versioned/1.0/openapi.yaml with openapi.yaml, ${TOO_DEEP}.`);
    expect(d.location?.file).toBe('openapi.yaml');
  });

  it('docsgen diff exits 2 naming both files', async () => {
    const dir = writeFiles({ 'old.json': JSON.stringify(chain(20_000)), 'new.json': JSON.stringify(chain(20_000, { type: 'integer' })) });
    const run = await runDocsgen(['diff', 'old.json', 'new.json'], dir, { timeoutMs: 60_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr).toMatch(new RegExp(`✗ error new\\.json \\S*old\\.json and \\S*new\\.json cannot be compared: ${TOO_DEEP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`));
  }, 90_000);
});
