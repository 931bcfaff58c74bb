// The pages' folders, started before the build knows its routes. A build from the cache reaches
// the render stage two seconds after it starts (the 7,000-page site), too soon for the folder
// thread (folders.ts) started at the end of the site stage: it had made a few thousand of the
// 7,147 folders, and the render threads made the rest, contending for the same parent folder
// (1.4 s of `mkdir` each, half of the render stage). So the folders of the last build's pages,
// kept in the memo, are made from the moment the output folder is opened, while the content,
// openapi, site and search stages run.
//
// The last build's list is a guess, not a memo result: once the site stage has the routes, the
// folders the guess missed are made by a second thread, and those it made for pages this build
// does not have are removed before the output is committed (each only when empty: a folder with
// a file in it is one another file of the build needed, and a cold build would have made it too).
// So the output is what a cold build writes, folder for folder.
import fs from 'node:fs';
import { digest, type Memo } from '../cache/memo';
import { folderLevels, type FolderMaking } from './folders';
import { insideOutput } from './insideOutput';
import type { OutputDir } from './write';

export const PAGE_FOLDERS_STAGE = 'page-folders';
/** One list per cache: the last build's. */
export const PAGE_FOLDERS_KEY = digest(PAGE_FOLDERS_STAGE, 'last');

export interface PageFolders {
  /** The site stage's page files: the folders the guess missed are started; the list is kept for the next build. */
  known(files: readonly string[]): void;
  /** Halts the threads (folders.ts stop), with every folder made, for the render threads. */
  stop(): Promise<Set<string> | undefined>;
  /** Removes the folders made for pages this build does not have, when empty, deepest first. Call once every file is written. */
  prune(): Promise<void>;
}

/**
 * Starts making the last build's page folders in `output` when the memo names more than `min`
 * of them; with no guess, the folders are made from known()'s files as before (more than `min`).
 */
export function pageFolders(output: Pick<OutputDir, 'dir' | 'makeFoldersSoon'>, memo: Memo | undefined, min: number): PageFolders {
  const guess = memo ? lastFiles(memo.get(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY)) : undefined;
  const early = guess && guess.length > min ? output.makeFoldersSoon(guess) : undefined;
  let late: FolderMaking | undefined;
  let needed: ReadonlySet<string> | undefined;
  return {
    known(files) {
      if (files.length > min) {
        if (guess && sameItems(guess, files)) memo!.use(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY);
        else memo?.set(PAGE_FOLDERS_STAGE, PAGE_FOLDERS_KEY, files);
      }
      needed = new Set(folderLevels(files).flat());
      if (early) late = output.makeFoldersSoon(files, new Set(folderLevels(guess!).flat()));
      else if (files.length > min) late = output.makeFoldersSoon(files);
    },
    async stop() {
      const made = await Promise.all([early?.stop(), late?.stop()]);
      return made[0] || made[1] ? new Set([...(made[0] ?? []), ...(made[1] ?? [])]) : undefined;
    },
    async prune() {
      if (!early) return;
      const made = [...(await early.stop())];
      const kept = new Set<string>();
      for (const rel of needed ?? []) {
        try {
          kept.add(insideOutput(output.dir, rel));
        } catch {
          // Outside the output: no thread made it (folders.ts).
        }
      }
      // Made in level order: from the end, each folder comes before its parent.
      for (let i = made.length - 1; i >= 0; i--) if (!kept.has(made[i])) removeEmpty(made[i]);
    },
  };
}

/** The memo's list, when it is one (a damaged or foreign entry is no guess). */
function lastFiles(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((file) => typeof file === 'string') ? value : undefined;
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function removeEmpty(dir: string): void {
  try {
    fs.rmdirSync(dir);
  } catch {
    // Not empty (a file of the build is in it), or gone: it stays as the build left it.
  }
}
