// Where on an operation's page a change is shown: the anchor of the parameter, header or body
// field a ChangeLocation names. Read from the page's own view model (the ids the page renders),
// never predicted from the spec: the ids depend on collisions, oneOf tabs and fields that link
// away to a schema's page, and a predicted id that the page lacks would be a broken link.
import type { ChangeLocation } from './types';
import { TRAILING_ARRAY_MARKS } from '../shared/arrayMarks';
import type { OperationView, SchemaNode } from '../shared/viewModels';

/**
 * Each place of the page a change can name, by key (fieldKey), with its node when it is a
 * field; sections (a parameter group, the request body, a response) have no node.
 */
export type PageAnchors = Map<string, { id: string; node?: SchemaNode }>;

/**
 * The key of a change's place: `parameter|query|filter.status`, `request|application/json|items[].id`,
 * `response|200|application/json|data.name`, `response-header|200|X-Rate-Limit`. An array's values
 * are shown on the array's row, so a trailing `[]` (`tags[]`) names the array itself.
 */
export function fieldKey(location: ChangeLocation): string | undefined {
  const name = (location.name ?? '').replace(TRAILING_ARRAY_MARKS, '');
  switch (location.in) {
    case 'parameter':
      return `parameter|${location.parameterIn ?? ''}|${name}`;
    case 'request':
      return `request|${location.mediaType ?? ''}|${name}`;
    case 'response':
      return `response|${location.status ?? ''}|${location.mediaType ?? ''}|${name}`;
    case 'response-header':
      return `response-header|${location.status ?? ''}|${name}`;
    default:
      return undefined;
  }
}

/** Every anchored place of an operation's page, by fieldKey. */
export function pageAnchors(view: OperationView): PageAnchors {
  const anchors: PageAnchors = new Map();
  const add = (key: string, id: string, node?: SchemaNode) => {
    if (!anchors.has(key)) anchors.set(key, { id, node });
  };
  for (const group of view.parameters) {
    add(`parameter|${group.location}|`, group.id ?? `${group.location}-parameters`);
    for (const param of group.params) fields(param, `parameter|${group.location}|`, param.name ?? '', add);
  }
  if (view.requestBody) {
    const body = view.requestBody;
    add('request||', body.id);
    for (const c of body.contents) {
      add(`request|${c.mediaType}|`, c.anchorId ?? body.id);
      if (c.schema) children(c.schema, `request|${c.mediaType}|`, '', add);
    }
  }
  for (const r of view.responses) {
    add(`response|${r.status}||`, r.id);
    add(`response-header|${r.status}|`, r.id);
    for (const h of r.headers) add(`response-header|${r.status}|${h.name ?? ''}`, h.id, h);
    for (const c of r.contents) {
      add(`response|${r.status}|${c.mediaType}|`, c.anchorId ?? r.id);
      if (c.schema) children(c.schema, `response|${r.status}|${c.mediaType}|`, '', add);
    }
  }
  return anchors;
}

type Add = (key: string, id: string, node?: SchemaNode) => void;

function fields(node: SchemaNode, prefix: string, path: string, add: Add): void {
  add(prefix + path, node.id, node);
  children(node, prefix, path, add);
}

/**
 * A node's fields, named as diffSpecs names them: `a.b`, `a[].b` under an array (the page shows
 * an array's item fields under the array's row), `a.*` for a map's values, `a.oneOf[1].b` in an
 * alternative's tab.
 */
function children(node: SchemaNode, prefix: string, path: string, add: Add): void {
  const arrays = TRAILING_ARRAY_MARKS.exec(node.type)?.[0] ?? '';
  const base = path + arrays;
  const join = (name: string) => (base ? `${base}.${name}` : name);
  for (const child of node.children) fields(child, prefix, join(child.name ?? ''), add);
  if (node.additional) fields(node.additional, prefix, join('*'), add);
  node.variants?.options.forEach((option, i) => {
    const at = join(`${node.variants!.kind}[${i}]`);
    add(prefix + at, option.node.id);
    children(option.node, prefix, at, add);
  });
}

/**
 * The anchor a change links to: its field, else the nearest field above it that the page shows
 * (a field removed, or one inside a schema linked to its own page), else its section; undefined
 * for changes to the operation as a whole.
 */
export function anchorFor(anchors: PageAnchors, location: ChangeLocation): string | undefined {
  let key = fieldKey(location);
  while (key !== undefined) {
    const found = anchors.get(key);
    if (found) return found.id;
    key = parentKey(key);
  }
  return undefined;
}

/** `…|a.b` → `…|a`, `…|a[]` → `…|a`, `…|a` → `…|`; then the section without its media type; then nothing. */
function parentKey(key: string): string | undefined {
  const bar = key.lastIndexOf('|');
  const head = key.slice(0, bar + 1);
  const path = key.slice(bar + 1);
  if (path) {
    const cut = path.replace(TRAILING_ARRAY_MARKS, '');
    if (cut !== path) return head + cut;
    const dot = Math.max(path.lastIndexOf('.'), 0);
    return head + path.slice(0, dot);
  }
  // `request|application/json|` → `request||`; `response|200|application/json|` → `response|200||`.
  const parts = key.split('|');
  if ((parts[0] === 'request' && parts[1]) || (parts[0] === 'response' && parts[2])) {
    parts[parts.length - 2] = '';
    return parts.join('|');
  }
  return undefined;
}
