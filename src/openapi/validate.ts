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
  withoutPathExtensions(document);
  asOpenApi31(document);
  const result = await validate(document as never, { validate: { rules: { openapi: LENIENT_RULES, swagger: { ...LENIENT_RULES, 'unknown-required-schema-property': 'warning' } } } });
  const messages = (list: { message: string }[]) => list.map((e) => e.message);
  return problemsOf({ errors: result.valid ? [] : messages(result.errors), warnings: messages(result.warnings) }, document);
}

/**
 * OpenAPI allows extensions (`x-…`) among the keys of `paths`, but @readme/openapi-parser 9
 * refuses any key there that does not start with `/` ("Entries in the OpenAPI `paths` object
 * must begin with a leading slash"), which failed valid specs (apicurio.local/registry.json's
 * `x-codegen-contextRoot`). The validator gets its own copy of the document, so they are taken
 * out of that copy; the model skips them anyway.
 */
function withoutPathExtensions(document: Record<string, unknown>): void {
  const paths = document.paths;
  if (paths === null || typeof paths !== 'object' || Array.isArray(paths)) return;
  for (const key of Object.keys(paths)) if (key.startsWith('x-')) delete (paths as Record<string, unknown>)[key];
}

/**
 * @readme/openapi-parser 9 knows OpenAPI up to 3.1. A 3.2 document is checked as 3.1 without
 * what 3.2 added there (nested tags' `parent`, `kind` and `summary`, the `QUERY` method, other
 * methods under `additionalOperations`, `$self`, responses' `summary` in place of a required
 * `description`); everything 3.1 has is still checked.
 */
function asOpenApi31(document: Record<string, any>): void {
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.2.')) return;
  document.openapi = '3.1.1';
  delete document.$self;
  if (Array.isArray(document.tags)) for (const tag of document.tags) if (tag && typeof tag === 'object') for (const key of ['parent', 'kind', 'summary']) delete tag[key];
  // 3.2 responses may have a `summary` and need no `description`.
  const response31 = (response: any) => {
    if (response === null || typeof response !== 'object' || '$ref' in response) return;
    if (response.description === undefined) response.description = '';
    delete response.summary;
  };
  for (const items of [document.paths, document.webhooks]) {
    if (items === null || typeof items !== 'object') continue;
    for (const item of Object.values<any>(items)) {
      if (item === null || typeof item !== 'object') continue;
      delete item.query;
      delete item.additionalOperations;
      for (const operation of Object.values<any>(item)) if (operation?.responses && typeof operation.responses === 'object') Object.values(operation.responses).forEach(response31);
    }
  }
  Object.values(document.components?.responses ?? {}).forEach(response31);
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
  const special = unframedProblem(lines[0], document);
  if (special) return special;
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

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Two messages without a code frame that still name a key: the parser's check of `paths` keys,
 * and the error its code-frame printer throws (and the parser reports instead of the finding)
 * when a key holds a `/`: `Couldn't find property  of /paths/~1a/get/…/schema//b/{id}` — the
 * value's pointer, then the key unescaped (`/b/{id}`). The printer only appends a key for an
 * unknown (additional, unevaluated) or badly named one.
 */
function unframedProblem(line: string, document: unknown): SpecProblem | undefined {
  if (/^Entries in the (OpenAPI|Swagger) `paths` object must begin with a leading slash\.$/.test(line)) {
    const paths = (document as { paths?: unknown })?.paths;
    const key = paths !== null && typeof paths === 'object' ? Object.keys(paths).find((k) => !k.startsWith('/')) : undefined;
    return { message: 'must begin with a leading slash', keyword: 'property', ...(key === undefined ? {} : { pointer: `/paths/${escapeKey(key)}` }) };
  }
  const lost = /^Couldn't find property .* of (\/.*)$/.exec(line);
  if (!lost) return undefined;
  const segments = lost[1].split('/').slice(1);
  let node = document;
  let known = 0;
  for (; known < segments.length; known++) {
    const key = segments[known].replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) break;
    node = (node as Record<string, unknown>)[key];
  }
  if (known === segments.length) return { message: 'is not allowed here', keyword: 'unknown key', pointer: lost[1] };
  const prefix = segments.slice(0, known).map((s) => `/${s}`).join('');
  return { message: 'is not allowed here', keyword: 'unknown key', pointer: `${prefix}/${escapeKey(segments.slice(known).join('/'))}` };
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
