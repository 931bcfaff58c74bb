// Validates the spec with @readme/openapi-parser. Compiling its JSON Schema validator costs
// a few hundred milliseconds on every build, so it runs in a worker thread (validator.ts starts
// validateWorker.ts) while the main thread goes on with the spec.
//
// The parser gives text only, and formats the OpenAPI schema's errors by printing the whole
// dereferenced document: that printout is stopped here, and the schema's errors come from Ajv
// with their JSON pointers (schemaErrors.ts). The pointers are of the document the parser
// dereferenced in place; validationDiagnostics.ts maps them through the $refs to where the author
// wrote the value, and to its line.
import { validate } from '@readme/openapi-parser';
import { escapePointer } from './locate';
import { schemaErrors } from './schemaErrors';
import { useSchemaValidators } from './schemaValidators';

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
  useSchemaValidators();
  withoutPathExtensions(document);
  asOpenApi31(document);
  // The parser's formatter starts with JSON.stringify of the document, which calls this: no
  // other step of the parser prints the whole document (Ajv and the $ref walk skip a key that is
  // not enumerable). Thrown, it comes back as the parser's one error.
  let printed = false;
  Object.defineProperty(document, 'toJSON', {
    configurable: true,
    enumerable: false,
    value: () => {
      printed = true;
      throw new Error('docsgen: the OpenAPI schema found errors');
    },
  });
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(document as never, { validate: { rules: { openapi: LENIENT_RULES, swagger: { ...LENIENT_RULES, 'unknown-required-schema-property': 'warning' } } } });
  } catch (cause) {
    const deep = tooDeep(cause);
    if (!deep) throw cause;
    return { errors: [], warnings: [deep] };
  } finally {
    delete document.toJSON;
  }
  const plain = (list: { message: string }[]) => list.map((e) => describeValidationMessage(e.message, document));
  const warnings = plain(result.warnings);
  if (result.valid) return { errors: [], warnings };
  return { errors: printed ? schemaErrors(document) : plain(result.errors), warnings };
}

/**
 * The parser dereferences the spec before it validates it, and stops, throwing, 500 levels deep
 * (objects and lists, counted through each `$ref` met inside another's target): a chain of 5,000
 * schemas each holding a `$ref` to the next (valid OpenAPI, and rendered, each a page linking to
 * the next) ended the build as an internal error, quoting the 500-step pointer. It is a warning
 * at the place where the parser stopped (an error under --strict): the spec was not validated.
 */
function tooDeep(cause: unknown): SpecProblem | undefined {
  const m = /^Maximum dereference depth \((\d+)\) exceeded at #(\S*)/.exec(cause instanceof Error ? cause.message : '');
  if (!m) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(m[2].replace(/\.$/, ''));
  } catch {
    pointer = '';
  }
  return { message: `is ${m[1]} levels deep with the $refs on the way followed (each inside the last one's target): the validator goes no deeper, so the spec was not validated`, pointer };
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

/**
 * A message of the parser's own rules (an operation or component named in its text), or its
 * check of `paths` keys, which names no key: the key is found here.
 */
export function describeValidationMessage(message: string, document: unknown): SpecProblem {
  if (/^Entries in the (OpenAPI|Swagger) `paths` object must begin with a leading slash\.$/.test(message)) {
    const paths = (document as { paths?: unknown })?.paths;
    const key = paths !== null && typeof paths === 'object' ? Object.keys(paths).find((k) => !k.startsWith('/')) : undefined;
    return { message: 'must begin with a leading slash', keyword: 'property', ...(key === undefined ? {} : { pointer: `/paths/${escapePointer(key)}` }) };
  }
  return { message: message.split('\n')[0].trim() };
}
