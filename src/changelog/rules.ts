// The classification rules (README "Comparing two specs"): each group of facts about one place
// becomes one change with its kind, severity and sentence. The direction rule: in a request
// (parameters, request body) narrowing what is accepted breaks clients; in a response
// (fields, headers, status codes) widening what is sent breaks them.
import type { Fact, LibraryType } from './facts';
import type { ChangeKind, ChangeLocation, ChangeSeverity } from './types';
import { describeValue, describeValues } from './plain';

export interface Classified {
  kind: ChangeKind;
  severity: ChangeSeverity;
  text: string;
}

/** Facts about the same place are grouped under one key; a key names the rule that reads them. */
export function ruleGroup(fact: Fact): string {
  const k = fact.keyword;
  if (k === '' || (k === 'required' && fact.location.name !== undefined)) return 'presence';
  if (k === 'type' || k === 'nullable') return 'type';
  if (k === 'enum') return fact.rest.length > 0 ? `enum-value:${fact.action}` : 'enum';
  if (k === 'example' || k === 'examples') return 'example';
  return k;
}

const isRequest = (loc: ChangeLocation) => loc.in === 'parameter' || loc.in === 'request';
const byDirection = (loc: ChangeLocation, inRequest: ChangeSeverity, inResponse: ChangeSeverity) => (isRequest(loc) ? inRequest : inResponse);

export function classify(group: string, facts: Fact[]): Classified | undefined {
  const loc = facts[0].location;
  const first = facts[0];
  switch (group) {
    case 'presence':
      return presence(facts);
    case 'type':
      return typeChange(facts);
    case 'format': {
      const subject = describe(loc);
      if (first.action === 'replace') return { kind: 'format-changed', severity: 'breaking', text: `The format of ${subject} changed from ${describeValue(first.before)} to ${describeValue(first.after)}.` };
      // int32/int64/float/double only say how large a number is: documenting it narrows nothing a client sends.
      const sizeOnly = NUMBER_FORMATS.has(String(first.after));
      if (first.action === 'add') return { kind: 'format-changed', severity: sizeOnly ? 'non-breaking' : byDirection(loc, 'breaking', 'non-breaking'), text: `${cap(subject)} now has the format ${describeValue(first.after)}.` };
      return { kind: 'format-changed', severity: byDirection(loc, 'non-breaking', 'breaking'), text: `${cap(subject)} no longer has the format ${describeValue(first.before)}.` };
    }
    case 'enum-value:add':
      return { kind: 'enum-value-added', severity: byDirection(loc, 'non-breaking', 'breaking'), text: `${cap(describe(loc))} ${isRequest(loc) ? 'now accepts' : 'can now be'} ${plural(facts.length, 'the value', 'the values')} ${describeValues(facts.map((f) => f.after))}.` };
    case 'enum-value:remove':
      return { kind: 'enum-value-removed', severity: byDirection(loc, 'breaking', 'non-breaking'), text: `${cap(describe(loc))} ${isRequest(loc) ? 'no longer accepts' : 'is no longer'} ${plural(facts.length, 'the value', 'the values')} ${describeValues(facts.map((f) => f.before))}.` };
    case 'enum':
      if (first.action === 'add') return { kind: 'enum-added', severity: byDirection(loc, 'breaking', 'non-breaking'), text: `${cap(describe(loc))} is now limited to ${describeValues(first.after as unknown[])}.` };
      if (first.action === 'remove') return { kind: 'enum-removed', severity: byDirection(loc, 'non-breaking', 'breaking'), text: `${cap(describe(loc))} is no longer limited to a list of values.` };
      return { kind: 'enum-value-removed', severity: 'breaking', text: `The values of ${describe(loc)} changed.` };
    case 'deprecated':
      return deprecation(loc, first.after === true);
    case 'description':
    case 'summary':
    case 'title':
      return { kind: 'description-changed', severity: 'annotation', text: `The ${group} of ${describe(loc)} changed.` };
    case 'example':
      return { kind: 'example-changed', severity: 'annotation', text: `The examples of ${describe(loc)} changed.` };
    case 'status':
      return first.action === 'add'
        ? { kind: 'status-added', severity: 'non-breaking', text: `The operation can now answer with status ${loc.status}.` }
        : { kind: 'status-removed', severity: 'breaking', text: `The operation no longer answers with status ${loc.status}.` };
    case 'media-type':
      return first.action === 'add'
        ? { kind: 'media-type-added', severity: 'non-breaking', text: `${cap(bodyOf(loc))} is now also available as ${loc.mediaType}.` }
        : { kind: 'media-type-removed', severity: 'breaking', text: `${cap(bodyOf(loc))} is no longer available as ${loc.mediaType}.` };
    case 'requestBody': {
      const required = first.required === true;
      return first.action === 'add'
        ? { kind: 'request-body-added', severity: required ? 'breaking' : 'non-breaking', text: `The operation now takes ${required ? 'a required' : 'an optional'} request body.` }
        : { kind: 'request-body-removed', severity: 'breaking', text: 'The operation no longer takes a request body.' };
    }
    case 'required': // the request body's own `required` flag
      return first.after === true
        ? { kind: 'request-body-required', severity: 'breaking', text: 'The request body is now required.' }
        : { kind: 'request-body-optional', severity: 'non-breaking', text: 'The request body is now optional.' };
    case 'security-scheme':
      return securityScheme(facts);
    case 'default':
      return fallback('default-changed', facts, `The default value of ${describe(loc)} changed from ${describeValue(first.before, { json: true })} to ${describeValue(first.after, { json: true })}.`);
    case 'servers':
      return servers(facts, loc);
    case 'info':
    case 'openapi':
    case 'tags':
    case 'externalDocs':
      return loc.in === 'document'
        ? { kind: 'info-changed', severity: 'annotation', text: `The document's ${group} changed${infoDetail(facts)}.` }
        : { kind: 'operation-changed', severity: 'annotation', text: `The ${group} of ${describe(loc)} changed.` };
    case 'operationId':
      return { kind: 'operation-changed', severity: 'annotation', text: `The operationId changed from ${describeValue(first.before)} to ${describeValue(first.after)}.` };
    case '$ref': {
      // A $ref the library could not resolve (a recursive schema): say which schema it names now.
      const schema = (v: unknown) => describeValue(typeof v === 'string' ? v.replace(/^#\/components\/schemas\//, '') : v);
      return fallback('schema-changed', facts, `${cap(describe(loc))} now refers to the schema ${schema(first.after)} instead of ${schema(first.before)}.`);
    }
    case 'callbacks':
      return fallback('other-changed', facts, 'The callbacks of the operation changed.');
  }
  if (group.startsWith('x-')) return { kind: 'extension-changed', severity: 'annotation', text: `The extension ${group} of ${describe(loc)} changed.` };
  if (CONSTRAINTS.has(group)) return fallback('constraint-changed', facts, constraintText(group, facts, loc));
  if (loc.in === 'parameter' && facts[0].op) {
    // A path parameter renamed with its path template keeps the same URLs (see path-renamed).
    if (group === 'name' && facts.every((f) => f.location.parameterIn === 'path')) return undefined;
    return fallback('parameter-changed', facts, `The ${group} of ${describe(loc)} changed from ${describeValue(first.before)} to ${describeValue(first.after)}.`);
  }
  if (loc.in === 'document') return { kind: 'other-changed', severity: 'annotation', text: `The document's ${group} changed.` };
  return fallback('schema-changed', facts, `The ${group} of ${describe(loc)} changed.`);
}

const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

const CONSTRAINTS = new Set(['maxLength', 'minLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'pattern', 'multipleOf', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'readOnly', 'writeOnly', 'const', 'additionalProperties', 'style', 'explode', 'allowEmptyValue', 'allowReserved']);

function constraintText(group: string, facts: Fact[], loc: ChangeLocation): string {
  const f = facts[0];
  if (f.action === 'add') return `${cap(describe(loc))} now has ${group} ${describeValue(f.after)}.`;
  if (f.action === 'remove') return `${cap(describe(loc))} no longer has ${group} ${describeValue(f.before)}.`;
  return `The ${group} of ${describe(loc)} changed from ${describeValue(f.before)} to ${describeValue(f.after)}.`;
}

function presence(facts: Fact[]): Classified | undefined {
  const self = facts.find((f) => f.keyword === '');
  const required = facts.find((f) => f.keyword === 'required');
  const loc = facts[0].location;
  const subject = describe(loc);
  if (loc.in === 'operation') {
    if (!self || self.action === 'replace') return undefined;
    return self.action === 'add' ? { kind: 'operation-added', severity: 'non-breaking', text: 'The operation was added.' } : { kind: 'operation-removed', severity: 'breaking', text: 'The operation was removed.' };
  }
  if (loc.in === 'parameter') {
    if (self?.action === 'add') return { kind: 'parameter-added', severity: self.required ? 'breaking' : 'non-breaking', text: cap(`${self.required ? 'required' : 'optional'} ${subject} was added.`) };
    if (self?.action === 'remove') return { kind: 'parameter-removed', severity: 'breaking', text: `${cap(subject)} was removed.` };
    if (required) return required.after === true ? { kind: 'parameter-required', severity: 'breaking', text: `${cap(subject)} is now required.` } : { kind: 'parameter-optional', severity: 'non-breaking', text: `${cap(subject)} is now optional.` };
    return undefined;
  }
  if (loc.in === 'response-header') {
    if (self?.action === 'add') return { kind: 'header-added', severity: 'non-breaking', text: `${cap(subject)} was added.` };
    if (self?.action === 'remove') return { kind: 'header-removed', severity: 'breaking', text: `${cap(subject)} was removed.` };
    return undefined;
  }
  if (self?.action === 'replace') return { kind: 'type-changed', severity: 'breaking', text: `The schema of ${subject} was replaced by a different one.` };
  if (self?.action === 'add') {
    const isRequired = required?.action === 'add';
    return { kind: 'field-added', severity: isRequest(loc) && isRequired ? 'breaking' : 'non-breaking', text: cap(`${isRequest(loc) ? (isRequired ? 'required ' : 'optional ') : ''}${subject} was added.`) };
  }
  if (self?.action === 'remove') return { kind: 'field-removed', severity: 'breaking', text: `${cap(subject)} was removed.` };
  if (!required) return undefined;
  return required.action === 'add'
    ? { kind: 'field-required', severity: byDirection(loc, 'breaking', 'non-breaking'), text: isRequest(loc) ? `${cap(subject)} is now required.` : `${cap(subject)} is now always present.` }
    : { kind: 'field-optional', severity: byDirection(loc, 'non-breaking', 'breaking'), text: isRequest(loc) ? `${cap(subject)} is now optional.` : `${cap(subject)} may now be absent.` };
}

/** `integer` values are also `number`s: widening integer to number is not a new type. */
const covered = (t: string, by: Set<string>) => by.has(t) || (t === 'integer' && by.has('number'));

function typeChange(facts: Fact[]): Classified {
  const removed = new Set<string>();
  const added = new Set<string>();
  const types = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);
  for (const f of facts) {
    if (f.keyword === 'nullable') {
      (f.after === true ? added : removed).add('null');
      continue;
    }
    if (f.action !== 'add') for (const t of types(f.before)) removed.add(t);
    if (f.action !== 'remove') for (const t of types(f.after)) added.add(t);
  }
  for (const t of [...removed]) if (added.delete(t)) removed.delete(t);
  const loc = facts[0].location;
  const subject = describe(loc);
  const widened = [...removed].every((t) => covered(t, added));
  const narrowed = [...added].every((t) => covered(t, removed));
  const severity = isRequest(loc) ? (widened ? 'non-breaking' : 'breaking') : narrowed ? 'non-breaking' : 'breaking';
  if (removed.size === 0 && added.size === 1 && added.has('null')) return { kind: 'type-changed', severity, text: `${cap(subject)} can now be null.` };
  if (added.size === 0 && removed.size === 1 && removed.has('null')) return { kind: 'type-changed', severity, text: `${cap(subject)} can no longer be null.` };
  const list = (s: Set<string>) => [...s].join(' | ');
  // A type dropped is usually moved into allOf/oneOf members (and api-smart-diff reports one when
  // it cannot merge an allOf): not breaking. A type declared where there was none narrows.
  if (added.size === 0) return { kind: 'type-changed', severity: 'non-breaking', text: `${cap(subject)} no longer declares its type (it was ${list(removed)}).` };
  if (removed.size === 0) return { kind: 'type-changed', severity: byDirection(loc, 'breaking', 'non-breaking'), text: `${cap(subject)} now declares the type ${list(added)}.` };
  return { kind: 'type-changed', severity, text: `The type of ${subject} changed: ${list(removed)} became ${list(added)}.` };
}

function deprecation(loc: ChangeLocation, deprecated: boolean): Classified {
  const subject = describe(loc);
  if (!deprecated) return { kind: 'undeprecated', severity: 'annotation', text: `${cap(subject)} is no longer deprecated.` };
  const kind: ChangeKind = loc.in === 'operation' ? 'operation-deprecated' : loc.in === 'parameter' ? 'parameter-deprecated' : 'field-deprecated';
  return { kind, severity: 'deprecation', text: `${cap(subject)} is deprecated.` };
}

function securityScheme(facts: Fact[]): Classified {
  const f = facts[0];
  const name = f.location.name;
  if (f.keyword === 'security-scheme' && f.action === 'add') return { kind: 'security-scheme-added', severity: 'non-breaking', text: `The security scheme ${name} was added.` };
  if (f.keyword === 'security-scheme' && f.action === 'remove') return { kind: 'security-scheme-removed', severity: 'breaking', text: `The security scheme ${name} was removed.` };
  return { kind: 'security-scheme-changed', severity: 'breaking', text: `The security scheme ${name} changed.` };
}

function servers(facts: Fact[], loc: ChangeLocation): Classified {
  // A new server is an option; a server removed or moved is a URL a client may be calling.
  const moved = facts.some((f) => f.action === 'remove' || (f.action === 'replace' && f.rest.at(-1) === 'url'));
  const where = loc.in === 'document' ? 'The servers of the API' : 'The servers of the operation';
  if (!moved && facts.every((f) => f.rest.at(-1) === 'description')) return { kind: 'server-changed', severity: 'annotation', text: `${where}: a description changed.` };
  return { kind: 'server-changed', severity: moved ? 'breaking' : 'non-breaking', text: moved ? `${where} changed: a server URL was removed or changed.` : `${where} changed: a server was added.` };
}

function infoDetail(facts: Fact[]): string {
  const version = facts.find((f) => (f.keyword === 'openapi' || f.rest[0] === 'version') && f.action === 'replace');
  return version ? ` (version ${describeValue(version.before)} → ${describeValue(version.after)})` : '';
}

const SEVERITY_OF: Record<LibraryType, ChangeSeverity> = { breaking: 'breaking', 'non-breaking': 'non-breaking', deprecated: 'deprecation', annotation: 'annotation', unclassified: 'non-breaking' };
const RANK: Record<ChangeSeverity, number> = { breaking: 0, deprecation: 1, 'non-breaking': 2, annotation: 3 };

/**
 * Where no rule of ours applies, the library's classification stands; the gravest of the group's
 * facts wins. A change it left unclassified is non-breaking, and the sentence says it was not judged.
 */
function fallback(kind: ChangeKind, facts: Fact[], text: string): Classified {
  const severity = facts.map((f) => SEVERITY_OF[f.type]).sort((a, b) => RANK[a] - RANK[b])[0];
  const unjudged = facts.every((f) => f.type === 'unclassified');
  return { kind, severity, text: unjudged ? `${text.replace(/\.$/, '')} (not classified: check whether clients depend on it).` : text };
}

export function severityRank(s: ChangeSeverity): number {
  return RANK[s];
}

/** How a sentence names a place: `query parameter per_page`, `response field id (200 application/json)`. */
export function describe(loc: ChangeLocation): string {
  // A field's last oneOf/anyOf branch (`property_type.oneOf[0]`, beside a `null` branch) is the field to a reader.
  const name = loc.name?.replace(/\.(oneOf|anyOf)\[\d+\]$/, '');
  switch (loc.in) {
    case 'parameter':
      return `${loc.parameterIn ? `${loc.parameterIn} ` : ''}parameter ${name}`;
    case 'request':
      return name ? `request field ${name}${loc.mediaType ? ` (${loc.mediaType})` : ''}` : bodyOf(loc);
    case 'response':
      return name ? `response field ${name} (${[loc.status, loc.mediaType].filter(Boolean).join(' ')})` : bodyOf(loc);
    case 'response-header':
      return `response header ${loc.name} (${loc.status})`;
    case 'security':
      return `security scheme ${loc.name}`;
    case 'document':
      return 'the document';
    default:
      return 'the operation';
  }
}

function bodyOf(loc: ChangeLocation): string {
  if (loc.in === 'request') return `the request body${loc.mediaType && loc.name ? ` (${loc.mediaType})` : ''}`;
  return `the ${loc.status} response body`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
