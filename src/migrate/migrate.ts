// `docsgen migrate docusaurus`: a Docusaurus 3 site → a new docsgen project. Everything is
// planned in memory first (each output file's text, or the file it is copied from); nothing is
// written unless no planned file exists yet, so a second run, or a folder of the user's, is never
// overwritten.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { UserConfig } from '../config/types';
import { docsOptions, readProject, type DocusaurusProject } from './readProject';
import { convertDoc, type Todo } from './convertMarkdown';
import { docPaths, type DocPaths } from './docRoutes';
import { idsIn, sidebarOrder, withoutApiSidebars } from './sidebars';
import { mapConfig, type SiteLinks } from './mapConfig';
import type { Redirect } from './apiRedirects';
import { migrateApis } from './apis';
import { categoryFiles } from './categories';
import { isInside, readText, refuseExisting, rel, walk, writePlan, type PlannedFile } from './files';
import { configFileText } from './configFile';

export interface MigrateOptions {
  /** The Docusaurus site's folder. */
  siteDir: string;
  /** Where the docsgen project is written. @default '<siteDir>/docsgen' */
  outDir?: string;
}

export type { PlannedFile } from './files';

export interface MigrateResult {
  outDir: string;
  /** Path from outDir → what was written. */
  files: Map<string, PlannedFile>;
  /** Places left to do by hand, in the written files. */
  todos: (Todo & { file: string })[];
  /** What was not carried over, and why. */
  notes: string[];
  redirects: Redirect[];
  guides: number;
}

/** Files the plugin generates in its outputDir: the API pages themselves, made by docsgen now. */
const GENERATED = /\.(api|info|tag|schema)\.mdx$|^sidebar\.(js|ts|mjs|cjs)$/;

interface DocFile extends DocPaths {
  relPath: string;
  abs: string;
  text: string;
}

export async function migrateDocusaurus(options: MigrateOptions): Promise<MigrateResult> {
  const project = await readProject(options.siteDir);
  const outDir = path.resolve(options.outDir ?? path.join(project.siteDir, 'docsgen'));
  const files = new Map<string, PlannedFile>();
  const notes: string[] = [];
  const todos: MigrateResult['todos'] = [];
  if (project.readStatically) notes.push(`${rel(project.configFile)} could not be run (${project.readStatically}), so it was read as written: values computed by code (calls, variables, \`\${…}\` templates) are left out.`);
  const apiOnly = new Set(project.openapi.map((api) => api.docs.dir));
  for (const id of project.otherDocs) {
    const docs = docsOptions(project.config, project.siteDir, id);
    if (!apiOnly.has(docs.dir)) notes.push(`The docs instance "${id}" (${rel(docs.dir)}) was not migrated: docsgen has one set of guides; move its pages into content/guides/ by hand if they are needed.`);
  }
  if (project.missing.length > 0) notes.push(`${rel(project.configFile)} imports packages that are not installed (${project.missing.join(', ')}); what the config took from them is left out. Run npm install in the Docusaurus site and migrate again to carry it over.`);

  // Docs, category files and the other files beside them.
  const docs: DocFile[] = [];
  const categories: [string, string][] = [];
  if (!fs.existsSync(project.docs.dir)) notes.push(`There is no docs folder (${rel(project.docs.dir)}): no guides were made.`);
  for (const relPath of walk(project.docs.dir)) {
    const abs = path.join(project.docs.dir, relPath);
    const name = path.basename(relPath);
    if (project.openapi.some((api) => isInside(api.outputDir, abs)) && GENERATED.test(name)) continue;
    if (/^_category_\.(json|ya?ml)$/.test(name)) categories.push([relPath, abs]);
    else if (/\.mdx?$/.test(name) && name.startsWith('_')) notes.push(`${rel(abs)}: a partial (imported by other docs), not copied; paste its text where it is imported.`);
    else if (/\.mdx?$/.test(name)) {
      const text = readText(abs);
      docs.push({ relPath, abs, text, ...docPaths(relPath, rawFrontMatter(text), project.docs.routeBasePath) });
    } else files.set(`content/guides/${relPath}`, { copyFrom: abs });
  }

  // The API references and where their pages were.
  const apis = await migrateApis(project, files, notes);
  const redirects: Redirect[] = apis.flatMap((a) => a.redirects);
  for (const doc of docs) if (doc.oldUrl !== doc.route && doc.oldUrl !== '/') redirects.push({ from: doc.oldUrl, to: doc.route });

  // Guides: `.mdx` without MDX becomes `.md`, and links to it follow; a link to an old site path
  // (`/docs/intro`, `/docs/api/search-boundaries`) goes to the new page, not through its redirect.
  const outName = new Map<string, string>();
  for (const doc of docs) outName.set(doc.relPath, doc.relPath.endsWith('.mdx') && convertDoc(doc.text).plain ? doc.relPath.replace(/\.mdx$/, '.md') : doc.relPath);
  const moved = new Map(redirects.map((r) => [r.from, r.to]));
  // Docusaurus 3 reads `.md` as MDX too, unless `markdown.format` is 'detect'.
  const commonMark = project.config.markdown?.format === 'detect';
  const writeGuide = (relPath: string, text: string, into: string) => {
    const rewriteLink = (target: string) => {
      if (target.startsWith('/')) return moved.get(target.replace(/\/+$/, '')) ?? target;
      if (/^\w+:/.test(target) || !/\.mdx$/.test(target)) return target;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(relPath), decodeURI(target)));
      const renamed = outName.get(resolved);
      return renamed && renamed !== resolved ? target.replace(/\.mdx$/, '.md') : target;
    };
    const converted = convertDoc(text, { rewriteLink, mdx: !(commonMark && relPath.endsWith('.md')) });
    // A translation keeps its original's name, which is how docsgen pairs them.
    const name = outName.get(relPath) ?? (relPath.endsWith('.mdx') && converted.plain ? relPath.replace(/\.mdx$/, '.md') : relPath);
    const file = `${into}/${name}`;
    files.set(file, converted.text);
    for (const t of converted.todos) todos.push({ ...t, file });
    if (converted.droppedKeys.length > 0) notes.push(`${file}: front matter ${converted.droppedKeys.map((k) => `"${k}"`).join(', ')} left out (docsgen has no such setting).`);
  };
  for (const doc of docs) writeGuide(doc.relPath, doc.text, 'content/guides');
  // Translated docs: Docusaurus keeps them in i18n/<locale>/docusaurus-plugin-content-docs/current/,
  // docsgen in i18n/<locale>/guides/, at the original's path.
  if (otherLocales(project.config).length > 0 && redirects.length > 0) notes.push(`redirects: only the default locale's old URLs are redirected; add the other locales' (${otherLocales(project.config).map((l) => `/${l}/…`).join(', ')}) to \`redirects\` if they are linked from elsewhere.`);
  for (const locale of otherLocales(project.config)) {
    const dir = path.join(project.siteDir, 'i18n', locale, 'docusaurus-plugin-content-docs', 'current');
    for (const relPath of walk(dir)) {
      const name = path.basename(relPath);
      if (/^_category_\./.test(name) || name.startsWith('_')) continue;
      if (/\.mdx?$/.test(name)) writeGuide(relPath, readText(path.join(dir, relPath)), `i18n/${locale}/guides`);
      else files.set(`i18n/${locale}/guides/${relPath}`, { copyFrom: path.join(dir, relPath) });
    }
  }

  // Categories: Docusaurus's category files and the order of a hand-written sidebars file.
  const order = project.sidebars ? sidebarOrder(withoutApiSidebars(project.sidebars, docs), docs.map((d) => ({ id: d.id, relPath: d.relPath }))) : undefined;
  if (order) {
    notes.push(...order.notes.map((n) => `${rel(project.sidebarsFile!)}: ${n}`));
    const unlisted = order.autogenerated ? [] : docs.filter((d) => !order.listed.has(d.id));
    if (unlisted.length > 0 && order.listed.size > 0) notes.push(`${rel(project.sidebarsFile!)}: ${unlisted.length} doc(s) not in any sidebar are listed in docsgen's guides sidebar (${unlisted.slice(0, 5).map((d) => d.relPath).join(', ')}${unlisted.length > 5 ? ', …' : ''}); set \`unlisted: true\` in their front matter to hide them.`);
  }
  for (const [file, text] of categoryFiles(categories, order, notes)) files.set(`content/guides/${file}`, text);

  if (fs.existsSync(path.join(project.siteDir, 'versioned_docs'))) notes.push(`${rel(path.join(project.siteDir, 'versioned_docs'))}: the older versions' docs were not moved; docsgen keeps a version's guides and spec in versioned/<name>/ (README "Versions": \`docsgen version <name>\` cuts one).`);

  // Static files: site paths like /img/x.png in a guide are read from the content folder.
  const staticDir = path.join(project.siteDir, 'static');
  const staticFiles = walk(staticDir);
  for (const relPath of staticFiles) files.set(`content/${relPath}`, { copyFrom: path.join(staticDir, relPath) });
  if (staticFiles.length > 0) notes.push(`${rel(staticDir)}: ${staticFiles.length} file(s) copied into content/; docsgen publishes those that guides or the config use (images, favicon, logo): serve any other (downloads, robots.txt, …) from the host.`);

  // The config.
  const links = siteLinks(project, docs, redirects);
  const mapped = mapConfig(project.config, links, apis.map((a) => a.config), { primaryColor: primaryColor(project, notes) });
  notes.push(...mapped.notes);
  const config: UserConfig = { ...mapped.config, ...(redirects.length > 0 ? { redirects: sortRedirects(redirects) } : {}) };
  files.set('docsgen.config.ts', configFileText(config, path.basename(project.configFile)));

  refuseExisting(outDir, files);
  writePlan(outDir, files);
  return { outDir, files, todos, notes, redirects: config.redirects ?? [], guides: docs.length };
}

function rawFrontMatter(text: string): Record<string, unknown> {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m.exec(text);
  if (!m || m.index !== 0) return {};
  try {
    const data = loadYaml(m[1]);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The locales other than the default one. */
function otherLocales(config: Record<string, any>): string[] {
  const i18n = config.i18n;
  if (!i18n || !Array.isArray(i18n.locales)) return [];
  return i18n.locales.filter((l: unknown): l is string => typeof l === 'string' && l !== i18n.defaultLocale && /^[A-Za-z0-9-]+$/.test(l));
}

/**
 * The brand colour of a Docusaurus theme: `--ifm-color-primary` in the custom CSS's `:root`. The
 * rest of that CSS styles Infima's classes, which docsgen does not have, so it is not carried over.
 */
function primaryColor(project: DocusaurusProject, notes: string[]): string | undefined {
  const preset = (Array.isArray(project.config.presets) ? project.config.presets : []).find((p: unknown) => Array.isArray(p) && typeof p[0] === 'string' && /classic/.test(p[0]));
  const css = preset?.[1]?.theme?.customCss;
  for (const file of (Array.isArray(css) ? css : [css]).filter((f): f is string => typeof f === 'string')) {
    const abs = path.resolve(project.siteDir, file);
    if (!fs.existsSync(abs)) continue;
    notes.push(`${rel(abs)}: custom CSS for Docusaurus's theme (Infima) is not carried over; docsgen's theme is styled by the CSS custom properties of README "Branding and theming"${/--ifm-color-primary\s*:/.test(fs.readFileSync(abs, 'utf8')) ? ' (the primary colour was: branding.primaryColor)' : ''}.`);
    const m = /:root\s*\{[^}]*--ifm-color-primary\s*:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\s*;/.exec(fs.readFileSync(abs, 'utf8'));
    if (m) return m[1].toLowerCase();
  }
  return undefined;
}

/** How the config's links are read: Docusaurus site paths, doc ids and sidebar ids → docsgen routes. */
function siteLinks(project: DocusaurusProject, docs: DocFile[], redirects: Redirect[]): SiteLinks {
  const byOldUrl = new Map(redirects.map((r) => [r.from, r.to]));
  for (const d of docs) byOldUrl.set(d.oldUrl, d.route);
  const byId = new Map(docs.map((d) => [d.id, d.route]));
  const base = project.docs.routeBasePath ? `/${project.docs.routeBasePath}` : '';
  const docRoute = (id: string) => byId.get(id) ?? byOldUrl.get(`${base}/${id}`);
  const staticDir = path.join(project.siteDir, 'static');
  return {
    staticFile: (src) => {
      const relPath = src.replace(/^\/+/, '').split('?')[0];
      return relPath && !relPath.includes('..') && fs.existsSync(path.join(staticDir, relPath)) ? `content/${relPath}` : undefined;
    },
    route: (to) => byOldUrl.get(to.replace(/\/+$/, '') || '/') ?? (to.replace(/\/+$/, '') === base && docs.length > 0 ? '/guides' : undefined),
    doc: docRoute,
    sidebar: (id) => {
      const first = idsIn(project.sidebars?.[id])[0];
      if (first !== undefined) return docRoute(first);
      if (project.openapi.length > 0 && /api/i.test(id)) return '/api';
      // An autogenerated sidebar: docsgen's guides sidebar is one too.
      return project.sidebars?.[id] !== undefined && docs.length > 0 ? '/guides' : undefined;
    },
  };
}

const sortRedirects = (list: Redirect[]) => [...new Map(list.map((r) => [r.from, r])).values()].sort((a, b) => a.from.localeCompare(b.from));

