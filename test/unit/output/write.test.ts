// The output folder: files written in the background land in the swapped-in site, and a failed
// write is reported as an output error while the previous site stays as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { commitSoon, openOutput, type OutputFiles } from '../../../src/output/write';
import { MANIFEST, manifestText } from '../../../src/output/guard';
import { runCleanups } from '../../../src/output/interrupt';
import { listFiles } from '../../helpers/fixture';

function project(): { root: string; outDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-output-'));
  const outDir = path.join(root, 'build');
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(outDir, 'index.html'), 'previous site');
  fs.writeFileSync(path.join(outDir, MANIFEST), manifestText(['index.html'])); // a previous build's
  return { root, outDir };
}

describe('output/write', () => {
  it('writes files in the background, many at once, and commits them with the rest', async () => {
    const { root, outDir } = project();
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const index = Array.from({ length: 200 }, (_, i): [string, string] => [`search-index/f/${i}.json`, JSON.stringify({ page: i })]);
    await output.writeSoon(index);
    const files: OutputFiles = new Map([['index.html', 'new site']]);
    for (const [rel] of index) files.set(rel, { copyFrom: output.finalPath(rel) });
    const { previousRemoved } = output.commit(files);
    // Swapped in at once; the previous site goes in the background.
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('new site');
    expect(await previousRemoved).toEqual([]);
    expect(listFiles(outDir)).toHaveLength(202); // and the manifest
    expect(fs.readFileSync(path.join(outDir, 'search-index/f/42.json'), 'utf8')).toBe('{"page":42}');
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
  });

  it('reports a file it cannot write as an output error, and abort leaves the previous site as it was', async () => {
    const { root, outDir } = project();
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    await output.writeSoon([['search-index', 'a file where a folder is needed']]);
    const error = await output.writeSoon([['search-index/manifest.json', '{}']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).diagnostics[0]).toMatchObject({ code: 'output-failed', location: { file: outDir } });
    output.abort();
    expect(listFiles(outDir)).toEqual([MANIFEST, 'index.html']);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('previous site');
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
  });

  it('files written now (the search fragments, as they are made): a file in the way or a path outside the output is an output error, and a signal or abort removes what was written', () => {
    const { root, outDir } = project();
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    output.writeNow('search-index/f/.writing/1.json', '{"d":[]}', undefined);
    const failure = (run: () => void) => {
      try {
        run();
      } catch (e) {
        return e;
      }
    };
    // A folder where the file goes, and a file where the folder goes.
    for (const blocked of [failure(() => output.writeNow('search-index/f/.writing', '{}', undefined)), failure(() => (output.writeNow('search-index/f/0a1b2c3d4e', 'in the way', undefined), output.rename('search-index/f/.writing', 'search-index/f/0a1b2c3d4e/x')))]) {
      expect(blocked).toBeInstanceOf(DocsgenError);
      expect((blocked as DocsgenError).diagnostics[0]).toMatchObject({ code: 'output-failed', location: { file: outDir } });
    }
    expect(() => output.writeNow('../escaped.json', '{}', undefined)).toThrow(/outside the output folder/);
    expect(fs.existsSync(path.join(root, 'escaped.json'))).toBe(false);
    // Ctrl-C mid-stream: the temporary folder goes, with everything written into it; the previous site stays.
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-tmp'))).toHaveLength(1);
    runCleanups();
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
    expect(listFiles(outDir)).toEqual([MANIFEST, 'index.html']);
    output.abort();
  });

  it('a file written now is linked from the replaced output when it holds the same bytes there, and written when it does not', async () => {
    const { root, outDir } = project();
    fs.mkdirSync(path.join(outDir, 'search-index/f/old'), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'search-index/f/old/1.json'), 'same');
    fs.writeFileSync(path.join(outDir, 'search-index/f/old/2.json'), 'before');
    fs.writeFileSync(path.join(outDir, MANIFEST), manifestText(['index.html', 'search-index/f/old/1.json', 'search-index/f/old/2.json']));
    const inode = (file: string) => fs.statSync(file).ino;
    const kept = inode(path.join(outDir, 'search-index/f/old/1.json'));
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    output.writeNow('search-index/f/.writing/1.json', 'same', 'search-index/f/old/1.json');
    output.writeNow('search-index/f/.writing/2.json', 'after', 'search-index/f/old/2.json');
    output.rename('search-index/f/.writing', 'search-index/f/new');
    const files: OutputFiles = new Map([['index.html', 'new site']]);
    for (const rel of ['search-index/f/new/1.json', 'search-index/f/new/2.json']) files.set(rel, { copyFrom: output.finalPath(rel) });
    expect(await output.commit(files).previousRemoved).toEqual([]);
    expect(inode(path.join(outDir, 'search-index/f/new/1.json'))).toBe(kept);
    expect(fs.readFileSync(path.join(outDir, 'search-index/f/new/2.json'), 'utf8')).toBe('after');
    expect(listFiles(outDir).filter((f) => f.startsWith('search-index/'))).toEqual(['search-index/f/new/1.json', 'search-index/f/new/2.json']);
  });

  it('commitSoon writes what is still in memory before the swap, links what the replaced output holds unchanged, and leaves the list as it was', async () => {
    const { root, outDir } = project();
    fs.mkdirSync(path.join(outDir, 'guides/parcels'), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'guides/parcels/index.md'), '# Parcels\n');
    fs.writeFileSync(path.join(outDir, MANIFEST), manifestText(['index.html', 'guides/parcels/index.md']));
    const kept = fs.statSync(path.join(outDir, 'guides/parcels/index.md')).ino;
    const image = path.join(root, 'map.png');
    fs.writeFileSync(image, 'png bytes');
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    fs.mkdirSync(path.join(output.dir, 'guides/zones'), { recursive: true });
    fs.writeFileSync(path.join(output.dir, 'guides/zones/index.html'), '<p>streamed</p>');
    const files: OutputFiles = new Map<string, string | Uint8Array | { copyFrom: string }>([
      ['index.html', 'new site'],
      ['guides/zones/index.html', { copyFrom: output.finalPath('guides/zones/index.html') }],
      ['guides/parcels/index.md', '# Parcels\n'],
      ...Array.from({ length: 40 }, (_, i): [string, Uint8Array] => [`guides/g${i}/index.md`, Buffer.from(`# Guide ${i}\n`)]),
      ['assets/map.png', { copyFrom: image }],
    ]);
    const before = [...files];
    const { bytes, previousRemoved } = await commitSoon(output, files);
    expect(await previousRemoved).toEqual([]);
    expect([...files]).toEqual(before);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('new site');
    expect(fs.readFileSync(path.join(outDir, 'guides/g39/index.md'), 'utf8')).toBe('# Guide 39\n');
    expect(fs.readFileSync(path.join(outDir, 'guides/zones/index.html'), 'utf8')).toBe('<p>streamed</p>');
    expect(fs.readFileSync(path.join(outDir, 'assets/map.png'), 'utf8')).toBe('png bytes');
    expect(fs.statSync(path.join(outDir, 'guides/parcels/index.md')).ino).toBe(kept);
    expect(listFiles(outDir).filter((f) => f !== MANIFEST)).toEqual([...files.keys()].sort());
    expect(bytes).toBe(listFiles(outDir).filter((f) => f !== MANIFEST).reduce((n, f) => n + fs.statSync(path.join(outDir, f)).size, 0));
  });

  it('a signal while commitSoon writes what is in memory: the temporary folder goes, the commit fails as an output error, and the previous site stays', async () => {
    const { root, outDir } = project();
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const files: OutputFiles = new Map([['index.html', 'new site'], ...Array.from({ length: 300 }, (_, i): [string, string] => [`guides/g${i}/index.md`, `# Guide ${i}\n`])]);
    const committing = commitSoon(output, files);
    // The event loop turns between the writes: a signal's handler runs there (the CLI's runs the clean-ups and exits).
    runCleanups();
    const failure = await committing.then(() => undefined, (e: unknown) => e);
    expect(failure).toBeInstanceOf(DocsgenError);
    expect((failure as DocsgenError).diagnostics[0]).toMatchObject({ code: 'output-failed', location: { file: outDir } });
    output.abort();
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
    expect(listFiles(outDir)).toEqual([MANIFEST, 'index.html']);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('previous site');
  });

  it('a signal while the previous site is being removed: its clean-up finishes the removal and says the new site is in place', async () => {
    const { root, outDir } = project();
    const output = openOutput(outDir, { root: path.join(root, 'project'), protectedDirs: [] });
    const { previousRemoved } = output.commit(new Map([['index.html', 'new site']]));
    expect(runCleanups()).toBe(`the new site was already in place in ${outDir}`);
    expect(fs.readdirSync(root).filter((f) => f.includes('docsgen-'))).toEqual([]);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('new site');
    expect(await previousRemoved).toEqual([]);
  });
});
