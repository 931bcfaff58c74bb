// Bundles external $refs (other files, URLs) into the spec, validates it with
// @readme/openapi-parser (in a worker thread: validator.ts) and converts Swagger 2.0 to
// OpenAPI 3.0. Internal $refs are kept (not dereferenced): the model resolves them itself so
// schema names survive and circular references stay finite.
import { DocsgenError, error, type Diagnostic } from '../diagnostics/diagnostic';
import { fetchSpec, isUrl, LARGE_SPEC_CHARS, type SpecSource } from './load';
import type { ValidationMessages } from './validate';
import { startValidator, type ValidationInput, type Validator } from './validator';
import { collectGarbage } from '../workers';
import { danglingRefDiagnostics, danglingRefs } from './refs';
import { checkedRefFiles, externalRefs } from './refFiles';
import { validationDiagnostics } from './validationDiagnostics';
import { digest, type Memo } from '../cache/memo';
import { engineDigest } from '../cache/engine';

export interface ParsedApi {
  document: Record<string, any>;
  /** `2.0`, `3.0.x`, `3.1.x` or `3.2.x` of the source, before any conversion. */
  version: string;
  /** Files or URLs its `$ref`s named were bundled in: the document is more than the spec's text. */
  bundled: boolean;
  /** The files its `$ref`s reach (a spec file's; URLs left out), which serve --watch watches. */
  refFiles: string[];
  /**
   * The validator's warnings, or a rejection with its errors. Validation runs beside the stages
   * that follow; a failure in them must wait for this first, since an invalid spec explains it.
   */
  validated: Promise<Diagnostic[]>;
  /** Whether the validator found errors, known before `validated` settles (Validator.foundErrors). */
  foundErrors: () => boolean;
}

/** `validator`: a thread started beforehand (validator.ts), or false to skip validation (check-links). */
/** `memo`: the build cache, where the validator's messages on a text validated before are taken from. */
/** `timeoutMs`: for each `$ref` read from the spec's URL (openapi.timeoutMs). */
export async function parseApi(spec: SpecSource, options: { strict: boolean; validator?: Validator | false; memo?: Memo; timeoutMs?: number }): Promise<ParsedApi> {
  let raw = spec.document;
  const version = String(raw.openapi ?? raw.swagger ?? '');
  if (!/^(2\.0|3\.[012]\.\d+)$/.test(version)) {
    throw new DocsgenError([error('spec-unsupported', `The document is not an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 spec (its "openapi"/"swagger" field is ${JSON.stringify(raw.openapi ?? raw.swagger ?? null)}).`, { location: { file: spec.source } })]);
  }
  // Files and URLs the spec refers to are bundled in first (resolved from where the spec is), so
  // the validator and the model see one document.
  let refFiles: string[] = [];
  if (externalRefs(raw).length > 0) {
    if (!isUrl(spec.source)) refFiles = checkedRefFiles(spec.source, spec.text, raw);
    raw = await bundleExternalRefs(spec, options.timeoutMs ?? 10_000);
  }
  const dangling = danglingRefs(raw);
  if (dangling.length > 0) throw new DocsgenError(danglingRefDiagnostics(dangling, spec.source, spec.text));
  const input: ValidationInput = raw === spec.document ? { text: spec.text, source: spec.source } : { document: raw };
  // The validation thread parses its own copy of the text now: the garbage of this thread's parse
  // of a large one goes first, or the two add up (the 35,000-page site's 47 MB of YAML: a peak of
  // 1.7 GB there, when the rest of the build stays under 1.5).
  if ('text' in input && input.text.length >= LARGE_SPEC_CHARS && options.validator !== false) collectGarbage();
  const { messages, foundErrors } = options.validator === false ? { messages: Promise.resolve({ errors: [], warnings: [] }), foundErrors: () => false } : validate(input, options.validator, raw === spec.document ? options.memo : undefined);
  const validated = messages.then((messages) => verdict(messages, raw, spec, options.strict));
  validated.catch(() => {}); // whoever uses the result awaits it; a build that failed first does not
  try {
    // The model and the site stage only read the document (test/openapi/specFixtures.test.ts
    // builds a deep-frozen one); the converter patches its input, so it gets a copy.
    const document: Record<string, any> = version === '2.0' ? await convertSwagger(structuredClone(raw), spec.source) : raw;
    return { document, version, validated, bundled: raw !== spec.document, refFiles, foundErrors };
  } catch (e) {
    await validated;
    throw e;
  }
}

async function bundleExternalRefs(spec: SpecSource, timeoutMs: number): Promise<Record<string, any>> {
  // Imported only here: loading the parser costs more than modelling most specs.
  const { bundle } = await import('@readme/openapi-parser');
  const reader = isUrl(spec.source) ? sameOriginReader(spec, timeoutMs) : undefined;
  try {
    // From the spec's path or URL (not the parsed object), so relative $refs resolve from there.
    // The parser takes a reader of its own in the place of its file reader (a URL's spec reads no files).
    return (await bundle(spec.source, reader && { resolve: { file: reader as unknown as boolean } })) as Record<string, any>;
  } catch (cause) {
    // The parser keeps only "Error reading file": fetchSpec's own message says what went wrong.
    const failed = reader?.failures.get((cause as { source?: string }).source ?? '');
    if (failed instanceof DocsgenError) throw failed;
    const message = (cause as Error).message.replace(/\.$/, '');
    // No reader takes the URL: the parser refuses private and loopback addresses.
    const refused = /^Unable to resolve \$ref pointer "https?:/i.test(message);
    throw new DocsgenError(
      [
        error('spec-ref-unresolved', `A $ref of the spec points to a file or URL that could not be read: ${message}.`, {
          location: { file: spec.source },
          hint: refused ? "A $ref's URL is read when it is on the spec's own origin (a spec fetched from http://localhost:8000 reads http://localhost:8000/schemas.yaml) or on a public address; other private and loopback addresses are refused, so that a spec cannot make a build read an internal service. Bundle the spec into one file, or serve its files beside it." : undefined,
        }),
      ],
      { cause },
    );
  }
}

/**
 * Reads the spec's own origin for the parser, with fetchSpec (its timeout, its size limit, its
 * messages; `failures` keeps them by URL). The parser's reader refuses private and loopback
 * addresses, so that a spec's text cannot make a build read an internal service into a public
 * site; but the spec's origin is the one the user named (`--spec http://localhost:8000/docs/yaml`),
 * and its other files are the spec's.
 */
function sameOriginReader(spec: SpecSource, timeoutMs: number) {
  const origin = new URL(spec.source).origin;
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  const failures = new Map<string, unknown>();
  const read = (file: { url: string }) =>
    // The spec itself was fetched already: the parser reads the same text again.
    (file.url === spec.source ? Promise.resolve(spec.text) : fetchSpec(file.url, timeoutMs)).catch((e: unknown) => {
      failures.set(file.url, e);
      throw e;
    });
  return { order: 1, canRead: (file: { url: string }) => sameOrigin(file.url), read, failures };
}

/** The build cache's stage of the validator's messages, under the spec's text. */
export const VALIDATION_STAGE = 'spec-validation';

/**
 * The validator's messages, from the cache when this text was validated before (a spec whose
 * `$ref`s name other files is always validated: `memo` is not given).
 */
function validate(input: ValidationInput, validator: Validator | undefined, memo: Memo | undefined): { messages: Promise<ValidationMessages>; foundErrors: () => boolean } {
  const key = memo && 'text' in input ? digest(engineDigest(), input.text) : undefined;
  const kept = key ? memo!.get<ValidationMessages>(VALIDATION_STAGE, key) : undefined;
  if (kept) {
    validator?.dispose();
    return { messages: Promise.resolve(kept), foundErrors: () => kept.errors.length > 0 };
  }
  const thread = validator ?? startValidator();
  const messages = thread.validate(input);
  if (key) messages.then((m) => memo!.set(VALIDATION_STAGE, key, m), () => {});
  return { messages, foundErrors: thread.foundErrors };
}

/** The validator's findings as located diagnostics (validationDiagnostics.ts); throws them when any is an error. */
function verdict(messages: ValidationMessages, raw: unknown, spec: SpecSource, strict: boolean): Diagnostic[] {
  if (messages.errors.length === 0 && messages.warnings.length === 0) return [];
  const diagnostics = validationDiagnostics(messages, raw, spec, strict);
  if (diagnostics.some((d) => d.severity === 'error')) throw new DocsgenError(diagnostics);
  return diagnostics;
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
