// YAML aliases let a few lines stand for an exponential tree: each level an alias to the one
// before, twice (the "billion laughs"). Parsed, the document is small (the aliased objects are
// shared), but every walk that follows it without knowing objects can be shared visits each once
// per path: a 2 KB spec of 30 such levels kept `docsgen lint` and `build` busy for good (the
// $ref scan, then the validator, whose library walks it too). So a parsed YAML document is
// measured first, each shared object once, and refused when its aliases make it many times the
// document that was written.

/** Below this many values written out, aliases are never a problem: every walk takes under a second. */
const FREE_VALUES = 1_000_000;
/** How many times the values written the aliases may multiply them. */
const MAX_FACTOR = 10;

/**
 * Whether `data`, parsed from the YAML `text`, holds, with every alias written out, more than
 * FREE_VALUES values and more than MAX_FACTOR times the values written in it. Each shared object
 * is counted once (memoised), and counting stops at the limit, so the check costs one visit per
 * object written. A value that contains itself counts once there.
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

/** An anchor: `&` after the start of a line, a space or a flow indicator, then a name. */
const ANCHOR = /(?:^|[\s[{,])&[^\s,[\]{}]/m;
