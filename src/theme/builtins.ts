// The built-in template files a project may override, by name: every .tsx file of
// templates/components, pages, layouts and islands. A theme file is matched to one of them by its
// base name (theme/Footer.tsx → templates/components/Footer.tsx), so names are unique across
// the folders (checked by a test).
import fs from 'node:fs';
import path from 'node:path';
import { packagePath } from '../paths';

export const BUILTIN_FOLDERS = ['components', 'pages', 'layouts', 'islands'] as const;
export type BuiltinFolder = (typeof BUILTIN_FOLDERS)[number];

export interface Builtin {
  /** `Footer`: the file's base name, the name a theme file takes. */
  name: string;
  folder: BuiltinFolder;
  /** Absolute path of the .tsx file. */
  file: string;
}

export const templatesDir = packagePath('templates');

/** Plumbing, not presentation: the island marker, the messages context every template reads, the frame of a project's own pages, a title's word breaks. */
const INTERNAL = new Set(['Island', 'Messages', 'CustomPage', 'Breakable']);

let listed: Map<string, Builtin> | undefined;

/** Every overridable built-in, by name (read once: docsgen's own files do not change under a running build). */
export function builtins(): Map<string, Builtin> {
  if (listed) return listed;
  listed = new Map();
  for (const folder of BUILTIN_FOLDERS) {
    const dir = path.join(templatesDir, folder);
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      if (!entry.endsWith('.tsx')) continue;
      const name = entry.slice(0, -4);
      if (!listed.has(name) && !INTERNAL.has(name)) listed.set(name, { name, folder, file: path.join(dir, entry) });
    }
  }
  return listed;
}

/** The built-in at an absolute path without its extension (how an import names it), if any. */
export function builtinAt(pathWithoutExt: string): Builtin | undefined {
  const rel = path.relative(templatesDir, pathWithoutExt).split(path.sep);
  if (rel.length !== 2) return undefined;
  const found = builtins().get(rel[1].replace(/\.tsx$/, ''));
  return found && found.folder === rel[0] ? found : undefined;
}

/**
 * The names a built-in exports as values (types are erased, so an override need not repeat
 * them). Read from docsgen's own source, whose exports are all written `export function X`,
 * `export const X` or `export default`.
 */
export function valueExports(builtin: Builtin): string[] {
  const text = fs.readFileSync(builtin.file, 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/^export\s+(default\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1] ? 'default' : m[2]);
  if (/^export\s+default\s/m.test(text)) names.add('default');
  return [...names];
}

/** The props types of 'docsgen/theme' (src/theme/props.ts) an override of this file is written with. */
export function propsTypes(builtin: Builtin): string[] {
  // An island exports its component as the default, beside helpers of its own.
  if (builtin.folder === 'islands') return [`${builtin.name}Props`];
  return valueExports(builtin)
    .filter((name) => /^[A-Z][a-z]/.test(name))
    .map((name) => `${name}Props`);
}
