// The migration's files: reading the Docusaurus site's, and writing the new project's all at
// once, after checking that none of them exists (nothing is ever overwritten, and a refusal
// leaves nothing half-written).
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

/** A file of the new project: its text, or the file it is a copy of. */
export type PlannedFile = string | { copyFrom: string };

/** A path as the messages show it: from the working directory. */
export const rel = (file: string) => path.relative(process.cwd(), file) || file;

export const isInside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..') && !path.isAbsolute(path.relative(dir, file));

export function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new DocsgenError([error('migrate-unreadable', `${rel(file)} could not be read: ${(e as Error).message}`, { location: { file } })]);
  }
}

/** Files under a folder, relative, with `/`, sorted; dot files and node_modules left out. */
export function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const relPath = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(relPath);
      else if (entry.isFile()) out.push(relPath);
    }
  };
  visit('');
  return out.sort();
}

export function refuseExisting(outDir: string, files: Map<string, PlannedFile>): void {
  const existing = [...files.keys()].filter((f) => fs.existsSync(path.join(outDir, f)));
  if (existing.length === 0) return;
  throw new DocsgenError([
    error('migrate-would-overwrite', `${rel(path.join(outDir, existing[0]))} exists already${existing.length > 1 ? ` (and ${existing.length - 1} more of the files the migration writes)` : ''}; docsgen migrate never overwrites a file, so nothing was written.`, {
      location: { file: path.join(outDir, existing[0]) },
      hint: 'Give another folder with --out <dir>, or move the existing one away.',
    }),
  ]);
}

export function writePlan(outDir: string, files: Map<string, PlannedFile>): void {
  for (const [relPath, content] of files) {
    const target = path.join(outDir, relPath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof content === 'string') fs.writeFileSync(target, content, { flag: 'wx' });
    else fs.copyFileSync(content.copyFrom, target, fs.constants.COPYFILE_EXCL);
  }
}
