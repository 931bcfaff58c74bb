// An operation's security requirements as its page lists them (src/openapi/security.ts).
import { describe, expect, it } from 'vitest';
import { operationRequirements, schemeAnchor, schemeSummary, SHOWN_ALTERNATIVES } from '../../../src/openapi/security';

const schemes = Array.from({ length: 500 }, (_, i) => ({ key: `key${i}`, type: 'apiKey', in: 'header', name: `X-Key-${i}` }));

describe('openapi/security operationRequirements', () => {
  it('lists every alternative of a real spec’s size, each linked to its scheme on the overview', () => {
    const r = operationRequirements([{ key0: [] }, { key1: [], key2: [] }], schemes, '/api/parcels-api');
    expect(r.alternatives.map((a) => a.schemes.map((s) => s.href))).toEqual([['/api/parcels-api#auth-key0'], ['/api/parcels-api#auth-key1', '/api/parcels-api#auth-key2']]);
    expect(r.moreAlternatives).toBeUndefined();
    expect(r.optional).toBe(false);
  });

  it('lists the first of 500 alternatives and counts the rest; an empty one past them still makes the call optional', () => {
    // A global `security` of 500 alternatives added 113 KB to the page of every operation.
    const r = operationRequirements([...schemes.map((s) => ({ [s.key]: [] })), {}], schemes);
    expect(r.alternatives).toHaveLength(SHOWN_ALTERNATIVES);
    expect(r.alternatives[0].schemes[0].name).toBe('key0');
    expect(r.moreAlternatives).toBe(500 - SHOWN_ALTERNATIVES);
    expect(r.optional).toBe(true);
  });
});

describe('openapi/security: a scheme named with 300,000 characters', () => {
  // Every operation it secures links to it and names it: each page was 1.2 MB.
  const key = `Key${'k'.repeat(300_000)}`;
  it('has an anchor of at most 120 bytes, the same each time and apart from a scheme that shares its start', () => {
    const anchor = schemeAnchor(key);
    expect(anchor.length).toBeLessThanOrEqual(120);
    expect(anchor).toBe(schemeAnchor(key));
    expect(schemeAnchor(`${key}2`)).not.toBe(anchor);
    expect(schemeAnchor('ApiKey')).toBe('auth-apikey');
  });

  it('is named and summed up in at most a title’s length on an operation', () => {
    const [alternative] = operationRequirements([{ [key]: [] }], [{ key, type: 'apiKey', in: 'header', name: `X-${'h'.repeat(300_000)}` }], '/api/parcels-api').alternatives;
    const [scheme] = alternative.schemes;
    expect(scheme.name.length).toBeLessThanOrEqual(300);
    expect(scheme.detail.length).toBeLessThan(700);
    expect(schemeSummary({ type: 'apiKey', in: 'header', name: 'X-Key' })).toBe('API key in the header "X-Key"');
  });
});
