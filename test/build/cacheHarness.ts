// The build cache's tests (buildCache*.test.ts) share this: a generated site with guides and a
// spec, its cold build, and builds run through the CLI, as a user runs them. Each test file gets
// its own site (useGeneratedSite): the tests are split in files so that they run side by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { listFiles } from '../helpers/fixture';
import { runDocsgen, type Run, type RunOptions } from '../faults/harness';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';

export const CACHE = '.docsgen/cache';
export const MARKER = 'docsgen-cache.json';
// Every test makes several builds of a 160-page site (a few seconds each on a loaded 2-core machine).
export const SLOW = { timeout: 300_000 };

export let tmp: string;
/** The generated site, never built in: each test builds a copy. */
export let pristine: string;
/** How many pages a build of it writes. */
export let pages: number;
/** What bench/generateSite.mjs put in it. */
export let generated: { guides: number; operations: number };
/** A cold build (`--no-cache`) of the pristine site: what every build of unchanged inputs must write. */
export let coldPristine: string;
/** The copy of the pristine site that cold build ran in (with `--out` outside it). */
export let coldProject: string;

/** Each test file's generated site and its cold build, made before its tests and removed after. */
export function useGeneratedSite(): void {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'docsgen-cache-test-'));
    pristine = path.join(tmp, 'pristine');
    const site = generateSite({ pages: 160, out: pristine });
    pages = site.pages;
    generated = { guides: site.guides, operations: site.operations };
    coldProject = copyProject();
    coldPristine = await coldBuild(coldProject);
  }, 120_000);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
}

let copies = 0;
/** A fresh copy of the generated site, with no cache and no output. */
export function copyProject(from = pristine): string {
  const dir = path.join(tmp, `project-${++copies}`);
  fs.cpSync(from, dir, { recursive: true });
  return dir;
}

/** `docsgen …args` in `cwd`; fails the test when it hangs. */
export async function docsgen(args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
  const run = await runDocsgen(args, cwd, { timeoutMs: 120_000, ...options });
  expect(run.hung, `docsgen ${args.join(' ')} hung`).toBe(false);
  return run;
}

/** A build that must succeed; returns the run. */
export async function built(args: string[], cwd: string): Promise<Run> {
  const run = await docsgen(['build', ...args], cwd);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

let colds = 0;
/** The run of each cold build, by its output folder. */
export const coldRuns = new Map<string, Run>();
/** A cold build of the project as it is now, into a folder of its own outside it. */
export async function coldBuild(project: string): Promise<string> {
  const out = path.join(tmp, `cold-${++colds}`);
  const run = await built(['--no-cache', '--out', out], project);
  expect(run.stdout).not.toContain('from the cache');
  coldRuns.set(out, run);
  return out;
}

/** The CLI's summary line: pages written, and how many of them came from the cache (0 when it says nothing). */
export function summary(run: Run): { pages: number; cached: number } {
  const line = run.stdout.split('\n').find((l) => l.startsWith('✓ built '));
  expect(line, run.stdout).toBeDefined();
  const m = /^✓ built (\d+) pages in .*?(?:, (\d+) from the cache)?(?:, \d+ warnings?)?$/.exec(line!);
  expect(m, line).not.toBeNull();
  return { pages: Number(m![1]), cached: Number(m![2] ?? 0) };
}

/** stderr's lines: a build of the generated site prints nothing there but what the cache has to say. */
export const stderrLines = (run: Run) => run.stderr.split('\n').filter((l) => l.trim() !== '');

/** Same files, same bytes (and at least `minPages` pages: the generated site's by default). */
export function expectSameSite(actual: string, expected: string, minPages = 100): void {
  const files = listFiles(expected);
  expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThanOrEqual(minPages);
  expect(listFiles(actual)).toEqual(files);
  const differ = files.filter((f) => !fs.readFileSync(path.join(actual, f)).equals(fs.readFileSync(path.join(expected, f))));
  expect(differ).toEqual([]);
}

/** The cache's entry files (page entries and whatever other stages keep), relative to the cache. */
export const entries = (cache: string) => listFiles(cache).filter((f) => f !== MARKER);

/** Replaces `from` (which must be there) by `to` in a file of the project. */
export function edit(project: string, rel: string, from: string, to: string): void {
  const file = path.join(project, rel);
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${rel} holds ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

/** A guide no other guide links to (so removing it breaks no link), as a path in the project. */
export function unlinkedGuide(project: string): string {
  const guides = listFiles(path.join(project, 'content')).filter((f) => f.endsWith('.md') && f.includes('/'));
  const texts = guides.map((f) => fs.readFileSync(path.join(project, 'content', f), 'utf8'));
  const lonely = guides.find((f) => f !== 'guides/intro.md' && texts.every((t) => !t.includes(`${path.basename(f)}`)));
  expect(lonely).toBeDefined();
  return `content/${lonely}`;
}
