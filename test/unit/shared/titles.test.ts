// A title repeated on many pages (a sidebar link, a breadcrumb, a previous/next link, the head) is
// cut: spec text names them, and a tag named with 300,000 characters filled every page.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_CHARS, REPEATED_TITLE_MAX_CHARS, shortDescription, shortTitle } from '../../../src/shared/titles';

describe('shortTitle', () => {
  it('keeps a title of up to REPEATED_TITLE_MAX_CHARS characters as it is: a method and an Azure path', () => {
    const azure = 'GET /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Network/applicationGateways/{applicationGatewayName}/privateEndpointConnections/{connectionName}';
    for (const title of ['Parcels', azure, 'x'.repeat(REPEATED_TITLE_MAX_CHARS)]) expect(shortTitle(title)).toBe(title);
  });

  it('cuts a longer one at a word within REPEATED_TITLE_MAX_CHARS, with an ellipsis', () => {
    const words = 'Flood zone boundaries '.repeat(40);
    const short = shortTitle(words);
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(REPEATED_TITLE_MAX_CHARS);
    expect(short.length).toBeGreaterThan(REPEATED_TITLE_MAX_CHARS / 2);
    const kept = short.slice(0, -1);
    expect(words.startsWith(kept)).toBe(true);
    expect(words[kept.length]).toBe(' '); // between two words, not inside one
    expect(shortTitle('A'.repeat(300_000))).toBe(`${'A'.repeat(REPEATED_TITLE_MAX_CHARS - 1)}…`);
  });

  it('never cuts a character outside the BMP in two', () => {
    const title = shortTitle(`${'a'.repeat(REPEATED_TITLE_MAX_CHARS - 2)}😀${'b'.repeat(200)}`);
    expect(title).toBe(`${'a'.repeat(REPEATED_TITLE_MAX_CHARS - 2)}…`);
  });
});

describe('shortDescription', () => {
  it('keeps a description of up to DESCRIPTION_MAX_CHARS characters, and cuts a longer one at a word', () => {
    const fits = 'Parcels and their owners. '.repeat(12).trim();
    expect(fits.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
    expect(shortDescription(fits)).toBe(fits);
    const long = `The ${'B'.repeat(300_000)} schema of the Property API.`;
    expect(shortDescription(long)).toBe(`The ${'B'.repeat(DESCRIPTION_MAX_CHARS - 5)}…`);
  });
});
