// The commands that only read a project (lint in CI, diff) leave it exactly as they found it:
// loading the config bundles it into .docsgen/ for a moment, and a folder made for that alone is
// removed with the bundle. One docsgen already had is left alone. check-links writes only its
// documented cache (.docsgen/check-links/).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashTree, runDocsgen } from '../faults/harness';
import { configSource, writeFiles } from '../helpers/fixture';

const SPEC = `openapi: 3.0.3
info: { title: Zones, version: '1' }
paths:
  /zones:
    get:
      operationId: listZones
      summary: List zones
      responses: { '200': { description: The zones. } }
`;

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const project = () =>
  (dir = writeFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }),
    'openapi.yaml': SPEC,
    'content/guides/start.md': '---\ntitle: Start\n---\n\nSee [the zones](/api/list-zones).\n',
  }));

describe('commands that only read the project', () => {
  for (const args of [['lint'], ['diff', 'openapi.yaml', 'openapi.yaml']]) {
    it(`docsgen ${args[0]} leaves no file or folder behind (not even an empty .docsgen/)`, async () => {
      const root = project();
      const before = hashTree(root);
      const run = await runDocsgen(args, root);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(hashTree(root)).toEqual(before);
      expect(fs.existsSync(path.join(root, '.docsgen'))).toBe(false);
    });
  }

  it('docsgen check-links writes nothing but its cache in .docsgen/check-links/', async () => {
    const root = project();
    const before = hashTree(root);
    const run = await runDocsgen(['check-links'], root);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(hashTree(root, ['.docsgen'])).toEqual(before);
    expect(fs.readdirSync(path.join(root, '.docsgen'))).toEqual(['check-links']);
  });

  it('keeps a .docsgen/ folder that was there before, with what it holds', async () => {
    const root = project();
    fs.mkdirSync(path.join(root, '.docsgen', 'cache'), { recursive: true });
    fs.writeFileSync(path.join(root, '.docsgen', 'cache', 'docsgen-cache.json'), '{"docsgenCache":1,"engine":"x"}\n');
    const before = hashTree(root);
    expect((await runDocsgen(['lint'], root)).code).toBe(0);
    expect(hashTree(root)).toEqual(before);
  });
});
