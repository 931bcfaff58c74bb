// The pure parts of the incremental-build bench (bench/incremental.mjs, bench/compareTrees.mjs):
// the file-tree comparison that decides "byte-identical", the summary-line parser that gives the
// pages taken from the cache, the edits it makes to the generated site, and its table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript modules of the bench
import { compareTrees, describeComparison, listTree, treeSize } from '../../bench/compareTrees.mjs';
// @ts-expect-error: plain JavaScript modules of the bench
import { editConfigTitle, editGuide, editOperationSummary, FLOOR_LABEL, identicalText, incrementalRows, parseSummary, rollingText, tripText } from '../../bench/incremental.mjs';
// @ts-expect-error: plain JavaScript modules of the bench
import { hashInputs, linkOutput, listOutput } from '../../bench/cacheFloor.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-test-tree-'));
  dirs.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

describe('compareTrees', () => {
  const site = { 'index.html': '<p>home</p>', 'guides/a/index.html': '<p>a</p>', 'assets/app.1234.js': 'x()', 'empty.txt': '' };

  it('finds two trees with the same names and bytes identical, counting every file', () => {
    const c = compareTrees(tree(site), tree(site));
    expect(c).toEqual({ identical: true, files: 4, onlyA: [], onlyB: [], differing: [] });
    expect(describeComparison(c)).toBe('yes (4 files)');
  });

  it('names a file whose bytes differ, even by one byte of the same length', () => {
    const c = compareTrees(tree(site), tree({ ...site, 'guides/a/index.html': '<p>b</p>' }));
    expect(c.identical).toBe(false);
    expect(c.differing).toEqual(['guides/a/index.html']);
    expect(describeComparison(c)).toBe('no: 1 of 4 files differ (`guides/a/index.html`)');
  });

  it('names files present on one side only, including an empty folder left out', () => {
    const { 'empty.txt': _, ...without } = site;
    const c = compareTrees(tree({ ...site, 'extra/new.html': 'n' }), tree(without));
    expect(c).toMatchObject({ identical: false, files: 3, onlyA: ['empty.txt', 'extra/new.html'], onlyB: [], differing: [] });
    expect(describeComparison(c)).toBe('no: 2 only in the incremental build (`empty.txt`, `extra/new.html`)');
    expect(compareTrees(tree(without), tree(site)).onlyB).toEqual(['empty.txt']);
  });

  it('lists nested files with / separators, sorted, and sums their sizes', () => {
    const dir = tree({ 'b/c/d.txt': '12345', 'a.txt': 'ab' });
    fs.mkdirSync(path.join(dir, 'empty-folder'));
    expect(listTree(dir)).toEqual(['a.txt', 'b/c/d.txt']);
    expect(treeSize(dir)).toEqual({ bytes: 7, files: 2 });
    expect(treeSize(path.join(dir, 'missing'))).toEqual({ bytes: 0, files: 0 });
  });
});

describe('parseSummary', () => {
  it('reads the pages and those taken from the cache from the CLI summary line', () => {
    const out = 'some warning\n✓ built 7,012 pages in 4.21 s → out/ (512.3 MiB), 7,011 from the cache, 2 warnings\n';
    expect(parseSummary(out)).toMatchObject({ pages: 7012, cached: 7011 });
  });

  it('counts 0 from the cache when the line names none, and nothing without a summary line', () => {
    expect(parseSummary('✓ built 600 pages in 8.28 s → out/ (40.1 MiB)\n')).toMatchObject({ pages: 600, cached: 0 });
    expect(parseSummary('✗ build failed\n')).toBeUndefined();
  });
});

describe('the edits', () => {
  it('adds a paragraph after the front matter of a guide, keeping the rest', () => {
    expect(editGuide('---\ntitle: "A"\n---\n\nBody.\n', 'New.')).toBe('---\ntitle: "A"\n---\n\nNew.\n\nBody.\n');
  });

  it("changes the middle operation's summary, never an example's summary in components", () => {
    const yaml = [
      'openapi: 3.1.0',
      'info:',
      '  title: T',
      'paths:',
      '  /a:',
      '    get:',
      '      summary: List a',
      '    post:',
      '      summary: Create a',
      '  /b:',
      '    get:',
      '      summary: List b',
      'components:',
      '  examples:',
      '    One:',
      '      summary: An example',
      '    Two:',
      '      summary: Another',
      '    Three:',
      '      summary: A third',
      '',
    ].join('\n');
    const edited = editOperationSummary(yaml, '(revised)');
    expect(edited.before).toBe('Create a');
    expect(edited.after).toBe('Create a (revised)');
    expect(edited.text).toBe(yaml.replace('      summary: Create a\n', '      summary: Create a (revised)\n'));
    expect(() => editOperationSummary('openapi: 3.1.0\ncomponents:\n  examples:\n    A:\n      summary: x\n', 'y')).toThrow(/no paths/);
  });

  it("changes the config's top-level title, not the navbar's", () => {
    const config = "export default defineConfig({\n  title: 'API',\n  navbar: {\n    title: 'API',\n  },\n});\n";
    expect(editConfigTitle(config, "Bob's API")).toBe("export default defineConfig({\n  title: 'Bob\\'s API',\n  navbar: {\n    title: 'API',\n  },\n});\n");
    expect(() => editConfigTitle('export default {};', 'X')).toThrow(/title/);
  });
});

describe('rollingText', () => {
  const build = (processWallMs: number, content: number) => ({ processWallMs, timings: `timings: config 30 ms, content ${content} ms, site 300 ms` });
  it('holds the build after many edits against the first build with nothing changed, with their content stages', () => {
    const text = rollingText([
      { builds: { c: build(3000, 280), i: build(3600, 470) } },
      { builds: { c: build(4000, 300), i: build(4000, 290) } },
    ]);
    expect(text).toContain('1.10× (1.00× – 1.20×)');
    expect(text).toContain('280 ms in (c), 470 ms in (i)');
  });
  it('says when a round did not measure them', () => {
    expect(rollingText([{ builds: { c: build(3000, 280) } }])).toBe('(i) against (c): not measured.');
  });
});

describe('incrementalRows', () => {
  const build = (processWallMs: number, cached: number) => ({ processWallMs, cpuMs: processWallMs * 1.5, maxRssKiB: 512 * 1024, cached, pages: 1000 });
  const round = (a: number, d: number, e: number) => ({ builds: { a: build(a, 0), b: build(a, 0), c: build(1000, 1000), d: build(d, 999), e: build(e, 500), f: build(a, 0), g: build(d / 2, 999), h: build(e, 900), i: build(1000, 1000) } });

  it('gives each build as a share of the cold --no-cache build of its own round, and whether the target is met', () => {
    const rows = incrementalRows([round(20_000, 1_000, 8_000)]);
    expect(rows.map((r: string[]) => r[0])).toEqual(['(a) cold, `--no-cache`', '(b) cold, filling the cache', '(c) nothing changed', "(d) one guide's text edited", "(e) one operation's summary edited", "(f) the config's title changed", "(g) one guide's text edited, into (f)'s output folder", '(h) every tenth guide edited', '(i) nothing changed, after (h)']);
    expect(rows[0]).toEqual(['(a) cold, `--no-cache`', '20.0 s', '30.0 s', '512 MiB', '0 of 1,000', '100 %', '']);
    expect(rows[2].slice(4, 6)).toEqual(['1,000 of 1,000', '5.0 %']);
    expect(rows[3].slice(5)).toEqual(['5.0 %', '≤ 10.0 %: met']);
    expect(rows[4].slice(5)).toEqual(['40.0 %', '≤ 20.0 %: **missed** by 100 %']);
    // The rebuild into the last output folder has no target of its own.
    expect(rows[6].slice(5)).toEqual(['2.5 %', '']);
  });

  it("adds the floor's row, as a share of each round's (a), only when a round measured it", () => {
    expect(incrementalRows([round(20_000, 1_000, 8_000)]).map((r: string[]) => r[0])).not.toContain(FLOOR_LABEL);
    const floor = (processWallMs: number) => ({ processWallMs, cpuMs: 800, maxRssKiB: 100 * 1024 });
    const rows = incrementalRows([
      { ...round(20_000, 1_000, 8_000), floor: floor(900) },
      { ...round(10_000, 1_000, 8_000), floor: floor(700) },
    ]);
    expect(rows.at(-1)).toEqual([FLOOR_LABEL, '800 ms (700 ms – 900 ms)', '800 ms', '100 MiB', '—', '5.8 % (4.5 % – 7.0 %)', '']);
  });

  it('over several rounds, shows the median and the range of the per-round ratios', () => {
    // Round ratios for (d): 4 %, 6 %, 20 % → median 6 %; against pooled medians it would be 5 %.
    const rows = incrementalRows([round(10_000, 400, 1_000), round(20_000, 1_200, 2_000), round(5_000, 1_000, 500)]);
    expect(rows[3][1]).toBe('1,000 ms (400 ms – 1,200 ms)');
    expect(rows[3][5]).toBe('6.0 % (4.0 % – 20.0 %)');
    expect(rows[3][6]).toBe('≤ 10.0 %: met');
  });
});

describe('tripText', () => {
  const round = (d: number, trip?: object) => ({ builds: { d: { processWallMs: d } }, trip });

  it("gives the cache's size and its save and restore over the rounds, beside (d)'s median", () => {
    const text = tripText([round(4_000, { saveMs: 2_000, restoreMs: 4_000, bytes: 20 * 2 ** 20 }), round(5_000, { saveMs: 3_000, restoreMs: 5_000, bytes: 22 * 2 ** 20 }), round(9_000, { missing: 'zstd is not installed here: not measured' })]);
    expect(text).toContain('21.0 MiB (20.0 MiB – 22.0 MiB) to upload and download');
    expect(text).toContain('saving it took 2,500 ms (2,000 ms – 3,000 ms), restoring it into an empty folder 4,500 ms (4,000 ms – 5,000 ms)');
    // (d) of the rounds that measured the trip only.
    expect(text).toContain("7,000 ms beside (d)'s 4,500 ms");
  });

  it('says why no round measured it', () => {
    expect(tripText([round(4_000, { missing: 'zstd is not installed here: not measured' })])).toBe("The cache's round trip through a CI cache: zstd is not installed here: not measured.");
  });
});

describe('npm run bench options of the incremental and watch-scale sections', () => {
  it('takes the page counts and the saves, with the issue-18 sizes by default', async () => {
    // @ts-expect-error: plain JavaScript module of the bench
    const { UsageError, parseArgs } = await import('../../bench/options.mjs');
    expect(parseArgs([])).toMatchObject({ incrementalPages: 7000, watchScalePages: 5000, watchScaleSaves: 500 });
    expect(parseArgs(['--section', 'incremental', '--incremental-pages', '600', '--watch-scale-pages', '400', '--watch-scale-saves', '20'])).toMatchObject({ sections: ['incremental'], incrementalPages: 600, watchScalePages: 400, watchScaleSaves: 20 });
    expect(() => parseArgs(['--incremental-pages', '100'])).toThrow(/--incremental-pages must be an integer of at least 150/);
    expect(() => parseArgs(['--watch-scale-pages', 'many'])).toThrow(UsageError);
    expect(() => parseArgs(['--watch-scale-saves', '0'])).toThrow(/--watch-scale-saves must be a positive integer/);
  });
});

describe('identicalText', () => {
  const same = (files: number) => ({ identical: true, files, onlyA: [], onlyB: [], differing: [] });
  it("gives each round's file count when the rounds' outputs differ in size, and names a round whose output differs", () => {
    expect(identicalText([same(23377)])).toBe('yes (23,377 files)');
    expect(identicalText([same(23377), same(23377)])).toBe('yes (23,377 files, in each of 2 rounds)');
    expect(identicalText([same(23377), same(23375)])).toBe('yes, in each of 2 rounds (23,377, 23,375 files)');
    expect(identicalText([same(10), { identical: false, files: 10, onlyA: [], onlyB: [], differing: ['sitemap.xml'] }])).toMatch(/^round 1: .*; round 2: .*sitemap\.xml/);
  });
});

describe('the floor of a build from the cache (bench/cacheFloor.mjs)', () => {
  it('lists an output with each folder after its parent, and links every file of it into a new folder', () => {
    const from = tree({ 'index.html': 'home', 'guides/a/index.html': 'a', 'guides/a/b/index.html': 'b', 'search-index/manifest.json': '{}' });
    const list = listOutput(from);
    expect(list.dirs.indexOf('guides')).toBeLessThan(list.dirs.indexOf('guides/a'));
    expect(list.dirs.indexOf('guides/a')).toBeLessThan(list.dirs.indexOf('guides/a/b'));
    expect([...list.files].sort()).toEqual(['guides/a/b/index.html', 'guides/a/index.html', 'index.html', 'search-index/manifest.json']);
    const to = path.join(tree({}), 'new');
    linkOutput(from, to, list);
    expect(compareTrees(from, to).identical).toBe(true);
    // Hard links, not copies: the same file under two names.
    expect(fs.statSync(path.join(to, 'guides/a/b/index.html')).ino).toBe(fs.statSync(path.join(from, 'guides/a/b/index.html')).ino);
  });

  it("hashes every input file of the site but its build cache's", () => {
    const site = tree({ 'docsgen.config.ts': 'export default {};', 'content/guides/a.md': '# A', '.docsgen/cache/page/00/x': 'cached bytes' });
    expect(hashInputs(site)).toEqual({ files: 2, bytes: 'export default {};'.length + '# A'.length });
  });
});
