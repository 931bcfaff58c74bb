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

/** Every folder under `dir`, as site paths. */
function folderList(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
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

  // A build from the cache makes the last build's page folders from its start (src/output/pageFolders.ts):
  // after guides are removed and added, it must still write a cold build's folders, none more.
  it("writes a cold build's files and folders after guides are removed and added (the folders made from the last build's pages)", TWO_BUILDS, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-parallel-'));
    const site = generateSite({ pages: 600, out: path.join(tmp, 'site') });
    const guides = path.join(tmp, 'site/content/guides');
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(guides, rel)), { recursive: true });
      fs.writeFileSync(path.join(guides, rel), text);
    };
    write('field-notes/winter/frost-heave.md', '# Frost heave\n\nParcels on clay soils report foundation claims after hard frosts.\n');
    const config = { configFile: site.configFile, cacheDir: path.join(tmp, 'cache') };
    await build({ ...config, outDir: path.join(tmp, 'first'), logger: createMemoryLogger() });
    // Removed: a guide in folders of its own, and the guides of a category that no other page links to.
    fs.rmSync(path.join(guides, 'field-notes'), { recursive: true });
    const domain = fs.readdirSync(guides).find((name) => fs.statSync(path.join(guides, name)).isDirectory())!;
    const category = fs.readdirSync(path.join(guides, domain)).find((name) => fs.statSync(path.join(guides, domain, name)).isDirectory())!;
    const texts = new Map([site.configFile, path.join(tmp, 'site/openapi.yaml'), ...listFiles(guides).map((f) => path.join(guides, f))].map((file) => [file, fs.readFileSync(file, 'utf8')]));
    const linked = (file: string) => [...texts].some(([other, text]) => other !== file && text.includes(path.basename(file, '.md')));
    const removed = fs.readdirSync(path.join(guides, domain, category)).filter((f) => f.endsWith('.md') && !linked(path.join(guides, domain, category, f)));
    expect(removed.length).toBeGreaterThan(3);
    for (const f of removed) fs.rmSync(path.join(guides, domain, category, f));
    write('coastal/tides/storm-surge.md', '# Storm surge\n\nA parcel inside the surge zone carries a flood rider on its insurance record.\n');
    const cachedOut = path.join(tmp, 'cached');
    const coldOut = path.join(tmp, 'cold');
    const cached = await build({ ...config, outDir: cachedOut, logger: createMemoryLogger() });
    await build({ configFile: site.configFile, cacheDir: false, outDir: coldOut, logger: createMemoryLogger() });
    expect(cached.pages).toBeGreaterThan(PARALLEL_THRESHOLD);
    expect(cached.cached!.pages).toBeGreaterThan(0);
    for (const gone of ['guides/field-notes', `guides/${domain}/${category}/${removed[0].slice(0, -3)}`]) {
      expect(fs.existsSync(path.join(tmp, 'first', gone)), gone).toBe(true);
      expect(fs.existsSync(path.join(cachedOut, gone)), gone).toBe(false);
    }
    expect(fs.existsSync(path.join(cachedOut, 'guides/coastal/tides/storm-surge/index.html'))).toBe(true);
    expect(folderList(cachedOut)).toEqual(folderList(coldOut));
    const files = listFiles(coldOut);
    expect(listFiles(cachedOut)).toEqual(files);
    for (const f of files) expect(fs.readFileSync(path.join(cachedOut, f)).equals(fs.readFileSync(path.join(coldOut, f))), f).toBe(true);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(`uses worker threads only above ${PARALLEL_THRESHOLD} pages, unless told how many`, () => {
    expect(renderThreads(PARALLEL_THRESHOLD)).toBe(1);
    expect(renderThreads(PARALLEL_THRESHOLD + 1)).toBe(Math.min(os.availableParallelism(), 4));
    expect(renderThreads(10, 2)).toBe(2);
    expect(renderThreads(10_000, 1)).toBe(1);
  });
});
