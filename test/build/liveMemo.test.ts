// serve --watch's incremental rebuilds are the build's memo kept in memory (cache/liveMemo.ts):
// the same stages and keys as `docsgen build`'s cache on disk. After every kind of edit, a
// build with the memo returns exactly the files of a build without one, renders again only the
// pages the edit changed, and the memo holds one build's entries, not one per save.
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, LiveMemo, type BuildResult } from '../../src/index';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import type { OutputFiles } from '../../src/output/write';
import { writeFiles } from '../helpers/fixture';
import { readEntry, writeEntry } from '../../src/cache/diskMemo';
import { twoLocaleSite } from '../helpers/i18nSite';
import { writeParcelsProject } from '../helpers/parcelsProject';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';

const SLOW = { timeout: 240_000 };
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'docsgen-live-memo-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** As serve --watch builds: in memory, drafts included, the search index made on request. */
const watchBuild = (root: string, memo?: LiveMemo) => build({ root, write: false, dev: true, deferIndex: true, memo, logger: createMemoryLogger() });

/** As watchBuild, with broken links reported as warnings: the tests compare what a build reports. */
const warnBuild = (root: string, memo?: LiveMemo) => build({ root, write: false, dev: true, deferIndex: true, memo, onBrokenLinks: 'warn', logger: createMemoryLogger() });

/** Every file's bytes, and the deferred files made now. */
function contents(result: BuildResult): Map<string, string> {
  const text = (c: OutputFiles extends Map<string, infer V> ? V : never) => (typeof c === 'string' ? c : c instanceof Uint8Array ? Buffer.from(c).toString('latin1') : `copy of ${c.copyFrom}: ${fs.readFileSync(c.copyFrom, 'latin1')}`);
  const all = new Map([...result.files].map(([file, content]) => [file, text(content)]));
  for (const [file, make] of result.deferred ?? []) all.set(file, make());
  return all;
}

/** The memo's build equals a build without it, file by file; returns that build. */
async function expectSameAsCold(root: string, withMemo: BuildResult, coldBuild = watchBuild): Promise<BuildResult> {
  const coldResult = await coldBuild(root);
  const cold = contents(coldResult);
  const warm = contents(withMemo);
  expect([...warm.keys()].sort()).toEqual([...cold.keys()].sort());
  const differ = [...cold.keys()].filter((file) => warm.get(file) !== cold.get(file));
  expect(differ).toEqual([]);
  return coldResult;
}

function edit(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${file} holds ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

describe("serve --watch's memo", () => {
  it('after each kind of edit: the files of a build without it, and only the changed pages rendered', SLOW, async () => {
    const root = path.join(tmp, 'generated');
    const site = generateSite({ pages: 150, out: root });
    const memo = new LiveMemo();
    const first = await watchBuild(root, memo);
    expect(first.rendered).toHaveLength(first.pages);
    expect(first.pages).toBeGreaterThanOrEqual(site.pages);

    const unchanged = await watchBuild(root, memo);
    expect(unchanged.rendered).toEqual([]);
    expect(unchanged.cached).toEqual({ pages: first.pages, of: first.pages });
    await expectSameAsCold(root, unchanged);

    const guides = fs.readdirSync(path.join(root, 'content/guides'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort();
    const guide = path.join(root, 'content/guides', guides[3]);
    const route = (await routeOf(root, memo, guide))!;
    const text = fs.readFileSync(guide, 'utf8');
    const lastLine = text.trimEnd().split('\n').pop()!;

    // A guide's text: its page alone.
    edit(guide, lastLine, `${lastLine} Edited while serving.`);
    memo.changed([guide]);
    const textEdit = await watchBuild(root, memo);
    expect(textEdit.rendered).toEqual([route]);
    await expectSameAsCold(root, textEdit);

    // Its title: every page whose sidebar lists it too, not the API pages.
    const title = /^title: (.+)$/m.exec(fs.readFileSync(guide, 'utf8'))![1];
    edit(guide, `title: ${title}`, 'title: Renamed while serving');
    memo.changed([guide]);
    const titleEdit = await watchBuild(root, memo);
    expect(titleEdit.rendered).toContain(route);
    expect(titleEdit.rendered!.length).toBeGreaterThan(1);
    expect(titleEdit.rendered!.some((r) => r.startsWith('/api/'))).toBe(false);
    await expectSameAsCold(root, titleEdit);

    // A new guide, then the guide deleted: the sidebars change, and nothing of it stays.
    const added = path.join(path.dirname(guide), 'zz-added-while-serving.md');
    fs.writeFileSync(added, '---\ntitle: Added while serving\n---\n## Why\n\nA guide that was not there.\n');
    memo.changed([added]);
    const addition = await watchBuild(root, memo);
    expect(addition.pages).toBe(titleEdit.pages + 1);
    await expectSameAsCold(root, addition);
    fs.rmSync(added);
    memo.changed([added]);
    const removal = await watchBuild(root, memo);
    expect(removal.pages).toBe(titleEdit.pages);
    expect([...removal.files.keys()].some((f) => f.includes('zz-added-while-serving'))).toBe(false);
    await expectSameAsCold(root, removal);

    // One operation's summary in the spec.
    const spec = path.join(root, 'openapi.yaml');
    const summary = /^ {6}summary: (.+)$/m.exec(fs.readFileSync(spec, 'utf8'))![1];
    edit(spec, `summary: ${summary}`, 'summary: Summarised while serving');
    memo.changed([spec]);
    const specEdit = await watchBuild(root, memo);
    expect(specEdit.rendered!.length).toBeGreaterThan(0);
    expect(specEdit.rendered!.length).toBeLessThan(specEdit.pages);
    await expectSameAsCold(root, specEdit);

    // The config's title: every page.
    const config = path.join(root, 'docsgen.config.ts');
    const siteTitle = /title: '([^']+)'/.exec(fs.readFileSync(config, 'utf8'))![1];
    edit(config, `title: '${siteTitle}'`, "title: 'Retitled while serving'");
    const configEdit = await watchBuild(root, memo);
    expect(configEdit.rendered).toHaveLength(configEdit.pages);
    await expectSameAsCold(root, configEdit);

    // Saves do not pile up entries: the memo holds what the last build used.
    const sizes: number[] = [];
    for (let i = 0; i < 6; i++) {
      edit(guide, `Edited while serving${i === 0 ? '' : ` ${i}`}.`, `Edited while serving ${i + 1}.`);
      memo.changed([guide]);
      await watchBuild(root, memo);
      sizes.push(memo.size);
    }
    expect(sizes[1]).toBeLessThan(2 * configEdit.pages);
    expect(new Set(sizes.slice(1))).toEqual(new Set([sizes[1]]));
  });

  it('a site in two languages: after editing a translation and an untranslated guide', SLOW, async () => {
    const root = writeFiles(twoLocaleSite(), path.join(tmp, 'two-locales'));
    const memo = new LiveMemo();
    await watchBuild(root, memo);
    const translation = path.join(root, 'i18n/fr/guides/intro.md');
    edit(translation, 'Demandez une clé au support.', 'Demandez une clé à l’équipe.');
    memo.changed([translation]);
    const translated = await watchBuild(root, memo);
    expect(translated.rendered).toEqual(['/fr/guides/intro']);
    await expectSameAsCold(root, translated);
    const untranslated = path.join(root, 'content/guides/zones.md');
    edit(untranslated, 'Zones come from FEMA maps.', 'Zones come from the flood maps.');
    memo.changed([untranslated]);
    const edited = await watchBuild(root, memo);
    expect(edited.rendered).toEqual(expect.arrayContaining(['/guides/zones', '/fr/guides/zones']));
    await expectSameAsCold(root, edited);
  });
});

describe("serve --watch's memo and a guide's image", () => {
  it('a changed image renders again the guide that shows it (its URL names its content), and no other', SLOW, async () => {
    const root = writeFiles(
      {
        'content/guides/a.md': '---\ntitle: Alpha\n---\nThe parcel map:\n\n![Parcel map](./map.svg)\n',
        'content/guides/b.md': '---\ntitle: Beta\n---\nNo picture here.\n',
        'content/guides/map.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#1a7f5a"/></svg>\n',
      },
      path.join(tmp, 'guide-image'),
    );
    const image = path.join(root, 'content/guides/map.svg');
    const memo = new LiveMemo();
    await watchBuild(root, memo);
    // A save of the other guide first: from then on, the memo's tables are the ones it keeps between saves.
    const other = path.join(root, 'content/guides/b.md');
    edit(other, 'No picture here.', 'Still no picture here.');
    memo.changed([other]);
    const first = await watchBuild(root, memo);
    expect(first.rendered).toEqual(['/guides/b']);
    const imageFile = (result: BuildResult) => [...result.files.keys()].filter((f) => f.startsWith('assets/images/map-'));
    expect(imageFile(first)).toHaveLength(1);

    fs.writeFileSync(image, fs.readFileSync(image, 'utf8').replace('#1a7f5a', '#b3261e'));
    memo.changed([image]);
    const changed = await watchBuild(root, memo);
    expect(changed.rendered).toEqual(['/guides/a']);
    expect(imageFile(changed)).toHaveLength(1);
    expect(imageFile(changed)).not.toEqual(imageFile(first));
    expect(contents(changed).get('guides/a/index.html')).toContain(`/${imageFile(changed)[0]}`);
    await expectSameAsCold(root, changed);
  });
});

describe("serve --watch's Markdown for machines and guide checks", () => {
  it("after a save: the guides' lint warnings of the edited guide and the others, and the .md copies and llms files made on request as a build makes them", SLOW, async () => {
    const root = writeFiles(
      {
        'content/guides/a.md': '---\ntitle: Alpha\n---\nThe first guide.\n',
        'content/guides/b.md': '---\ntitle: Beta\n---\n```json\n{ "zone": "AE", }\n```\n',
      },
      path.join(tmp, 'guide-checks'),
    );
    const a = path.join(root, 'content/guides/a.md');
    const b = path.join(root, 'content/guides/b.md');
    const memo = new LiveMemo();
    const jsonWarnings = (result: BuildResult) =>
      result.diagnostics
        .filter((d) => d.code === 'guide-json-invalid')
        .map((d) => `${path.basename(d.location!.file!)}:${d.location!.line}`)
        .sort();
    /** The .md copies and llms files as serve --watch serves them (made on request), and as a build writes them. */
    const expectCopiesAsBuilt = async (served: BuildResult) => {
      const built = await build({ root, write: false, dev: true, logger: createMemoryLogger() });
      const copies = [...built.files.keys()].filter((f) => f.endsWith('.md') || f.startsWith('llms')).sort();
      expect(copies).toEqual(expect.arrayContaining(['guides/a.md', 'guides/b.md', 'llms.txt', 'llms-full.txt']));
      const made = contents(served);
      for (const file of copies) expect(made.get(file), file).toBe(built.files.get(file));
      return made;
    };

    const first = await watchBuild(root, memo);
    expect(jsonWarnings(first)).toEqual(['b.md:5']);
    await expectCopiesAsBuilt(first);

    // Another guide edited: its new warning, and the unchanged guide's still reported.
    edit(a, 'The first guide.', 'The first guide, edited.\n\n```json\n[1, 2,]\n```');
    memo.changed([a]);
    const edited = await watchBuild(root, memo);
    expect(jsonWarnings(edited)).toEqual(['a.md:7', 'b.md:5']);
    const made = await expectCopiesAsBuilt(edited);
    expect(made.get('guides/a.md')).toContain('The first guide, edited.');
    expect(made.get('llms-full.txt')).toContain('The first guide, edited.');

    // A guide added before both (every guide after it moves up a place): its warning, and theirs as before.
    const first0 = path.join(root, 'content/guides/0-first.md');
    fs.writeFileSync(first0, '---\ntitle: Zero\n---\nA guide added while serving.\n\n```json\n{ "a": 1 "b": 2 }\n```\n');
    memo.changed([first0]);
    expect(jsonWarnings(await watchBuild(root, memo))).toEqual(['0-first.md:7', 'a.md:7', 'b.md:5']);

    // The other guide fixed: its warning goes.
    edit(b, '"AE", }', '"AE" }');
    memo.changed([b]);
    expect(jsonWarnings(await watchBuild(root, memo))).toEqual(['0-first.md:7', 'a.md:7']);

    // A guide moved up the sidebar, before one that was above it: every page's copy is still its own.
    edit(b, 'title: Beta', 'title: Beta\nsidebar_position: 1');
    memo.changed([b]);
    const reordered = await expectCopiesAsBuilt(await watchBuild(root, memo));
    expect(reordered.get('guides/b.md')).toContain('"AE" }');
    expect(reordered.get('llms.txt')!.indexOf('Alpha')).toBeGreaterThan(reordered.get('llms.txt')!.indexOf('Beta'));
  });
});

describe("serve --watch's memo and the guides folder's listing", () => {
  it('after a file added, removed or moved, or a front matter that changes a warning: the pages and warnings of a build without it', SLOW, async () => {
    const root = writeFiles(
      {
        'content/guides/intro.md': '---\ntitle: Introduction\n---\nParcels, zones and the places around them.\n',
        'content/guides/zoning/01-overlays.md': '---\ntitle: Overlays\n---\nAn overlay adds rules on top of a base zone.\n',
        'content/guides/zoning/01-setbacks.md': '---\ntitle: Setbacks\n---\nHow far a building stands back from the lot line.\n',
      },
      path.join(tmp, 'listing'),
    );
    const guides = path.join(root, 'content/guides');
    const overlays = path.join(guides, 'zoning/01-overlays.md');
    const setbacks = path.join(guides, 'zoning/01-setbacks.md');
    const memo = new LiveMemo();
    const warnings = (result: BuildResult) => result.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.code} ${path.relative(guides, d.location?.file ?? '')}`).sort();
    const pageFiles = (result: BuildResult) => [...result.files.keys()].filter((f) => f.startsWith('guides/') && f.endsWith('.html')).sort();
    /** A save told to the memo: its build has the pages, files and warnings of a build without the memo. */
    const save = async (...told: string[]) => {
      memo.changed(told);
      const warm = await watchBuild(root, memo);
      await expectSameAsCold(root, warm);
      expect(warnings(warm)).toEqual(warnings(await watchBuild(root)));
      return warm;
    };

    const first = await watchBuild(root, memo);
    expect(warnings(first)).toEqual(['number-prefix-collision zoning/01-setbacks.md']);

    // A text edit: that page alone, the warning kept.
    edit(overlays, 'on top of a base zone.', 'on top of the base zone beneath it.');
    const text = await save(overlays);
    expect(text.rendered).toEqual(['/guides/zoning/overlays']);
    expect(warnings(text)).toEqual(['number-prefix-collision zoning/01-setbacks.md']);

    // A sidebar_position that overrides the number prefix: the collision's warning goes.
    edit(setbacks, 'title: Setbacks', 'title: Setbacks\nsidebar_position: 2');
    expect(warnings(await save(setbacks))).toEqual([]);

    // A front matter key docsgen does not know: its warning, then gone when the key is.
    edit(overlays, 'title: Overlays', 'title: Overlays\ncolour: green');
    expect(warnings(await save(overlays))).toEqual(['frontmatter-unknown-key zoning/01-overlays.md']);
    edit(overlays, 'title: Overlays\ncolour: green', 'title: Overlays');
    expect(warnings(await save(overlays))).toEqual([]);

    // A text edit again (the folder not listed), then a guide in a new folder, told only its file:
    // its page. The folder is listed again, and of the guides only the new one is read: the
    // others' front matter is still in the memo.
    const intro = path.join(guides, 'intro.md');
    edit(intro, 'the places around them.', 'the places around them, block by block.');
    expect((await save(intro)).rendered).toEqual(['/guides/intro']);
    const fees = path.join(guides, 'permits/fees.md');
    fs.mkdirSync(path.dirname(fees));
    fs.writeFileSync(fees, '---\ntitle: Permit fees\n---\nWhat a building permit costs, by project value.\n');
    memo.changed([fees]);
    const read = vi.spyOn(fs, 'readFileSync');
    const added = await watchBuild(root, memo);
    const guidesRead = read.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(guides) && file.endsWith('.md'));
    read.mockRestore();
    expect(guidesRead).toEqual([fees]);
    expect(pageFiles(added)).toContain('guides/permits/fees/index.html');
    await expectSameAsCold(root, added);

    // A guide renamed (an editor tells both paths): the new route, not the old.
    const moved = path.join(guides, 'permits/permit-fees.md');
    fs.renameSync(fees, moved);
    const renamed = pageFiles(await save(fees, moved));
    expect(renamed).toContain('guides/permits/permit-fees/index.html');
    expect(renamed).not.toContain('guides/permits/fees/index.html');

    // A folder removed, told only the folder: none of its pages stays.
    fs.rmSync(path.join(guides, 'zoning'), { recursive: true });
    const removed = pageFiles(await save(path.join(guides, 'zoning')));
    expect(removed.filter((f) => f.startsWith('guides/zoning/'))).toEqual([]);
    expect(removed).toContain('guides/intro/index.html');
  });
});

describe("serve --watch's memo and the link check", () => {
  it("reports a broken link or anchor in a guide the save did not touch, when the page or heading it points to goes", SLOW, async () => {
    const root = writeFiles(
      {
        'content/guides/a.md': '---\ntitle: Alpha\n---\nRead [the zoning codes](./b.md#zoning-codes) and [the permits](/guides/c).\n',
        'content/guides/b.md': '---\ntitle: Beta\n---\n## Zoning codes\n\nEach parcel has one.\n',
        'content/guides/c.md': '---\ntitle: Gamma\n---\nPermits, by project value.\n',
      },
      path.join(tmp, 'link-check'),
    );
    const file = (name: string) => path.join(root, 'content/guides', name);
    const memo = new LiveMemo();
    const broken = (result: BuildResult) => result.diagnostics.filter((d) => d.code === 'broken-link' || d.code === 'broken-anchor').map((d) => `${d.code} ${path.basename(d.location!.file!)}:${d.location!.line} ${d.text}`);
    /** A save told to the memo: the broken links of a build without it. */
    const save = async (...told: string[]) => {
      memo.changed(told);
      const found = broken(await warnBuild(root, memo));
      expect(found).toEqual(broken(await warnBuild(root)));
      return found;
    };

    expect(broken(await warnBuild(root, memo))).toEqual([]);
    // A save of another guide first: from then on, the guides are the memo's from save to save.
    edit(file('c.md'), 'Permits, by project value.', 'Permits, by the value of the project.');
    expect(await save(file('c.md'))).toEqual([]);
    // The linked guide read empty for a moment (an editor's write caught between truncating and
    // writing), then whole: the link to its heading is broken, then fine again.
    const beta = fs.readFileSync(file('b.md'), 'utf8');
    fs.writeFileSync(file('b.md'), '');
    expect(await save(file('b.md'))).toEqual([expect.stringMatching(/^broken-anchor a\.md:4 .*#zoning-codes/)]);
    fs.writeFileSync(file('b.md'), beta);
    expect(await save(file('b.md'))).toEqual([]);
    // Another guide's heading renamed: the untouched guide's link to it.
    edit(file('b.md'), '## Zoning codes', '## Zone codes');
    expect(await save(file('b.md'))).toEqual([expect.stringMatching(/^broken-anchor a\.md:4 .*#zoning-codes/)]);
    // Another guide renamed (as many pages as before): the untouched guide's link to its old page.
    fs.renameSync(file('c.md'), file('permits.md'));
    expect(await save(file('c.md'), file('permits.md'))).toEqual([expect.stringMatching(/^broken-anchor a\.md:4/), expect.stringMatching(/^broken-link a\.md:4 .*\/guides\/c\b/)]);
    // The guide itself edited: its new link too.
    edit(file('a.md'), 'and [the permits]', 'and [the fees](/guides/fees) and [the permits]');
    const three = await save(file('a.md'));
    expect(three).toHaveLength(3);
    expect(three[1]).toMatch(/^broken-link a\.md:4 .*\/guides\/fees/);
    // All three fixed in the guide that has them: none.
    fs.writeFileSync(file('a.md'), '---\ntitle: Alpha\n---\nRead [the zone codes](./b.md#zone-codes).\n');
    expect(await save(file('a.md'))).toEqual([]);
  });
});

describe("serve --watch's memo and a link to a file", () => {
  it('reports a link of an untouched guide to a file that is gone after a save', SLOW, async () => {
    const root = writeFiles(
      {
        'content/guides/map.md': '---\ntitle: Map\n---\n![Parcel map](./map.svg)\n',
        'content/guides/notes.md': '---\ntitle: Notes\n---\nThe map alone: PLACEHOLDER.\n',
        'content/guides/map.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#1a7f5a"/></svg>\n',
      },
      path.join(tmp, 'file-link'),
    );
    const image = path.join(root, 'content/guides/map.svg');
    const notes = path.join(root, 'content/guides/notes.md');
    const memo = new LiveMemo();
    const broken = (result: BuildResult) => result.diagnostics.filter((d) => d.code === 'broken-link').map((d) => `${path.basename(d.location!.file!)}: ${d.text}`);
    const imageUrl = [...(await warnBuild(root)).files.keys()].find((f) => /^assets\/images\/map-\w+\.svg$/.test(f))!;
    edit(notes, 'PLACEHOLDER', `[the image](/${imageUrl})`);
    expect(broken(await warnBuild(root, memo))).toEqual([]);
    // Two saves of the other guide (from then on, the guides are the memo's from save to save), then the image changed: its old file is gone.
    const map = path.join(root, 'content/guides/map.md');
    for (const [from, to] of [['![Parcel map]', 'The map:\n\n![Parcel map]'], ['The map:', 'The parcel map:']]) {
      edit(map, from, to);
      memo.changed([map]);
      expect(broken(await warnBuild(root, memo))).toEqual([]);
    }
    fs.writeFileSync(image, fs.readFileSync(image, 'utf8').replace('#1a7f5a', '#b3261e'));
    memo.changed([image]);
    const found = broken(await warnBuild(root, memo));
    expect(found).toEqual([expect.stringContaining(`notes.md: The link "/${imageUrl}"`)]);
    expect(found).toEqual(broken(await warnBuild(root)));
  });
});

describe("serve --watch's memo and a sidebar too large to show whole", () => {
  /** 16 folders of 20 guides: 320 sidebar links, so each page shows its own folder open and links the sidebar's tree. */
  function largeGuides(root: string): void {
    const files: Record<string, string> = {};
    for (let c = 0; c < 16; c++) {
      for (let g = 0; g < 20; g++) files[`content/guides/area-${c}/topic-${g}.md`] = `---\ntitle: Area ${c} topic ${g}\n---\nHow area ${c} reports topic ${g}.\n`;
    }
    writeFiles(files, root);
  }
  const treeOf = (result: BuildResult, file: string) => cheerio.load(result.files.get(file) as string)('nav.sidebar').attr('data-tree');

  it("a guide's new title: the tree keeps its URL and gets the title; only the pages that show the title render again", SLOW, async () => {
    const root = path.join(tmp, 'large-sidebar');
    largeGuides(root);
    const memo = new LiveMemo();
    const first = await watchBuild(root, memo);
    const far = 'guides/area-12/topic-4/index.html';
    const url = treeOf(first, far)!;
    // Named by its place, not its content, as a build names it (sidebarTree.test.ts).
    expect(url).toBe('/sidebar-tree-0.json');

    edit(path.join(root, 'content/guides/area-3/topic-7.md'), 'title: Area 3 topic 7', 'title: Where area 3 keeps its seventh topic');
    memo.changed([path.join(root, 'content/guides/area-3/topic-7.md')]);
    const titleEdit = await watchBuild(root, memo);
    // Every page links the same tree, whose area 3 now lists the new title.
    expect(treeOf(titleEdit, far)).toBe(url);
    expect(treeOf(titleEdit, 'guides/area-3/topic-7/index.html')).toBe(url);
    const tree = JSON.parse(titleEdit.files.get(url.slice(1)) as string) as Record<string, [string, string][]>;
    const area3 = Object.entries(tree).find(([key]) => key.endsWith('/guides/area-3/topic-0'))![1];
    expect(area3.map(([title]) => title)).toContain('Where area 3 keeps its seventh topic');
    // The pages that show area 3 open (the other areas show it closed, by its first guide), and the guides' index.
    expect(titleEdit.rendered!.length).toBeGreaterThan(1);
    expect(titleEdit.rendered!.filter((route) => route !== '/guides' && !route.startsWith('/guides/area-3'))).toEqual([]);
    await expectSameAsCold(root, titleEdit);

    // A guide added at the end of an area: the pages of the areas after it, a place further on, keep their HTML.
    const added = path.join(root, 'content/guides/area-5/zz-last.md');
    fs.writeFileSync(added, '---\ntitle: Area 5 ends here\n---\nThe last of area 5.\n');
    memo.changed([added]);
    const addition = await watchBuild(root, memo);
    expect(addition.rendered).toContain('/guides/area-5/zz-last');
    // Of the other areas' guides, only the one after it (its "previous" link names the new guide).
    expect(addition.rendered!.filter((route) => /^\/guides\/area-\d+\//.test(route) && !route.startsWith('/guides/area-5/'))).toEqual(['/guides/area-6/topic-0']);
    await expectSameAsCold(root, addition);
  });
});

describe("serve --watch's memo and a spec's edit", () => {
  it('takes back the operation and schema pages whose inputs did not change, with the spec links, example files and "Used by" lists of a build without it', SLOW, async () => {
    const root = writeParcelsProject(path.join(tmp, 'parcels'));
    const spec = path.join(root, 'openapi.yaml');
    // A broken link, whose warning counts the pages that show it, taken back or made.
    edit(spec, 'See [the introduction](/guides/intro).', 'See [the introduction](/guides/intro) and [the fees](/guides/fees).');
    const memo = new LiveMemo();
    expect((await warnBuild(root, memo)).cached?.operations).toBeUndefined();
    const messages = (result: BuildResult) => result.diagnostics.map((d) => d.text);
    /** The save of the spec as serve makes it, compared with a build without the memo; how many operation pages, and schema pages, it took back and made. */
    const save = async () => {
      memo.changed([spec]);
      const result = await warnBuild(root, memo);
      const cold = await expectSameAsCold(root, result, warnBuild);
      expect(messages(result)).toEqual(messages(cold));
      expect(messages(result)).toEqual([expect.stringMatching(/^The link "\/guides\/fees" points to .*\(in 1 operation\)\.$/)]);
      return { result, operations: result.cached?.operations, schemas: result.cached?.schemas };
    };
    const html = (result: BuildResult, route: string) => cheerio.load(result.files.get(`${route.slice(1)}/index.html`) as string);

    // The last operation's description: its page alone is made again; the schema pages are all taken back (two link to a file the first of them wrote).
    edit(spec, 'Owners of record.', 'The owners of record.');
    expect(await save()).toMatchObject({ operations: { reused: 3, made: 1 }, schemas: { reused: 5, made: 0 } });

    // A save that does not parse, then the description as it was: the pages of the last build that
    // succeeded are taken back.
    const text = fs.readFileSync(spec, 'utf8');
    fs.writeFileSync(spec, `${text}\n  broken: [unclosed\n`);
    memo.changed([spec]);
    await expect(warnBuild(root, memo)).rejects.toThrow(/openapi\.yaml/);
    fs.writeFileSync(spec, text.replace('The owners of record.', 'Owners of record.'));
    expect(await save()).toMatchObject({ operations: { reused: 3, made: 1 }, schemas: { reused: 5, made: 0 } });

    // A link added to the first operation: the links after it get other numbers, so the two pages
    // that show links are made again, and the page without any is taken back.
    edit(spec, 'See [flood zones](/guides/zones).', 'See [flood zones](/guides/zones) and [permits](/guides/permits).');
    const linked = await save();
    expect(linked).toMatchObject({ operations: { reused: 1, made: 3 }, schemas: { reused: 0, made: 5 } });
    expect(html(linked.result, '/api/get-parcel')('a:contains("the introduction")').attr('href')).toBe('/guides/intro');

    // Another edit: the pages that show links are taken back, their links settled again.
    edit(spec, 'Owners of record.', 'The owners of record.');
    const again = await save();
    expect(again).toMatchObject({ operations: { reused: 3, made: 1 }, schemas: { reused: 5, made: 0 } });
    expect(html(again.result, '/api/list-permits')('a:contains("the introduction")').attr('href')).toBe('/guides/intro');
    const permit = html(again.result, '/api/schemas/permit');
    expect(permit('a').filter((_, a) => permit(a).text() === 'permits').attr('href')).toBe('/guides/permits');

    // An operation's summary, which the "Used by" lists of the two schemas it shows name: their
    // pages are made again from the kept bodies (one, with a link, kept as its JSON), the others are taken back.
    edit(spec, 'summary: List permits', 'summary: List the permits');
    const renamed = await save();
    expect(renamed).toMatchObject({ operations: { reused: 1, made: 3 }, schemas: { reused: 3, made: 2 } });
    for (const schema of ['permit', 'parcel']) expect(html(renamed.result, `/api/schemas/${schema}`)('#used-by').parent().text()).toContain('List the permits');

    // The example gone from the first operation: the third is now the first to show it, and its
    // file takes the third's name; the second page is taken back.
    edit(spec, '              examples:\n                big: { $ref: "#/components/examples/Big" }\n  /parcels/{id}:', '  /parcels/{id}:');
    const moved = await save();
    expect(moved).toMatchObject({ operations: { reused: 2, made: 2 }, schemas: { reused: 0, made: 5 } });
    expect([...moved.result.files.keys()].filter((f) => f.startsWith('assets/examples/')).sort()).toEqual([expect.stringMatching(/^assets\/examples\/ledger-.*\.json$/), expect.stringMatching(/^assets\/examples\/list-permits-.*\.json$/)]);

    // A schema the pages show: every page made again.
    edit(spec, 'The parcel number.', 'The county parcel number.');
    expect(await save()).toMatchObject({ operations: { reused: 0, made: 4 }, schemas: { reused: 0, made: 5 } });
  });
});

/** The route of a guide file, from the site's own build. */
async function routeOf(root: string, memo: LiveMemo, file: string): Promise<string | undefined> {
  const result = await watchBuild(root, memo);
  const rel = path.relative(path.join(root, 'content/guides'), file).replace(/\.mdx?$/, '');
  const routes = [...result.files.keys()].filter((f) => f.startsWith('guides/') && f.endsWith('/index.html')).map((f) => `/${f.slice(0, -'/index.html'.length)}`);
  return routes.find((r) => r === `/guides/${rel.replace(/(^|\/)\d+-/g, '$1')}`) ?? routes.find((r) => r.endsWith(`/${path.basename(rel).replace(/^\d+-/, '')}`));
}

describe("serve --watch's memo and a large spec's examples", () => {
  it("keeps the examples' verdicts between saves in a folder of its own, uses them after a spec's edit, and removes the folder when disposed", SLOW, async () => {
    // A spec checked in a thread of its own (over THREAD_MIN_CHARS), with one example that does not match.
    const spec = (summary: string) =>
      [
        'openapi: 3.0.3',
        'info:',
        '  title: Meters API',
        '  version: "1"',
        `  description: "${'Each meter reports its reading once a minute. '.repeat(6_000)}"`,
        'paths:',
        '  /meters/{id}:',
        '    get:',
        '      operationId: getMeter',
        `      summary: ${summary}`,
        '      parameters:',
        '        - { name: id, in: path, required: true, schema: { type: integer }, example: 12 }',
        '      responses:',
        '        "200":',
        '          description: The meter.',
        '          content:',
        '            application/json:',
        '              schema: { type: object, properties: { reading: { type: number } } }',
        '              example: { reading: high }',
        '',
      ].join('\n');
    const root = writeFiles({ 'docsgen.config.ts': "export default { title: 'M', url: 'https://m.example', openapi: { spec: 'openapi.yaml', route: '/api' } };\n", 'openapi.yaml': spec('Read a meter') }, fs.mkdtempSync(path.join(tmp, 'verdicts-')));
    const memo = new LiveMemo();
    // Named when first asked for, made only when the spec's thread writes into it.
    const folder = path.dirname(memo.entryFor('probe', 'probe'));
    expect(fs.existsSync(folder)).toBe(false);
    const mismatches = (result: BuildResult) => result.diagnostics.filter((d) => d.code === 'example-mismatch').map((d) => d.text);
    expect(mismatches(await watchBuild(root, memo))).toEqual(['The example of the 200 response of GET /meters/{id} (application/json) does not match its schema: at /reading it must be number.']);

    // The verdicts are in the memo's folder, outside the project: made to say the opposite, the next save believes them.
    expect(path.relative(root, folder).startsWith('..')).toBe(true);
    const [file] = fs.readdirSync(folder).filter((name) => name.startsWith('example-verdicts-'));
    const verdicts = readEntry(path.join(folder, file)) as Map<string, unknown[] | null>;
    expect([...verdicts.values()].filter((v) => v?.length)).toHaveLength(1);
    writeEntry(path.join(folder, file), new Map([...verdicts].map(([key, v]) => [key, v?.length ? [] : [{ instancePath: '', message: 'is what the kept verdict says' }]])));
    fs.writeFileSync(path.join(root, 'openapi.yaml'), spec('Read one meter'));
    memo.changed([path.join(root, 'openapi.yaml')]);
    expect(mismatches(await watchBuild(root, memo))).toEqual(['The example of the parameter "id" does not match its schema: it is what the kept verdict says.']);

    memo.dispose();
    expect(fs.existsSync(folder)).toBe(false);
  });
});
