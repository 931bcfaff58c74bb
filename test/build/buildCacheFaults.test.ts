// The build cache (.docsgen/cache) when it cannot be trusted or used as it is: diagnostics kept
// in it, entries cut short, written by another docsgen, pointed at the wrong folder, shared by
// two builds, left behind by a failed or interrupted build. Whatever it holds, a build writes
// exactly the bytes of a cold build (`--no-cache`) of the same inputs, and says in one line when
// it could not use it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, listFiles, writeFiles } from '../helpers/fixture';
import { hashTree } from '../faults/harness';
import { built, CACHE, coldBuild, coldPristine, coldProject, coldRuns, copyProject, docsgen, edit, entries, expectSameSite, generated, MARKER, pages, SLOW, stderrLines, summary, tmp, useGeneratedSite } from './cacheHarness';

useGeneratedSite();

describe('diagnostics come back from the cache', () => {
  it("a spec's and a guide's warnings are printed by every build; --strict and an invalid spec fail as without the cache", SLOW, async () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: Permits, version: "1" }',
      'paths:',
      '  /permits:',
      '    get:',
      '      operationId: listPermits',
      '      parameters: [{ name: region, in: path, required: true, schema: { type: string } }]',
      '      responses: { "200": { description: OK } }',
      '',
    ].join('\n');
    const project = writeFiles(
      {
        'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
        'openapi.yaml': spec,
        'content/guides/a.md': '---\ntitle: A\n---\nSee [the permits](/api/list-permits).\n',
        'content/guides/b.md': '---\ntitle: B\n---\nA permit:\n\n```json\n{ "region": "north", }\n```\n',
      },
      path.join(tmp, 'diagnostics'),
    );
    const cold = await coldBuild(project);
    const warning = stderrLines(coldRuns.get(cold)!);
    expect(warning.join('\n')).toMatch(/warning openapi\.yaml/);
    expect(warning.join('\n')).toMatch(/warning content\/guides\/b\.md:7:\d+ .*does not parse/);
    for (const round of ['first', 'from the cache']) {
      const run = await built([], project);
      expect(stderrLines(run), round).toEqual(warning);
      expectSameSite(path.join(project, 'build'), cold, 3);
    }
    const output = hashTree(path.join(project, 'build'));

    /** A build expected to fail, and the same without the cache: same exit code, same lines. */
    const failsAsCold = async (args: string[]) => {
      const run = await docsgen(['build', ...args], project);
      const without = await docsgen(['build', '--no-cache', '--out', path.join(tmp, 'never'), ...args], project);
      expect(run.code, run.stderr).toBe(1);
      expect(without.code).toBe(1);
      expect(stderrLines(run)).toEqual(stderrLines(without));
      expect(hashTree(path.join(project, 'build'))).toEqual(output);
      return run;
    };
    expect((await failsAsCold(['--strict'])).stderr).toMatch(/error openapi\.yaml/);
    edit(project, 'openapi.yaml', '{ "200": { description: OK } }', '{ "200": { content: {} } }');
    expect((await failsAsCold([])).stderr).toMatch(/the required key "description" is missing/);
    edit(project, 'openapi.yaml', '{ "200": { content: {} } }', '{ "200": { description: OK } }');
    const fixed = await built([], project);
    expect(stderrLines(fixed)).toEqual(warning);
    expect(summary(fixed).cached).toBe(summary(fixed).pages);
    expectSameSite(path.join(project, 'build'), cold, 3);

    // The guide's JSON fixed: its warning goes, the other guide's findings (none) are kept.
    edit(project, 'content/guides/b.md', '"north", }', '"north" }');
    const guideFixed = await built([], project);
    expect(guideFixed.stderr).not.toContain('b.md');
    expect(guideFixed.stderr).toMatch(/warning openapi\.yaml/);
  });
});

describe('a cache that cannot be trusted costs a full build and one warning line, never a wrong page', () => {
  it('entries cut short or with changed bytes are made again; the next build is clean', SLOW, async () => {
    const project = copyProject();
    await built([], project);
    const cache = path.join(project, CACHE);
    const pageEntries = entries(cache).filter((f) => f.startsWith('page/'));
    expect(pageEntries.length).toBe(pages);
    // Four entries with a byte changed (in the magic, in the checksum, in the HTML), three cut short.
    const damage: [rel: string, how: (b: Buffer) => Buffer][] = [
      [pageEntries[0], (b) => (b[0] ^= 0xff, b)],
      [pageEntries[10], (b) => (b[5] ^= 0x01, b)],
      [pageEntries[20], (b) => (b[b.length >> 1] ^= 0x20, b)],
      [pageEntries[30], (b) => (b[b.length - 1] ^= 0x01, b)],
      [pageEntries[40], (b) => b.subarray(0, b.length >> 1)],
      [pageEntries[50], (b) => b.subarray(0, 6)],
      [pageEntries[60], () => Buffer.alloc(0)],
    ];
    for (const [rel, how] of damage) fs.writeFileSync(path.join(cache, rel), how(fs.readFileSync(path.join(cache, rel))));

    const run = await built([], project);
    expect(stderrLines(run)).toHaveLength(1);
    expect(stderrLines(run)[0]).toMatch(/\b7 entries\b.*build cache/);
    expect(summary(run)).toEqual({ pages, cached: pages - damage.length });
    expectSameSite(path.join(project, 'build'), coldPristine);

    const next = await built([], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next)).toEqual({ pages, cached: pages });
    expectSameSite(path.join(project, 'build'), coldPristine);
  });

  it("the output's files are the cache's files: an output page or file edited in place, or a damaged file, is made again", SLOW, async () => {
    const project = copyProject();
    await built([], project);
    const cache = path.join(project, CACHE);
    const out = path.join(project, 'build');
    const htmlFiles = entries(cache).filter((f) => f.startsWith('page-html/'));
    const markdownFiles = entries(cache).filter((f) => f.startsWith('page-md/'));
    expect(htmlFiles.length).toBe(pages);
    expect(markdownFiles.length).toBeGreaterThanOrEqual(generated.operations);
    // Hard links: every page of the output is one of the cache's files, not a second copy.
    const inodes = new Set(htmlFiles.map((f) => fs.statSync(path.join(cache, f)).ino));
    const outputPages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(outputPages.filter((f) => !inodes.has(fs.statSync(path.join(out, f)).ino))).toEqual([]);
    // So are the other files made in memory (the search index's, the sitemap, the guides' Markdown
    // copies), kept by their bytes; a rendered page's Markdown copy is its own entry's file.
    const inodesOf = (prefix: string) => new Set(entries(cache).filter((f) => f.startsWith(prefix)).map((f) => fs.statSync(path.join(cache, f)).ino));
    const kept = inodesOf('site-file/');
    const pageCopies = inodesOf('page-md/');
    const inode = (f: string) => fs.statSync(path.join(out, f)).ino;
    const indexAndSitemap = listFiles(out).filter((f) => f.startsWith('search-index') || f === 'sitemap.xml');
    expect(indexAndSitemap).toContain('sitemap.xml');
    expect(indexAndSitemap.length).toBeGreaterThanOrEqual(2);
    expect(indexAndSitemap.filter((f) => !kept.has(inode(f)))).toEqual([]);
    const guideCopies = listFiles(out).filter((f) => f.startsWith('guides/') && f.endsWith('.md'));
    expect(guideCopies.filter((f) => kept.has(inode(f))).length).toBeGreaterThanOrEqual(generated.guides);
    expect(guideCopies.filter((f) => !kept.has(inode(f)) && !pageCopies.has(inode(f)))).toEqual([]);

    // A deploy step that adds a line to two pages in place, a cache file with a byte changed, a Markdown copy cut short.
    // Four different pages, whatever the entries' names (they change with docsgen's code): the
    // damaged files are found through the output's pages, which are the same files.
    const guidePages = outputPages.filter((f) => f.startsWith('guides/'));
    const edited = guidePages.slice(0, 2);
    for (const f of edited) fs.appendFileSync(path.join(out, f), '<script src="/analytics.js"></script>\n');
    // …and one that stamps the sitemap in place.
    fs.appendFileSync(path.join(out, 'sitemap.xml'), '<!-- deployed by CI -->\n');
    const third = fs.statSync(path.join(out, guidePages[2])).ino;
    const flipped = path.join(cache, htmlFiles.find((f) => fs.statSync(path.join(cache, f)).ino === third)!);
    const bytes = fs.readFileSync(flipped);
    bytes[bytes.length >> 1] ^= 0x01;
    fs.writeFileSync(flipped, bytes);
    const guideCopyInodes = new Set(guidePages.slice(0, 3).flatMap((f) => {
      const copy = path.join(out, f.replace(/\/index\.html$/, '.md'));
      return fs.existsSync(copy) ? [fs.statSync(copy).ino] : [];
    }));
    const cut = markdownFiles.find((f) => !guideCopyInodes.has(fs.statSync(path.join(cache, f)).ino))!;
    fs.truncateSync(path.join(cache, cut), 20);

    const run = await built([], project);
    expect(stderrLines(run)).toHaveLength(1);
    expect(stderrLines(run)[0]).toMatch(/^5 entries of the build cache in .* failed their checksum: made again\. They are the cache's copies of files the output shares \(hard links\): a step that edits the output's files in place/);
    expect(summary(run)).toEqual({ pages, cached: pages - 4 });
    expectSameSite(out, coldPristine);

    const next = await built([], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next)).toEqual({ pages, cached: pages });
    expectSameSite(out, coldPristine);
  });

  it('a cache written by another docsgen, or with a damaged marker: a full build, a new cache', SLOW, async () => {
    const project = copyProject();
    await built([], project);
    const cache = path.join(project, CACHE);
    const markerFile = path.join(cache, MARKER);
    const engine = JSON.parse(fs.readFileSync(markerFile, 'utf8')).engine;
    expect(engine).toMatch(/^[0-9a-f]{40}$/);

    fs.writeFileSync(markerFile, JSON.stringify({ docsgenCache: 1, engine: 'f'.repeat(40) }));
    // An entry of that other engine, never written by this one: it must go.
    const foreign = path.join(cache, 'page/ab', `ab${'0'.repeat(38)}`);
    fs.mkdirSync(path.dirname(foreign), { recursive: true });
    fs.writeFileSync(foreign, 'DGC1 written by another docsgen');
    const run = await built([], project);
    expect(stderrLines(run)).toHaveLength(1);
    expect(stderrLines(run)[0]).toMatch(/build cache in \.docsgen\/cache was written by another version of docsgen/);
    expect(summary(run)).toEqual({ pages, cached: 0 });
    expectSameSite(path.join(project, 'build'), coldPristine);
    expect(JSON.parse(fs.readFileSync(markerFile, 'utf8')).engine).toBe(engine);
    expect(fs.existsSync(foreign)).toBe(false);
    const next = await built([], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next).cached).toBe(pages);

    fs.writeFileSync(markerFile, '{"docsgenCache":1,"engi');
    const damaged = await built([], project);
    expect(stderrLines(damaged)).toHaveLength(1);
    expect(stderrLines(damaged)[0]).toMatch(/build cache in \.docsgen\/cache is damaged/);
    expect(summary(damaged)).toEqual({ pages, cached: 0 });
    expectSameSite(path.join(project, 'build'), coldPristine);
    expect(JSON.parse(fs.readFileSync(markerFile, 'utf8')).engine).toBe(engine);
  });

  it('a --cache-dir folder docsgen did not write is left alone: a warning, a build, nothing written there', SLOW, async () => {
    const project = copyProject();
    const notes = path.join(project, 'my-notes');
    fs.mkdirSync(path.join(notes, 'drafts'), { recursive: true });
    fs.writeFileSync(path.join(notes, 'todo.txt'), 'Things I must not lose.\n');
    fs.writeFileSync(path.join(notes, 'drafts/page.md'), '# Draft\n');
    const before = hashTree(notes);
    const sources = hashTree(path.join(project, 'content'));
    for (const dir of ['my-notes', 'content']) {
      const run = await built(['--cache-dir', dir], project);
      expect(stderrLines(run)).toHaveLength(1);
      expect(stderrLines(run)[0]).toMatch(new RegExp(`^${dir} holds files docsgen did not write: not using it as the build cache`));
      expect(summary(run)).toEqual({ pages, cached: 0 });
      expectSameSite(path.join(project, 'build'), coldPristine);
    }
    expect(hashTree(notes)).toEqual(before);
    expect(hashTree(path.join(project, 'content'))).toEqual(sources);
    expect(fs.existsSync(path.join(project, CACHE))).toBe(false);
  });
});

describe('where the cache lives', () => {
  it('--no-cache writes none; --cache-dir is relative to the folder of the config file, not to the working folder', SLOW, async () => {
    // The pristine site's cold build (useGeneratedSite) ran with --no-cache in a copy of its own.
    expect(fs.existsSync(path.join(coldProject, CACHE))).toBe(false);
    // Loading the config may leave an empty .docsgen/ behind, but no file in it.
    if (fs.existsSync(path.join(coldProject, '.docsgen'))) expect(listFiles(path.join(coldProject, '.docsgen'))).toEqual([]);

    const project = copyProject();

    // From another folder: the cache goes beside the config, as does the default one.
    const elsewhere = path.join(tmp, `cwd-of-${path.basename(project)}`);
    fs.mkdirSync(elsewhere);
    const config = path.join(project, 'docsgen.config.ts');
    await built(['--config', config, '--cache-dir', 'ci-cache', '--out', path.join(project, 'build')], elsewhere);
    expect(fs.existsSync(path.join(project, 'ci-cache', MARKER))).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(fs.existsSync(path.join(project, CACHE))).toBe(false);
    const fromProject = await built(['--cache-dir', 'ci-cache'], project);
    expect(summary(fromProject)).toEqual({ pages, cached: pages });
    await built(['--config', config, '--out', path.join(project, 'build')], elsewhere);
    expect(fs.existsSync(path.join(project, CACHE, MARKER))).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);

    // An absolute folder anywhere.
    const absolute = path.join(tmp, `abs-cache-of-${path.basename(project)}`);
    await built(['--cache-dir', absolute], project);
    expect(fs.existsSync(path.join(absolute, MARKER))).toBe(true);
    expect(entries(absolute).filter((f) => f.startsWith('page/')).length).toBe(pages);
    expectSameSite(path.join(project, 'build'), coldPristine);
  });
});

describe('two builds sharing one cache', () => {
  it('started together, cold and then after an edit, both write the bytes of a cold build', SLOW, async () => {
    const project = copyProject();
    const together = () => Promise.all(['out-a', 'out-b'].map((out) => built(['--out', out], project)));
    for (const run of await together()) {
      expect(stderrLines(run)).toEqual([]);
      expect(summary(run).pages).toBe(pages);
    }
    expectSameSite(path.join(project, 'out-a'), coldPristine);
    expectSameSite(path.join(project, 'out-b'), coldPristine);

    fs.appendFileSync(path.join(project, 'content/guides/intro.md'), '\nA paragraph added by the cache test.\n');
    const runs = await together();
    const cold = await coldBuild(project);
    for (const run of runs) {
      expect(stderrLines(run)).toEqual([]);
      expect(summary(run).cached).toBeGreaterThanOrEqual(pages - 3);
    }
    expectSameSite(path.join(project, 'out-a'), cold);
    expectSameSite(path.join(project, 'out-b'), cold);
  });
});

describe('failed and interrupted builds', () => {
  it('a build that fails on a broken link leaves the output as it was and the cache usable', SLOW, async () => {
    const project = copyProject();
    await built([], project);
    const output = hashTree(path.join(project, 'build'));
    const broken = path.join(project, 'content/guides/broken.md');
    fs.writeFileSync(broken, '---\ntitle: Broken\n---\nSee [the missing page](./missing-page.md).\n');
    const failed = await docsgen(['build'], project);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('missing-page');
    expect(hashTree(path.join(project, 'build'))).toEqual(output);

    fs.rmSync(broken);
    const next = await built([], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next)).toEqual({ pages, cached: pages });
    expectSameSite(path.join(project, 'build'), coldPristine);
  });

  // With --threads 2, render threads write entries while the main thread takes the signal (a site
  // above PARALLEL_THRESHOLD, 500 pages, has them by default). The cold build to compare with is
  // the serial one of beforeAll: threads must write its bytes.
  it('SIGINT mid-render leaves no entry the next build trips on; a stale temporary entry is removed', SLOW, async () => {
    const project = copyProject();
    const cache = path.join(project, CACHE);
    const pageEntries = () => (fs.existsSync(path.join(cache, 'page')) ? entries(cache).filter((f) => f.startsWith('page/')) : []);
    // Counted while the build writes (and renames) them: names only, no stat of a file that may be gone.
    const written = () => {
      try {
        return (fs.readdirSync(path.join(cache, 'page'), { recursive: true }) as string[]).filter((f) => /[0-9a-f]{40}$/.test(f)).length;
      } catch {
        return 0;
      }
    };
    const interrupted = await docsgen(['build', '--threads', '2'], project, {
      onStart: (child) => {
        const poll = setInterval(() => {
          if (written() < 30) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 10);
        child.once('exit', () => clearInterval(poll));
      },
    });
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(pageEntries().length).toBeLessThan(pages);
    expect(fs.existsSync(path.join(project, 'build'))).toBe(false);
    const leftovers = entries(cache).filter((f) => f.endsWith('.tmp'));

    // What a build killed mid-write (SIGKILL, a power cut) leaves: a temporary entry, and one cut short under an entry's name.
    const stale = path.join(cache, 'page/cd', `cd${'1'.repeat(38)}.4242-1.tmp`);
    fs.mkdirSync(path.dirname(stale), { recursive: true });
    fs.writeFileSync(stale, 'DGC1 half');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, hoursAgo, hoursAgo);

    const next = await built(['--threads', '2'], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next).cached).toBeGreaterThanOrEqual(30);
    expect(summary(next).cached).toBeLessThan(pages);
    expectSameSite(path.join(project, 'build'), coldPristine);
    expect(fs.existsSync(stale)).toBe(false);
    // Temporary entries left by the interrupted build are younger than an hour: another build may still be writing them, so they stay, harmless.
    expect(entries(cache).filter((f) => f.endsWith('.tmp')).sort()).toEqual(leftovers.sort());
    expect(summary(await built(['--threads', '2'], project))).toEqual({ pages, cached: pages });
  });
});

describe('docsgen build --help', () => {
  it('lists --no-cache and --cache-dir', async () => {
    const run = await docsgen(['build', '--help'], tmp);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--cache-dir <dir>\s+\S/);
    expect(run.stdout).toMatch(/--no-cache\s+\S/);
  });
});
