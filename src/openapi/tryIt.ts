// The try-it console's data for one operation (src/shared/tryIt.ts): servers with their
// variables, parameters pre-filled from the spec's examples, request-body examples, schemas the
// browser checks input against (refs inlined, bounded in depth and size so a huge spec cannot
// make a huge file), and the security schemes the console asks credentials for. The build
// writes it as `assets/try-it/<slug>.<hash>.json`, fetched only when the reader opens the console.
import { contentHash } from '../output/hash';
import { withoutTrailingSlashes } from '../shared/url';
import type { TryItBody, TryItData, TryItOAuthFlow, TryItParameter, TryItScheme, TryItSchema, TryItServer } from '../shared/tryIt';
import { exampleAs, mediaExamples } from './examples';
import type { ApiModel, ApiOperation } from './model';
import { shortenValue } from './exampleFiles';
import type { Resolver } from './resolve';
import { requirementAlternatives } from './security';
import { readServers } from './servers';
import { operationSampleTemplates } from './sampleTemplates';
import { titleText } from './titleText';

type Obj = Record<string, any>;

/** Levels of nesting a schema keeps; deeper levels accept anything. */
export const SCHEMA_DEPTH = 8;
/** Schema objects one operation's data keeps in all (a Graph-sized type would be megabytes). */
export const SCHEMA_NODES = 600;
/** Characters of one body example; a longer one is shortened (see shortenValue). */
export const BODY_EXAMPLE_CHARS = 50_000;
/** Values an enum keeps for checking input. */
const ENUM_VALUES = 500;

export interface TryItOptions {
  proxyUrl?: string;
  /** Servers that replace the spec's (a sandbox): `openapi.tryIt.servers`. */
  servers?: readonly { url: string; description?: string }[];
  /** The spec's URL or file, to resolve relative server URLs. */
  source?: string;
}

/** Whether an operation gets a console: enabled in the config and not `x-try-it: false`. */
export function tryItWanted(enabled: boolean, op: ApiOperation): boolean {
  return enabled && op.raw['x-try-it'] !== false && op.event === undefined;
}

export function tryItData(api: ApiModel, op: ApiOperation, document: Obj, options: TryItOptions = {}): TryItData {
  const budget = { nodes: SCHEMA_NODES };
  const bound = (schema: unknown) => (schema && typeof schema === 'object' ? boundSchema(schema as Obj, api.resolver, budget) : undefined);
  const data: TryItData = {
    method: op.method.toUpperCase(),
    path: op.path,
    servers: servers(api, op, options),
    parameters: op.parameters.map((p) => parameter(p, api.resolver, bound)),
    security: security(op.security, api.securitySchemes),
  };
  const body = requestBody(op, document, api.resolver, bound);
  if (body) data.body = body;
  if (options.proxyUrl) data.proxyUrl = options.proxyUrl;
  // The code samples follow what the reader types: their templates (src/openapi/sampleTemplates.ts).
  const samples = operationSampleTemplates(api, op, document);
  if (samples.languages.length) data.samples = samples;
  return data;
}

/** The file the build writes: `assets/try-it/<slug>.<hash>.json`. */
export function tryItFile(slug: string, data: TryItData): { path: string; text: string } {
  const text = JSON.stringify(data);
  return { path: `assets/try-it/${slug}.${contentHash(text)}.json`, text };
}

function servers(api: ApiModel, op: ApiOperation, options: TryItOptions): TryItServer[] {
  if (options.servers && options.servers.length > 0) return options.servers.map((s) => ({ url: s.url, ...(s.description ? { description: s.description } : {}), variables: {} }));
  // Operation- or path-level servers win over the document's (OpenAPI 3).
  const own = Array.isArray(op.raw.servers) && op.raw.servers.length > 0 ? readServers(op.raw.servers, options.source ?? '') : api.servers;
  return own.map((s) => ({
    url: /^[a-z][a-z0-9+.-]*:\/\//i.test(s.template) ? withoutTrailingSlashes(s.template) : s.url,
    ...(s.description ? { description: s.description } : {}),
    variables: Object.fromEntries(
      s.variables.map((v) => [v.name, { default: v.default, ...(v.enum.length ? { enum: v.enum } : {}), ...(v.description ? { description: v.description } : {}) }]),
    ),
  }));
}

function parameter(p: Obj, resolver: Resolver, bound: (schema: unknown) => TryItSchema | undefined): TryItParameter {
  const schema = p.schema ?? firstContentSchema(p.content);
  const resolved = resolver.schema(schema).schema;
  const examples = namedExamples(p.examples, resolver);
  const candidates = [p.example, examples[0]?.raw, resolved.example, Array.isArray(resolved.examples) ? resolved.examples[0] : undefined, resolved.default];
  const value = candidates.find((v) => v !== undefined);
  const out: TryItParameter = { name: String(p.name), in: p.in, required: p.required === true || p.in === 'path' };
  if (typeof p.description === 'string' && p.description) out.description = p.description;
  const bounded = bound(schema);
  if (bounded) out.schema = bounded;
  if (value !== undefined) out.value = asText(value);
  if (examples.length) out.examples = examples.map((e) => ({ label: e.label, value: asText(e.raw) }));
  if (typeof p.style === 'string') out.style = p.style;
  if (typeof p.explode === 'boolean') out.explode = p.explode;
  return out;
}

function firstContentSchema(content: unknown): unknown {
  if (!content || typeof content !== 'object') return undefined;
  return (Object.values(content as Obj)[0] as Obj | undefined)?.schema;
}

function namedExamples(examples: unknown, resolver: Resolver): { label: string; raw: unknown }[] {
  if (!examples || typeof examples !== 'object') return [];
  return Object.entries<Obj>(examples as Obj)
    .map(([key, ex]) => {
      const resolved = resolver.deref(ex);
      return { label: titleText(resolved?.summary) ?? key, raw: resolved?.value };
    })
    .filter((e) => e.raw !== undefined);
}

/** A value as an input shows it: arrays comma-separated (the console splits them again), objects as JSON. */
function asText(value: unknown): string {
  if (value === null) return '';
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function requestBody(op: ApiOperation, document: Obj, resolver: Resolver, bound: (schema: unknown) => TryItSchema | undefined): TryItBody | undefined {
  if (!op.raw.requestBody) return undefined;
  const body = resolver.deref<Obj>(op.raw.requestBody);
  const entries = Object.entries<Obj>(body.content && typeof body.content === 'object' ? body.content : {});
  if (entries.length === 0) return undefined;
  // JSON first: the console edits and checks it; another type is sent as the text typed.
  const [mediaType, media] = entries.find(([type]) => /json/i.test(type)) ?? entries[0]!;
  const examples = mediaExamples(media ?? {}, 'request', document, resolver).map((example) => {
    const { value } = exampleAs(mediaType, example.value, media?.schema, resolver);
    return { label: example.label, text: exampleText(value) };
  });
  const out: TryItBody = { mediaType, required: body.required === true, examples };
  const schema = bound(media?.schema);
  if (schema) out.schema = schema;
  return out;
}

function exampleText(value: unknown): string {
  if (typeof value === 'string') return value.length > BODY_EXAMPLE_CHARS ? value.slice(0, BODY_EXAMPLE_CHARS) : value;
  const text = JSON.stringify(value, null, 2) ?? '';
  return text.length <= BODY_EXAMPLE_CHARS ? text : (JSON.stringify(shortenValue(value, BODY_EXAMPLE_CHARS), null, 2) ?? '');
}

/** Keywords the console's validator reads (src/client/tryIt/validate.ts); the rest are left out. */
const SCALAR_KEYWORDS = ['type', 'format', 'const', 'nullable', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'required', 'readOnly', 'writeOnly'];

/**
 * A schema with its refs inlined, down to SCHEMA_DEPTH levels and while the budget lasts;
 * beyond, or on a cycle, `{}` (anything goes: the API has the last word).
 */
export function boundSchema(schema: Obj, resolver: Resolver, budget: { nodes: number }, depth = 0, seen: readonly string[] = []): TryItSchema {
  const { schema: s, ref } = resolver.schema(schema);
  if (depth >= SCHEMA_DEPTH || budget.nodes <= 0 || (ref !== undefined && seen.includes(ref))) return {};
  budget.nodes--;
  const path = ref === undefined ? seen : [...seen, ref];
  const down = (child: unknown) => (child && typeof child === 'object' ? boundSchema(child as Obj, resolver, budget, depth + 1, path) : child === false ? false : {});
  const out: Obj = {};
  for (const key of SCALAR_KEYWORDS) {
    const value = s[key];
    if (value === undefined) continue;
    if (key === 'pattern' && typeof value !== 'string') continue;
    out[key] = value;
  }
  if (Array.isArray(s.enum)) out.enum = s.enum.slice(0, ENUM_VALUES);
  if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) out.items = down(s.items);
  if (s.properties && typeof s.properties === 'object') {
    out.properties = {};
    for (const [name, child] of Object.entries(s.properties)) {
      if (budget.nodes <= 0) break;
      out.properties[name] = down(child);
    }
  }
  if (s.additionalProperties === false) out.additionalProperties = false;
  else if (s.additionalProperties && typeof s.additionalProperties === 'object') out.additionalProperties = down(s.additionalProperties);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) out[key] = s[key].slice(0, 50).map(down);
  }
  return out;
}

function security(requirements: readonly Obj[], schemes: readonly (Obj & { key: string })[]): TryItData['security'] {
  return requirementAlternatives(requirements, (key, scopes) => tryItScheme(key, schemes.find((s) => s.key === key), scopes));
}

/** One scheme as the console asks for it; what it cannot run itself becomes a token field. */
export function tryItScheme(key: string, scheme: Obj | undefined, scopes: string[]): TryItScheme {
  const description = typeof scheme?.description === 'string' && scheme.description ? { description: scheme.description } : {};
  const token = (label: string, extra: Obj = {}): TryItScheme => ({ key, kind: 'token', label, scopes, ...description, ...extra });
  if (!scheme) return token('Access token');
  if (scheme.type === 'apiKey') {
    const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return { key, kind: 'apiKey', in: where, name: String(scheme.name ?? 'api_key'), ...description };
  }
  if (scheme.type === 'http') {
    const name = String(scheme.scheme ?? '').toLowerCase();
    if (name === 'basic') return { key, kind: 'basic', ...description };
    if (name === 'bearer') return { key, kind: 'bearer', ...(typeof scheme.bearerFormat === 'string' && scheme.bearerFormat ? { bearerFormat: scheme.bearerFormat } : {}), ...description };
    return token(`HTTP ${name || 'authorization'} token`);
  }
  if (scheme.type === 'oauth2') {
    const flows = oauthFlows(scheme.flows);
    return flows.length > 0 ? { key, kind: 'oauth2', flows, scopes, ...description } : token('OAuth 2.0 access token');
  }
  if (scheme.type === 'openIdConnect') {
    const url = typeof scheme.openIdConnectUrl === 'string' && /^https?:\/\//i.test(scheme.openIdConnectUrl) ? { openIdConnectUrl: scheme.openIdConnectUrl } : {};
    return token('OpenID Connect access token', url);
  }
  return token('Access token');
}

/** The flows the console can run: client credentials and authorization code (with PKCE), with http(s) URLs only. */
function oauthFlows(flows: unknown): TryItOAuthFlow[] {
  if (!flows || typeof flows !== 'object') return [];
  const url = (value: unknown) => (typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : undefined);
  const out: TryItOAuthFlow[] = [];
  for (const [kind, flow] of Object.entries<Obj>(flows as Obj)) {
    if ((kind !== 'clientCredentials' && kind !== 'authorizationCode') || !flow || typeof flow !== 'object') continue;
    const tokenUrl = url(flow.tokenUrl);
    const authorizationUrl = url(flow.authorizationUrl);
    if (!tokenUrl || (kind === 'authorizationCode' && !authorizationUrl)) continue;
    const scopes = Object.entries<unknown>(flow.scopes && typeof flow.scopes === 'object' ? flow.scopes : {}).map(([name, d]) => ({ name, description: typeof d === 'string' ? d : '' }));
    out.push({ kind, tokenUrl, ...(authorizationUrl && kind === 'authorizationCode' ? { authorizationUrl } : {}), ...(url(flow.refreshUrl) ? { refreshUrl: url(flow.refreshUrl) } : {}), scopes });
  }
  return out;
}
