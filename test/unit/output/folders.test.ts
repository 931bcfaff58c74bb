// The pages' folders made in the background before the render stage: every folder a page needs,
// parents first, never outside the output, and nothing left behind or made again once the
// temporary output folder is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderLevels, makeFolders } from '../../../src/output/folders';
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
});
