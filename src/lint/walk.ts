// The places of a spec the checks visit: its operations (paths, webhooks and callbacks, each
// with its JSON pointer) and the `$ref`s of parameters and responses, resolved where they point.
import { escapePointerSegment as esc } from './finding';
import { resolvePointer } from './schemaDialect';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationAt {
  /** `/paths/~1zones/get` */
  pointer: string;
  path: string;
  method: string;
  operation: Record<string, any>;
  pathItem: Record<string, any>;
  pathItemPointer: string;
}

/** Every operation of `paths` (and, with `all`, of webhooks and callbacks), in document order. */
export function operationsOf(document: Record<string, any>, options: { all?: boolean } = {}): OperationAt[] {
  const found: OperationAt[] = [];
  const visitItem = (pathItem: any, pathItemPointer: string, path: string, depth: number) => {
    if (!isObject(pathItem) || depth > 3) return;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const pointer = `${pathItemPointer}/${method}`;
      found.push({ pointer, path, method, operation, pathItem, pathItemPointer });
      if (options.all && isObject(operation.callbacks)) {
        for (const [name, callback] of Object.entries(operation.callbacks)) {
          if (!isObject(callback) || callback.$ref) continue;
          for (const [expr, item] of Object.entries(callback)) visitItem(item, `${pointer}/callbacks/${esc(name)}/${esc(expr)}`, expr, depth + 1);
        }
      }
    }
  };
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) visitItem(item, `/paths/${esc(path)}`, path, 0);
  if (options.all) for (const [name, item] of Object.entries(isObject(document.webhooks) ? document.webhooks : {})) visitItem(item, `/webhooks/${esc(name)}`, name, 0);
  return found;
}

/** An object, following a local `$ref` (a few hops): the value and the pointer it was found at. */
export function deref(document: Record<string, any>, value: any, pointer: string): { value: any; pointer: string } | undefined {
  for (let hops = 0; hops < 5; hops++) {
    if (!isObject(value)) return undefined;
    if (typeof value.$ref !== 'string') return { value, pointer };
    if (!value.$ref.startsWith('#/')) return undefined;
    pointer = value.$ref.slice(1);
    value = resolvePointer(document, pointer);
  }
  return undefined;
}

export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A media type whose body is JSON: `application/json`, `application/problem+json`, `application/json; charset=utf-8`. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^[a-z]+\/[^;]*[+/]json$/.test(type) || type === 'text/json';
}
