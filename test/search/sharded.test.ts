// The sharded index of large sites returns exactly what the single file returns: same results
// (ids, order, texts, marks, scores), same corrections, for relevance queries, prefixes while
// typing, typo fallbacks and queries drawn from a generated site; a cold query fetches only the
// shards of its words and the fragments of the pages it shows; the threshold picks the format.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { generateSite } from '../../bench/generateSite.mjs';
import { searchDocuments, type SearchDocument } from '../../src/search/documents';
import { buildSearchIndex, searchIndexData, searchIndexSteps, SHARD_ABOVE_PAGES } from '../../src/search/buildIndex';
import { MANIFEST_FILE, SHARDED_DIR, searchFileText, shardSearchIndex, type ShardedIndexFiles } from '../../src/search/shards';
import { typeTerms, type TypeTerms } from '../../src/search/terms';
import { DocumentTable } from '../../src/search/table';
import { loadSearchIndex, search, type LoadedSearchIndex } from '../../src/shared/search/query';
import { isShardedManifest, loadShardedIndex, type ShardedSearchIndex } from '../../src/shared/search/sharded';
import { SearchDocumentType, type SearchIndexFile, type ShardFile, type ShardedManifest, type TrieNode } from '../../src/shared/search/types';
import { cases } from './cases';
import { generatedQueries } from './querySet';
import { shippedPages } from './site';

interface Fixture {
  documents: SearchDocument[];
  single: LoadedSearchIndex;
  data: SearchIndexFile;
  terms: TypeTerms[];
}

async function fixture(root?: string): Promise<Fixture> {
  const { config, pages } = await shippedPages(root);
  const documents = searchDocuments(pages, { routes: config.search.routes });
  const data = searchIndexData(documents);
  return { documents, data, terms: typeTerms(documents), single: loadSearchIndex(JSON.stringify(data)) };
}

/** A sharded index read from memory, recording every file it fetches. */
function sharded(terms: TypeTerms[], shardBytes?: number, longList?: number): { engine: ShardedSearchIndex; fetched: string[]; manifest: ShardedManifest; files: Map<string, string> } {
  return open(shardSearchIndex(terms, { shardBytes, longList }));
}

/** A cold engine on already written files. */
function open({ manifest, files: written }: ShardedIndexFiles): { engine: ShardedSearchIndex; fetched: string[]; manifest: ShardedManifest; files: Map<string, string> } {
  const files = new Map([...written].map(([name, content]) => [name, searchFileText(content)]));
  const fetched: string[] = [];
  const parsed = JSON.parse(manifest) as ShardedManifest;
  const engine = loadShardedIndex(parsed, async (file) => {
    fetched.push(file);
    const text = files.get(`${SHARDED_DIR}/${file}`);
    if (text === undefined) throw new Error(`no file ${file}`);
    return JSON.parse(text);
  });
  return { engine, fetched, manifest: parsed, files };
}

const extra = ['demog', 'dem', 'bo', 'boundray', 'demographcs', 'getUserName', 'school_id radius', 'the', 'a', '', '学校', 'x-data-version', 'GET /v1/schools/search', 'zzzzqx',
  // #15: pages holding the words over sections, exact titles as typed, identifiers spelled by titles, stop words only
  'cadence deprecation pinning', 'release deprecation', 'boundary ids geometry', 'Boundary', 'Schools', 'school ids', 'data_version', 'of and', 'what is in'];

let shipped: Fixture;
let generated: Fixture;
let generatedQuerySet: string[];

beforeAll(async () => {
  shipped = await fixture();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-sharded-'));
  generateSite({ pages: 200, out, seed: 11 });
  generated = await fixture(out);
  generatedQuerySet = generatedQueries(generated.documents, 60);
  fs.rmSync(out, { recursive: true, force: true });
}, 120_000);

/** What elasticlunr's serialised index of each type holds, read back from its character trie. */
function fromElasticlunr(data: SearchIndexFile): { n: number; lengths: Map<number, number>; postings: Map<string, number[]> }[] {
  return data.map(({ index }) => {
    const postings = new Map<string, number[]>();
    const walk = (node: TrieNode, term: string) => {
      if (node.df > 0) postings.set(term, Object.entries(node.docs).flatMap(([id, { tf }]) => [Number(id), Math.round(tf * tf)]));
      for (const key in node) if (key !== 'docs' && key !== 'df') walk(node[key] as TrieNode, term + key);
    };
    walk(index.index.t.root, '');
    const lengths = new Map(Object.entries(index.documentStore.docInfo).map(([id, info]) => [Number(id), info.t]));
    return { n: index.documentStore.length, lengths, postings };
  });
}

describe('the terms of the sharded index', () => {
  it('are exactly what elasticlunr indexes (postings, counts, field lengths, documents), made without it', () => {
    for (const fixture of [shipped, generated]) {
      const direct = fixture.terms;
      const expected = fromElasticlunr(fixture.data);
      direct.forEach((type, i) => {
        expect(type.n).toBe(expected[i].n);
        expect(type.lengths).toEqual(expected[i].lengths);
        expect(new Map([...type.postings].map(([term, list]): [string, number[]] => [term, [...list]]).sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(new Map([...expected[i].postings].sort(([a], [b]) => (a < b ? -1 : 1))));
        expect(Array.from(type.rows, (row) => type.table.stored(row))).toEqual(fixture.data[i].documents);
      });
      expect(direct.reduce((n, type) => n + type.postings.size, 0)).toBeGreaterThan(500);
    }
  });
});

describe('sharded search', () => {
  it('answers every query on the shipped site exactly like the single file, cold and warm', async () => {
    // Small shards, so that queries span several of them; and, second, lists of more than 3
    // documents in files of their own, so that most words' lengths and weights come separately.
    for (const longList of [undefined, 3]) {
      const files = shardSearchIndex(shipped.terms, { shardBytes: 2_000, longList });
      const warm = open(files);
      expect(warm.manifest.shards.length).toBeGreaterThan(10);
      for (const query of [...cases.map((c) => c.query), ...extra]) {
        for (const limit of [8, 100]) {
          const expected = search(shipped.single, query, { limit });
          const cold = open(files);
          expect(await cold.engine.search(query, { limit }), `${query} (cold, limit ${limit}, long lists above ${longList})`).toEqual(expected);
          expect(await warm.engine.search(query, { limit }), `${query} (warm, limit ${limit}, long lists above ${longList})`).toEqual(expected);
        }
      }
    }
  });

  it('answers queries drawn from a generated site exactly like the single file, including typo fallbacks and prefixes', async () => {
    expect(generatedQuerySet.length).toBe(60);
    let corrected = 0;
    let found = 0;
    const warm = sharded(generated.terms);
    for (const query of generatedQuerySet) {
      const expected = search(generated.single, query, { limit: 8 });
      if (expected.correctedQuery) corrected++;
      if (expected.results.length) found++;
      expect(await sharded(generated.terms).engine.search(query, { limit: 8 }), query).toEqual(expected);
      expect(await warm.engine.search(query, { limit: 8 }), query).toEqual(expected);
    }
    expect(corrected).toBeGreaterThan(3);
    expect(found).toBeGreaterThan(50);
  });

  it('fetches only the shards of the query and the fragments of the pages it shows', async () => {
    const { engine, fetched, manifest } = sharded(generated.terms);
    const response = await engine.search('parcel', { limit: 8 });
    expect(response.results.length).toBeGreaterThan(0);
    const shards = fetched.filter((f) => f.startsWith('s/'));
    const fragments = fetched.filter((f) => f.startsWith(manifest.fragments));
    expect(shards).toHaveLength(manifest.shards.filter(([first], k) => first <= 'parcel' && (manifest.shards[k + 1]?.[0] ?? '\uffff') > 'parcel' || first.startsWith('parcel')).length);
    expect(shards.length).toBeLessThan(manifest.shards.length / 4);
    expect(fragments.map((f) => Number(path.basename(f, '.json'))).sort((a, b) => a - b)).toEqual([...new Set(response.results.map((r) => r.page.id))].sort((a, b) => a - b));
    expect(fetched.some((f) => f.startsWith('lex/'))).toBe(false);
    // A typo loads the lexicon of nearby lengths only: "parcle" (term "parcl") → lengths 4–7.
    const typo = sharded(generated.terms);
    const fixed = await typo.engine.search('parcle', { limit: 8 });
    expect(fixed.correctedQuery).toBe('parcel');
    const lengths = typo.fetched.filter((f) => f.startsWith('lex/')).map((f) => Number(f.slice(4).split('.')[0]));
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(7);
  });

  it("fetches the lengths and weights of a long list only for the query's rarest word", async () => {
    const { engine, fetched, manifest, files } = sharded(generated.terms, undefined, 3);
    // Two words that both have long Content lists, one rarer than the other.
    const contentLists = new Map<string, [number, string, string]>();
    for (const [, file] of manifest.shards) {
      const shard = JSON.parse(files.get(`${SHARDED_DIR}/${file}`)!) as ShardFile;
      for (const [term, lists] of Object.entries(shard.t)) {
        const list = lists[SearchDocumentType.Content];
        if (Array.isArray(list) && typeof list[0] === 'number') contentLists.set(term, list as [number, string, string]);
      }
    }
    const [common, rare] = ['parcel', 'histori'].map((term) => contentLists.get(term)!);
    expect(common[0]).toBeGreaterThan(rare[0]);
    const query = 'parcel history';
    const expected = search(generated.single, query, { limit: 100 });
    expect(expected.results.filter((r) => r.type === SearchDocumentType.Content).length).toBeGreaterThan(2);
    expect(await engine.search(query, { limit: 100 })).toEqual(expected);
    expect(fetched).toContain(common[1]);
    expect(fetched).toContain(rare[1]);
    expect(fetched).toContain(rare[2]);
    expect(fetched).not.toContain(common[2]);
  });

  it('#15: finds pages holding the words over sections with the list of page ids, not the second files of common words', async () => {
    // Three words with long Content lists, found together in pages but rarely in one section.
    const query = 'parcel history boundary';
    const expected = search(generated.single, query, { limit: 100, total: true });
    // Pages found by words spread over them: their title is the result, with none of the words in it.
    expect(expected.results.filter((r) => r.type === SearchDocumentType.Title && !r.ranges.length).length).toBeGreaterThan(0);
    const { engine, fetched, manifest, files } = sharded(generated.terms, undefined, 3);
    expect(await engine.search(query, { limit: 100, total: true })).toEqual(expected);
    expect(fetched).toContain(manifest.pageIds);
    expect(files.get(`${SHARDED_DIR}/${manifest.pageIds}`)).toMatch(/^\[1,/);
    // A query whose words share a section fills the search box without it.
    const box = sharded(generated.terms, undefined, 3);
    await box.engine.search('parcel', { limit: 8 });
    expect(box.fetched).not.toContain(manifest.pageIds);
  });

  it('names every shard and lexicon file by the hash of its bytes, and writes the manifest the page fetches', async () => {
    const { files, manifest } = sharded(generated.terms);
    const { createHash } = await import('node:crypto');
    for (const [, file] of manifest.shards) {
      const text = files.get(`${SHARDED_DIR}/${file}`)!;
      expect(file).toBe(`s/${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`);
    }
    for (const file of Object.values(manifest.lexicon)) expect(file).toMatch(/^lex\/\d+\.[0-9a-f]{10}\.json$/);
    // Long posting lists (common words' text postings) have files of their own, hashed too.
    const lists = [...files].filter(([name]) => name.startsWith(`${SHARDED_DIR}/p/`));
    expect(lists.length).toBeGreaterThan(0);
    for (const [name, text] of lists) expect(name).toBe(`${SHARDED_DIR}/p/${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`);
    expect(manifest.fragments).toMatch(/^f\/[0-9a-f]{10}\/$/);
    expect(manifest.pages).toBe(generated.data[0].documents.length);
  });
});

describe('the sharding threshold', () => {
  it('keeps one search-index.json in the SPEC format up to the threshold, and shards above it', () => {
    const pages = generated.data[0].documents.length;
    expect(SHARD_ABOVE_PAGES).toBe(300);
    const single = buildSearchIndex(generated.documents, { shardAbovePages: pages });
    expect(single.fileName).toBe('search-index.json');
    expect(single.files.size).toBe(0);
    expect(Array.isArray(JSON.parse(single.content))).toBe(true);
    const split = buildSearchIndex(generated.documents, { shardAbovePages: pages - 1 });
    expect(split.fileName).toBe(MANIFEST_FILE);
    expect(isShardedManifest(JSON.parse(split.content))).toBe(true);
    expect([...split.files.keys()].every((f) => f.startsWith(`${SHARDED_DIR}/`))).toBe(true);
    // The shipped site is far below the default: one file.
    expect(buildSearchIndex(shipped.documents).fileName).toBe('search-index.json');
  });

  it('is made in steps, at least one per page (a build lets a signal in between: src/steps.ts), which make the files of one call', () => {
    const pages = generated.data[0].documents.length;
    const made = searchIndexSteps(generated.documents, { shardAbovePages: pages - 1 });
    let turns = 0;
    let next = made.next();
    for (; !next.done; next = made.next()) turns++;
    expect(turns).toBeGreaterThanOrEqual(pages);
    const whole = buildSearchIndex(generated.documents, { shardAbovePages: pages - 1 });
    expect(next.value.content).toBe(whole.content);
    expect([...next.value.files]).toEqual([...whole.files]);
  });

  it("writes the same files when the build lets go of the documents' texts as soon as the fragments hold them", () => {
    const pages = generated.data[0].documents.length;
    const kept = buildSearchIndex(generated.documents, { shardAbovePages: pages - 1 });
    const table = DocumentTable.of(generated.documents);
    const released = buildSearchIndex(table, { shardAbovePages: pages - 1, release: true });
    expect(table.texts.length).toBe(0); // let go, as build() asks
    expect(released.content).toBe(kept.content);
    expect(new Map([...released.files].map(([name, content]) => [name, searchFileText(content)]))).toEqual(new Map([...kept.files].map(([name, content]) => [name, searchFileText(content)])));
  });
});
