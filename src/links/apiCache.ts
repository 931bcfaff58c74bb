// What check-links needs from the API reference, kept between runs in
// `.docsgen/check-links/api.json`: the API routes, the links in spec descriptions and the API
// sidebar, the openapi stage's warnings, and the ids of API pages that were rendered to look up
// an anchor. Validating and modelling the spec is most of a cold check (the validator alone
// loads for half a second), and a pre-commit hook almost never changes the spec, so a run whose
// spec text, resolved config, theme folder, options and docsgen sources are all unchanged reuses
// this instead. After a change, each page's ids are still reused while the page's own key (its
// model and everything its HTML is made from: cache/pageKeys.ts) is unchanged: an edit of one
// operation renders again only the linked pages it changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from '../config/types';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { checkSpecSize, fetchSpec, isUrl } from '../openapi/load';
import { packagePath } from '../paths';
import { folderStamps } from '../theme/overrides';
import type { SiteLink } from './check';
import type { TypedResolution } from '../site/typedLinks';

export interface ApiPart {
  key: string;
  /** Route → output file, for every API page. */
  routes: [route: string, file: string][];
  /** Other files the API part adds to the site: the copies of specs the download links point at. */
  files: string[];
  /** Links in spec descriptions (with the spec line when known) and in the API sidebar. */
  links: SiteLink[];
  diagnostics: Diagnostic[];
  /** Route → ids, for the API pages rendered so far to look up anchors. */
  ids: Record<string, PageIds>;
  /** The guides' typed links (`op:searchBoundaries`) resolved so far, by their target (typedLinkKey): a run whose guides ask for no other needs no spec. */
  typed?: Record<string, TypedResolution>;
}

/** An API page's ids, and the key of the page they were rendered from. */
export interface PageIds {
  key: string;
  ids: string[];
}

const VERSION = 3;

export function apiCacheFile(config: ResolvedConfig): string {
  // An older version's API part beside the latest's, so that neither pushes the other out.
  return path.join(config.root, '.docsgen', 'check-links', config.versionSegment ? `api-${config.versionSegment}.json` : 'api.json');
}

/**
 * The spec texts the key is made of: each file read without parsing, each URL fetched (`fetched`,
 * by URL, so that a run whose key is new builds from the text it fetched, not from a second
 * fetch). Undefined when a spec file is not a regular file. A URL that cannot be fetched throws
 * the build's error for it.
 */
export async function specTexts(config: ResolvedConfig): Promise<{ text: string; fetched: Map<string, string> } | undefined> {
  if (config.apis.length === 0) return undefined;
  const fetched = new Map<string, string>();
  const texts: string[] = [];
  for (const api of config.apis) {
    if (isUrl(api.spec)) {
      const text = await fetchSpec(api.spec, api.timeoutMs);
      checkSpecSize(Buffer.byteLength(text), api.spec);
      fetched.set(api.spec, text);
      texts.push(text);
      continue;
    }
    const file = path.resolve(config.root, api.spec);
    try {
      // Only regular files: reading a pipe here (`--spec <(curl …)`) left nothing for the build, and `/dev/zero` never ends.
      if (!fs.statSync(file).isFile()) return undefined;
      texts.push(fs.readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  }
  return { text: texts.join('\0'), fetched };
}

export function apiCacheKey(config: ResolvedConfig, text: string, strict: boolean): string {
  // The theme folder's overrides render the pages whose ids are kept (stamped as serve --watch stamps it).
  return createHash('sha256').update([VERSION, text, JSON.stringify(config), strict, sourcesStamp(), ...folderStamps(config.themeDir)].join('\0')).digest('hex');
}

/**
 * `part`: the API part kept under `key`, if any. `ids`: the pages' ids kept by the last run,
 * whatever its key, each to be trusted only while its page's key is the same.
 */
export function readApiCache(config: ResolvedConfig, key: string): { part?: ApiPart; ids: Record<string, PageIds> } {
  try {
    const data = JSON.parse(fs.readFileSync(apiCacheFile(config), 'utf8')) as ApiPart;
    if (data.key === key) return { part: data, ids: data.ids };
    return { ids: typeof data.ids === 'object' && data.ids !== null ? data.ids : {} };
  } catch {
    return { ids: {} };
  }
}

export function writeApiCache(config: ResolvedConfig, part: ApiPart): void {
  const file = apiCacheFile(config);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(part));
    fs.renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs time on the next run.
  }
}

/**
 * Changes whenever docsgen's own code may produce different API pages. The CLI runs from a
 * bundle that bin/compile.js rebuilds (a new folder, new files) whenever a source is newer, so
 * the bundle file's own stamp is enough there; run from source (tests), every source counts.
 */
function sourcesStamp(): string {
  const self = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : '';
  if (self.includes(`${path.sep}.cache${path.sep}docsgen${path.sep}`)) {
    const stat = fs.statSync(self);
    return `${self}:${stat.mtimeMs}:${stat.size}`;
  }
  const hash = createHash('sha256');
  const pkg = packagePath('package.json');
  hash.update(fs.existsSync(pkg) ? fs.readFileSync(pkg) : '');
  for (const dir of ['src', 'templates']) {
    const abs = packagePath(dir);
    if (!fs.existsSync(abs)) continue;
    for (const rel of (fs.readdirSync(abs, { recursive: true }) as string[]).sort()) {
      const stat = fs.statSync(path.join(abs, rel), { throwIfNoEntry: false });
      if (stat?.isFile()) hash.update(`${rel}:${stat.mtimeMs}:${stat.size}\n`);
    }
  }
  return hash.digest('hex');
}
