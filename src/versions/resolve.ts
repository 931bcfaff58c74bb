// The documentation versions of a site: the current docs (`content/guides` and the spec) and the
// older ones, from `versions.json` (written by `docsgen version`, src/versions/cutVersion.ts) or
// `versions.list` in the config. Each version is built like a site of its own, from a config
// whose guides folder, spec and URL segment are that version's (README "Versions").
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { error, type Diagnostic } from '../diagnostics/diagnostic';
import { versionNameProblem } from './names';

export interface DocVersion {
  /** `current`, or the version's name (`2025-06`). */
  name: string;
  /** What the version menu and the banner call it: `Next`, `2025-06`. */
  label: string;
  /** Its URL segment under `/guides/` and `/api/`: `''` for the version shown at the unversioned URLs (`lastVersion`), `next` for the current docs when they are not. */
  segment: string;
  isCurrent: boolean;
  /** The version shown at the unversioned URLs. */
  isLatest: boolean;
  /** The site's config as this version's stages read it: its guides folder, its spec, its URL segment. */
  config: ResolvedConfig;
}

/** `<root>/versions.json`: the names `docsgen version` cut, newest first. */
export function versionsFile(config: Pick<ResolvedConfig, 'root'>): string {
  return path.join(config.root, 'versions.json');
}

/** `<root>/versioned/<name>`: a version's snapshot. */
export function versionDir(config: Pick<ResolvedConfig, 'root'>, name: string): string {
  return path.join(config.root, 'versioned', name);
}

/** The versions of the site, newest first (the current docs first); one (the current docs) when there are none. */
export function siteVersions(config: ResolvedConfig): { versions: DocVersion[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const listed = listedVersions(config, diagnostics);
  const { lastVersion, currentLabel } = config.versions;
  const names = ['current', ...listed.map((v) => v.name)];
  const latest = names.includes(lastVersion) ? lastVersion : 'current';
  if (!names.includes(lastVersion)) diagnostics.push(error('version-unknown', `versions.lastVersion is "${lastVersion}", which is not a version of this site (${names.map((n) => `"${n}"`).join(', ')}).`, { location: { file: config.configFile } }));
  if (listed.length > 0 && config.apis.length > 1) diagnostics.push(error('version-several-apis', 'Versions need a site with one API: this site has several specs (openapi is a list), and a version snapshots one spec.', { location: { file: config.configFile }, hint: 'Remove versions.json (or versions.list) or keep one spec.' }));
  if (listed.length > 0 && config.i18n.locales.length > 1) diagnostics.push(error('version-several-locales', 'Versions and several locales (i18n.locales) cannot be combined yet: an older version would need its own translations.', { location: { file: config.configFile } }));
  const current: DocVersion = { name: 'current', label: currentLabel, segment: latest === 'current' ? '' : 'next', isCurrent: true, isLatest: latest === 'current', config };
  if (!current.isLatest) current.config = { ...config, versionSegment: 'next' };
  const versions = [current];
  for (const entry of listed) {
    const isLatest = entry.name === latest;
    const segment = isLatest ? '' : entry.name;
    const api = config.openapi && entry.spec ? { ...config.openapi, spec: entry.spec, downloadUrl: '' } : config.openapi;
    versions.push({
      name: entry.name,
      label: entry.label,
      segment,
      isCurrent: false,
      isLatest,
      config: { ...config, guidesDir: entry.guidesDir, versionSegment: segment, openapi: api, apis: api ? [api] : [] },
    });
  }
  return { versions, diagnostics };
}

interface ListedVersion {
  name: string;
  label: string;
  guidesDir: string;
  /** Its spec, a file relative to the project or a URL (undefined on a site without a spec). */
  spec?: string;
}

/** `versions.list`, else versions.json: each older version with where its guides and spec are. */
function listedVersions(config: ResolvedConfig, diagnostics: Diagnostic[]): ListedVersion[] {
  const file = versionsFile(config);
  const fromConfig = config.versions.list;
  let entries: { name: string; label?: string; spec?: string }[];
  let where: string;
  if (fromConfig) {
    entries = fromConfig.map((e) => (typeof e === 'string' ? { name: e } : e));
    where = config.configFile;
  } else {
    if (!fs.existsSync(file)) return [];
    where = file;
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      diagnostics.push(error('versions-file-invalid', `versions.json could not be read: ${(e as Error).message}`, { location: { file } }));
      return [];
    }
    if (!Array.isArray(data) || data.some((n) => typeof n !== 'string')) {
      diagnostics.push(error('versions-file-invalid', 'versions.json must hold an array of version names, newest first, e.g. ["2025-06", "2025-01"].', { location: { file } }));
      return [];
    }
    entries = data.map((name: string) => ({ name }));
  }
  const seen = new Set<string>();
  const result: ListedVersion[] = [];
  for (const entry of entries) {
    const problem = versionNameProblem(entry.name);
    if (problem || seen.has(entry.name)) {
      diagnostics.push(error('version-invalid-name', problem ?? `The version "${entry.name}" is listed twice.`, { location: { file: where } }));
      continue;
    }
    seen.add(entry.name);
    const dir = versionDir(config, entry.name);
    const snapshotGuides = path.join(dir, 'guides');
    const snapshotSpec = ['openapi.yaml', 'openapi.yml', 'openapi.json'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
    const spec = entry.spec ?? (snapshotSpec ? path.relative(config.root, snapshotSpec) : undefined);
    const hasGuides = fs.existsSync(snapshotGuides);
    if (!hasGuides && !spec) {
      diagnostics.push(error('version-missing', `The version "${entry.name}" has neither guides nor a spec: ${path.relative(config.root, dir) || '.'}/ holds no guides/ folder or openapi.yaml.`, { location: { file: where }, hint: `Cut it with \`docsgen version ${entry.name}\`, or give it a spec in versions.list.` }));
      continue;
    }
    if (config.openapi && !spec) {
      diagnostics.push(error('version-missing', `The version "${entry.name}" has no spec: ${path.relative(config.root, dir)}/ holds no openapi.yaml or openapi.json, and this site has an API.`, { location: { file: where } }));
      continue;
    }
    // A version that differs only in its spec reads the current guides.
    result.push({ name: entry.name, label: entry.label ?? entry.name, guidesDir: hasGuides ? snapshotGuides : config.guidesDir, spec: config.openapi ? spec : undefined });
  }
  return result;
}
