// The island bundle: React shared in one chunk, hashed names, and a page runtime without React.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleIslands, islandNames } from '../../../src/islands/bundle';

describe('islands/bundle', () => {
  it('bundles the runtime and one module per island with content-hashed names', async () => {
    const assets = await bundleIslands({ minify: true });
    expect(Object.keys(assets.islands).sort()).toEqual(islandNames());
    for (const url of [assets.runtime, ...Object.values(assets.islands)]) expect(url).toMatch(/^\/assets\/js\/[\w-]+-[A-Z0-9]{8}\.js$/);
    const react = [...assets.files].filter(([, c]) => Buffer.from(c).toString('utf8').includes('hydrateRoot') || Buffer.from(c).toString('utf8').includes('react.dev/errors'));
    // React lives in shared chunks, not copied into each island.
    expect(react.every(([name]) => name.includes('chunk-'))).toBe(true);
    const runtime = assets.files.get(assets.runtime.slice(1))!;
    expect(Buffer.from(runtime).toString('utf8')).not.toContain('react.dev/errors');
    expect(gzipSync(runtime).length).toBeLessThan(8 * 1024);
  });
});
