// Test sites written whole in the test: `buildFiles({ 'content/guides/a.md': '…' })` writes them to
// a temporary folder with a config, runs build(), and gives back parsed pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { parse } from 'parse5';
import { build, type BuildOptions, type BuildResult } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { liveWorkers } from '../../src/workers';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A minimal valid config; tests override what they exercise. */
export function configSource(overrides: Record<string, unknown> = {}): string {
  const config = {
    title: 'Test Docs',
    tagline: 'Docs for tests',
    url: 'https://docs.test.example',
    baseUrl: '/',
    navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }] },
    footer: { copyright: 'Copyright © 2025 Test' },
    ...overrides,
  };
  return `import { defineConfig } from 'docsgen';\nexport default defineConfig(${JSON.stringify(config, null, 2)});\n`;
}

export function writeFiles(files: Record<string, string>, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-test-'))): string {
  if (!('docsgen.config.ts' in files)) files = { 'docsgen.config.ts': configSource(), ...files };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

export interface Fixture {
  dir: string;
  result: BuildResult;
  logger: ReturnType<typeof createMemoryLogger>;
  /** Text of an output file, e.g. `guides/a/index.html`. */
  read(file: string): string;
  exists(file: string): boolean;
  /** A page's HTML loaded into cheerio. */
  $(file: string): cheerio.CheerioAPI;
}

export async function buildFiles(files: Record<string, string>, options: BuildOptions = {}): Promise<Fixture> {
  const dir = writeFiles(files);
  const logger = createMemoryLogger();
  const result = await build({ root: dir, logger, ...options });
  const out = result.config.outDir;
  return {
    dir,
    result,
    logger,
    read: (file) => fs.readFileSync(path.join(out, file), 'utf8'),
    exists: (file) => fs.existsSync(path.join(out, file)),
    $: (file) => cheerio.load(fs.readFileSync(path.join(out, file), 'utf8')),
  };
}

/** Builds and expects failure; returns the diagnostics' text. */
export async function buildFails(files: Record<string, string>, options: BuildOptions = {}): Promise<{ dir: string; error: DocsgenError; messages: string[] }> {
  const dir = writeFiles(files);
  try {
    await build({ root: dir, logger: createMemoryLogger(), ...options });
  } catch (e) {
    if (!(e instanceof DocsgenError)) throw e;
    await expectNothingLeftRunning();
    return { dir, error: e, messages: e.diagnostics.map((d) => `${d.severity}: ${d.text}`) };
  }
  throw new Error('expected the build to fail, but it succeeded');
}

/**
 * A failed build ends every thread it started (a live one kept the CLI from exiting: it hung
 * forever in CI) and leaves no temporary folder. Terminating a thread takes a moment.
 */
export async function expectNothingLeftRunning(): Promise<void> {
  const deadline = Date.now() + 1_000;
  while (liveWorkers() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (liveWorkers() > 0) throw new Error(`the failed build left ${liveWorkers()} worker thread(s) running a second after it failed`);
}

/** HTML parse errors per the WHATWG parser (parse5), ignoring none. */
export function htmlParseErrors(html: string): string[] {
  const errors: string[] = [];
  parse(html, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) });
  return errors;
}

/** Every file under a folder, relative, with `/`. */
export function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => f.split(path.sep).join('/')).sort();
}
