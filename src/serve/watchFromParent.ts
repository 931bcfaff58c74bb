// Watching paths through a folder above them, never the paths themselves. chokidar watching a
// file or folder directly loses it for good once it is deleted and made again: `git checkout`
// deletes and rewrites every file it changes, so after one branch switch serve --watch never saw
// the spec again, nor after `rm openapi.yaml` and a script writing it anew. The watch of a folder
// above sees its entries come and go whatever their inodes. It is also how paths that do not
// exist yet are watched: handed one beside others that do, chokidar 5 emits 'ready' before it has
// scanned the others (and again once it has), so a save made just after serve --watch said it was
// watching was lost. The folder's watcher ignores everything but the way down to the paths and
// what is inside them, and its 'ready' comes after its scan.
import fs from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';

export interface ParentWatcher {
  /** Resolves once the watcher is watching. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ParentWatchOptions {
  /**
   * Paths inside this folder are watched from it (the project's root), so that one of their
   * folders deleted and made again (a branch without `fixtures/`, then back) is seen too; others
   * from their nearest existing folder.
   */
  base?: string;
  /** Paths inside the targets never reported (the output folder, node_modules, …); default: editor droppings (EDITOR_FILE). */
  ignore?: (abs: string) => boolean;
  /** The watcher reported an error (it goes on watching). */
  onError?: (error: Error) => void;
}

/** Editor droppings: dotfiles, `file~` backups, vim's `4913` probe. */
const EDITOR_FILE = /(^|[/\\])(\.[^/\\]*|[^/\\]*~|4913)$/;

/** Watches `targets` (absolute paths, files or folders) whether or not they exist; `onChange` gets a changed path inside one. */
export function watchFromParent(targets: readonly string[], onChange: (file: string) => void, { base, ignore, onError }: ParentWatchOptions = {}): ParentWatcher {
  if (targets.length === 0) return { ready: Promise.resolve(), close: async () => {} };
  const inside = (abs: string, dir: string) => abs === dir || abs.startsWith(dir + path.sep);
  const usable = base !== undefined && fs.existsSync(base) ? base : undefined;
  const roots = [...new Set(targets.map((t) => (usable !== undefined && t !== usable && inside(t, usable) ? usable : nearestExistingParent(t))))];
  const inTarget = (abs: string) => targets.some((t) => inside(abs, t));
  const onTheWay = (abs: string) => targets.some((t) => t.startsWith(abs + path.sep));
  const watcher = watch(roots, {
    ignoreInitial: true,
    ignored: (file) => {
      const abs = path.resolve(file);
      if (roots.includes(abs) || onTheWay(abs)) return false;
      return !inTarget(abs) || (!targets.includes(abs) && (ignore ? ignore(abs) : EDITOR_FILE.test(abs)));
    },
  });
  watcher.on('all', (_event, file) => {
    const abs = path.resolve(file);
    if (inTarget(abs)) onChange(abs);
  });
  if (onError) watcher.on('error', (e) => onError(e as Error));
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}

function nearestExistingParent(target: string): string {
  let dir = path.dirname(target);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
