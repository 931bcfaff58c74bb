// A page that failed to render in a themed site: when a frame of the error's stack is in one of
// the project's own components (theme/, content/pages/) (mapped through the bundle's inline source map), that file and line
// are where the author looks, so the error names it.
import path from 'node:path';
import type { Location } from '../diagnostics/diagnostic';
import { throwSite } from '../serve/throwSite';
import type { ThemeModule } from './compileTemplates';

export function overrideThrowSite(stack: string | undefined, theme: ThemeModule): { name: string; location: Location } | undefined {
  for (const frame of (stack ?? '').split('\n').slice(1)) {
    // Node maps the frame itself when source maps are on (--enable-source-maps, vitest), else it names the bundle.
    if (!frame.includes(theme.module) && !theme.dirs.some((dir) => frame.includes(dir + path.sep))) continue;
    const site = throwSite(`Error\n${frame}`);
    if (site && theme.dirs.some((dir) => site.file.startsWith(dir + path.sep))) return { name: path.relative(theme.root, site.file).split(path.sep).join('/'), location: site };
  }
  return undefined;
}
