// Internal $ref resolution that keeps names: `#/components/schemas/Boundary` resolves to the
// schema and the name "Boundary", which the schema tree needs for "circular → Boundary" and
// for links to schema definitions. External refs were bundled into internal ones before this.

type Obj = Record<string, any>;

export interface Resolver {
  /** Follows $ref chains of non-schema objects (parameters, responses, headers…). */
  deref<T = Obj>(value: T): T;
  /** Resolves one schema level: the target and the component name when it was a $ref. */
  schema(value: Obj | undefined): { schema: Obj; name?: string; ref?: string };
}

export function createResolver(document: Obj): Resolver {
  const lookup = (ref: string): Obj | undefined => {
    if (!ref.startsWith('#')) return undefined;
    let node: any = document;
    for (const part of ref.slice(2).split('/')) {
      if (part === '') continue;
      node = node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  };
  const follow = (value: Obj | undefined): { value: Obj | undefined; ref?: string } => {
    let ref: string | undefined;
    const seen = new Set<string>();
    while (value && typeof value.$ref === 'string') {
      if (seen.has(value.$ref)) return { value: {}, ref };
      seen.add(value.$ref);
      ref = value.$ref;
      // OpenAPI 3.1 allows siblings next to $ref (description, summary): they override.
      const { $ref, ...siblings } = value;
      const target = lookup($ref);
      value = target && Object.keys(siblings).length ? { ...target, ...siblings } : target;
    }
    return { value, ref };
  };
  return {
    deref<T>(value: T): T {
      return (follow(value as Obj).value ?? {}) as T;
    },
    schema(value) {
      const { value: schema, ref } = follow(value);
      const name = ref?.startsWith('#/components/schemas/') || ref?.startsWith('#/definitions/') ? ref.split('/').pop() : undefined;
      return { schema: schema ?? {}, name: name && decodeURIComponent(name).replace(/~1/g, '/').replace(/~0/g, '~'), ref };
    },
  };
}
