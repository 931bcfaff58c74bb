// The site stylesheet: the files of templates/styles in name order, concatenated into one
// content-hashed file so it can be cached forever.
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from '../output/hash';
import { packagePath } from '../paths';

export const stylesDir = packagePath('templates/styles');
export const staticDir = packagePath('templates/static');

/** `branding`: CSS appended after the built-in files (src/branding/stylesheet.ts), so its tokens win. */
export function buildStylesheet(branding = ''): { path: string; css: string } {
  const builtIn = fs
    .readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .map((f) => `/* ${f} */\n` + fs.readFileSync(path.join(stylesDir, f), 'utf8'))
    .join('\n');
  const css = branding ? `${builtIn}\n${branding}` : builtIn;
  return { path: `assets/css/styles.${contentHash(css)}.css`, css };
}

/** Files shipped with the theme (favicon), copied as they are. */
export function themeStaticFiles(): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(staticDir)) return files;
  for (const rel of fs.readdirSync(staticDir, { recursive: true }) as string[]) {
    const abs = path.join(staticDir, rel);
    if (fs.statSync(abs).isFile()) files.set(rel.split(path.sep).join('/'), abs);
  }
  return files;
}
