// Whether two folders hold the same files with the same bytes: how the incremental bench checks
// that a build from the cache wrote exactly what a cold build of the same inputs writes.
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, as sorted paths relative to it with `/` separators (symlinks as files). */
export function listTree(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Compares the trees under `a` and `b` by names and bytes. Returns { identical, files, onlyA,
 * onlyB, differing }: `files` counts the names in both, the lists name what differs (sorted), so
 * that a report can show the first few.
 */
export function compareTrees(a, b) {
  const left = listTree(a);
  const right = new Set(listTree(b));
  const onlyA = [];
  const differing = [];
  let files = 0;
  for (const rel of left) {
    if (!right.has(rel)) {
      onlyA.push(rel);
      continue;
    }
    right.delete(rel);
    files++;
    if (!fs.readFileSync(path.join(a, rel)).equals(fs.readFileSync(path.join(b, rel)))) differing.push(rel);
  }
  const onlyB = [...right].sort();
  return { identical: onlyA.length === 0 && onlyB.length === 0 && differing.length === 0, files, onlyA, onlyB, differing };
}

/** "yes (7,012 files)" or "no: 3 files differ (…), 1 only in the incremental build (…)". */
export function describeComparison(c, names = ['the incremental build', 'the cold build']) {
  if (c.identical) return `yes (${c.files.toLocaleString('en-US')} files)`;
  const some = (list) => list.slice(0, 3).map((f) => `\`${f}\``).join(', ') + (list.length > 3 ? ', …' : '');
  const parts = [];
  if (c.differing.length) parts.push(`${c.differing.length} of ${c.files.toLocaleString('en-US')} files differ (${some(c.differing)})`);
  if (c.onlyA.length) parts.push(`${c.onlyA.length} only in ${names[0]} (${some(c.onlyA)})`);
  if (c.onlyB.length) parts.push(`${c.onlyB.length} only in ${names[1]} (${some(c.onlyB)})`);
  return `no: ${parts.join(', ')}`;
}

/** Bytes and files under `dir` (0 and 0 when it does not exist). */
export function treeSize(dir) {
  if (!fs.existsSync(dir)) return { bytes: 0, files: 0 };
  let bytes = 0;
  const files = listTree(dir);
  for (const rel of files) bytes += fs.statSync(path.join(dir, rel)).size;
  return { bytes, files: files.length };
}
