// Finds the guide sources (`content/guides/**/*.md`) and the category files beside them, and
// decides each guide's route from its path and front matter. No markdown is rendered here.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { error, type Diagnostic } from '../diagnostics/diagnostic';
import { parseFrontMatter, type FrontMatter } from './frontmatter';

export interface GuideSource {
  /** Absolute path. */
  file: string;
  /** Path from the guides folder, with `/`, e.g. `boundaries/virtual-layers.md`. */
  relPath: string;
  /** Folder segments (number prefixes removed), e.g. `['boundaries']`. */
  dirs: string[];
  /** Route without trailing slash, e.g. `/guides/boundaries/virtual-layers`. */
  route: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
  /** Sidebar order from front matter, else a number prefix like `02-`. */
  position?: number;
}

export interface Category {
  /** Folder path from the guides folder with number prefixes removed, e.g. `market-statistics`. */
  dir: string;
  label: string;
  position?: number;
}

const NUMBER_PREFIX = /^(\d+)[-_.]\s*/;

export function stripNumberPrefix(segment: string): { name: string; position?: number } {
  const m = NUMBER_PREFIX.exec(segment);
  return m ? { name: segment.slice(m[0].length), position: Number(m[1]) } : { name: segment };
}

/** Title-cased folder name, used when a folder has no category file: `market-statistics` → `Market Statistics`. */
export function labelFromDir(name: string): string {
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The route of a guide: folder path plus file name, `index`/`README` map to the folder, `slug` overrides. */
export function guideRoute(dirs: string[], fileName: string, slug: string | undefined): string {
  const base = ['/guides', ...dirs].join('/');
  if (slug !== undefined) {
    const cleaned = slug.replace(/^\/+|\/+$/g, '');
    if (slug.startsWith('/')) return cleaned ? `/guides/${cleaned}` : '/guides';
    return cleaned ? `${base}/${cleaned}` : base;
  }
  const name = stripNumberPrefix(fileName.replace(/\.mdx?$/, '')).name;
  return name === 'index' || name === 'README' ? base : `${base}/${name}`;
}

/**
 * Each guide's parsed front matter and each category file, kept between builds of one process
 * (serve --watch). Entries are trusted without looking at the file again (on a large site even
 * the stat calls cost more than the rest of a rebuild): the caller, which watches the files,
 * deletes the entries of those that changed.
 */
export type ParsedFileCache = Map<string, { guide: ReturnType<typeof parseFrontMatter> } | { category: Category | undefined; diagnostics: Diagnostic[] }>;

export function discoverGuides(guidesDir: string, cache?: ParsedFileCache): { sources: GuideSource[]; categories: Category[]; diagnostics: Diagnostic[] } {
  const sources: GuideSource[] = [];
  const categories: Category[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!fs.existsSync(guidesDir)) return { sources, categories, diagnostics };
  const entries = listFiles(guidesDir).sort();
  for (const rel of entries) {
    const file = path.join(guidesDir, rel);
    const parts = rel.split('/');
    const fileName = parts.pop()!;
    const dirs = parts.map((p) => stripNumberPrefix(p).name);
    if (/^_category_\.(ya?ml|json)$/.test(fileName)) {
      const cat = cache ? readCategoryWithCache(file, dirs, diagnostics, cache) : readCategory(file, dirs, diagnostics);
      if (cat) categories.push(cat);
      continue;
    }
    if (!/\.mdx?$/.test(fileName) || fileName.startsWith('_')) continue;
    const parsed = cache ? parseWithCache(file, cache) : parseFrontMatter(fs.readFileSync(file, 'utf8'), file);
    diagnostics.push(...parsed.diagnostics);
    const fm = parsed.frontMatter;
    sources.push({
      file,
      relPath: rel,
      dirs,
      route: guideRoute(dirs, fileName, fm.slug),
      frontMatter: fm,
      body: parsed.body,
      bodyLineOffset: parsed.bodyLineOffset,
      position: fm.sidebar_position ?? stripNumberPrefix(fileName).position,
    });
  }
  // Folders without a category file still get a category, positioned by their number prefix.
  const seen = new Set(categories.map((c) => c.dir));
  for (const rel of entries) {
    const parts = rel.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).map((p) => stripNumberPrefix(p).name).join('/');
      if (seen.has(dir)) continue;
      seen.add(dir);
      const last = stripNumberPrefix(parts[i - 1]);
      categories.push({ dir, label: labelFromDir(last.name), position: last.position });
    }
  }
  return { sources, categories, diagnostics };
}

/** Every file under `dir`, as `/`-separated paths relative to it (fs's own recursive listing stats each entry). */
function listFiles(dir: string, prefix = '', out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(path.join(dir, entry.name), { throwIfNoEntry: false })?.isDirectory());
    if (isDir) listFiles(path.join(dir, entry.name), `${rel}/`, out);
    else out.push(rel);
  }
  return out;
}

function parseWithCache(file: string, cache: ParsedFileCache): ReturnType<typeof parseFrontMatter> {
  const hit = cache.get(file);
  if (hit && 'guide' in hit) return hit.guide;
  const guide = parseFrontMatter(fs.readFileSync(file, 'utf8'), file);
  cache.set(file, { guide });
  return guide;
}

function readCategoryWithCache(file: string, dirs: string[], diagnostics: Diagnostic[], cache: ParsedFileCache): Category | undefined {
  let hit = cache.get(file);
  if (!hit || !('category' in hit)) {
    const own: Diagnostic[] = [];
    hit = { category: readCategory(file, dirs, own), diagnostics: own };
    cache.set(file, hit);
  }
  diagnostics.push(...hit.diagnostics);
  return hit.category;
}

function readCategory(file: string, dirs: string[], diagnostics: Diagnostic[]): Category | undefined {
  const dir = dirs.join('/');
  let data: unknown;
  try {
    const text = fs.readFileSync(file, 'utf8');
    data = file.endsWith('.json') ? JSON.parse(text) : loadYaml(text);
  } catch (e) {
    const mark = (e as { mark?: { line: number; column: number } }).mark;
    diagnostics.push(error('category-invalid', `The category file could not be parsed: ${(e as { reason?: string }).reason ?? (e as Error).message}.`, { location: { file, line: mark ? mark.line + 1 : undefined, column: mark ? mark.column + 1 : undefined } }));
    return undefined;
  }
  const obj = (data ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(obj)) if (key !== 'label' && key !== 'position') problems.push(`unknown key "${key}" (known: label, position)`);
  if (obj.label !== undefined && typeof obj.label !== 'string') problems.push('"label" must be a string');
  if (obj.position !== undefined && typeof obj.position !== 'number') problems.push('"position" must be a number');
  if (problems.length) {
    diagnostics.push(error('category-invalid', `Invalid category file: ${problems.join('; ')}.`, { location: { file } }));
    return undefined;
  }
  return { dir, label: (obj.label as string | undefined) ?? labelFromDir(dirs[dirs.length - 1] ?? 'Guides'), position: obj.position as number | undefined };
}
