// The content stage's entries in the memo: the last build's rendered guides, stored as one
// table under the config and the engine, so that a build renders again only the guides whose
// text changed. loadGuides itself checks each guide's body, place and the routes of the guides it links to;
// what it cannot see from here is an image a guide uses, so an entry whose images changed, or
// that reported a missing one, is dropped before loadGuides reads the table. A live memo (serve
// --watch) also keeps each file's parsed front matter while the file's size and time are the same.
import fs from 'node:fs';
import type { ResolvedConfig } from '../config/types';
import { configDigest, engineDigest } from '../cache/engine';
import { digest, type Memo } from '../cache/memo';
import { fileContentHash } from '../output/hash';
import { loadGuides, NO_DIAGNOSTICS, NO_IMAGES, type GuideDoc, type GuideRenderCache, type GuidesResult, type LastGuides } from './loadGuides';
import type { ParsedFile, ParsedFileCache } from './discover';
import type { FrontMatter, KnownFrontMatter } from './frontmatter';

export const GUIDES_STAGE = 'guides';
export const PARSED_FILES_STAGE = 'guide-files';

/** The content stage (loadGuides), taking from `memo` what the build that filled it rendered. */
export function loadGuidesWithMemo(memo: Memo | undefined, config: ResolvedConfig, options: { highlight?: boolean; translations?: string } = {}): GuidesResult {
  if (!memo) return loadGuides(config, undefined, options);
  const key = digest(engineDigest(), configDigest(config), options.translations ?? '', String(options.highlight ?? true));
  const last = memo.live ? memo.get<LastGuides>(LAST_GUIDES_STAGE, key) : undefined;
  const restored = restoreGuideRenders(memo, key, last);
  // A live memo keeps each file's parse by its path (parsedFiles); a copying one, front matter by its text.
  const frontMatter = memo.live ? undefined : knownFrontMatter(memo, digest(engineDigest(), config.guidesDir));
  const table: { guides?: GuideRenderCache; parsedFiles?: ParsedFileCache; last?: LastGuides; frontMatter?: KnownFrontMatter } = { guides: restored, parsedFiles: memo.live ? parsedFiles(memo) : undefined, last, frontMatter };
  const result = loadGuides(config, table, options);
  frontMatter?.keep();
  keepGuideRenders(memo, key, table.guides!, restored, result.docs);
  if (memo.live && table.last) memo.set(LAST_GUIDES_STAGE, key, table.last);
  return result;
}

export const FRONT_MATTER_STAGE = 'guide-front-matter';

/**
 * The guides' front matter as the last build parsed it, by its text (content/frontmatter.ts
 * KnownFrontMatter), under the engine and the guides' folder (a build of several versions or
 * locales reads several folders). Stored again, with only the texts this build met, when one was
 * new or one is gone. On the 7,000-page site, parsing its 3,486 guides' front matter was 0.4 s of
 * a build from the cache.
 */
function knownFrontMatter(memo: Memo, key: string): KnownFrontMatter & { keep(): void } {
  const stored = memo.get<Map<string, FrontMatter>>(FRONT_MATTER_STAGE, key);
  const before = stored instanceof Map ? stored : undefined;
  const met = new Map<string, FrontMatter>();
  let added = false;
  return {
    get(text) {
      const known = before?.get(text);
      if (known) met.set(text, known);
      return known;
    },
    set(text, frontMatter) {
      added = true;
      met.set(text, frontMatter);
    },
    keep() {
      if (added || met.size !== before?.size) memo.set(FRONT_MATTER_STAGE, key, met);
    },
  };
}

/** A live memo's last guides (content/loadGuides.ts LastGuides). */
const LAST_GUIDES_STAGE = 'last-guides';

/** Each file's parsed front matter, under its path: only in a live memo, which is told when a file changes. */
function parsedFiles(memo: Memo): ParsedFileCache {
  return {
    changed: memo.changedFiles,
    keepAll: () => memo.keepStage?.(PARSED_FILES_STAGE),
    get: (file) => memo.get<ParsedFile>(PARSED_FILES_STAGE, file),
    set(file, parsed) {
      memo.set(PARSED_FILES_STAGE, file, parsed, [file]);
      return this as never;
    },
  };
}

/**
 * The table to give loadGuides, from the cache when it has one. With the last build's guides
 * (a live memo), only the entries of guides that had images or problems are looked at: the
 * others cannot have a missing or changed image.
 */
function restoreGuideRenders(memo: Memo, key: string, last: LastGuides | undefined): GuideRenderCache | undefined {
  const table = memo.get<GuideRenderCache>(GUIDES_STAGE, key);
  if (!table) return undefined;
  const files = last?.table === table ? last.sources.filter((_, i) => last.images[i] !== NO_IMAGES || last.diagnostics[i] !== NO_DIAGNOSTICS).map((s) => s.file) : table.entries.keys();
  for (const file of files) {
    const entry = table.entries.get(file);
    if (entry && (entry.diagnostics.some((d) => d.code === 'image-not-found') || !entry.assets.every(([out, image]) => sameImage(out, image)))) table.entries.delete(file);
  }
  return table;
}

/**
 * Stores the table loadGuides left (`restored`: the one it was given), without the guides that
 * are gone; not at all when nothing changed. A copied table leaves out the documents, which
 * loadGuides rebuilds anyway; a live one keeps them, so that the next build's unchanged guides
 * are the same objects (the site stage finds them unchanged by identity).
 */
function keepGuideRenders(memo: Memo, key: string, table: GuideRenderCache, restored: GuideRenderCache | undefined, docs: readonly GuideDoc[]): void {
  // The table it was given, changed in place, with an entry for each guide and no other (each guide
  // has one, so the same count says so): nothing to do, without a pass over a large site's guides.
  if (table === restored && table.entries.size === docs.length) return;
  const files = new Set(docs.map((d) => d.file));
  const kept = [...table.entries].filter(([file]) => files.has(file));
  const before = new Set(restored?.entries.values());
  if (table === restored && kept.length === before.size && kept.every(([, entry]) => before.has(entry))) return;
  memo.set(GUIDES_STAGE, key, { entries: new Map(kept.map(([file, { doc, ...entry }]) => [file, memo.live ? { ...entry, doc } : entry])) } satisfies GuideRenderCache);
}

/** Whether an image still has the content its output name was made from (`assets/images/<name>-<hash8><ext>`). */
function sameImage(out: string, file: string): boolean {
  const hash = imageHash(file);
  return hash !== undefined && out.includes(`-${hash.slice(0, 8)}.`);
}

/** Each image's hash while its size and time are unchanged: serve --watch checks every image on every save. */
const imageHashes = new Map<string, { stamp: string; hash: string }>();

function imageHash(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined; // read whole, a device would never end: the guide is loaded again, and says so
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    const known = imageHashes.get(file);
    if (known?.stamp === stamp) return known.hash;
    const hash = fileContentHash(file);
    imageHashes.set(file, { stamp, hash });
    return hash;
  } catch {
    return undefined;
  }
}
