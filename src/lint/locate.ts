// Where a spec finding is written: its JSON pointer's line and column (openapi/locate.ts, one
// pass for all of them), moved from a member's key to its value when the value is on the key's
// line (`example: abc` → `abc`) for the findings about a value. A pointer the text lacks
// (a default the parser filled in, a Swagger 2.0 spec converted) falls back to its nearest ancestor.
import type { Location } from '../diagnostics/diagnostic';
import { locatePointers } from '../openapi/locate';

export function locateAll(text: string, file: string, pointers: readonly { pointer: string; atValue?: boolean }[]): Location[] {
  const positions = locatePointers(text, pointers.flatMap(({ pointer }) => ancestry(pointer)));
  return pointers.map(({ pointer, atValue }) => {
    const at = ancestry(pointer).find((p) => positions.has(p));
    if (at === undefined) return { file };
    const position = positions.get(at)!;
    const isMember = !/^\d+$/.test(at.slice(at.lastIndexOf('/') + 1));
    const column = atValue && at === pointer && isMember && position.lineText !== undefined ? valueColumn(position.lineText, position.column) : position.column;
    return { file, ...position, column };
  });
}

/** The pointer and each of its ancestors, nearest first (not the document itself). */
function ancestry(pointer: string): string[] {
  const list = [pointer];
  for (let p = pointer; p.lastIndexOf('/') > 0; ) list.push((p = p.slice(0, p.lastIndexOf('/'))));
  return list;
}

/** The column of the value after the key at `column` (`key: value`, `"key": value`), or the key's when the value starts on a later line. */
export function valueColumn(lineText: string, column: number): number {
  const rest = lineText.slice(column - 1);
  // A plain key is all before the first colon, its trailing spaces apart (greedy, then back to its last
  // character: a lazy key with `\s*` after it scanned a long run of spaces again from each of its spaces).
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:\s](?:[^:]*[^:\s])?)\s*:[ \t]+(?=[^\s#])/.exec(rest);
  if (!m) return column;
  // A block scalar's indicator (`|`, `>-`) is not the value: its text is on the next lines.
  if (/^[|>][-+0-9]*\s*(#.*)?$/.test(rest.slice(m[0].length))) return column;
  return column + m[0].length;
}
