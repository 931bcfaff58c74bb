// The content stage's entry in the build cache: the last build's rendered guides (the same
// GuideRenderCache serve --watch keeps in memory), stored as one entry under the config and the
// engine, so that a build renders again only the guides whose text changed. loadGuides itself
// checks each guide's body, place and the routes of all guides; what it cannot see from here is
// an image a guide uses, so an entry whose images changed, or that reported a missing one, is
// dropped before loadGuides reads the table.
import fs from 'node:fs';
import type { ResolvedConfig } from '../config/types';
import { configDigest, engineDigest } from '../cache/engine';
import { digest, type Memo } from '../cache/memo';
import { contentHash } from '../output/hash';
import type { GuideDoc, GuideRenderCache } from './loadGuides';

export const GUIDES_STAGE = 'guides';

export function guidesKey(config: ResolvedConfig): string {
  return digest(engineDigest(), configDigest(config));
}

/** The table to give loadGuides, from the cache when it has one. */
export function restoreGuideRenders(memo: Memo, key: string): GuideRenderCache | undefined {
  const table = memo.get<GuideRenderCache>(GUIDES_STAGE, key);
  if (!table) return undefined;
  for (const [file, entry] of table.entries) {
    if (entry.diagnostics.some((d) => d.code === 'image-not-found') || !entry.assets.every(([out, image]) => sameImage(out, image))) table.entries.delete(file);
  }
  return table;
}

/**
 * Stores the table loadGuides left (`restored`: the one it was given), without the guides that
 * are gone and without the documents it rebuilds anyway; not at all when nothing changed.
 */
export function keepGuideRenders(memo: Memo, key: string, table: GuideRenderCache, restored: GuideRenderCache | undefined, docs: readonly GuideDoc[]): void {
  const files = new Set(docs.map((d) => d.file));
  const kept = [...table.entries].filter(([file]) => files.has(file));
  const before = new Set(restored?.entries.values());
  if (table === restored && kept.length === before.size && kept.every(([, entry]) => before.has(entry))) return;
  memo.set(GUIDES_STAGE, key, { routes: table.routes, entries: new Map(kept.map(([file, { doc: _, ...entry }]) => [file, entry])) } satisfies GuideRenderCache);
}

/** Whether an image still has the content its output name was made from (`assets/images/<name>-<hash8><ext>`). */
function sameImage(out: string, file: string): boolean {
  try {
    return out.includes(`-${contentHash(fs.readFileSync(file)).slice(0, 8)}.`);
  } catch {
    return false;
  }
}
