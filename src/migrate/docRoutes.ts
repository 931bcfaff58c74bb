// Where a Docusaurus doc was served, and where the same file is served by docsgen. Docusaurus
// strips number prefixes from ids and URLs as docsgen does, maps `index`/`README` (and a file
// named like its folder) to the folder, and lets `id` rename the last segment and `slug` replace
// the path; docsgen's guide route is content/discover.ts's `guideRoute`, with the `slug` the
// converted front matter carries (convertFrontMatter turns `id` into a relative `slug`).
import { guideRoute, stripNumberPrefix } from '../content/discover';

export interface DocPaths {
  /** Docusaurus doc id, e.g. `guides/intro`. */
  id: string;
  /** The site path Docusaurus served it at, without baseUrl, e.g. `/docs/guides/intro`. */
  oldUrl: string;
  /** The docsgen route, e.g. `/guides/guides/intro`. */
  route: string;
}

export function docPaths(relPath: string, frontMatter: { id?: unknown; slug?: unknown }, routeBasePath: string): DocPaths {
  const parts = relPath.split('/');
  const fileName = parts.pop()!;
  const dirs = parts.map((d) => stripNumberPrefix(d).name);
  const name = stripNumberPrefix(fileName.replace(/\.mdx?$/, '')).name;
  const fmId = typeof frontMatter.id === 'string' ? frontMatter.id : undefined;
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  const id = [...dirs, fmId ?? name].join('/');
  const base = routeBasePath ? `/${routeBasePath}` : '';
  let oldUrl: string;
  if (slug !== undefined) oldUrl = slug.startsWith('/') ? base + slug : [base, ...dirs, slug].join('/');
  else if (!fmId && (name === 'index' || name === 'README' || name === dirs[dirs.length - 1])) oldUrl = [base, ...dirs].join('/');
  else oldUrl = [base, ...dirs, fmId ?? name].join('/');
  oldUrl = oldUrl.replace(/\/+$/, '') || '/';
  const route = guideRoute(dirs, fileName, slug ?? fmId);
  return { id, oldUrl: oldUrl.startsWith('/') ? oldUrl : `/${oldUrl}`, route };
}
