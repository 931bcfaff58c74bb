// The shipped site's page models, built in memory with the same stages as src/build.ts
// (config → content → openapi → site), without rendering or writing anything.
import path from 'node:path';
import { loadConfig } from '../../src/config/load';
import type { ResolvedConfig } from '../../src/config/types';
import { loadGuides } from '../../src/content/loadGuides';
import { openapiStage } from '../../src/build';
import { buildSite } from '../../src/site/routes';
import type { PageModel } from '../../src/shared/viewModels';
import { searchDocuments } from '../../src/search/documents';
import { buildSearchIndex } from '../../src/search/buildIndex';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function shippedPages(root = repoRoot): Promise<{ config: ResolvedConfig; pages: PageModel[] }> {
  const { config } = await loadConfig({ root });
  const guides = loadGuides(config);
  const { api } = await openapiStage(config);
  const site = buildSite(config, guides, api ? [api] : []);
  return { config, pages: site.pages };
}

/** The shipped site's search documents and `search-index.json`, as the build will make them. */
export async function shippedSearchIndex(root = repoRoot) {
  const { config, pages } = await shippedPages(root);
  const documents = searchDocuments(pages, { routes: config.search.routes });
  return { config, pages, documents, built: buildSearchIndex(documents) };
}
