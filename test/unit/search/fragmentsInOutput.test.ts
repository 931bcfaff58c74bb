// A rebuild from the cache links each page fragment of the search index from the same page's
// fragment in the output it replaces, in the folder that output's manifest names. The manifest is
// a file on disk, which anything may have changed: only its own `f/<hex>/` folder is ever used.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { withPreviousFragments } from '../../../src/search/fragmentsInOutput';
import { writeFiles } from '../../helpers/fixture';

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A replaced output holding these files (and, from writeFiles, a config it never reads). */
function previousOutput(manifests: Record<string, string>): string {
  const dir = writeFiles(manifests);
  made.push(dir);
  return dir;
}

const files: [string, string][] = [
  ['search-index/manifest.json', '{}'],
  ['search-index/s/3fa9c1.json', '{}'],
  ['search-index/f/77e0b2/12.json', '{"t":"Flood zones"}'],
  ['fr/search-index/f/5c1d3a/4.json', '{"t":"Zones inondables"}'],
];
const previousRels = (previous: string | undefined) => withPreviousFragments(files, previous).map((file) => file[2]);

describe('search/fragmentsInOutput withPreviousFragments', () => {
  it("gives each fragment the same page's place in the folder the replaced output's manifest (of its own locale) names, and nothing else a place", () => {
    const previous = previousOutput({ 'search-index/manifest.json': JSON.stringify({ fragments: 'f/0a1b2c/' }), 'fr/search-index/manifest.json': JSON.stringify({ fragments: 'f/9d8e7f/' }) });
    expect(previousRels(previous)).toEqual([undefined, undefined, 'search-index/f/0a1b2c/12.json', 'fr/search-index/f/9d8e7f/4.json']);
  });

  it('links nothing without a replaced output, or when its manifest is missing, unreadable or not JSON', () => {
    expect(previousRels(undefined)).toEqual([undefined, undefined, undefined, undefined]);
    expect(previousRels(previousOutput({}))).toEqual([undefined, undefined, undefined, undefined]);
    expect(previousRels(previousOutput({ 'search-index/manifest.json': '{"fragments": "f/0a1b' }))).toEqual([undefined, undefined, undefined, undefined]);
    const folderInstead = previousOutput({ 'search-index/manifest.json/x': '' });
    expect(previousRels(folderInstead)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('links nothing from a folder the manifest names outside its own fragments folder', () => {
    for (const fragments of ['../../', '/etc/', 'f/../../home/', 'f/0a1b/../../', 's/', 'f/0A1B/', 'f/0a1b', 42, ['f/0a1b/']]) {
      const previous = previousOutput({ 'search-index/manifest.json': JSON.stringify({ fragments }) });
      expect(previousRels(previous)[2], JSON.stringify(fragments)).toBeUndefined();
    }
  });
});
