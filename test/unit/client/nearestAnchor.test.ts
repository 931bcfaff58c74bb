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

  it('takes a parameter, response or callback left out to the line counting them, whose id theirs start with', () => {
    const has = page('request', 'query-parameters', 'query-p0', 'query', 'header', 'response', 'callback', 'callback-on-parcel-change-post-query');
    expect(nearestAnchor('query-p4999', has)).toBe('query');
    // A name with dashes of its own, a response's field, a callback's parameter.
    expect(nearestAnchor('header-x-data-version', has)).toBe('header');
    expect(nearestAnchor('response-404-error-code', has)).toBe('response');
    expect(nearestAnchor('callback-on-parcel-change-post-query-since', has)).toBe('callback-on-parcel-change-post-query');
    expect(nearestAnchor('callback-on-zone-change-post-request-body', has)).toBe('callback');
  });

  it('finds nothing for a name with no dash or no known prefix, so the browser’s own behaviour stays', () => {
    const has = page('top-of-page', 'query-parameters');
    expect(nearestAnchor('top', has)).toBeUndefined();
    expect(nearestAnchor('-query', has)).toBeUndefined();
    expect(nearestAnchor('filtering-by-zone', has)).toBeUndefined();
  });
});
