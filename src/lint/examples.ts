// example-mismatch: every example the spec gives, checked against the schema it illustrates:
// parameters and headers (written as text, so "10" is a number), JSON request and response
// bodies, and schemas' own `example`/`examples`. Example Objects named by `$ref` are checked
// (and reported) where they are written.
import type { ExampleValidator } from './exampleValidator';
import { resolvePointer, type Direction } from './schemaDialect';
import { escapePointerSegment as esc, printable, type Finding } from './finding';
import { deref, isJsonMediaType, isObject, operationsOf } from './walk';

/** One example to check. */
interface ExampleCase {
  value: unknown;
  valuePointer: string;
  schemaPointer: string;
  direction: Direction;
  coerce: boolean;
  /** What the example illustrates, for the message: `the parameter "limit"`. */
  subject: string;
}

export function checkExamples(document: Record<string, any>, validator: ExampleValidator, file: string): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  // Judged one direction at a time, each one's converted spec and compiled schemas let go
  // before the next (exampleValidator.ts): on a large spec, each is hundreds of MB.
  const byDirection = new Map<Direction, ExampleCase[]>();
  for (const c of exampleCases(document)) {
    // `example: null` is how several generators (Swashbuckle, openapi-generator) say "no
    // example", and renderers show none: judging it would flag what no reader sees.
    if (c.value === null) continue;
    // An example in components used by several operations whose schemas name one component is judged (and reported) once.
    const key = `${c.valuePointer}|${deref(document, resolvePointer(document, c.schemaPointer), c.schemaPointer)?.pointer ?? c.schemaPointer}|${c.direction}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const cases = byDirection.get(c.direction);
    if (cases) cases.push(c);
    else byDirection.set(c.direction, [c]);
  }
  for (const [direction, cases] of byDirection) {
    for (const c of cases) {
      const problems = judge(validator, c);
      if (!problems || problems.length === 0) continue;
      const [first] = problems;
      const where = first.instancePath ? `at ${printable(first.instancePath)} ` : '';
      findings.push({
        code: 'example-mismatch',
        text: `The example of ${c.subject} does not match its schema: ${where}it ${printable(first.message)}.`,
        file,
        atValue: true,
        pointer: c.valuePointer + first.instancePath,
        notes: [`schema: ${printable(c.schemaPointer)}`],
      });
    }
    validator.release?.(direction);
  }
  return findings;
}

/** The example's problems; a JSON body written as a string of JSON is judged by what it says. */
function judge(validator: ExampleValidator, c: ExampleCase) {
  const problems = validator.validate(c.schemaPointer, c.value, { direction: c.direction, coerce: c.coerce });
  if (!problems || problems.length === 0 || typeof c.value !== 'string' || c.coerce) return problems;
  try {
    const parsed = JSON.parse(c.value);
    if (typeof parsed === 'object' && parsed !== null && validator.validate(c.schemaPointer, parsed, { direction: c.direction })?.length === 0) return [];
  } catch {
    // not JSON: the string itself is the example
  }
  return problems;
}

function* exampleCases(document: Record<string, any>): Generator<ExampleCase> {
  const components = isObject(document.components) ? document.components : {};
  const listExamples = /^3\.[1-9]/.test(String(document.openapi ?? ''));
  const parameter = function* (raw: any, pointer: string, direction: Direction, kind: 'parameter' | 'header', name?: string): Generator<ExampleCase> {
    const found = deref(document, raw, pointer);
    if (!found) return;
    const p = found.value;
    const subject = `the ${kind} "${printable(String(name ?? p.name ?? ''))}"`;
    if (isObject(p.schema)) yield* valuesOf(document, p, found.pointer, `${found.pointer}/schema`, { direction, coerce: true, subject });
    if (isObject(p.content)) yield* mediaTypes(p.content, `${found.pointer}/content`, direction, subject, true);
  };
  const mediaTypes = function* (content: Record<string, any>, pointer: string, direction: Direction, subject: string, coerce = false): Generator<ExampleCase> {
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media) || !isObject(media.schema) || !isJsonMediaType(type)) continue;
      const at = `${pointer}/${esc(type)}`;
      yield* valuesOf(document, media, at, `${at}/schema`, { direction, coerce, subject: `${subject} (${printable(type)})` });
      yield* schemaCases(media.schema, `${at}/schema`);
    }
  };
  const body = function* (raw: any, pointer: string, direction: Direction, subject: string): Generator<ExampleCase> {
    const found = deref(document, raw, pointer);
    if (!found) return;
    if (isObject(found.value.content)) yield* mediaTypes(found.value.content, `${found.value === raw ? pointer : found.pointer}/content`, direction, subject);
    if (direction === 'response' && isObject(found.value.headers)) {
      for (const [name, header] of Object.entries(found.value.headers)) yield* parameter(header, `${found.pointer}/headers/${esc(name)}`, 'response', 'header', name);
    }
  };
  const seenSchemas = new Set<unknown>();
  const schemaCases = function* (schema: any, pointer: string, depth = 0): Generator<ExampleCase> {
    if (!isObject(schema) || seenSchemas.has(schema) || depth > 64) return;
    seenSchemas.add(schema);
    const subject = `the schema ${printable(pointer.startsWith('/components/schemas/') ? pointer.slice('/components/schemas/'.length) : pointer)}`;
    if ('example' in schema && schema.example !== undefined) yield { value: schema.example, valuePointer: `${pointer}/example`, schemaPointer: pointer, direction: 'any', coerce: false, subject };
    // A schema's `examples` list is JSON Schema's (OpenAPI 3.1 on); in 3.0 it is no keyword at all.
    if (listExamples && Array.isArray(schema.examples)) {
      for (const [i, value] of schema.examples.entries()) yield { value, valuePointer: `${pointer}/examples/${i}`, schemaPointer: pointer, direction: 'any', coerce: false, subject };
    }
    for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties']) {
      if (isObject(schema[key])) yield* schemaCases(schema[key], `${pointer}/${key}`, depth + 1);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      if (Array.isArray(schema[key])) for (const [i, member] of schema[key].entries()) yield* schemaCases(member, `${pointer}/${key}/${i}`, depth + 1);
    }
    for (const key of ['properties', 'patternProperties', '$defs', 'dependentSchemas']) {
      if (isObject(schema[key])) for (const [name, member] of Object.entries(schema[key])) yield* schemaCases(member, `${pointer}/${key}/${esc(name)}`, depth + 1);
    }
  };

  for (const op of operationsOf(document, { all: true })) {
    const name = `${op.method.toUpperCase()} ${printable(op.path)}`;
    for (const [list, at] of [[op.pathItem.parameters, `${op.pathItemPointer}/parameters`], [op.operation.parameters, `${op.pointer}/parameters`]] as const) {
      if (Array.isArray(list)) for (const [i, p] of list.entries()) if (!isObject(p) || !p.$ref) yield* parameter(p, `${at}/${i}`, 'request', 'parameter');
    }
    if (isObject(op.operation.requestBody) && !op.operation.requestBody.$ref) yield* body(op.operation.requestBody, `${op.pointer}/requestBody`, 'request', `the request body of ${name}`);
    if (isObject(op.operation.responses)) {
      for (const [status, response] of Object.entries(op.operation.responses)) {
        if (isObject(response) && !response.$ref) yield* body(response, `${op.pointer}/responses/${esc(status)}`, 'response', `the ${printable(status)} response of ${name}`);
      }
    }
  }
  // Components are checked where they are written, once, whether or not an operation uses them.
  for (const [name, p] of entries(components.parameters)) yield* parameter(p, `/components/parameters/${esc(name)}`, 'request', 'parameter');
  for (const [name, h] of entries(components.headers)) yield* parameter(h, `/components/headers/${esc(name)}`, 'response', 'header', name);
  for (const [name, b] of entries(components.requestBodies)) yield* body(b, `/components/requestBodies/${esc(name)}`, 'request', `the request body ${printable(name)}`);
  for (const [name, r] of entries(components.responses)) yield* body(r, `/components/responses/${esc(name)}`, 'response', `the response ${printable(name)}`);
  for (const [name, s] of entries(components.schemas)) yield* schemaCases(s, `/components/schemas/${esc(name)}`);
}

/** `example` and the values of `examples` of a parameter, header or media type (`holder` at `pointer`). */
function* valuesOf(document: Record<string, any>, holder: Record<string, any>, pointer: string, schemaPointer: string, c: Pick<ExampleCase, 'direction' | 'coerce' | 'subject'>): Generator<ExampleCase> {
  if (holder.example !== undefined) yield { ...c, value: holder.example, valuePointer: `${pointer}/example`, schemaPointer };
  if (!isObject(holder.examples)) return;
  for (const [name, raw] of Object.entries(holder.examples)) {
    const found = deref(document, raw, `${pointer}/examples/${esc(name)}`);
    // An externalValue names a file or URL the build does not fetch.
    if (!found || !('value' in found.value)) continue;
    yield { ...c, value: found.value.value, valuePointer: `${found.pointer}/value`, schemaPointer, subject: `${c.subject}, example "${printable(name)}",` };
  }
}

function entries(map: unknown): [string, any][] {
  return isObject(map) ? Object.entries(map) : [];
}
