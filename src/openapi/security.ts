// Security schemes as readers need them: on the overview every scheme in full (OAuth2 flows with
// their URLs and scopes, the OpenID Connect discovery URL, mutual TLS, API keys by location, HTTP
// schemes); on an operation which schemes it takes (requirement objects are alternatives, the
// schemes within one are all needed) with the scopes it needs; in code samples the credential
// each scheme sends, as a placeholder.
import type { OAuthFlowView, SecurityRequirementView } from '../shared/viewModels';
import { capSlug } from '../site/slug';
import { shortTitle } from '../shared/titles';

type Obj = Record<string, any>;
type Scheme = Obj & { key: string };

/** The overview's anchor of a scheme: `auth-<key>`. */
export function schemeAnchor(key: string): string {
  // Capped (with a hash of the whole): every operation the scheme secures links to it.
  return capSlug(`auth-${key.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}`, ANCHOR_BYTES);
}

const ANCHOR_BYTES = 120;

const FLOW_LABELS: Record<string, string> = {
  implicit: 'Implicit',
  password: 'Password',
  clientCredentials: 'Client credentials',
  authorizationCode: 'Authorization code',
  // OpenAPI 3.2
  deviceAuthorization: 'Device authorization',
};

/** One line saying what a scheme is: `OAuth 2.0`, `API key in the header "X-API-Key"`, `HTTP bearer (JWT)`. */
export function schemeSummary(scheme: Obj | undefined): string {
  if (!scheme) return '';
  switch (scheme.type) {
    case 'apiKey':
      return `API key in the ${shortTitle(String(scheme.in ?? 'header'))} "${shortTitle(String(scheme.name ?? ''))}"`;
    case 'http': {
      const name = String(scheme.scheme ?? '').toLowerCase();
      const format = name === 'bearer' && typeof scheme.bearerFormat === 'string' && scheme.bearerFormat ? ` (${shortTitle(scheme.bearerFormat)})` : '';
      return `HTTP ${shortTitle(name) || 'authentication'}${format}`;
    }
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'Mutual TLS (client certificate)';
    default:
      return shortTitle(String(scheme.type ?? ''));
  }
}

/** An OAuth2 scheme's flows, in the spec's order, with every URL and scope. */
export function oauthFlows(scheme: Obj): OAuthFlowView[] {
  if (scheme.type !== 'oauth2' || !scheme.flows || typeof scheme.flows !== 'object') return [];
  return Object.entries<Obj>(scheme.flows)
    .filter(([, flow]) => flow && typeof flow === 'object')
    .map(([name, flow]) => ({
      name,
      label: FLOW_LABELS[name] ?? name,
      authorizationUrl: urlOf(flow.authorizationUrl),
      deviceAuthorizationUrl: urlOf(flow.deviceAuthorizationUrl),
      tokenUrl: urlOf(flow.tokenUrl),
      refreshUrl: urlOf(flow.refreshUrl),
      scopes: Object.entries<unknown>(flow.scopes && typeof flow.scopes === 'object' ? flow.scopes : {}).map(([scope, description]) => ({ name: scope, description: typeof description === 'string' ? description : '' })),
    }));
}

function urlOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether a URL may be a link on the page (spec text is untrusted). */
export function linkable(url: string | undefined): boolean {
  return url !== undefined && /^https?:\/\//i.test(url);
}

/**
 * An operation's requirements: each alternative with the schemes it combines and, for OAuth2 and
 * OpenID Connect, the scopes it needs. An empty requirement (`{}`) makes authentication optional.
 */
export function operationRequirements(requirements: readonly Obj[], schemes: readonly Scheme[], overviewHref?: string): { alternatives: SecurityRequirementView[]; optional: boolean; moreAlternatives?: number } {
  const { alternatives, optional } = requirementAlternatives(requirements, (key, scopes) => {
    const scheme = schemes.find((s) => s.key === key);
    return { name: shortTitle(key), href: scheme && overviewHref ? `${overviewHref}#${schemeAnchor(key)}` : undefined, detail: schemeSummary(scheme), scopes };
  });
  if (alternatives.length <= SHOWN_ALTERNATIVES) return { alternatives, optional };
  return { alternatives: alternatives.slice(0, SHOWN_ALTERNATIVES), optional, moreAlternatives: alternatives.length - SHOWN_ALTERNATIVES };
}

/**
 * Alternatives an operation's page lists; the rest are counted. Real specs have at most 26
 * (Google's Data Portability API); 500 added 113 KB to each page of the operations they cover,
 * which a global `security` makes every operation.
 */
export const SHOWN_ALTERNATIVES = 50;

/** Security requirements as alternatives of schemes (each made by `scheme`); `{}` makes authentication optional. */
export function requirementAlternatives<T>(requirements: readonly Obj[], scheme: (key: string, scopes: string[]) => T): { alternatives: { schemes: T[] }[]; optional: boolean } {
  const alternatives: { schemes: T[] }[] = [];
  let optional = false;
  for (const requirement of requirements) {
    if (!requirement || typeof requirement !== 'object') continue;
    const keys = Object.keys(requirement);
    if (keys.length === 0) {
      optional = true;
      continue;
    }
    alternatives.push({ schemes: keys.map((key) => scheme(key, Array.isArray(requirement[key]) ? requirement[key].map(String) : [])) });
  }
  return { alternatives, optional };
}

export interface Credentials {
  headers: { name: string; value: string }[];
  query: { name: string; value: string }[];
  cookies: { name: string; value: string }[];
  /** Lines for the sample's leading comment (a client certificate cannot be shown as a header). */
  notes: string[];
}

/** The credentials a code sample sends: placeholders for every scheme of the operation's first requirement. */
export function sampleCredentials(requirements: readonly Obj[], schemes: readonly Scheme[]): Credentials {
  const out: Credentials = { headers: [], query: [], cookies: [], notes: [] };
  const first = requirements.find((r) => r && typeof r === 'object' && Object.keys(r).length > 0);
  for (const key of Object.keys(first ?? {})) {
    const scheme = schemes.find((s) => s.key === key);
    if (!scheme) continue;
    if (scheme.type === 'apiKey') {
      const name = String(scheme.name ?? 'api_key');
      if (scheme.in === 'query') out.query.push({ name, value: 'YOUR_API_KEY' });
      else if (scheme.in === 'cookie') out.cookies.push({ name, value: 'YOUR_API_KEY' });
      else out.headers.push({ name, value: 'YOUR_API_KEY' });
    } else if (scheme.type === 'http') {
      const name = String(scheme.scheme ?? '').toLowerCase();
      if (name === 'basic') out.headers.push({ name: 'Authorization', value: 'Basic BASE64_CREDENTIALS' });
      else if (name === 'bearer') out.headers.push({ name: 'Authorization', value: 'Bearer YOUR_TOKEN' });
      else if (name) out.headers.push({ name: 'Authorization', value: `${capitalise(name)} YOUR_CREDENTIALS` });
    } else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      out.headers.push({ name: 'Authorization', value: 'Bearer YOUR_ACCESS_TOKEN' });
    } else if (scheme.type === 'mutualTLS') {
      out.notes.push('This API authenticates with a client certificate (mutual TLS): configure your client with it.');
    }
  }
  // Two schemes both writing Authorization (bearer and OAuth2 in one requirement) send one header.
  out.headers = out.headers.filter((h, i) => out.headers.findIndex((o) => o.name.toLowerCase() === h.name.toLowerCase()) === i);
  return out;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
