// The try-it console's data contract: what the build writes per operation
// (`assets/try-it/<slug>.<hash>.json`) and what the browser reads. Shared by the node side
// (src/openapi/tryIt.ts builds it), the island (templates/islands/TryIt.tsx) and the live code
// samples (src/client/tryIt/liveSamples.ts). Pure types and tiny pure helpers only.

/** A JSON Schema as the console checks it: refs resolved, depth- and size-bounded. */
export type TryItSchema = Record<string, unknown>;

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface TryItServer {
  /** The URL as the spec writes it, variables still as `{name}` (expanded by the reader's choices). */
  url: string;
  description?: string;
  variables: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface TryItParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema?: TryItSchema;
  /** Pre-filled: the parameter's example, else its first named example, else the schema's default. */
  value?: string;
  /** The parameter's named examples, as text the input can take. */
  examples?: { label: string; value: string }[];
  /** How an array or object value is serialised (OpenAPI `style`/`explode`); unset: `form`, exploded, for query. */
  style?: string;
  explode?: boolean;
}

export interface TryItBody {
  mediaType: string;
  required: boolean;
  schema?: TryItSchema;
  /** Named examples (or the generated one), as the text the editor shows. */
  examples: { label: string; text: string }[];
}

/** One OAuth2 flow the console can run; `kind` names the grant. */
export interface TryItOAuthFlow {
  kind: 'clientCredentials' | 'authorizationCode';
  tokenUrl: string;
  /** authorizationCode only. */
  authorizationUrl?: string;
  refreshUrl?: string;
  /** Every scope the flow offers, with its description. */
  scopes: { name: string; description: string }[];
}

/**
 * One security scheme as the console asks for it. Anything the console cannot run itself
 * (OpenID Connect, OAuth2 without usable URLs, implicit/password flows, unknown types) falls back
 * to a token field (`kind: 'token'`): the reader pastes an access token, sent as a bearer.
 */
export type TryItScheme =
  | { key: string; kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; description?: string }
  | { key: string; kind: 'bearer'; bearerFormat?: string; description?: string }
  | { key: string; kind: 'basic'; description?: string }
  | { key: string; kind: 'oauth2'; flows: TryItOAuthFlow[]; scopes: string[]; description?: string }
  | { key: string; kind: 'token'; label: string; scopes: string[]; description?: string; openIdConnectUrl?: string };

export interface TryItSecurity {
  /** Alternatives: any one will do; every scheme of one is needed. */
  alternatives: { schemes: TryItScheme[] }[];
  /** One may call without credentials. */
  optional: boolean;
}

export interface TryItData {
  method: string;
  path: string;
  servers: TryItServer[];
  parameters: TryItParameter[];
  body?: TryItBody;
  security: TryItSecurity;
  proxyUrl?: string;
  /** Templates for the live code samples (src/openapi/sampleTemplates.ts; filled by src/client/tryIt/liveSamples.ts). */
  samples?: SampleTemplates;
}

/**
 * The operation's generated code samples with holes where what the reader types goes, so the
 * browser rewrites them without a snippet generator. Strings are highlighted HTML from the build;
 * each hole is a whole string literal (or body expression) the browser writes, escaped for its
 * language. A language the spec's `x-codeSamples` replaced, or whose sample could not be cut
 * into holes, has no template and keeps its static sample.
 */
export interface SampleTemplates {
  /** The Accept header the static samples send (a header the reader types replaces it). */
  accept?: string;
  /** The body is JSON (Node.js and Python write it as a structure when it parses). */
  json: boolean;
  languages: SampleTemplate[];
}

export interface SampleTemplate {
  /** `curl`, `node`…: the sample block's `data-language`. */
  lang: string;
  parts: SamplePart[];
}

export type SamplePart =
  | string
  /** The whole URL (server, path, query string) as a string literal. */
  | { hole: 'url' }
  /** One `entry` per header, each preceded by a line break; `separator` follows every entry but the last. */
  | { hole: 'headers'; entry: SamplePart[]; separator: string }
  /** In a header entry: the name, the value, or `Name: value` as one literal. */
  | { hole: 'name' | 'value' | 'header' }
  /** The body as a string literal; with `structure`, a JSON body that parses is written as the language's own literal between `before` and `after`. */
  | { hole: 'body'; structure?: { before: string; after: string } }
  /** Text that depends on whether the body is written as a structure (Python: `json=payload` or `data=payload`). */
  | { hole: 'bodyArg'; structure: string; text: string }
  /** HTML kept only when the URL is https (Ruby's `http.use_ssl = true`). */
  | { hole: 'https'; html: string };

/** The credential a reader entered for one scheme (key = scheme key). */
export type TryItCredential =
  | { kind: 'apiKey'; value: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'token'; token: string };

/** What the reader typed: the request the console sends and the live samples show. */
export interface TryItValues {
  /** The server URL with its variables expanded. */
  server: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  body?: string;
  /** The selected alternative's credentials, resolved to what goes on the wire (see `credentialParts`). */
  credentials: { headers: Record<string, string>; query: Record<string, string>; cookies: Record<string, string> };
  /** Show credentials in samples; masked (`••••`) otherwise. */
  showSecrets: boolean;
}

/** Expand `{name}` variables in a server URL (unknown names keep their default). */
export function expandServer(server: TryItServer, chosen: Record<string, string> = {}): string {
  // `[^{}]`, as readServers: a `{` left open ends the scan at the next one (a URL of 100,000 `{` took 4.1 s).
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = chosen[name] ?? server.variables[name]?.default;
    return value === undefined ? whole : value;
  });
}

/** What one alternative's credentials send: headers, query parameters and cookies. */
export function credentialParts(schemes: readonly TryItScheme[], entered: Record<string, TryItCredential | undefined>): TryItValues['credentials'] {
  const out: TryItValues['credentials'] = { headers: {}, query: {}, cookies: {} };
  for (const scheme of schemes) {
    const credential = entered[scheme.key];
    if (!credential) continue;
    if (scheme.kind === 'apiKey' && credential.kind === 'apiKey' && credential.value !== '') {
      const target = scheme.in === 'query' ? out.query : scheme.in === 'cookie' ? out.cookies : out.headers;
      target[scheme.name] = credential.value;
    } else if (scheme.kind === 'basic' && credential.kind === 'basic' && (credential.username !== '' || credential.password !== '')) {
      out.headers.Authorization = `Basic ${base64(`${credential.username}:${credential.password}`)}`;
    } else if ((credential.kind === 'bearer' || credential.kind === 'token') && credential.token !== '') {
      out.headers.Authorization = `Bearer ${credential.token}`;
    }
  }
  return out;
}

/** UTF-8 safe base64 (btoa alone rejects characters above U+00FF). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
