// The URLs docusaurus-plugin-openapi-docs gave an API's pages, and docsgen's for the same pages.
// The plugin names each page in its outputDir (served under the docs' route) by the lodash
// kebab-case of: the operationId, else the summary (operations); the info title, its first space
// made a dash and lower-cased (the introduction); the tag's name (tag pages, with
// `sidebarOptions.categoryLinkSource: 'tag'`); a schema's title (with `showSchemas`). docsgen's
// slugs come from its own model (openapi/model.ts), so collisions and internal operations are
// treated exactly as the build will treat them.
import { kebabCase } from '../site/slug';
import { buildApiModel } from '../openapi/model';

export interface Redirect {
  from: string;
  to: string;
}

export function apiRedirects(document: Record<string, any>, options: { oldBase: string; newBase: string; source: string; tagPages: boolean; showSchemas: boolean }): Redirect[] {
  const { model } = buildApiModel(document, { onDuplicateRoutes: 'ignore', source: options.source });
  const redirects: Redirect[] = [{ from: options.oldBase, to: options.newBase }];
  const add = (oldId: string, to: string) => {
    if (oldId) redirects.push({ from: `${options.oldBase}/${oldId}`, to });
  };
  const title = typeof document.info?.title === 'string' ? document.info.title : '';
  if (title) add(kebabCase(title.replace(' ', '-').toLowerCase()), options.newBase);
  const paths: Record<string, any> = document.paths ?? {};
  for (const op of model.operations) {
    const raw = paths[op.path]?.[op.method];
    if (!raw) continue;
    add(raw.operationId ? kebabCase(String(raw.operationId)) : kebabCase(String(raw.summary ?? '')), `${options.newBase}/${op.slug}`);
  }
  if (options.tagPages) for (const tag of model.tags) add(kebabCase(tag.name), `${options.newBase}/${tag.slug}`);
  if (options.showSchemas) {
    const schemas: Record<string, any> = document.components?.schemas ?? {};
    for (const schema of model.schemas) {
      const t = schemas[schema.name]?.title;
      add(kebabCase(typeof t === 'string' ? t.replace(' ', '-').toLowerCase() : ''), `${options.newBase}/schemas/${schema.slug}`);
    }
  }
  // Two pages the plugin gave one name (two operations with one summary) were one file, the
  // last written: the redirect goes where that one went.
  const seen = new Map<string, Redirect>();
  for (const r of redirects) seen.set(r.from, r);
  return [...seen.values()].filter((r) => r.from !== r.to);
}
