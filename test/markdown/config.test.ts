// #20 The `llms` config: checked with the rest of the config, and its route patterns.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/validate';
import { routeMatches } from '../../src/markdown/pageFiles';

const base = { title: 'T', url: 'https://docs.example', baseUrl: '/', navbar: { items: [] }, footer: { copyright: '' } };

describe('#20 markdown/config', () => {
  it('accepts llms with its three keys and reports each mistake by its path', () => {
    expect(validateConfig({ ...base, llms: { enabled: false, include: ['/guides', '/api/**'], exclude: [] } })).toEqual([]);
    expect(validateConfig({ ...base, llms: { enabled: 'yes', include: ['guides'], exlude: [] } })).toEqual([
      { path: 'llms.enabled', message: 'expected a boolean (true or false), got the string "yes"' },
      { path: 'llms.include[0]', message: 'expected a route prefix or glob starting with "/", got "guides"' },
      expect.objectContaining({ path: 'llms.exlude' }),
    ]);
  });

  it('matches a prefix as itself and what is under it, and globs by segment', () => {
    expect(routeMatches('/guides', '/guides')).toBe(true);
    expect(routeMatches('/guides/a/b', '/guides')).toBe(true);
    expect(routeMatches('/guidesx', '/guides')).toBe(false);
    expect(routeMatches('/api/get-pet', '/api/*-pet')).toBe(true);
    expect(routeMatches('/api/schemas/pet', '/api/*-pet')).toBe(false);
    expect(routeMatches('/api/schemas/pet', '/api/**')).toBe(true);
    expect(routeMatches('/api/a.b', '/api/a?b')).toBe(true);
  });
});
