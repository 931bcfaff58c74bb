// The pages' folders made in the background before the render stage: every folder a page needs,
// parents first, never outside the output, and nothing left behind or made again once the
// temporary output folder is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveMemo } from '../../../src/cache/liveMemo';
import { folderLevels, makeFolders } from '../../../src/output/folders';
import { PAGE_FOLDERS_KEY, PAGE_FOLDERS_STAGE, pageFolders } from '../../../src/output/pageFolders';
import { MANIFEST, manifestText } from '../../../src/output/guard';
import { openOutput } from '../../../src/output/write';
import { listFiles } from '../../helpers/fixture';

const temporary = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-folders-'));

/** The site paths of a generated site's pages: many pages under a few sections. */
const pagePaths = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? `api/operation-${i}/index.html` : `guides/section-${i % 7}/guide-${i}/index.html`));

describe('output/folders', () => {
  it('lists each folder the files need once, each level after the one holding its parents', () => {
    expect(folderLevels(['guides/maps/flood-zones/index.html', 'guides/maps/index.html', 'index.html', '404.html', 'api/get-parcel/index.html', 'guides/maps/flood-zones/overlay.md'])).toEqual([['guides', 'api'], ['guides/maps', 'api/get-parcel'], ['guides/maps/flood-zones']]);
    expect(folderLevels(['index.html', 'sitemap.xml'])).toEqual([]);
  });

  it('makes every folder of the pages, and gives their paths to the writers', async () => {
    const root = temporary();
    const rels = pagePaths(1200);
    const made = await makeFolders(root, rels).ended();
    const wanted = new Set(rels.map((rel) => path.join(root, path.dirname(rel))));
    for (const dir of wanted) {
      expect(made.has(dir)).toBe(true);
      expect(fs.statSync(dir).isDirectory()).toBe(true);
    }
    // The sections too, and no file anywhere.
    expect(made.size).toBe(wanted.size + 2 + 7);
    expect(listFiles(root)).toEqual([]);
  });

  it('stops at a folder it cannot make, without throwing: the page writer makes or reports it', async () => {
    const root = temporary();
    fs.writeFileSync(path.join(root, 'api'), 'a file where the folder goes');
    const made = await makeFolders(root, ['api/get-parcel/index.html', 'api/list-parcels/index.html']).ended();
    expect([...made]).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'api'), 'utf8')).toBe('a file where the folder goes');
  });

  it('never makes a folder outside its root', async () => {
    const root = temporary();
    const outside = path.join(path.dirname(root), `${path.basename(root)}-escaped`);
    const made = await makeFolders(root, [`../${path.basename(outside)}/index.html`, 'guides/index.html']).ended();
    expect(fs.existsSync(outside)).toBe(false);
    expect([...made].every((dir) => dir.startsWith(root + path.sep))).toBe(true);
  });

  it('an output aborted while its folders are being made is removed whole, and nothing is made in its place afterwards', async () => {
    const root = temporary();
    const outDir = path.join(root, 'build');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'index.html'), 'previous site');
    fs.writeFileSync(path.join(outDir, MANIFEST), manifestText(['index.html']));
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const making = output.makeFoldersSoon(pagePaths(20000));
    // Some made first, so that the removal races the thread making the others.
    while (!fs.existsSync(path.join(output.dir, 'api/operation-1'))) await new Promise((resolve) => setTimeout(resolve, 1));
    output.abort();
    expect(fs.existsSync(output.dir)).toBe(false);
    const made = await making.ended();
    expect(made.size).toBeGreaterThan(0);
    expect(made.size).toBeLessThan(20000 + 9);
    expect(fs.existsSync(output.dir)).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(['build']);
    expect(listFiles(outDir)).toEqual([MANIFEST, 'index.html']);
  });

  it('a page is written into a folder made ahead, and the commit swaps in the folders with their pages', async () => {
    const root = temporary();
    const outDir = path.join(root, 'build');
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const made = await output.makeFoldersSoon(['api/get-parcel/index.html']).ended();
    expect([...made]).toEqual([path.join(output.dir, 'api'), path.join(output.dir, 'api/get-parcel')]);
    output.commit(new Map([['api/get-parcel/index.html', '<!DOCTYPE html><title>Get a parcel</title>']]));
    expect(fs.readFileSync(path.join(outDir, 'api/get-parcel/index.html'), 'utf8')).toContain('Get a parcel');
  });

  it('skips the folders another thread makes', async () => {
    const root = temporary();
    fs.mkdirSync(path.join(root, 'api'));
    const made = await makeFolders(root, ['api/get-parcel/index.html', 'guides/zones/index.html'], new Set(['api'])).ended();
    expect([...made]).toEqual([path.join(root, 'guides'), path.join(root, 'api/get-parcel'), path.join(root, 'guides/zones')]);
  });
});

describe('output/pageFolders', () => {
  /** The folders under `dir`, as site paths. */
  const folders = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  const output = () => openOutput(path.join(temporary(), 'build'), { root: temporary(), protectedDirs: [] });
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 5000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
    return done();
  };

  it("makes the last build's page folders before the routes are known, then the ones it missed, and removes the ones no page needs", async () => {
    const memo = new LiveMemo();
    const last = [...pagePaths(40), 'guides/retired/old-zones/index.html', 'guides/retired/index.html', 'api/removed-op/index.html'];
    pageFolders(output(), memo, 10).known(last);
    expect(memo.get(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY)).toEqual(last);

    const out = output();
    const making = pageFolders(out, memo, 10);
    // Nothing is known of this build's routes yet: the last build's folders are on their way.
    expect(await until(() => fs.existsSync(path.join(out.dir, 'guides/retired/old-zones')))).toBe(true);
    const now = [...pagePaths(40), 'guides/permits/index.html', 'guides/permits/appeals/index.html'];
    making.known(now);
    // stop() halts the threads, as the render stage does when it starts: they are given time here.
    const needed = folderLevels(now).flat();
    expect(await until(() => needed.every((dir) => fs.existsSync(path.join(out.dir, dir))))).toBe(true);
    const made = (await making.stop())!;
    for (const dir of folderLevels(now).flat()) expect(made.has(path.join(out.dir, dir)), dir).toBe(true);
    // The render stage writes every page; a file of another kind lands in a folder no page needs any more.
    for (const rel of now) fs.writeFileSync(path.join(out.dir, rel), rel);
    fs.writeFileSync(path.join(out.dir, 'api/removed-op.md'), 'a copy beside the folder');
    fs.mkdirSync(path.join(out.dir, 'guides/retired/old-zones/img'));
    fs.writeFileSync(path.join(out.dir, 'guides/retired/old-zones/img/map.png'), 'an image');
    await making.prune();
    // What a build with no guess makes: each page's folders, and the folders of the other files.
    expect(folders(out.dir)).toEqual([...folderLevels([...now, 'guides/retired/old-zones/img/map.png']).flat()].sort());
    // The next build guesses this one's pages.
    const next = output();
    const again = pageFolders(next, memo, 10);
    expect(await until(() => fs.existsSync(path.join(next.dir, 'guides/permits/appeals')))).toBe(true);
    again.known(now);
    expect(await until(() => needed.every((dir) => fs.existsSync(path.join(next.dir, dir))))).toBe(true);
    await again.stop();
    await again.prune();
    expect(folders(next.dir)).toEqual(folderLevels(now).flat().sort());
  });

  it('an output aborted (a signal) while the last build\'s folders are made ahead is removed whole, and nothing is made in its place afterwards', async () => {
    const memo = new LiveMemo();
    memo.set(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY, pagePaths(20000));
    const root = temporary();
    const outDir = path.join(root, 'build');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'index.html'), 'previous site');
    fs.writeFileSync(path.join(outDir, MANIFEST), manifestText(['index.html']));
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const making = pageFolders(output, memo, 500);
    expect(await until(() => fs.existsSync(path.join(output.dir, 'api/operation-1')))).toBe(true);
    output.abort();
    expect(fs.existsSync(output.dir)).toBe(false);
    // The routes come after the abort: nothing is made for them.
    making.known(pagePaths(20000));
    const made = await making.stop();
    expect(made!.size).toBeGreaterThan(0);
    expect(made!.size).toBeLessThan(20000 + 9);
    expect(fs.existsSync(output.dir)).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(['build']);
    expect(listFiles(outDir)).toEqual([MANIFEST, 'index.html']);
  });

  it('makes nothing ahead from a list that is not one, or from a site at or under the threshold', async () => {
    const memo = new LiveMemo();
    const out = output();
    memo.set(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY, ['guides/zones/index.html', 7]);
    const making = pageFolders(out, memo, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(folders(out.dir)).toEqual([]);
    making.known(['guides/zones/index.html']);
    expect(await until(() => fs.existsSync(path.join(out.dir, 'guides/zones')))).toBe(true);
    await making.stop();
    expect(folders(out.dir)).toEqual(['guides', 'guides/zones']);

    const small = output();
    const few = pageFolders(small, memo, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    few.known(['guides/zones/index.html']);
    expect(await few.stop()).toBeUndefined();
    expect(folders(small.dir)).toEqual([]);
  });
});
