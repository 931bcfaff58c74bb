// Where a long identifier in a title may wrap (src/shared/wordBreaks.ts): between the parts a
// reader sees in it, never inside a short word or a sentence's words.
import { describe, expect, it } from 'vitest';
import { LONG_WORD, wordBreaks, wordParts } from '../../../src/shared/wordBreaks';

describe('wordParts', () => {
  it('cuts a long camel-case name at its humps, keeping an acronym whole', () => {
    expect(wordParts('ApiEndpointsAirportResponse')).toEqual(['Api', 'Endpoints', 'Airport', 'Response']);
    expect(wordParts('HTTPServerSentEventsV2Payload')).toEqual(['HTTPServer', 'Sent', 'Events', 'V2', 'Payload']);
    expect(wordParts('parcelBoundary2024Revision')).toEqual(['parcel', 'Boundary2024', 'Revision']);
  });

  it('cuts after a separator: snake case, dotted names, paths and operationIds', () => {
    expect(wordParts('ClassificationIcons_QueryItem')).toEqual(['Classification', 'Icons_', 'Query', 'Item']);
    expect(wordParts('Rechnungsdruck.WebApp.Controllers')).toEqual(['Rechnungsdruck.', 'Web', 'App.', 'Controllers']);
    expect(wordParts('POST /api/v1/subscriptions/{subscriptionId}/plans')).toEqual(['POST /', 'api/', 'v1/', 'subscriptions/', '{subscription', 'Id}/', 'plans']);
    expect(wordParts('real_time_payments_transfer')).toEqual(['real_', 'time_', 'payments_', 'transfer']);
  });

  it('leaves short words and sentences as they are', () => {
    expect(wordParts('getParcelBoundary')).toEqual(['getParcelBoundary']);
    expect(wordParts('Find boundaries containing a point')).toEqual(['Find boundaries containing a point']);
    // A word one character shorter than LONG_WORD gets no break; one of LONG_WORD does.
    expect(wordBreaks(`${'x'.repeat(LONG_WORD - 3)}Yz`)).toEqual([]);
    expect(wordBreaks(`${'x'.repeat(LONG_WORD - 2)}Yz`)).toEqual([LONG_WORD - 2]);
  });

  it('splits words at any space, as `\\S` does: a no-break space ends a word too', () => {
    const twoWords = `${'Parcel'.repeat(2)}\u00a0${'Boundary'.repeat(2)}`;
    expect(twoWords).toHaveLength(29);
    expect(wordParts(twoWords)).toEqual([twoWords]);
  });

  it('puts the parts back together as the text', () => {
    for (const text of ['ApiEndpointsAirportResponse', 'a b', '', '__init__.PropDataListingsClient', 'Ünïcödé_Schëma.NameThatIsLong']) expect(wordParts(text).join('')).toBe(text);
  });
});
