// Which files of an output folder docsgen did not write (src/output/guard.ts foreignFiles).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { foreignFiles, MANIFEST, manifestText } from '../../../src/output/guard';
import { writeFiles } from '../../helpers/fixture';

afterEach(() => vi.restoreAllMocks());

/** An output folder of `files` whose manifest lists its HTML files. */
function output(files: Record<string, string>): string {
  const html = Object.keys(files).filter((f) => f.endsWith('.html'));
  const entries = Object.entries({ [MANIFEST]: manifestText(html), ...files }).map(([f, text]) => [`out/${f}`, text]);
  return path.join(writeFiles(Object.fromEntries(entries)), 'out');
}

describe('output/guard foreignFiles', () => {
  it('lists the files the manifest does not', () => {
    const dir = output({ 'index.html': '', 'api/index.html': '', 'api/notes.txt': '' });
    expect(foreignFiles(dir)).toEqual(['api/notes.txt']);
  });

  it('passes over a folder removed while it looks (an rm -rf of the output beside the build), rather than failing', () => {
    const dir = output({ 'index.html': '', 'api/index.html': '', 'notes.txt': '' });
    const readdir = fs.readdirSync;
    vi.spyOn(fs, 'readdirSync').mockImplementation(((p: fs.PathLike, options?: unknown) => {
      const entries = readdir(p, options as { withFileTypes: true });
      // The folder is listed, then removed before the walk goes into it.
      if (p === dir) fs.rmSync(path.join(dir, 'api'), { recursive: true });
      return entries;
    }) as typeof fs.readdirSync);
    expect(foreignFiles(dir)).toEqual(['notes.txt']);
  });
});
