// The build cache (.docsgen/cache) as a CI job meets it: restored after an edit, cut short,
// written by another docsgen, pointed at the wrong folder, shared by two builds, left behind by
// a failed or interrupted build. Whatever it holds, a build writes exactly the bytes of a cold
// build (`--no-cache`) of the same inputs, and says in one line when it could not use it.
// Builds run through the CLI, as a user runs them, on a generated site with guides and a spec.
import { load } from 'cheerio';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSource, listFiles, repoRoot, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen, type Run, type RunOptions } from '../faults/harness';
import { twoLocaleSite } from '../helpers/i18nSite';
import { versionedSite } from '../helpers/versionedSite';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';

const CACHE = '.docsgen/cache';
const MARKER = 'docsgen-cache.json';
// Every test makes several builds of a 160-page site (a few seconds each on a loaded 2-core machine).
const SLOW = { timeout: 300_000 };

let tmp: string;
/** The generated site, never built in: each test builds a copy. */
let pristine: string;
/** How many pages a build of it writes. */
let pages: number;
/** What bench/generateSite.mjs put in it. */
let generated: { guides: number; operations: number };
/** A cold build (`--no-cache`) of the pristine site: what every build of unchanged inputs must write. */
let coldPristine: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'docsgen-cache-test-'));
  pristine = path.join(tmp, 'pristine');
  const site = generateSite({ pages: 160, out: pristine });
  pages = site.pages;
  generated = { guides: site.guides, operations: site.operations };
  coldPristine = await coldBuild(copyProject());
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
/** A fresh copy of the generated site, with no cache and no output. */
function copyProject(from = pristine): string {
  const dir = path.join(tmp, `project-${++copies}`);
  fs.cpSync(from, dir, { recursive: true });
  return dir;
}

/** `docsgen …args` in `cwd`; fails the test when it hangs. */
async function docsgen(args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
  const run = await runDocsgen(args, cwd, { timeoutMs: 120_000, ...options });
  expect(run.hung, `docsgen ${args.join(' ')} hung`).toBe(false);
  return run;
}

/** A build that must succeed; returns the run. */
async function built(args: string[], cwd: string): Promise<Run> {
  const run = await docsgen(['build', ...args], cwd);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

let colds = 0;
/** The run of each cold build, by its output folder. */
const coldRuns = new Map<string, Run>();
/** A cold build of the project as it is now, into a folder of its own outside it. */
async function coldBuild(project: string): Promise<string> {
  const out = path.join(tmp, `cold-${++colds}`);
  const run = await built(['--no-cache', '--out', out], project);
  expect(run.stdout).not.toContain('from the cache');
  coldRuns.set(out, run);
  return out;
}

/** The CLI's summary line: pages written, and how many of them came from the cache (0 when it says nothing). */
function summary(run: Run): { pages: number; cached: number } {
  const line = run.stdout.split('\n').find((l) => l.startsWith('✓ built '));
  expect(line, run.stdout).toBeDefined();
  const m = /^✓ built (\d+) pages in .*?(?:, (\d+) from the cache)?(?:, \d+ warnings?)?$/.exec(line!);
  expect(m, line).not.toBeNull();
  return { pages: Number(m![1]), cached: Number(m![2] ?? 0) };
}

/** stderr's lines: a build of the generated site prints nothing there but what the cache has to say. */
const stderrLines = (run: Run) => run.stderr.split('\n').filter((l) => l.trim() !== '');

/** Same files, same bytes (and at least `minPages` pages: the generated site's by default). */
function expectSameSite(actual: string, expected: string, minPages = 100): void {
  const files = listFiles(expected);
  expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThanOrEqual(minPages);
  expect(listFiles(actual)).toEqual(files);
  const differ = files.filter((f) => !fs.readFileSync(path.join(actual, f)).equals(fs.readFileSync(path.join(expected, f))));
  expect(differ).toEqual([]);
}

/** The cache's entry files (page entries and whatever other stages keep), relative to the cache. */
const entries = (cache: string) => listFiles(cache).filter((f) => f !== MARKER);

/** Replaces `from` (which must be there) by `to` in a file of the project. */
function edit(project: string, rel: string, from: string, to: string): void {
  const file = path.join(project, rel);
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${rel} holds ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

/** A guide no other guide links to (so removing it breaks no link), as a path in the project. */
function unlinkedGuide(project: string): string {
  const guides = listFiles(path.join(project, 'content')).filter((f) => f.endsWith('.md') && f.includes('/'));
  const texts = guides.map((f) => fs.readFileSync(path.join(project, 'content', f), 'utf8'));
  const lonely = guides.find((f) => f !== 'guides/intro.md' && texts.every((t) => !t.includes(`${path.basename(f)}`)));
  expect(lonely).toBeDefined();
  return `content/${lonely}`;
}

describe('incremental builds write the bytes of a cold build', () => {
  it('after editing a guide, a spec operation, adding and deleting a guide, and changing the title', SLOW, async () => {
    const project = copyProject();
    const first = summary(await built([], project));
    expect(first).toEqual({ pages, cached: 0 });
    expectSameSite(path.join(project, 'build'), coldPristine);

    /** An incremental build of the project as it is now, compared with a cold one; returns its summary. */
    const rebuild = async (): Promise<{ pages: number; cached: number; cold: string }> => {
      const run = await built([], project);
      expect(stderrLines(run)).toEqual([]);
      const cold = await coldBuild(project);
      expectSameSite(path.join(project, 'build'), cold);
      return { ...summary(run), cold };
    };

    // One guide's text: that page is made again, every other comes from the cache.
    const guide = 'content/guides/intro.md';
    fs.appendFileSync(path.join(project, guide), '\nA paragraph added by the cache test.\n');
    const afterGuide = await rebuild();
    expect(fs.readFileSync(path.join(afterGuide.cold, 'guides/intro/index.html'), 'utf8')).toContain('A paragraph added by the cache test.');
    expect(afterGuide.pages).toBe(pages);
    expect(afterGuide.cached).toBeLessThan(pages);
    expect(afterGuide.cached).toBeGreaterThanOrEqual(pages - 3);

    // One operation's parameter description: its page (and few others) made again.
    edit(project, 'openapi.yaml', 'description: Only records in these states.', 'description: Only records in the states listed here.');
    const afterParameter = await rebuild();
    expect(fs.readFileSync(path.join(afterParameter.cold, 'api/list-parcels/index.html'), 'utf8')).toContain('Only records in the states listed here.');
    expect(afterParameter.cached).toBeLessThan(pages);
    expect(afterParameter.cached).toBeGreaterThanOrEqual(pages - 5);

    // One operation's summary: shown in the API's sidebar and lists, so more pages change, but no guide.
    edit(project, 'openapi.yaml', 'summary: List parcels\n', 'summary: List the parcels\n');
    const afterSummary = await rebuild();
    expect(fs.readFileSync(path.join(afterSummary.cold, 'api/list-parcels/index.html'), 'utf8')).toContain('List the parcels');
    expect(afterSummary.cached).toBeLessThan(pages);
    expect(afterSummary.cached).toBeGreaterThanOrEqual(generated.guides);

    // A new guide: one page more.
    fs.writeFileSync(path.join(project, 'content/guides/zz-added.md'), '---\ntitle: Added by the cache test\n---\n## Why\n\nA guide that was not there.\n');
    const afterAdd = await rebuild();
    expect(afterAdd.pages).toBe(pages + 1);
    expect(afterAdd.cached).toBeGreaterThanOrEqual(generated.operations);
    expect(listFiles(path.join(project, 'build'))).toContain('guides/zz-added/index.html');

    // A guide removed: its page is gone from the output, though its entry was in the cache.
    const removed = unlinkedGuide(project);
    fs.rmSync(path.join(project, removed));
    const afterDelete = await rebuild();
    expect(afterDelete.pages).toBe(pages);
    expect(listFiles(path.join(project, 'build'))).not.toContain(`${removed.replace(/^content\//, '').replace(/\.md$/, '')}/index.html`);

    // The site's title is on every page: nothing comes from the cache.
    edit(project, 'docsgen.config.ts', "title: 'API',", "title: 'Property API',");
    const afterTitle = await rebuild();
    expect(fs.readFileSync(path.join(afterTitle.cold, 'index.html'), 'utf8')).toContain('Property API');
    expect(afterTitle.cached).toBe(0);

    // Nothing changed: every page from the cache.
    const again = summary(await built([], project));
    expect(again).toEqual({ pages, cached: pages });
    expectSameSite(path.join(project, 'build'), afterTitle.cold);
  });
});

describe("a spec's edit: operation pages whose inputs did not change are taken back", () => {
  it('one by one, with the spec links, example files and "Used by" lists of a cold build', SLOW, async () => {
    // A response example of 300 records is cut on its pages, which link to it whole in a file named
    // after the first page that shows it; each description links to a guide.
    const big = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ parcel: `p-${i}` })));
    const op = (path: string, id: string, summary: string, description: string, example: boolean) =>
      [
        `  ${path}:`,
        '    get:',
        `      operationId: ${id}`,
        `      summary: ${summary}`,
        `      description: ${description}`,
        '      responses:',
        '        "200":',
        '          description: OK',
        '          content:',
        '            application/json:',
        '              schema: { type: array, items: { $ref: "#/components/schemas/Parcel" } }',
        ...(example ? ['              examples:', '                big: { $ref: "#/components/examples/Big" }'] : []),
      ].join('\n');
    const spec = [
      'openapi: 3.0.3',
      'info: { title: Parcels, version: "1" }',
      'paths:',
      op('/parcels', 'listParcels', 'List parcels', 'See [flood zones](/guides/zones).', true),
      op('/parcels/{id}', 'getParcel', 'Get a parcel', 'See [the introduction](/guides/intro).', false),
      op('/permits', 'listPermits', 'List permits', 'See [flood zones](/guides/zones) and [the introduction](/guides/intro).', true),
      op('/owners', 'listOwners', 'List owners', 'Owners of record.', false),
      'components:',
      '  schemas:',
      '    Parcel: { type: object, properties: { parcel: { type: string, description: The parcel number. } } }',
      '  examples:',
      `    Big: { value: ${big} }`,
      '',
    ].join('\n');
    const guide = (title: string) => `---\ntitle: ${title}\n---\nAbout ${title.toLowerCase()}.\n`;
    const project = writeFiles(
      {
        'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
        'openapi.yaml': spec.replace('get:\n      operationId: getParcel', 'get:\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      operationId: getParcel'),
        'content/guides/intro.md': guide('Introduction'),
        'content/guides/zones.md': guide('Zones'),
        'content/guides/permits.md': guide('Permits'),
      },
      path.join(tmp, 'operations'),
    );
    /** An incremental build compared with a cold one: how many operation pages it took back and made. */
    const rebuild = async () => {
      const run = await built(['--timings'], project);
      const cold = await coldBuild(project);
      expectSameSite(path.join(project, 'build'), cold, 4);
      const m = /site: (\d+) of (\d+) operation pages taken from the cache/.exec(run.stdout);
      return { reused: Number(m?.[1] ?? 0), of: Number(m?.[2] ?? 0), cold, stderr: stderrLines(run) };
    };
    await rebuild();

    // The last operation's description: its page alone is made again.
    edit(project, 'openapi.yaml', 'Owners of record.', 'The owners of record.');
    expect(await rebuild()).toMatchObject({ reused: 3, of: 4, stderr: [] });

    // The kept bodies cut short: their pages are made again, with one line, and kept anew.
    const cache = path.join(project, CACHE);
    const parts = entries(cache).filter((f) => f.startsWith('api-bodies/'));
    expect(parts.length).toBeGreaterThan(0);
    for (const rel of parts) fs.writeFileSync(path.join(cache, rel), fs.readFileSync(path.join(cache, rel)).subarray(0, 10));
    edit(project, 'openapi.yaml', 'The owners of record.', 'Owners of record.');
    const damaged = await rebuild();
    expect(damaged).toMatchObject({ reused: 0, of: 4 });
    expect(damaged.stderr).toEqual([expect.stringMatching(/entr(y|ies) of the build cache .* failed (its|their) checksum: made again/)]);
    edit(project, 'openapi.yaml', 'Owners of record.', 'The owners of record.');
    expect(await rebuild()).toMatchObject({ reused: 3, of: 4, stderr: [] });

    // A link added to the first operation: the links after it get other numbers, so the two pages
    // that show links are made again; the page without any is taken back.
    edit(project, 'openapi.yaml', 'See [flood zones](/guides/zones).', 'See [flood zones](/guides/zones) and [permits](/guides/permits).');
    const linked = await rebuild();
    expect(linked).toMatchObject({ reused: 1, of: 4 });
    const intro = load(fs.readFileSync(path.join(project, 'build/api/get-parcel/index.html'), 'utf8'));
    expect(intro('a:contains("the introduction")').attr('href')).toBe('/guides/intro');

    // The example gone from the first operation: the third is now the first to show it, and its
    // file takes the third's name; the second page is taken back.
    edit(project, 'openapi.yaml', '              examples:\n                big: { $ref: "#/components/examples/Big" }\n  /parcels/{id}:', '  /parcels/{id}:');
    const moved = await rebuild();
    expect(moved).toMatchObject({ reused: 2, of: 4 });
    expect(listFiles(path.join(project, 'build/assets/examples'))).toEqual([expect.stringMatching(/^list-permits-.*\.json$/)]);

    // A schema the pages show: every page made again, and the schema's "Used by" list as a cold build's.
    edit(project, 'openapi.yaml', 'The parcel number.', 'The county parcel number.');
    expect(await rebuild()).toMatchObject({ reused: 0, of: 4 });
  });
});

// Inputs besides a guide's text and the main spec file: each change shows in a cold build, so it must in an incremental one.
describe('every input of a page counts', () => {
  it("a guide's image, a spec file reached by $ref, a category's label, a module the config imports", SLOW, async () => {
    const fixture = (rel: string) => fs.readFileSync(path.join(repoRoot, 'fixtures/specs/split', rel), 'utf8');
    const svg = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${colour}"/></svg>\n`;
    const project = writeFiles(
      {
        'docsgen.config.ts': [
          "import { defineConfig } from 'docsgen';",
          "import { tagline } from './tagline';",
          'export default defineConfig({',
          "  title: 'Cache Docs', tagline, url: 'https://docs.test.example', baseUrl: '/',",
          "  navbar: { items: [{ label: 'Guides', to: '/guides/intro', position: 'left' }] },",
          "  footer: { copyright: 'Copyright © 2025 Test' },",
          "  openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },",
          '});',
          '',
        ].join('\n'),
        'tagline.ts': "export const tagline = 'Flood risk, parcel by parcel';\n",
        'openapi.yaml': fixture('openapi.yaml'),
        'schemas/flood-risk.yaml': fixture('schemas/flood-risk.yaml'),
        'schemas/problem.yaml': fixture('schemas/problem.yaml'),
        'content/guides/intro.md': '---\ntitle: Introduction\n---\nThe [flood risk](/api/get-parcel-flood-risk) of a parcel.\n\n![A map of the zones](./img/zones.svg)\n',
        'content/guides/zones/_category_.yml': 'label: Flood zones\nposition: 2\n',
        'content/guides/zones/reading.md': '---\ntitle: Reading a zone\ncolour: blue\n---\n## Zone AE\n\nThe one-percent annual chance floodplain.\n',
        'content/guides/img/zones.svg': svg('blue'),
      },
      path.join(tmp, 'inputs'),
    );
    const first = await built([], project);
    expect(summary(first).cached).toBe(0);
    const cold = await coldBuild(project);
    expectSameSite(path.join(project, 'build'), cold, 5);
    // A warning of the spec (a tag and the overview want one route) and of a guide (an unknown front matter key): every build prints them, from the cache or not.
    const warnings = stderrLines(coldRuns.get(cold)!);
    expect(warnings.join('\n')).toMatch(/warning openapi\.yaml The route \/api\/flood-risk is wanted by both/);
    expect(warnings.join('\n')).toMatch(/warning content\/guides\/zones\/reading\.md.*Unknown front matter key "colour"/);
    expect(stderrLines(first)).toEqual(warnings);
    const unchanged = await built([], project);
    expect(stderrLines(unchanged)).toEqual(warnings);
    expect(summary(unchanged).cached).toBe(summary(unchanged).pages);

    const changes: [what: string, change: () => void, shows: string][] = [
      ['image', () => fs.writeFileSync(path.join(project, 'content/guides/img/zones.svg'), svg('orange')), 'fill="orange"'],
      ['$ref file', () => edit(project, 'schemas/flood-risk.yaml', 'the map panel the parcel', 'the flood map panel the parcel'), 'the flood map panel the parcel'],
      ['category label', () => edit(project, 'content/guides/zones/_category_.yml', 'label: Flood zones', 'label: Zones of flooding'), 'Zones of flooding'],
      ['config import', () => edit(project, 'tagline.ts', 'parcel by parcel', 'one parcel at a time'), 'one parcel at a time'],
    ];
    for (const [what, change, shows] of changes) {
      const previous = path.join(tmp, `inputs-before-${what.replace(/\W/g, '-')}`);
      fs.cpSync(path.join(project, 'build'), previous, { recursive: true });
      change();
      const run = await built([], project);
      expect(stderrLines(run), what).toEqual(warnings);
      const cold = await coldBuild(project);
      expectSameSite(path.join(project, 'build'), cold, 5);
      // The change is there (in a cold build) and was not there before.
      const holds = (dir: string) => listFiles(dir).some((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(shows));
      expect(holds(cold), what).toBe(true);
      expect(holds(previous), what).toBe(false);
    }
  });
});

// A second locale's pages have their own inputs: translated guides and UI strings.
describe('a site in two languages', () => {
  it("after editing a translation, the locale's UI strings and an untranslated guide", SLOW, async () => {
    const project = writeFiles(twoLocaleSite(), path.join(tmp, 'two-locales'));
    await built([], project);
    expectSameSite(path.join(project, 'build'), await coldBuild(project), 10);
    const changes: [what: string, change: () => void, file: string, shows: string][] = [
      ['translated guide', () => edit(project, 'i18n/fr/guides/intro.md', 'Demandez une clé au support.', 'Demandez une clé à l’équipe.'), 'fr/guides/intro/index.html', 'Demandez une clé à l’équipe.'],
      ['UI strings', () => edit(project, 'i18n/fr/messages.json', '"onThisPage":"Sur cette page"', '"onThisPage":"Dans cette page"'), 'fr/guides/zones/index.html', 'Dans cette page'],
      ['untranslated guide', () => edit(project, 'content/guides/zones.md', 'Zones come from FEMA maps.', 'Zones come from the flood maps.'), 'fr/guides/zones/index.html', 'Zones come from the flood maps.'],
    ];
    for (const [what, change, file, shows] of changes) {
      change();
      const run = await built([], project);
      expect(stderrLines(run), what).toEqual([]);
      expect(summary(run).cached, what).toBeGreaterThan(0);
      const cold = await coldBuild(project);
      expect(fs.readFileSync(path.join(cold, file), 'utf8'), what).toContain(shows);
      expectSameSite(path.join(project, 'build'), cold, 10);
    }
  });
});

describe('a site with two versions', () => {
  it("keeps the comparison of the versions' specs, and compares them again when one changes", SLOW, async () => {
    const project = writeFiles(versionedSite(), path.join(tmp, 'two-versions'));
    const changesOf = () => entries(path.join(project, CACHE)).filter((f) => f.startsWith('version-changes/'));
    /** The changelog page's text, as a reader sees it. */
    const changelog = (site: string) => load(fs.readFileSync(path.join(site, 'api/changelog/index.html'), 'utf8'))('main').text();
    await built([], project);
    const before = await coldBuild(project);
    expectSameSite(path.join(project, 'build'), before, 10);
    const kept = changesOf();
    expect(kept).toHaveLength(1);

    // Nothing changed: the comparison, like every page, comes from the cache.
    const again = await built([], project);
    expect(summary(again).cached).toBe(summary(again).pages);
    expect(changesOf()).toEqual(kept);

    // The current spec's response field changes type: a new comparison, and the changelog says so.
    edit(project, 'openapi.yaml', 'zones: { type: array, items: { type: string } }', 'zones: { type: array, items: { type: integer } }');
    const run = await built([], project);
    expect(stderrLines(run)).toEqual([]);
    const cold = await coldBuild(project);
    expectSameSite(path.join(project, 'build'), cold, 10);
    expect(changelog(before)).not.toContain('integer');
    expect(changelog(cold)).toContain('integer');
    expect(changesOf()).toHaveLength(1);
    expect(changesOf()).not.toEqual(kept);
  });
});

// A stage taken from the cache must report what it reported when it ran: a spec's warnings, --strict, an invalid spec.
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
    const project = copyProject();
    const noCache = await built(['--no-cache'], project);
    expect(summary(noCache)).toEqual({ pages, cached: 0 });
    expect(fs.existsSync(path.join(project, CACHE))).toBe(false);
    // Loading the config may leave an empty .docsgen/ behind, but no file in it.
    if (fs.existsSync(path.join(project, '.docsgen'))) expect(listFiles(path.join(project, '.docsgen'))).toEqual([]);

    // From another folder: the cache goes beside the config, as does the default one.
    const elsewhere = path.join(tmp, `cwd-${copies}`);
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
    const absolute = path.join(tmp, `abs-cache-${copies}`);
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

  // Above PARALLEL_THRESHOLD (500) pages, render threads write entries while the main thread takes the signal.
  it('SIGINT mid-render leaves no entry the next build trips on; a stale temporary entry is removed', SLOW, async () => {
    const project = path.join(tmp, 'large');
    const large = generateSite({ pages: 520, out: project }).pages;
    const cold = await coldBuild(project);
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
    const interrupted = await docsgen(['build'], project, {
      onStart: (child) => {
        const poll = setInterval(() => {
          if (written() < 60) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 10);
        child.once('exit', () => clearInterval(poll));
      },
    });
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(pageEntries().length).toBeLessThan(large);
    expect(fs.existsSync(path.join(project, 'build'))).toBe(false);
    const leftovers = entries(cache).filter((f) => f.endsWith('.tmp'));

    // What a build killed mid-write (SIGKILL, a power cut) leaves: a temporary entry, and one cut short under an entry's name.
    const stale = path.join(cache, 'page/cd', `cd${'1'.repeat(38)}.4242-1.tmp`);
    fs.mkdirSync(path.dirname(stale), { recursive: true });
    fs.writeFileSync(stale, 'DGC1 half');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, hoursAgo, hoursAgo);

    const next = await built([], project);
    expect(stderrLines(next)).toEqual([]);
    expect(summary(next).cached).toBeGreaterThanOrEqual(60);
    expect(summary(next).cached).toBeLessThan(large);
    expectSameSite(path.join(project, 'build'), cold);
    expect(fs.existsSync(stale)).toBe(false);
    // Temporary entries left by the interrupted build are younger than an hour: another build may still be writing them, so they stay, harmless.
    expect(entries(cache).filter((f) => f.endsWith('.tmp')).sort()).toEqual(leftovers.sort());
    expect(summary(await built([], project))).toEqual({ pages: large, cached: large });
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
