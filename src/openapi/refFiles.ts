// The files a spec's `$ref`s name (`./schemas/parcel.yaml#/Parcel`), and theirs in turn: what a
// split spec is made of besides its main file. serve --watch watches them, so that saving a
// schema file rebuilds the pages that show it. URLs are not files: they are left out.
//
// Spec text is untrusted, and a `$ref` may name any path: checkedRefFiles refuses, before the
// bundler reads them, those that are not regular files (`/dev/zero` never ends, and took 12 GB
// of memory in a minute; a pipe waits for a writer for good) or are larger than a spec may be.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { formatBytes } from '../shared/size';
import { safeDecode } from '../shared/url';
import { maxSpecBytes, parseSpec } from './load';
import { escapePointer, locatePointers } from './locate';

/**
 * Absolute paths of every file reached through `$ref`s from `document` (the parsed `text` of
 * `file`), `file` itself excluded: what serve --watch watches besides the spec. Throws, naming the
 * `$ref`'s file and line, when one names a file that must not be read (see above).
 */
export function checkedRefFiles(file: string, text: string, document: unknown): string[] {
  const found = new Set<string>();
  const visit = (from: string, fromText: string, value: unknown) => {
    for (const { ref, pointer } of externalRefsAt(value)) {
      const abs = refFile(from, ref.split('#')[0]);
      if (abs === undefined || abs === file || found.has(abs)) continue;
      found.add(abs);
      const stat = fs.statSync(abs, { throwIfNoEntry: false });
      if (!stat) continue; // missing: the bundler says so
      const why = !stat.isFile() ? 'which is not a file (a folder, a pipe or a device)' : stat.size > maxSpecBytes() ? `which is ${formatBytes(stat.size)}, more than this process can parse (at most ${formatBytes(maxSpecBytes())})` : undefined;
      if (why) {
        const at = locatePointers(fromText, [`${pointer}/$ref`]).get(`${pointer}/$ref`);
        throw new DocsgenError([error('spec-ref-unreadable', `The $ref "${ref}" names ${abs}, ${why}.`, { location: { file: from, ...at }, hint: 'A $ref may name YAML or JSON files beside the spec; correct the path.' })]);
      }
      let refText: string;
      let parsed: unknown;
      try {
        refText = fs.readFileSync(abs, 'utf8');
        parsed = parseSpec(refText, abs);
      } catch {
        continue; // the bundler reports a file it cannot read or parse
      }
      visit(abs, refText, parsed);
    }
  };
  visit(file, text, document);
  return [...found];
}

/** The `$ref` values of a document that point outside it (files or URLs): none means the document stands alone. */
export function externalRefs(document: unknown): string[] {
  // Without pointers: it runs on every spec, and a pointer per object of a large one costs.
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

/** The file a `$ref`'s target names, from the file `from` whose `$ref` it is; undefined for a URL. */
function refFile(from: string, target: string): string | undefined {
  if (/^file:/i.test(target)) {
    try {
      return fileURLToPath(target);
    } catch {
      return undefined;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[a-z]:[\\/]/i.test(target)) return undefined; // http(s): and the like; not C:\
  return path.resolve(path.dirname(from), safeDecode(target, decodeURIComponent));
}

/** externalRefs with the JSON pointer of the object holding each: for a spec that has some. */
function externalRefsAt(document: unknown): { ref: string; pointer: string }[] {
  const refs: { ref: string; pointer: string }[] = [];
  const stack: [unknown, string][] = [[document, '']];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, `${pointer}/${i}`]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === '$ref' && typeof v === 'string' && !v.startsWith('#')) refs.push({ ref: v, pointer });
        else if (typeof v === 'object') stack.push([v, `${pointer}/${escapePointer(key)}`]);
      }
    }
  }
  return refs;
}
