// The try-it data of one operation: security schemes as the console asks for them, and schemas
// bounded (refs inlined, cycles cut) so that a large spec cannot make a large data file.
import { describe, expect, it } from 'vitest';
import { boundSchema, SCHEMA_DEPTH, tryItScheme } from '../../../src/openapi/tryIt';
import { createResolver } from '../../../src/openapi/resolve';

describe('tryItScheme', () => {
  it('keeps API keys, bearer and basic as they are', () => {
    expect(tryItScheme('K', { type: 'apiKey', in: 'query', name: 'key' }, [])).toEqual({ key: 'K', kind: 'apiKey', in: 'query', name: 'key' });
    expect(tryItScheme('B', { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' }, [])).toEqual({ key: 'B', kind: 'bearer', bearerFormat: 'JWT' });
    expect(tryItScheme('P', { type: 'http', scheme: 'basic' }, [])).toEqual({ key: 'P', kind: 'basic' });
  });

  it('runs OAuth2 client credentials and authorization code with their URLs and scopes', () => {
    const scheme = {
      type: 'oauth2',
      flows: {
        implicit: { authorizationUrl: 'https://auth.example.com/authorize', scopes: {} },
        clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'read:boundaries': 'Read boundaries' } },
        authorizationCode: { authorizationUrl: 'https://auth.example.com/authorize', tokenUrl: 'https://auth.example.com/token', scopes: {} },
      },
    };
    expect(tryItScheme('O', scheme, ['read:boundaries'])).toEqual({
      key: 'O',
      kind: 'oauth2',
      scopes: ['read:boundaries'],
      flows: [
        { kind: 'clientCredentials', tokenUrl: 'https://auth.example.com/token', scopes: [{ name: 'read:boundaries', description: 'Read boundaries' }] },
        { kind: 'authorizationCode', authorizationUrl: 'https://auth.example.com/authorize', tokenUrl: 'https://auth.example.com/token', scopes: [] },
      ],
    });
  });

  it('falls back to a token field for what the console cannot run', () => {
    expect(tryItScheme('I', { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://a.example.com', scopes: {} } } }, []).kind).toBe('token');
    expect(tryItScheme('R', { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'javascript:alert(1)', scopes: {} } } }, []).kind).toBe('token');
    expect(tryItScheme('D', { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration' }, ['openid'])).toEqual({ key: 'D', kind: 'token', label: 'OpenID Connect access token', scopes: ['openid'], openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration' });
    expect(tryItScheme('H', { type: 'http', scheme: 'digest' }, []).kind).toBe('token');
    expect(tryItScheme('M', { type: 'mutualTLS' }, []).kind).toBe('token');
    expect(tryItScheme('X', undefined, []).kind).toBe('token');
  });
});

describe('boundSchema', () => {
  it('inlines refs, cuts cycles and stops at the depth limit', () => {
    const document = {
      components: {
        schemas: {
          Node: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^n_' }, child: { $ref: '#/components/schemas/Node' } } },
        },
      },
    };
    const bounded = boundSchema({ $ref: '#/components/schemas/Node' }, createResolver(document), { nodes: 100 });
    expect(bounded).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^n_' }, child: {} } });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < SCHEMA_DEPTH + 3; i++) deep = { type: 'array', items: deep };
    let level: any = boundSchema(deep, createResolver({}), { nodes: 100 });
    let depth = 0;
    while (level.items) {
      level = level.items;
      depth++;
    }
    expect(depth).toBe(SCHEMA_DEPTH);
    expect(level).toEqual({});
  });

  it('keeps at most the node budget', () => {
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const budget = { nodes: 10 };
    const bounded = boundSchema({ type: 'object', properties }, createResolver({}), budget) as { properties: object };
    expect(Object.keys(bounded.properties).length).toBe(9);
    expect(budget.nodes).toBe(0);
  });
});
