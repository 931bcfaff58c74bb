// chokidar and paths that may not exist yet. Handed one that does not exist beside others that
// do, chokidar 5 emits 'ready' before it has scanned the others (and again once it has), so a
// save made just after serve --watch said it was watching was lost: 4 times in 6 on a copy of
// the shipped site, which has no versions.json or versioned/ folder. Such paths (and the theme
// folder, which a project may create while serving) are watched here instead, through a watcher
// of their nearest existing folder that ignores everything but the way down to them and what is
// inside them; that watcher's 'ready' comes after its scan.
import fs from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';

export interface ParentWatcher {
  /** Resolves once the watcher is watching. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Editor droppings: dotfiles, `file~` backups, vim's `4913` probe. */
const EDITOR_FILE = /(^|[/\\])(\.[^/\\]*|[^/\\]*~|4913)$/;

/** Watches `targets` (absolute paths, files or folders) whether or not they exist; `onChange` gets a changed path inside one. */
export function watchFromParent(targets: readonly string[], onChange: (file: string) => void): ParentWatcher {
  if (targets.length === 0) return { ready: Promise.resolve(), close: async () => {} };
  const roots = [...new Set(targets.map(nearestExistingParent))];
  const inTarget = (abs: string) => targets.some((t) => abs === t || abs.startsWith(t + path.sep));
  const onTheWay = (abs: string) => targets.some((t) => t.startsWith(abs + path.sep));
  const watcher = watch(roots, {
    ignoreInitial: true,
    ignored: (file) => {
      const abs = path.resolve(file);
      if (roots.includes(abs) || onTheWay(abs)) return false;
      return !inTarget(abs) || (!targets.includes(abs) && EDITOR_FILE.test(abs));
    },
  });
  watcher.on('all', (_event, file) => {
    const abs = path.resolve(file);
    if (inTarget(abs)) onChange(abs);
  });
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}

function nearestExistingParent(target: string): string {
  let dir = path.dirname(target);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
