// Each docusaurus-plugin-openapi-docs entry → a docsgen `openapi` entry (its spec copied when it
// is a file), and the redirects from the pages the plugin generated to docsgen's.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../diagnostics/diagnostic';
import type { OpenApiConfig } from '../config/types';
import { kebabCase } from '../site/slug';
import type { DocusaurusProject, OpenApiDocsEntry } from './readProject';
import { apiRedirects, type Redirect } from './apiRedirects';
import { isInside, rel, type PlannedFile } from './files';

export /** Each spec: its docsgen config entry, its file copied when it is one, and its old pages' redirects. */
async function migrateApis(project: DocusaurusProject, files: Map<string, PlannedFile>, notes: string[]): Promise<{ config: OpenApiConfig; redirects: Redirect[] }[]> {
  const several = project.openapi.length > 1;
  const out: { config: OpenApiConfig; redirects: Redirect[] }[] = [];
  for (const entry of project.openapi) {
    const id = kebabCase(entry.key) || 'api';
    const isUrl = /^https?:\/\//i.test(entry.specPath);
    let spec = entry.specPath;
    if (!isUrl) {
      const abs = path.resolve(project.siteDir, entry.specPath);
      if (!fs.existsSync(abs)) {
        notes.push(`The openapi-docs entry "${entry.key}" names the spec ${entry.specPath}, which does not exist; the config names it anyway: fix the path.`);
      } else if (fs.statSync(abs).isDirectory()) {
        notes.push(`The openapi-docs entry "${entry.key}" names a folder of specs (${entry.specPath}); docsgen reads one spec per API: list each file in \`openapi\`.`);
      } else {
        spec = isInside(project.siteDir, abs) ? path.relative(project.siteDir, abs).split(path.sep).join('/') : `openapi/${path.basename(abs)}`;
        files.set(spec, { copyFrom: abs });
        if (/\$ref['"]?\s*:\s*['"](?!#)/.test(fs.readFileSync(abs, 'utf8'))) notes.push(`${spec}: the spec refers to other files ($ref); copy them beside it.`);
      }
    }
    const config: OpenApiConfig = { ...(several ? { id } : {}), spec, ...(entry.downloadUrl ? { downloadUrl: entry.downloadUrl } : {}) };
    const newBase = several ? `/api/${id}` : '/api';
    out.push({ config, redirects: await redirectsOf(project, entry, spec, newBase, notes) });
  }
  return out;
}

export async function redirectsOf(project: DocusaurusProject, entry: OpenApiDocsEntry, spec: string, newBase: string, notes: string[]): Promise<Redirect[]> {
  const relOut = path.relative(entry.docs.dir, entry.outputDir).split(path.sep).join('/');
  if (relOut.startsWith('..')) {
    notes.push(`The openapi-docs entry "${entry.key}" writes to ${rel(entry.outputDir)}, outside the docs folder: its old URLs are not known, so no redirects were made for them.`);
    return [];
  }
  const oldBase = `/${[entry.docs.routeBasePath, relOut].filter(Boolean).join('/')}`;
  try {
    const { loadSpec } = await import('../openapi/load');
    const { parseApi } = await import('../openapi/parse');
    const source = await loadSpec(/^https?:\/\//i.test(entry.specPath) ? entry.specPath : path.resolve(project.siteDir, entry.specPath), { root: project.siteDir, timeoutMs: 10_000 });
    const parsed = await parseApi(source, { strict: false, validator: false });
    return apiRedirects(parsed.document, { oldBase, newBase, source: spec, tagPages: entry.sidebarOptions?.categoryLinkSource === 'tag', showSchemas: entry.showSchemas === true });
  } catch (e) {
    const text = e instanceof DocsgenError ? e.diagnostics.map((d) => d.text).join(' ') : (e as Error).message;
    notes.push(`The spec of the openapi-docs entry "${entry.key}" could not be read (${text}); no redirects were made from its old pages (${oldBase}/…).`);
    return [];
  }
}
