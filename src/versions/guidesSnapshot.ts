// What a copy of the guides folder takes: every file and folder in it, listed before anything is
// written, so that `docsgen version` refuses a folder it cannot copy faithfully (a link leading
// out of it, a broken link, a link loop, a socket) without having written half a version.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

export interface GuidesSnapshot {
  /** Folders to create, relative to the guides folder with `/`, parents first (empty ones included). */
  dirs: string[];
  /** Files to copy: the file read (a link is read through) and its place in the copy. */
  files: { from: string; rel: string; bytes: number }[];
}

/**
 * Lists the guides folder for a copy. A symbolic link inside it is copied as what it points to
 * (the build follows links the same way: content/discover.ts), provided that is inside the
 * guides folder too: a version is a copy of the guides, and a link out of them (`../../`, a
 * home folder) would copy files nobody meant to freeze.
 */
export function snapshotGuides(guidesDir: string): GuidesSnapshot {
  const root = fs.realpathSync(guidesDir);
  const snapshot: GuidesSnapshot = { dirs: [], files: [] };
  const walk = (dir: string, rel: string, ancestors: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (cause) {
      throw refusal('version-guides-unreadable', `${rel ? `The folder ${rel} of the guides folder` : 'The guides folder'} could not be read (${(cause as NodeJS.ErrnoException).code}), so it cannot be copied into the version.`, dir, cause);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const abs = path.join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      const real = entry.isSymbolicLink() ? linkTarget(abs, relPath, root) : undefined;
      const stat = fs.statSync(abs);
      if (stat.isDirectory()) {
        const realDir = real ?? fs.realpathSync(abs);
        if (ancestors.includes(realDir)) {
          throw refusal('version-guides-link-loop', `The guides folder holds a symbolic link that leads back to a folder containing it: ${relPath} → ${fs.readlinkSync(abs)}. Copying it would never end.`, abs, undefined, 'Remove the link, or point it at a folder beside it.');
        }
        snapshot.dirs.push(relPath);
        walk(abs, relPath, [...ancestors, realDir]);
      } else if (stat.isFile()) {
        snapshot.files.push({ from: abs, rel: relPath, bytes: stat.size });
      } else {
        throw refusal('version-guides-special-file', `The guides folder holds ${relPath}, which is neither a file nor a folder (a socket, a pipe or a device), and cannot be copied into a version.`, abs, undefined, 'Move it out of the guides folder.');
      }
    }
  };
  walk(root, '', [root]);
  return snapshot;
}

/** Where a link inside the guides folder leads (its real path), refusing one that is broken or leads out of the folder. */
function linkTarget(link: string, relPath: string, root: string): string {
  const target = fs.readlinkSync(link);
  let real: string;
  try {
    real = fs.realpathSync(link);
  } catch (cause) {
    throw refusal('version-guides-link-broken', `The guides folder holds a symbolic link to something that does not exist: ${relPath} → ${target}.`, link, cause, 'Remove the link or restore what it points to.');
  }
  if (real !== root && !real.startsWith(root + path.sep)) {
    throw refusal('version-guides-link-outside', `The guides folder holds a symbolic link that points outside it: ${relPath} → ${target}. A version copies only what is inside the guides folder.`, link, undefined, 'Replace the link with a copy of what it points to, or move that into the guides folder.');
  }
  return real;
}

function refusal(code: string, text: string, file: string, cause?: unknown, hint?: string): DocsgenError {
  return new DocsgenError([error(code, text, { location: { file }, ...(hint ? { hint } : {}) })], { cause });
}
