// Internal $ref resolution that keeps names: `#/components/schemas/Boundary` resolves to the
// schema and the name "Boundary", which the schema tree needs for "circular → Boundary" and
// for links to schema definitions. External refs were bundled into internal ones before this.

type Obj = Record<string, any>;

export interface Resolver {
  /** Follows $ref chains of non-schema objects (parameters, responses, headers…). */
  deref<T = Obj>(value: T): T;
  /** Resolves one schema level: the target and the component name when it was a $ref. */
  schema(value: Obj | undefined): ResolvedSchema;
}

export interface ResolvedSchema {
  schema: Obj;
  name?: string;
  ref?: string;
  /**
   * Where the schema's description is written when that is not at `ref` (a 3.1 sibling of a
   * `$ref`, a nullable wrapper's own words): the ref of the object that holds it (`#/…`), or a
   * path from the value given (`''` for the value itself). Diagnostics about its links name that line.
   */
  describedAt?: string;
}

export function createResolver(document: Obj): Resolver {
  // The document is only read (test/openapi/specFixtures.test.ts builds a frozen one), so a
  // pointer resolves to the same value every time; a large spec resolves its schemas millions of times.
  const resolved = new Map<string, Obj | undefined>();
  const lookup = (ref: string): Obj | undefined => {
    if (!ref.startsWith('#')) return undefined;
    if (resolved.has(ref)) return resolved.get(ref);
    let node: any = document;
    for (const part of ref.slice(2).split('/')) {
      if (part === '') continue;
      node = node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    resolved.set(ref, node);
    return node;
  };
  const follow = (value: Obj | undefined): { value: Obj | undefined; ref?: string; describedAt?: string } => {
    let ref: string | undefined;
    // The first description along the chain is the one shown (siblings override); where it is
    // written, when that is not the last target.
    // (No closure here: this runs millions of times on a large spec, mostly for values without a $ref.)
    let describedAt: string | undefined;
    if (value && typeof value.$ref === 'string' && typeof value.description === 'string') describedAt = '';
    const seen = new Set<string>();
    while (value && typeof value.$ref === 'string') {
      if (seen.has(value.$ref)) return { value: {}, ref };
      seen.add(value.$ref);
      ref = value.$ref;
      // OpenAPI 3.1 allows siblings next to $ref (description, summary): they override.
      const { $ref, ...siblings } = value;
      const target = lookup($ref);
      if (describedAt === undefined && target && typeof target.$ref === 'string' && typeof target.description === 'string') describedAt = $ref;
      value = target && Object.keys(siblings).length ? { ...target, ...siblings } : target;
    }
    return describedAt === undefined ? { value, ref } : { value, ref, describedAt };
  };
  return {
    deref<T>(value: T): T {
      return (follow(value as Obj).value ?? {}) as T;
    },
    schema(value) {
      const { value: schema, ref, describedAt } = follow(value);
      const found: ResolvedSchema = { schema: schema ?? {}, name: ref === undefined ? undefined : nameOf(ref), ref };
      if (describedAt !== undefined) found.describedAt = describedAt;
      return found;
    },
  };
}

const names = new Map<string, string | undefined>();

/** The component name a schema ref points to (`#/components/schemas/Boundary` → `Boundary`). */
function nameOf(ref: string): string | undefined {
  if (names.has(ref)) return names.get(ref);
  const last = ref.startsWith('#/components/schemas/') || ref.startsWith('#/definitions/') ? ref.split('/').pop() : undefined;
  const name = last && decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  if (names.size > 100_000) names.clear();
  names.set(ref, name);
  return name;
}
