// The start of `JSON.stringify(value, null, indent)` without building the rest. A spec's example
// can be a 600,000-item array, of which a page shows a few hundred characters (a field's facts)
// or lines (an example block): stringifying all of it first cost seconds and hundreds of MB.

/** Stops the walk once enough text is written. */
const ENOUGH = Symbol('enough');

/**
 * `text` is `JSON.stringify(value, null, indent)` when `complete`, else its first `maxChars`
 * characters. Undefined (a function, `undefined` at the top) gives `''`; a circular value
 * (YAML aliases can make one) gives `"[Circular]"` where JSON.stringify would throw. `spaced`
 * (without indent) writes one line for people, `["a", "b"]` and `{"a": 1}`, which wraps
 * between items rather than inside one.
 */
export function jsonHead(value: unknown, options: { indent?: number; maxChars: number; spaced?: boolean }): { text: string; complete: boolean } {
  const indent = ' '.repeat(options.indent ?? 0);
  const comma = !indent && options.spaced ? ', ' : ',';
  const colon = indent || options.spaced ? ': ' : ':';
  const parts: string[] = [];
  let length = 0;
  const write = (s: string) => {
    parts.push(s);
    length += s.length;
    if (length > options.maxChars) throw ENOUGH;
  };
  const stack = new Set<object>();

  /** Writes `v`; false when JSON leaves it out (undefined, functions, symbols). */
  const walk = (v: unknown, key: string, depth: number): boolean => {
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(key: string): unknown }).toJSON(key);
    if (v === null) return (write('null'), true);
    switch (typeof v) {
      case 'string':
        // A long string is escaped only as far as it can show.
        write(JSON.stringify(v.length > options.maxChars - length + 1 ? v.slice(0, options.maxChars - length + 1) : v));
        return true;
      case 'number':
        return (write(Number.isFinite(v) ? String(v) : 'null'), true);
      case 'boolean':
        return (write(String(v)), true);
      case 'object':
        break;
      default:
        return false;
    }
    const object = v as object;
    if (stack.has(object)) return (write('"[Circular]"'), true);
    stack.add(object);
    const inner = indent ? '\n' + indent.repeat(depth + 1) : '';
    const outer = indent ? '\n' + indent.repeat(depth) : '';
    if (Array.isArray(object)) {
      if (object.length === 0) write('[]');
      else {
        write('[');
        object.forEach((item, i) => {
          write(i === 0 ? inner : comma + inner);
          if (!walk(item, String(i), depth + 1)) write('null');
        });
        write(outer + ']');
      }
    } else {
      let first = true;
      for (const k of Object.keys(object)) {
        const item = (object as Record<string, unknown>)[k];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        write((first ? '{' : comma) + inner + JSON.stringify(k) + colon);
        first = false;
        walk(item, k, depth + 1);
      }
      write(first ? '{}' : outer + '}');
    }
    stack.delete(object);
    return true;
  };

  try {
    walk(value, '', 0);
  } catch (e) {
    if (e !== ENOUGH) throw e;
    return { text: parts.join('').slice(0, options.maxChars), complete: false };
  }
  return { text: parts.join(''), complete: true };
}
