// The subset of JSON Schema the try-it console checks before sending: type (with 3.0
// `nullable` and 3.1 type lists), const, enum, numeric bounds, multipleOf, string length and
// pattern, array length, uniqueness and items, object required/properties/additionalProperties
// and size, allOf/anyOf/oneOf. Formats are not checked: the API has the last word, the console
// only catches what would certainly fail. Messages name the field by its path (`center.lat`).
import type { TryItSchema } from '../../shared/tryIt';

export interface SchemaError {
  /** `center.lat`, `layers[1]`; '' for the value itself. */
  path: string;
  message: string;
  /** Set when the value is of another type than the schema's. */
  type?: true;
}

type S = Record<string, any>;

/** Errors found in `value`, at most `max` (a long array of wrong items needs only a few). */
export function validate(value: unknown, schema: TryItSchema | undefined, max = 20): SchemaError[] {
  const errors: SchemaError[] = [];
  if (schema) check(value, schema, '', errors, max);
  return errors;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value)));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function check(value: unknown, schema: S, path: string, errors: SchemaError[], max: number): void {
  if (errors.length >= max || typeof schema !== 'object' || schema === null) return;
  const add = (message: string, at = path) => errors.length < max && errors.push({ path: at, message });
  const addType = (message: string) => errors.length < max && errors.push({ path, message, type: true });
  if (value === undefined) return;

  const types: string[] = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  if (schema.nullable === true && types.length) types.push('null');
  if (types.length && !types.some((t) => typeMatches(value, t))) {
    addType(`must be ${types.map((t) => (t === 'integer' ? 'a whole number' : t === 'null' ? 'null' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`)).join(' or ')}`);
    return;
  }
  if ('const' in schema && JSON.stringify(value) !== JSON.stringify(schema.const)) add(`must be ${show(schema.const)}`);
  if (Array.isArray(schema.enum) && schema.enum.length && !schema.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value))) {
    const list = schema.enum.slice(0, 8).map(show).join(', ');
    add(`must be one of ${list}${schema.enum.length > 8 ? ', …' : ''}`);
  }

  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) add(`must be ≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) add(`must be ≤ ${schema.maximum}`);
    // 3.0 writes exclusive bounds as booleans beside minimum/maximum, 3.1 as numbers.
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) add(`must be > ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number' && value === schema.minimum) add(`must be > ${schema.minimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) add(`must be < ${schema.exclusiveMaximum}`);
    if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number' && value === schema.maximum) add(`must be < ${schema.maximum}`);
    if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0 && Math.abs(value / schema.multipleOf - Math.round(value / schema.multipleOf)) > 1e-9) add(`must be a multiple of ${schema.multipleOf}`);
  }

  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) add(`must be at least ${plural(schema.minLength, 'character')} long`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) add(`must be at most ${plural(schema.maxLength, 'character')} long`);
    if (typeof schema.pattern === 'string') {
      let re: RegExp | undefined;
      try {
        re = new RegExp(schema.pattern, 'u');
      } catch {
        // A pattern JavaScript cannot read is left to the API.
      }
      if (re && !re.test(value)) add(`must match the pattern ${schema.pattern}`);
    }
  }

  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) add(`must have at least ${plural(schema.minItems, 'item')}`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) add(`must have at most ${plural(schema.maxItems, 'item')}`);
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) add('must not repeat an item');
    if (schema.items && typeof schema.items === 'object') value.forEach((item, i) => check(item, schema.items, `${path}[${i}]`, errors, max));
  }

  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(schema.required)) for (const key of schema.required) if (object[key] === undefined && !schema.properties?.[key]?.readOnly) add('is required', at(key));
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) add(`must have at least ${plural(schema.minProperties, 'property', 'properties')}`);
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) add(`must have at most ${plural(schema.maxProperties, 'property', 'properties')}`);
    const properties: S = schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
    for (const key of keys) {
      if (key in properties) check(object[key], properties[key], at(key), errors, max);
      else if (schema.additionalProperties === false) add('is not a known field', at(key));
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') check(object[key], schema.additionalProperties, at(key), errors, max);
    }
  }

  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(value, part, path, errors, max);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options: S[] = Array.isArray(schema[key]) ? schema[key] : [];
    if (options.length === 0) continue;
    const results = options.map((option) => validate(value, option, max));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing === 0) {
      // The closest alternative's errors say more than "matches none": one of the value's own
      // type first (its errors are about its fields), then the one with the fewest errors.
      const score = (r: SchemaError[]) => r.length + (r.some((e) => e.path === '' && e.type) ? 1000 : 0);
      const closest = results.reduce((a, b) => (score(b) < score(a) ? b : a));
      for (const e of closest) add(e.message, e.path ? (path ? `${path}${e.path.startsWith('[') ? '' : '.'}${e.path}` : e.path) : path);
    }
    // oneOf with several matching: left to the API (discriminators make this common and harmless).
  }
}

/**
 * A parameter's text as the value its schema describes: numbers and booleans parsed, arrays
 * split at commas (each item parsed by the items' type), objects parsed as JSON. Text that does
 * not parse stays text, so that the type check reports it.
 */
export function parseParameter(text: string, schema: TryItSchema | undefined): unknown {
  const s = (schema ?? {}) as S;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'array') return text === '' ? [] : text.split(',').map((item) => parseParameter(item.trim(), s.items));
  if (type === 'integer' || type === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (type === 'object') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
