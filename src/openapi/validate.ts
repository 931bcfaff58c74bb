// Validates the spec with @readme/openapi-parser. Compiling its JSON Schema validator costs
// a few hundred milliseconds on every build, so it runs in a worker thread (validator.ts starts
// validateWorker.ts) while the main thread goes on with the spec.
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

/** The validator's messages (they may point at a line of the document printed as 2-space JSON). */
export interface ValidationMessages {
  errors: string[];
  warnings: string[];
}

export async function validateSpec(document: Record<string, unknown>): Promise<ValidationMessages> {
  const result = await validate(document as never, { validate: { rules: { openapi: LENIENT_RULES, swagger: { ...LENIENT_RULES, 'unknown-required-schema-property': 'warning' } } } });
  return { errors: result.valid ? [] : result.errors.map((e) => e.message), warnings: result.warnings.map((w) => w.message) };
}
