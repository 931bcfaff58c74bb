// Validates the spec with @readme/openapi-parser. Compiling its JSON Schema validator costs
// a few hundred milliseconds on every build, so it runs in a worker thread (validator.ts starts
// validateWorker.ts) while the main thread goes on with the spec.
//
// The parser gives text only: a line such as `TYPE must be string` and a code frame of the
// document it validated, printed as 2-space JSON with its $refs replaced by their targets. That
// document is the one given (the parser dereferences it in place), so the frame's line is
// turned back into a JSON pointer here, where the document is at hand; parse.ts then maps the
// pointer through the $refs to where the author wrote the value, and to its line.
import { validate } from '@readme/openapi-parser';

/**
 * Mistakes real specs often carry that docsgen can still render faithfully: warnings by
 * default, errors under --strict. Anything else the validator finds is an error.
 */
const LENIENT_RULES = {
  'array-without-items': 'warning',
  'duplicate-non-request-body-parameters': 'warning',
  'duplicate-operation-id': 'warning',
  'non-optional-path-parameters': 'warning',
  'path-parameters-not-in-parameters': 'warning',
  'path-parameters-not-in-path': 'warning',
} as const;

/** One problem the validator found, taken apart. */
export interface SpecProblem {
  /** The validator's words, without its keyword prefix or code frame: `must be string`. */
  message: string;
  /** The JSON Schema keyword, lower-case as printed (`type`, `required`, `enum`, `additional property`…), for schema errors. */
  keyword?: string;
  /**
   * JSON pointer of the value in the document the validator saw (its $refs dereferenced): the
   * value itself, or for an unknown key the key (`…/get/summry`).
   */
  pointer?: string;
  /** The key named: a missing one (`required`); an unknown one is the pointer's last segment. */
  key?: string;
  /** What the value is (`number`, `array`, `null`, …), for a wrong type. */
  got?: string;
  /** The allowed values, for an enum. */
  allowed?: string;
}

export interface ValidationMessages {
  errors: SpecProblem[];
  warnings: SpecProblem[];
}

export async function validateSpec(document: Record<string, unknown>): Promise<ValidationMessages> {
  const result = await validate(document as never, { validate: { rules: { openapi: LENIENT_RULES, swagger: { ...LENIENT_RULES, 'unknown-required-schema-property': 'warning' } } } });
  const messages = (list: { message: string }[]) => list.map((e) => e.message);
  return problemsOf({ errors: result.valid ? [] : messages(result.errors), warnings: messages(result.warnings) }, document);
}

/** The messages taken apart; `document` is the one the validator printed (dereferenced in place). */
export function problemsOf(messages: { errors: string[]; warnings: string[] }, document: unknown): ValidationMessages {
  let pointers: string[] | undefined;
  const linePointers = () => (pointers ??= pointerByLine(document));
  const parse = (message: string) => describeValidationMessage(message, document, linePointers);
  return { errors: messages.errors.map(parse), warnings: messages.warnings.map(parse) };
}

// `TYPE must be string`, `ADDITIONAL PROPERTY must NOT have additional properties`, `ENUM …`.
const HEADLINE = /^([A-Z][A-Z ]*?) (must .*|should .*)$/;
const FRAME_LINE = /^>\s*(\d+) \|/m;

export function describeValidationMessage(message: string, document: unknown, linePointers: () => string[]): SpecProblem {
  const lines = message.split('\n');
  const headline = HEADLINE.exec(lines[0]);
  if (!headline) return { message: lines[0].trim() };
  const keyword = headline[1].toLowerCase();
  const problem: SpecProblem = { message: headline[2].trim(), keyword };
  const line = FRAME_LINE.exec(message);
  if (line) {
    const pointer = linePointers()[Number(line[1])];
    if (pointer !== undefined) problem.pointer = pointer;
  }
  const required = /^must have required property '(.*)'$/.exec(problem.message);
  if (required) problem.key = required[1];
  // `ENUM must be equal to one of the allowed values` is followed by `(a, b, c)`.
  if (keyword === 'enum' && /^\(.*\)$/.test(lines[1] ?? '')) problem.allowed = lines[1].slice(1, -1);
  if (keyword === 'property') {
    // A key that breaks a `propertyNames` pattern: the frame's caret line says which pattern.
    const pattern = /\^+ (must match pattern .*)$/m.exec(message);
    if (pattern) problem.message = pattern[1];
  }
  if (keyword === 'type' && problem.pointer !== undefined) problem.got = typeName(valueAt(document, problem.pointer));
  return problem;
}

function typeName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

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
 * The parser's code frame is of the document printed as 2-space JSON. This maps every line of
 * that printout to its JSON pointer (line 1 is the document's `{`).
 */
export function pointerByLine(document: unknown): string[] {
  const lines: string[] = [''];
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  // JSON.stringify's own view of a value: a Date (a YAML timestamp) prints as one string.
  const json = (value: unknown) => (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON(): unknown }).toJSON() : value);
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0) return;
      value.forEach((item, i) => {
        lines.push(`${pointer}/${i}`);
        walk(json(item), `${pointer}/${i}`);
      });
      lines.push(pointer);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
      if (entries.length === 0) return;
      for (const [key, v] of entries) {
        lines.push(`${pointer}/${escape(key)}`);
        walk(json(v), `${pointer}/${escape(key)}`);
      }
      lines.push(pointer);
    }
  };
  lines.push('');
  walk(json(document), '');
  return lines;
}
