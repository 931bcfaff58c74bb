// Pages of results (#14, point 13): `search()` counts every result with `total: true` and skips
// `offset` of them, so the search page can say how many there are and show them a page at a time;
// a first page is exactly the capped answer the search box gets, and the sharded index of large
// sites answers pages and counts exactly like the single file.
import { beforeAll, describe, expect, it } from 'vitest';
import { searchDocuments } from '../../src/search/documents';
import { searchIndexData } from '../../src/search/buildIndex';
import { searchFileText, shardSearchIndex, SHARDED_DIR } from '../../src/search/shards';
import { typeTerms, type TypeTerms } from '../../src/search/terms';
import { loadSearchIndex, search, type LoadedSearchIndex } from '../../src/shared/search/query';
import { loadShardedIndex } from '../../src/shared/search/sharded';
import type { ShardedManifest } from '../../src/shared/search/types';
import { pageNumbers, parsePage } from '../../templates/islands/SearchPage';
import { shippedPages } from './site';

let single: LoadedSearchIndex;
let terms: TypeTerms[];

beforeAll(async () => {
  const { config, pages } = await shippedPages();
  const documents = searchDocuments(pages, { routes: config.search.routes });
  single = loadSearchIndex(JSON.stringify(searchIndexData(documents)));
  terms = typeTerms(documents);
}, 60_000);

const ids = (results: { id: number }[]) => results.map((r) => r.id);
/** Queries with more results than a page of 100, a handful, one, none; typed, corrected, several words. */
const queries = ['boundary', 'a', 'school', 'demog', 'boundray', 'school ids', 'market statistics sold', 'quarterly', 'zzzzqx', ''];

describe('search/query: total and offset', () => {
  it('counts every result: "boundary" has more than the search page\'s old cap of 100', () => {
    const all = search(single, 'boundary', { limit: 100_000 }).results;
    expect(all.length).toBeGreaterThan(100);
    expect(search(single, 'boundary', { limit: 100, total: true }).total).toBe(all.length);
    expect(search(single, 'boundary', { limit: 100 }).total).toBeUndefined();
  });

  it('gives the capped answer on the first page, with or without the count', () => {
    for (const query of queries) {
      for (const limit of [8, 100]) {
        const capped = search(single, query, { limit });
        const { total, ...counted } = search(single, query, { limit, total: true });
        expect(counted, query).toEqual(capped);
        expect(total, query).toBe(search(single, query, { limit: 100_000 }).results.length);
        expect(search(single, query, { limit, offset: 0 }), query).toEqual(capped);
      }
    }
  });

  it('splits the ranked results into pages that together hold each result once', () => {
    for (const query of queries) {
      const { total } = search(single, query, { limit: 10, total: true });
      const everything = search(single, query, { limit: 100_000 }).results;
      const seen: number[] = [];
      for (let offset = 0; offset < total! + 20; offset += 20) {
        const page = search(single, query, { limit: 20, offset, total: true });
        expect(page.total, query).toBe(total);
        expect(page.results.length, `${query} at ${offset}`).toBe(Math.max(0, Math.min(20, total! - offset)));
        seen.push(...ids(page.results));
        // With the count or without, a page is the same.
        expect(search(single, query, { limit: 20, offset }).results, `${query} at ${offset}`).toEqual(page.results);
      }
      expect(seen.length, query).toBe(total);
      expect(new Set(seen)).toEqual(new Set(ids(everything)));
    }
  });

  it('pages in rank order: two pages of 100 hold the 200 best results', () => {
    const first = search(single, 'boundary', { limit: 100 }).results;
    const second = search(single, 'boundary', { limit: 100, offset: 100 }).results;
    expect(second.length).toBeGreaterThan(0);
    expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(ids(search(single, 'boundary', { limit: 200 }).results)));
  });

  it('is answered the same by the sharded index, which fetches the fragments of only the pages of the results it shows', async () => {
    const files = shardSearchIndex(terms, { shardBytes: 2_000, longList: 3 });
    const manifest = JSON.parse(files.manifest) as ShardedManifest;
    const open = () => {
      const fetched: string[] = [];
      const engine = loadShardedIndex(manifest, async (file) => {
        fetched.push(file);
        return JSON.parse(searchFileText(files.files.get(`${SHARDED_DIR}/${file}`)!));
      });
      return { engine, fetched };
    };
    for (const query of queries) {
      for (const offset of [0, 100]) {
        const expected = search(single, query, { limit: 100, offset, total: true });
        const cold = open();
        expect(await cold.engine.search(query, { limit: 100, offset, total: true }), `${query} from ${offset}`).toEqual(expected);
        // (A corrected word may also need the pages that spell it.)
        if (expected.correctedQuery) continue;
        const pages = new Set(expected.results.map((r) => r.page.id));
        const fragments = cold.fetched.filter((f) => f.startsWith(manifest.fragments)).map((f) => Number(f.slice(manifest.fragments.length).replace('.json', '')));
        for (const id of fragments) expect(pages.has(id), `${query} from ${offset}: fragment ${id}`).toBe(true);
      }
    }
  });
});

describe('islands/SearchPage: page links', () => {
  it('links the first, the last, and the current page with its neighbours, a gap of one page shown as that page', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(2, 2)).toEqual([1, 2]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageNumbers(4, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(5, 30)).toEqual([1, 'gap', 4, 5, 6, 'gap', 30]);
    expect(pageNumbers(30, 30)).toEqual([1, 'gap', 29, 30]);
  });

  it('reads the page parameter as a whole number from 1, else 1', () => {
    expect(parsePage('2')).toBe(2);
    for (const value of [null, '', '0', '-1', '1.5', 'x', '2abc', '99999999']) expect(parsePage(value), String(value)).toBe(1);
  });
});
