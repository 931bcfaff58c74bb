// `docsgen serve` without --watch: a static host for the output folder. Status codes, redirects,
// headers, the 404 page, and every way of asking for a file outside the folder.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer } from '../../src/serve/server';
import { openBrowser } from '../../src/serve/open';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { buildFiles, configSource, writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

const guides = {
  'content/guides/a.md': '---\ntitle: A\n---\n## Part one\n\nHello from A.\n',
  'content/guides/b.md': '---\ntitle: B\n---\nHello from B.\n',
};

describe('serve: a static host for the output folder', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  let outDir: string;
  beforeAll(async () => {
    const f = await buildFiles(guides);
    dir = f.dir;
    outDir = f.result.config.outDir;
    // Things outside the output folder that must never be served.
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(outDir, 'leak.txt'));
    fs.symlinkSync(dir, path.join(outDir, 'project'));
    fs.writeFileSync(path.join(outDir, '.env'), 'HIDDEN=1');
    server = await startServer({ root: dir });
  });
  afterAll(() => server.close());

  it('listens on 127.0.0.1 and prints the URL', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.logger.lines).toContain(`Serving ${path.relative(process.cwd(), outDir)}/ at ${server.url}`);
  });

  it('serves pages at clean URLs (trailingSlash unset: with or without the slash)', async () => {
    for (const p of ['/', '/guides/a', '/guides/a/', '/guides']) {
      const r = await request(server.url, p);
      expect(r.status, p).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await request(server.url, '/guides/a')).body).toContain('Hello from A.');
  });

  it('redirects …/index.html and ….html to the canonical URL with 301, keeping the query', async () => {
    const index = await request(server.url, '/guides/a/index.html?x=1');
    expect(index.status).toBe(301);
    expect(index.headers.location).toBe('/guides/a?x=1');
    const html = await request(server.url, '/guides/b.html');
    expect(html.status).toBe(301);
    expect(html.headers.location).toBe('/guides/b');
    expect((await request(server.url, '/index.html')).headers.location).toBe('/');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const r = await request(server.url, '/guides/nowhere');
    expect(r.status).toBe(404);
    expect(r.body).toContain('Page not found');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect((await request(server.url, '/guides/nowhere.html')).status).toBe(404);
  });

  it('serves hashed assets as immutable and HTML with no-cache', async () => {
    const css = fs.readdirSync(path.join(outDir, 'assets/css'))[0];
    const asset = await request(server.url, `/assets/css/${css}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/^text\/css/);
    expect((await request(server.url, '/guides/a')).headers['cache-control']).toBe('no-cache');
    expect((await request(server.url, '/sitemap.xml')).headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD like GET without a body, and refuses other methods', async () => {
    const head = await request(server.url, '/guides/a', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await request(server.url, '/guides/a', 'POST')).status).toBe(405);
  });

  describe('never serves a file outside the output folder', () => {
    const attempts = [
      '/../secret.txt',
      '/../../etc/passwd',
      '/guides/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2E%2E/etc/passwd',
      '/..%2fsecret.txt',
      '/guides%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/guides/a/%2e%2e/%2e%2e/%2e%2e/secret.txt',
    ];
    for (const attempt of attempts) {
      it(`refuses ${attempt}`, async () => {
        const r = await request(server.url, attempt);
        expect([403, 404]).toContain(r.status);
        expect(r.body).not.toContain('TOP SECRET');
        expect(r.body).not.toContain('root:');
      });
    }

    it('answers traversal with 403', async () => {
      expect((await request(server.url, '/../secret.txt')).status).toBe(403);
      expect((await request(server.url, '/%2e%2e/secret.txt')).status).toBe(403);
      expect((await request(server.url, '/..%2fsecret.txt')).status).toBe(403);
    });

    it('refuses symlinks that point outside (403), whether to a file or a folder', async () => {
      const file = await request(server.url, '/leak.txt');
      expect(file.status).toBe(403);
      expect(file.body).not.toContain('TOP SECRET');
      const folder = await request(server.url, '/project/secret.txt');
      expect(folder.status).toBe(403);
      expect(folder.body).not.toContain('TOP SECRET');
    });

    it('does not serve dotfiles, and rejects NUL bytes and bad encodings', async () => {
      expect((await request(server.url, '/.env')).status).toBe(404);
      expect((await request(server.url, '/guides%00/a')).status).toBe(400);
      expect((await request(server.url, '/%E0%A4%A')).status).toBe(400);
    });
  });
});

describe('serve: URLs per trailingSlash and baseUrl', () => {
  it('trailingSlash: false → x.html served at /x; /x/ and /x.html redirect to /x', async () => {
    const f = await buildFiles({ ...guides, 'docsgen.config.ts': configSource({ trailingSlash: false }) });
    const server = await startServer({ root: f.dir });
    try {
      expect((await request(server.url, '/guides/a')).status).toBe(200);
      expect((await request(server.url, '/guides/a/')).headers.location).toBe('/guides/a');
      expect((await request(server.url, '/guides/a.html')).headers.location).toBe('/guides/a');
      expect((await request(server.url, '/guides/a/')).status).toBe(301);
    } finally {
      await server.close();
    }
  });

  it('trailingSlash: true → /x redirects to /x/, /x/index.html to /x/', async () => {
    const f = await buildFiles({ ...guides, 'docsgen.config.ts': configSource({ trailingSlash: true }) });
    const server = await startServer({ root: f.dir });
    try {
      expect((await request(server.url, '/guides/a/')).status).toBe(200);
      const r = await request(server.url, '/guides/a');
      expect(r.status).toBe(301);
      expect(r.headers.location).toBe('/guides/a/');
      expect((await request(server.url, '/guides/a/index.html')).headers.location).toBe('/guides/a/');
    } finally {
      await server.close();
    }
  });

  it('baseUrl: serves under it, sends / there, and 404s what is outside it', async () => {
    const f = await buildFiles({ ...guides, 'docsgen.config.ts': configSource({ baseUrl: '/docs/' }) });
    const server = await startServer({ root: f.dir });
    try {
      expect(server.url).toMatch(/\/docs\/$/);
      expect((await request(server.url, '/docs/guides/a')).status).toBe(200);
      expect((await request(server.url, '/')).headers.location).toBe('/docs/');
      expect((await request(server.url, '/docs')).headers.location).toBe('/docs/');
      const outside = await request(server.url, '/guides/a');
      expect(outside.status).toBe(404);
      expect(outside.body).toContain('Page not found');
      expect((await request(server.url, '/docs/guides/a/index.html')).headers.location).toBe('/docs/guides/a');
    } finally {
      await server.close();
    }
  });
});

describe('serve: start-up', () => {
  it('builds in memory first, with drafts and their banner, when there is no output folder, writing nothing to it', async () => {
    const dir = writeFiles({ ...guides, 'content/guides/draft.md': '---\ntitle: Draft\ndraft: true\n---\nWork in progress.\n' });
    const server = await startServer({ root: dir });
    try {
      expect(server.logger.lines.join('\n')).toContain('does not exist yet: building the site in memory (drafts included; nothing is written)');
      const r = await request(server.url, '/guides/draft');
      expect(r.status).toBe(200);
      expect(r.body).toContain('Work in progress.');
      expect(r.body).toContain('page-banner-draft');
      expect((await request(server.url, '/sitemap.xml')).status).toBe(200);
      // A build with drafts in the deploy folder would publish them.
      expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('an explicit port that is taken is a clear error naming it and suggesting --port', async () => {
    const f = await buildFiles(guides);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const error = await createDevServer({ root: f.dir, port, strictPort: true, logger: createMemoryLogger() }).catch((e) => e);
      expect(error).toBeInstanceOf(DocsgenError);
      expect(error.diagnostics[0].code).toBe('port-in-use');
      expect(error.diagnostics[0].text).toBe(`Port ${port} on 127.0.0.1 is already in use.`);
      expect(error.diagnostics[0].hint).toContain(`--port ${port + 1}`);
    } finally {
      blocker.close();
    }
  });

  it('a default port that is taken moves on to the next free one and says so', async () => {
    const f = await buildFiles(guides);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const server = await startServer({ root: f.dir, port, strictPort: false });
    try {
      expect(server.port).toBeGreaterThan(port);
      expect(server.logger.lines).toContain(`(!) Port ${port} is in use, so the site is served on port ${server.port} instead (pass --port to choose one).`);
      expect((await request(server.url, '/guides/a')).status).toBe(200);
    } finally {
      blocker.close();
      await server.close();
    }
  });

  it('--open never fails the server when no browser can be opened', async () => {
    const logger = createMemoryLogger();
    expect(await openBrowser('http://127.0.0.1:1/', logger, ['docsgen-no-such-opener', []])).toBe(false);
    expect(logger.lines).toEqual(['(!) Could not open a browser (docsgen-no-such-opener was not found); open http://127.0.0.1:1/ yourself.']);
    expect(await openBrowser('http://127.0.0.1:1/', logger, ['false', []])).toBe(false);
    expect(logger.lines[1]).toContain('false exited with code 1');
  });
});
