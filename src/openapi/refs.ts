// Internal $refs that point at nothing (`$ref: '#/components/schemas/Nope'`), found before the
// spec is modelled: the model would quietly render them as empty schemas, and the validator says
// only "Missing $ref pointer", with neither the line nor where in the spec the $ref is.
import { closest } from '../config/validate';
import { error, type Diagnostic } from '../diagnostics/diagnostic';
import { escapePointer, locatePointers } from './locate';
import { safeDecode } from '../shared/url';

export interface DanglingRef {
  /** The `$ref` value, e.g. `#/components/schemas/Nope`. */
  ref: string;
  /** JSON pointer of the object that holds the `$ref`, e.g. `/paths/~1things/get/responses/200/content/application~1json/schema`. */
  pointer: string;
  /** The names beside the missing one (the keys of `#/components/schemas`), for a suggestion. */
  siblings: string[];
}



/** Maps whose keys are names the author chose: `properties: { default: … }` is a schema named "default", not a default. */
const NAMED = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'schemas', 'responses', 'parameters', 'examples', 'headers', 'links', 'callbacks', 'securitySchemes', 'requestBodies', 'pathItems', 'content', 'encoding', 'paths', 'webhooks', 'variables']);

/** Keys whose values are literal data (examples, defaults, enums) or vendor extensions: a `$ref` inside is not a reference. */
function isLiteral(key: string, path: string[]): boolean {
  const parent = path[path.length - 1];
  if (parent !== undefined && NAMED.has(parent)) return false;
  return key === 'example' || key === 'default' || key === 'enum' || key === 'const' || key.startsWith('x-') || (key === 'value' && path[path.length - 2] === 'examples');
}

/** Every internal `$ref` (`#/…`) whose target is not in the document, in document order. */
export function danglingRefs(document: unknown): DanglingRef[] {
  const found: DanglingRef[] = [];
  const targets = new Map<string, { exists: boolean; siblings: string[] }>();
  const resolve = (ref: string) => {
    let hit = targets.get(ref);
    if (hit) return hit;
    let node: unknown = document;
    let siblings: string[] = [];
    let exists = true;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const part = safeDecode(raw, decodeURIComponent).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) {
        siblings = node !== null && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
        exists = false;
        break;
      }
      node = (node as Record<string, unknown>)[part];
    }
    hit = { exists, siblings };
    targets.set(ref, hit);
    return hit;
  };
  // The path is kept as a stack of keys and joined only for a dangling $ref: on a spec the size of
  // GitHub's (a million nodes), building every node's pointer cost more than the walk.
  const path: string[] = [];
  const pointerOf = () => path.map((key) => `/${escapePointer(key)}`).join('');
  const walk = (value: object) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (item !== null && typeof item === 'object') {
          path.push(String(i));
          walk(item);
          path.pop();
        }
      }
      return;
    }
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (key === '$ref') {
        if (typeof v === 'string' && v.startsWith('#')) {
          const target = resolve(v);
          if (!target.exists) found.push({ ref: v, pointer: pointerOf(), siblings: target.siblings });
        } else if (v !== null && typeof v === 'object') {
          path.push(key); // a property named $ref in a schema's properties
          walk(v);
          path.pop();
        }
      } else if (v !== null && typeof v === 'object' && !isLiteral(key, path)) {
        path.push(key);
        walk(v);
        path.pop();
      }
    }
  };
  if (document !== null && typeof document === 'object') walk(document);
  return found;
}

/** One error per dangling `$ref`, at its line in the spec's text when the text has it. */
export function danglingRefDiagnostics(dangling: DanglingRef[], source: string, text: string | undefined): Diagnostic[] {
  const positions = text === undefined ? undefined : locatePointers(text, dangling.map((d) => `${d.pointer}/$ref`));
  return dangling.map((d) => {
    const position = positions?.get(`${d.pointer}/$ref`);
    const last = d.ref.split('/').pop() ?? '';
    const name = safeDecode(last, decodeURIComponent).replace(/~1/g, '/').replace(/~0/g, '~');
    const guess = d.siblings.length > 0 ? closest(name, d.siblings) : undefined;
    const parent = d.ref.split('/').slice(0, -1).join('/');
    return error('spec-ref-missing', `The $ref "${d.ref}" at ${d.pointer || '/'} points to nothing: the spec has no ${d.ref.slice(1) || '/'}.`, {
      location: { file: source, ...position },
      hint: guess ? `Did you mean "${parent}/${guess}"?` : `Add "${name}" under ${parent.slice(1) || '/'}, or correct the $ref.`,
    });
  });
}
