import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../../src/search/documents';
import { DocumentTable, PageColumnsByRoute, TableBuilder, pageColumns } from '../../../src/search/table';
import { SearchDocumentType as T } from '../../../src/shared/search/types';

/** One page's documents, numbered from `first`: title, description, then a field heading with its text per field. */
function page(first: number, url: string, title: string, fields: [name: string, text: string, context?: string][]): SearchDocument[] {
  const base = { p: first, url, breadcrumb: 'API › Parcels', pageTitle: title };
  const docs: SearchDocument[] = [
    { ...base, type: T.Title, i: first, t: title, anchor: '' },
    { ...base, type: T.Description, i: first, t: `${title}, described`, anchor: '' },
  ];
  fields.forEach(([name, text, context], k) => {
    const heading: SearchDocument = { ...base, type: T.Heading, i: first + 1 + k, t: name, anchor: `field-${name}` };
    if (context !== undefined) heading.section = context;
    docs.push(heading, { ...base, type: T.Content, i: first + 1 + k, t: text, anchor: '' });
  });
  return docs;
}

describe('the search documents as columns', () => {
  it('gives back every document as it was given, on pages of their own URL, breadcrumb and title', () => {
    const docs = [...page(1, '/api/get-parcel', 'Get a parcel', [['parcel_id', 'The parcel’s id.', 'Path parameter'], ['notes', 'Free text.']]), ...page(4, '/api/list-parcels', 'List parcels', [['limit', 'At most 100.', 'Query parameter']])];
    const table = DocumentTable.of(docs);
    expect(table.length).toBe(docs.length);
    expect(table.toArray()).toEqual(docs);
    // A heading without a context has no `section` key at all, as documents.ts makes it.
    expect(Object.keys(table.document(6))).not.toContain('section');
    expect(table.urls).toEqual(['/api/get-parcel', '/api/list-parcels']);
  });

  it('stores of each document only what the search UI shows', () => {
    const table = DocumentTable.of(page(7, '/api/get-parcel', 'Get a parcel', [['parcel_id', 'The parcel’s id.', 'Path parameter'], ['notes', 'Free text.', '']]));
    expect(Array.from({ length: table.length }, (_, k) => table.stored(k))).toEqual([
      { i: 7, t: 'Get a parcel', u: '/api/get-parcel', b: 'API › Parcels' },
      { i: 7, t: 'Get a parcel, described', p: 7 },
      { i: 8, t: 'parcel_id', p: 7, h: 'field-parcel_id', s: 'Path parameter' },
      { i: 8, t: 'The parcel’s id.', p: 7 },
      // An empty context is not stored.
      { i: 9, t: 'notes', p: 7, h: 'field-notes' },
      { i: 9, t: 'Free text.', p: 7 },
    ]);
    expect(Array.from(table.rowsOf(T.Heading))).toEqual([2, 4]);
  });

  it('numbers pages made beforehand to follow the documents before them, past its first allocation', () => {
    // 3,000 pages of 3 documents: the builder grows its columns past 1,024 rows several times.
    const pages = Array.from({ length: 3000 }, (_, n) => page(1, `/api/op-${n}`, `Operation ${n}`, [[`field_${n}`, `Field ${n} of operation ${n}.`]]).slice(1));
    const builder = new TableBuilder();
    const expected: SearchDocument[] = [];
    let next = 1;
    for (const docs of pages) {
      builder.addPage(pageColumns(docs, 2), next - 1);
      expected.push(...docs.map((d) => ({ ...d, i: d.i + next - 1, p: d.p + next - 1 })));
      next += 2;
    }
    const table = builder.finish();
    expect(table.length).toBe(9000);
    expect(table.toArray()).toEqual(expected);
    expect(table.document(8999)).toMatchObject({ i: 6000, p: 5999, t: 'Field 2999 of operation 2999.', url: '/api/op-2999' });
  });

  it('keeps a page made beforehand with no documents as no rows', () => {
    const builder = new TableBuilder();
    builder.addPage(pageColumns([], 0), 0);
    builder.addDocuments(page(1, '/api/a', 'A', []));
    expect(builder.finish().toArray()).toEqual(page(1, '/api/a', 'A', []));
  });

  it('gives back the stored pages\' documents as they were made when the pages share their texts', () => {
    // Each page makes its own copies of the texts, as the site stage does: built, not literals.
    const shared = (n: number): [string, string, string?][] => [
      [['parcel', 'id'].join('_'), `The parcel${'’'}s id.`, ['Response 200', 'data'].join(' › ')],
      ['notes', `Free text${n % 2 ? '.' : '!'}`],
    ];
    const made = Array.from({ length: 4 }, (_, n) => page(1, `/api/op-${n}`, `Operation ${n}`, shared(n)));
    const columns = new PageColumnsByRoute();
    made.forEach((docs, n) => columns.set(`/api/op-${n}`, pageColumns(docs, 3)));
    const builder = new TableBuilder();
    made.forEach((_, n) => builder.addPage(columns.get(`/api/op-${n}`)!, 3 * n));
    expect(builder.finish().toArray()).toEqual(made.flatMap((docs, n) => docs.map((d) => ({ ...d, i: d.i + 3 * n, p: d.p + 3 * n }))));
    // A page whose documents are not known (a build cache's entry without them) has none, and clear() forgets every page.
    columns.set('/api/op-1', undefined);
    expect(columns.get('/api/op-1')).toBeUndefined();
    columns.clear();
    expect(columns.get('/api/op-0')).toBeUndefined();
  });

  it('gives each description\'s text as the page shows it, asked again from page after page', () => {
    const columns = new PageColumnsByRoute();
    const descriptions = ['<p>Parcel <code>id</code> &amp; <em>its</em> owner.</p>', '<p>Zoning <a href="/api/zones">zone</a> code.</p>'];
    for (let page = 0; page < 3; page++) {
      expect(descriptions.map(columns.htmlToText)).toEqual(['Parcel id & its owner.', 'Zoning zone code.']);
      if (page === 1) columns.clear();
    }
  });
});
