// What a check finds, before its rule's policy makes it an error, a warning or nothing. A spec
// finding knows its place by JSON pointer; lint/locate.ts turns pointers into lines in one pass.
import type { Location } from '../diagnostics/diagnostic';

export interface Finding {
  code: string;
  text: string;
  /** The spec file or URL, or the guide. */
  file: string;
  /** In a spec: where the finding is, as a JSON pointer (the value's own, as deep as known). */
  pointer?: string;
  /** In a spec: point at the member's value rather than its key (`example: abc` → `abc`), where the value is on the key's line. */
  atValue?: boolean;
  /** In a guide: the line and column already known. */
  location?: Location;
  notes?: string[];
}

/** Spec text in a message: control characters (a terminal's escape sequences) shown as `\uXXXX`. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const escapePointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/paths/~1zones/get` → `GET /zones`, for messages. */
export function describeOperation(path: string, method: string): string {
  return `${method.toUpperCase()} ${printable(path)}`;
}
