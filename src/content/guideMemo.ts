// The content stage's entries in the memo: the last build's rendered guides, so that a build
// renders again only the guides whose text changed. loadGuides itself checks each guide's body,
// place and the routes of the guides it links to; what it cannot see from here is an image a
// guide uses, so an entry whose images changed, or that reported a missing one, is dropped before
// loadGuides reads the table. A live memo (serve --watch) keeps the table as one entry, changed in
// place, and each file's parsed front matter while the file's size and time are the same. The
// build cache keeps it in parts (see GUIDE_PARTS).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { ResolvedConfig } from '../config/types';
import { configDigest, engineDigest } from '../cache/engine';
import { digest, type Memo } from '../cache/memo';
import { fileContentHash } from '../output/hash';
import { loadGuides, NO_DIAGNOSTICS, NO_IMAGES, type GuideDoc, type GuideRenderCache, type GuidesResult, type LastGuides } from './loadGuides';
import type { ParsedFile, ParsedFileCache } from './discover';
import type { FrontMatter, KnownFrontMatter } from './frontmatter';

export const GUIDES_STAGE = 'guides';
/** The build cache's parts of the table (GUIDE_PARTS). */
export const GUIDE_PARTS_STAGE = 'guide-renders';
export const PARSED_FILES_STAGE = 'guide-files';

/** The content stage (loadGuides), taking from `memo` what the build that filled it rendered. */
export function loadGuidesWithMemo(memo: Memo | undefined, config: ResolvedConfig, options: { highlight?: boolean; translations?: string } = {}): GuidesResult {
  if (!memo) return loadGuides(config, undefined, options);
  const key = digest(engineDigest(), configDigest(config), options.translations ?? '', String(options.highlight ?? true));
  const last = memo.live ? memo.get<LastGuides>(LAST_GUIDES_STAGE, key) : undefined;
  const { restored, read } = restoreGuideRenders(memo, key, last);
  // A live memo keeps each file's parse by its path (parsedFiles); a copying one, front matter by its text.
  const frontMatter = memo.live ? undefined : knownFrontMatter(memo, digest(engineDigest(), config.guidesDir));
  const table: { guides?: GuideRenderCache; parsedFiles?: ParsedFileCache; last?: LastGuides; frontMatter?: KnownFrontMatter } = { guides: restored, parsedFiles: memo.live ? parsedFiles(memo) : undefined, last, frontMatter };
  const result = loadGuides(config, table, options);
  frontMatter?.keep();
  if (memo.live) keepGuideRenders(memo, key, table.guides!, restored, result.docs);
  else keepGuideParts(memo, key, table.guides!, read, result.docs);
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
 * The table to give loadGuides, from the memo when it has one (`read`: the parts it came from, in
 * the build cache). With the last build's guides (a live memo), only the entries of guides that
 * had images or problems are looked at: the others cannot have a missing or changed image.
 */
function restoreGuideRenders(memo: Memo, key: string, last: LastGuides | undefined): { restored?: GuideRenderCache; read?: ReadParts } {
  const read = memo.live ? undefined : readGuideParts(memo, key);
  const table = memo.live ? memo.get<GuideRenderCache>(GUIDES_STAGE, key) : read?.table;
  if (!table) return {};
  const files = last?.table === table ? last.sources.filter((_, i) => last.images[i] !== NO_IMAGES || last.diagnostics[i] !== NO_DIAGNOSTICS).map((s) => s.file) : table.entries.keys();
  for (const file of files) {
    const entry = table.entries.get(file);
    if (entry && (entry.diagnostics.some((d) => d.code === 'image-not-found') || !entry.assets.every(([out, image]) => sameImage(out, image)))) table.entries.delete(file);
  }
  return { restored: table, read };
}

/**
 * A live memo: stores the table loadGuides left (`restored`: the one it was given), without the
 * guides that are gone, with their documents, so that the next build's unchanged guides are the
 * same objects (the site stage finds them unchanged by identity); not at all when the table it
 * was given, changed in place, is the one stored.
 */
function keepGuideRenders(memo: Memo, key: string, table: GuideRenderCache, restored: GuideRenderCache | undefined, docs: readonly GuideDoc[]): void {
  // The table it was given, changed in place, with an entry for each guide and no other (each guide
  // has one, so the same count says so): nothing to do, without a pass over a large site's guides.
  if (table === restored && table.entries.size === docs.length) return;
  const files = new Set(docs.map((d) => d.file));
  memo.set(GUIDES_STAGE, key, { entries: new Map([...table.entries].filter(([file]) => files.has(file))) } satisfies GuideRenderCache);
}

/**
 * Parts of the build cache's table: each guide's entry is in the part its path falls in. A guide
 * rendered again changes its part only, which is written again under a new name (a part is never
 * changed once written, so two builds sharing the cache each read the parts their table names);
 * the others keep theirs. Kept whole, the table (65 MB on the 7,000-page site) would be written
 * again by every build after an edit; it was not, so each later build rendered again every guide
 * edited since the cache was filled.
 */
const GUIDE_PARTS = 64;

/** The build cache's entry of the table: its parts' keys (GUIDE_PARTS_STAGE), '' for a part with no guide. */
interface GuideParts {
  parts: string[];
}

type GuideEntry = GuideRenderCache['entries'] extends Map<string, infer E> ? E : never;

/** The table as read from the build cache, and what each part held (its entries, by identity), to tell the parts a build changed. */
interface ReadParts {
  table: GuideRenderCache;
  parts: string[];
  held: Set<GuideEntry>[];
}

/** The part a guide's entry is in: from its path, so that it stays there as guides come and go. */
function guidePart(file: string): number {
  let hash = 0;
  for (let i = 0; i < file.length; i++) hash = (Math.imul(hash, 31) + file.charCodeAt(i)) | 0;
  return (hash >>> 0) % GUIDE_PARTS;
}

/** The table from the build cache's parts; a part gone or damaged leaves its guides out (they are rendered again, and the part written again). */
function readGuideParts(memo: Memo, key: string): ReadParts | undefined {
  const stored = memo.get<GuideParts>(GUIDES_STAGE, key);
  if (!Array.isArray(stored?.parts) || stored.parts.length !== GUIDE_PARTS) return undefined;
  const entries: GuideRenderCache['entries'] = new Map();
  const held = stored.parts.map((partKey) => {
    const list = partKey ? memo.get<[string, GuideEntry][]>(GUIDE_PARTS_STAGE, partKey) : undefined;
    const read = new Set<GuideEntry>();
    for (const [file, entry] of Array.isArray(list) ? list : []) {
      entries.set(file, entry);
      read.add(entry);
    }
    return read;
  });
  return { table: { entries }, parts: stored.parts, held };
}

/**
 * Stores the parts of the table loadGuides left that changed: a part whose guides are the entries
 * it held, no more and no fewer, keeps its key. The documents are left out: loadGuides rebuilds them.
 */
function keepGuideParts(memo: Memo, key: string, table: GuideRenderCache, read: ReadParts | undefined, docs: readonly GuideDoc[]): void {
  const files = new Set(docs.map((d) => d.file));
  const lists = Array.from({ length: GUIDE_PARTS }, (): [string, GuideEntry][] => []);
  for (const [file, entry] of table.entries) if (files.has(file)) lists[guidePart(file)].push([file, entry]);
  const parts = lists.map((list, part) => {
    const held = read?.held[part];
    if (held && list.length === held.size && list.every(([, entry]) => held.has(entry))) return read!.parts[part];
    if (list.length === 0) return '';
    const partKey = digest(key, String(part), randomUUID());
    memo.set(GUIDE_PARTS_STAGE, partKey, list.map(([file, { doc: _, ...entry }]) => [file, entry]));
    return partKey;
  });
  if (!read || parts.some((partKey, part) => partKey !== read.parts[part])) memo.set(GUIDES_STAGE, key, { parts } satisfies GuideParts);
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
