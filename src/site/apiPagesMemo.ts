// The API pages' entry in the build cache. Making them (code samples, schema trees, examples) is
// most of the site stage on a large spec, and they depend only on the specs, the config and
// the locale's messages, never on the guides. So a build whose specs and config are those of the
// build that filled the cache takes them from there: the stored pages' bodies as their bytes
// (left in the cache's files, which this build's page store reads; never deserialized here), the
// other API pages as they were before the site stage settled their links, each spec's links as
// its text rendered them, and the example files. What the rest of the site stage does with them (sidebars, links
// settled against every route, the home page) runs as in a cold build.
//
// When a spec changed, its operation pages whose own inputs did not are still taken back, one by
// one (`reuse`): a page is a function of its operation, its path item, what the spec holds
// besides its paths (components, security, servers, tags: one digest), its place in the
// reference (title, breadcrumbs, neighbours) and the config. What making it does to other pages
// is kept with it and replayed: its schemas' "Used by" entries, the example files it links to and
// the numbers of the spec links it shows. Those files and numbers are given out in page order,
// so a page is taken back only when every earlier page left them as they were (else it is made
// again: still exact, only slower). The schema pages follow, by the same rules as one unit, since
// their trees are all made (and report their uses of one another) before any of their pages:
// then each keeps its body, or, when its "Used by" lists changed with the operations, gets its
// earlier body with this build's lists. Where no page store holds the bodies, the same rules
// take them from one entry that holds them all (heldApiPagesMemo): serve --watch's, in memory,
// and an older version's (versions/versionSite.ts), whose spec seldom changes, in either memo.
//
// The stored bodies are kept in parts of about 128 pages, each an entry of its own under the
// digest of its bytes, cut where a page's route says (so an edit changes the bytes of one part,
// and only that part is written again), and checked one at a time, by chunks: no part is in
// memory whole, whatever the spec's size (Microsoft Graph v1.0's bodies are 2.3 GB). What making a
// part's pages did besides their bodies (their effects, their search documents) is kept beside
// it the same way, under the digest of its own bytes (kept in the pages' entry, they made it one
// 406 MB value on the 35,000-page site, whose serialization was the peak of a build filling the cache).
// Each part is stored as soon as the site stage has made its last page (cutParts), and what
// making it did is let go then: held to the stage's end, it was the peak again.
import v8 from 'node:v8';
import { configDigest, engineDigest } from '../cache/engine';
import { dataDigest, digest, type KeptBytes, type Memo } from '../cache/memo';
import type { PendingLink, SpecMarkdown } from '../openapi/markdown';
import { placeholderIndices } from '../openapi/placeholders';
import type { ExampleFiles, FileUse } from '../openapi/exampleFiles';
import type { PageBody, PageModel } from '../shared/viewModels';
import type { Messages } from '../shared/messages';
import type { ResolvedConfig } from '../config/types';
import type { ApiInput } from '../build';
import type { Steps } from '../steps';
import { bodyIn, refFrom, sliceOf, storedRef, stubOf, type PageStore, type StoredRef } from './pageStore';

export const API_PAGES_STAGE = 'api-pages';
/** The API pages with their bodies, in one entry (heldApiPagesMemo). */
const HELD_API_PAGES_STAGE = 'held-api-pages';
/** The stored bodies' parts (see above). */
export const API_BODIES_STAGE = 'api-bodies';
/** Beside each part, its pages' records (PartRecord). */
export const API_RECORDS_STAGE = 'api-records';
/** A part ends after a page whose route's digest starts with 00 or 01 (1 in 128 pages)… */
const PART_CUT = /^0[01]/;
/** …or once it holds this much. */
const PART_BYTES = 32 * 2 ** 20;

/** A schema's use by a page, replayed into its "Used by" list: the schema's name, where on the page, the field's link, and how many times (uses past those a list shows). */
export type UsedBySchema = [name: string, where: string, href: string, times?: number];

/** A schema page to make or take back (site/apiRoutes.ts). */
export interface SchemaDraft {
  stub: Omit<PageModel, 'body'>;
  /** What of its body the operation pages decide (its "Used by" lists); the rest follows from the spec outside its paths. */
  own(): unknown;
  /** A body an earlier build made of it, with this build's `own()` in it. */
  patch(body: PageBody): PageBody;
}

/**
 * Makes every schema page, the trees first, giving each body to `put` in order, in steps (steps.ts).
 * `record.uses[i]` gets schema page i's uses of other schemas; with `record` null they are not
 * reported (they were replayed already).
 */
export type MakeSchemaPages = (record: { uses: UsedBySchema[][] } | null | undefined, put: (i: number, body: PageBody) => void) => Steps<void>;

/** What making the schema pages did besides their bodies: their trees are made in one pass before any page, so one record for all. */
interface SchemaPass {
  uses: UsedBySchema[][];
  files: FileUse[];
  used: number[];
  first: number;
  end: number;
}

/** What making one operation page did besides its body. */
interface PageEffects {
  /** A digest of the page's own inputs. */
  key: string;
  uses: UsedBySchema[];
  /** The example files it links to. */
  files: FileUse[];
  /** Files it writes under its own name (its try-it console's data). */
  own: string[];
  /** The spec links its body shows (their numbers), and those it was the first page to show (`first` up to `end`). */
  used: number[];
  first: number;
  end: number;
}

/**
 * A stored page: its body is in part `part`, at `ref.offset` from the part's start, and its
 * record is the part's k-th; an operation page's `key`: its effects' key; a schema page's `own`:
 * a digest of its SchemaDraft's own().
 */
type StoredPage = { stub: Omit<PageModel, 'body'>; ref: StoredRef; part: number; k: number; key?: string; own?: string };
type KeptPage = { page: PageModel } | StoredPage;
/** What making a stored page did besides its body: its effects (an operation page), and what the store's owner made of it (its search documents). */
interface PartRecord {
  effects?: PageEffects;
  made: unknown;
}

interface ApiPagesEntry {
  /** A digest of every input: an entry with this build's key holds this build's API pages. */
  key: string;
  apis: { pages: KeptPage[]; links: PendingLink[]; rest: string; schemas?: SchemaPass }[];
  files: [string, string][];
  /** The keys of the bodies' parts (API_BODIES_STAGE), in the order they were stored. */
  parts: string[];
  /** The keys of their pages' records (API_RECORDS_STAGE): the serialized PartRecord[] of part i is records[i]. */
  records: string[];
}

/** Makes an operation page, or takes it back from the cache (see the top of this file). */
export interface PageReuse {
  /**
   * `inputs`: everything the page's body is made from besides the spec's parts outside its paths.
   * `make` makes the body, recording in `effects` the schema uses it reported and the files it
   * wrote under its own name. A page taken back returns the uses for the caller to replay.
   */
  page(route: string, inputs: unknown, stub: Omit<PageModel, 'body'>, make: (effects: { uses: UsedBySchema[]; own: string[] }) => PageBody): { page: PageModel; uses?: UsedBySchema[] };
  /**
   * The schema pages, after every operation page: made by `make`, or taken back when the spec
   * outside its paths is unchanged and the pages before them left the spec links and example
   * files as they were. `replay` then adds the trees' recorded uses, and each page keeps its
   * earlier body when its draft's own() is unchanged, else gets it patched.
   */
  schemas(drafts: readonly SchemaDraft[], make: MakeSchemaPages, replay: (uses: readonly UsedBySchema[][]) => void): Steps<PageModel[]>;
}

/** Pages taken back and made again. */
export interface Counts {
  reused: number;
  made: number;
}

export interface ApiPagesMemo {
  /**
   * After a spec's edit, its operation and webhook pages and its schema pages taken back and made
   * again (`docsgen build --timings` prints them); undefined when the cache held no earlier API pages for this config.
   */
  taken(): { operations: Counts; schemas: Counts } | undefined;
  /** The API pages of the build that filled the cache, per API (their example files added to `files`), or undefined. */
  restore(files: Map<string, string>): PageModel[][] | undefined;
  /** After a restore that failed: makes API `i`'s operation pages, or takes back those whose inputs did not change. */
  reuse(i: number, document: Record<string, any>, examples: ExampleFiles): PageReuse;
  /** Stores the last part and the entry that names the parts, at once: the site stage goes on to change the pages in place. */
  keep(pages: PageModel[][], files: Map<string, string>): void;
  /** Whether a page it gave out is known to show no spec link: settling its links would find none. */
  showsNoLinks?(page: PageModel): boolean;
}

/**
 * `made`: what the store's owner keeps of each stored page when it is put (its search
 * documents), taken for the cache and given back with the pages restored.
 */
export function apiPagesMemo(memo: Memo, store: PageStore, config: ResolvedConfig, messages: Messages, apis: readonly ApiInput[], made: { get(route: string): unknown; set(route: string, value: unknown): void }): ApiPagesMemo {
  // Stored under what does not change with the specs' texts, so that a build after a spec's edit
  // finds the pages it may take back. On a versioned site the changes since the older version
  // change with them too: each operation page's inputs hold its own (site/apiRoutes.ts).
  const slot = digest(engineDigest(), configDigest(config), dataDigest([messages, apis.map((api) => [api.settings, api.source, api.changes?.versionLabel])]));
  const key = digest(slot, ...apis.map((api) => api.specDigest ?? ''), dataDigest(apis.map((api) => api.changes?.changes)));
  let entry: ApiPagesEntry | null | undefined;
  const earlier = () => (entry === undefined ? (entry = memo.get<ApiPagesEntry>(API_PAGES_STAGE, slot) ?? null) : entry);
  const effects = new Map<string, PageEffects>();
  // Parts that could not be read this build: cutParts writes them again, and keeps the others it
  // finds on disk as they are (a damaged one is found when a build reads it). One is held at a time.
  const unread = new Set<string>();
  // Pages whose bodies were copied from a part of the earlier build: where they were in it (see CopiedFrom).
  const copied = new Map<PageModel, CopiedFrom>();
  let held: { key: string; bytes: Uint8Array | KeptBytes | undefined } | undefined;
  const part = (found: ApiPagesEntry, i: number): Uint8Array | KeptBytes | undefined => {
    const partKey = found.parts[i];
    if (held?.key !== partKey) {
      const bytes = memo.getBytes ? memo.getBytes(API_BODIES_STAGE, partKey) : memo.get<Uint8Array>(API_BODIES_STAGE, partKey);
      held = { key: partKey, bytes: bytes && !(bytes instanceof Uint8Array) ? store.adoptable(bytes) : bytes };
      if (!held.bytes) unread.add(partKey);
    }
    return held.bytes;
  };
  // The same for the parts' records: one part's held at a time.
  const unreadRecords = new Set<string>();
  let heldRecords: { key: string; records: PartRecords | undefined } | undefined;
  const records = (found: ApiPagesEntry, i: number): PartRecords | undefined => {
    const recordsKey = found.records[i];
    if (heldRecords?.key !== recordsKey) {
      heldRecords = { key: recordsKey, records: partRecords(memo.get<Uint8Array>(API_RECORDS_STAGE, recordsKey)) };
      if (!heldRecords.records) unreadRecords.add(recordsKey);
    }
    return heldRecords.records;
  };
  const rests: string[] = [];
  const passes: (SchemaPass | undefined)[] = [];
  // Each schema page's digest of its own() (SchemaDraft), by route.
  const schemaOwn = new Map<string, string>();
  const counts = newCounts();
  let compared = false;
  // The parts this build stores, cut as its pages are (see cutParts): from the first reuse(), so
  // that pages a restore adopted before it failed are not among them.
  let parts: PartsCut | undefined;
  const cutting = () => {
    const before = earlier();
    const onDisk = { [API_BODIES_STAGE]: new Set(before?.parts), [API_RECORDS_STAGE]: new Set(before?.records) };
    const unreadIn = { [API_BODIES_STAGE]: unread, [API_RECORDS_STAGE]: unreadRecords };
    return cutParts(memo, store, {
      record(page) {
        const record = { effects: effects.get(page.route), made: made.get(page.route) };
        effects.delete(page.route);
        return record;
      },
      copiedFrom: (page) => copied.get(page),
      // A part of the earlier build that could be read, or was not tried (a damaged one is found when a build reads it).
      onDisk: (stage, partKey) => onDisk[stage].has(partKey) && !unreadIn[stage].has(partKey),
    });
  };
  return {
    taken: () => (compared ? counts : undefined),
    restore(files) {
      const found = earlier();
      if (!found || found.key !== key || found.apis.length !== apis.length) return undefined;
      const stored = found.apis.flatMap((api) => api.pages.filter((p): p is StoredPage => 'ref' in p));
      const stubs = new Map<StoredPage, PageModel>();
      for (let i = 0; i < found.parts.length; i++) {
        const bytes = part(found, i);
        const recorded = bytes && records(found, i);
        if (!recorded) return undefined; // a part gone or damaged: the pages are made again
        const inPart = stored.filter((p) => p.part === i);
        store.adopt(bytes, inPart, 0).forEach((stub, k) => {
          stubs.set(inPart[k], stub);
          copied.set(stub, { part: found.parts[i], records: found.records[i], offset: inPart[k].ref.offset, of: inPart.length });
          made.set(stub.route, recorded.at(inPart[k].k)?.made);
        });
      }
      held = heldRecords = undefined;
      const pages = found.apis.map((api) => api.pages.map((p) => ('page' in p ? p.page : stubs.get(p)!)));
      found.apis.forEach((api, i) => apis[i].markdown.restore(api.links));
      for (const [file, text] of found.files) files.set(file, text);
      entry = null;
      return pages;
    },
    reuse(i, document, examples) {
      parts ??= cutting();
      rests[i] = restKey(document);
      const found = earlier();
      const before = found && rests[i] && found.apis.length === apis.length && found.apis[i].rest === rests[i] ? found : undefined;
      compared ||= found !== null;
      const beforePages = new Map(before?.apis[i].pages.flatMap((p) => ('ref' in p && (p.key !== undefined || p.own !== undefined) ? [[p.stub.route, p] as const] : [])));
      const beforeFiles = new Map(before?.files);
      const fileText = (file: string) => beforeFiles.get(file);
      const partSizes = new Map<number, number>();
      for (const api of before?.apis ?? []) for (const p of api.pages) if ('ref' in p) partSizes.set(p.part, (partSizes.get(p.part) ?? 0) + 1);
      const markdown = apis[i].markdown;
      // A page taken back: its stored bytes copied into this build's store, as they are.
      const adopt = (kept: StoredPage, bytes: Uint8Array | KeptBytes, record: PartRecord, stub: Omit<PageModel, 'body'>) => {
        const [page] = store.adopt(sliceOf(bytes, kept.ref.offset, kept.ref.length), [{ stub, ref: kept.ref }], kept.ref.offset);
        copied.set(page, { part: before!.parts[kept.part], records: before!.records[kept.part], offset: kept.ref.offset, of: partSizes.get(kept.part)! });
        made.set(stub.route, record.made);
        return page;
      };
      return {
        page(route, inputs, stub, make) {
          const own = inputsKey(inputs);
          const kept = own ? beforePages.get(route) : undefined;
          const record = kept?.key === own ? records(before!, kept.part)?.at(kept.k) : undefined;
          if (record?.effects) {
            const e = record.effects;
            const back = takeBack(e, before!.apis[i].links, markdown, examples, fileText);
            const bytes = back && part(before!, kept!.part);
            if (bytes) {
              back!();
              effects.set(route, e); // its links have the numbers they had
              counts.operations.reused++;
              return { page: adopt(kept!, bytes, record, stub), uses: e.uses };
            }
          }
          counts.operations.made++;
          const { body, json, effects: e } = recordMake(own, markdown, examples, make);
          const page = store.put({ ...stub, body } as PageModel, i, { json, links: e.used.length > 0 });
          effects.set(route, e);
          return { page };
        },
        *schemas(drafts, make, replay) {
          const earlier = before?.apis[i].schemas;
          const kept = earlier ? drafts.map((d) => beforePages.get(d.stub.route)) : [];
          const back = earlier && kept.every((p) => p?.own !== undefined) ? takeBack(earlier, before!.apis[i].links, markdown, examples, fileText) : undefined;
          const pages: PageModel[] = [];
          const put = (k: number, body: PageBody, json = JSON.stringify(body), used = placeholderIndices(json)) => {
            schemaOwn.set(drafts[k].stub.route, dataDigest(drafts[k].own()));
            pages.push(store.put({ ...drafts[k].stub, body } as PageModel, i, { json, links: used.length > 0 }));
          };
          if (!back) {
            counts.schemas.made += drafts.length;
            passes[i] = yield* recordSchemaPass(markdown, examples, make, put);
            return pages;
          }
          back();
          replay(earlier!.uses);
          passes[i] = earlier;
          for (const [k, draft] of drafts.entries()) {
            const page = kept[k]!;
            const bytes = part(before!, page.part);
            const record = bytes && records(before!, page.part)?.at(page.k);
            if (!record) {
              // A part gone or damaged: the pages from here on are made again (the trees' uses, links and files are in already).
              counts.schemas.made += drafts.length - k;
              yield* make(null, (j, body) => j >= k && put(j, body));
              break;
            }
            const own = dataDigest(draft.own());
            if (own === page.own) {
              schemaOwn.set(draft.stub.route, own);
              pages.push(adopt(page, bytes!, record, draft.stub));
              counts.schemas.reused++;
            } else {
              put(k, draft.patch(bodyIn(bytes!, page.ref.offset, page.ref.length)));
              counts.schemas.made++;
            }
            yield;
          }
          return pages;
        },
      };
    },
    keep(pages, files) {
      const cut = (parts ??= cutting());
      cut.close();
      const kept: ApiPagesEntry['apis'] = pages.map((list, i) => ({
        pages: list.map((page): KeptPage => {
          const at = cut.placed.get(page);
          return at ? { stub: stubOf(page), ...at, own: schemaOwn.get(page.route) } : { page };
        }),
        links: apis[i].markdown.pendingLinks(),
        rest: rests[i] ?? '',
        schemas: passes[i],
      }));
      memo.set(API_PAGES_STAGE, slot, { key, apis: kept, files: [...files], parts: cut.keys, records: cut.recordKeys } satisfies ApiPagesEntry);
      entry = null;
      held = heldRecords = undefined;
      // Only keep() needed them: let go before the search stage.
      store.onStored = undefined;
      parts = undefined;
      copied.clear();
      schemaOwn.clear();
    },
  };
}

/** heldApiPagesMemo's entry: what the last build made of each API's operation, webhook and schema pages. */
interface HeldApiPages {
  apis: { rest: string; links: PendingLink[]; pages: Map<string, HeldPage>; schemas?: { pass: SchemaPass; pages: Map<string, HeldSchemaPage> } }[];
  files: Map<string, string>;
}

/**
 * A page's body as the last build made it: the object itself when it shows no spec link (nothing
 * changes it after), else its JSON, placeholders and all (settling its links rewrote the object),
 * or neither once HELD_JSON_CHARS are kept (the page is then made again).
 */
type HeldBody = { body?: PageBody; json?: string };
type HeldPage = HeldBody & { effects: PageEffects };
/** `own`: the digest of its SchemaDraft's own(). */
type HeldSchemaPage = HeldBody & { own: string };

/**
 * The JSON kept of the pages that show spec links, in characters: a spec whose descriptions link
 * everywhere (Microsoft Graph's relative links) would otherwise hold its bodies twice.
 */
const HELD_JSON_CHARS = 128 * 2 ** 20;

/**
 * Whether the API pages of these specs can be taken back from a memo: not when a spec's `$ref`s
 * name other files, since its text alone is not then what its pages are made of.
 */
export function takesPagesBack(apis: readonly ApiInput[]): boolean {
  return apis.length > 0 && apis.every((api) => !!api.specDigest);
}

/**
 * The API pages' memo where no page store holds their bodies (serve --watch's site, an older
 * version's): after an edit to a spec, its operation and webhook pages whose inputs did not
 * change are taken back from the last build by the same rules as from the page store, their
 * bodies kept in the memo's entry (in memory in a live memo, serialized in the build cache).
 */
export function heldApiPagesMemo(memo: Memo, config: ResolvedConfig, messages: Messages, apis: readonly ApiInput[]): ApiPagesMemo {
  // Under what does not change with the specs' texts (see apiPagesMemo's slot).
  const key = dataDigest([configDigest(config), messages, apis.map((api) => api.changes?.versionLabel)]);
  const before = memo.get<HeldApiPages>(HELD_API_PAGES_STAGE, key);
  const fileText = (file: string) => before?.files.get(file);
  const now: HeldApiPages['apis'] = [];
  const counts = newCounts();
  let jsonChars = 0;
  const noLinks = new WeakSet<PageModel>();
  const given = (page: PageModel, kept: HeldBody) => {
    if (kept.body) noLinks.add(page);
    jsonChars += kept.json?.length ?? 0;
    return page;
  };
  // What is kept of a body just made (see HeldBody).
  const keptBody = (body: PageBody, json: string, linked: boolean): HeldBody => {
    if (!linked) return { body };
    return jsonChars + json.length <= HELD_JSON_CHARS ? { json } : {};
  };
  const bodyOf = (kept: HeldBody) => kept.body ?? (JSON.parse(kept.json!) as PageBody);
  return {
    taken: () => (before && now.length > 0 ? counts : undefined),
    restore: () => undefined,
    showsNoLinks: (page) => noLinks.has(page),
    reuse(i, document, examples) {
      const rest = restKey(document);
      const earlier = rest && before?.apis.length === apis.length && before.apis[i].rest === rest ? before.apis[i] : undefined;
      const pages = new Map<string, HeldPage>();
      const markdown = apis[i].markdown;
      now[i] = { rest, links: [], pages };
      return {
        page(route, inputs, stub, make) {
          const own = inputsKey(inputs);
          const kept = own ? earlier?.pages.get(route) : undefined;
          const back = kept?.effects.key === own && (kept.body || kept.json) ? takeBack(kept.effects, earlier!.links, markdown, examples, fileText) : undefined;
          if (back) {
            back();
            pages.set(route, kept!);
            counts.operations.reused++;
            return { page: given({ ...stub, body: bodyOf(kept!) } as PageModel, kept!), uses: kept!.effects.uses };
          }
          counts.operations.made++;
          const { body, json, effects } = recordMake(own, markdown, examples, make);
          const live: HeldPage = { effects, ...keptBody(body, json, effects.used.length > 0) };
          pages.set(route, live);
          return { page: given({ ...stub, body } as PageModel, live) };
        },
        *schemas(drafts, make, replay) {
          const last = earlier?.schemas;
          const kept = last ? drafts.map((d) => last.pages.get(d.stub.route)) : [];
          const back = last && kept.every((p) => p && (p.body || p.json)) ? takeBack(last.pass, earlier!.links, markdown, examples, fileText) : undefined;
          const schemaPages = new Map<string, HeldSchemaPage>();
          const out: PageModel[] = [];
          const put = (k: number, body: PageBody, json = JSON.stringify(body), used = placeholderIndices(json)) => {
            const live: HeldSchemaPage = { own: dataDigest(drafts[k].own()), ...keptBody(body, json, used.length > 0) };
            schemaPages.set(drafts[k].stub.route, live);
            out.push(given({ ...drafts[k].stub, body } as PageModel, live));
          };
          if (!back) {
            counts.schemas.made += drafts.length;
            now[i].schemas = { pass: yield* recordSchemaPass(markdown, examples, make, put), pages: schemaPages };
            return out;
          }
          back();
          replay(last!.pass.uses);
          now[i].schemas = { pass: last!.pass, pages: schemaPages };
          for (const [k, draft] of drafts.entries()) {
            const page = kept[k]!;
            if (dataDigest(draft.own()) === page.own) {
              schemaPages.set(draft.stub.route, page);
              out.push(given({ ...draft.stub, body: bodyOf(page) } as PageModel, page));
              counts.schemas.reused++;
            } else {
              put(k, draft.patch(bodyOf(page)));
              counts.schemas.made++;
            }
            yield;
          }
          return out;
        },
      };
    },
    keep(_pages, files) {
      // Copies of the links as they are before this build settles them (settling marks them).
      now.forEach((api, i) => (api.links = apis[i].markdown.pendingLinks().map((p) => ({ ...p, link: { ...p.link } }))));
      const entry: HeldApiPages = { apis: now, files: new Map(files) };
      // In the build cache, an entry this build would write as it was is kept as it is: an older
      // version's pages would otherwise be serialized and written again by every build.
      if (!memo.live && before && counts.operations.made + counts.schemas.made === 0 && sameEntry(before, entry)) memo.use(HELD_API_PAGES_STAGE, key);
      else memo.set(HELD_API_PAGES_STAGE, key, entry);
    },
  };
}

/** Whether a build that made no page of its own has the entry it started from: the same pages, links and files. */
function sameEntry(before: HeldApiPages, now: HeldApiPages): boolean {
  const samePages = (a: Map<string, unknown> | undefined, b: Map<string, unknown> | undefined) => a?.size === b?.size && [...(a?.keys() ?? [])].every((route) => b!.has(route));
  return (
    before.apis.length === now.apis.length &&
    before.apis.every((api, i) => api.rest === now.apis[i].rest && samePages(api.pages, now.apis[i].pages) && samePages(api.schemas?.pages, now.apis[i].schemas?.pages) && json(api.links) === json(now.apis[i].links)) &&
    before.files.size === now.files.size &&
    [...before.files].every(([file, text]) => now.files.get(file) === text)
  );
}

/**
 * Where a page's body was in the earlier build: in part `part` (whose records are `records`), at
 * `offset`, one of `of` pages. A part made of one earlier part's pages, each where it was, is that
 * part: the same bytes, records and keys.
 */
interface CopiedFrom {
  part: string;
  records: string;
  offset: number;
  of: number;
}

/** The parts a build stored so far: their keys (API_BODIES_STAGE, API_RECORDS_STAGE) and where each page is in them. */
interface PartsCut {
  keys: string[];
  recordKeys: string[];
  /** Each stored page's part, its record's place in the part's, its body's place counted from the part's start, and its effects' key. */
  placed: Map<PageModel, { part: number; k: number; ref: StoredRef; key?: string }>;
  /** Stores the part being cut (the site stage's last). */
  close(): void;
}

/**
 * Cuts the store's pages into parts as they are stored, and stores each part (its bodies' bytes,
 * its pages' records) once the next page shows that it ended: what making its pages did is let
 * go then, not at the end of the site stage, where it was 149 MB of the 35,000-page site's heap
 * at the build's peak. `record` gives a page's record and lets go of its effects; `copiedFrom`,
 * where the page's body was in the earlier build; `onDisk`, whether an entry is kept as it is.
 */
function cutParts(memo: Memo, store: PageStore, stored: { record(page: PageModel): PartRecord; copiedFrom(page: PageModel): CopiedFrom | undefined; onDisk(stage: typeof API_BODIES_STAGE | typeof API_RECORDS_STAGE, key: string): boolean }): PartsCut {
  let open: { page: PageModel; ref: StoredRef }[] = [];
  const cut: PartsCut = { keys: [], recordKeys: [], placed: new Map(), close };
  const storeEntry = (stage: typeof API_BODIES_STAGE | typeof API_RECORDS_STAGE, entryKey: string, bytes: () => Uint8Array) => {
    if (stored.onDisk(stage, entryKey)) memo.use(stage, entryKey);
    else memo.set(stage, entryKey, bytes());
  };
  function close() {
    if (open.length === 0) return;
    const start = open[0].ref.offset;
    const end = open[open.length - 1].ref.offset + open[open.length - 1].ref.length;
    const from = stored.copiedFrom(open[0].page);
    const whole =
      from &&
      from.of === open.length &&
      open.every(({ page, ref }) => {
        const at = stored.copiedFrom(page);
        return at?.part === from.part && at.offset === ref.offset - start;
      });
    const bytes = whole ? undefined : store.bytesFrom(start, end);
    const partKey = whole ? from.part : digest(bytes!);
    storeEntry(API_BODIES_STAGE, partKey, () => bytes ?? store.bytesFrom(start, end));
    const records = open.map(({ page, ref }, k): PartRecord => {
      const record = stored.record(page);
      cut.placed.set(page, { part: cut.keys.length, k, ref: refFrom(ref, start), key: record.effects?.key });
      return record;
    });
    cut.keys.push(partKey);
    // Its pages' records, serialized here to be named by their bytes (and stored as them); a whole
    // earlier part's pages were each taken back with their record, so their records are its.
    const recorded = whole ? undefined : serializedRecords(records);
    const recordsKey = whole ? from.records : digest(recorded!);
    storeEntry(API_RECORDS_STAGE, recordsKey, () => recorded ?? serializedRecords(records));
    cut.recordKeys.push(recordsKey);
    open = [];
  }
  // A page's effects are recorded after the store has it: a part is stored when the next page comes, or at close().
  store.onStored = (page) => {
    const ref = storedRef(page)!;
    const last = open.at(-1);
    if (last && (cutAfter(last.page.route) || ref.offset + ref.length - open[0].ref.offset > PART_BYTES)) close();
    open.push({ page, ref });
  };
  return cut;
}

/** A part's records, as partRecords reads them: the k-th page's with `at(k)`. */
interface PartRecords {
  at(k: number): PartRecord | undefined;
}

/**
 * A part's records as stored (API_RECORDS_STAGE): the pages' effects and what the store's owner
 * made of them, each list serialized on its own. Every build that takes the pages back reads the
 * second (their search documents); only one after a spec's edit reads the first, which was half
 * of deserializing the records on the 7,000-page site (a guide's edit: 368 ms in all).
 */
function serializedRecords(records: readonly PartRecord[]): Buffer {
  return v8.serialize([v8.serialize(records.map((r) => r.effects)), v8.serialize(records.map((r) => r.made))]);
}

/** A part's records as stored (serializedRecords); undefined for none, or bytes that are not its lists. */
function partRecords(bytes: Uint8Array | undefined): PartRecords | undefined {
  if (!bytes) return undefined;
  try {
    const [effectsBytes, madeBytes] = v8.deserialize(bytes) as unknown[];
    const made = madeBytes instanceof Uint8Array ? (v8.deserialize(madeBytes) as unknown) : undefined;
    if (!(effectsBytes instanceof Uint8Array) || !Array.isArray(made)) return undefined;
    let effects: (PageEffects | undefined)[] | undefined;
    const effectsOf = (k: number) => {
      if (!effects) {
        try {
          const list = v8.deserialize(effectsBytes) as unknown;
          effects = Array.isArray(list) && list.length === made.length ? list : [];
        } catch {
          effects = []; // read as none: the pages are made again
        }
      }
      return effects[k];
    };
    return { at: (k) => (k < made.length ? { made: made[k], get effects() { return effectsOf(k); } } : undefined) };
  } catch {
    return undefined;
  }
}

/** Where the bodies' parts end: after the pages whose route says so, the same in every build. */
function cutAfter(route: string): boolean {
  return PART_CUT.test(digest(route));
}

/**
 * A digest of what a spec holds besides its paths and webhooks (components, security, servers,
 * tags), which every operation page may show; '' when it cannot be told (no page is then taken back).
 */
function restKey(document: Record<string, any>): string {
  const { paths: _, webhooks: __, 'x-webhooks': ___, ...rest } = document;
  const text = json(rest);
  return text === undefined || refersToPaths(text) ? '' : digest(text);
}

/** A digest of an operation page's own inputs; '' for a page that is never taken back. */
function inputsKey(inputs: unknown): string {
  const text = json(inputs);
  return text === undefined || refersToPaths(text) ? '' : digest(text);
}

/**
 * Makes an operation page's body and records what making it did besides (its effects): the
 * schema uses and own files `make` reports, the example files it linked to, the spec links its
 * body shows and those it was the first to show.
 */
function recordMake(key: string, markdown: SpecMarkdown, examples: ExampleFiles, make: (effects: { uses: UsedBySchema[]; own: string[] }) => PageBody): { body: PageBody; json: string; effects: PageEffects } {
  const first = markdown.pendingLinks().length;
  const recorded = { uses: [] as UsedBySchema[], own: [] as string[] };
  const { value: body, files } = examples.record(() => make(recorded));
  const end = markdown.pendingLinks().length;
  // One JSON of the body for all who need it: its links are read from it, a store digests it.
  const json = JSON.stringify(body);
  return { body, json, effects: { key, uses: recorded.uses, own: recorded.own, files, used: placeholderIndices(json), first, end } };
}

/**
 * Makes the schema pages, recording what the pass did besides their bodies (as recordMake does
 * for one page); `put` takes each body with its JSON and the spec links it shows.
 */
function* recordSchemaPass(markdown: SpecMarkdown, examples: ExampleFiles, make: MakeSchemaPages, put: (i: number, body: PageBody, json: string, used: number[]) => void): Steps<SchemaPass> {
  const first = markdown.pendingLinks().length;
  const record = { uses: [] as UsedBySchema[][] };
  const used = new Set<number>();
  const { files } = yield* examples.recordSteps(
    make(record, (i, body) => {
      const json = JSON.stringify(body);
      const shown = placeholderIndices(json);
      for (const n of shown) used.add(n);
      put(i, body, json, shown);
    }),
  );
  return { uses: record.uses, files, used: [...used], first, end: markdown.pendingLinks().length };
}

function newCounts(): { operations: Counts; schemas: Counts } {
  return { operations: { reused: 0, made: 0 }, schemas: { reused: 0, made: 0 } };
}

/**
 * For a page an earlier build made with effects `e`: when this build has numbered the spec links
 * and named the example files so far as that one had, what replays the page's own (else the
 * page must be made again). `earlier`: that build's spec links; `fileText`: its files.
 */
function takeBack(e: Pick<PageEffects, 'files' | 'used' | 'first' | 'end'> & { own?: string[] }, earlier: readonly PendingLink[], markdown: SpecMarkdown, examples: ExampleFiles, fileText: (file: string) => string | undefined): (() => void) | undefined {
  const links = markdown.reusable(earlier, e.used, e.first, e.end);
  const files = links && examples.reusable(e.files, fileText);
  const own = e.own ?? [];
  if (!files || !own.every((file) => fileText(file) !== undefined)) return undefined;
  return () => {
    links!();
    files();
    for (const file of own) examples.files.set(file, fileText(file)!);
  };
}

/** The JSON of a part of the spec; undefined for one that has none (a YAML alias that makes a cycle). */
function json(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A `$ref` into the spec's paths or webhooks: what refers to it depends on another operation's text. */
function refersToPaths(json: string): boolean {
  return json.includes('#/paths') || json.includes('#/webhooks') || json.includes('#/x-webhooks');
}
