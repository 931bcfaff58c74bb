// What the content folders may hold besides files and folders. A pipe waits for a writer when it
// is opened, and reading a device may never end; the build reads a file in one synchronous call,
// so it would wait for good, deaf to signals. Such entries are reported instead of read.
import fs from 'node:fs';
import path from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic';

/** The error for `rel`, an entry of `folder` (`guides`, `pages`, `translations`) that is neither a file nor a folder. */
export function notAFile(abs: string, rel: string, folder: string): Diagnostic {
  return error(`${folder}-special-file`, `The ${folder} folder holds ${rel}, which is neither a file nor a folder (a pipe, a socket or a device): reading it could wait for ever.`, {
    location: { file: abs },
    hint: `Move it out of the ${folder} folder.`,
  });
}

/** The names in `dir` that `wanted` keeps and that are files (or links to files), in name order; a pipe, socket or device among them is reported, a folder passed over. Empty when `dir` cannot be read. */
export function filesIn(dir: string, wanted: (name: string) => boolean, folder: string, diagnostics: Diagnostic[]): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (!wanted(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    const kind = entry.isSymbolicLink() ? fs.statSync(abs, { throwIfNoEntry: false }) : entry;
    // A link to nothing is listed as a file: reading it reports it.
    if (!kind || kind.isFile()) names.push(entry.name);
    else if (!kind.isDirectory()) diagnostics.push(notAFile(abs, entry.name, folder));
  }
  return names.sort();
}
