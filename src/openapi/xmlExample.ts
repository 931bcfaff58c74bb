// XML examples for XML media types: openapi-sampler makes the value, this serialises it as XML
// following the schema's `xml` hints (`name`, `attribute`, `wrapped`, `prefix`, `namespace`), as
// the OpenAPI spec describes them. Element and attribute names come from the spec: anything not
// valid in an XML name becomes `_`; text and attribute values are escaped.
import { mergeAllOf } from './schemaTree';
import type { Resolver } from './resolve';

type Obj = Record<string, any>;

const INDENT = '  ';
const MAX_DEPTH = 20;

/** `value` as an XML document; `name` is the root's name when the schema gives none (`xml.name`, else its component name). */
export function xmlExample(value: unknown, schema: Obj | undefined, resolver: Resolver, name?: string): string {
  const { schema: resolved, name: componentName } = resolver.schema(schema ?? {});
  const rootName = resolved.xml?.name ?? componentName ?? name ?? 'root';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(value, schema ?? {}, String(rootName), resolver, 0).join('\n')}`;
}

/** The lines of one element (or, for an unwrapped array, of its repeated items). */
function element(value: unknown, raw: Obj, name: string, resolver: Resolver, depth: number): string[] {
  const schema = mergeAllOf(resolver.schema(raw).schema, resolver);
  const xml: Obj = schema.xml && typeof schema.xml === 'object' ? schema.xml : {};
  const pad = INDENT.repeat(depth);
  const tag = qualified(xml, name);
  const ns = namespaceAttribute(xml);
  if (Array.isArray(value)) {
    const items: Obj = schema.items ?? {};
    const itemXml = resolver.schema(items).schema.xml;
    // Unwrapped (the default), each item repeats the array's own name unless the items name themselves.
    if (xml.wrapped !== true) return value.flatMap((item) => element(item, items, String(itemXml?.name ?? name), resolver, depth));
    const inner = value.flatMap((item) => element(item, items, String(itemXml?.name ?? name), resolver, depth + 1));
    return inner.length ? [`${pad}<${tag}${ns}>`, ...inner, `${pad}</${tag}>`] : [`${pad}<${tag}${ns}/>`];
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return [`${pad}<${tag}${ns}/>`];
    const properties: Obj = schema.properties ?? {};
    let attributes = ns;
    const children: string[] = [];
    for (const [key, child] of Object.entries(value as Obj)) {
      const childRaw: Obj = properties[key] ?? {};
      const childSchema = resolver.schema(childRaw).schema;
      const childXml: Obj = childSchema.xml && typeof childSchema.xml === 'object' ? childSchema.xml : {};
      const childName = String(childXml.name ?? key);
      if (childXml.attribute === true && (child === null || typeof child !== 'object')) {
        attributes += ` ${qualified(childXml, childName)}="${escapeAttribute(String(child ?? ''))}"`;
      } else {
        children.push(...element(child, childRaw, childName, resolver, depth + 1));
      }
    }
    return children.length ? [`${pad}<${tag}${attributes}>`, ...children, `${pad}</${tag}>`] : [`${pad}<${tag}${attributes}/>`];
  }
  if (value === null || value === undefined) return [`${pad}<${tag}${ns}/>`];
  return [`${pad}<${tag}${ns}>${escapeText(String(value))}</${tag}>`];
}

function qualified(xml: Obj, name: string): string {
  const local = xmlName(name);
  return typeof xml.prefix === 'string' && xml.prefix !== '' ? `${xmlName(xml.prefix)}:${local}` : local;
}

function namespaceAttribute(xml: Obj): string {
  if (typeof xml.namespace !== 'string' || xml.namespace === '') return '';
  const prefix = typeof xml.prefix === 'string' && xml.prefix !== '' ? `:${xmlName(xml.prefix)}` : '';
  return ` xmlns${prefix}="${escapeAttribute(xml.namespace)}"`;
}

/** A name XML accepts: letters, digits, `_`, `-`, `.`, not starting with a digit, `-` or `.`. */
export function xmlName(name: string): string {
  const cleaned = name.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return /^[\p{L}_]/u.test(cleaned) ? cleaned : `_${cleaned}`;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
