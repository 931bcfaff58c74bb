// Examples for request and response bodies, parameters and code samples: the spec's own
// `example`/`examples` first, else one generated from the schema with openapi-sampler (the
// sampler Redoc uses), which follows $refs and stops at recursion.
import { sample } from 'openapi-sampler';
import type { Resolver } from './resolve';

type Obj = Record<string, any>;

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
        return { label: String(resolved.summary ?? key), value: resolved.value };
      })
      .filter((ex) => ex.value !== undefined);
    if (list.length) return list;
  }
  if (!media.schema) return [];
  const generated = schemaExample(media.schema, direction, document);
  return generated === undefined ? [] : [{ label: 'Example (generated from the schema)', value: generated }];
}

/** One value for a schema: its example, else a generated sample. Undefined for binary data. */
export function schemaExample(schema: Obj, direction: 'request' | 'response', document: Obj): unknown {
  if (schema.format === 'binary' || schema.format === 'byte') return undefined;
  try {
    return sample(schema as never, { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: 8 }, document);
  } catch {
    // A schema the sampler cannot handle (rare, malformed) simply gets no generated example.
    return undefined;
  }
}

/** A parameter's example value as text: `example`, first of `examples`, the schema's, else sampled. */
export function parameterExample(param: Obj, document: Obj, resolver: Resolver): string {
  const schema = resolver.schema(param.schema).schema;
  const candidates = [param.example, firstExample(param.examples, resolver), schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined, schema.default, schema.enum?.[0]];
  let value = candidates.find((v) => v !== undefined);
  if (value === undefined) value = schemaExample(param.schema ?? {}, 'request', document);
  if (Array.isArray(value)) return value.join(',');
  return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function firstExample(examples: Obj | undefined, resolver: Resolver): unknown {
  if (!examples || typeof examples !== 'object') return undefined;
  const first = Object.values<Obj>(examples)[0];
  return first ? resolver.deref(first).value : undefined;
}
