// `docsgen eject <Component>`: a built-in component copied into the project's theme folder, to
// edit from there. Its relative imports are rewritten to `docsgen/theme/…` specifiers (the
// override plugin resolves them: src/theme/plugin.ts), so the copy compiles where it lands and,
// unedited, renders exactly what the built-in did. An existing file is never overwritten.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { closest } from '../config/validate';
import { packagePath } from '../paths';
import { builtins, templatesDir, type Builtin } from './builtins';
import { SRC_FOLDERS } from './plugin';

export interface EjectResult {
  builtin: Builtin;
  /** Absolute path of the file written. */
  file: string;
}

/** Every component that can be ejected (and overridden), in folder order. */
export function ejectable(): Builtin[] {
  return [...builtins().values()];
}

export function ejectComponent(name: string, themeDir: string): EjectResult {
  const builtin = builtins().get(name.replace(/\.tsx$/, ''));
  if (!builtin) {
    const guess = closest(name, [...builtins().keys()]);
    throw new DocsgenError([error('eject-unknown', `docsgen has no built-in component named "${name}".${guess ? ` Did you mean ${guess}?` : ''}`, { hint: 'docsgen eject --list lists the components.' })]);
  }
  const file = path.join(themeDir, `${builtin.name}.tsx`);
  if (fs.existsSync(file)) {
    throw new DocsgenError([error('eject-exists', `${file} exists already; docsgen eject never overwrites a file.`, { location: { file }, hint: 'Delete or rename it first to eject the built-in again.' })]);
  }
  const text = ejectedSource(builtin);
  fs.mkdirSync(themeDir, { recursive: true });
  // 'wx': a file that appeared since the check above is not overwritten either.
  fs.writeFileSync(file, text, { flag: 'wx' });
  return { builtin, file };
}

/** The built-in's source with a header and its relative imports made `docsgen/theme/…` ones. */
export function ejectedSource(builtin: Builtin): string {
  const source = fs.readFileSync(builtin.file, 'utf8');
  const from = path.relative(packagePath(), builtin.file).split(path.sep).join('/');
  const header = `// Ejected from docsgen's ${from}: this file now replaces it on every page (README "Customising components").\n// Its props type is ${builtin.name}Props in 'docsgen/theme'; 'docsgen/theme/original/${builtin.folder}/${builtin.name}' is the built-in, to wrap instead of copying.\n`;
  return header + source.replace(/(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, keyword: string, quote: string, spec: string) => {
    const rewritten = themeSpecifier(path.resolve(path.dirname(builtin.file), spec));
    return rewritten ? `${keyword}${quote}${rewritten}${quote}` : whole;
  });
}

/** `templates/components/Messages` → `docsgen/theme/components/Messages`; `src/shared/url` → `docsgen/theme/shared/url` (src/client likewise). */
function themeSpecifier(target: string): string | undefined {
  const rel = (dir: string) => path.relative(dir, target).split(path.sep).join('/').replace(/\.tsx?$/, '');
  if (target.startsWith(templatesDir + path.sep)) return `docsgen/theme/${rel(templatesDir)}`;
  for (const folder of SRC_FOLDERS) {
    const dir = packagePath('src', folder);
    if (target.startsWith(dir + path.sep)) return `docsgen/theme/${folder}/${rel(dir)}`;
  }
  return undefined;
}
