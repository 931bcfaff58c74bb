// Reads what a migration needs of a Docusaurus 3 project: its evaluated config, the options of
// its docs (preset-classic or plugin-content-docs), its sidebars and the
// docusaurus-plugin-openapi-docs instances. A missing or unreadable config is a DocsgenError
// naming the file.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { evaluateFile } from './evaluate';
import { readObjectLiteral } from './staticConfig';

export const CONFIG_NAMES = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts'];

export interface DocsOptions {
  /** Absolute folder of the docs. @default <site>/docs */
  dir: string;
  /** Route the docs are served under, without slashes at the ends ('' for docs-only mode). */
  routeBasePath: string;
  sidebarPath?: string;
}

export interface OpenApiDocsEntry {
  /** The key of the entry in the plugin's `config`. */
  key: string;
  specPath: string;
  /** Absolute folder the plugin writes its `.api.mdx` files to. */
  outputDir: string;
  /** The docs instance whose pages the generated files are (the plugin's `docsPluginId`). */
  docs: DocsOptions;
  downloadUrl?: string;
  showSchemas?: boolean;
  sidebarOptions?: Record<string, unknown>;
}

export interface DocusaurusProject {
  siteDir: string;
  configFile: string;
  config: Record<string, any>;
  /** Packages the config imports that are not installed. */
  missing: string[];
  /** Ids of the other docs instances (plugin-content-docs with an `id`): not migrated. */
  otherDocs: string[];
  /** Why the config was read as written instead of run (it threw), when it was. */
  readStatically?: string;
  docs: DocsOptions;
  /** Sidebars by id, as sidebars.js exports them; undefined when there is no sidebars file. */
  sidebars?: Record<string, unknown>;
  sidebarsFile?: string;
  openapi: OpenApiDocsEntry[];
}

const rel = (file: string) => path.relative(process.cwd(), file) || file;

export async function readProject(siteDir: string): Promise<DocusaurusProject> {
  const dir = path.resolve(siteDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new DocsgenError([error('migrate-no-site', `${rel(dir)} is not a folder: give the folder of a Docusaurus site (the one holding docusaurus.config.js).`, { location: { file: dir } })]);
  }
  const configFile = CONFIG_NAMES.map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));
  if (!configFile) {
    throw new DocsgenError([
      error('migrate-no-config', `No Docusaurus config was found in ${rel(dir)}: expected one of ${CONFIG_NAMES.join(', ')}.`, { location: { file: dir }, hint: 'Give the folder of the Docusaurus site, the one holding docusaurus.config.js.' }),
    ]);
  }
  const { value: config, missing, readStatically } = await evaluateOrRead(configFile);
  if (!config || typeof config !== 'object') {
    throw new DocsgenError([error('migrate-bad-config', `${rel(configFile)} does not export a config object.`, { location: { file: configFile } })]);
  }
  const docs = docsOptions(config as Record<string, any>, dir);
  const sidebarsFile = docs.sidebarPath ?? ['sidebars.ts', 'sidebars.js', 'sidebars.mjs', 'sidebars.cjs'].map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));
  let sidebars: Record<string, unknown> | undefined;
  if (sidebarsFile && fs.existsSync(sidebarsFile)) {
    const evaluated = await evaluateOrFail(sidebarsFile);
    missing.push(...evaluated.missing.filter((m) => !missing.includes(m)));
    if (evaluated.value && typeof evaluated.value === 'object') sidebars = evaluated.value as Record<string, unknown>;
  }
  const otherDocs = entries((config as Record<string, any>).plugins).filter((p) => isDocsPlugin(p.name) && typeof p.options.id === 'string' && p.options.id !== 'default').map((p) => p.options.id as string);
  return { siteDir: dir, configFile, config: config as Record<string, any>, missing, otherDocs, ...(readStatically ? { readStatically } : {}), docs, sidebars, sidebarsFile: sidebars ? sidebarsFile : undefined, openapi: openApiEntries(config as Record<string, any>, dir) };
}

/** The config run, or, when running it throws, its exported object literal read as written. */
async function evaluateOrRead(file: string): Promise<{ value: unknown; missing: string[]; readStatically?: string }> {
  try {
    return await evaluateFile(file);
  } catch (e) {
    // esbuild's errors (`errors`) are syntax errors: the literal cannot be read either.
    const literal = (e as { errors?: unknown }).errors ? undefined : readObjectLiteral(fs.readFileSync(file, 'utf8'));
    if (literal) return { value: literal, missing: [], readStatically: (e as Error).message ?? String(e) };
    return cannotEvaluate(file, e);
  }
}

async function evaluateOrFail(file: string) {
  try {
    return await evaluateFile(file);
  } catch (e) {
    return cannotEvaluate(file, e);
  }
}

function cannotEvaluate(file: string, e: unknown): never {
  const err = e as { errors?: { text: string; location?: { line: number; column: number } | null }[]; message?: string };
  const first = err.errors?.[0];
  throw new DocsgenError([
    error('migrate-bad-config', `${rel(file)} could not be evaluated: ${first?.text ?? err.message ?? String(e)}`, {
      location: { file, ...(first?.location ? { line: first.location.line, column: first.location.column + 1 } : {}) },
      hint: 'docsgen migrate runs the file as Docusaurus would; fix it so that `npx docusaurus build` would load it, or install its dependencies (npm install) first.',
    }),
  ]);
}

/** A plugin or preset entry: `'name'`, `['name', options]`, or a function (left out). */
function entries(list: unknown): { name: string; options: Record<string, any> }[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (typeof entry === 'string') return [{ name: entry, options: {} }];
    if (Array.isArray(entry) && typeof entry[0] === 'string') return [{ name: entry[0], options: (entry[1] as Record<string, any>) ?? {} }];
    return [];
  });
}

const isClassicPreset = (name: string) => name === 'classic' || /preset-classic/.test(name);
const isDocsPlugin = (name: string) => name === 'content-docs' || /plugin-content-docs/.test(name);

/**
 * The options of a docs instance: by default the default one (preset-classic's `docs`, else an
 * unnamed plugin-content-docs), or the plugin-content-docs instance with that `id`.
 */
export function docsOptions(config: Record<string, any>, siteDir: string, id?: string): DocsOptions {
  const isDefault = id === undefined || id === 'default' || id === 'classic';
  const preset = isDefault ? entries(config.presets).find((p) => isClassicPreset(p.name))?.options.docs : undefined;
  const plugin = entries(config.plugins).find((p) => isDocsPlugin(p.name) && (isDefault ? p.options.id === undefined || p.options.id === 'default' : p.options.id === id))?.options;
  const options: Record<string, any> = (preset && typeof preset === 'object' ? preset : plugin) ?? {};
  const sidebarPath = typeof options.sidebarPath === 'string' ? path.resolve(siteDir, options.sidebarPath) : undefined;
  return {
    dir: path.resolve(siteDir, typeof options.path === 'string' ? options.path : 'docs'),
    routeBasePath: (typeof options.routeBasePath === 'string' ? options.routeBasePath : 'docs').replace(/^\/+|\/+$/g, ''),
    ...(sidebarPath ? { sidebarPath } : {}),
  };
}

/** Every spec of every docusaurus-plugin-openapi-docs instance, in config order. */
export function openApiEntries(config: Record<string, any>, siteDir: string): OpenApiDocsEntry[] {
  return entries(config.plugins)
    .filter((p) => /docusaurus-plugin-openapi-docs/.test(p.name) || (p.options.config && typeof p.options.config === 'object' && Object.values(p.options.config).some((c: any) => c && typeof c.specPath === 'string' && typeof c.outputDir === 'string')))
    .flatMap((p) =>
      Object.entries((p.options.config ?? {}) as Record<string, any>)
        .filter(([, c]) => c && typeof c.specPath === 'string' && typeof c.outputDir === 'string')
        .map(([key, c]) => ({
          key,
          specPath: c.specPath,
          outputDir: path.resolve(siteDir, c.outputDir),
          // The generated pages are docs of this instance (`docsPluginId`), served under its route.
          docs: docsOptions(config, siteDir, typeof p.options.docsPluginId === 'string' ? p.options.docsPluginId : undefined),
          ...(typeof c.downloadUrl === 'string' ? { downloadUrl: c.downloadUrl } : {}),
          ...(c.showSchemas === true ? { showSchemas: true } : {}),
          ...(c.sidebarOptions && typeof c.sidebarOptions === 'object' ? { sidebarOptions: c.sidebarOptions } : {}),
        })),
    );
}
