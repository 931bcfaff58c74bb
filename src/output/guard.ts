// Which folders a build may replace. A build swaps its output folder as a whole, so a wrong
// `--out` would delete whatever the folder held: docsgen replaces only a folder it wrote itself
// (its manifest lists every file, and the folder holds no other) or an empty one. Some folders
// are never replaced, even with `emptyOutDir`: the project, the sources, a repository, packages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

/** The manifest in every output folder: a header line, then each file docsgen wrote, one per line. */
export const MANIFEST = '.docsgen-output';
const MANIFEST_HEADER = '# Written by docsgen. The files of this build, one per line; docsgen replaces this folder only while it holds no other file.';

export interface OutDirGuard {
  /** The project: the config file's folder. */
  root: string;
  /** Folders a build must neither replace nor put inside its output: content, a spec file's folder, templates. */
  protectedDirs: string[];
  /** The build cache's folder (cache/diskMemo.ts): neither replaced nor put inside the output. */
  cacheDir?: string;
  /** Files that must never be inside the output folder: the config, a spec file. */
  protectedFiles?: string[];
  /** Replace a folder that holds files docsgen did not write (`--empty-out-dir`). */
  emptyOutDir?: boolean;
}

export function manifestText(files: Iterable<string>): string {
  return `${MANIFEST_HEADER}\n${[...files].sort().join('\n')}\n`;
}

/**
 * Throws when `outDir` is not a folder a build may replace. Checked before anything is written,
 * on real paths: a symlink to the content folder is the content folder. Returns whether the
 * folder exists and holds only the files its manifest lists (no link, no file of anyone else's).
 */
export function assertSafeOutDir(outDir: string, guard: OutDirGuard): boolean {
  const out = path.resolve(outDir);
  const refuse = (text: string, hint: string): never => {
    throw new DocsgenError([error('unsafe-out-dir', text, { location: { file: out }, hint })]);
  };
  const dedicated = 'Choose a dedicated output folder, such as "build" (--out build, or outDir in the config).';

  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(out);
  } catch {
    // It does not exist yet: its nearest existing parent decides where it really is.
  }
  if (stat?.isSymbolicLink()) refuse(`The output folder ${out} is a symbolic link (to ${fs.readlinkSync(out)}); a build replaces its output folder, which would replace the link.`, 'Give the real folder with --out, or remove the link.');
  if (stat && !stat.isDirectory()) refuse(`The output folder ${out} is a file, not a folder; a build would replace it.`, dedicated);

  const real = realPath(out);
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
  if (real === path.parse(real).root) refuse(`The output folder ${out} is the root of the file system.`, dedicated);
  const segment = real.split(path.sep).find((s) => s === '.git' || s === 'node_modules');
  if (segment) refuse(`The output folder ${out} is inside ${segment}/, which a build must never write to.`, dedicated);
  for (const [what, dir] of [['the project', guard.root], ['the working directory', process.cwd()], ['your home folder', os.homedir()]] as const) {
    if (inside(realPath(dir), real)) refuse(`The output folder ${out} ${realPath(dir) === real ? 'is' : 'contains'} ${what} (${dir}); a build would replace it.`, dedicated);
  }
  const kept = [...guard.protectedDirs.map((dir) => [dir, 'your sources'] as const), ...(guard.cacheDir ? [[guard.cacheDir, 'the build cache'] as const] : [])];
  for (const [dir, what] of kept) {
    const protectedReal = realPath(dir);
    if (inside(real, protectedReal) || inside(protectedReal, real)) {
      const where = real === protectedReal ? `holds ${what}` : inside(real, protectedReal) ? `is inside ${dir}, which holds ${what}` : `contains ${dir}, which holds ${what}`;
      const hint = what === 'the build cache' ? 'Give the output and the build cache (--cache-dir) folders of their own, neither inside the other.' : dedicated;
      refuse(`The output folder ${out} ${where}; a build would ${inside(real, protectedReal) && real !== protectedReal ? 'write into' : 'delete'} it.`, hint);
    }
  }
  for (const file of guard.protectedFiles ?? []) {
    if (inside(realPath(file), real)) refuse(`The output folder ${out} contains ${file}; a build would delete it.`, dedicated);
  }
  if (!stat) return false;
  if (fs.existsSync(path.join(out, '.git'))) refuse(`The output folder ${out} holds a Git repository (.git); a build would delete it.`, dedicated);

  const foreign = foreignFiles(out);
  if (foreign.length === 0) return fs.existsSync(path.join(out, MANIFEST));
  if (guard.emptyOutDir) return false;
  const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
  const made = fs.existsSync(path.join(out, MANIFEST));
  return refuse(
    made
      ? `The output folder ${out} holds ${foreign.length === 1 ? 'a file' : `${foreign.length} files`} that docsgen did not write (${shown}); a build replaces the whole folder, which would delete ${foreign.length === 1 ? 'it' : 'them'}.`
      : `The output folder ${out} already exists and was not made by docsgen (it holds ${shown}); a build replaces the whole folder, which would delete what is in it.`,
    'Move those files out, choose another folder with --out, or pass --empty-out-dir to replace the folder and everything in it.',
  );
}

/** The files (and links) under `dir` that its manifest does not list: all of them without one. */
export function foreignFiles(dir: string): string[] {
  let listed: Set<string> | undefined;
  try {
    const lines = fs.readFileSync(path.join(dir, MANIFEST), 'utf8').split('\n');
    if (lines[0] === MANIFEST_HEADER) listed = new Set(lines.slice(1));
  } catch {
    // No manifest: nothing in the folder is docsgen's.
  }
  const foreign: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      // Removed while docsgen looked (an `rm -rf` of the output beside the build): nothing there to keep.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(abs, entry.name), r);
      else if (!(listed?.has(r) || (listed && r === MANIFEST))) foreign.push(r);
    }
  };
  walk(dir, '');
  return foreign.sort();
}

/** The real path of `p`, or of its nearest existing parent joined with the rest. */
function realPath(p: string): string {
  const abs = path.resolve(p);
  try {
    return fs.realpathSync(abs);
  } catch {
    const parent = path.dirname(abs);
    return parent === abs ? abs : path.join(realPath(parent), path.basename(abs));
  }
}
