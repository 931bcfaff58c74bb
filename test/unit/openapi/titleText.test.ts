// An operation summary written as a paragraph names its page by its first line or sentence; the
// rest is kept, as text shown before the description (src/openapi/titleText.ts summaryTitle).
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../../src/openapi/model';
import { summaryTitle, TITLE_MAX_CHARS } from '../../../src/openapi/titleText';

describe('summaryTitle', () => {
  it('keeps a summary of one short line whole, without its surrounding spaces', () => {
    expect(summaryTitle('  List the parcels of a ward. ')).toEqual({ title: 'List the parcels of a ward.', more: '' });
    const longest = 'x'.repeat(TITLE_MAX_CHARS);
    expect(summaryTitle(longest)).toEqual({ title: longest, more: '' });
  });

  it('takes the first line of a summary of several lines, and the other lines, unindented, as text', () => {
    const summary = 'Get the flood zones of a parcel - ScreenId=FZ301000\r\n            Zones come from the latest survey.\r\n            \r\n            Older surveys are in /flood-zones/history.';
    expect(summaryTitle(summary)).toEqual({
      title: 'Get the flood zones of a parcel - ScreenId=FZ301000',
      // Indented by four spaces or more after a blank line, the last line would have been a code block.
      more: 'Zones come from the latest survey.\n\nOlder surveys are in /flood-zones/history.',
    });
  });

  it('takes the first sentence of a long first line', () => {
    const summary = `Search for listings. ${'Filter by ward, price band and number of bedrooms, or by the date a listing was added. '.repeat(3)}`;
    const { title, more } = summaryTitle(summary);
    expect(title).toBe('Search for listings.');
    expect(more).toBe(summary.slice('Search for listings. '.length).trim());
  });

  it('does not end the first sentence at an abbreviation', () => {
    const summary = `Returns e.g. the ward, i.e. the smallest boundary, etc. and more. ${'Each boundary has a name and a level. '.repeat(4)}`;
    expect(summaryTitle(summary).title).toBe('Returns e.g. the ward, i.e. the smallest boundary, etc. and more.');
  });

  it('cuts a long first line with no short sentence at a word, with "…", and keeps the whole summary as text', () => {
    const summary = `Returns ${'every school catchment that overlaps the boundary, '.repeat(5)}in order`;
    const { title, more } = summaryTitle(summary);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title.endsWith('…')).toBe(true);
    expect(summary.startsWith(title.slice(0, -1))).toBe(true);
    expect(summary[title.length - 1]).toBe(' ');
    expect(more).toBe(summary);
  });

  it('cuts a line with no space anywhere at the limit, never inside a surrogate pair', () => {
    const word = `${'a'.repeat(TITLE_MAX_CHARS - 2)}😀${'b'.repeat(200)}`;
    const { title } = summaryTitle(word);
    expect(title).toBe(`${'a'.repeat(TITLE_MAX_CHARS - 2)}…`);
    expect(summaryTitle('c'.repeat(500)).title).toBe(`${'c'.repeat(TITLE_MAX_CHARS - 1)}…`);
  });
});

describe('an operation whose summary is a paragraph', () => {
  it('is titled by its first sentence and keeps the rest, apart from its description', () => {
    const { model } = buildApiModel(
      {
        info: { title: 'Listings', version: '1' },
        paths: {
          '/listings': { get: { summary: `Search for listings. ${'Narrow the search with the ward and price filters. '.repeat(4)}`, description: 'Results are paged.', responses: { 200: { description: 'OK' } } } },
          '/wards': { get: { summary: 'List the wards', responses: { 200: { description: 'OK' } } } },
        },
      },
      { onDuplicateRoutes: 'warn', source: 'spec.yaml' },
    );
    const [listings, wards] = model.operations;
    expect(listings.summary).toBe('Search for listings.');
    expect(listings.summaryMore).toMatch(/^Narrow the search/);
    expect(listings.description).toBe('Results are paged.');
    // The URL is still made from the whole summary, as before: no link to the page breaks.
    expect(listings.slug).toMatch(/^search-for-listings-narrow-the-search/);
    expect(wards).toMatchObject({ summary: 'List the wards', summaryMore: '' });
  });
});
