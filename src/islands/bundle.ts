// The islands stage: esbuild bundles the page runtime and one entry per island in
// templates/islands/ (ESM, code splitting so React is one shared chunk, minified, content-hashed
// names that can be cached forever). Returns the files and the URLs the pages refer to.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { packagePath, packageRoot } from '../paths';
import { invariant } from '../shared/invariant';
import { digest, type Memo } from '../cache/memo';
import type { ThemeModule } from '../theme/compileTemplates';
import { overridePlugin, type ResolvedOverride } from '../theme/plugin';
import { folderStamps as stamps } from '../theme/overrides';

export interface IslandAssets {
  /** URL path (without baseUrl) of the runtime every page loads. */
  runtime: string;
  /** Island name → URL path of its module. */
  islands: Record<string, string>;
  /** Output path (from the site root) → content. */
  files: Map<string, Uint8Array>;
  /** The templates compiled with the project's overrides (src/theme/), when it has any. */
  theme?: ThemeModule;
}

const islandsDir = packagePath('templates/islands');
const mountModule = packagePath('src/client/mount.tsx');

export function islandNames(): string[] {
  if (!fs.existsSync(islandsDir)) return [];
  return fs
    .readdirSync(islandsDir)
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.slice(0, -4))
    .sort();
}

declare const __DOCSGEN_DIST__: string | undefined;

/**
 * The islands are docsgen's own code, the same for every site: the published package has them
 * bundled beside its own bundles (src/islands/prebuild.ts); a checkout's compiled CLI
 * (bin/compile.js) bundles them on its first build and keeps them beside its bundle, which is
 * replaced, with them, whenever a source file changes. Run from source (tests), they are bundled
 * every time. The folder is relative to the package (`dist`) or absolute (a checkout's cache).
 */
const compiledDir = typeof __DOCSGEN_DIST__ === 'string' ? path.resolve(packageRoot, __DOCSGEN_DIST__) : undefined;

export interface BundleOptions {
  minify: boolean;
  /** A project's overrides (src/theme/): its islands are bundled for it alone, never kept beside docsgen's bundle. */
  overrides?: readonly ResolvedOverride[];
}

export async function bundleIslands(options: BundleOptions): Promise<IslandAssets> {
  if (!compiledDir || (options.overrides?.length ?? 0) > 0) return esbuildIslands(options);
  const file = path.join(compiledDir, `islands-${options.minify ? 'production' : 'development'}.json`);
  const saved = readSaved(file);
  if (saved) return saved;
  const assets = await esbuildIslands(options);
  save(file, assets);
  return assets;
}

const ISLANDS_STAGE = 'islands';

/**
 * bundleIslands, kept in a live memo (serve --watch) while the islands' sources are unchanged.
 * A build does without: esbuild bundles in its own process while the build's stages run, and
 * the compiled CLI keeps its bundle anyway.
 */
export function bundleIslandsWithMemo(memo: Memo | undefined, options: BundleOptions & { themeDir?: string }): Promise<IslandAssets> {
  if (!memo?.live) return bundleIslands(options);
  const themed = (options.overrides?.length ?? 0) > 0 && options.themeDir ? stamps(options.themeDir) : [];
  const key = digest(String(options.minify), ...[islandsDir, path.dirname(mountModule)].flatMap(stamps), ...themed);
  const kept = memo.get<Promise<IslandAssets>>(ISLANDS_STAGE, key);
  if (kept) return kept;
  const made = bundleIslands(options);
  memo.set(ISLANDS_STAGE, key, made);
  return made;
}

interface SavedIslands {
  runtime: string;
  islands: Record<string, string>;
  /** Output path → base64 bytes. */
  files: [string, string][];
}

function readSaved(file: string): IslandAssets | undefined {
  let saved: SavedIslands;
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedIslands;
  } catch {
    return undefined;
  }
  return { runtime: saved.runtime, islands: saved.islands, files: new Map(saved.files.map(([name, bytes]) => [name, Buffer.from(bytes, 'base64')])) };
}

function save(file: string, assets: IslandAssets): void {
  const saved: SavedIslands = { runtime: assets.runtime, islands: assets.islands, files: [...assets.files].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]) };
  // Written aside and renamed, so a build running alongside never reads half a file; a failure
  // (read-only install) only means the next build bundles again.
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify(saved));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

async function esbuildIslands(options: BundleOptions): Promise<IslandAssets> {
  const esbuild = await import('esbuild');
  const names = islandNames();
  const entryPoints: Record<string, string> = { runtime: packagePath('src/client/hydrate.ts') };
  for (const name of names) entryPoints[`island-${name}`] = `docsgen-island:${name}`;
  let result;
  try {
    result = await esbuild.build({
      entryPoints,
      // Paths in the metafile are relative to this; '/' keeps output names as `assets/js/…`.
      absWorkingDir: '/',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: options.minify,
      jsx: 'automatic',
      write: false,
      outdir: '/assets/js',
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      define: { 'process.env.NODE_ENV': JSON.stringify(options.minify ? 'production' : 'development') },
      legalComments: 'none',
      logLevel: 'silent',
      metafile: true,
      plugins: [
        {
          // Each island entry is generated: the component plus the shared React mount.
          name: 'docsgen-island-entries',
          setup(build) {
            build.onResolve({ filter: /^docsgen-island:/ }, (args) => ({ path: args.path.slice('docsgen-island:'.length), namespace: 'docsgen-island' }));
            build.onLoad({ filter: /.*/, namespace: 'docsgen-island' }, (args) => ({
              resolveDir: islandsDir,
              loader: 'tsx',
              contents: `import { mount } from ${JSON.stringify(mountModule)};\nimport Island from ${JSON.stringify(path.join(islandsDir, `${args.path}.tsx`))};\nexport default (element, props, failed) => mount(element, Island, props, failed);\n`,
            }));
          },
        },
        ...(options.overrides?.length ? [overridePlugin(options.overrides, { platform: 'browser' })] : []),
      ],
    });
  } catch (cause) {
    const errors = (cause as { errors?: { text: string; location?: { file: string; line: number; column: number; lineText: string } }[] }).errors ?? [];
    throw new DocsgenError(
      errors.map((m) =>
        error('islands-bundle-failed', `Bundling the browser code failed: ${m.text}`, {
          location: m.location ? { file: path.resolve('/', m.location.file), line: m.location.line, column: m.location.column + 1, lineText: m.location.lineText } : undefined,
        }),
      ),
      { cause },
    );
  }
  const files = new Map<string, Uint8Array>();
  const islands: Record<string, string> = {};
  let runtime = '';
  for (const file of result.outputFiles) {
    const rel = file.path.replace(/^\/+/, '');
    files.set(rel, file.contents);
  }
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const entry = meta.entryPoint;
    if (!entry) continue;
    const url = '/' + out.replace(/^\/+/, '');
    if (entry.endsWith('src/client/hydrate.ts')) runtime = url;
    else if (entry.startsWith('docsgen-island:')) islands[entry.slice('docsgen-island:'.length)] = url;
  }
  // esbuild always emits the runtime entry; its absence would be a docsgen bug.
  invariant(runtime);
  return { runtime, islands, files };
}
