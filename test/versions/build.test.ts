// Issue #19, versions: the current docs at /guides and /api, an older version under
// /guides/<name>/ and /api/<name>/ built from versioned/<name>/, with its own search index, a
// version menu on every page, a banner and canonical URL on the older pages, and its links
// checked within its own pages.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkSiteLinks, LiveMemo } from '../../src/index';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { buildFails, buildFiles, listFiles, writeFiles, type Fixture } from '../helpers/fixture';
import { currentSpec, versionedSite } from '../helpers/versionedSite';

const menu = (f: Fixture, file: string) =>
  f
    .$(file)('[data-version-menu] a[data-version]')
    .toArray()
    .map((a) => [a.attribs['data-version'], a.attribs.href, a.attribs['aria-current'] ?? '']);

describe('#19 a site with two versions', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(versionedSite());
  });
  afterAll(() => fs.rmSync(f.dir, { recursive: true, force: true }));

  it('builds the current docs at the unversioned URLs and 1.0 under /guides/1.0/ and /api/1.0/', () => {
    const files = listFiles(f.result.config.outDir);
    expect(files).toEqual(expect.arrayContaining(['guides/intro/index.html', 'guides/1.0/intro/index.html', 'guides/1.0/csv-export/index.html', 'api/create-alert/index.html', 'api/1.0/legacy-zones/index.html', 'api/1.0/list-zones/index.html']));
    expect(files).not.toContain('guides/csv-export/index.html');
    expect(files).not.toContain('api/legacy-zones/index.html');
    expect(files).not.toContain('api/1.0/create-alert/index.html');
    // One home page, search page and 404 page: those of the latest version.
    expect(files.filter((p) => p.endsWith('404.html'))).toEqual(['404.html']);
    expect(files.some((p) => p.startsWith('guides/1.0/search') || p.startsWith('1.0/search/'))).toBe(false);
    expect(f.$('guides/1.0/intro/index.html')('.markdown').text()).toContain('Welcome to the flood API, version 1.');
    expect(f.$('guides/intro/index.html')('.markdown').text()).toContain('version 2.');
  });

  it("links of an older version's pages stay in that version: guides, sidebar, breadcrumbs, API", () => {
    const $ = f.$('guides/1.0/intro/index.html');
    expect($('.markdown a').first().attr('href')).toBe('/api/1.0/legacy-zones');
    const sidebar = $('.doc-sidebar a').toArray().map((a) => a.attribs.href);
    expect(sidebar).toEqual(['/guides/1.0/intro', '/guides/1.0/zones', '/guides/1.0/csv-export']);
    expect(f.$('guides/1.0/zones/index.html')('.markdown a').attr('href')).toBe('/guides/1.0/intro#getting-a-key');
    const api = f.$('api/1.0/legacy-zones/index.html');
    expect(api('.breadcrumbs a').toArray().map((a) => a.attribs.href)).toContain('/api/1.0');
    expect(api('.doc-sidebar a').toArray().map((a) => a.attribs.href)).toContain('/api/1.0/list-zones');
    // The navbar's guides link goes to the page in 1.0, and the API link to 1.0's reference.
    expect($('.navbar-link').toArray().map((a) => a.attribs.href).slice(0, 2)).toEqual(['/guides/1.0/intro', '/api/1.0']);
  });

  it('has a version menu on every page: the same page in each version where it exists, else that version\'s landing page', () => {
    expect(menu(f, 'guides/intro/index.html')).toEqual([
      ['current', '/guides/intro', 'true'],
      ['1.0', '/guides/1.0/intro', ''],
    ]);
    expect(menu(f, 'guides/1.0/csv-export/index.html')).toEqual([
      ['current', '/guides', ''],
      ['1.0', '/guides/1.0/csv-export', 'true'],
    ]);
    expect(menu(f, 'api/create-alert/index.html')).toEqual([
      ['current', '/api/create-alert', 'true'],
      ['1.0', '/api/1.0', ''],
    ]);
    expect(f.$('guides/intro/index.html')('[data-version-menu] summary').text()).toBe('Next');
    expect(f.$('api/1.0/list-zones/index.html')('[data-version-menu] summary').text()).toBe('1.0');
    // Placed before the search box.
    const right = f.$('index.html')('.navbar-right').children().toArray();
    expect(right.findIndex((e) => e.attribs['data-version-menu'] !== undefined)).toBeLessThan(right.findIndex((e) => e.attribs['data-island'] === 'SearchBox'));
  });

  it('puts a banner on the older pages linking to the latest page, and names it as canonical where it exists', () => {
    const intro = f.$('guides/1.0/intro/index.html');
    expect(intro('.version-banner').text()).toBe('This is the documentation of version 1.0. See the latest version of this page.');
    expect(intro('.version-banner a').attr('href')).toBe('/guides/intro');
    expect(intro('link[rel=canonical]').attr('href')).toBe('https://docs.test.example/guides/intro');
    expect(intro('meta[name=robots]')).toHaveLength(0);
    const only = f.$('guides/1.0/csv-export/index.html');
    expect(only('.version-banner').text()).toBe('This is the documentation of version 1.0. See the latest version (Next).');
    expect(only('.version-banner a').attr('href')).toBe('/guides');
    expect(only('link[rel=canonical]').attr('href')).toBe('https://docs.test.example/guides/1.0/csv-export');
    expect(f.$('guides/intro/index.html')('.version-banner')).toHaveLength(0);
    expect(f.$('index.html')('.version-banner')).toHaveLength(0);
  });

  it('lists every version in the sitemap', () => {
    const urls = [...f.read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toEqual(expect.arrayContaining(['https://docs.test.example/guides/intro', 'https://docs.test.example/guides/1.0/intro', 'https://docs.test.example/guides/1.0/csv-export', 'https://docs.test.example/api/1.0/legacy-zones']));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("gives each version its own search index, whose documents are that version's pages only", () => {
    const urlsOf = (file: string) => {
      const shards = JSON.parse(f.read(file)) as { documents: { u?: string; url?: string }[] }[];
      return JSON.stringify(shards);
    };
    const latest = urlsOf('search-index.json');
    const old = urlsOf('1.0/search-index.json');
    expect(old).toContain('/guides/1.0/csv-export');
    expect(old).toContain('/api/1.0/legacy-zones');
    expect(old).not.toMatch(/"\/guides\/intro|"\/api\/create-alert/);
    expect(latest).toContain('/api/create-alert');
    expect(latest).not.toContain('/1.0/');
    // The changelog is searchable: its changes under their operation.
    expect(latest).toContain('"u":"/api/changelog"');
    expect(latest).toMatch(/"t":"POST \/alerts","p":\d+,"h":"next-vs-1\.0-post-alerts","s":"Next compared with 1\.0"/);
    // Each page's search box loads its version's index; "See all results" searches that version.
    const box = (file: string) => JSON.parse(f.$(file)('[data-island=SearchBox]').attr('data-props')!);
    expect(box('guides/1.0/intro/index.html').indexUrl).toMatch(/^\/1\.0\/search-index\.json\?_=\w+$/);
    expect(box('guides/1.0/intro/index.html').version).toBe('1.0');
    expect(box('guides/intro/index.html').indexUrl).toMatch(/^\/search-index\.json\?_=\w+$/);
    expect(box('guides/intro/index.html').version).toBeUndefined();
    const search = JSON.parse(f.$('search/index.html')('[data-island=SearchPage]').attr('data-props')!);
    expect(search.versions.map((v: { name: string; label: string }) => [v.name, v.label])).toEqual([
      ['current', 'Next'],
      ['1.0', '1.0'],
    ]);
    expect(search.versions[1].indexUrl).toBe(box('guides/1.0/intro/index.html').indexUrl);
  });

  it("writes 1.0's spec beside its index for its download link", () => {
    expect(f.read('1.0/openapi.yaml')).toContain('operationId: legacyZones');
    expect(f.$('api/1.0/index.html')('a[href="/1.0/openapi.yaml"]').length).toBeGreaterThan(0);
  });

  it('writes /api/changelog comparing Next with 1.0, linking each operation in the version that has it; the badges of Next link to its entries', () => {
    const $ = f.$('api/changelog/index.html');
    expect($('main h2').first().text()).toBe('Next compared with 1.0');
    const ids = new Set($('[id]').toArray().map((e) => e.attribs.id));
    // The changelog's own links (not the Copy page control's link to the page's Markdown copy).
    const headings = $('main a').not('[data-island="CopyPage"] a').toArray().map((a) => a.attribs.href);
    expect(headings).toContain('/api/create-alert');
    expect(headings).toContain('/api/1.0/legacy-zones');
    // Every link of the changelog lands on a page of the build, at an id that page has.
    for (const href of headings.filter((h) => h.startsWith('/api'))) {
      const [route, anchor] = href.split('#');
      const page = f.$(`${route.slice(1)}/index.html`);
      if (anchor) expect(page(`[id="${anchor}"]`).length, href).toBe(1);
    }
    // The added operation's badge, on its page in Next, links to an entry that exists.
    const badge = f.$('api/create-alert/index.html')('a.change-badge');
    expect(badge.text()).toBe('New in Next');
    const [page, anchor] = badge.attr('href')!.split('#');
    expect(page).toBe('/api/changelog');
    expect(ids.has(anchor)).toBe(true);
    // The oldest version has nothing to compare with, and an unchanged operation no badge.
    expect(f.$('api/1.0/legacy-zones/index.html')('.change-badge')).toHaveLength(0);
    expect(f.$('api/list-zones/index.html')('.change-badge')).toHaveLength(0);
    // Its Markdown copy, for machines: each change under its operation, with its severity and where to see it.
    const md = f.read('api/changelog.md');
    expect(md).toMatch(/^# API changelog\n\n## Next compared with 1\.0\n/);
    expect(md).toContain('### [POST `/alerts`](https://docs.test.example/api/create-alert)');
    expect(md).toMatch(/### \[GET `\/legacy`\]\(https:\/\/docs\.test\.example\/api\/1\.0\/legacy-zones\)\n\n- \*\*breaking\*\*: /);
    // Every page's version menu ends with the changelog.
    expect(f.$('guides/1.0/intro/index.html')('[data-version-menu] li:last-child a').attr('href')).toBe('/api/changelog');
  });

  it('on pages of no version, guides and API links carry their target in each version for the stored choice', () => {
    const links = f.$('index.html')('.navbar [data-version-hrefs]').toArray().map((a) => JSON.parse(a.attribs['data-version-hrefs']));
    expect(links).toEqual([
      { current: '/guides/intro', '1.0': '/guides/1.0/intro' },
      { current: '/api', '1.0': '/api/1.0' },
    ]);
    const card = f.$('index.html')('.home-card-link[href="/guides/zones"]').attr('data-version-hrefs');
    expect(JSON.parse(card!)).toEqual({ current: '/guides/zones', '1.0': '/guides/1.0/zones' });
    expect(f.$('guides/intro/index.html')('[data-version-hrefs]')).toHaveLength(0);
  });
});

describe('#19 version options and problems', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('versions.menu: false leaves the version menu out; a versionDropdown navbar item puts it where it stands', async () => {
    const off = await buildFiles(versionedSite({}, { versions: { menu: false } }));
    dirs.push(off.dir);
    expect(off.$('guides/intro/index.html')('[data-version-menu]')).toHaveLength(0);
    expect(off.$('guides/1.0/intro/index.html')('.version-banner')).toHaveLength(1);
    const placed = await buildFiles(versionedSite({}, { navbar: { items: [{ type: 'versionDropdown', position: 'left' }, { label: 'Guides', to: '/guides/intro', position: 'left' }] } }));
    dirs.push(placed.dir);
    const left = placed.$('guides/intro/index.html')('.navbar-left').children().toArray();
    expect(left.map((e) => e.attribs['data-version-menu'] !== undefined || e.attribs.class)).toEqual(['island', 'navbar-brand', true, 'navbar-link']);
  });

  it('versions.noIndex: the older pages get noindex and stay out of the sitemap', async () => {
    const f = await buildFiles(versionedSite({}, { versions: { noIndex: true } }));
    dirs.push(f.dir);
    expect(f.$('guides/1.0/intro/index.html')('meta[name=robots]').attr('content')).toBe('noindex');
    expect(f.$('guides/intro/index.html')('meta[name=robots]')).toHaveLength(0);
    expect(f.read('sitemap.xml')).not.toContain('/1.0/');
    // Its own search index still finds them.
    expect(f.read('1.0/search-index.json')).toContain('/guides/1.0/csv-export');
  });

  it('versions.lastVersion: 1.0 at the unversioned URLs, the current docs under /guides/next/ with the unreleased banner', async () => {
    const f = await buildFiles(versionedSite({}, { versions: { lastVersion: '1.0', current: { label: 'Preview' } } }));
    dirs.push(f.dir);
    expect(f.$('guides/intro/index.html')('.markdown').text()).toContain('version 1.');
    expect(f.exists('guides/csv-export/index.html')).toBe(true);
    expect(f.$('guides/next/intro/index.html')('.markdown').text()).toContain('version 2.');
    expect(f.$('guides/next/intro/index.html')('.version-banner').text()).toBe('This is unreleased documentation for version Preview. See the latest version of this page.');
    expect(f.exists('api/next/create-alert/index.html')).toBe(true);
    expect(menu(f, 'guides/intro/index.html')).toEqual([
      ['current', '/guides/next/intro', ''],
      ['1.0', '/guides/intro', 'true'],
    ]);
  });

  it('three versions, newest first in the menu; a version declared in the config with only a spec uses the current guides', async () => {
    const f = await buildFiles(
      versionedSite({ 'specs/0.9.yaml': currentSpec.replace('version: 2.0.0', 'version: 0.9.0') }, { versions: { list: ['1.0', { name: '0.9', label: 'Beta 0.9', spec: 'specs/0.9.yaml' }] } }),
    );
    dirs.push(f.dir);
    expect(menu(f, 'guides/intro/index.html').map(([name]) => name)).toEqual(['current', '1.0', '0.9']);
    expect(f.$('guides/0.9/intro/index.html')('.markdown').text()).toContain('version 2.');
    expect(f.$('guides/0.9/intro/index.html')('.markdown a').attr('href')).toBe('/api/0.9/create-alert');
    expect(f.exists('0.9/search-index.json')).toBe(true);
    expect(f.$('guides/0.9/intro/index.html')('[data-version-menu] summary').text()).toBe('Beta 0.9');
  });

  it("checks each version's links within its own pages and names the versioned file and line", async () => {
    const { messages, error } = await buildFails(versionedSite({ 'versioned/1.0/guides/zones.md': '---\ntitle: Flood zones\n---\nAlerts: [create one](/api/create-alert).\n' }));
    dirs.push(path.dirname(error.diagnostics[0].location!.file));
    expect(messages).toEqual([expect.stringMatching(/^error: .*\/api\/create-alert/)]);
    expect(error.diagnostics[0].location!.file).toMatch(/versioned\/1\.0\/guides\/zones\.md$/);
    expect(error.diagnostics[0].location!.line).toBe(4);
  });

  it('refuses a versions.json that is not a list of names, and a listed version without a snapshot, naming the file', async () => {
    const bad = await buildFails(versionedSite({ 'versions.json': '{"1.0": true}' }));
    dirs.push(bad.dir);
    expect(bad.messages).toEqual(['error: versions.json must hold an array of version names, newest first, e.g. ["2025-06", "2025-01"].']);
    expect(bad.error.diagnostics[0].location!.file).toBe(path.join(bad.dir, 'versions.json'));
    const missing = await buildFails(versionedSite({ 'versions.json': '["1.0", "0.5"]' }));
    dirs.push(missing.dir);
    expect(missing.messages).toEqual([expect.stringContaining('The version "0.5" has neither guides nor a spec: versioned/0.5/ holds no guides/ folder or openapi.yaml.')]);
    const reserved = await buildFails(versionedSite({ 'versions.json': '["next"]' }));
    dirs.push(reserved.dir);
    expect(reserved.messages[0]).toMatch(/^error: "next" cannot be a version's name/);
    const unknown = await buildFails(versionedSite({}, { versions: { lastVersion: '3.0' } }));
    dirs.push(unknown.dir);
    expect(unknown.messages).toEqual(['error: versions.lastVersion is "3.0", which is not a version of this site ("current", "1.0").']);
  });

  it('a site without versions has no version menu, banner or version data', async () => {
    const files = versionedSite();
    delete files['versions.json'];
    const f = await buildFiles(files);
    dirs.push(f.dir);
    expect(f.$('guides/intro/index.html')('[data-version-menu], .version-banner, [data-version-hrefs]')).toHaveLength(0);
    expect(f.$('guides/intro/index.html')('html').attr('data-version')).toBeUndefined();
    expect(f.exists('guides/1.0/intro/index.html')).toBe(false);
  });
});

describe("#19 serve --watch's rebuilds of a versioned site", () => {
  it("an edit to a 1.0 guide renders 1.0's pages that show it, and none of the current docs'; an edit to 1.0's spec, 1.0's API pages", { timeout: 120_000 }, async () => {
    const root = writeFiles(versionedSite());
    try {
      const memo = new LiveMemo();
      const watchBuild = () => build({ root, write: false, dev: true, deferIndex: true, memo, logger: createMemoryLogger() });
      const first = await watchBuild();
      expect(first.rendered).toHaveLength(first.pages);
      expect((await watchBuild()).rendered).toEqual([]);

      const guide = path.join(root, 'versioned/1.0/guides/csv-export.md');
      fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace('county FIPS code.', 'county FIPS code and its effective date.'));
      memo.changed([guide]);
      const text = await watchBuild();
      expect(text.rendered).toEqual(['/guides/1.0/csv-export']);
      expect(text.files.get('guides/1.0/csv-export/index.html')).toContain('its effective date');

      const spec = path.join(root, 'versioned/1.0/openapi.yaml');
      fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('as version 1.0 of the API exported them', 'as version 1.0 of the API exported them, one row per zone'));
      memo.changed([spec]);
      const api = await watchBuild();
      expect(api.rendered).toContain('/api/1.0/legacy-zones');
      expect(api.rendered!.filter((route) => !route.startsWith('/api/1.0'))).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('#19 check-links on a versioned site', () => {
  it("checks each version's guides within that version's pages and names the versioned file and line", { timeout: 60_000 }, async () => {
    const clean = writeFiles(versionedSite());
    const broken = writeFiles(versionedSite({ 'versioned/1.0/guides/zones.md': '---\ntitle: Flood zones\n---\nZones come from FEMA maps.\n\nAlerts: [create one](/api/create-alert). Back to [the introduction](./intro.md#no-such-heading).\n' }));
    try {
      const ok = await checkSiteLinks({ root: clean });
      expect(ok.diagnostics).toEqual([]);
      // The links of both versions' guides were read (the config's links once).
      expect(ok.links).toBeGreaterThanOrEqual(6);
      const report = await checkSiteLinks({ root: broken });
      const found = report.diagnostics.map((d) => [path.relative(broken, d.location!.file), d.location!.line, d.severity]);
      expect(found).toEqual([
        ['versioned/1.0/guides/zones.md', 6, 'error'],
        ['versioned/1.0/guides/zones.md', 6, 'warning'],
      ]);
      expect(report.diagnostics[0].text).toContain('/api/create-alert');
      expect(report.diagnostics[1].text).toContain('no-such-heading');
    } finally {
      fs.rmSync(clean, { recursive: true, force: true });
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('#19 links between versions', () => {
  const intro = (links: string) => ({ 'content/guides/intro.md': `---\ntitle: Introduction\nsidebar_position: 1\n---\nWelcome, version 2. ${links}\n\n## Getting a key\n\nAsk support.\n` });

  it("a current guide may link to a page of 1.0 (and its anchor); a missing 1.0 page or anchor is reported by build and check-links", { timeout: 60_000 }, async () => {
    const good = await buildFiles(versionedSite(intro('The [1.0 CSV export](/guides/1.0/csv-export) and [its key](/guides/1.0/intro#getting-a-key) are gone.')));
    try {
      expect(good.$('guides/intro/index.html')('.markdown a').first().attr('href')).toBe('/guides/1.0/csv-export');
      expect((await checkSiteLinks({ root: good.dir })).diagnostics).toEqual([]);
    } finally {
      fs.rmSync(good.dir, { recursive: true, force: true });
    }
    const files = versionedSite(intro('The [1.0 export](/guides/1.0/no-such-page) and [a heading](/guides/1.0/intro#no-such-heading).'));
    const { dir, messages } = await buildFails(files);
    try {
      expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^error: .*\/guides\/1\.0\/no-such-page/), expect.stringMatching(/^warning: .*no-such-heading/)]));
      expect(messages).toHaveLength(2);
      const report = await checkSiteLinks({ root: dir });
      expect(report.diagnostics.map((d) => [path.relative(dir, d.location!.file), d.location!.line, d.severity, d.text.includes('no-such-page') || d.text.includes('no-such-heading')])).toEqual([
        ['content/guides/intro.md', 5, 'error', true],
        ['content/guides/intro.md', 5, 'warning', true],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
