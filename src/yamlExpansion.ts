// YAML aliases let a few lines stand for an exponential tree: each level an alias to the one
// before, twice (the "billion laughs"). Parsed, the document is small (the aliased objects are
// shared), but every walk that follows it without knowing objects can be shared visits each once
// per path: a 2 KB spec of 30 such levels kept `docsgen lint` and `build` busy for good (the
// $ref scan, then the validator, whose library walks it too). So a parsed YAML document is
// measured first, each shared object once, and refused when its aliases make it many times the
// document that was written, or when an alias sits inside the value it names (a value that
// contains itself, which every such walk follows without end).

import { escapePointer } from './openapi/locate';

/** Below this many values written out, aliases are never a problem: every walk takes under a second. */
const FREE_VALUES = 1_000_000;
/** How many times the values written the aliases may multiply them. */
const MAX_FACTOR = 10;

/**
 * Whether `data`, parsed from the YAML `text`, holds, with every alias written out, more than
 * FREE_VALUES values and more than MAX_FACTOR times the values written in it. Each shared object
 * is counted once (memoised), and counting stops at the limit, so the check costs one visit per
 * object written. A value that contains itself counts once there (selfContaining refuses it).
 */
export function aliasesExplode(text: string, data: unknown): boolean {
  // Without an anchor (`&name`) there is no alias: most specs, whose walk would cost 30 ms and a
  // map of every object for a 5 MB one, where this test takes 7 ms.
  if (!ANCHOR.test(text)) return false;
  const sizes = new Map<object, number>();
  let written = 0;
  let limit = FREE_VALUES;
  const size = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    sizes.set(value, 1); // while counting it: an alias to an enclosing value counts once
    const children = Array.isArray(value) ? value : Object.values(value);
    written += 1 + children.length;
    limit = Math.max(FREE_VALUES, MAX_FACTOR * written);
    let total = 1;
    for (const child of children) {
      total += size(child);
      if (total > limit) break;
    }
    sizes.set(value, total);
    return total;
  };
  return size(data) > limit;
}

/**
 * The JSON pointer of the first place in `data`, parsed from the YAML `text`, where an alias
 * names a value that holds it (`schema: &s { properties: { self: *s } }`): a value that contains
 * itself, which no JSON document can. Every walk over a spec or a front matter would follow it
 * without end, so it is refused as the file is read. Undefined when there is none (always for a
 * text without an anchor). Walked without recursion, each shared value once.
 */
export function selfContaining(text: string, data: unknown): string | undefined {
  if (!ANCHOR.test(text) || data === null || typeof data !== 'object') return undefined;
  /** true: on the path being walked; false: walked. */
  const open = new Map<object, boolean>([[data, true]]);
  const stack: { node: object; keys: string[]; next: number }[] = [{ node: data, keys: Object.keys(data), next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.keys.length) {
      open.set(frame.node, false);
      stack.pop();
      continue;
    }
    const child = (frame.node as Record<string, unknown>)[frame.keys[frame.next++]];
    if (child === null || typeof child !== 'object') continue;
    const state = open.get(child);
    // The path is the key each frame took last.
    if (state === true) return stack.map((f) => `/${escapePointer(f.keys[f.next - 1])}`).join('');
    if (state === false) continue;
    open.set(child, true);
    stack.push({ node: child, keys: Object.keys(child), next: 0 });
  }
  return undefined;
}

/** An anchor: `&` after the start of a line, a space or a flow indicator, then a name. */
const ANCHOR = /(?:^|[\s[{,])&[^\s,[\]{}]/m;
