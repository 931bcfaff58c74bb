import { describe, expect, it } from 'vitest';
import { closest, describeValue, validateConfig } from '../../../src/config/validate';

const valid = {
  title: 'API',
  url: 'https://docs.example.com',
  navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }] },
  footer: { copyright: 'Copyright © 2025' },
};

describe('config/validate', () => {
  it('accepts a minimal valid config', () => {
    expect(validateConfig(valid)).toEqual([]);
  });

  it('names a misspelt key with its dotted path and suggests the known one', () => {
    const issues = validateConfig({ ...valid, navbar: { items: [{ label: 'Guides', to: '/guides', positon: 'left' }] } });
    expect(issues).toEqual([{ path: 'navbar.items[0].positon', message: 'is not a known option; did you mean "position"?' }]);
  });

  it('names a wrong type with what was expected', () => {
    const issues = validateConfig({ ...valid, colorMode: { defaultMode: 'sepia', respectPrefersColorScheme: 'yes' } });
    expect(issues).toEqual([
      { path: 'colorMode.defaultMode', message: 'expected one of "light", "dark", got the string "sepia"' },
      { path: 'colorMode.respectPrefersColorScheme', message: 'expected a boolean (true or false), got the string "yes"' },
    ]);
  });

  it('names a missing required field', () => {
    const { title, ...rest } = valid;
    expect(validateConfig(rest)).toEqual([{ path: 'title', message: 'is required but missing (expected a string)' }]);
  });

  it('checks url and baseUrl shapes', () => {
    const issues = validateConfig({ ...valid, url: 'https://docs.example.com/docs', baseUrl: 'docs' });
    expect(issues.map((i) => i.path)).toEqual(['url', 'baseUrl']);
  });

  it('collects every issue instead of stopping at the first', () => {
    expect(validateConfig({ ...valid, onBrokenLinks: 'explode', titel: 'x', trailingSlash: 'yes' })).toHaveLength(3);
  });

  it('checks search.shardAbovePages is a whole number of pages', () => {
    expect(validateConfig({ ...valid, search: { shardAbovePages: 0 } })).toEqual([]);
    expect(validateConfig({ ...valid, search: { shardAbovePages: 20 } })).toEqual([]);
    expect(validateConfig({ ...valid, search: { shardAbovePages: -1 } }).map((i) => i.path)).toEqual(['search.shardAbovePages']);
    expect(validateConfig({ ...valid, search: { shardAbovePages: 'many' } }).map((i) => i.path)).toEqual(['search.shardAbovePages']);
  });

  it('checks openapi.schemaDepth is a whole number of levels from 1', () => {
    const openapi = { spec: 'openapi.yaml', downloadUrl: 'https://api.example.com/docs/yaml' };
    expect(validateConfig({ ...valid, openapi: { ...openapi, schemaDepth: 3 } })).toEqual([]);
    expect(validateConfig({ ...valid, openapi: { ...openapi, schemaDepth: 0 } }).map((i) => i.path)).toEqual(['openapi.schemaDepth']);
    expect(validateConfig({ ...valid, openapi: { ...openapi, schemaDepth: 2.5 } }).map((i) => i.path)).toEqual(['openapi.schemaDepth']);
    expect(validateConfig({ ...valid, openapi: { ...openapi, schemaDepth: 'deep' } }).map((i) => i.path)).toEqual(['openapi.schemaDepth']);
  });

  it('suggests only close matches', () => {
    expect(closest('tagLine', ['tagline', 'title'])).toBe('tagline');
    expect(closest('completelyDifferent', ['tagline', 'title'])).toBeUndefined();
  });

  it('#14 names what it got with the right article: "got undefined", "an object", never "a undefined"', () => {
    expect(validateConfig(undefined)).toEqual([{ path: '', message: 'expected an object, got undefined' }]);
    expect(validateConfig({ ...valid, navbar: { items: [], title: {} }, tagline: 3 }).map((i) => i.message)).toEqual(['expected a string, got an object', 'expected a string, got a number']);
    expect(describeValue(() => 1)).toBe('a function');
  });
});
