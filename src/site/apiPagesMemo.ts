// The API pages' entry in the build cache. Making them (code samples, schema trees, examples) is
// most of the site stage on a large spec, and they depend only on the specs, the config and
// the locale's messages, never on the guides. So a build whose specs and config are those of the
// build that filled the cache takes them from there: the stored pages' bodies as their bytes
// (copied into this build's page store, never deserialized here), the other API pages as they
// were before the site stage settled their links, each spec's links as its text rendered them,
// and the example files. What the rest of the site stage does with them (sidebars, links
// settled against every route, the home page) runs as in a cold build.
import { configDigest, engineDigest } from '../cache/engine';
import { dataDigest, digest, type Memo } from '../cache/memo';
import type { PendingLink } from '../openapi/markdown';
import type { PageModel } from '../shared/viewModels';
import type { Messages } from '../shared/messages';
import type { ResolvedConfig } from '../config/types';
import type { ApiInput } from '../build';
import { storedRef, stubOf, type PageStore, type StoredRef } from './pageStore';

export const API_PAGES_STAGE = 'api-pages';

type KeptPage = { page: PageModel } | { stub: Omit<PageModel, 'body'>; ref: StoredRef };

interface ApiPagesEntry {
  apis: { pages: KeptPage[]; links: PendingLink[] }[];
  files: [string, string][];
  /** The page store's bytes from `start`: the stored pages' bodies. */
  bodies: Uint8Array;
  start: number;
  /** What the store's owner made of each stored page when it was put (its search documents). */
  made: [route: string, unknown][];
}

export interface ApiPagesMemo {
  /** The API pages of the build that filled the cache, per API (their example files added to `files`), or undefined. */
  restore(files: Map<string, string>): PageModel[][] | undefined;
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
  const key = digest(engineDigest(), configDigest(config), dataDigest([messages, apis.map((api) => [api.settings, api.source, api.specDigest, api.changes && [api.changes.versionLabel, api.changes.changes]])]));
  return {
    restore(files) {
      const entry = memo.get<ApiPagesEntry>(API_PAGES_STAGE, key);
      if (!entry || entry.apis.length !== apis.length) return undefined;
      const stored = entry.apis.flatMap((api) => api.pages.filter((p): p is Extract<KeptPage, { ref: StoredRef }> => 'ref' in p));
      const stubs = store.adopt(entry.bodies, stored, entry.start);
      let next = 0;
      const pages = entry.apis.map((api) => api.pages.map((p) => ('page' in p ? p.page : stubs[next++])));
      entry.apis.forEach((api, i) => apis[i].markdown.restore(api.links));
      for (const [file, text] of entry.files) files.set(file, text);
      for (const [route, value] of entry.made) made.set(route, value);
      return pages;
    },
    keep(pages, files, start) {
      const kept: ApiPagesEntry['apis'] = pages.map((list, i) => ({
        pages: list.map((page): KeptPage => {
          const ref = storedRef(page);
          return ref ? { stub: stubOf(page), ref } : { page };
        }),
        links: apis[i].markdown.pendingLinks(),
      }));
      const routes = pages.flat().filter((page) => storedRef(page) !== undefined).map((page) => page.route);
      memo.set(API_PAGES_STAGE, key, { apis: kept, files: [...files], bodies: store.bytesFrom(start), start, made: routes.map((route) => [route, made.get(route)]) } satisfies ApiPagesEntry);
    },
  };
}
