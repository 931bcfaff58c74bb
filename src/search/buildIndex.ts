// Builds `search-index.json` (SPEC.md §3, §7): an array of `{ documents, index }`, one entry per
// hit type (array position = SearchDocumentType), `index` a serialised elasticlunr 0.9.5 index
// (`ref: 'i'`, one field `t`, `saveDocument(false)`). A site indexing more than
// `search.shardAbovePages` pages gets instead the sharded index of shards.ts, made from the same
// numbers without elasticlunr (terms.ts).
//
// elasticlunr's own pipeline (`trimmer → stopWordFilter → stemmer`) is replaced by an empty one:
// the terms are made beforehand by the shared tokeniser (src/shared/search/tokenize.ts) and handed
// to `addDoc` as an array, so its ASCII-only trimmer never sees them (accented and CJK terms
// survive) and the query side, which uses the same tokeniser, finds exactly what was indexed. An
// empty pipeline also serialises as `[]`, so loading the index needs no registered functions.
// Stop words are dropped from Description and Content terms and kept in Title, Heading and
// Keywords terms.
//
// Stored documents carry only what the UI shows (see StoredDocument): page URL and breadcrumb
// once per page on its Title, anchors on Headings, and each section's text once on its Content
// document (used for the highlighted 50/100-character context).
import { contentHash } from '../output/hash';
import { SEARCH_TYPES, SHARD_ABOVE_PAGES, SearchDocumentType, type SearchIndexFile } from '../shared/search/types';

export { SHARD_ABOVE_PAGES };
import type { SearchDocument } from './documents';
import elasticlunr from './elasticlunr';
import type { Memo } from '../cache/memo';
import { documentKeys, keepAnalysed, memoAnalysed, memoFragments, recalledIndex, rememberIndex, type DocumentGroup } from './indexMemo';
import { keepPatchBase, patchedPostings, patchSlot, rememberPatchBase } from './indexPatch';
import { LONG_LIST, MANIFEST_FILE, SHARD_BYTES, shardInputs, shardSteps, type FragmentReuse, type FragmentSink, type SearchFileContent, type ShardedIndexFiles, type ShardInputs } from './shards';
import { steps, type Steps } from '../steps';
import { Analyser, joinAnalysed, typeTerms, type AnalysedDocuments } from './terms';
import { asTable, type DocumentTable } from './table';
import { WordTerms } from './wordTerms';

export interface BuiltSearchIndex {
  /** The file the page fetches: `search-index.json`, or a sharded index's manifest (shards.ts). */
  fileName: string;
  /** The JSON text of the file. */
  content: string;
  /** Short hash of `content`: the page fetches `<fileName>?_=<hash>` (the single file; render/siteModel.ts). */
  hash: string;
  /** A sharded index's other files (site path → content, their names hashed); empty for a single file. */
  files: Map<string, SearchFileContent>;
}

export interface SearchIndexOptions {
  /** Above this many indexed pages, write the sharded index. @default SHARD_ABOVE_PAGES */
  shardAbovePages?: number;
  /**
   * The build's memo (cache/memo.ts): the index of the same documents is taken from it, and a
   * sharded index analyses again, and makes the page fragments of, only the groups of pages that
   * changed (indexMemo.ts).
   */
  memo?: Memo;
  /**
   * The caller has no other use of the documents: a sharded index lets go of their texts once
   * the page fragments hold them, before the postings' files are made (the 1.9 million texts of
   * the 35,000-page site).
   */
  release?: boolean;
  /**
   * Where a sharded index's page fragments go as they are made (shards.ts FragmentSink), not
   * into `files`. Not with `memo`: an index kept in the memo keeps its fragments.
   */
  fragments?: FragmentSink;
  /**
   * Which of the build's indexes this is (its folder: '' for the site's, a locale's or a
   * version's prefix): each is patched from its own in the next build (indexPatch.ts).
   */
  name?: string;
}

export function buildSearchIndex(...args: Parameters<typeof searchIndexSteps>): BuiltSearchIndex {
  return steps(searchIndexSteps(...args));
}

/** buildSearchIndex as steps: a sharded index yields between its phases and its pages' fragments (steps.ts). */
export function* searchIndexSteps(documents: DocumentTable | readonly SearchDocument[], options: SearchIndexOptions = {}): Steps<BuiltSearchIndex> {
  const table = asTable(documents);
  const sharded = pageCount(table) > (options.shardAbovePages ?? SHARD_ABOVE_PAGES);
  const { memo } = options;
  const release = options.release ? () => table.releaseTexts() : undefined;
  if (!memo) return sharded ? yield* shardedIndex(table, () => new Analyser().analyse(table), release, options.fragments) : singleIndex(table);
  const layout = sharded ? `sharded ${SHARD_BYTES} ${LONG_LIST}` : 'single';
  const keys = documentKeys(table, layout);
  const known = recalledIndex(memo, keys.index);
  if (known) {
    if (sharded) {
      keepAnalysed(keys.groups, memo);
      keepPatchBase(memo, patchSlot(layout, options.name));
    }
    return known;
  }
  if (!sharded) {
    const built = singleIndex(table);
    rememberIndex(memo, keys.index, built);
    return built;
  }
  const slot = patchSlot(layout, options.name);
  const analyser = new Analyser();
  const analyse = (g: DocumentGroup) => analyser.analyse(table, g.start, g.end);
  const fragments = memoFragments(keys.groups, memo);
  const types = SEARCH_TYPES.map((type) => ({ rows: table.rowsOf(type), table }));
  const inputs = shardInputs(types);
  // Patched from the last build's index when only some pages' texts changed (indexPatch.ts); else made whole.
  const patch = yield* patchedPostings(memo, slot, table, keys, inputs, LONG_LIST, (g) => memoAnalysed([g], memo, analyse)[0]);
  if (patch) keepAnalysed(keys.groups, memo);
  const built = patch
    ? indexOf(
        yield* shardSteps(types, {
          release,
          reuse: fragments,
          inputs,
          *postings(_, files) {
            for (const [name, text] of patch.files) files.set(name, text);
            return patch;
          },
        }),
      )
    : yield* shardedIndex(table, () => joinAnalysed(memoAnalysed(keys.groups, memo, analyse)), release, undefined, fragments, inputs);
  fragments.keep();
  rememberIndex(memo, keys.index, built, keys.groups);
  rememberPatchBase(memo, slot, keys, inputs.weights);
  return built;
}

/** How many pages the documents are of (their titles); a plain function, for the loop's sake (steps.ts). */
function pageCount(table: DocumentTable): number {
  let pages = 0;
  for (let k = 0; k < table.length; k++) if (table.types[k] === SearchDocumentType.Title) pages++;
  return pages;
}

/** `analyse` is called, not its result passed: the analysed terms (tens of MB) go once typeTerms has them, not with the whole stage. */
function* shardedIndex(table: DocumentTable, analyse: () => AnalysedDocuments, release: (() => void) | undefined, sink?: FragmentSink, reuse?: FragmentReuse, inputs?: ShardInputs): Steps<BuiltSearchIndex> {
  let analysed: AnalysedDocuments | undefined = analyse();
  yield;
  const typed = typeTerms(table, analysed);
  analysed = undefined;
  yield;
  return indexOf(yield* shardSteps(typed, { release, sink, reuse, inputs }));
}

function indexOf(sharded: ShardedIndexFiles): BuiltSearchIndex {
  return { fileName: MANIFEST_FILE, content: sharded.manifest, hash: contentHash(sharded.manifest), files: sharded.files };
}

function singleIndex(table: DocumentTable): BuiltSearchIndex {
  const content = JSON.stringify(searchIndexData(table));
  return { fileName: 'search-index.json', content, hash: contentHash(content), files: new Map() };
}

/** The file's data before serialisation. */
export function searchIndexData(documents: DocumentTable | readonly SearchDocument[]): SearchIndexFile {
  const table = asTable(documents);
  const words = { drop: new WordTerms('drop'), keep: new WordTerms('keep') };
  return SEARCH_TYPES.map((type) => {
    const rows = table.rowsOf(type);
    const idx = elasticlunr<{ i: number; t: string[] }>(function () {
      this.setRef('i');
      this.addField('t');
      this.saveDocument(false);
    });
    idx.pipeline.reset();
    const stopWords = type === SearchDocumentType.Description || type === SearchDocumentType.Content ? 'drop' : 'keep';
    const ids = new Set<number>();
    for (const k of rows) {
      const i = table.ids[k];
      if (ids.has(i)) throw new Error(`Search document id ${i} is used twice for type ${type}.`);
      ids.add(i);
      const terms = words[stopWords].terms(table.texts[k]);
      if (terms.length) idx.addDoc({ i, t: terms });
    }
    return { documents: Array.from(rows, (k) => table.stored(k)), index: idx.toJSON() as SearchIndexFile[number]['index'] };
  });
}
