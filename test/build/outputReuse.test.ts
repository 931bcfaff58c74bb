// A build into a folder an earlier build wrote links the files that did not change instead of
// writing them again: the site is byte for byte a fresh build's, an unchanged page keeps its file
// (and its modification time, which deploy tools such as rsync compare), and no file of the new
// site shares its bytes with any other name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { MANIFEST } from '../../src/output/guard';
import { configSource, listFiles, writeFiles } from '../helpers/fixture';

const spec = `openapi: 3.0.3
info: { title: Parcels, version: '1' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters:
        - { name: id, in: path, required: true, schema: { type: string }, example: '12-0041-07' }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
              example: { id: '12-0041-07', zone: AE }
components:
  schemas:
    Parcel:
      type: object
      properties:
        id: { type: string, description: The county parcel number. }
        zone: { type: string, description: The flood zone. }
`;

function project(): string {
  return writeFiles({
    // The index split in files (as on a site of over 300 pages): one fragment per page, each linked
    // or written on its own; every page has the search box, which names the index's manifest.
    'docsgen.config.ts': configSource({
      navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }, { type: 'search', position: 'right' }] },
      openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },
      search: { shardAbovePages: 0 },
    }),
    'openapi.yaml': spec,
    'content/guides/intro.md': '---\ntitle: Introduction\n---\nStart with [a parcel](/api/get-parcel).\n',
    'content/guides/zones.md': '---\ntitle: Flood zones\n---\n## Zone AE\n\nThe one-percent annual chance floodplain.\n',
  });
}

/** What the build says it wrote: the size of every file of the output but its marker. */
const sizeOf = (out: string) => listFiles(out).reduce((n, f) => n + (f === MANIFEST ? 0 : fs.statSync(path.join(out, f)).size), 0);

const built = (root: string, outDir?: string) => build({ root, logger: createMemoryLogger(), cacheDir: false, ...(outDir ? { outDir } : {}) });
const inode = (file: string) => fs.statSync(file).ino;

describe('a build into an earlier build of the same folder', () => {
  it('links the unchanged files, writes the changed ones, and equals a fresh build', async () => {
    const root = project();
    const out = path.join(root, 'build');
    await built(root);
    const before = new Map(listFiles(out).map((f) => [f, inode(path.join(out, f))]));
    // A page's text changes; someone edits another page of the output by hand, in place.
    fs.appendFileSync(path.join(root, 'content/guides/zones.md'), '\nZone X is the area of minimal flood hazard.\n');
    const edited = path.join(out, 'guides/intro/index.html');
    fs.writeFileSync(edited, fs.readFileSync(edited, 'utf8').replace('</body>', '<script src="/analytics.js"></script></body>'));
    await built(root);

    const fresh = path.join(root, 'fresh');
    await built(root, fresh);
    const files = listFiles(fresh);
    expect(files).toContain('api/get-parcel/index.html');
    expect(listFiles(out)).toEqual(files);
    expect(files.filter((f) => !fs.readFileSync(path.join(out, f)).equals(fs.readFileSync(path.join(fresh, f))))).toEqual([]);
    expect(fs.readFileSync(edited, 'utf8')).not.toContain('analytics.js');

    // The edit changed the index, which the pages name without its hash: the other pages stayed as they were.
    expect(fs.readFileSync(path.join(out, 'api/get-parcel/index.html'), 'utf8')).toContain('data-search-index="/search-index/manifest.json"');
    const kept = files.filter((f) => before.get(f) === inode(path.join(out, f)));
    expect(kept).toContain('api/get-parcel/index.html');
    expect(kept).toContain('api/schemas/parcel/index.html');
    expect(kept).not.toContain('guides/zones/index.html');
    expect(kept).not.toContain('guides/intro/index.html');
    // The search index's files, written in the background: the unchanged pages' fragments are linked too.
    const index = files.filter((f) => f.startsWith('search-index/'));
    expect(index.filter((f) => kept.includes(f)).length).toBeGreaterThan(0);
    expect(index.filter((f) => !kept.includes(f)).length).toBeGreaterThan(0);
    // The page fragments are written as the search stage makes them, into a folder named by a
    // hash of them all, new after the edit: an unchanged page's fragment is linked from the old one.
    const isFragment = (f: string) => f.startsWith('search-index/f/');
    const fragmentsBefore = new Map([...before].filter(([f]) => isFragment(f)).map(([f, ino]) => [path.basename(f), ino]));
    const fragments = index.filter(isFragment);
    expect(fragments.length).toBe(fragmentsBefore.size);
    expect(fragments.some((f) => before.has(f))).toBe(false);
    const linked = fragments.filter((f) => fragmentsBefore.get(path.basename(f)) === inode(path.join(out, f)));
    expect(linked.length).toBe(fragments.length - 1); // all but the edited guide's
    // Every file has one name: the replaced folder is gone, and nothing else shares the bytes.
    expect(files.filter((f) => fs.statSync(path.join(out, f)).nlink !== 1)).toEqual([]);
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
  });
});

describe("a sharded index's page fragments", () => {
  it('are the same files whether written as they are made (no cache) or kept in the cache and written with the index, which links unchanged ones from the replaced output', async () => {
    const root = project();
    const streamed = path.join(root, 'streamed');
    const kept = path.join(root, 'kept');
    expect((await built(root, streamed)).bytes).toBe(sizeOf(streamed));
    const withCache = (outDir: string) => build({ root, outDir, logger: createMemoryLogger(), cacheDir: path.join(root, '.cache') });
    expect((await withCache(kept)).bytes).toBe(sizeOf(kept));
    const files = listFiles(streamed);
    expect(files.filter((f) => f.startsWith('search-index/f/')).length).toBeGreaterThan(2);
    expect(listFiles(kept)).toEqual(files);
    expect(files.filter((f) => !fs.readFileSync(path.join(kept, f)).equals(fs.readFileSync(path.join(streamed, f))))).toEqual([]);
    // Taken back from the cache whole, the same again.
    const recalled = path.join(root, 'recalled');
    expect((await withCache(recalled)).bytes).toBe(sizeOf(recalled));
    expect(listFiles(recalled)).toEqual(files);
    expect(files.filter((f) => !fs.readFileSync(path.join(recalled, f)).equals(fs.readFileSync(path.join(streamed, f))))).toEqual([]);

    // After a guide's edit, built from the cache into the same folder: the fragments move to a
    // new folder, and every one but the edited page's is linked from the old one, not written.
    const fragmentInodes = (out: string) => new Map(listFiles(out).filter((f) => f.startsWith('search-index/f/')).map((f) => [path.basename(f), inode(path.join(out, f))]));
    const before = fragmentInodes(kept);
    fs.appendFileSync(path.join(root, 'content/guides/zones.md'), '\nZone VE adds wave action to the floodplain.\n');
    await withCache(kept);
    const after = fragmentInodes(kept);
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(listFiles(kept).filter((f) => f.startsWith('search-index/f/')).some((f) => files.includes(f))).toBe(false);
    expect([...after].filter(([name, ino]) => before.get(name) !== ino)).toHaveLength(1);
  });
});
