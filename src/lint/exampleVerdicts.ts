// The example checks' verdicts, kept between builds: after an edit that leaves the spec's
// components as they were (an operation's summary, a description), each example is judged
// against the same schema as before, and its verdict is taken back instead of compiling the
// schema again. Compiling was most of the spec thread's work after such an edit (the 7,000-page
// site's spec: 2.4 s of 5.5 s; BENCHMARKS.md), and that thread shares the machine's cores with the
// build's site and search stages.
//
// A verdict is kept under a digest of everything it is a function of: the direction, whether the
// value is read as text, the schema written at its place, the value, and the spec's components,
// which that schema's `$ref`s reach. A `$ref` anywhere else (into `paths`, an anchor, another
// file) would make the verdict depend on more than that: such a schema, or every schema of a spec
// whose components hold one, is judged every time.
import { createHash } from 'node:crypto';
import type { ExampleProblem, ExampleValidator } from './exampleValidator';
import { resolvePointer } from './schemaDialect';

/** Digest → the problems found (null: the schema could not be compiled, so the example was not judged). */
export type Verdicts = Map<string, ExampleProblem[] | null>;

/** A `$ref` (or dynamic reference) that reaches outside the components. */
const OUTSIDE_COMPONENTS = /"\$(?:ref":"(?!#\/components\/)|dynamicRef"|recursiveRef")/;

/**
 * `validator`, answering from `known` what it judged before, and `verdicts()`: every verdict it
 * gave (known or new), to keep for the next build.
 */
export function rememberVerdicts(document: Record<string, any>, validator: ExampleValidator, known: Verdicts | undefined): { validator: ExampleValidator; verdicts(): Verdicts } {
  const given: Verdicts = new Map();
  let scope: string | null | undefined;
  const keyOf = (schemaPointer: string, value: unknown, direction: string, coerce: boolean): string | undefined => {
    scope ??= scopeOf(document);
    if (scope === null) return undefined;
    let schema: string;
    let example: string | undefined;
    try {
      schema = exactJson(resolvePointer(document, schemaPointer)) ?? '';
      example = exactJson(value);
    } catch {
      return undefined; // a YAML alias that contains itself, a value JSON cannot tell apart
    }
    if (example === undefined || OUTSIDE_COMPONENTS.test(schema)) return undefined;
    return createHash('sha1').update(`${scope}\n${direction}\n${coerce ? 1 : 0}\n${schema.length}:${schema}\n${example}`).digest('hex');
  };
  return {
    validator: {
      validate(schemaPointer, value, options) {
        const key = keyOf(schemaPointer, value, options.direction, options.coerce ?? false);
        if (key === undefined) return validator.validate(schemaPointer, value, options);
        const kept = known?.get(key);
        const verdict = kept !== undefined ? kept : (validator.validate(schemaPointer, value, options) ?? null);
        given.set(key, verdict);
        return verdict ?? undefined;
      },
      release: validator.release?.bind(validator),
    },
    verdicts: () => given,
  };
}

/** A digest of what every remembered verdict of this spec depends on besides its own schema and value; null when a reference leaves the components. */
function scopeOf(document: Record<string, any>): string | null {
  let components: string;
  try {
    components = exactJson(document.components ?? null)!;
  } catch {
    return null;
  }
  if (OUTSIDE_COMPONENTS.test(components)) return null;
  return createHash('sha1').update(`${String(document.openapi)}\n${components}`).digest('hex');
}

/**
 * JSON that tells values apart as the validator does; throws for one it cannot: NaN or Infinity
 * (YAML's `.nan`, `.inf`), which JSON writes as null, and an object of a class, which it writes as
 * something else (a Date as a string).
 */
function exactJson(value: unknown): string | undefined {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, json: unknown) {
    const raw = this[key];
    if (typeof raw === 'number' && !Number.isFinite(raw)) throw new Error('not JSON');
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && ![Object.prototype, null].includes(Object.getPrototypeOf(raw))) throw new Error('not JSON');
    return json;
  });
}

/** Whether `made` holds a verdict `known` does not (the kept table is then written again). */
export function verdictsChanged(known: Verdicts | undefined, made: Verdicts): boolean {
  if (known?.size !== made.size) return true;
  for (const key of made.keys()) if (!known.has(key)) return true;
  return false;
}
