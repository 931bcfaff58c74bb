// Turns api-smart-diff's raw diffs into facts: where a change is (operation, parameter, body,
// status, media type, field path) and which keyword of the schema changed. A diff that adds or
// removes a whole container (an operation's first parameters, an object's first properties, a
// `required` list) becomes one fact per member, so every rule sees one parameter or one field.
import type { ChangeLocation } from './types';

export type Action = 'add' | 'remove' | 'replace' | 'rename';
export type LibraryType = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export interface RawDiff {
  action: Action;
  type: LibraryType;
  path: (string | number)[];
  before?: unknown;
  after?: unknown;
}

export interface Fact {
  /** `get /parcels/{id}` with the older spec's path; undefined for the document. */
  op?: { method: string; path: string };
  location: ChangeLocation;
  /** The schema keyword (or operation/parameter key) that changed; '' for the thing itself. */
  keyword: string;
  /** What follows the keyword in the path (an enum or type index, an extension's inner keys). */
  rest: (string | number)[];
  action: Action;
  before?: unknown;
  after?: unknown;
  type: LibraryType;
  /** For a parameter or field added or removed whole: whether it is required. */
  required?: boolean;
}

export const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Lookup = (path: (string | number)[]) => unknown;

/** `lookup` reads the library's merged document (both sides, $refs resolved) at a diff's path. */
export function toFacts(diff: RawDiff, lookup: Lookup): Fact[] {
  const p = diff.path;
  if (diff.action !== 'rename' && diff.before === undefined && diff.after === undefined) return [];
  if (p[0] === 'paths') return pathFacts(diff, lookup);
  if (p[0] === 'components') return componentFacts(diff);
  if (p[0] === 'security') return []; // compared per operation (security.ts)
  if (p.length === 0) return [];
  return [{ location: { in: 'document', name: String(p[0]) }, keyword: String(p[0]), rest: p.slice(1), action: diff.action, before: diff.before, after: diff.after, type: diff.type }];
}

function pathFacts(diff: RawDiff, lookup: Lookup): Fact[] {
  const p = diff.path;
  if (p.length === 1) return []; // a path template renamed: diffSpecs reads these itself
  if (p.length === 2) {
    // A whole path item: one fact per operation in it.
    const item = (diff.after ?? diff.before) as Record<string, unknown>;
    return Object.keys(item ?? {})
      .filter((m) => METHODS.has(m))
      .map((m) => ({ op: { method: m, path: String(p[1]) }, location: { in: 'operation' as const }, keyword: '', rest: [], action: diff.action, type: diff.type, before: diff.action === 'remove' ? item[m] : undefined, after: diff.action === 'add' ? item[m] : undefined }));
  }
  const method = String(p[2]);
  if (!METHODS.has(method)) return [];
  const op = { method, path: String(p[1]) };
  const base = { op, action: diff.action, before: diff.before, after: diff.after, type: diff.type };
  if (p.length === 3) return [{ ...base, location: { in: 'operation' }, keyword: '', rest: [] }];
  const section = String(p[3]);
  if (section === 'security') return [];
  if (section === 'parameters') return parameterFacts(diff, base, lookup);
  if (section === 'requestBody') return requestBodyFacts(diff, base);
  if (section === 'responses') return responseFacts(diff, base);
  return [{ ...base, location: { in: 'operation' }, keyword: section, rest: p.slice(4) }];
}

type Base = Pick<Fact, 'op' | 'action' | 'before' | 'after' | 'type'>;

function parameterFacts(diff: RawDiff, base: Base, lookup: Lookup): Fact[] {
  const p = diff.path;
  if (p.length === 4) {
    // The operation had no parameters before (or has none now): each one is a fact.
    const list = ((diff.after ?? diff.before) as Record<string, unknown>[]) ?? [];
    return list.map((param) => paramPresence(base, param, diff.action));
  }
  if (p.length === 5) return [paramPresence(base, (diff.after ?? diff.before) as Record<string, unknown>, diff.action)];
  const param = (lookup(p.slice(0, 5)) ?? {}) as Record<string, unknown>;
  const location: ChangeLocation = { in: 'parameter', name: String(param.name ?? p[4]), parameterIn: String(param.in ?? '') };
  if (p[5] === 'schema') return schemaFact({ ...base, location }, p.slice(6));
  return [{ ...base, location, keyword: String(p[5]), rest: p.slice(6) }];
}

function paramPresence(base: Base, param: Record<string, unknown>, action: Action): Fact {
  return { ...base, action, location: { in: 'parameter', name: String(param?.name ?? ''), parameterIn: String(param?.in ?? '') }, keyword: '', rest: [], required: param?.required === true };
}

function requestBodyFacts(diff: RawDiff, base: Base): Fact[] {
  const p = diff.path;
  if (p.length === 4) return [{ ...base, location: { in: 'request' }, keyword: 'requestBody', rest: [], required: ((diff.after ?? diff.before) as { required?: boolean })?.required === true }];
  if (p[4] !== 'content') return [{ ...base, location: { in: 'request' }, keyword: String(p[4]), rest: p.slice(5) }];
  return contentFacts(diff, base, { in: 'request' }, p.slice(5));
}

function responseFacts(diff: RawDiff, base: Base): Fact[] {
  const p = diff.path;
  if (p.length === 4) {
    // Responses added or removed as a whole map: one fact per status.
    const map = ((diff.after ?? diff.before) as Record<string, unknown>) ?? {};
    return Object.keys(map).map((status) => ({ ...base, location: { in: 'response' as const, status }, keyword: 'status', rest: [] }));
  }
  const status = String(p[4]);
  if (p.length === 5) return [{ ...base, location: { in: 'response', status }, keyword: 'status', rest: [] }];
  if (p[5] === 'headers') {
    if (p.length === 6) {
      const map = ((diff.after ?? diff.before) as Record<string, unknown>) ?? {};
      return Object.keys(map).map((name) => ({ ...base, location: { in: 'response-header' as const, status, name }, keyword: '', rest: [] }));
    }
    return [{ ...base, location: { in: 'response-header', status, name: String(p[6]) }, keyword: p.length === 7 ? '' : String(p[7] === 'schema' ? p[8] ?? 'schema' : p[7]), rest: p.slice(p[7] === 'schema' ? 9 : 8) }];
  }
  if (p[5] !== 'content') return [{ ...base, location: { in: 'response', status }, keyword: String(p[5]), rest: p.slice(6) }];
  return contentFacts(diff, base, { in: 'response', status }, p.slice(6));
}

/** `rest` starts after `content`: [mediaType, 'schema', …]. */
function contentFacts(diff: RawDiff, base: Base, where: ChangeLocation, rest: (string | number)[]): Fact[] {
  if (rest.length === 0) {
    const map = ((diff.after ?? diff.before) as Record<string, unknown>) ?? {};
    return Object.keys(map).map((mediaType) => ({ ...base, location: { ...where, mediaType }, keyword: 'media-type', rest: [] }));
  }
  const location = { ...where, mediaType: String(rest[0]) };
  if (rest.length === 1) return [{ ...base, location, keyword: 'media-type', rest: [] }];
  if (rest[1] !== 'schema') return [{ ...base, location, keyword: String(rest[1]), rest: rest.slice(2) }];
  return schemaFact({ ...base, location }, rest.slice(2));
}

/**
 * Walks a path inside a schema: `properties/<name>` and `items` make the field path; the first
 * other key is the keyword that changed. Whole `properties` or `required` containers expand.
 */
function schemaFact(base: Omit<Fact, 'keyword' | 'rest'>, rest: (string | number)[]): Fact[] {
  const field: string[] = [];
  let i = 0;
  while (i < rest.length) {
    const seg = rest[i];
    if (seg === 'properties' && i + 1 < rest.length) {
      field.push(String(rest[i + 1]));
      i += 2;
    } else if (seg === 'items' && i + 1 < rest.length) {
      field.push('[]');
      i += 1;
    } else if (seg === 'allOf' && i + 2 < rest.length) {
      // An allOf member's properties are the object's own: a reader knows the field by its name alone.
      i += 2;
    } else if ((seg === 'oneOf' || seg === 'anyOf') && i + 2 < rest.length) {
      field.push(`${seg}[${rest[i + 1]}]`);
      i += 2;
    } else if (seg === 'additionalProperties' && i + 1 < rest.length) {
      field.push('*');
      i += 1;
    } else break;
  }
  const keyword = i < rest.length ? String(rest[i]) : '';
  const after = rest.slice(i + 1);
  const at = (names: string[]): ChangeLocation => withField(base.location, names);
  if (keyword === 'properties' && after.length === 0) {
    const map = ((base.after ?? base.before) as Record<string, unknown>) ?? {};
    return Object.keys(map).map((name) => ({ ...base, location: at([...field, name]), keyword: '', rest: [], before: base.before ? map[name] : undefined, after: base.after ? map[name] : undefined }));
  }
  if (keyword === 'required') {
    // A name entering or leaving `required` is a fact about that field, not about its parent.
    const names = after.length === 0 ? ((base.after ?? base.before) as string[]) ?? [] : [];
    if (after.length === 0) return names.map((name) => ({ ...base, location: at([...field, String(name)]), keyword: 'required', rest: [] }));
    if (base.action === 'replace') {
      return [
        { ...base, action: 'remove', location: at([...field, String(base.before)]), keyword: 'required', rest: [], after: undefined },
        { ...base, action: 'add', location: at([...field, String(base.after)]), keyword: 'required', rest: [], before: undefined },
      ];
    }
    return [{ ...base, location: at([...field, String(base.after ?? base.before)]), keyword: 'required', rest: [] }];
  }
  if (keyword === 'enum' && after.length > 0 && base.action === 'replace') {
    return [
      { ...base, action: 'remove', keyword: 'enum', rest: after, after: undefined, location: at(field) },
      { ...base, action: 'add', keyword: 'enum', rest: after, before: undefined, location: at(field) },
    ];
  }
  return [{ ...base, location: at(field), keyword, rest: after }];
}

function withField(location: ChangeLocation, field: string[]): ChangeLocation {
  if (location.in === 'parameter') return field.length ? { ...location, name: joinField([location.name ?? '', ...field]) } : location;
  const name = joinField(field);
  return name ? { ...location, name } : { ...location, name: undefined };
}

/** `['a', '[]', 'b']` → `a[].b`. */
export function joinField(field: string[]): string {
  return field.reduce((s, seg) => (seg === '[]' ? `${s}[]` : s ? `${s}.${seg}` : seg), '');
}

function componentFacts(diff: RawDiff): Fact[] {
  const p = diff.path;
  // Schemas, parameters, responses and request bodies are reported where operations use them
  // (the library resolves $refs in place); only security schemes belong to the document.
  const schemes = (value: unknown, depth: number) => (value && typeof value === 'object' ? Object.keys(depth === 0 ? ((value as Record<string, unknown>).securitySchemes ?? {}) : value) : []);
  if (p.length <= 2 && (p.length === 1 || p[1] === 'securitySchemes')) {
    const value = diff.after ?? diff.before;
    const names = schemes(value, p.length === 1 ? 0 : 1);
    return names.map((name) => ({ location: { in: 'security' as const, name }, keyword: 'security-scheme', rest: [], action: diff.action, type: diff.type }));
  }
  if (p[1] !== 'securitySchemes') return [];
  return [{ location: { in: 'security', name: String(p[2]) }, keyword: p.length === 3 ? 'security-scheme' : String(p[3]), rest: p.slice(4), action: diff.action, before: diff.before, after: diff.after, type: diff.type }];
}
