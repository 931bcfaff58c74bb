// Rendering in worker threads (large sites) must produce exactly the site serial rendering does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { PARALLEL_THRESHOLD, renderThreads } from '../../src/render/renderSite';
import { listFiles, repoRoot } from '../helpers/fixture';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';

/** Folders under `dir` that hold nothing. */
function emptyFolders(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.readdirSync(path.join(e.parentPath, e.name)).length === 0)
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

// Each of the first two tests builds the shipped site twice.
const TWO_BUILDS = { timeout: 120_000 };

describe('parallel rendering', () => {
  it('writes the same files, byte for byte, in two threads as in one (the shipped site)', TWO_BUILDS, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-parallel-'));
    const serialOut = path.join(tmp, 'serial');
    const parallelOut = path.join(tmp, 'parallel');
    const logger = createMemoryLogger();
    const serial = await build({ root: repoRoot, outDir: serialOut, threads: 1, logger, cacheDir: false });
    const parallel = await build({ root: repoRoot, outDir: parallelOut, threads: 2, logger: createMemoryLogger() });
    expect(parallel.pages).toBe(serial.pages);
    // A spec of a few dozen pages is made too fast for a progress line.
    expect(logger.lines.filter((l) => l.startsWith('making API pages'))).toEqual([]);
    const files = listFiles(serialOut);
    expect(files.filter((f) => f.endsWith('.html')).length).toBe(serial.pages);
    expect(listFiles(parallelOut)).toEqual(files);
    for (const f of files) expect(fs.readFileSync(path.join(parallelOut, f)).equals(fs.readFileSync(path.join(serialOut, f))), f).toBe(true);
    expect(parallel.bytes).toBe(serial.bytes);
    // Nothing of the streamed output is left beside the output folder.
    expect(fs.readdirSync(tmp).sort()).toEqual(['parallel', 'serial']);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('returns the same pages in memory (build({ write: false })) in two threads as in one', TWO_BUILDS, async () => {
    const serial = await build({ root: repoRoot, write: false, threads: 1, logger: createMemoryLogger() });
    const parallel = await build({ root: repoRoot, write: false, threads: 2, logger: createMemoryLogger() });
    const html = (files: typeof serial.files) => [...files].filter(([f]) => f.endsWith('.html'));
    expect(html(parallel.files).length).toBe(serial.pages);
    expect(html(parallel.files)).toEqual(html(serial.files));
    expect(html(serial.files).every(([, content]) => typeof content === 'string' && content.startsWith('<!DOCTYPE html>'))).toBe(true);
  });

  // Above PARALLEL_THRESHOLD pages a build renders in worker threads, which read the API pages'
  // bodies from the page store: the generated site has guides, tags, operations and schemas.
  it('writes the same files, byte for byte, streamed through the page store to two threads as serially (a generated site of 600 pages)', TWO_BUILDS, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-parallel-'));
    const site = generateSite({ pages: 600, out: path.join(tmp, 'site') });
    const serialOut = path.join(tmp, 'serial');
    const parallelOut = path.join(tmp, 'parallel');
    const logger = createMemoryLogger();
    const serial = await build({ configFile: site.configFile, outDir: serialOut, threads: 1, logger });
    const parallel = await build({ configFile: site.configFile, outDir: parallelOut, logger: createMemoryLogger() });
    expect(renderThreads(parallel.pages)).toBeGreaterThan(1);
    // The first build's site stage showed its progress through the API's operation and schema
    // pages (the second took them back from the build cache), as the render stage does through all pages.
    const apiPages = site.operations + site.schemas;
    const making = logger.lines.filter((l) => l.startsWith('making API pages '));
    expect(making.length).toBeGreaterThan(5);
    expect(making.at(-1)).toBe(`making API pages ${apiPages}/${apiPages}`);
    const counts = making.map((l) => Number(/ (\d+)\//.exec(l)![1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(logger.lines.indexOf(making.at(-1)!)).toBeLessThan(logger.lines.findIndex((l) => l.startsWith('rendering pages')));
    expect(parallel.pages).toBe(site.pages);
    const files = listFiles(serialOut);
    expect(files.filter((f) => f.startsWith('api/') && f.endsWith('/index.html')).length).toBeGreaterThan(250);
    expect(listFiles(parallelOut)).toEqual(files);
    for (const f of files) expect(fs.readFileSync(path.join(parallelOut, f)).equals(fs.readFileSync(path.join(serialOut, f))), f).toBe(true);
    // The pages' folders were made ahead of the render stage (src/output/folders.ts): each holds its page, none is left empty.
    for (const out of [serialOut, parallelOut]) expect(emptyFolders(out)).toEqual([]);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(`uses worker threads only above ${PARALLEL_THRESHOLD} pages, unless told how many`, () => {
    expect(renderThreads(PARALLEL_THRESHOLD)).toBe(1);
    expect(renderThreads(PARALLEL_THRESHOLD + 1)).toBe(Math.min(os.availableParallelism(), 4));
    expect(renderThreads(10, 2)).toBe(2);
    expect(renderThreads(10_000, 1)).toBe(1);
  });
});
