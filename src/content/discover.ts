// Finds the guide sources (`content/guides/**/*.md`) and the category files beside them, and
// decides each guide's route from its path and front matter. No markdown is rendered here.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { error, warning, type Diagnostic, type Location } from '../diagnostics/diagnostic';
import { notAFile } from './regularFiles';
import { parseMarkdownFile, type FrontMatter, type KnownFrontMatter, type ParsedSource } from './frontmatter';

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
  /** A page of content/pages/ (content/standalonePages.ts), not a guide: in no sidebar, list or tag. */
  standalone?: boolean;
}

export interface Category {
  /** Folder path from the guides folder with number prefixes removed, e.g. `market-statistics`; `''` for the guides folder itself. */
  dir: string;
  label: string;
  /** From the category file, else the folder's number prefix (`02-boundaries/` → 2). */
  position?: number;
  /** The folder's order from `items` in the category file: ids of its files and folders (names without number prefix or extension). */
  items?: string[];
  /** The category file, when there is one. */
  file?: string;
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

/** A `.` or `..` path segment: a route with one would name a file outside its folder. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;
/** A folder's name (a route's segment) holds at most this many bytes on the common file systems. */
const MAX_SEGMENT_BYTES = 255;
/** A sitemap's URLs must be shorter than 2,048 characters; a path this long also stays under Linux's 4,096 with the output folder's. */
const MAX_ROUTE_BYTES = 2000;

/** Why a guide's route cannot be a page of the site, or undefined when it can. */
export function routeProblem(route: string): string | undefined {
  if (DOT_SEGMENT.test(route)) return 'climbs out of the guides with "." or ".." segments';
  const control = /[\u0000-\u001f\u007f]/.exec(route);
  if (control) return `holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}), not allowed in a URL`;
  const segment = route.split('/').find((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES);
  if (segment) return `has a segment of ${Buffer.byteLength(segment).toLocaleString('en-US')} bytes, and a folder's name holds at most ${MAX_SEGMENT_BYTES}`;
  const bytes = Buffer.byteLength(route);
  if (bytes > MAX_ROUTE_BYTES) return `is ${bytes.toLocaleString('en-US')} bytes long, more than a sitemap's URL may be (${MAX_ROUTE_BYTES.toLocaleString('en-US')} here)`;
  return undefined;
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
 * Each guide's parsed front matter and each category file, by path, kept between builds of one
 * process (serve --watch: content/guideMemo.ts). Entries are trusted without looking at the file
 * again (on a large site even the stat calls cost more than the rest of a rebuild): the memo
 * behind it drops the entries of the files the watcher saw change.
 */
export type ParsedFile =
  | { guide: ParsedSource; source?: GuideSource }
  | { category: Category | undefined; diagnostics: Diagnostic[] }
  /** Under the guides folder's own path: the order warnings, and what they were found from; in a live memo, the folder's listing too. */
  | { order: string; diagnostics: Diagnostic[]; listing?: Listing };
export type ParsedFileCache = Pick<Map<string, ParsedFile>, 'get' | 'set'> & {
  /** A live memo's files told changed since the last build: with them, the guides folder is listed again only when one was added or removed. */
  changed?: readonly string[];
  /** Keeps every file's entry for the next build: the listing took them without looking them up. */
  keepAll?: () => void;
};

type Discovered = { sources: GuideSource[]; categories: Category[]; diagnostics: Diagnostic[] };

/**
 * serve --watch: the last listing of the guides folder and what it gave. Listing a large site's
 * folders took more of a save than the rest of the content stage, and a save seldom adds or
 * removes a file: the files told changed say whether one did.
 */
interface Listing {
  entries: string[];
  /** The files listed, by absolute path. */
  files: Set<string>;
  found: Discovered;
  /** Each guide's place in `found.sources`, by file. */
  places: Map<string, number>;
  /** The guides whose front matter had a problem. */
  noisy: Set<string>;
}

/** `frontMatter`: front matter parsed by an earlier build (the build cache's; serve --watch has `cache`). */
export function discoverGuides(guidesDir: string, cache?: ParsedFileCache, frontMatter?: KnownFrontMatter): Discovered {
  const sources: GuideSource[] = [];
  const categories: Category[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!fs.existsSync(guidesDir)) return { sources, categories, diagnostics };
  const known = cache?.changed && cache.get(guidesDir);
  const last = known && 'order' in known ? known.listing : undefined;
  const touched = last ? cache!.changed!.filter((file) => file.startsWith(guidesDir + path.sep)) : [];
  const sameListing = last !== undefined && touched.every((file) => listedAsIs(file, last.files));
  if (sameListing) {
    const quick = withChangedGuides(last, touched, cache!);
    if (quick) {
      cache!.keepAll?.();
      cache!.set(guidesDir, { ...(known as Extract<ParsedFile, { order: string }>), listing: { ...last, found: quick } });
      return { sources: quick.sources.slice(), categories: quick.categories.slice(), diagnostics: quick.diagnostics.slice() };
    }
  }
  const entries = sameListing ? last.entries : listFiles(guidesDir, diagnostics).sort();
  // A listing that found a link loop or a pipe is not kept for serve --watch's next build: it lists again, and reports them again.
  const listedCleanly = diagnostics.length === 0;
  const inGuides = joinerFor(guidesDir);
  const noisy = new Set<string>();
  for (const rel of entries) {
    const file = inGuides(rel);
    const hit = cache?.get(file);
    if (hit && 'source' in hit && hit.source) {
      if (hit.guide.diagnostics.length > 0) noisy.add(file);
      diagnostics.push(...hit.guide.diagnostics);
      sources.push(hit.source);
      continue;
    }
    const parts = rel.split('/');
    const fileName = parts.pop()!;
    const dirs = parts.map((p) => stripNumberPrefix(p).name);
    if (/^_category_\.(ya?ml|json)$/.test(fileName)) {
      const cat = cache ? readCategoryWithCache(file, dirs, diagnostics, cache) : readCategory(file, dirs, diagnostics);
      // A category file without a position keeps the order of its folder's number prefix.
      if (cat && cat.position === undefined && parts.length > 0) {
        const prefix = stripNumberPrefix(parts[parts.length - 1]).position;
        if (prefix !== undefined) cat.position = prefix;
      }
      if (cat) categories.push(cat);
      continue;
    }
    if (!/\.mdx?$/.test(fileName) || fileName.startsWith('_')) continue;
    const parsed = parsedGuide(file, rel, dirs, fileName, cache, frontMatter);
    if (parsed.guide.diagnostics.length > 0) noisy.add(file);
    diagnostics.push(...parsed.guide.diagnostics);
    const problem = routeProblem(parsed.source.route);
    if (problem) {
      const { slug } = parsed.guide.frontMatter;
      const cause = slug === undefined ? 'The file name' : `The slug "${shortened(slug)}"`;
      diagnostics.push(error('bad-slug', `${cause} makes the route ${shortened(parsed.source.route)}, which ${problem}; the guide is left out.`, { location: slug === undefined ? { file } : slugLocation(file), hint: 'Write the slug as the path the page should have, e.g. `slug: /boundaries/layers`.' }));
      continue;
    }
    sources.push(parsed.source);
  }
  // Folders without a category file still get a category, positioned by their number prefix.
  const seen = new Set(categories.map((c) => c.dir));
  let lastFolder: string | undefined;
  for (const rel of entries) {
    // The entries are sorted: a folder's files come one after another, and its folders are done once.
    const folder = rel.slice(0, rel.lastIndexOf('/') + 1);
    if (folder === lastFolder) continue;
    lastFolder = folder;
    const parts = rel.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).map((p) => stripNumberPrefix(p).name).join('/');
      if (seen.has(dir)) continue;
      seen.add(dir);
      const last = stripNumberPrefix(parts[i - 1]);
      categories.push({ dir, label: labelFromDir(last.name), position: last.position });
    }
  }
  if (!cache) {
    diagnostics.push(...orderDiagnostics(guidesDir, entries, sources, categories));
    return { sources, categories, diagnostics };
  }
  const order = orderDiagnosticsWithCache(guidesDir, entries, sources, categories, cache);
  diagnostics.push(...order.diagnostics);
  if (cache.changed && listedCleanly) {
    const found = { sources: sources.slice(), categories: categories.slice(), diagnostics: diagnostics.slice() };
    const listing: Listing = { entries, files: new Set(entries.map(inGuides)), found, places: new Map(sources.map((s, i) => [s.file, i])), noisy };
    cache.set(guidesDir, { ...order, listing });
  }
  return { sources, categories, diagnostics };
}

/** Text for a message, no longer than a line. */
function shortened(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The line of a guide's `slug:` key (found only for a slug in error). */
function slugLocation(file: string): Location {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l, k) => k > 0 && /^slug\s*:/.test(l));
  return i === -1 ? { file } : { file, line: i + 1, column: 1, lineText: lines[i] };
}

/** A guide's parsed front matter and source, from the cache while the file is unchanged. */
function parsedGuide(file: string, rel: string, dirs: string[], fileName: string, cache: ParsedFileCache | undefined, known?: KnownFrontMatter): { guide: ParsedSource; source: GuideSource } {
  const hit = cache?.get(file);
  const parsed: { guide: ParsedSource; source?: GuideSource } = hit && 'guide' in hit ? hit : { guide: parseMarkdownFile(file, known) };
  if (cache && parsed !== hit) cache.set(file, parsed);
  // The same source object while the file is unchanged: the stages after find it unchanged by identity.
  parsed.source ??= guideSource(file, rel, dirs, fileName, parsed.guide);
  return { guide: parsed.guide, source: parsed.source };
}

/** Whether a file told changed is in the listing as it is now: there, and still a file; or gone, and neither listed nor a folder of listed files. */
function listedAsIs(file: string, listed: Set<string>): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat) return stat.isFile() && listed.has(file);
  if (listed.has(file)) return false;
  const inside = file + path.sep;
  for (const other of listed) if (other.startsWith(inside)) return false;
  return true;
}

/**
 * The last listing's guides with the changed ones parsed again, when that changes nothing else:
 * each is a guide without front-matter problems, before and after, at the same route and
 * position (so the order warnings and the categories are those of the last listing). Otherwise
 * undefined, and the folder's files are gone through again.
 */
function withChangedGuides(last: Listing, touched: string[], cache: ParsedFileCache): Discovered | undefined {
  const sources = last.found.sources.slice();
  for (const file of new Set(touched)) {
    if (!last.files.has(file)) continue; // gone, and never listed (listedAsIs): nothing to parse
    const at = last.places.get(file);
    if (at === undefined || last.noisy.has(file)) return undefined;
    const before = sources[at];
    const parts = before.relPath.split('/');
    const parsed = parsedGuide(file, before.relPath, before.dirs, parts[parts.length - 1], cache);
    if (parsed.guide.diagnostics.length > 0 || parsed.source.route !== before.route || parsed.source.position !== before.position) return undefined;
    sources[at] = parsed.source;
  }
  return { ...last.found, sources };
}

function guideSource(file: string, rel: string, dirs: string[], fileName: string, parsed: ParsedSource): GuideSource {
  const fm = parsed.frontMatter;
  return {
    file,
    relPath: rel,
    dirs,
    route: guideRoute(dirs, fileName, fm.slug),
    frontMatter: fm,
    body: parsed.body,
    bodyLineOffset: parsed.bodyLineOffset,
    position: fm.sidebar_position ?? stripNumberPrefix(fileName).position,
  };
}

/** orderDiagnostics, found again only when the files, their positions or the categories changed: on a large site it walked every path on every save. */
function orderDiagnosticsWithCache(guidesDir: string, entries: string[], sources: GuideSource[], categories: Category[], cache: ParsedFileCache): { order: string; diagnostics: Diagnostic[] } {
  const order = [entries.join('\n'), sources.map((s) => s.position ?? '').join(','), JSON.stringify(categories)].join('\n\n');
  const hit = cache.get(guidesDir);
  if (hit && 'order' in hit && hit.order === order) return { order, diagnostics: hit.diagnostics };
  const diagnostics = orderDiagnostics(guidesDir, entries, sources, categories);
  cache.set(guidesDir, { order, diagnostics });
  return { order, diagnostics };
}

/** The id an `items` list names a file or folder by: its name without number prefix and extension. */
export function itemId(name: string): string {
  return stripNumberPrefix(name.replace(/\.mdx?$/, '')).name;
}

/**
 * What an author most likely did not mean about the order of a folder: an `items` entry that
 * names none of its files or folders (a typo, or a file renamed since), and two siblings with
 * the same number prefix (their order then falls back to their names).
 */
function orderDiagnostics(guidesDir: string, entries: string[], sources: GuideSource[], categories: Category[]): Diagnostic[] {
  const byFile = new Map(sources.map((s) => [s.relPath, s]));
  const byDir = new Map(categories.map((c) => [c.dir, c]));
  // Folder (prefixes removed) → its guides and subfolders by name as written, with the position each is ordered by.
  const children = new Map<string, Map<string, { file: string; position?: number }>>();
  for (const rel of entries) {
    const parts = rel.split('/');
    for (let i = 0; i < parts.length; i++) {
      const isFile = i === parts.length - 1;
      if (isFile && (!/\.mdx?$/.test(parts[i]) || parts[i].startsWith('_'))) continue;
      const parent = parts.slice(0, i).map((p) => stripNumberPrefix(p).name).join('/');
      let list = children.get(parent);
      if (!list) children.set(parent, (list = new Map()));
      if (list.has(parts[i])) continue;
      const position = isFile ? byFile.get(rel)?.position : byDir.get([parent, stripNumberPrefix(parts[i]).name].filter(Boolean).join('/'))?.position;
      list.set(parts[i], { file: path.join(guidesDir, ...parts.slice(0, i + 1)), position });
    }
  }
  const out: Diagnostic[] = [];
  for (const [dir, list] of children) {
    const byPrefix = new Map<number, string>();
    for (const name of [...list.keys()].sort()) {
      const prefix = stripNumberPrefix(name).position;
      // Only a prefix that decides the order counts (not one overridden by sidebar_position or the category's position).
      if (prefix === undefined || list.get(name)!.position !== prefix) continue;
      const first = byPrefix.get(prefix);
      if (first === undefined) {
        byPrefix.set(prefix, name);
        continue;
      }
      const file = list.get(name)!.file;
      out.push(
        warning(
          'number-prefix-collision',
          `The number prefix ${/^\d+/.exec(name)![0]} of ${name} is also the prefix of ${first}, so their order is by name. Give each its own number, or list them in items of _category_.yml.`,
          { location: /\.mdx?$/.test(name) ? firstLine(file) : { file } },
        ),
      );
    }
    const category = byDir.get(dir);
    if (!category?.items || !category.file) continue;
    const known = [...new Set([...list.keys()].map(itemId))].sort();
    for (const item of category.items) {
      if (known.includes(item)) continue;
      out.push(
        warning('category-item-missing', `The category item "${item}" names no file or folder beside its category file (known: ${known.join(', ') || 'none'}), so it is left out of the order.`, {
          location: itemLocation(category.file, item),
        }),
      );
    }
  }
  return out;
}

function firstLine(file: string): Diagnostic['location'] {
  try {
    return { file, line: 1, column: 1, lineText: fs.readFileSync(file, 'utf8').split('\n')[0].replace(/\r$/, '') };
  } catch {
    return { file };
  }
}

/** Where an `items` entry is written in its category file: after the `items` key, the entry as a whole word. */
function itemLocation(file: string, item: string): Diagnostic['location'] {
  let lines: string[];
  try {
    lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/\r$/, ''));
  } catch {
    return { file };
  }
  const start = Math.max(0, lines.findIndex((l) => /^\s*["']?items["']?\s*:/.test(l)));
  const escaped = item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`);
  for (let i = start; i < lines.length; i++) {
    const from = i === start ? lines[i].indexOf(':') + 1 : 0;
    const m = word.exec(lines[i].slice(from));
    if (m) return { file, line: i + 1, column: from + m.index + 1, lineText: lines[i] };
  }
  return { file, line: start + 1 };
}

/**
 * path.join(dir, ·) for listFiles' paths (`/`-separated plain names): where `/` is the separator
 * and `dir` is already normalized, a concatenation gives the same (path.join normalizes every
 * path again: a microsecond for each of a large site's guides on every save).
 */
function joinerFor(dir: string): (rel: string) => string {
  return path.sep === '/' && dir !== '/' && path.normalize(dir) === dir && !dir.endsWith('/') ? (rel) => `${dir}/${rel}` : (rel) => path.join(dir, rel);
}

/** Control characters, newlines and tabs among them. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Every file under `dir`, as `/`-separated paths relative to it (fs's own recursive listing stats
 * each entry). Links are followed, to files and to folders, but not into a folder that holds
 * the link (its files would be listed for ever); a pipe, socket or device is not listed either:
 * reading a pipe waits for a writer, and the build (which cannot heed a signal while it waits)
 * would never end; nor is a name with a control character. Each is reported in `diagnostics`.
 */
function listFiles(dir: string, diagnostics: Diagnostic[]): string[] {
  const out: string[] = [];
  const walk = (folder: string, prefix: string, ancestors: string[]) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      const abs = path.join(folder, entry.name);
      if (CONTROL.test(entry.name)) {
        // A URL cannot hold it (browsers drop a newline from a link), and the output's list of its files is one name per line.
        diagnostics.push(error('guides-control-character', `The guides folder holds ${JSON.stringify(rel)}, whose name has a control character (a newline, a tab…), which a page's URL cannot hold.`, { location: { file: abs }, hint: 'Rename it.' }));
        continue;
      }
      if (entry.isFile()) out.push(rel);
      else if (entry.isDirectory()) walk(abs, `${rel}/`, [...ancestors, path.join(ancestors[ancestors.length - 1], entry.name)]);
      else if (!entry.isSymbolicLink()) diagnostics.push(notAFile(abs, rel, 'guides'));
      else {
        const stat = fs.statSync(abs, { throwIfNoEntry: false });
        // A link to nothing is listed as a file: reading it reports it.
        if (!stat || stat.isFile()) out.push(rel);
        else if (!stat.isDirectory()) diagnostics.push(notAFile(abs, rel, 'guides'));
        else {
          const real = fs.realpathSync(abs);
          // A folder holding one of the folders the walk is in (`..`, or the content folder itself) leads back to it.
          if (ancestors.some((a) => a === real || a.startsWith(real + path.sep))) diagnostics.push(error('guides-link-loop', `The symbolic link ${rel} in the guides folder leads back to a folder that contains it (→ ${fs.readlinkSync(abs)}): following it would never end.`, { location: { file: abs }, hint: 'Remove the link, or point it at a folder beside it.' }));
          else walk(abs, `${rel}/`, [...ancestors, real]);
        }
      }
    }
  };
  walk(dir, '', [fs.realpathSync(dir)]);
  return out;
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
  for (const key of Object.keys(obj)) if (key !== 'label' && key !== 'position' && key !== 'items') problems.push(`unknown key "${key}" (known: label, position, items)`);
  if (obj.label !== undefined && typeof obj.label !== 'string') problems.push('"label" must be a string');
  if (obj.position !== undefined && typeof obj.position !== 'number') problems.push('"position" must be a number');
  if (obj.items !== undefined && !(Array.isArray(obj.items) && obj.items.every((i) => typeof i === 'string' || typeof i === 'number'))) {
    problems.push('"items" must be a list of file and folder names, e.g. [quick-start, boundaries]');
  }
  if (problems.length) {
    diagnostics.push(error('category-invalid', `Invalid category file: ${problems.join('; ')}.`, { location: { file } }));
    return undefined;
  }
  const items = (obj.items as (string | number)[] | undefined)?.map((i) => itemId(String(i)));
  return {
    dir,
    label: (obj.label as string | undefined) ?? labelFromDir(dirs[dirs.length - 1] ?? 'Guides'),
    position: obj.position as number | undefined,
    ...(items ? { items } : {}),
    file,
  };
}
