// The package.json side of `docsgen init`: the docs:* scripts go into the project's package.json
// by adding keys only. Nothing already there is changed, re-ordered or re-indented: a script of
// the same name with another command is kept and reported, never replaced.

export const DOCS_SCRIPTS: Readonly<Record<string, string>> = {
  'docs:build': 'docsgen build',
  'docs:dev': 'docsgen serve --watch',
  'docs:check': 'docsgen check-links',
};

export interface ScriptConflict {
  name: string;
  /** The command package.json already has under that name. */
  existing: string;
  /** The command init would have written. */
  wanted: string;
}

export interface PackageJsonMerge {
  /** The new text, or undefined when nothing needs adding. */
  text: string | undefined;
  added: string[];
  conflicts: ScriptConflict[];
  /** Whether docsgen is among its dependencies (else the next steps say to install it). */
  hasDocsgen: boolean;
}

/** A package.json for a folder that has none. */
export function newPackageJson(name: string): string {
  return JSON.stringify({ name: packageName(name), private: true, scripts: { ...DOCS_SCRIPTS } }, null, 2) + '\n';
}

/**
 * Adds the missing docs scripts to an existing package.json text. Throws a SyntaxError when the
 * text is not a JSON object (the caller reports it with the file's name).
 */
export function mergePackageJson(text: string, scripts: Readonly<Record<string, string>> = DOCS_SCRIPTS): PackageJsonMerge {
  const pkg: unknown = JSON.parse(text);
  if (!isObject(pkg)) throw new SyntaxError('package.json does not hold a JSON object');
  const hasDocsgen = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].some((k) => isObject(pkg[k]) && 'docsgen' in (pkg[k] as object));
  const existing = isObject(pkg.scripts) ? (pkg.scripts as Record<string, unknown>) : undefined;
  if (pkg.scripts !== undefined && !existing) throw new SyntaxError('"scripts" in package.json is not an object');
  const added: string[] = [];
  const conflicts: ScriptConflict[] = [];
  for (const [name, wanted] of Object.entries(scripts)) {
    const have = existing?.[name];
    if (have === undefined) added.push(name);
    else if (have !== wanted) conflicts.push({ name, existing: String(have), wanted });
  }
  if (added.length === 0) return { text: undefined, added, conflicts, hasDocsgen };
  return { text: insertScripts(text, pkg, added.map((n) => [n, scripts[n]])), added, conflicts, hasDocsgen };
}

/**
 * Writes the new scripts into the text itself rather than re-serialising the object, so the
 * file's indentation, key order, line endings and anything JSON.stringify would change (such as
 * `1.0` → `1`) stay as they were.
 */
function insertScripts(text: string, pkg: Record<string, unknown>, entries: [string, string][]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const member = (depth: number, [k, v]: [string, string]) => `${indent.repeat(depth)}${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  if (isObject(pkg.scripts)) {
    const open = findKeyValueStart(text, 'scripts');
    const close = matchingBrace(text, open);
    const body = text.slice(open + 1, close);
    const lines = entries.map((e) => member(2, e)).join(`,${eol}`);
    if (body.trim() === '') return `${text.slice(0, open + 1)}${eol}${lines}${eol}${indent}${text.slice(close)}`;
    // After the last member: keep its own trailing whitespace before the closing brace.
    const lastEnd = open + 1 + body.trimEnd().length;
    return `${text.slice(0, lastEnd)},${eol}${lines}${text.slice(lastEnd)}`;
  }
  const close = text.lastIndexOf('}');
  const before = text.slice(0, close).trimEnd();
  const empty = before.endsWith('{');
  const block = `${indent}"scripts": {${eol}${entries.map((e) => member(2, e)).join(`,${eol}`)}${eol}${indent}}`;
  return `${before}${empty ? '' : ','}${eol}${block}${eol}${text.slice(close)}`;
}

/** The index of the `{` of a top-level key's object value. */
function findKeyValueStart(text: string, key: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (depth === 1 && JSON.parse(text.slice(i, end + 1)) === key) {
        const brace = text.indexOf('{', end);
        if (/^\s*:\s*$/.test(text.slice(end + 1, brace))) return brace;
      }
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  throw new SyntaxError(`package.json has no "${key}" object`);
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i);
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i;
  }
  throw new SyntaxError('package.json has an unclosed object');
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  throw new SyntaxError('package.json has an unclosed string');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An npm package name from a folder name: lower case, no spaces, no leading dot or underscore. */
export function packageName(folder: string): string {
  const name = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '');
  return name || 'docs';
}
