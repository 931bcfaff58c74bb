// A sharded index's page fragments, written into the output folder as the search stage makes them
// (shards.ts FragmentSink) rather than kept until the stage ends: on the 35,000-page site they are
// 31,000 files and 200 MB of UTF-8, all in memory at once at the search stage's peak when kept. Their
// folder is named by a hash of them all, known only once the last is made, so they are written
// into a hidden folder beside it and renamed. A fragment whose bytes are those of the same page's
// fragment in the output this build replaces is linked from there (output/reuse.ts), as the kept
// fragments are when written (withPreviousFragments).
import fs from 'node:fs';
import path from 'node:path';
import type { OutputDir } from '../output/write';
import { MANIFEST_FILE, SHARDED_DIR, type FragmentSink } from './shards';

/** The hidden folder the fragments are written into until their folder's name is known. */
const WRITING = 'f/.writing';

export interface FragmentsInOutput extends FragmentSink {
  /** The site paths written, once closed (for the output's list of files). */
  readonly written: string[];
}

/** `prefix`: the index's folder in the site ('' for the default locale's latest version, else `fr/`, `v2/`…). */
export function fragmentsInOutput(output: OutputDir, prefix: string): FragmentsInOutput {
  const root = `${prefix}${SHARDED_DIR}`;
  let previousFolder: string | undefined;
  const names: string[] = [];
  const written: string[] = [];
  return {
    written,
    put(name, text) {
      if (names.length === 0 && output.previous !== undefined) previousFolder = previousFragments(path.join(output.previous, prefix, MANIFEST_FILE));
      names.push(name);
      output.writeNow(`${root}/${WRITING}/${name}`, text, previousFolder && `${root}/${previousFolder}${name}`);
    },
    close(folder) {
      if (names.length === 0) return;
      output.rename(`${root}/${WRITING}`, `${root}/${folder}`);
      for (const name of names) written.push(`${root}/${folder}${name}`);
    },
  };
}

/** A page fragment's site path: the index's folder's prefix, and the file's name in its folder. */
const FRAGMENT = new RegExp(`^(.*?)${SHARDED_DIR}/f/[0-9a-f]+/([^/]+)$`);

/**
 * The index's files, each page fragment with the place of the same page's fragment in the output
 * this build replaces: kept in the cache, the fragments are written with the rest of the index,
 * into a folder whose name (a hash of them all) is new after any edit, so without it an edit of
 * one guide wrote every fragment again (6,268 files on the 7,000-page site).
 */
export function withPreviousFragments(files: [string, string | Uint8Array][], previous: string | undefined): [string, string | Uint8Array, string?][] {
  if (previous === undefined) return files;
  const folders = new Map<string, string | undefined>();
  return files.map(([rel, content]) => {
    const match = FRAGMENT.exec(rel);
    if (!match) return [rel, content];
    const [, prefix, name] = match;
    if (!folders.has(prefix)) folders.set(prefix, previousFragments(path.join(previous, prefix, MANIFEST_FILE)));
    const folder = folders.get(prefix);
    return folder === undefined ? [rel, content] : [rel, content, `${prefix}${SHARDED_DIR}/${folder}${name}`];
  });
}

/** The fragments' folder (`f/<hash>/`) the manifest of the replaced output names; undefined when it names none. */
function previousFragments(manifestFile: string): string | undefined {
  try {
    const folder = (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { fragments?: unknown }).fragments;
    return typeof folder === 'string' && /^f\/[0-9a-f]+\/$/.test(folder) ? folder : undefined;
  } catch {
    return undefined;
  }
}
