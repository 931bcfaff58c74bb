// The last check before any file of the site is written: its path, made from routes, slugs and
// config entries, must name a file inside the output folder. A `..` segment that got past every
// earlier check would otherwise write over a file docsgen did not make.
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

/** `root/rel`, or a DocsgenError when `rel` is absolute or climbs out of `root`. */
export function insideOutput(root: string, rel: string): string {
  const target = path.resolve(root, rel);
  const back = path.relative(root, target);
  if (path.isAbsolute(rel) || back === '' || back.startsWith('..') || path.isAbsolute(back)) {
    throw new DocsgenError([
      error('output-outside', `The site's file ${JSON.stringify(rel)} would be written outside the output folder; nothing was written.`, {
        hint: 'A page route, slug or redirect with `..` segments names it: give it a path inside the site.',
      }),
    ]);
  }
  return target;
}
