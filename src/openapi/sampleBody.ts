// The body a code sample sends for a media type that is not JSON: a form (multipart or
// urlencoded) as fields, a file part for each binary property; XML written from the schema's
// `xml` hints; plain text as text; anything binary (octet-stream, images, PDFs…) as a file.
import { exampleAs, mediaExamples } from './examples';
import { mergeAllOf } from './schemaTree';
import type { Resolver } from './resolve';
import type { FormField, SampleRequest } from './types';

type Obj = Record<string, any>;

/** The longest field value or text body a sample shows; real examples can be megabytes. */
const MAX_TEXT = 4_000;

const TEXTUAL = /^(text\/|application\/([\w.-]+\+)?(json|xml|yaml|x-yaml|javascript|graphql|sql|csv|x-ndjson|jwt|x-www-form-urlencoded)\b)|\+(json|xml|yaml)\b/i;

/** The body of a sample for `mediaType` (undefined when there is nothing to send); `shortened` when its text is the start of a longer example. */
export function nonJsonBody(mediaType: string, media: Obj, document: Obj, resolver: Resolver): { body: SampleRequest['body']; shortened: boolean } {
  const body = bodyOf(mediaType, media, document, resolver);
  return { body: body && { ...body, text: shortened(body.text) }, shortened: body !== undefined && body.text.length > MAX_TEXT };
}

function bodyOf(mediaType: string, media: Obj, document: Obj, resolver: Resolver): SampleRequest['body'] {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase();
  const schema = mergeAllOf(resolver.schema(media?.schema).schema, resolver);
  if (essence === 'multipart/form-data' || essence === 'application/x-www-form-urlencoded' || essence.startsWith('multipart/')) {
    const form = formFields(media, schema, document, resolver, essence !== 'application/x-www-form-urlencoded');
    return { mimeType: mediaType, text: '', form };
  }
  if (isBinary(essence, schema)) return { mimeType: mediaType, text: '', file: fileName('file', essence) };
  const [example] = mediaExamples(media ?? {}, 'request', document, resolver);
  // base64 text (`format: byte`) has no generated example: a placeholder says what goes there.
  if (!example) return schema.format === 'byte' ? { mimeType: mediaType, text: 'BASE64_ENCODED_DATA' } : undefined;
  const shown = exampleAs(mediaType, example.value, media?.schema, resolver);
  const text = typeof shown.value === 'string' ? shown.value : JSON.stringify(shown.value, null, 2);
  return text ? { mimeType: mediaType, text } : undefined;
}

/** Binary: a known binary media type, or a `format: binary` string, or an unknown type without an example. */
function isBinary(essence: string, schema: Obj): boolean {
  if (schema.format === 'binary' || typeof schema.contentMediaType === 'string') return true;
  if (/^(image|audio|video|font)\//.test(essence) || essence === 'application/octet-stream') return true;
  return !TEXTUAL.test(essence) && schema.type !== 'string' && schema.type !== 'object' && schema.type !== 'array';
}

/** A file's property (`format: binary`, `contentMediaType`, or OpenAPI 3.1's `contentEncoding`), alone or as array items. */
function isFileSchema(schema: Obj, resolver: Resolver): boolean {
  const s = resolver.schema(schema).schema;
  // `format: binary`, or a media type written as the format (`audio/x-wav`), as some specs do.
  if (s.format === 'binary' || (typeof s.format === 'string' && /^[a-z]+\/[\w.+-]+$/i.test(s.format))) return true;
  if (typeof s.contentMediaType === 'string' && s.type !== 'object') return true;
  if (s.type === 'array' && s.items) return isFileSchema(s.items, resolver);
  return false;
}

/**
 * The form's fields: its example when it has one (an object, or a urlencoded string), else the
 * generated example's fields, with a file part for each binary property. An object value is sent
 * as JSON text, an array as the field repeated.
 */
function formFields(media: Obj, schema: Obj, document: Obj, resolver: Resolver, files: boolean): FormField[] {
  const [example] = mediaExamples(media ?? {}, 'request', document, resolver);
  const value: unknown = typeof example?.value === 'string' ? Object.fromEntries(new URLSearchParams(example.value)) : example?.value;
  const fields: FormField[] = [];
  const properties: Obj = schema.properties ?? {};
  const encoding: Obj = media?.encoding ?? {};
  const values: Obj = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
  // The schema's order, then any field only the example has.
  const names = [...Object.keys(properties), ...Object.keys(values).filter((k) => !(k in properties))];
  for (const name of names) {
    const property = properties[name];
    const readOnly = property && resolver.schema(property).schema.readOnly === true;
    if (readOnly) continue;
    if (files && property && isFileSchema(property, resolver)) {
      const contentType = firstType(encoding[name]?.contentType) ?? fileType(property, resolver);
      fields.push({ name, value: '', fileName: fileName(name, contentType), contentType });
      continue;
    }
    const v = values[name];
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) fields.push({ name, value: fieldText(item) });
  }
  return fields;
}

/** The text up to MAX_TEXT characters, cut at a line end when there is one. */
function shortened(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const end = text.lastIndexOf('\n', MAX_TEXT);
  return text.slice(0, end > MAX_TEXT / 2 ? end : MAX_TEXT);
}

function fieldText(value: unknown): string {
  const text = value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.slice(0, MAX_TEXT);
}

function firstType(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const first = value.split(',')[0]!.trim();
  return first && !first.includes('*') ? first : undefined;
}

function fileType(schema: Obj, resolver: Resolver): string | undefined {
  const s = resolver.schema(schema).schema;
  if (typeof s.contentMediaType === 'string') return firstType(s.contentMediaType);
  if (typeof s.format === 'string' && s.format.includes('/')) return firstType(s.format);
  if (s.type === 'array' && s.items) return fileType(s.items, resolver);
  return undefined;
}

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', 'x-wav': 'wav', 'svg+xml': 'svg', gzip: 'gz', 'x-gzip': 'gz', 'x-tar': 'tar', plain: 'txt', markdown: 'md', 'vnd.ms-excel': 'xls', msword: 'doc', 'octet-stream': 'bin' };

/** A file name for a sample: the field's name (safe characters only) with an extension from the media type. */
export function fileName(name: string, mediaType: string | undefined): string {
  const subtype = (mediaType ?? '').split(';')[0]!.split('/')[1]?.toLowerCase() ?? '';
  const ext = EXTENSIONS[subtype] ?? (/^[a-z0-9]{1,5}$/.test(subtype) ? subtype : 'bin');
  const base = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._-]+/, '') || 'file';
  return base.includes('.') ? base : `${base}.${ext}`;
}
