// The fallback when a Docusaurus config cannot be run (it throws: an environment variable it
// needs is unset, a local plugin fails to load): its exported object literal is read as written,
// with config/locate.ts's tokenizer. Literal values (strings, numbers, booleans, objects,
// arrays) are kept; anything computed (a call, a variable, a template with `${…}`) is left out,
// which the report says.
import { tokenize, unquote } from '../config/locate';

type Token = ReturnType<typeof tokenize>[number];

const SKIPPED = Symbol('skipped');
const OPEN: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/** The object the file exports, read without running it; undefined when none is written as a literal. */
export function readObjectLiteral(source: string): Record<string, unknown> | undefined {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch {
    return undefined;
  }
  const start = exportedObject(tokens);
  if (start === undefined) return undefined;
  const [value] = parseValue(tokens, start);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const is = (t: Token | undefined, value: string) => t !== undefined && t.value === value;

/** Index of the `{` of the exported object: `module.exports = {`, `export default {`, or the declaration of the name exported. */
function exportedObject(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    let at: number | undefined;
    if (is(tokens[i], 'module') && is(tokens[i + 1], '.') && is(tokens[i + 2], 'exports') && is(tokens[i + 3], '=')) at = i + 4;
    else if (is(tokens[i], 'export') && is(tokens[i + 1], 'default')) at = i + 2;
    if (at === undefined) continue;
    while (is(tokens[at], '(')) at++;
    if (is(tokens[at], '{')) return at;
    if (tokens[at]?.type === 'ident') {
      const name = tokens[at].value;
      for (let j = 0; j < tokens.length - 2; j++) {
        if (['const', 'let', 'var'].includes(tokens[j].value) && is(tokens[j + 1], name)) {
          let k = j + 2;
          while (k < tokens.length && !is(tokens[k], '=')) k++;
          k++;
          while (is(tokens[k], '(')) k++;
          if (is(tokens[k], '{')) return k;
        }
      }
    }
  }
  return undefined;
}

/** The value at `i` and the index after it; SKIPPED for anything that is not a literal. */
function parseValue(tokens: Token[], i: number): [unknown, number] {
  const t = tokens[i];
  if (!t) return [SKIPPED, i];
  let result: [unknown, number];
  if (t.value === '{') result = parseObject(tokens, i);
  else if (t.value === '[') result = parseArray(tokens, i);
  else if (t.type === 'string') result = [unquote(t.value), i + 1];
  else if (t.type === 'template' && !t.value.includes('${')) result = [unquote(t.value), i + 1];
  else if (t.type === 'number') result = [Number(t.value.replace(/_/g, '')), i + 1];
  else if (t.value === 'true' || t.value === 'false') result = [t.value === 'true', i + 1];
  else if (t.value === 'null') result = [null, i + 1];
  else if (t.value === '(') {
    const [inner, after] = parseValue(tokens, i + 1);
    result = is(tokens[after], ')') ? [inner, after + 1] : [SKIPPED, skipExpression(tokens, i)];
  } else return [SKIPPED, skipExpression(tokens, i)];
  // `{…} satisfies Config`, `'x' as const`, `a + b`: anything after a literal makes it computed,
  // except a type assertion.
  const [value, after] = result;
  if (is(tokens[after], 'as') || is(tokens[after], 'satisfies')) return [value, skipExpression(tokens, after)];
  if (tokens[after] && ![',', '}', ']', ')', ';'].includes(tokens[after].value)) return [SKIPPED, skipExpression(tokens, after)];
  return result;
}

function parseObject(tokens: Token[], i: number): [Record<string, unknown>, number] {
  const object: Record<string, unknown> = {};
  i++;
  while (i < tokens.length && !is(tokens[i], '}')) {
    const key = tokens[i];
    if (key.value === '...' || key.value === '[') {
      i = skipExpression(tokens, i);
    } else if (is(tokens[i + 1], ':')) {
      const [value, after] = parseValue(tokens, i + 2);
      if (value !== SKIPPED) object[key.type === 'string' ? unquote(key.value) : key.value] = value;
      i = after;
    } else {
      // A shorthand property or a method: computed.
      i = skipExpression(tokens, i);
    }
    if (is(tokens[i], ',')) i++;
  }
  return [object, i + 1];
}

function parseArray(tokens: Token[], i: number): [unknown[], number] {
  const array: unknown[] = [];
  i++;
  while (i < tokens.length && !is(tokens[i], ']')) {
    const [value, after] = parseValue(tokens, i);
    if (value !== SKIPPED) array.push(value);
    i = after;
    if (is(tokens[i], ',')) i++;
  }
  return [array, i + 1];
}

/** From `i`, past the expression: to the `,` or closing bracket at its own depth. */
function skipExpression(tokens: Token[], i: number): number {
  const stack: string[] = [];
  for (; i < tokens.length; i++) {
    const v = tokens[i].value;
    if (tokens[i].type !== 'punct') continue;
    if (OPEN[v]) stack.push(OPEN[v]);
    else if (stack.length > 0 && v === stack[stack.length - 1]) stack.pop();
    else if (stack.length === 0 && [',', '}', ']', ')', ';'].includes(v)) return i;
  }
  return i;
}
