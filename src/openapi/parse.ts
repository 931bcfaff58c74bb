// Validates the spec with @readme/openapi-parser, converts Swagger 2.0 to OpenAPI 3.0 and
// bundles external $refs into internal ones. Internal $refs are kept (not dereferenced): the
// model resolves them itself so schema names survive and circular references stay finite.
import { bundle, validate } from '@readme/openapi-parser';
import { DocsgenError, error, warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { SpecSource } from './load';

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

export interface ParsedApi {
  document: Record<string, any>;
  /** `2.0`, `3.0.x` or `3.1.x` of the source, before any conversion. */
  version: string;
  diagnostics: Diagnostic[];
}

export async function parseApi(spec: SpecSource, options: { strict: boolean }): Promise<ParsedApi> {
  const raw = spec.document;
  const version = String(raw.openapi ?? raw.swagger ?? '');
  if (!/^(2\.0|3\.[01]\.\d+)$/.test(version)) {
    throw new DocsgenError([error('spec-unsupported', `The document is not an OpenAPI 3.0/3.1 or Swagger 2.0 spec (its "openapi"/"swagger" field is ${JSON.stringify(raw.openapi ?? raw.swagger ?? null)}).`, { location: { file: spec.source } })]);
  }
  const result = await validate(structuredClone(raw) as never, { validate: { rules: { openapi: LENIENT_RULES, swagger: { ...LENIENT_RULES, 'unknown-required-schema-property': 'warning' } } } });
  const pointers = pointerByLine(raw);
  const toDiagnostic = (severity: 'error' | 'warning') => (e: { message: string }) => {
    const { text, pointer } = describeValidationMessage(e.message, pointers);
    const make = severity === 'error' || options.strict ? error : warning;
    return make(severity === 'error' ? 'spec-invalid' : 'spec-warning', `The OpenAPI spec is invalid${pointer ? ` at ${pointer}` : ''}: ${text}.`, {
      location: { file: spec.source },
      hint: severity === 'warning' && !options.strict ? 'Pass --strict to make spec warnings fatal.' : undefined,
    });
  };
  const diagnostics: Diagnostic[] = [...(result.valid ? [] : result.errors.map(toDiagnostic('error'))), ...result.warnings.map(toDiagnostic('warning'))];
  if (diagnostics.some((d) => d.severity === 'error')) throw new DocsgenError(diagnostics);

  let document: Record<string, any> = structuredClone(raw);
  if (version === '2.0') document = await convertSwagger(document, spec.source);
  document = (await bundle(document as never)) as Record<string, any>;
  return { document, version, diagnostics };
}

async function convertSwagger(document: Record<string, any>, source: string): Promise<Record<string, any>> {
  // swagger2openapi is the converter the OpenAPI tooling ecosystem relies on; patch mode fixes
  // the small mistakes real Swagger files carry instead of refusing them.
  // @ts-expect-error swagger2openapi ships no types; its one function is typed here.
  const converter: { convertObj(doc: object, options: object): Promise<{ openapi: Record<string, any> }> } = await import('swagger2openapi');
  const { convertObj } = converter;
  try {
    return (await convertObj(document, { patch: true, warnOnly: true })).openapi;
  } catch (cause) {
    throw new DocsgenError([error('spec-convert-failed', `Converting the Swagger 2.0 spec to OpenAPI 3 failed: ${(cause as Error).message}.`, { location: { file: source } })], { cause });
  }
}

/**
 * The parser reports problems with a code frame of the document printed as 2-space JSON,
 * pointing at a line (`> 19 |`). This maps every line of that printout to its JSON pointer,
 * so the report can say `/paths/~1a/get/responses/200` instead of a line in a JSON text the
 * author never wrote.
 */
export function pointerByLine(document: unknown): string[] {
  const lines: string[] = [''];
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0) return;
      value.forEach((item, i) => {
        lines.push(`${pointer}/${i}`);
        walk(item, `${pointer}/${i}`);
      });
      lines.push(pointer);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
      if (entries.length === 0) return;
      for (const [key, v] of entries) {
        lines.push(`${pointer}/${escape(key)}`);
        walk(v, `${pointer}/${escape(key)}`);
      }
      lines.push(pointer);
    }
  };
  lines.push('');
  walk(document, '');
  return lines;
}

export function describeValidationMessage(message: string, pointers: string[]): { text: string; pointer?: string } {
  const [first] = message.split('\n');
  const text = first.replace(/^[A-Z]+ /, '').trim();
  const line = /^>\s*(\d+) \|/m.exec(message);
  const pointer = line ? pointers[Number(line[1])] : undefined;
  return { text, pointer: pointer === '' ? '/' : pointer };
}
