// `serve --watch` without a browser: real files edited on disk, chokidar, the rebuild queue, the
// events the browser would get, and the URL spec's fallback to its last good copy.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchEvent } from '../../src/serve/watch';
import { packagePath } from '../../src/paths';
import { configSource, writeFiles } from '../helpers/fixture';
import { versionedSite } from '../helpers/versionedSite';
import { request, startServer } from './helpers';

type Server = Awaited<ReturnType<typeof startServer>>;

/** The next event matching `predicate` (e.g. the build that saw a given file). */
function nextEvent(server: Server, predicate: (e: WatchEvent) => boolean, timeoutMs = 20_000): Promise<WatchEvent> {
  return new Promise((resolve, reject) => {
    const seen: string[] = [];
    const timer = setTimeout(() => reject(new Error(`no matching watch event (saw: ${seen.join('; ') || 'nothing'})`)), timeoutMs);
    const stop = server.context!.subscribe((event) => {
      seen.push(`${event.type} after ${event.changed.map((f) => path.basename(f)).join(', ')}`);
      if (!predicate(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/**
 * Resolves once no build has ended for `quietMs`: a test that looks at the build of its own save
 * must not get one that an earlier test's save started (a build reads every file it needs, so it
 * may take in a save made while it was queued, and the save's own build then changes nothing).
 */
function settled(server: Server, quietMs = 250): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const stop = server.context!.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    function done() {
      stop();
      resolve();
    }
  });
}

const sawFile = (file: string) => (e: WatchEvent) => e.changed.some((c) => c.endsWith(file));

/** Collects server-sent events from /__docsgen/events, as a page served from `file` would (its client sends it). */
function listen(url: string, file?: string) {
  const messages: { type: string; [k: string]: unknown }[] = [];
  const { hostname, port } = new URL(url);
  const req = http.get({ host: hostname, port, path: `/__docsgen/events${file === undefined ? '' : `?file=${encodeURIComponent(file)}`}` }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let i;
      while ((i = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) messages.push(JSON.parse(data.slice(6)));
      }
    });
  });
  req.on('error', () => {});
  return { messages, close: () => req.destroy() };
}

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('serve --watch', () => {
  let dir: string;
  let server: Server;
  const guide = (body: string, title = 'A') => `---\ntitle: ${title}\n---\n${body}\n`;
  beforeAll(async () => {
    dir = writeFiles({
      'content/guides/a.md': guide('First version.'),
      'content/guides/b.md': guide('Page B.', 'B'),
      'content/guides/c.md': guide('Page C.', 'C'),
      'content/guides/wip.md': '---\ntitle: Work in progress\ndraft: true\n---\nDraft text.\n',
      'content/guides/zones/_category_.yml': 'label: Zoning\n',
      'content/guides/zones/overlays.md': guide('Overlay districts.', 'Overlays'),
      'openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: Mini API\n  version: "1"\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: Ping the API\n      responses:\n        "200":\n          description: OK\n',
      // The search box puts the search index's hashed URL on every page: a new index must not
      // make every page count as changed.
      'docsgen.config.ts': configSource({
        navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }, { type: 'search', position: 'right' }] },
        openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },
      }),
    });
    // Not the templates: they belong to docsgen, and edits to them elsewhere would race these tests.
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it('builds in memory (nothing written), with drafts, and adds the reload client only to served pages', async () => {
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    const page = await request(server.url, '/guides/wip');
    expect(page.status).toBe(200);
    expect(page.body).toContain('page-banner-draft');
    expect(page.body).toMatch(/<script src="\/__docsgen\/client\.js\?v=[0-9a-f]{10}" data-file="guides\/wip\/index\.html" data-version="\d+" defer><\/script><\/head>/);
    for (const [file, content] of server.context!.state.files) if (typeof content === 'string') expect(content, file).not.toContain('__docsgen');
    const client = await request(server.url, '/__docsgen/client.js');
    expect(client.status).toBe(200);
    expect(client.body).toContain('EventSource');
    // The URL pages use carries the client's hash: a reload takes it from the browser's cache.
    const versioned = await request(server.url, /src="(\/__docsgen\/client\.js\?v=[0-9a-f]+)"/.exec(page.body)![1]);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(client.headers['cache-control']).toBe('no-cache');
  });

  it('an edited guide is rebuilt incrementally: only its page is re-rendered, and the browser is told to reload it, with the new page', async () => {
    const sse = listen(server.url);
    // Pages open on the edited guide, on another guide, on a 404 page, and one naming a path outside the site.
    const [onA, onB, on404, outside] = ['guides/a/index.html', 'guides/b/index.html', '404.html', '../../../etc/passwd'].map((file) => listen(server.url, file));
    await waitFor(() => [sse, onA, onB, on404, outside].every((l) => l.messages.some((m) => m.type === 'hello')));
    const built = nextEvent(server, sawFile('content/guides/a.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), guide('Second version.'));
    const event = await built;
    expect(event.type).toBe('built');
    if (event.type !== 'built') return;
    expect(event.rendered).toEqual(['/guides/a']);
    expect(event.changedHtml).toEqual(['guides/a/index.html']);
    expect(server.logger.lines.some((l) => /^✓ content\/guides\/a\.md changed: rebuilt in \d+ ms, re-rendered 1 of \d+ pages \(\/guides\/a\)$/.test(l.replace(`${path.relative(process.cwd(), dir)}/`, '')))).toBe(true);
    expect((await request(server.url, '/guides/a')).body).toContain('Second version.');
    await waitFor(() => sse.messages.some((m) => m.type === 'reload'));
    expect(sse.messages.find((m) => m.type === 'reload')).toMatchObject({ files: ['guides/a/index.html'], version: event.version });
    // The page on the edited guide gets its new HTML exactly as a request would serve it (the
    // client's tag with the new version included): it need not ask. Every other page is only told.
    await waitFor(() => [onA, onB, on404, outside].every((l) => l.messages.some((m) => m.type === 'reload')));
    const served = await request(server.url, '/guides/a');
    expect(onA.messages.find((m) => m.type === 'reload')).toEqual({ type: 'reload', version: event.version, files: ['guides/a/index.html'], html: served.body });
    expect(served.body).toContain(`data-version="${event.version}"`);
    for (const other of [onB, on404, outside]) expect(other.messages.find((m) => m.type === 'reload')).toEqual({ type: 'reload', version: event.version, files: ['guides/a/index.html'] });
    for (const l of [sse, onA, onB, on404, outside]) l.close();
  });

  it('a heading added to a guide shows in its table of contents, and only its page is re-rendered', async () => {
    await settled(server);
    const built = nextEvent(server, sawFile('content/guides/a.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), guide('Intro.\n\n## Flood zones by parcel\n\nText.\n\n## Risk bands\n\nMore.'));
    const event = await built;
    if (event.type !== 'built') throw new Error('build failed');
    expect(event.rendered).toEqual(['/guides/a']);
    const $ = cheerio.load((await request(server.url, '/guides/a')).body);
    expect($('.doc-toc a').map((_, a) => [[$(a).text(), $(a).attr('href')]]).get()).toEqual([
      ['Flood zones by parcel', '#flood-zones-by-parcel'],
      ['Risk bands', '#risk-bands'],
    ]);
  });

  it('two saves in quick succession: the second is built too (chokidar drops changes within 50 ms)', async () => {
    const file = path.join(dir, 'content/guides/c.md');
    const first = nextEvent(server, sawFile('content/guides/c.md'));
    fs.writeFileSync(file, guide('Quick one.', 'C'));
    await first;
    fs.writeFileSync(file, guide('Quick two.', 'C'));
    await waitFor(async () => (await request(server.url, '/guides/c')).body.includes('Quick two.'));
  });

  it('a save just after a build ended, inside chokidar\'s 50 ms window, is built too', async () => {
    await settled(server);
    const file = path.join(dir, 'content/guides/c.md');
    const first = nextEvent(server, sawFile('content/guides/c.md'));
    fs.writeFileSync(file, guide('Late one.', 'C'));
    await first;
    // Past the end of the build (its own check for changes during the build is done), but well
    // within 50 ms of chokidar's report of the first save, so chokidar does not report this one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    fs.writeFileSync(file, guide('Late two, a longer text.', 'C'));
    await waitFor(async () => (await request(server.url, '/guides/c')).body.includes('Late two, a longer text.'));
  });

  it('the search index follows edits, and pages point at it by a URL that does not change with it', async () => {
    await settled(server);
    const before = await request(server.url, '/guides/a');
    const indexUrl = /data-search-index="([^"]+)"/.exec(before.body)![1];
    const built = nextEvent(server, sawFile('content/guides/a.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), guide('Second version, now about zeppelins.'));
    expect((await built).type).toBe('built');
    const after = await request(server.url, '/guides/a');
    expect(/data-search-index="([^"]+)"/.exec(after.body)![1]).toBe(indexUrl);
    const index = await request(server.url, indexUrl.replace(/&amp;/g, '&'));
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('zeppelins');
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), guide('Second version.'));
    await waitFor(async () => !(await request(server.url, indexUrl.replace(/&amp;/g, '&'))).body.includes('zeppelins'));
  });

  it('a new title re-renders the pages whose sidebar, neighbours or listings show it, and no others', async () => {
    await settled(server);
    const built = nextEvent(server, sawFile('content/guides/b.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/b.md'), guide('Page B.', 'B renamed'));
    const event = await built;
    if (event.type !== 'built') throw new Error('build failed');
    expect(event.rendered).toContain('/guides/b');
    expect(event.rendered).toContain('/guides/c'); // its sidebar lists B
    expect(event.rendered).not.toContain('/api/ping');
    expect(event.rendered).not.toContain('/search');
    // #17: the home page, made again with the guides, keeps the quick start of the API pages kept from the last build.
    expect(event.rendered).toContain('/');
    const home = (await request(server.url, '/')).body;
    expect(home).toContain('B renamed');
    expect(home).toContain('GET /ping: Ping the API');
  });

  it('a renamed category (its _category_.yml) shows in the sidebar of every guide page', async () => {
    await settled(server);
    const sidebarOf = async (route: string) => cheerio.load((await request(server.url, route)).body)('.doc-sidebar').text();
    expect(await sidebarOf('/guides/a')).toContain('Zoning');
    const built = nextEvent(server, sawFile('_category_.yml'));
    fs.writeFileSync(path.join(dir, 'content/guides/zones/_category_.yml'), 'label: Zoning and overlays\n');
    const event = await built;
    if (event.type !== 'built') throw new Error('build failed');
    expect(event.rendered).toEqual(expect.arrayContaining(['/guides/a', '/guides/zones/overlays']));
    expect(await sidebarOf('/guides/a')).toContain('Zoning and overlays');
  });

  it('bad front matter: error with file and line, the last good build stays served, the next good save clears it', async () => {
    await settled(server);
    const sse = listen(server.url);
    await waitFor(() => sse.messages.some((m) => m.type === 'hello'));
    const failed = nextEvent(server, sawFile('content/guides/a.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), '---\ntitle: [unclosed\n---\nBroken.\n');
    const event = await failed;
    expect(event.type).toBe('failed');
    if (event.type !== 'failed') return;
    expect(event.errors[0]).toMatchObject({ file: 'content/guides/a.md', line: 2, lineText: 'title: [unclosed' });
    expect(event.errors[0].text).toMatch(/^The front matter is not valid YAML/);
    const page = await request(server.url, '/guides/a');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Second version.');
    await waitFor(() => sse.messages.some((m) => m.type === 'error'));
    // A page opened now learns about the error as soon as it connects.
    const late = listen(server.url);
    await waitFor(() => late.messages.length >= 2);
    expect(late.messages.map((m) => m.type)).toEqual(['hello', 'error']);
    late.close();

    const fixed = nextEvent(server, sawFile('content/guides/a.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), guide('Third version.'));
    expect((await fixed).type).toBe('built');
    expect(server.context!.state.errors).toBeUndefined();
    expect((await request(server.url, '/guides/a')).body).toContain('Third version.');
    await waitFor(() => sse.messages.some((m, i) => m.type === 'ok' && i > sse.messages.findIndex((x) => x.type === 'error')));
    sse.close();
  });

  it('a YAML syntax error in the spec is reported with the spec file and line', async () => {
    const specFile = path.join(dir, 'openapi.yaml');
    const good = fs.readFileSync(specFile, 'utf8');
    const failed = nextEvent(server, sawFile('openapi.yaml'));
    fs.writeFileSync(specFile, good.replace('summary: Ping the API', 'summary: [Ping'));
    const event = await failed;
    if (event.type !== 'failed') throw new Error('expected a failed build');
    expect(event.errors[0]).toMatchObject({ file: 'openapi.yaml', line: expect.any(Number) });
    expect(event.errors[0].text).toMatch(/is not valid YAML or JSON/);
    const fixed = nextEvent(server, sawFile('openapi.yaml'));
    fs.writeFileSync(specFile, good.replace('Ping the API', 'Ping the API again'));
    const ok = await fixed;
    if (ok.type !== 'built') throw new Error('expected a good build');
    expect(ok.rendered).toContain('/api/ping');
    expect((await request(server.url, '/api/ping')).body).toContain('Ping the API again');
  });

  it('a config change rebuilds everything', async () => {
    const configFile = path.join(dir, 'docsgen.config.ts');
    const [onA, on404] = ['guides/a/index.html', '404.html'].map((file) => listen(server.url, file));
    await waitFor(() => [onA, on404].every((l) => l.messages.some((m) => m.type === 'hello')));
    const built = nextEvent(server, sawFile('docsgen.config.ts'));
    fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace('"title": "Test Docs"', '"title": "Renamed Docs"'));
    const event = await built;
    if (event.type !== 'built') throw new Error('expected a good build');
    expect(event.rendered.length).toBe(event.pages);
    expect((await request(server.url, '/guides/a')).body).toContain('Renamed Docs');
    // Every page changed, the 404 page too. A page showing it is not sent it: its URL may serve a page of its own now, which it fetches.
    expect(event.changedHtml).toEqual(expect.arrayContaining(['guides/a/index.html', '404.html']));
    await waitFor(() => [onA, on404].every((l) => l.messages.some((m) => m.type === 'reload')));
    expect(onA.messages.find((m) => m.type === 'reload')?.html).toContain('Renamed Docs');
    expect(on404.messages.find((m) => m.type === 'reload')).not.toHaveProperty('html');
    for (const l of [onA, on404]) l.close();
  });

  it('POST /__docsgen/refetch-spec says there is nothing to fetch for a file spec', async () => {
    const r = await request(server.url, '/__docsgen/refetch-spec', 'POST');
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toEqual({ refetched: false, reason: 'The OpenAPI spec is not a URL.' });
  });
});

describe('serve --watch, as soon as it says it is watching', () => {
  // A project without versions.json or versioned/ (most): chokidar, handed those missing paths,
  // said it was ready before it watched the guides, and a save right then was lost (4 times in 6).
  it('builds a save made the moment it is ready, on five fresh servers in a row', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nFirst version.\n' });
      const server = await startServer({ root: dir, watch: true, watchTemplates: false });
      try {
        await server.context!.ready;
        const built = nextEvent(server, sawFile('a.md'), 10_000);
        fs.writeFileSync(path.join(dir, 'content/guides/a.md'), `---\ntitle: A\n---\nSaved at once, round ${round}.\n`);
        expect((await built).type, `round ${round}`).toBe('built');
        expect(server.context!.state.files.get('guides/a/index.html')).toContain(`Saved at once, round ${round}.`);
      } finally {
        await server.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('sees versions.json and versioned/ created while serving, and a save to them after', { timeout: 60_000 }, async () => {
    const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nCurrent text.\n' });
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    try {
      await server.context!.ready;
      fs.mkdirSync(path.join(dir, 'versioned/1.0/guides'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'versioned/1.0/guides/a.md'), '---\ntitle: A\n---\nOld text.\n');
      const built = nextEvent(server, (e) => e.type === 'built' && server.context!.state.files.has('guides/1.0/a/index.html'));
      fs.writeFileSync(path.join(dir, 'versions.json'), '["1.0"]\n');
      await built;
      expect(server.context!.state.files.get('guides/1.0/a/index.html')).toContain('Old text.');
      // Now watched like any file: a save to the old version's guide shows.
      await settled(server);
      const saved = nextEvent(server, sawFile('a.md'));
      fs.writeFileSync(path.join(dir, 'versioned/1.0/guides/a.md'), '---\ntitle: A\n---\nOld text, corrected.\n');
      await saved;
      expect(server.context!.state.files.get('guides/1.0/a/index.html')).toContain('Old text, corrected.');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Once no build is running, replaces `from` with `to` in the file `rel` of `dir`; resolves with the build that saw it. */
async function replaceAndBuild(server: Server, dir: string, rel: string, from: string, to: string): Promise<WatchEvent> {
  await settled(server);
  const saved = nextEvent(server, (e) => e.type === 'built' && sawFile(rel)(e));
  const file = path.join(dir, rel);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(from, to));
  return saved;
}

describe('serve --watch with an older version', () => {
  // Its API pages are taken back from the last build when their inputs did not change
  // (site/apiPagesMemo.ts heldApiPagesMemo): a save to its spec must still show on the page it changes.
  it("shows a save to the older version's spec on its page, and its pages stay through a save to the current spec", { timeout: 60_000 }, async () => {
    const dir = writeFiles(versionedSite());
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    const main = (file: string) => cheerio.load(server.context!.state.files.get(file) as string)('main').text();
    const edit = (rel: string, from: string, to: string) => replaceAndBuild(server, dir, rel, from, to);
    try {
      await server.context!.ready;
      expect(main('api/1.0/legacy-zones/index.html')).toContain('as version 1.0 of the API exported them');
      await edit('versioned/1.0/openapi.yaml', 'as version 1.0 of the API exported them', 'as the 1.0 API wrote them');
      expect(main('api/1.0/legacy-zones/index.html')).toContain('as the 1.0 API wrote them');
      expect(main('api/1.0/list-zones/index.html')).toContain('Every flood zone of a county');
      await edit('openapi.yaml', 'Every flood zone of a county', 'All the flood zones of a county');
      expect(main('api/list-zones/index.html')).toContain('All the flood zones of a county');
      expect(main('api/1.0/list-zones/index.html')).toContain('Every flood zone of a county');
      expect(main('api/1.0/legacy-zones/index.html')).toContain('as the 1.0 API wrote them');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("serve --watch keeps an older version's pages between saves", () => {
  // Its page models are kept as the latest's are (site/liveSite.ts): a save to the current docs
  // leaves them the objects the last render had, and a save to the version's own guides still shows.
  it("a retitled guide of the version shows in its other pages' sidebars, its text edit on its page, and the current docs' saves leave them be", { timeout: 60_000 }, async () => {
    const dir = writeFiles(versionedSite());
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    const html = (file: string) => server.context!.state.files.get(file) as string;
    const sidebar = (file: string) => cheerio.load(html(file))('nav[aria-label] a').map((_, a) => cheerio.load(a).text()).get();
    const edit = (rel: string, from: string, to: string) => replaceAndBuild(server, dir, rel, from, to);
    try {
      await server.context!.ready;
      const before = html('guides/1.0/zones/index.html');
      const current = await edit('content/guides/zones.md', 'refreshed monthly', 'refreshed every month');
      expect(cheerio.load(html('guides/zones/index.html'))('main').text()).toContain('refreshed every month');
      expect(html('guides/1.0/zones/index.html')).toBe(before);
      expect(current.type === 'built' && current.rendered).toEqual(['/guides/zones']);
      await edit('versioned/1.0/guides/csv-export.md', 'title: CSV export', 'title: Quarterly CSV export');
      expect(sidebar('guides/1.0/zones/index.html')).toContain('Quarterly CSV export');
      expect(sidebar('guides/zones/index.html')).not.toContain('Quarterly CSV export');
      await edit('content/guides/intro.md', 'Ask support for a key.', 'Ask support for an API key.');
      expect(sidebar('guides/1.0/zones/index.html')).toContain('Quarterly CSV export');
      await edit('versioned/1.0/guides/zones.md', 'refreshed quarterly', 'refreshed each quarter');
      expect(cheerio.load(html('guides/1.0/zones/index.html'))('main').text()).toContain('refreshed each quarter');
      expect(cheerio.load(html('guides/zones/index.html'))('main').text()).toContain('refreshed every month');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('serve --watch, files deleted and made again', () => {
  // The spec in a folder of its own, beside the config (as the shipped project has it): chokidar
  // watching such a file itself lost it for good once it was deleted and written anew, which is
  // what `git checkout` does to each file it changes.
  const spec = (summary: string) => `openapi: 3.0.3\ninfo:\n  title: Mini API\n  version: "1"\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: ${summary}\n      responses:\n        "200":\n          description: OK\n`;
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nFirst version.\n',
      'api/openapi.yaml': spec('Ping, first version'),
      'docsgen.config.ts': configSource({ openapi: { spec: 'api/openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
    });
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const page = (file: string) => String(server.context!.state.files.get(file) ?? '');
  /** Makes `change` once no build is running, and resolves when a build shows `text` in `file`. */
  const builtShowing = async (file: string, text: string, change: () => void) => {
    await settled(server);
    const built = nextEvent(server, (e) => e.type === 'built' && page(file).includes(text));
    change();
    await built;
  };

  it('a spec deleted and written anew (a branch switch) is built, and so is each later switch and save', async () => {
    const specFile = path.join(dir, 'api/openapi.yaml');
    for (const summary of ['Ping, second branch', 'Ping, first branch again', 'Ping, second branch again']) {
      await builtShowing('api/ping/index.html', summary, () => {
        fs.unlinkSync(specFile);
        fs.writeFileSync(specFile, spec(summary));
      });
    }
    await builtShowing('api/ping/index.html', 'Ping, saved in place', () => fs.writeFileSync(specFile, spec('Ping, saved in place')));
  });

  it("a spec removed fails the build, naming it; the spec's folder moved away and back is built again", async () => {
    const specFile = path.join(dir, 'api/openapi.yaml');
    await settled(server);
    const failed = nextEvent(server, sawFile('openapi.yaml'));
    fs.unlinkSync(specFile);
    const event = await failed;
    if (event.type !== 'failed') throw new Error('expected a failed build');
    expect(event.errors[0]).toMatchObject({ file: 'api/openapi.yaml', text: expect.stringMatching(/does not exist/) });
    await builtShowing('api/ping/index.html', 'Ping, written after it was removed', () => fs.writeFileSync(specFile, spec('Ping, written after it was removed')));

    await settled(server);
    const gone = nextEvent(server, (e) => e.type === 'failed');
    fs.renameSync(path.join(dir, 'api'), path.join(dir, 'api-away'));
    await gone;
    const returned = nextEvent(server, (e) => e.type === 'built' && page('api/ping/index.html').includes('Ping, written after it was removed'));
    fs.renameSync(path.join(dir, 'api-away'), path.join(dir, 'api'));
    await returned;
    await builtShowing('api/ping/index.html', 'Ping, saved after the folder came back', () => fs.writeFileSync(specFile, spec('Ping, saved after the folder came back')));
  });

  it('a config that moves contentDir: the new folder is built, and a save in it shows (its watch replaces the old one)', async () => {
    fs.mkdirSync(path.join(dir, 'docs/guides'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/guides/a.md'), '---\ntitle: A\n---\nFrom docs/.\n');
    const configFile = path.join(dir, 'docsgen.config.ts');
    const before = fs.readFileSync(configFile, 'utf8');
    await builtShowing('guides/a/index.html', 'From docs/.', () => fs.writeFileSync(configFile, configSource({ contentDir: 'docs', openapi: { spec: 'api/openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } })));
    await builtShowing('guides/a/index.html', 'From docs/, saved.', () => fs.writeFileSync(path.join(dir, 'docs/guides/a.md'), '---\ntitle: A\n---\nFrom docs/, saved.\n'));
    await settled(server);
    const back = nextEvent(server, (e) => e.type === 'built' && !page('guides/a/index.html').includes('From docs/'));
    fs.writeFileSync(configFile, before);
    await back;
  });

  it('the content folder moved away and back: its guides are served again, and a save to one shows', async () => {
    await settled(server);
    const gone = nextEvent(server, (e) => e.type === 'built' || e.type === 'failed');
    fs.renameSync(path.join(dir, 'content'), path.join(dir, 'content-away'));
    await gone;
    const returned = nextEvent(server, (e) => e.type === 'built' && page('guides/a/index.html').includes('First version.'));
    fs.renameSync(path.join(dir, 'content-away'), path.join(dir, 'content'));
    await returned;
    await builtShowing('guides/a/index.html', 'Second version.', () => fs.writeFileSync(path.join(dir, 'content/guides/a.md'), '---\ntitle: A\n---\nSecond version.\n'));
  });
});

describe('serve --watch and template components', () => {
  it('hands changed template components to onTemplateCode (the CLI restarts) instead of building', async () => {
    const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n' });
    const seen: string[][] = [];
    const server = await startServer({ root: dir, watch: true, onTemplateCode: (files) => seen.push(files) });
    try {
      const events: WatchEvent[] = [];
      server.context!.subscribe((e) => events.push(e));
      const component = packagePath('templates/components/NotARealComponent.tsx');
      await server.context!.rebuild([component]);
      expect(seen).toEqual([[component]]);
      expect(events).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('serve --watch with a spec split into files', () => {
  it("rebuilds when a file the spec's $refs name is saved, and shows the change", async () => {
    const fixture = (rel: string) => fs.readFileSync(path.join(packagePath('fixtures/specs/split'), rel), 'utf8');
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nText.\n',
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
      'openapi.yaml': fixture('openapi.yaml'),
      'schemas/flood-risk.yaml': fixture('schemas/flood-risk.yaml'),
      'schemas/problem.yaml': fixture('schemas/problem.yaml'),
    });
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    try {
      await server.context!.ready;
      const showing = (text: string) => [...server.context!.state.files].filter(([file, html]) => file.endsWith('.html') && typeof html === 'string' && html.includes(text)).map(([file]) => file);
      const pages = showing('the map panel the parcel');
      expect(pages.length).toBeGreaterThan(0);
      const built = nextEvent(server, sawFile('flood-risk.yaml'));
      const schema = path.join(dir, 'schemas/flood-risk.yaml');
      fs.writeFileSync(schema, fs.readFileSync(schema, 'utf8').replace('the map panel the parcel', 'the flood map panel the parcel'));
      const event = await built;
      if (event.type !== 'built') throw new Error('expected a good build');
      expect(showing('the flood map panel the parcel')).toEqual(pages);
      expect(showing('of the map panel the parcel')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('serve --watch with a URL spec', () => {
  const spec = (summary: string) => `openapi: 3.0.3\ninfo:\n  title: Mini API\n  version: "1"\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: ${summary}\n      responses:\n        "200":\n          description: OK\n`;
  let body = spec('Ping from the server');
  let api: http.Server;
  let specUrl: string;
  beforeAll(async () => {
    api = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(body));
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    specUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}/docs/yaml`;
  });
  afterAll(() => void (api.listening && api.close()));

  it('fetches again on request, and falls back loudly to the last good copy when the API is down', async () => {
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nText.\n',
      'docsgen.config.ts': configSource({ openapi: { spec: specUrl, downloadUrl: 'https://api.test.example/docs/yaml', timeoutMs: 2000 } }),
    });
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    try {
      expect((await request(server.url, '/api/ping')).body).toContain('Ping from the server');
      const cached = fs.readdirSync(path.join(dir, '.docsgen/spec-cache'));
      expect(cached).toHaveLength(1);

      body = spec('Ping, version two');
      const refetch = await request(server.url, '/__docsgen/refetch-spec', 'POST');
      expect(refetch.status).toBe(200);
      expect(JSON.parse(refetch.body)).toEqual({ refetched: true, ok: true });
      expect((await request(server.url, '/api/ping')).body).toContain('Ping, version two');

      await new Promise<void>((resolve) => api.close(() => resolve()));
      api.closeAllConnections();
      const again = await request(server.url, '/__docsgen/refetch-spec', 'POST');
      expect(JSON.parse(again.body)).toEqual({ refetched: true, ok: true });
      const warning = server.logger.diagnostics.find((d) => d.code === 'spec-cache-fallback');
      expect(warning?.severity).toBe('warning');
      expect(warning?.text).toMatch(new RegExp(`^Fetching the OpenAPI spec from ${specUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} failed.*Serving the API reference from the last good copy instead, fetched less than a minute ago; it may be out of date\\.$`));
      expect(warning?.location?.file).toContain(path.join('.docsgen', 'spec-cache'));
      expect((await request(server.url, '/api/ping')).body).toContain('Ping, version two');
    } finally {
      await server.close();
    }
  });

  it('--poll-spec fetches the spec again on a timer', async () => {
    const poller = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(body));
    await new Promise<void>((resolve) => poller.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(poller.address() as { port: number }).port}/docs/yaml`;
    body = spec('Polled, first');
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nText.\n',
      'docsgen.config.ts': configSource({ openapi: { spec: url, downloadUrl: 'https://api.test.example/docs/yaml' } }),
    });
    const server = await startServer({ root: dir, watch: true, pollSpecSeconds: 1, watchTemplates: false });
    try {
      expect((await request(server.url, '/api/ping')).body).toContain('Polled, first');
      body = spec('Polled, second');
      await waitFor(async () => (await request(server.url, '/api/ping')).body.includes('Polled, second'), 10_000);
    } finally {
      await server.close();
      poller.close();
    }
  });
});
