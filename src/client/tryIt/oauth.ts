// OAuth 2.0 from the console: the client-credentials grant (a POST to the token URL), and the
// authorization-code grant with PKCE (RFC 7636, S256) in a popup that comes back to this very
// page; the opener reads the code from the popup's URL once it is on our origin again and
// closes it, so the code never stays in a URL of the docs. Both need the token endpoint to
// allow the docs' origin (CORS), as any browser client would.
import type { TryItOAuthFlow } from '../../shared/tryIt';

export interface TokenResult {
  accessToken: string;
  tokenType: string;
  expiresIn?: number;
}

async function tokenRequest(url: string, form: Record<string, string>, basic?: { id: string; secret: string }): Promise<TokenResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (basic) headers.Authorization = `Basic ${btoa(`${encodeURIComponent(basic.id)}:${encodeURIComponent(basic.secret)}`)}`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form).toString(), credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new Error(`The token endpoint ${new URL(url).origin} could not be reached from this page (it must allow this site's origin with CORS).`);
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof data.access_token !== 'string') {
    const reason = typeof data.error_description === 'string' ? data.error_description : typeof data.error === 'string' ? data.error : `HTTP ${res.status}`;
    throw new Error(`The token endpoint refused: ${reason}.`);
  }
  return { accessToken: data.access_token, tokenType: String(data.token_type ?? 'Bearer'), ...(typeof data.expires_in === 'number' ? { expiresIn: data.expires_in } : {}) };
}

export function clientCredentials(flow: TryItOAuthFlow, clientId: string, clientSecret: string, scopes: string[]): Promise<TokenResult> {
  return tokenRequest(flow.tokenUrl, { grant_type: 'client_credentials', ...(scopes.length ? { scope: scopes.join(' ') } : {}) }, { id: clientId, secret: clientSecret });
}

function randomText(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** The authorization-code grant with PKCE, in a popup; resolves with the token, rejects with a message a reader can act on. */
export async function authorizationCode(flow: TryItOAuthFlow, clientId: string, scopes: string[]): Promise<TokenResult> {
  if (!flow.authorizationUrl) throw new Error('The spec gives no authorization URL for this flow.');
  const verifier = randomText(48);
  const state = randomText(16);
  const redirectUri = location.origin + location.pathname;
  const url = new URL(flow.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await pkceChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (scopes.length) url.searchParams.set('scope', scopes.join(' '));
  const popup = window.open(url.toString(), 'docsgen-oauth', 'popup,width=520,height=680');
  if (!popup) throw new Error('The sign-in window was blocked: allow popups for this site and try again.');
  const code = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer);
        reject(new Error('The sign-in window was closed before it finished.'));
        return;
      }
      let back: URL | undefined;
      try {
        back = popup.location.origin === location.origin ? new URL(popup.location.href) : undefined;
      } catch {
        // Still on the provider's origin: not readable yet.
      }
      if (!back) return;
      clearInterval(timer);
      popup.close();
      const params = back.searchParams;
      if (params.get('state') !== state) reject(new Error('The sign-in answer did not match this request (state); try again.'));
      else if (params.get('error')) reject(new Error(`Sign-in failed: ${params.get('error_description') ?? params.get('error')}.`));
      else if (!params.get('code')) reject(new Error('The sign-in came back without a code.'));
      else resolve(params.get('code')!);
    }, 250);
  });
  return tokenRequest(flow.tokenUrl, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier });
}
