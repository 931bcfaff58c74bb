// The API pages' entry in the build cache. Making them (code samples, schema trees, examples) is
// most of the site stage on a large spec, and they depend only on the specs, the config and
// the locale's messages, never on the guides. So a build whose specs and config are those of the
// build that filled the cache takes them from there: the stored pages' bodies as their bytes
// (copied into this build's page store, never deserialized here), the other API pages as they
// were before the site stage settled their links, each spec's links as its text rendered them,
// and the example files. What the rest of the site stage does with them (sidebars, links
// settled against every route, the home page) runs as in a cold build.
//
// When a spec changed, its operation pages whose own inputs did not are still taken back, one by
// one (`pageReuse`): a page is a function of its operation, its path item, what the spec holds
// besides its paths (components, security, servers, tags: one digest), its place in the
// reference (title, breadcrumbs, neighbours) and the config. What making it does to other pages
// is kept with it and replayed: its schemas' "Used by" entries, the example files it links to and
// the numbers of the spec links it shows. Those files and numbers are given out in page order,
// so a page is taken back only when every earlier page left them as they were (else it is made
// again: still exact, only slower).
import { configDigest, engineDigest } from '../cache/engine';
import { dataDigest, digest, type Memo } from '../cache/memo';
import type { PendingLink } from '../openapi/markdown';
import { placeholderIndices } from '../openapi/placeholders';
import type { ExampleFiles, FileUse } from '../openapi/exampleFiles';
import type { PageBody, PageModel } from '../shared/viewModels';
import type { Messages } from '../shared/messages';
import type { ResolvedConfig } from '../config/types';
import type { ApiInput } from '../build';
import { storedRef, stubOf, type PageStore, type StoredRef } from './pageStore';

export const API_PAGES_STAGE = 'api-pages';
/** The most stored bodies the entry keeps (the 7,000-page site's are 237 MiB; Microsoft Graph v1.0's, 2.3 GB, failed the build). */
export const MAX_KEPT_BODIES = 512 * 2 ** 20;

/** A schema's use by a page, replayed into its "Used by" list: the schema's name, where on the page, the field's link, and how many times (uses past those a list shows). */
export type UsedBySchema = [name: string, where: string, href: string, times?: number];

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

type KeptPage = { page: PageModel } | { stub: Omit<PageModel, 'body'>; ref: StoredRef; effects?: PageEffects };

interface ApiPagesEntry {
  /** A digest of every input: an entry with this build's key holds this build's API pages. */
  key: string;
  apis: { pages: KeptPage[]; links: PendingLink[]; rest: string }[];
  files: [string, string][];
  /** The page store's bytes from `start`: the stored pages' bodies. */
  bodies: Uint8Array;
  start: number;
  /** What the store's owner made of each stored page when it was put (its search documents). */
  made: [route: string, unknown][];
}

/** Makes an operation page, or takes it back from the cache (see the top of this file). */
export interface PageReuse {
  /**
   * `inputs`: everything the page's body is made from besides the spec's parts outside its paths.
   * `make` makes the body, recording in `effects` the schema uses it reported and the files it
   * wrote under its own name. A page taken back returns the uses for the caller to replay.
   */
  page(route: string, inputs: unknown, stub: Omit<PageModel, 'body'>, make: (effects: { uses: UsedBySchema[]; own: string[] }) => PageBody): { page: PageModel; uses?: UsedBySchema[] };
}

export interface ApiPagesMemo {
  /**
   * After a spec's edit, its operation and webhook pages taken back one by one and made again
   * (`docsgen build --timings` prints them); undefined when the cache held no earlier API pages for this config.
   */
  operations(): { reused: number; made: number } | undefined;
  /** The API pages of the build that filled the cache, per API (their example files added to `files`), or undefined. */
  restore(files: Map<string, string>): PageModel[][] | undefined;
  /** After a restore that failed: makes API `i`'s operation pages, or takes back those whose inputs did not change. */
  reuse(i: number, document: Record<string, any>, examples: ExampleFiles): PageReuse;
  /**
   * Keeps what this build made, at once: the site stage goes on to change the pages in place.
   * `start`: the store's size before the first API page.
   */
  keep(pages: PageModel[][], files: Map<string, string>, start: number): void;
}

/**
 * `made`: what the store's owner keeps of each stored page when it is put (its search
 * documents), taken for the cache and given back with the pages restored.
 */
export function apiPagesMemo(memo: Memo, store: PageStore, config: ResolvedConfig, messages: Messages, apis: readonly ApiInput[], made: { get(route: string): unknown; set(route: string, value: unknown): void }): ApiPagesMemo {
  // Stored under what does not change with the specs' texts, so that a build after a spec's edit finds the pages it may take back.
  const slot = digest(engineDigest(), configDigest(config), dataDigest([messages, apis.map((api) => [api.settings, api.source, api.changes && [api.changes.versionLabel, api.changes.changes]])]));
  const key = digest(slot, ...apis.map((api) => api.specDigest ?? ''));
  let entry: ApiPagesEntry | null | undefined;
  const earlier = () => (entry === undefined ? (entry = memo.get<ApiPagesEntry>(API_PAGES_STAGE, slot) ?? null) : entry);
  const effects = new Map<string, PageEffects>();
  const rests: string[] = [];
  const operations = { reused: 0, made: 0 };
  let compared = false;
  return {
    operations: () => (compared ? operations : undefined),
    restore(files) {
      const found = earlier();
      if (!found || found.key !== key || found.apis.length !== apis.length) return undefined;
      const stored = found.apis.flatMap((api) => api.pages.filter((p): p is Extract<KeptPage, { ref: StoredRef }> => 'ref' in p));
      const stubs = store.adopt(found.bodies, stored, found.start);
      let next = 0;
      const pages = found.apis.map((api) => api.pages.map((p) => ('page' in p ? p.page : stubs[next++])));
      found.apis.forEach((api, i) => apis[i].markdown.restore(api.links));
      for (const [file, text] of found.files) files.set(file, text);
      for (const [route, value] of found.made) made.set(route, value);
      entry = null; // its bodies (hundreds of MB on a large spec) are in the store now
      return pages;
    },
    reuse(i, document, examples) {
      const { paths: _, webhooks: __, 'x-webhooks': ___, ...rest } = document;
      const restJson = json(rest);
      rests[i] = restJson === undefined || refersToPaths(restJson) ? '' : digest(restJson);
      const found = earlier();
      const before = found && rests[i] && found.apis.length === apis.length && found.apis[i].rest === rests[i] ? found : undefined;
      compared ||= found !== null;
      const beforePages = new Map(before?.apis[i].pages.flatMap((p) => ('effects' in p && p.effects ? [[p.stub.route, p] as const] : [])));
      const beforeMade = new Map(before?.made);
      const beforeFiles = new Map(before?.files);
      const fileText = (file: string) => beforeFiles.get(file);
      const markdown = apis[i].markdown;
      return {
        page(route, inputs, stub, make) {
          const text = json(inputs);
          // '': never taken back.
          const own = text === undefined || refersToPaths(text) ? '' : digest(text);
          const kept = own ? beforePages.get(route) : undefined;
          if (kept && 'ref' in kept && kept.effects!.key === own) {
            const e = kept.effects!;
            const links = markdown.reusable(before!.apis[i].links, e.used, e.first, e.end);
            const files = links && examples.reusable(e.files, fileText);
            if (files && e.own.every((file) => fileText(file) !== undefined)) {
              links!();
              files();
              for (const file of e.own) examples.files.set(file, fileText(file)!);
              const offset = kept.ref.offset - before!.start;
              const [page] = store.adopt(before!.bodies.subarray(offset, offset + kept.ref.length), [{ stub, ref: kept.ref }], kept.ref.offset);
              made.set(route, beforeMade.get(route));
              effects.set(route, e); // its links have the numbers they had
              operations.reused++;
              return { page, uses: e.uses };
            }
          }
          operations.made++;
          const first = markdown.pendingLinks().length;
          const recorded = { uses: [] as UsedBySchema[], own: [] as string[] };
          const { value: body, files } = examples.record(() => make(recorded));
          const end = markdown.pendingLinks().length;
          const page = store.put({ ...stub, body } as PageModel, i);
          effects.set(route, { key: own, uses: recorded.uses, own: recorded.own, files, used: placeholderIndices(body), first, end });
          return { page };
        },
      };
    },
    keep(pages, files, start) {
      entry = null; // the earlier build's pages, let go before this build's are copied out
      // Read back, the bodies would take their size in memory, twice: past the limit they are made again each build.
      if (store.bytes - start > MAX_KEPT_BODIES) return;
      const kept: ApiPagesEntry['apis'] = pages.map((list, i) => ({
        pages: list.map((page): KeptPage => {
          const ref = storedRef(page);
          return ref ? { stub: stubOf(page), ref, effects: effects.get(page.route) } : { page };
        }),
        links: apis[i].markdown.pendingLinks(),
        rest: rests[i] ?? '',
      }));
      const routes = pages.flat().filter((page) => storedRef(page) !== undefined).map((page) => page.route);
      memo.set(API_PAGES_STAGE, slot, { key, apis: kept, files: [...files], bodies: store.bytesFrom(start), start, made: routes.map((route) => [route, made.get(route)]) } satisfies ApiPagesEntry);
    },
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
