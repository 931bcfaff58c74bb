// Loads docsgen.config.ts: esbuild bundles it (so it may import its own helpers, and we learn
// its dependencies for `serve --watch`), we import the bundle, then validate and resolve it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { DocsgenError, error, type Diagnostic } from '../diagnostics/diagnostic';
import { validateConfig } from './validate';
import { resolveConfig } from './resolve';
import { locateConfigKey } from './locate';
import { brandAssets, hashBrandAssets } from '../branding/assets';
import type { InlineConfig, ResolvedConfig, UserConfig } from './types';

export interface LoadedConfig {
  config: ResolvedConfig;
  /** The config file and every local file it imports, for watch mode. */
  dependencies: string[];
}

/** What `import { defineConfig } from 'docsgen'` is while a config loads (src/config/define.ts, as JavaScript): no file of docsgen's is read, wherever it is installed. */
const DEFINE_MODULE = 'export function defineConfig(config) { return config; }\n';
const DEFINE_NAMESPACE = 'docsgen-define';

export async function loadConfig(inline: InlineConfig = {}, options: { dev?: boolean } = {}): Promise<LoadedConfig> {
  const root = path.resolve(inline.root ?? process.cwd());
  const configFile = path.resolve(root, inline.configFile ?? 'docsgen.config.ts');
  if (!fs.existsSync(configFile)) {
    throw new DocsgenError([
      error('config-not-found', `No config file was found at ${path.relative(process.cwd(), configFile) || configFile}.`, {
        hint: 'Create docsgen.config.ts in the project root, or pass --config <file>.',
      }),
    ]);
  }
  const { user, dependencies, namedExports, hasDefault } = await importConfig(configFile);
  const shown = path.relative(process.cwd(), configFile) || configFile;
  if (!hasDefault) {
    const named = namedExports.length > 0 ? ` It exports ${namedExports.map((n) => `"${n}"`).join(', ')} by name, but docsgen reads only the default export.` : '';
    throw new DocsgenError([
      error('config-no-default-export', `The config file ${shown} has no default export: \`export default defineConfig({…})\` is missing.${named}`, {
        location: { file: configFile },
        hint: namedExports.length === 1 ? `Export it as the default: \`export default ${namedExports[0]};\`.` : 'Add `export default defineConfig({ title, url, navbar, footer })` to the file.',
      }),
    ]);
  }
  const issues = validateConfig(user);
  if (issues.length > 0) {
    const source = fs.readFileSync(configFile, 'utf8');
    throw new DocsgenError(
      issues.map((issue): Diagnostic => {
        const subject = issue.path === '' ? `the default export of ${shown}` : `"${issue.path}"`;
        return error('config-invalid', `Invalid config: ${subject} ${issue.message}${/[.?]$/.test(issue.message) ? '' : '.'}`, { location: locateKey(configFile, source, issue.path) });
      }),
    );
  }
  const specs = (user as UserConfig).openapi;
  if (inline.spec && Array.isArray(specs) && specs.length > 1) {
    throw new DocsgenError([
      error('spec-override-ambiguous', `--spec replaces the spec of a site with one API, but ${shown} lists ${specs.length} (${specs.map((s) => s.id).join(', ')}).`, {
        location: locateKey(configFile, fs.readFileSync(configFile, 'utf8'), 'openapi'),
        hint: 'Change the spec of the API you mean in the config instead.',
      }),
    ]);
  }
  const config = resolveConfig(user as UserConfig, configFile, inline, options.dev ?? false);
  // The branding files are named by their content: read now, and watched like the config.
  const { branding, missing } = hashBrandAssets(config.branding);
  if (missing.length > 0) {
    const source = fs.readFileSync(configFile, 'utf8');
    throw new DocsgenError(
      missing.map((asset) =>
        error('config-file-missing', `"${asset.key}" names ${path.relative(path.dirname(configFile), asset.file) || asset.file}, which ${asset.notAFile ? 'is not a file (a folder, a pipe or a device)' : 'does not exist (paths in the config are relative to it)'}.`, {
          location: locateKey(configFile, source, asset.key),
        }),
      ),
    );
  }
  return { config: { ...config, branding }, dependencies: [...dependencies, ...brandAssets(branding).map((asset) => asset.file)] };
}

async function importConfig(configFile: string): Promise<{ user: unknown; hasDefault: boolean; dependencies: string[]; namedExports: string[] }> {
  const esbuild = await import('esbuild');
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [configFile],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      // `import { defineConfig } from 'docsgen'` is type sugar: inline it instead of loading
      // the whole package at config time.
      plugins: [
        {
          name: 'docsgen-define',
          setup: (b) => {
            b.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: DEFINE_NAMESPACE }));
            b.onLoad({ filter: /.*/, namespace: DEFINE_NAMESPACE }, () => ({ contents: DEFINE_MODULE, loader: 'js' }));
          },
        },
      ],
    });
  } catch (cause) {
    const messages = (cause as { errors?: { text: string; location?: { file: string; line: number; column: number; lineText: string } }[] }).errors ?? [];
    throw new DocsgenError(
      messages.length > 0
        ? messages.map((m) =>
            error('config-load-failed', `Failed to load the config: ${m.text}`, {
              location: m.location ? { file: path.resolve(m.location.file), line: m.location.line, column: m.location.column + 1, lineText: m.location.lineText } : { file: configFile },
            }),
          )
        : [error('config-load-failed', `Failed to load the config: ${(cause as Error).message}`, { location: { file: configFile } })],
      { cause },
    );
  }
  const code = result.outputFiles[0].text;
  const dependencies = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith(`${DEFINE_NAMESPACE}:`))
    .map((f) => path.resolve(f));
  // The bundle is written inside the project (its .docsgen/ cache folder) so that bare imports
  // in the config resolve from the project's node_modules, then removed at once.
  const cacheDir = path.join(path.dirname(configFile), '.docsgen');
  // Made for this file alone, it goes with it: a command that writes nothing (lint, check-links) leaves no folder behind.
  const tmp = path.join(cacheDir, `config.${createHash('sha1').update(code).digest('hex').slice(0, 10)}.${process.pid}.mjs`);
  let made: boolean;
  try {
    made = writeInFolder(tmp, code);
  } catch (cause) {
    throw new DocsgenError([error('config-load-failed', `Failed to load the config: its bundle cannot be written into ${cacheDir} (${(cause as Error).message})`, { location: { file: configFile } })], { cause });
  }
  try {
    const mod = await import(pathToFileURL(tmp).href);
    return { user: mod.default, hasDefault: 'default' in mod, dependencies, namedExports: Object.keys(mod).filter((k) => k !== 'default') };
  } catch (cause) {
    throw new DocsgenError([error('config-load-failed', `Failed to load the config: ${(cause as Error).message}`, { location: { file: configFile } })], { cause });
  } finally {
    fs.rmSync(tmp, { force: true });
    if (made) {
      try {
        fs.rmdirSync(cacheDir); // only when empty: another process may have started its cache there meanwhile
      } catch {
        // not empty, or already gone
      }
    }
  }
}

/**
 * Writes `file`, making its folder first; true when this call made the folder. Another docsgen
 * process loading a config in the same project removes the folder once it is empty, which can
 * fall between making it and writing here: two builds started at once failed on ENOENT.
 */
export function writeInFolder(file: string, text: string, mkdir: (dir: string) => string | undefined = (dir) => fs.mkdirSync(dir, { recursive: true })): boolean {
  let made = false;
  for (let attempt = 1; ; attempt++) {
    made = mkdir(path.dirname(file)) !== undefined || made;
    try {
      fs.writeFileSync(file, text);
      return made;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 10) throw e;
    }
  }
}

/**
 * Where a config key is written, for the error report: `navbar.title` is the `title` inside
 * `navbar: { … }` (locate.ts walks the exported object literal). A key that is not written
 * (a required one that is missing) points at its closest written parent.
 */
export function locateKey(file: string, source: string, keyPath: string): { file: string; line?: number; column?: number; lineText?: string } {
  const found = locateConfigKey(source, keyPath);
  return found ? { file, line: found.line, column: found.column, lineText: found.lineText } : { file };
}
