// The files a spec's `$ref`s name (`./schemas/parcel.yaml#/Parcel`), and theirs in turn: what a
// split spec is made of besides its main file. serve --watch watches them, so that saving a
// schema file rebuilds the pages that show it. URLs are not files: they are left out.
import fs from 'node:fs';
import path from 'node:path';
import { parseSpec } from './load';

/** Absolute paths of every file reached through `$ref`s from `document` (the text of `file`), `file` itself excluded. */
export function externalRefFiles(file: string, document: unknown): string[] {
  const found = new Set<string>();
  const visit = (from: string, value: unknown) => {
    for (const ref of externalRefs(value)) {
      const target = ref.split('#')[0];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http(s):, file: and the like
      const abs = path.resolve(path.dirname(from), decodeURIComponent(target));
      if (abs === file || found.has(abs)) continue;
      found.add(abs);
      let parsed: unknown;
      try {
        parsed = parseSpec(fs.readFileSync(abs, 'utf8'), abs);
      } catch {
        continue; // the build reports a file it cannot read; watching it still catches its repair
      }
      visit(abs, parsed);
    }
  };
  visit(file, document);
  return [...found];
}

/** The `$ref` values of a document that point outside it (files or URLs): none means the document stands alone. */
export function externalRefs(document: unknown): string[] {
  const refs: string[] = [];
  const stack = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === '$ref' && typeof v === 'string' && !v.startsWith('#')) refs.push(v);
        else if (typeof v === 'object') stack.push(v);
      }
    }
  }
  return refs;
}
