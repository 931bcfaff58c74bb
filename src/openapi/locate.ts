// Where a JSON pointer of the spec is written in its text: the line and column of the key of a
// member (`/paths/~1zones/get/summry` → the `summry:` the author typed), or of the first
// character of an array item. Validation reports a handful of pointers, so they are looked up
// together in one pass over js-yaml's event stream (offsets into the text; YAML and JSON alike,
// block or flow style) — about a second and a few hundred MB on a 45 MB spec, paid only by a
// build that fails.
import { EVENT_ID, getScalarValue, parseEvents, type Event } from 'js-yaml';

export interface SpecPosition {
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 units */
  column: number;
  /** The line, unless it is too long to print (a minified JSON spec is one line). */
  lineText?: string;
}

/** Lines longer than this are not quoted in a message. */
const MAX_LINE_TEXT = 300;

export const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value `pointer` names in a parsed document, if it is there. */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The position of `pointer` in the text, else of the nearest value holding it that the text
 * shows: an alias in a list (`- *name`) has no position of its own.
 */
export function locateNearest(text: string, pointer: string): SpecPosition | undefined {
  const parents: string[] = [];
  for (let at = pointer; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) parents.push(at);
  const found = locatePointers(text, parents);
  return parents.map((p) => found.get(p)).find((position) => position !== undefined);
}

/** The positions of those `pointers` that the text has (`''` is the document itself). */
export function locatePointers(text: string, pointers: Iterable<string>): Map<string, SpecPosition> {
  const wanted = new Set(pointers);
  const offsets = new Map<string, number>();
  if (wanted.size === 0) return new Map();
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return new Map(); // the text parsed as a document before; an odd construct only costs the lines
  }
  walkEvents(text, events, (pointer, offset) => {
    if (wanted.has(pointer) && !offsets.has(pointer)) offsets.set(pointer, offset);
    return offsets.size < wanted.size;
  });
  const found = new Map<string, SpecPosition>();
  const byOffset = [...offsets].sort((a, b) => a[1] - b[1]);
  const positions = positionsAt(text, byOffset.map(([, offset]) => offset));
  byOffset.forEach(([pointer], i) => found.set(pointer, positions[i]));
  return found;
}

interface Frame {
  kind: 'mapping' | 'sequence';
  pointer: string;
  /** Mapping: the key just read (undefined while a key is expected, or for a key that is not a scalar). */
  key?: string;
  expectKey: boolean;
  index: number;
  /** Inside a collection used as a mapping key: nothing here has a pointer. */
  opaque: boolean;
  /** This collection is itself a mapping key. */
  isKey?: boolean;
}

/**
 * Calls `seen(pointer, offset)` for every mapping key (at the key) and every array item and the
 * document (at their first character), in document order, until it returns false.
 */
function walkEvents(text: string, events: Event[], seen: (pointer: string, offset: number) => boolean): void {
  const stack: Frame[] = [];
  /** After a value (scalar, alias, or a closed collection): the parent moves on. */
  const valueDone = () => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    if (parent.kind === 'sequence') parent.index++;
    else parent.expectKey = true;
  };
  const startOf = (event: Event) => {
    if (event.type === EVENT_ID.SCALAR) return event.valueStart - (event.style === 2 || event.style === 3 ? 1 : 0); // the opening quote
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) return event.start;
    return -1;
  };
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) continue;
    if (event.type === EVENT_ID.POP) {
      const done = stack.pop();
      if (done && !done.isKey) valueDone(); // after a key, its mapping expects the value
      continue;
    }
    const top = stack[stack.length - 1];
    if (top && top.kind === 'mapping' && top.expectKey) {
      top.expectKey = false;
      if (event.type === EVENT_ID.SCALAR && !top.opaque) {
        top.key = getScalarValue(text, event);
        if (!seen(`${top.pointer}/${escapePointer(top.key)}`, startOf(event))) return;
      } else {
        top.key = undefined;
        if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
          stack.push({ kind: event.type === EVENT_ID.MAPPING ? 'mapping' : 'sequence', pointer: '', expectKey: true, index: 0, opaque: true, isKey: true });
        }
      }
      continue;
    }
    // A value: of a mapping entry, a sequence item, or the document.
    const opaque = !!top && (top.opaque || (top.kind === 'mapping' && top.key === undefined));
    const pointer = !top ? '' : top.kind === 'mapping' ? `${top.pointer}/${escapePointer(top.key ?? '')}` : `${top.pointer}/${top.index}`;
    // A member was reported at its key; an item and the document are reported here.
    if (!opaque && (!top || top.kind === 'sequence') && startOf(event) >= 0 && !seen(pointer, startOf(event))) return;
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
      stack.push({ kind: event.type === EVENT_ID.MAPPING ? 'mapping' : 'sequence', pointer, expectKey: true, index: 0, opaque });
    } else {
      valueDone();
    }
  }
}

/**
 * Line and column of each of `offsets`, in ascending order, counting lines without copying the
 * text (it may be 45 MB), in one pass: looked up one by one from the start, GitHub's description
 * (10 MB, 169 findings of the quality gate) took 4.9 s of the lint's 13.4 s.
 */
export function positionsAt(text: string, offsets: readonly number[]): SpecPosition[] {
  let line = 1;
  let lineStart = 0;
  let nl = text.indexOf('\n');
  return offsets.map((offset) => {
    for (; nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    const lineEnd = nl === -1 ? text.length : nl;
    const lineText = lineEnd - lineStart <= MAX_LINE_TEXT ? text.slice(lineStart, lineEnd).replace(/\r$/, '') : undefined;
    return { line, column: offset - lineStart + 1, ...(lineText === undefined ? {} : { lineText }) };
  });
}
