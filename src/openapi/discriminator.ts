// A discriminator on a base schema without oneOf/anyOf (`Pet` with `discriminator: { propertyName:
// petType, mapping: { cat: Cat } }`, and `Cat: { allOf: [$ref Pet, …] }`): the subtypes are the
// mapping's targets, else (as the OpenAPI spec says) the component schemas whose allOf names the
// base, each keyed by its name. Used by the schema tree (variants) and the examples (one subtype).
import type { Resolver } from './resolve';

type Obj = Record<string, any>;

export interface Subtype {
  /** The discriminator value that selects it (`cat`). */
  value: string;
  /** `$ref` to the subtype. */
  ref: string;
  /** Its component name (`Cat`). */
  name: string;
}

const cache = new WeakMap<Obj, Map<string, Subtype[]>>();

/**
 * Subtypes of `schema` when it is a discriminated base schema (its own `discriminator`, no
 * oneOf/anyOf); `ref` is the schema's own `$ref` (needed to find implicit subtypes). Empty otherwise.
 */
export function baseSubtypes(schema: Obj, ref: string | undefined, resolver: Resolver): Subtype[] {
  const propertyName = schema.discriminator?.propertyName;
  if (typeof propertyName !== 'string' || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return [];
  const mapping = schema.discriminator.mapping;
  if (mapping && typeof mapping === 'object' && Object.keys(mapping).length > 0) {
    return Object.entries<unknown>(mapping)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([value, target]) => {
        // A mapping value is a $ref or a bare component name.
        const full = target.startsWith('#') ? target : `#/components/schemas/${target}`;
        return { value, ref: full, name: decodeURIComponent(full.split('/').pop()!) };
      })
      .filter((s) => Object.keys(resolver.schema({ $ref: s.ref }).schema).length > 0);
  }
  if (!ref) return [];
  // The component schemas, through the resolver (which knows the document).
  const components = resolver.deref<Obj>({ $ref: '#/components/schemas' });
  let byRef = cache.get(components);
  if (!byRef) cache.set(components, (byRef = new Map()));
  const known = byRef.get(ref);
  if (known) return known;
  const found = Object.entries<Obj>(components)
    .filter(([, s]) => Array.isArray(s?.allOf) && s.allOf.some((part: Obj) => part?.$ref === ref))
    .map(([name]) => ({ value: name, ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, name }));
  byRef.set(ref, found);
  return found;
}
