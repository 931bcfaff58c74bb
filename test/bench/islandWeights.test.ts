// The bench reports each island's own code (without React): the try-it console has a budget of
// 40 KiB gzip (issue 17), and it must not load before the reader opens it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench, without types
import { islandWeights, pageWeight } from '../../bench/pageWeight.mjs';
import { buildFiles, configSource } from '../helpers/fixture';

describe('island weights', () => {
  it('reports the try-it console’s own code, within its budget, and none of it before interaction', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', tryIt: { enabled: true } } }),
      'openapi.yaml': 'openapi: 3.1.0\ninfo: { title: Tiny, version: 1.0.0 }\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: Ping\n      responses:\n        "200": { description: Pong }\n',
    });
    const out = f.result.config.outDir;
    const weights: { name: string; ownGzip: number }[] = islandWeights(out);
    const tryIt = weights.find((w) => w.name === 'TryIt');
    expect(tryIt).toBeDefined();
    expect(tryIt!.ownGzip).toBeGreaterThan(2_000);
    expect(tryIt!.ownGzip).toBeLessThan(40 * 1024);
    // The page with the console loads the same JavaScript before interaction as a page without.
    expect(pageWeight(out, '/api/ping').jsBeforeInteractionGzip).toBe(pageWeight(out, '/api').jsBeforeInteractionGzip);
    // Islands take the words they show as props: none carries docsgen's whole table of messages
    // (a spread in that table once kept all of it, 5 KB gzip, in the search islands' code).
    const js = path.join(out, 'assets/js');
    const withTable = fs.readdirSync(js).filter((file) => fs.readFileSync(path.join(js, file), 'utf8').includes('Skip to main content'));
    expect(withTable).toEqual([]);
  });
});
