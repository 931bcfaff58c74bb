// Where a link to an anchor its page lacks takes the reader (src/client/enhance/nearestAnchor.ts).
import { describe, expect, it } from 'vitest';
import { nearestAnchor } from '../../../src/client/enhance/nearestAnchor';

const page = (...ids: string[]) => (id: string) => ids.includes(id);

describe('client/enhance nearestAnchor', () => {
  it('takes a field left out to the nearest field holding it', () => {
    const has = page('responses', 'response-200', 'response-200-data', 'response-200-data-geometry');
    expect(nearestAnchor('response-200-data-geometry-type', has)).toBe('response-200-data-geometry');
    expect(nearestAnchor('response-200-data-parcels-land_use', has)).toBe('response-200-data');
    expect(nearestAnchor('response-404-error-code', has)).toBeUndefined();
  });

  it('takes a parameter left out to its location’s list, where the page counts what it left out', () => {
    const has = page('request', 'query-parameters', 'query-p0', 'header-parameters', 'callback-on-parcel-change-post-query-parameters');
    expect(nearestAnchor('query-p4999', has)).toBe('query-parameters');
    // A name with dashes of its own, and a callback's parameter.
    expect(nearestAnchor('header-x-data-version', has)).toBe('header-parameters');
    expect(nearestAnchor('callback-on-parcel-change-post-query-since', has)).toBe('callback-on-parcel-change-post-query-parameters');
  });

  it('finds nothing for a name with no dash or no known prefix, so the browser’s own behaviour stays', () => {
    const has = page('top-of-page', 'query-parameters');
    expect(nearestAnchor('top', has)).toBeUndefined();
    expect(nearestAnchor('-query', has)).toBeUndefined();
    expect(nearestAnchor('filtering-by-zone', has)).toBeUndefined();
  });
});
