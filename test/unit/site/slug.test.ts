import { describe, expect, it } from 'vitest';
import { kebabCase } from '../../../src/site/slug';

describe('site/slug kebabCase (lodash rules)', () => {
  it.each([
    ['getBoundary', 'get-boundary'],
    ['autocompleteBoundarySearch', 'autocomplete-boundary-search'],
    ['Market Statistics', 'market-statistics'],
    ['Hyperlocal API Reference', 'hyperlocal-api-reference'],
    ['XMLHttpRequest', 'xml-http-request'],
    ['getHTTPResponse', 'get-http-response'],
    ['version2Beta', 'version-2-beta'],
    ['Café Données', 'cafe-donnees'],
    ['  --already--kebab--  ', 'already-kebab'],
    ['GET /v1/schools/{school_id}', 'get-v-1-schools-school-id'],
  ])('%s → %s', (input, expected) => {
    expect(kebabCase(input)).toBe(expected);
  });
});
