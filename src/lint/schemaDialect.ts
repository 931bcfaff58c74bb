// OpenAPI schemas as JSON Schema 2020-12, the dialect the example validator speaks. OpenAPI 3.0's
// schema object is a variant of draft 4 (`nullable`, boolean `exclusiveMinimum`) and both 3.0
// and 3.1 make `readOnly`/`writeOnly` a question of direction: a required readOnly property is
// left out of a request, a required writeOnly one out of a response. The document is converted
// once per direction, so that `$ref`s between schemas resolve within the copy; its paths' and
// webhooks' schemas, when nothing refers into them, one by one as they are judged (convertAt).
import { safeDecode } from '../shared/url';

/** Whose example is checked: a request's, a response's, or a schema's own (either direction). */
export type Direction = 'request' | 'response' | 'any';

/** Keys whose values are data, not schemas: converting them would change the example. */
const DATA_KEYS = new Set(['example', 'enum', 'const', 'default', 'value', 'x-codeSamples', 'x-code-samples']);
/** Keys whose values are maps of names (property names, media types, …) to objects. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas', 'paths', 'responses', 'content', 'headers', 'callbacks', 'webhooks', 'parameters', 'requestBodies', 'securitySchemes', 'links', 'encoding', 'examples', 'pathItems']);

/**
 * A copy of `document` whose schemas validate examples going in `direction`. `resolve` finds a
 * `$ref`'s target in the original document (to tell whether a referenced property is readOnly).
 */
export function toJsonSchemaDocument(document: Record<string, any>, direction: Direction, leave: ReadonlySet<string> = new Set()): Record<string, any> {
  const copy = convertNode(document, Object.fromEntries(Object.entries(document).filter(([key]) => !leave.has(key))), false, direction);
  delete copy.$schema;
  delete copy.jsonSchemaDialect;
  return copy;
}

/** `node` of `document`, converted with its children (`isMap`: node is a map of names). */
function convertNode(document: Record<string, any>, node: unknown, isMap: boolean, direction: Direction): any {
  const resolve = (ref: unknown): any => (typeof ref === 'string' && ref.startsWith('#/') ? resolvePointer(document, ref.slice(1)) : undefined);
  const convert = (node: any, isMap: boolean): any => {
    if (Array.isArray(node)) return node.map((item) => convert(item, false));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, any> = {};
    for (const [key, value] of Object.entries(node)) {
      if (!isMap && (DATA_KEYS.has(key) || key.startsWith('x-'))) {
        out[key] = value;
        continue;
      }
      // A schema's `examples` (3.1) is a list of values; elsewhere a map of Example Objects.
      if (!isMap && key === 'examples' && Array.isArray(value)) {
        out[key] = value;
        continue;
      }
      out[key] = convert(value, !isMap && NAME_MAPS.has(key));
    }
    return isMap ? out : convertSchema(out, direction, resolve);
  };
  return convert(node, isMap);
}

/**
 * The top-level keys whose schemas are converted one at a time, when an example needs them
 * (convertAt), not with the rest of the document: they are nearly all of a large spec's converted
 * copy (the 35,000-page site's: 147 of 152 MB), and each of their schemas is judged once or twice.
 */
export const INLINE_ROOTS: ReadonlySet<string> = new Set(['paths', 'webhooks']);

/** Where the example validator puts an inline schema in the converted copy while it compiles it. */
export const INLINE_SLOTS = 'x-docsgen-inline-schemas';

/** Keywords that give a schema a name other schemas can refer to, wherever they are in the document. */
const NAMING_KEYS = new Set(['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor']);
const REF_KEYS = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/**
 * Whether the schemas under INLINE_ROOTS can be converted and compiled one at a time, apart from
 * the rest: no `$ref` anywhere reaches into them (or the whole document), none of them names
 * itself, and no `$ref` names docsgen's own URIs. Otherwise a schema may lean on another one's
 * place, which only the whole document has.
 */
export function inlineSchemasApart(document: Record<string, any>): boolean {
  if (INLINE_SLOTS in document || Object.keys(document).some((key) => REF_KEYS.has(key))) return false;
  const stack: [node: unknown, inline: boolean][] = Object.entries(document).map(([key, value]) => [value, INLINE_ROOTS.has(key)]);
  while (stack.length > 0) {
    const [node, inline] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push([item, inline]);
      continue;
    }
    for (const key in node) {
      const value = (node as Record<string, unknown>)[key];
      if (inline && NAMING_KEYS.has(key)) return false;
      if (REF_KEYS.has(key) && typeof value === 'string' && !refStaysOutside(value)) return false;
      if (value !== null && typeof value === 'object') stack.push([value, inline]);
    }
  }
  return true;
}

/** A `$ref` that reaches neither into INLINE_ROOTS, INLINE_SLOTS nor the document's root, and names no docsgen URI. */
function refStaysOutside(ref: string): boolean {
  if (ref.includes('urn:docsgen')) return false;
  if (!ref.startsWith('#')) return true;
  const first = ref.slice(1).split('/')[1];
  if (first === undefined || first === '') return false;
  const key = unescapeSegment(first);
  return !INLINE_ROOTS.has(key) && key !== INLINE_SLOTS;
}

/** One segment of a JSON pointer (URI-encoded, as in a `$ref`) as the key it names. */
export function unescapeSegment(raw: string): string {
  return safeDecode(raw, decodeURIComponent).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The node at `pointer` of the original document as toJsonSchemaDocument's copy has it (a data
 * value as written, a schema converted), made from that node alone; undefined for none.
 */
export function convertAt(document: Record<string, any>, pointer: string, direction: Direction): unknown {
  let node: any = document;
  // Walked as toJsonSchemaDocument's convert would reach the node: whether its parent is a map of names, or data.
  let isMap = false;
  let data = false;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = unescapeSegment(raw);
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    const value = node[key];
    if (!data && !Array.isArray(node)) {
      if (!isMap && (DATA_KEYS.has(key) || key.startsWith('x-') || (key === 'examples' && Array.isArray(value)))) data = true;
      else isMap = !isMap && NAME_MAPS.has(key);
    } else if (!data) isMap = false;
    node = value;
  }
  return data ? node : convertNode(document, node, isMap, direction);
}

/** One object's own keywords; its children are converted already. Objects that are not schemas pass unchanged (none has these keywords in these shapes). */
function convertSchema(s: Record<string, any>, direction: Direction, resolve: (ref: unknown) => any): Record<string, any> {
  // A `$schema` naming another dialect would make the validator refuse the whole document.
  delete s.$schema;
  // The discriminator and `oneOf`: examples are written against one branch, and branches that
  // overlap (a common spec defect) would make every example fail "exactly one".
  // (A schema with both keeps its oneOf.)
  if (Array.isArray(s.oneOf) && !s.anyOf) {
    s.anyOf = s.oneOf;
    delete s.oneOf;
  }
  for (const [bound, limit] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof s[bound] !== 'boolean') continue;
    if (s[bound] && typeof s[limit] === 'number') {
      s[bound] = s[limit];
      delete s[limit];
    } else delete s[bound];
  }
  // Swagger 2.0's file type, converted: a body the example cannot show.
  if (s.type === 'file') delete s.type;
  if (s.nullable === true) {
    delete s.nullable;
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
    if (typeof s.type === 'string') s.type = [s.type, 'null'];
    else if (Array.isArray(s.type)) s.type = s.type.includes('null') ? s.type : [...s.type, 'null'];
    else if (s.$ref || s.allOf || s.anyOf) return { anyOf: [{ type: 'null' }, s], [NULLABLE_WRAPPER]: true };
  } else if (typeof s.nullable === 'boolean') delete s.nullable;
  const skip = direction === 'request' ? ['readOnly'] : direction === 'response' ? ['writeOnly'] : ['readOnly', 'writeOnly'];
  if (Array.isArray(s.required) && s.properties && typeof s.properties === 'object') {
    const props = s.properties as Record<string, any>;
    s.required = s.required.filter((name: unknown) => typeof name !== 'string' || !skip.some((mark) => isMarked(props[name], mark, resolve)));
  }
  return s;
}

/** The property's schema says `readOnly: true` (or `writeOnly`), itself, through its `$ref`, or in an allOf member. */
function isMarked(schema: any, mark: string, resolve: (ref: unknown) => any, depth = 0): boolean {
  if (!schema || typeof schema !== 'object' || depth > 4) return false;
  if (schema[mark] === true) return true;
  // A converted nullable wraps the schema in anyOf with null.
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && schema.anyOf[0]?.type === 'null') return isMarked(schema.anyOf[1], mark, resolve, depth + 1);
  if (schema.$ref) return isMarked(resolve(schema.$ref), mark, resolve, depth + 1);
  return Array.isArray(schema.allOf) && schema.allOf.some((member: any) => isMarked(member, mark, resolve, depth + 1));
}

/** Marks the `anyOf` a nullable schema is wrapped in. */
const NULLABLE_WRAPPER = 'x-docsgen-nullable';

/**
 * The pointer in the converted document of the schema at `pointer` in the original: a oneOf
 * became an anyOf, and a nullable schema with a `$ref` or a combination moved into
 * `anyOf/1` of its wrapper.
 */
export function convertedPointer(converted: unknown, pointer: string): string {
  let node: any = converted;
  const out: string[] = [];
  for (const segment of pointer.split('/').slice(1)) {
    if (node && typeof node === 'object' && node[NULLABLE_WRAPPER] === true) {
      out.push('anyOf', '1');
      node = node.anyOf[1];
    }
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    const renamed = key === 'oneOf' && node && typeof node === 'object' && !('oneOf' in node) && 'anyOf' in node ? 'anyOf' : key;
    out.push(renamed === key ? segment : renamed);
    node = node && typeof node === 'object' ? node[renamed] : undefined;
  }
  return out.length === 0 ? '' : `/${out.join('/')}`;
}

/** The value at a JSON pointer (`/components/schemas/Zone`), or undefined. */
export function resolvePointer(document: unknown, pointer: string): any {
  if (pointer === '') return document;
  let node: any = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = unescapeSegment(raw);
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A `$ref` fragment is URI-encoded (`%7B` for `{`); a stray `%` is taken as written. */
