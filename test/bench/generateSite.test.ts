// The benchmark site generator: byte-for-byte deterministic for a seed, and what it writes is a
// valid site (zero broken links or anchors) of about the page count asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { generateSite } from '../../bench/generateSite.mjs';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { listFiles } from '../helpers/fixture';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-gensite-'));
const readTree = (dir: string) => new Map(listFiles(dir).map((f) => [f, fs.readFileSync(path.join(dir, f))]));

describe('bench/generateSite.mjs', () => {
  it('writes identical bytes for the same seed, and different ones for another seed', () => {
    const [a, b, c] = [tempDir(), tempDir(), tempDir()];
    const first = generateSite({ pages: 400, out: a });
    const second = generateSite({ pages: 400, out: b });
    const other = generateSite({ pages: 400, out: c, seed: 7 });
    expect(second).toEqual({ ...first, configFile: path.join(b, 'docsgen.config.ts'), specFile: path.join(b, 'openapi.yaml') });
    const treeA = readTree(a);
    const treeB = readTree(b);
    expect([...treeB.keys()]).toEqual([...treeA.keys()]);
    for (const [file, bytes] of treeA) expect(treeB.get(file)!.equals(bytes), file).toBe(true);
    expect(other.sha256).not.toBe(first.sha256);
  });

  it('writes varied guides: folders with category files, code blocks, tables and cross-links', () => {
    const dir = tempDir();
    generateSite({ pages: 400, out: dir });
    const guides = listFiles(path.join(dir, 'content/guides')).filter((f) => f.endsWith('.md'));
    const texts = guides.map((f) => fs.readFileSync(path.join(dir, 'content/guides', f), 'utf8'));
    const folders = new Set(guides.map((f) => path.dirname(f)).filter((d) => d !== '.'));
    for (const folder of folders) expect(fs.existsSync(path.join(dir, 'content/guides', folder, '_category_.yml')), folder).toBe(true);
    expect(texts.filter((t) => t.includes('```')).length).toBeGreaterThan(guides.length / 2);
    expect(texts.filter((t) => /^\| --- \|/m.test(t)).length).toBeGreaterThan(guides.length / 4);
    expect(texts.filter((t) => /\]\(\.\.?\/[^)]+\.md#[a-z-]+\)/.test(t)).length).toBeGreaterThan(guides.length / 4);
    // No two guides share their opening paragraph.
    const openings = texts.map((t) => t.split('---\n')[2].trim().split('\n')[0]);
    expect(new Set(openings).size).toBe(openings.length);
  });

  it('writes a site of a given composition: that many guides, and full tags of 25 operations, which builds with zero broken links', async () => {
    const dir = tempDir();
    const info = generateSite({ out: dir, guides: 40, operations: 60 });
    const guides = listFiles(path.join(dir, 'content/guides')).filter((f) => f.endsWith('.md'));
    expect(guides).toHaveLength(40);
    const spec = fs.readFileSync(info.specFile, 'utf8');
    // 60 operations: tags of 25, 25 and 10.
    expect(spec.match(/^ {6}operationId: /gm)).toHaveLength(60);
    expect(info).toMatchObject({ guides: 40, operations: 60, tags: 3 });
    expect(spec).toMatch(/^ {4}ParcelList:/m);
    expect(spec).toMatch(/^ {4}ListingEnvelope:/m);
    expect(spec).not.toMatch(/^ {4}ZoningDistrictList:/m);
    const result = await build({ root: dir, configFile: info.configFile, outDir: path.join(dir, 'build'), logger: createMemoryLogger() });
    expect(result.diagnostics.filter((d) => /broken|duplicate/.test(d.code))).toEqual([]);
    expect(result.pages).toBe(info.pages);
  }, 120_000);

  it('a generated 200-page site builds with zero broken links, writing about 200 pages', async () => {
    const dir = tempDir();
    const info = generateSite({ pages: 200, out: dir });
    expect(info.pages).toBeGreaterThanOrEqual(190);
    expect(info.pages).toBeLessThanOrEqual(210);
    // The generated config throws on broken links, anchors, markdown links and duplicate routes.
    const result = await build({ root: dir, configFile: info.configFile, outDir: path.join(dir, 'build'), logger: createMemoryLogger() });
    expect(result.diagnostics.filter((d) => /broken|duplicate/.test(d.code))).toEqual([]);
    expect(result.pages).toBe(info.pages);
  }, 120_000);
});
