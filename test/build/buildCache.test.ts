// The build cache (.docsgen/cache) as a CI job meets it after an edit: whatever changed (a
// guide, an operation, an image, a $ref'd file, a translation, a version's spec), a build from
// the cache writes exactly the bytes of a cold build (`--no-cache`) of the same inputs, and
// takes back what did not change. When it cannot use the cache: buildCacheFaults.test.ts.
import { load } from 'cheerio';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, listFiles, repoRoot, writeFiles } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';
import { versionedSite } from '../helpers/versionedSite';
import { writeParcelsProject } from '../helpers/parcelsProject';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';
import { built, CACHE, coldBuild, coldPristine, coldRuns, copyProject, docsgen, edit, entries, expectSameSite, generated, pages, SLOW, stderrLines, summary, tmp, unlinkedGuide, useGeneratedSite } from './cacheHarness';

useGeneratedSite();

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

describe("a spec's edit: API pages whose inputs did not change are taken back", () => {
  it('one by one, with the spec links, example files and "Used by" lists of a cold build', SLOW, async () => {
    const project = writeParcelsProject(path.join(tmp, 'operations'));
    /** An incremental build compared with a cold one: how many operation pages, and schema pages, it took back, of how many. */
    const rebuild = async () => {
      const run = await built(['--timings'], project);
      const cold = await coldBuild(project);
      expectSameSite(path.join(project, 'build'), cold, 4);
      const m = /site: (\d+) of (\d+) operation pages and (\d+) of (\d+) schema pages taken from the cache/.exec(run.stdout);
      return { reused: Number(m?.[1] ?? 0), of: Number(m?.[2] ?? 0), schemas: `${m?.[3]} of ${m?.[4]}`, cold, stderr: stderrLines(run) };
    };
    await rebuild();

    // The last operation's description: its page alone is made again; the schema pages are all taken back (two link to a file the first of them wrote).
    edit(project, 'openapi.yaml', 'Owners of record.', 'The owners of record.');
    expect(await rebuild()).toMatchObject({ reused: 3, of: 4, schemas: '5 of 5', stderr: [] });

    // The kept bodies cut short: their pages are made again, with one line, and kept anew.
    const cache = path.join(project, CACHE);
    const parts = entries(cache).filter((f) => f.startsWith('api-bodies/'));
    expect(parts.length).toBeGreaterThan(0);
    for (const rel of parts) fs.writeFileSync(path.join(cache, rel), fs.readFileSync(path.join(cache, rel)).subarray(0, 10));
    edit(project, 'openapi.yaml', 'The owners of record.', 'Owners of record.');
    const damaged = await rebuild();
    expect(damaged).toMatchObject({ reused: 0, of: 4, schemas: '0 of 5' });
    expect(damaged.stderr).toEqual([expect.stringMatching(/entr(y|ies) of the build cache .* failed (its|their) checksum: made again/)]);
    edit(project, 'openapi.yaml', 'Owners of record.', 'The owners of record.');
    expect(await rebuild()).toMatchObject({ reused: 3, of: 4, schemas: '5 of 5', stderr: [] });

    // What making them did (their search documents, their links and files) cut short, the spec
    // unchanged: the same, and a search index as a cold build's (rebuild compares every file).
    const records = entries(cache).filter((f) => f.startsWith('api-records/'));
    expect(records.length).toBeGreaterThan(0);
    for (const rel of records) fs.writeFileSync(path.join(cache, rel), fs.readFileSync(path.join(cache, rel)).subarray(0, 10));
    const unrecorded = await rebuild();
    expect(unrecorded).toMatchObject({ reused: 0, of: 4, schemas: '0 of 5' });
    expect(unrecorded.stderr).toEqual([expect.stringMatching(/entr(y|ies) of the build cache .* failed (its|their) checksum: made again/)]);
    // Kept anew: the next build takes the pages back whole, without a word.
    expect((await rebuild()).stderr).toEqual([]);

    // A link added to the first operation: the links after it get other numbers, so the two pages
    // that show links are made again; the page without any is taken back.
    edit(project, 'openapi.yaml', 'See [flood zones](/guides/zones).', 'See [flood zones](/guides/zones) and [permits](/guides/permits).');
    const linked = await rebuild();
    expect(linked).toMatchObject({ reused: 1, of: 4, schemas: '0 of 5' });
    const intro = load(fs.readFileSync(path.join(project, 'build/api/get-parcel/index.html'), 'utf8'));
    expect(intro('a:contains("the introduction")').attr('href')).toBe('/guides/intro');

    // An operation's summary, which the "Used by" lists of the two schemas it shows name: their
    // pages are made again from their stored bodies (one shows a link), the others are taken back.
    edit(project, 'openapi.yaml', 'summary: List permits', 'summary: List the permits');
    expect(await rebuild()).toMatchObject({ reused: 1, of: 4, schemas: '3 of 5' });
    const usedBy = (schema: string) => load(fs.readFileSync(path.join(project, `build/api/schemas/${schema}/index.html`), 'utf8'))('#used-by').parent().text();
    expect(usedBy('permit')).toContain('List the permits');
    expect(usedBy('parcel')).toContain('List the permits');
    expect(usedBy('parcel')).toContain('Permit');
    const permit = load(fs.readFileSync(path.join(project, 'build/api/schemas/permit/index.html'), 'utf8'));
    expect(permit('a').filter((_, a) => permit(a).text() === 'permits').attr('href')).toBe('/guides/permits');

    // The example gone from the first operation: the third is now the first to show it, and its
    // file takes the third's name; the second page is taken back.
    edit(project, 'openapi.yaml', '              examples:\n                big: { $ref: "#/components/examples/Big" }\n  /parcels/{id}:', '  /parcels/{id}:');
    const moved = await rebuild();
    expect(moved).toMatchObject({ reused: 2, of: 4, schemas: '0 of 5' });
    expect(listFiles(path.join(project, 'build/assets/examples'))).toEqual([expect.stringMatching(/^ledger-.*\.json$/), expect.stringMatching(/^list-permits-.*\.json$/)]);

    // A schema the pages show: every page made again, and the schema's "Used by" list as a cold build's.
    edit(project, 'openapi.yaml', 'The parcel number.', 'The county parcel number.');
    expect(await rebuild()).toMatchObject({ reused: 0, of: 4, schemas: '0 of 5' });
  });

  it('keeps the parts of the stored pages that the edit did not touch as they were', SLOW, async () => {
    // 400 operations: their bodies are kept in several parts (about 128 pages each).
    const project = path.join(tmp, 'parts');
    generateSite({ guides: 5, operations: 400, out: project });
    const cache = path.join(project, CACHE);
    const stored = (stage: string) => new Set(entries(cache).filter((f) => f.startsWith(`${stage}/`)));
    await built([], project);
    const bodies = stored('api-bodies');
    const records = stored('api-records');
    expect(bodies.size).toBeGreaterThan(2);

    // One operation's description: one part's bodies and one part's records are written, every other part is the entry the cache held.
    edit(project, 'openapi.yaml', 'Call this to get a foreclosure.', 'Call this to fetch a foreclosure.');
    const run = await built(['--timings'], project);
    const taken = Number(/site: (\d+) of 400 operation pages/.exec(run.stdout)?.[1]);
    expect(taken, run.stdout).toBeGreaterThan(390);
    expect(taken).toBeLessThan(400);
    const added = (before: Set<string>, after: Set<string>) => [...after].filter((f) => !before.has(f)).length;
    expect(added(bodies, stored('api-bodies'))).toBe(1);
    expect(added(records, stored('api-records'))).toBe(1);

    // The spec unchanged since: every API page comes back from those parts, with what each part's
    // records say of its pages (their search documents). The site is compared with a cold build
    // here only: what this build writes of the API is what the build above stored.
    fs.appendFileSync(path.join(project, 'content/guides/intro.md'), '\nA paragraph added by the cache test.\n');
    const again = await built([], project);
    expect(summary(again).cached).toBe(summary(again).pages - 1);
    expectSameSite(path.join(project, 'build'), await coldBuild(project));
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

describe("a guide's link to another guide", () => {
  it('resolves once the guide it names is added, and is reported again once that guide is gone', SLOW, async () => {
    const project = writeFiles(
      {
        'content/guides/intro.md': '---\ntitle: Introduction\n---\nRead [zone AE](./zones/ae.md) next.\n',
        'content/guides/zones/x.md': '---\ntitle: Zone X\n---\nThe area of minimal flood hazard.\n',
      },
      path.join(tmp, 'linked-later'),
    );
    const broken = /warning content\/guides\/intro\.md:4.*"\.\/zones\/ae\.md" points to a file that does not exist/;
    const first = await built([], project);
    expect(stderrLines(first).join('\n')).toMatch(broken);

    fs.writeFileSync(path.join(project, 'content/guides/zones/ae.md'), '---\ntitle: Zone AE\n---\nThe one-percent annual chance floodplain.\n');
    const added = await built([], project);
    expect(stderrLines(added).join('\n')).not.toMatch(broken);
    const intro = load(fs.readFileSync(path.join(project, 'build/guides/intro/index.html'), 'utf8'));
    expect(intro('main a:contains("zone AE")').attr('href')).toBe('/guides/zones/ae');
    expectSameSite(path.join(project, 'build'), await coldBuild(project), 3);

    fs.rmSync(path.join(project, 'content/guides/zones/ae.md'));
    const removed = await built([], project);
    expect(stderrLines(removed).join('\n')).toMatch(broken);
    expectSameSite(path.join(project, 'build'), await coldBuild(project), 3);
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

    // Nothing changed: the comparison, like every page, comes from the cache, and so do the
    // older version's API pages, whose entry is kept as it is rather than written again.
    const heldOf = () => entries(path.join(project, CACHE)).filter((f) => f.startsWith('held-api-pages/'));
    expect(heldOf()).toHaveLength(1);
    const held = fs.statSync(path.join(project, CACHE, heldOf()[0]));
    const again = await built(['--timings'], project);
    expect(summary(again).cached).toBe(summary(again).pages);
    expect(changesOf()).toEqual(kept);
    expect(again.stdout).toContain('site (version 1.0): 2 of 2 operation pages taken from the cache');
    expect(fs.statSync(path.join(project, CACHE, heldOf()[0]))).toMatchObject({ ino: held.ino, mtimeMs: held.mtimeMs });

    // That entry cut short: one line, the version's pages made again as a cold build makes them,
    // and kept anew for the next build, which takes them all back.
    const heldFile = path.join(project, CACHE, heldOf()[0]);
    fs.writeFileSync(heldFile, fs.readFileSync(heldFile).subarray(0, 10));
    const damaged = await built([], project);
    expect(stderrLines(damaged)).toEqual([expect.stringMatching(/^1 entry of the build cache .* failed its checksum: made again\.$/)]);
    expectSameSite(path.join(project, 'build'), before, 10);
    expect((await built(['--timings'], project)).stdout).toContain('site (version 1.0): 2 of 2 operation pages taken from the cache');

    // The current spec's response field changes type: a new comparison, and the changelog says so.
    // The other operation's page, whose own changes are the same, is taken back.
    edit(project, 'openapi.yaml', 'zones: { type: array, items: { type: string } }', 'zones: { type: array, items: { type: integer } }');
    const run = await built(['--timings'], project);
    expect(stderrLines(run)).toEqual([]);
    expect(run.stdout).toContain('site: 1 of 2 operation pages taken from the cache');
    expect(run.stdout).toContain('site (version 1.0): 2 of 2 operation pages taken from the cache');
    const cold = await coldBuild(project);
    expectSameSite(path.join(project, 'build'), cold, 10);
    expect(changelog(before)).not.toContain('integer');
    expect(changelog(cold)).toContain('integer');
    expect(changesOf()).toHaveLength(1);
    expect(changesOf()).not.toEqual(kept);
    const badges = (site: string) => load(fs.readFileSync(path.join(site, 'api/list-zones/index.html'), 'utf8'))('main .change-badge').text();
    expect(badges(cold)).toContain('Breaking change in');

    // The older version's spec alone changes, to the type the current one has: the current
    // spec's pages are not restored whole with their old badges; the changed one is made again.
    edit(project, 'versioned/1.0/openapi.yaml', 'zones: { type: array, items: { type: string } }', 'zones: { type: array, items: { type: integer } }');
    const older = await built(['--timings'], project);
    expect(older.stdout).toContain('site: 1 of 2 operation pages taken from the cache');
    // Its own page of the changed operation is made again; its other one is taken back.
    expect(older.stdout).toContain('site (version 1.0): 1 of 2 operation pages taken from the cache');
    const coldAgain = await coldBuild(project);
    expectSameSite(path.join(project, 'build'), coldAgain, 10);
    expect(badges(coldAgain)).toBe('');
  });
});

// A stage taken from the cache must report what it reported when it ran: a spec's warnings, --strict, an invalid spec.
