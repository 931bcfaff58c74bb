// Examples for request and response bodies, parameters and code samples: the spec's own
// `example`/`examples` first, else one generated from the schema with openapi-sampler (the
// sampler Redoc uses), which follows $refs and stops at recursion.
import { lazyModule } from '../lazyModule';
import { jsonHead } from './jsonHead';
import { createResolver, type Resolver } from './resolve';
import { baseSubtypes } from './discriminator';
import { xmlExample } from './xmlExample';
import { titleText } from './titleText';

type Obj = Record<string, any>;

const sampler = lazyModule<typeof import('openapi-sampler')>('openapi-sampler');

export interface NamedExample {
  label: string;
  value: unknown;
}

/** Examples of a media type object (`content['application/json']`), in the order they should show. */
export function mediaExamples(media: Obj, direction: 'request' | 'response', document: Obj, resolver: Resolver): NamedExample[] {
  if (media.example !== undefined) return [{ label: 'Example', value: media.example }];
  if (media.examples && typeof media.examples === 'object') {
    const list = Object.entries<Obj>(media.examples)
      .map(([key, ex]) => {
        const resolved = resolver.deref(ex);
        return { label: titleText(resolved.summary) ?? key, value: resolved.value };
      })
      .filter((ex) => ex.value !== undefined);
    if (list.length) return list;
  }
  if (!media.schema) return [];
  const generated = schemaExample(media.schema, direction, document);
  // The sampler returns a schema's own `example` as it is: that one is not generated.
  const own = resolver.schema(media.schema).schema.example !== undefined;
  return generated === undefined ? [] : [{ label: own ? 'Example' : 'Example (generated from the schema)', value: generated }];
}

const JSON_MEDIA = /^(application|text)\/([\w.+-]+\+)?(x-)?json(;|$)/i;
const XML_MEDIA = /^(application|text)\/([\w.+-]+\+)?xml(;|$)/i;

/**
 * An example as its media type shows it: for JSON, a string that holds JSON (specs often write
 * the example as an escaped string) is shown parsed, any other string as it is; for XML, a value
 * is written as XML following the schema's `xml` hints, a string as it is.
 */
export function exampleAs(mediaType: string, value: unknown, schema: Obj | undefined, resolver: Resolver): { value: unknown; language: string } {
  if (JSON_MEDIA.test(mediaType)) {
    if (typeof value !== 'string') return { value, language: 'json' };
    try {
      return { value: JSON.parse(value), language: 'json' };
    } catch {
      return { value, language: '' };
    }
  }
  if (XML_MEDIA.test(mediaType)) return { value: typeof value === 'string' ? value : xmlExample(value, schema, resolver), language: 'xml' };
  return { value, language: typeof value === 'string' ? '' : 'json' };
}

/** Schema nodes one generated example may contain; real specs nest and reuse schemas so much that an unbounded sample explodes. */
export const SAMPLE_NODE_BUDGET = 300;
const MAX_SAMPLE_DEPTH = 8;
/**
 * The sampler makes `minItems` items of an array (two entries of a map) and pads strings to
 * `minLength`: `minItems: 1000000`, or arrays of arrays of arrays, would make millions of
 * values. So `minItems` is clamped to MAX_SAMPLE_ITEMS and to what keeps the product of the
 * lengths of nested arrays and maps within MAX_SAMPLE_FANOUT: a sample then holds at most
 * SAMPLE_NODE_BUDGET × MAX_SAMPLE_FANOUT values.
 */
const MAX_SAMPLE_ITEMS = 10;
const MAX_SAMPLE_FANOUT = 20;
const MAX_SAMPLE_LENGTH = 100;

/** Per document: its resolver and the examples generated so far (`$ref` + direction → value), since specs reuse schemas across many operations. */
const perDocument = new WeakMap<Obj, { resolver: Resolver; cache: Map<string, unknown> }>();

/**
 * One value for a schema: its example, else a generated sample. Undefined for binary data.
 * IMPORTANT: the value may be the spec's own (or shared with other callers): read it, never change it.
 */
export function schemaExample(schema: Obj, direction: 'request' | 'response', document: Obj): unknown {
  if (schema.format === 'binary' || schema.format === 'byte') return undefined;
  let state = perDocument.get(document);
  if (!state) perDocument.set(document, (state = { resolver: createResolver(document), cache: new Map() }));
  const key = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? `${direction} ${schema.$ref}` : undefined;
  // Not cloned: a spec's example can be a 600,000-item array, and every caller only prints it.
  if (key !== undefined && state.cache.has(key)) return state.cache.get(key);
  let value: unknown;
  try {
    // A discriminated base schema without oneOf/anyOf is sampled as its first subtype, whose
    // discriminator property then carries the value that selects it.
    const { schema: resolved, ref } = state.resolver.schema(schema);
    const subtype = baseSubtypes(resolved, ref, state.resolver)[0];
    // The sampler gets a bounded, $ref-free copy: it then cannot recurse or fan out without end.
    const bounded = boundedSchema(subtype ? { $ref: subtype.ref } : schema, state.resolver, { nodes: SAMPLE_NODE_BUDGET }, new Set(), 0, 1);
    value = sampler().sample(bounded as never, { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: MAX_SAMPLE_DEPTH });
    if (subtype && value !== null && typeof value === 'object' && !Array.isArray(value)) value = { ...value, [resolved.discriminator.propertyName]: subtype.value };
  } catch {
    // A schema the sampler cannot handle (rare, malformed) simply gets no generated example.
    value = undefined;
  }
  if (key !== undefined) state.cache.set(key, value);
  return value;
}

const NESTED_LISTS = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * A copy of `raw` with every $ref inlined, stopping at recursion (a named schema already being
 * expanded above), at MAX_SAMPLE_DEPTH and when the node budget is spent: there a schema keeps
 * only its type and own example, so the sample shows a shallow value instead of the whole tree.
 */
function boundedSchema(raw: unknown, resolver: Resolver, budget: { nodes: number }, expanding: Set<string>, depth: number, fanout: number): Obj {
  if (!raw || typeof raw !== 'object') return {};
  const { schema, name } = resolver.schema(raw as Obj);
  budget.nodes--;
  const shallow = (): Obj => {
    const out: Obj = {};
    for (const k of ['type', 'format', 'example', 'examples', 'enum', 'default', 'const', 'nullable']) if (schema[k] !== undefined) out[k] = schema[k];
    return out;
  };
  if ((name && expanding.has(name)) || depth >= MAX_SAMPLE_DEPTH || budget.nodes <= 0) return shallow();
  const inner = name ? new Set(expanding).add(name) : expanding;
  const out: Obj = {};
  const items = typeof schema.minItems === 'number' ? Math.max(1, Math.min(schema.minItems, MAX_SAMPLE_ITEMS, Math.floor(MAX_SAMPLE_FANOUT / fanout))) : 1;
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties' && v && typeof v === 'object') {
      const props: Obj = {};
      for (const [prop, child] of Object.entries<Obj>(v)) props[prop] = boundedSchema(child, resolver, budget, inner, depth + 1, fanout);
      out.properties = props;
    } else if ((k === 'items' || k === 'additionalProperties' || k === 'not') && v && typeof v === 'object') {
      out[k] = boundedSchema(v, resolver, budget, inner, depth + 1, k === 'items' ? fanout * items : k === 'additionalProperties' ? fanout * 2 : fanout);
    } else if ((NESTED_LISTS as readonly string[]).includes(k) && Array.isArray(v)) {
      // Composition parts stay at the same depth: they describe this value, not a nested one.
      out[k] = v.map((part) => boundedSchema(part, resolver, budget, inner, depth, fanout));
    } else if (k === 'minItems' && typeof v === 'number') {
      out[k] = Math.min(v, items);
    } else if (k === 'minLength' && typeof v === 'number') {
      out[k] = Math.min(v, MAX_SAMPLE_LENGTH);
    } else if (k !== 'discriminator' && k !== '$ref') {
      out[k] = v;
    }
  }
  return out;
}

/** A parameter's example value as text: `example`, first of `examples`, the schema's, else sampled. */
export function parameterExample(param: Obj, document: Obj, resolver: Resolver): string {
  const schema = resolver.schema(param.schema).schema;
  const candidates = [param.example, firstExample(param.examples, resolver), schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined, schema.default, schema.enum?.[0]];
  let value = candidates.find((v) => v !== undefined);
  if (value === undefined) value = schemaExample(param.schema ?? {}, 'request', document);
  // Shown in every code sample's URL: a long value is cut (an example can be a list of thousands).
  const text = Array.isArray(value) ? value.slice(0, PARAMETER_EXAMPLE_CHARS).join(',') : value === undefined || value === null ? '' : typeof value === 'object' ? jsonHead(value, { maxChars: PARAMETER_EXAMPLE_CHARS }).text : String(value);
  return text.slice(0, PARAMETER_EXAMPLE_CHARS);
}

/** The longest parameter value a code sample shows. */
const PARAMETER_EXAMPLE_CHARS = 200;

function firstExample(examples: Obj | undefined, resolver: Resolver): unknown {
  if (!examples || typeof examples !== 'object') return undefined;
  const first = Object.values<Obj>(examples)[0];
  return first ? resolver.deref(first).value : undefined;
}
