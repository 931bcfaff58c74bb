// The validator's findings (validate.ts) as diagnostics that say where the author wrote the
// problem: `openapi.yaml:42:7: /paths/~1zones/get/responses/200/description must be string (got
// number).` The validator saw the document with its $refs replaced by their targets, so its
// pointers are first followed through the $refs of the document as written (a schema used by
// twenty operations is reported once, where it is defined), then looked up in the spec's text.
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic';
import { escapePointer, locatePointers, valueAt } from './locate';
import type { SpecProblem, ValidationMessages } from './validate';
import { safeDecode } from '../shared/url';

/** What a finding says, and where: the pointer in the document as written, to locate. */
interface Described {
  text: string;
  at?: string;
  /** The $ref the validator came through, when the problem is in what it points to. */
  via?: string;
}

/** The validator's findings as diagnostics; the caller throws them when any is an error. */
export function validationDiagnostics(messages: ValidationMessages, document: unknown, spec: { source: string; text?: string }, strict: boolean): Diagnostic[] {
  const found = [...messages.errors.map((p) => ({ severity: 'error' as const, ...describeProblem(p, document) })), ...messages.warnings.map((p) => ({ severity: 'warning' as const, ...describeProblem(p, document) }))];
  const seen = new Set<string>();
  const unique = found.filter((f) => {
    const key = `${f.severity}|${f.at}|${f.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const positions = spec.text === undefined ? new Map() : locatePointers(spec.text, unique.flatMap((f) => (f.at === undefined ? [] : [f.at])));
  return unique.map((f) => {
    const make = f.severity === 'error' || strict ? error : warning;
    const position = f.at === undefined ? undefined : positions.get(f.at);
    return make(f.severity === 'error' ? 'spec-invalid' : 'spec-warning', f.text, {
      location: { file: spec.source, ...position },
      ...(f.via ? { notes: [`The validator reached it through the $ref at ${f.via}.`] } : {}),
      ...(f.severity === 'warning' && !strict ? { hint: 'Pass --strict to make spec warnings fatal.' } : {}),
    });
  });
}

export function describeProblem(problem: SpecProblem, document: unknown): Described {
  // From the start of the closing run only: a message quotes spec text, whose long runs of spaces were tried from each space.
  const sentence = (text: string) => `${text.replace(/(?<![.\s])[.\s]+$/, '')}.`;
  if (problem.pointer === undefined) {
    // A rule of the parser's own (not the schema's): its text names an operation or component.
    return { text: sentence(problem.message), at: rulePointer(problem.message, document) };
  }
  const { pointer, via } = authorPointer(document, problem.pointer);
  const shown = pointer || '/';
  const segments = pointer.split('/');
  const last = unescape(segments.pop() ?? '');
  const parent = segments.join('/') || '/';
  switch (problem.keyword) {
    case 'unknown key':
    case 'additional property':
    case 'unevaluated property':
      return { text: sentence(`${parent}: unknown key "${last}" (${problem.message})`), at: pointer, via };
    case 'property':
      return { text: sentence(`${parent}: the key "${last}" ${problem.message}`), at: pointer, via };
    case 'required': {
      const key = missingKey(problem.key, pointer, valueAt(document, pointer));
      return { text: sentence(key === undefined ? `${shown} ${problem.message}` : `${shown}: the required key "${key}" is missing`), at: pointer, via };
    }
    case 'type':
      return { text: sentence(`${shown} ${problem.message}${problem.got ? ` (got ${problem.got})` : ''}`), at: pointer, via };
    case 'enum': {
      const value = valueAt(document, pointer);
      const got = value === undefined ? '' : ` (got ${clip(JSON.stringify(value) ?? String(value))})`;
      return { text: sentence(problem.allowed ? `${shown} must be one of ${problem.allowed}${got}` : `${shown} ${problem.message}${got}`), at: pointer, via };
    }
    default:
      return { text: sentence(`${shown} ${problem.message}`), at: pointer, via };
  }
}

/**
 * The validator keeps one error per place, the first its schema gave: for a parameter without
 * `in`, that is "must have required property 'required'" from the schema's branch for path
 * parameters. A parameter needs `name` and `in` before anything else, so those are named first.
 */
function missingKey(key: string | undefined, pointer: string, value: unknown): string | undefined {
  if (!/\/parameters\/\d+$/.test(pointer) || value === null || typeof value !== 'object' || '$ref' in value) return key;
  return ['name', 'in'].find((k) => !Object.hasOwn(value, k)) ?? key;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');


function refOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const ref = (node as Record<string, unknown>).$ref;
  return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
}

/**
 * A pointer of the dereferenced document as a pointer of the document as written: each step
 * into an object that is a `$ref` continues from its target. `via` is where the first such
 * `$ref` is written. A `$ref` that leads nowhere leaves the pointer as it was.
 */
export function authorPointer(document: unknown, pointer: string): { pointer: string; via?: string } {
  const path: string[] = [];
  let node = document;
  let via: string | undefined;
  const follow = (next?: string) => {
    for (let hops = 0; hops < 32; hops++) {
      const ref = refOf(node);
      if (ref === undefined || (next !== undefined && Object.hasOwn(node as object, next))) return true;
      via ??= path.map((s) => `/${escapePointer(s)}`).join('') || '/';
      const target = safeDecode(ref.slice(1), decodeURIComponent);
      node = valueAt(document, target);
      if (node === undefined) return false;
      path.splice(0, path.length, ...target.split('/').slice(1).map(unescape));
    }
    return false; // a loop of $refs
  };
  for (const segment of pointer.split('/').slice(1).map(unescape)) {
    if (!follow(segment)) return { pointer };
    path.push(segment);
    node = node !== null && typeof node === 'object' && Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  if (node !== undefined && !follow()) return { pointer };
  return { pointer: path.map((s) => `/${escapePointer(s)}`).join(''), via };
}

const METHODS = 'get|put|post|delete|options|head|patch|trace';

/**
 * Where a message of the parser's own rules points: they name an operation as
 * `/paths/zones/{id}/get` (the path unescaped), a component as `/components/schemas/Name`, or a
 * duplicated operationId (its second use is the one to change).
 */
export function rulePointer(message: string, document: unknown): string | undefined {
  const operation = new RegExp(`\`/paths(/[^\`]*?)/(${METHODS})(?:/[^\`]*)?\``).exec(message);
  if (operation) return `/paths/${escapePointer(operation[1])}/${operation[2]}`;
  const component = /`\/components\/(\w+)\/([^`]+)`/.exec(message);
  if (component) return `/components/${component[1]}/${escapePointer(component[2])}`;
  const duplicate = /^The operationId `(.*)` is duplicated/.exec(message);
  if (duplicate) return secondUse(document, duplicate[1]);
  return undefined;
}

function secondUse(document: unknown, operationId: string): string | undefined {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: unknown }> | null> })?.paths;
  if (paths === null || typeof paths !== 'object') return undefined;
  let uses = 0;
  for (const [path, item] of Object.entries(paths)) {
    if (item === null || typeof item !== 'object') continue;
    for (const method of METHODS.split('|')) {
      if (item[method]?.operationId === operationId && ++uses === 2) return `/paths/${escapePointer(path)}/${method}/operationId`;
    }
  }
  return undefined;
}
