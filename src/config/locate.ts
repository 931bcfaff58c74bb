// Where a config key is written: `navbar.title` → the `title:` inside `navbar: { … }`, not the
// first `title:` of the file. A small JavaScript/TypeScript tokenizer (strings, comments, template
// literals and regular expressions are single tokens, so a `}` or `title:` inside them counts for
// nothing) feeds a walk of the default export's object literal. `typescript` is only a
// devDependency, and esbuild gives no syntax tree.

export interface KeyLocation {
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
  lineText: string;
  /** False when the key itself is not written (missing, or behind a spread): this is its closest written parent. */
  exact: boolean;
}

type TokenType = 'punct' | 'ident' | 'string' | 'template' | 'number' | 'regex';

interface Token {
  type: TokenType;
  value: string;
  start: number;
}

/** `navbar.items[1].to` → `['navbar', 'items', 1, 'to']`. */
export function splitKeyPath(keyPath: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const part of keyPath.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      segments.push(part);
      continue;
    }
    if (m[1] !== '') segments.push(m[1]);
    for (const index of m[2].matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

/**
 * The line and column of `keyPath` (as validate.ts writes it) in the config's source, or
 * undefined when the default export's object literal cannot be found (the config is built in
 * code). A key that is not written gives its closest written parent (`exact: false`); a path
 * that is not written at all gives the object literal itself.
 */
export function locateConfigKey(source: string, keyPath: string): KeyLocation | undefined {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch {
    return undefined; // an unterminated string or comment: esbuild will have said so already
  }
  const { exportAt, root } = findRootObject(tokens);
  if (root === undefined) return exportAt !== undefined && keyPath === '' ? { ...lineAndColumn(source, tokens[exportAt].start), exact: true } : undefined;
  const segments = keyPath === '' ? [] : splitKeyPath(keyPath);
  let at = root;
  let found = tokens[root];
  let exact = true;
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[k];
    const open = tokens[at].value;
    const entry =
      typeof segment === 'number' ? (open === '[' ? arrayEntries(tokens, at)[segment] : undefined) : open === '{' ? lastWithKey(objectEntries(tokens, at), segment) : undefined;
    if (!entry) {
      exact = false;
      break;
    }
    found = tokens[entry.keyToken];
    if (k === segments.length - 1) break;
    if (entry.value === undefined) {
      exact = false;
      break;
    }
    at = entry.value;
  }
  return { ...lineAndColumn(source, found.start), exact };
}

function lastWithKey(entries: Entry[], key: string): Entry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].key === key) return entries[i];
  return undefined;
}

function lineAndColumn(source: string, offset: number): { line: number; column: number; lineText: string } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', offset);
  return { line, column: offset - lineStart + 1, lineText: source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, '') };
}

// --- The walk -------------------------------------------------------------------------------

interface Entry {
  /** The property name, or undefined for array items, spreads and computed keys. */
  key?: string;
  /** The token the location points at: the key of a property, the first token of an item. */
  keyToken: number;
  /** Index of the `{` or `[` of the value, when it is an object or array literal. */
  value?: number;
}

const CLOSE: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/** Index of the token after the bracket opened at `open`, its match included. */
function skipBalanced(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'punct') continue;
    if (t.value === '{' || t.value === '[' || t.value === '(') depth++;
    else if (t.value === '}' || t.value === ']' || t.value === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return tokens.length;
}

/** From `i`, the index of the `,` or closing bracket that ends the current expression. */
function skipExpression(tokens: Token[], i: number): number {
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.type === 'punct') {
      if (t.value === ',' || t.value === '}' || t.value === ']' || t.value === ')') return i;
      if (CLOSE[t.value]) {
        i = skipBalanced(tokens, i);
        continue;
      }
    }
    i++;
  }
  return i;
}

/**
 * The object or array literal an expression stands for: `{…}`, `[…]`, `fn({…})`, `({…})`, and
 * the same followed by `as const` or `satisfies T`. Undefined for anything else.
 */
function literalAt(tokens: Token[], i: number): number | undefined {
  const t = tokens[i];
  if (!t) return undefined;
  if (t.type === 'punct' && (t.value === '{' || t.value === '[')) return i;
  if (t.type === 'punct' && t.value === '(') return literalAt(tokens, i + 1);
  // A call such as defineConfig({…}) or a helper of the user's: its first argument.
  let j = i;
  while (tokens[j]?.type === 'ident' && tokens[j + 1]?.value === '.' && tokens[j + 2]?.type === 'ident') j += 2;
  if (tokens[j]?.type === 'ident' && tokens[j + 1]?.value === '(') return literalAt(tokens, j + 2);
  return undefined;
}

function propertyName(t: Token): string | undefined {
  if (t.type === 'ident' || t.type === 'number') return t.value;
  if (t.type === 'string') return unquote(t.value);
  if (t.type === 'template' && !t.value.includes('${')) return t.value.slice(1, -1);
  return undefined;
}

function objectEntries(tokens: Token[], open: number): Entry[] {
  const entries: Entry[] = [];
  let i = open + 1;
  while (i < tokens.length && tokens[i].value !== '}') {
    const t = tokens[i];
    if (t.value === ',') {
      i++;
      continue;
    }
    if (t.type === 'punct' && t.value === '...') {
      entries.push({ keyToken: i });
      i = skipExpression(tokens, i + 1);
      continue;
    }
    if (t.type === 'punct' && t.value === '[') {
      // A computed key: [`x`]: value. Its name is not known without running the code.
      const after = skipBalanced(tokens, i);
      const value = tokens[after]?.value === ':' ? literalAt(tokens, after + 1) : undefined;
      entries.push({ keyToken: i, value });
      i = skipExpression(tokens, after);
      continue;
    }
    let keyToken = i;
    // `get x() {}`, `async x() {}`: the modifier is not the name.
    if (t.type === 'ident' && (t.value === 'get' || t.value === 'set' || t.value === 'async') && tokens[i + 1] && tokens[i + 1].value !== ':' && tokens[i + 1].value !== '(' && tokens[i + 1].value !== ',' && tokens[i + 1].value !== '}') keyToken = i + 1;
    const key = propertyName(tokens[keyToken]);
    const next = tokens[keyToken + 1];
    const value = next?.value === ':' ? literalAt(tokens, keyToken + 2) : undefined;
    entries.push({ key, keyToken, value });
    i = skipExpression(tokens, next?.value === ':' ? keyToken + 2 : keyToken + 1);
  }
  return entries;
}

function arrayEntries(tokens: Token[], open: number): Entry[] {
  const entries: Entry[] = [];
  let i = open + 1;
  let expectItem = true;
  while (i < tokens.length && tokens[i].value !== ']') {
    if (tokens[i].value === ',') {
      if (expectItem) entries.push({ keyToken: i }); // a hole: [a, , b]
      expectItem = true;
      i++;
      continue;
    }
    const spread = tokens[i].value === '...';
    entries.push({ keyToken: i, value: spread ? undefined : literalAt(tokens, i) });
    expectItem = false;
    i = skipExpression(tokens, spread ? i + 1 : i);
  }
  return entries;
}

/**
 * The `{` of the exported config: `export default {…}`, `export default defineConfig({…})`,
 * or `export default config` / `defineConfig(config)` with `const config = {…}` in the file
 * (and the same after `module.exports =`).
 */
function findRootObject(tokens: Token[]): { exportAt?: number; root?: number } {
  let brackets = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'punct' && CLOSE[t.value]) brackets++;
    else if (t.type === 'punct' && (t.value === '}' || t.value === ']' || t.value === ')')) brackets--;
    if (brackets !== 0 || t.type !== 'ident') continue;
    // `export default …`, or `module.exports = …` in a CommonJS config.
    const isExport = t.value === 'export' && tokens[i + 1]?.value === 'default';
    const isModuleExports = t.value === 'module' && tokens[i + 1]?.value === '.' && tokens[i + 2]?.value === 'exports' && tokens[i + 3]?.value === '=';
    if (!isExport && !isModuleExports) continue;
    const start = i + (isExport ? 2 : 4);
    const literal = literalAt(tokens, start);
    if (literal !== undefined) return { exportAt: i, root: tokens[literal].value === '{' ? literal : undefined };
    const name = exportedName(tokens, start);
    return { exportAt: i, root: name === undefined ? undefined : declarationOf(tokens, name) };
  }
  return {};
}

/** `config` in `export default config` or `export default defineConfig(config)`. */
function exportedName(tokens: Token[], i: number): string | undefined {
  let j = i;
  while (tokens[j]?.type === 'ident' && tokens[j + 1]?.value === '.' && tokens[j + 2]?.type === 'ident') j += 2;
  if (tokens[j]?.type === 'ident' && tokens[j + 1]?.value === '(') j += 2;
  return tokens[j]?.type === 'ident' ? tokens[j].value : undefined;
}

/** The object literal `name` is declared with at the top level: `const name = {…}`, `const name: T = defineConfig({…})`. */
function declarationOf(tokens: Token[], name: string): number | undefined {
  let brackets = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'punct' && CLOSE[t.value]) brackets++;
    else if (t.type === 'punct' && (t.value === '}' || t.value === ']' || t.value === ')')) brackets--;
    if (brackets !== 0 || t.type !== 'ident' || !['const', 'let', 'var'].includes(t.value) || tokens[i + 1]?.value !== name) continue;
    let j = i + 2;
    if (tokens[j]?.value === ':') j = skipType(tokens, j + 1);
    if (tokens[j]?.value !== '=') return undefined;
    const literal = literalAt(tokens, j + 1);
    return literal !== undefined && tokens[literal].value === '{' ? literal : undefined;
  }
  return undefined;
}

/** Past a type annotation, to the `=` of the declaration. */
function skipType(tokens: Token[], i: number): number {
  let angle = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.type === 'punct') {
      if (t.value === '=' && angle === 0) return i;
      if (t.value === '<') angle++;
      else if (t.value === '>') angle--;
      else if (t.value === ';') return i;
      else if (CLOSE[t.value]) {
        i = skipBalanced(tokens, i);
        continue;
      }
    }
    i++;
  }
  return i;
}

// --- The tokenizer --------------------------------------------------------------------------

const PUNCTUATORS = ['...', '=>', '?.', '??', '===', '!==', '==', '!=', '<=', '>=', '&&', '||'];
/** After these a `/` starts a regular expression; after anything else it divides. */
const BEFORE_REGEX_KEYWORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/** A string or template literal's value, its escapes resolved. */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|.)/g, (_, e: string) => {
    if (e[0] === 'u') return String.fromCodePoint(parseInt(e[1] === '{' ? e.slice(2, -1) : e.slice(1), 16));
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e === '\n' || e === '\r\n') return '';
    return ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

/** Every token of a JavaScript or TypeScript source; throws on an unterminated string, comment or template. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  const fail = (what: string): never => {
    throw new Error(`unterminated ${what}`);
  };

  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.type === 'ident') return BEFORE_REGEX_KEYWORDS.has(prev.value);
    if (prev.type === 'punct') return ![')', ']', '}'].includes(prev.value);
    return false;
  };

  /** From `i` at a quote, past the closing quote. */
  const skipString = (from: number): number => {
    const quote = source[from];
    let j = from + 1;
    while (j < n) {
      const c = source[j];
      if (c === '\\') j += 2;
      else if (c === quote) return j + 1;
      else if (c === '\n') fail('string');
      else j++;
    }
    return fail('string');
  };

  /** From a backtick, past the closing backtick, substitutions (and templates inside them) included. */
  const skipTemplate = (from: number): number => {
    let j = from + 1;
    while (j < n) {
      const c = source[j];
      if (c === '\\') j += 2;
      else if (c === '`') return j + 1;
      else if (c === '$' && source[j + 1] === '{') j = skipCode(j + 2);
      else j++;
    }
    return fail('template literal');
  };

  /** Inside `${`: past the `}` that closes it. */
  const skipCode = (from: number): number => {
    const saved = i;
    const count = tokens.length;
    i = from;
    let depth = 0;
    while (true) {
      const t = next();
      if (!t) fail('template literal');
      if (t!.type === 'punct' && t!.value === '{') depth++;
      else if (t!.type === 'punct' && t!.value === '}') {
        if (depth === 0) break;
        depth--;
      }
    }
    const end = i;
    tokens.length = count;
    i = saved;
    return end;
  };

  const skipRegex = (from: number): number => {
    let j = from + 1;
    let inClass = false;
    while (j < n) {
      const c = source[j];
      if (c === '\\') j += 2;
      else if (c === '\n') fail('regular expression');
      else if (inClass) {
        if (c === ']') inClass = false;
        j++;
      } else if (c === '[') {
        inClass = true;
        j++;
      } else if (c === '/') {
        j++;
        while (j < n && /[A-Za-z]/.test(source[j])) j++;
        return j;
      } else j++;
    }
    return fail('regular expression');
  };

  /** The next token from `i` (pushed), or undefined at the end. */
  function next(): Token | undefined {
    while (i < n) {
      const c = source[i];
      if (c === '\n' || c === '\r' || c === '\t' || c === ' ' || c === '\ufeff' || /\s/.test(c)) {
        i++;
      } else if (c === '/' && source[i + 1] === '/') {
        const end = source.indexOf('\n', i);
        i = end === -1 ? n : end;
      } else if (c === '/' && source[i + 1] === '*') {
        const end = source.indexOf('*/', i + 2);
        if (end === -1) fail('comment');
        i = end + 2;
      } else if (i === 0 && c === '#' && source[1] === '!') {
        const end = source.indexOf('\n');
        i = end === -1 ? n : end;
      } else break;
    }
    if (i >= n) return undefined;
    const start = i;
    const c = source[i];
    let type: TokenType;
    if (c === '"' || c === "'") {
      i = skipString(i);
      type = 'string';
    } else if (c === '`') {
      i = skipTemplate(i);
      type = 'template';
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:0[xXoObB][0-9a-fA-F_]+n?|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?n?)/.exec(source.slice(i, i + 64));
      i += Math.max(1, m![0].length);
      type = 'number';
    } else if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      const m = /^[A-Za-z0-9_$\u0080-\uffff]+/.exec(source.slice(i, i + 256));
      i += m![0].length;
      type = 'ident';
    } else if (c === '/' && regexAllowed()) {
      i = skipRegex(i);
      type = 'regex';
    } else {
      const p = PUNCTUATORS.find((p) => source.startsWith(p, i));
      i += p ? p.length : 1;
      type = 'punct';
    }
    const token = { type, value: source.slice(start, i), start };
    tokens.push(token);
    return token;
  }

  while (next());
  return tokens;
}
