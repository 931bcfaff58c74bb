// `docsgen version <name>` without the CLI: freezes the current docs as a version. The guides
// folder is copied to `versioned/<name>/guides/`, the spec to `versioned/<name>/openapi.yaml`
// (or .json), and the name goes first in `versions.json` (README "Versions").
//
// IMPORTANT: never half a version. Everything is checked first (the name, versions.json, the
// guides folder, the spec), then written into a temporary folder beside the versions, which is
// renamed into place; versions.json is replaced last, by a rename too. Any failure removes what
// was written: the project is as it was.
import fs from 'node:fs';
import path from 'node:path';
import { dump as dumpYaml } from 'js-yaml';
import type { ResolvedConfig } from '../config/types';
import { DocsgenError, error, type Diagnostic } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';
import { versionNameProblem } from './names';
import { versionDir, versionsFile } from './resolve';
import { snapshotGuides, type GuidesSnapshot } from './guidesSnapshot';

export interface CutVersionOptions {
  /** The version's name: a URL segment and a folder name (`2025-06`). */
  name: string;
  /** A config loaded already; else it is loaded from `root` / `configFile` as `docsgen build` does. */
  config?: ResolvedConfig;
  /** Working directory the config file is looked up in. @default process.cwd() */
  root?: string;
  /** @default 'docsgen.config.ts' in `root` */
  configFile?: string;
  /** Gets the spec validator's warnings as they are found. */
  logger?: Logger;
}

export interface CutVersionResult {
  name: string;
  /** `<root>/versioned/<name>`. */
  dir: string;
  /** The copy of the guides folder, when the site has one. */
  guides?: { dir: string; files: number; bytes: number };
  /** The copy of the spec, when the site has one; `bundled` when files its `$ref`s named were written into it. */
  spec?: { file: string; source: string; bytes: number; bundled: boolean };
  /** `<root>/versions.json` and what it now lists, newest first. */
  versionsFile: string;
  versions: string[];
  /** The spec validator's warnings (the snapshot is taken anyway, as a build goes on with them). */
  warnings: Diagnostic[];
}

export async function cutVersion(options: CutVersionOptions): Promise<CutVersionResult> {
  const { name } = options;
  const problem = versionNameProblem(name);
  if (problem) throw new DocsgenError([error('version-invalid-name', problem)]);
  const config = options.config ?? (await import('../config/load').then(({ loadConfig }) => loadConfig({ root: options.root, configFile: options.configFile }))).config;
  const listed = checkCanCut(config, name);
  const guidesDir = path.join(config.contentDir, 'guides');
  const guidesStat = fs.statSync(guidesDir, { throwIfNoEntry: false });
  if (guidesStat && !guidesStat.isDirectory()) throw refusal('version-guides-not-folder', `The guides folder ${shown(guidesDir)} is a file, not a folder.`, guidesDir);
  const guides = guidesStat ? snapshotGuides(guidesDir) : undefined;
  if (!guides && !config.openapi) {
    throw refusal('version-nothing-to-snapshot', `There is nothing to snapshot: the guides folder ${shown(guidesDir)} does not exist and the config sets no openapi.spec.`, config.configFile, 'Write the guides or configure the spec first.');
  }
  // Read and validated before anything is written: a spec the build would refuse is not frozen.
  const spec = config.openapi ? await readSpec(config, options.logger) : undefined;
  const versions = [name, ...listed];
  const written = writeVersion(config, name, { guides, spec, versions });
  return { name, dir: versionDir(config, name), ...written, versionsFile: versionsFile(config), versions, warnings: spec?.warnings ?? [] };
}

/** The refusals that need no reading of the docs; returns the names versions.json lists. */
function checkCanCut(config: ResolvedConfig, name: string): string[] {
  if (config.versions.list) {
    throw refusal('versions-in-config', `This site lists its versions in the config (versions.list), which docsgen version cannot rewrite, and versions.json is not read while it is set.`, config.configFile, `Add "${name}" to versions.list in the config yourself, with the spec it shows (e.g. { name: '${name}', spec: 'specs/${name}.yaml' }), or remove versions.list and run docsgen version again.`);
  }
  if (config.apis.length > 1) {
    throw refusal('version-several-apis', `Versions need a site with one API: this site has ${config.apis.length} specs (openapi is a list), and a version snapshots one spec.`, config.configFile, 'Keep one spec in the config to cut versions.');
  }
  if (config.i18n.locales.length > 1) {
    throw refusal('version-several-locales', 'Versions and several locales (i18n.locales) cannot be combined yet: a version would need its own translations, which docsgen version does not copy.', config.configFile);
  }
  const listed = readVersionsFile(versionsFile(config));
  if (listed.includes(name)) {
    throw refusal('version-exists', `The version "${name}" exists already: versions.json lists it.`, versionsFile(config), `Choose another name, or remove the version first (delete ${shown(versionDir(config, name))}/ and its entry in versions.json).`);
  }
  const dir = versionDir(config, name);
  if (fs.existsSync(dir)) {
    throw refusal('version-exists', `The folder of the version "${name}" exists already (versions.json does not list it).`, dir, `Choose another name, or delete ${shown(dir)} if it is left over.`);
  }
  return listed;
}

/** The names in versions.json, newest first; none when the file does not exist. */
export function readVersionsFile(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw refusal('versions-file-invalid', `versions.json is not valid JSON (${(cause as Error).message}), so docsgen version cannot add to it.`, file, 'Fix it by hand: it holds the names of the versions, newest first, e.g. ["2025-06", "2025-01"].');
  }
  if (!Array.isArray(data) || data.some((n) => typeof n !== 'string')) {
    throw refusal('versions-file-invalid', 'versions.json must hold an array of version names (strings), newest first, e.g. ["2025-06", "2025-01"], so docsgen version cannot add to it.', file);
  }
  return data as string[];
}

interface SpecSnapshot {
  source: string;
  /** `openapi.yaml` or `openapi.json`: the format it was read in. */
  file: string;
  text: string;
  bundled: boolean;
  warnings: Diagnostic[];
}

/**
 * The spec as the build reads it (openapi/load.ts, openapi/parse.ts), validated. A spec that
 * stands alone is kept as its text, comments and all; one whose `$ref`s name other files or URLs
 * is written as the parser bundled it, so that the version does not change when they do. (A
 * split Swagger 2.0 spec is written as the OpenAPI 3.0 document it converts to, which is what a
 * build would read anyway.)
 */
async function readSpec(config: ResolvedConfig, logger: Logger | undefined): Promise<SpecSnapshot> {
  const [{ loadSpec }, { parseApi }] = await Promise.all([import('../openapi/load'), import('../openapi/parse')]);
  const settings = config.openapi!;
  const loaded = await loadSpec(settings.spec, { root: config.root, timeoutMs: settings.timeoutMs });
  const parsed = await parseApi(loaded, { strict: false });
  const warnings = await parsed.validated;
  for (const w of warnings) logger?.diagnostic(w);
  const json = isJson(loaded);
  const file = json ? 'openapi.json' : 'openapi.yaml';
  const text = !parsed.bundled ? loaded.text : json ? `${JSON.stringify(parsed.document, null, 2)}\n` : dumpYaml(parsed.document, { noRefs: true, lineWidth: -1 });
  return { source: loaded.source, file, text, bundled: parsed.bundled, warnings };
}

/**
 * Whether the spec was read as JSON: by its file extension, else (a URL like `/docs/spec`) by its
 * first character; the rule of the site's own copy of the spec (openapi/specCopy.ts). YAML's flow
 * style can open with `{` too, but a YAML file is named .yaml/.yml, which wins.
 */
function isJson(spec: { source: string; text: string }): boolean {
  const extension = /\.(json|ya?ml)$/i.exec(spec.source.replace(/[?#].*$/, ''))?.[1].toLowerCase();
  return extension ? extension === 'json' : /^\s*[{[]/.test(spec.text.slice(0, 256));
}

/** Writes the version into a temporary folder, renames it into place, then replaces versions.json; undoes it all on failure. */
function writeVersion(config: ResolvedConfig, name: string, what: { guides?: GuidesSnapshot; spec?: SpecSnapshot; versions: string[] }): Pick<CutVersionResult, 'guides' | 'spec'> {
  const parent = path.join(config.root, 'versioned');
  const dir = versionDir(config, name);
  const list = versionsFile(config);
  const createdParent = !fs.existsSync(parent);
  const tmp = path.join(parent, `.${name}.tmp-${process.pid}-${Date.now().toString(36)}`);
  const tmpList = `${list}.tmp-${process.pid}`;
  let placed = false;
  const undo = () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(tmpList, { force: true });
    if (placed) fs.rmSync(dir, { recursive: true, force: true });
    if (createdParent && fs.existsSync(parent) && fs.readdirSync(parent).length === 0) fs.rmdirSync(parent);
  };
  // IMPORTANT: this function stays synchronous. The CLI stops on a signal from its handler
  // (cli/exit.ts), which runs only between turns of the event loop: before the first write or
  // after the last rename, never part-way.
  try {
    fs.mkdirSync(tmp, { recursive: true });
    let guides: CutVersionResult['guides'];
    if (what.guides) {
      const to = path.join(tmp, 'guides');
      fs.mkdirSync(to);
      for (const d of what.guides.dirs) fs.mkdirSync(path.join(to, d));
      for (const f of what.guides.files) fs.copyFileSync(f.from, path.join(to, f.rel));
      guides = { dir: path.join(dir, 'guides'), files: what.guides.files.length, bytes: what.guides.files.reduce((n, f) => n + f.bytes, 0) };
    }
    let spec: CutVersionResult['spec'];
    if (what.spec) {
      fs.writeFileSync(path.join(tmp, what.spec.file), what.spec.text);
      spec = { file: path.join(dir, what.spec.file), source: what.spec.source, bytes: Buffer.byteLength(what.spec.text), bundled: what.spec.bundled };
    }
    // Checked again just before: another `docsgen version` may have cut the same name meanwhile,
    // and renaming a folder onto an empty one replaces it.
    if (fs.existsSync(dir)) throw refusal('version-exists', `The folder of the version "${name}" appeared while it was being cut.`, dir);
    fs.renameSync(tmp, dir);
    placed = true;
    fs.writeFileSync(tmpList, `${JSON.stringify(what.versions, null, 2)}\n`);
    fs.renameSync(tmpList, list);
    return { guides, spec };
  } catch (e) {
    undo();
    if (e instanceof DocsgenError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new DocsgenError([error('version-write-failed', `Writing the version "${name}" failed (${code ?? (e as Error).message}); nothing was changed.`, { location: { file: (e as NodeJS.ErrnoException).path ?? dir } })], { cause: e });
  }
}

function refusal(code: string, text: string, file: string, hint?: string): DocsgenError {
  return new DocsgenError([error(code, text, { location: { file }, ...(hint ? { hint } : {}) })]);
}

/** A path as the messages print it: relative to the working directory. */
function shown(abs: string): string {
  return path.relative(process.cwd(), abs) || '.';
}
