// The project's component overrides: the files of its theme folder named like a built-in
// (theme/Footer.tsx replaces templates/components/Footer.tsx). Other files there are the
// overrides' own modules and are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { builtins, type Builtin } from './builtins';

export interface Override {
  builtin: Builtin;
  /** Absolute path of the project's file. */
  file: string;
}

const OVERRIDE_FILE = /^([A-Za-z][\w]*)\.(tsx|jsx)$/;

/** The overrides in `themeDir`, by built-in name; empty when the folder does not exist. */
export function findOverrides(themeDir: string): Override[] {
  let entries: string[];
  try {
    entries = fs.readdirSync(themeDir).sort();
  } catch {
    return [];
  }
  const found: Override[] = [];
  for (const entry of entries) {
    const m = OVERRIDE_FILE.exec(entry);
    const builtin = m ? builtins().get(m[1]) : undefined;
    if (builtin && !found.some((o) => o.builtin === builtin)) found.push({ builtin, file: path.join(themeDir, entry) });
  }
  return found;
}

/** Each file under `dir` with its size and time: what tells a live memo the folder changed. */
export function folderStamps(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    return `${name}:${stat?.mtimeMs}:${stat?.size}`;
  });
}
