// serve --watch and the theme folder: its files are watched whether or not the folder exists
// yet (chokidar ignores a path that does not exist when it starts), through a watcher of the
// folder's parent that ignores everything but the folder.
import path from 'node:path';
import { watch } from 'chokidar';

export interface ThemeWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchThemeFolder(themeDir: string, onChange: (file: string) => void): ThemeWatcher {
  const parent = path.dirname(themeDir);
  const inTheme = (file: string) => file === themeDir || file.startsWith(themeDir + path.sep);
  const watcher = watch(parent, {
    ignoreInitial: true,
    ignored: (file) => {
      const abs = path.resolve(file);
      return abs !== parent && (!inTheme(abs) || /(^|[/\\])(\.[^/\\]*|[^/\\]*~|4913)$/.test(abs));
    },
  });
  watcher.on('all', (_event, file) => {
    const abs = path.resolve(file);
    if (inTheme(abs)) onChange(abs);
  });
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}
