// Lints a spec written in the test (YAML text, so that lines and columns are known) and guides.
import { load } from 'js-yaml';
import { lint } from '../../src/lint/lint';
import type { Policy } from '../../src/diagnostics/diagnostic';

export const SPEC = '/project/openapi.yaml';

export function lintYaml(text: string, rules?: Record<string, Policy>) {
  return lint({ specs: [{ document: load(text) as Record<string, any>, source: SPEC, text }], guides: [], rules });
}

export function lintGuide(body: string, bodyLineOffset = 0) {
  return lint({ specs: [], guides: [{ file: '/project/content/guides/a.md', body, bodyLineOffset }] });
}

/** `code line:column` of each diagnostic, the way a reader scans the report. */
export const where = (list: ReturnType<typeof lint>) => list.map((d) => `${d.code} ${d.location?.line}:${d.location?.column}`);

/** A spec with every rule satisfied, its lines numbered for the tests that change one. */
export const header = `openapi: 3.0.3
info: { title: T, version: '1' }
`;
