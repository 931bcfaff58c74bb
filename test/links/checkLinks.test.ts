// `docsgen check-links` on small sites written whole in the test: what is reported, where, how
// severe, and the exit code; from sources and on a built folder (--dir).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { checkSiteLinks } from '../../src/links/checkSite';
import { toProblems, type LinkProblem } from '../../src/links/report';
import { configSource, repoRoot, writeFiles } from '../helpers/fixture';

const bin = path.join(repoRoot, 'bin/docsgen.js');

/** The CLI without blocking this process (for tests whose server runs in it). */
function runAsync(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'check-links', ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, 'check-links', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function problems(dir: string, options: Parameters<typeof checkSiteLinks>[0] = {}): Promise<LinkProblem[]> {
  const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts'), ...options });
  return toProblems(report.diagnostics, dir);
}

const good = {
  'content/guides/a.md': '---\ntitle: A\n---\nSee [B](./b.md#part-two) and [the API](/api/ping#response-200).\n',
  'content/guides/b.md': '---\ntitle: B\n---\nIntro.\n\n## Part two\n\nText with `<a href="/in/code">` and:\n\n```html\n<a href="/in/a/code/block">x</a>\n```\n',
  'openapi.yaml': [
    'openapi: 3.0.3',
    'info:',
    '  title: Mini API',
    '  version: "1"',
    '  description: Start with [guide A](/guides/a).',
    'paths:',
    '  /ping:',
    '    get:',
    '      operationId: ping',
    '      summary: Ping',
    '      description: See [part two](/guides/b#part-two).',
    '      responses:',
    '        "200":',
    '          description: OK',
    '',
  ].join('\n'),
};
const config = (overrides: Record<string, unknown> = {}) => configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, ...overrides });

describe('check-links from sources', () => {
  it('a clean site: exit 0 and nothing but the summary', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config() });
    const r = run([], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ no broken links or anchors: checked \d+ links on \d+ pages in \d+(\.\d+)? (ms|s)\.\n$/);
  });

  it('a planted broken link: an error at file:line:column with the source line and a caret, grouped by file, a summary, exit 1', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\nIntro.\n\nThen go to [nowhere](/guides/nowhere) please.\n' });
    const r = run([], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'content/guides/c.md:6:22  /guides/nowhere  /guides/nowhere is not a page of this site (error)\n' +
        '    6 | Then go to [nowhere](/guides/nowhere) please.\n' +
        '                             ^\n' +
        '\n✗ 1 error, 0 warnings in 1 file' +
        r.stderr.slice(r.stderr.indexOf(' (checked')),
    );
    expect(r.stdout).toBe('');
  });

  it('a broken anchor is a warning: reported, exit 0', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\n[B](./b.md#no-such-part)\n' });
    const r = run([], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('content/guides/c.md:4:5  ./b.md#no-such-part  /guides/b has no anchor #no-such-part (warning)');
    expect(r.stderr).toMatch(/^\(!\) 0 errors, 1 warning in 1 file \(checked/m);
  });

  it('API field anchors count as anchors (the page is rendered to find them)', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\n[ok](/api/ping#response-200) [bad](/api/ping#response-418)\n' });
    const found = await problems(dir);
    expect(found).toEqual([
      { file: 'content/guides/c.md', line: 4, column: 36, target: '/api/ping#response-418', reason: '/api/ping has no anchor #response-418', severity: 'warning', code: 'broken-anchor' },
    ]);
  });

  it('a duplicate route is a warning naming the route (the first file in path order is kept)', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/b-again.md': '---\ntitle: B again\nslug: b\n---\nSame route.\n' });
    const found = await problems(dir);
    expect(found).toEqual([{ file: 'content/guides/b.md', line: null, column: null, target: '/guides/b', reason: 'two sources for one route', severity: 'warning', code: 'duplicate-route' }]);
  });

  it('links in spec descriptions are checked, with the spec file, line and JSON pointer', async () => {
    const spec = good['openapi.yaml'].replace('(/guides/b#part-two)', '(/guides/gone)');
    const dir = writeFiles({ ...good, 'openapi.yaml': spec, 'docsgen.config.ts': config() });
    const found = await problems(dir);
    expect(found).toEqual([
      { file: 'openapi.yaml', line: 11, column: 35, target: '/guides/gone', reason: '/guides/gone is not a page of this site (in 1 operation; in the OpenAPI spec at /paths/~1ping/get/description)', severity: 'error', code: 'broken-link' },
    ]);
  });

  it("a parameter's link is reported at the parameter's own pointer: in its path item's list or in its operation's", async () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: Parcels, version: "1" }',
      'paths:',
      '  /parcels/{id}:',
      '    parameters:',
      '      - { name: id, in: path, required: true, description: "See [ids](/guides/ids).", schema: { type: string } }',
      '    get:',
      '      operationId: getParcel',
      '      parameters:',
      '        - { name: fields, in: query, description: "See [fields](/guides/fields).", schema: { type: string } }',
      '        - { name: X-Trace, in: header, description: "See [tracing](/guides/tracing).", schema: { type: string } }',
      '      responses:',
      '        "200": { description: OK }',
      '',
    ].join('\n');
    const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n', 'openapi.yaml': spec, 'docsgen.config.ts': config() });
    const found = await problems(dir);
    const at = (target: string) => found.find((p) => p.target === target)?.reason.match(/in the OpenAPI spec at (\S+)\)/)?.[1];
    // The header was named as the query parameter (the place in the list of one location's parameters).
    expect(at('/guides/ids')).toBe('/paths/~1parcels~1{id}/parameters/0/description');
    expect(at('/guides/fields')).toBe('/paths/~1parcels~1{id}/get/parameters/0/description');
    expect(at('/guides/tracing')).toBe('/paths/~1parcels~1{id}/get/parameters/1/description');
    // A path with a `%` in it: read as a `$ref`'s URI fragment, its pointer failed the build ("URI malformed").
    const percent = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n', 'openapi.yaml': spec.replaceAll('/parcels/{id}', '/discounts/100%/{id}'), 'docsgen.config.ts': config() });
    const inPercent = await problems(percent);
    expect(inPercent.find((p) => p.target === '/guides/ids')?.reason).toContain('in the OpenAPI spec at /paths/~1discounts~1100%~1{id}/parameters/0/description');
  });

  it('a spec that cannot be read is reported with its file and line, and nothing else; one the OpenAPI schema rejects is left to docsgen build', async () => {
    const unreadable = writeFiles({ ...good, 'openapi.yaml': `${good['openapi.yaml']}\n  bad: [unclosed\n`, 'docsgen.config.ts': config() });
    const found = await problems(unreadable);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'openapi.yaml', severity: 'error', code: 'spec-invalid-yaml' });
    expect(found[0].line).toBeGreaterThan(1);

    // `info.version` is required: the build says so; the link check checks links.
    const schemaError = good['openapi.yaml'].replace('  version: "1"\n', '');
    const dir = writeFiles({ ...good, 'openapi.yaml': schemaError, 'docsgen.config.ts': config() });
    expect(await problems(dir)).toEqual([]);
    await expect(build({ root: dir, write: false, logger: createMemoryLogger() })).rejects.toMatchObject({ diagnostics: [expect.objectContaining({ code: 'spec-invalid' })] });
  });

  it('caches the API part between runs while the spec is unchanged, and notices when it changes', async () => {
    const spec = good['openapi.yaml'].replace('(/guides/b#part-two)', '(/guides/gone)');
    const dir = writeFiles({ ...good, 'openapi.yaml': spec, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\n[bad](/api/ping#response-418)\n' });
    const first = await problems(dir);
    expect(fs.existsSync(path.join(dir, '.docsgen/check-links/api.json'))).toBe(true);
    expect(await problems(dir)).toEqual(first);
    expect(first.map((p) => p.code).sort()).toEqual(['broken-anchor', 'broken-link']);
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), `${good['openapi.yaml']}        "418":\n          description: Teapot\n`);
    expect(await problems(dir)).toEqual([]);
  });

  it('navbar and footer links are checked at their line in the config', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config({ footer: { copyright: 'c', links: [{ label: 'Gone', to: '/guides/gone' }] } }) });
    const [p] = await problems(dir);
    expect(p).toMatchObject({ file: 'docsgen.config.ts', target: '/guides/gone', severity: 'error', code: 'broken-link' });
    const line = fs.readFileSync(path.join(dir, 'docsgen.config.ts'), 'utf8').split('\n')[p.line! - 1];
    expect(line.slice(p.column! - 1)).toMatch(/^\/guides\/gone/);
  });

  it('a raw HTML link that only breaks under baseUrl: fine at /, an error under /docs/', async () => {
    const files = { ...good, 'content/guides/c.md': '---\ntitle: C\n---\nIntro.\n\n<p>Back to <a href="/guides/a">A</a>.</p>\n' };
    expect(await problems(writeFiles({ ...files, 'docsgen.config.ts': config() }))).toEqual([]);
    const found = await problems(writeFiles({ ...files, 'docsgen.config.ts': config({ baseUrl: '/docs/' }) }));
    expect(found).toEqual([{ file: 'content/guides/c.md', line: 6, column: 21, target: '/guides/a', reason: '/guides/a is outside the base URL /docs/', severity: 'error', code: 'broken-link' }]);
  });

  it('a relative raw HTML link that only breaks with trailingSlash: true (the page URL gains a slash)', async () => {
    const files = { ...good, 'content/guides/c.md': '---\ntitle: C\n---\n<a href="b">Sibling B</a>\n' };
    expect(await problems(writeFiles({ ...files, 'docsgen.config.ts': config({ trailingSlash: false }) }))).toEqual([]);
    const found = await problems(writeFiles({ ...files, 'docsgen.config.ts': config({ trailingSlash: true }) }));
    expect(found).toEqual([{ file: 'content/guides/c.md', line: 4, column: 10, target: 'b', reason: '/guides/c/b is not a page or file of this site', severity: 'error', code: 'broken-link' }]);
  });

  it('the announcement bar’s HTML links are checked as emitted', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config({ baseUrl: '/docs/', announcementBar: { id: 'x', content: 'New: <a href="/guides/b">B</a>' } }) });
    const [p] = await problems(dir);
    expect(p).toMatchObject({ file: 'docsgen.config.ts', target: '/guides/b', reason: '/guides/b is outside the base URL /docs/', severity: 'error' });
  });

  it('policies come from the config and each can be overridden by a flag', () => {
    const files = { ...good, 'content/guides/c.md': '---\ntitle: C\n---\n[x](/guides/nowhere) [y](./b.md#nope) [z](./missing.md)\n' };
    const strict = writeFiles({ ...files, 'docsgen.config.ts': config({ onBrokenAnchors: 'throw' }) });
    const r = run([], strict);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/✗ 2 errors, 1 warning in 1 file/);
    const relaxed = run(['--on-broken-links', 'warn', '--on-broken-anchors', 'ignore', '--on-broken-markdown-links', 'throw'], strict);
    expect(relaxed.code).toBe(1);
    expect(relaxed.stderr).toMatch(/✗ 1 error, 1 warning in 1 file/);
    expect(relaxed.stderr).toContain('./missing.md');
    expect(run(['--on-broken-links', 'warn', '--on-broken-anchors', 'warn'], strict).code).toBe(0);
    expect(run(['--on-broken-links', 'explode'], strict).code).toBe(2);
  });

  it('--format json: an array of { file, line, column, target, reason, severity, code } on stdout', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\n[x](/guides/nowhere)\n' });
    const r = run(['--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual([{ file: 'content/guides/c.md', line: 4, column: 5, target: '/guides/nowhere', reason: '/guides/nowhere is not a page of this site', severity: 'error', code: 'broken-link' }]);
    expect(JSON.parse(run(['--format', 'json'], writeFiles({ ...good, 'docsgen.config.ts': config() })).stdout)).toEqual([]);
  });

  it('--quiet prints errors only', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config(), 'content/guides/c.md': '---\ntitle: C\n---\n[y](./b.md#nope)\n' });
    const r = run(['--quiet'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).toBe('');
  });

  it('writes nothing', () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config() });
    run([], dir);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });
});

describe('check-links --dir on a built site', () => {
  it('reports links as they are in the HTML, at html-file:line:column', async () => {
    const dir = writeFiles({
      ...good,
      'docsgen.config.ts': config({ onBrokenLinks: 'warn' }),
      'content/guides/c.md': '---\ntitle: C\n---\nGo [nowhere](/guides/nowhere), [to B](./b.md#nope) and <a href="/guides/a#part">raw</a>.\n',
    });
    await build({ root: dir, logger: createMemoryLogger() });
    const found = await problems(dir, { dir: path.join(dir, 'build') });
    const html = fs.readFileSync(path.join(dir, 'build/guides/c/index.html'), 'utf8');
    const at = (needle: string) => {
      const offset = html.indexOf(needle);
      const before = html.slice(0, offset).split('\n');
      return { line: before.length, column: before[before.length - 1].length + 1 };
    };
    expect(found).toEqual([
      { file: 'build/guides/c/index.html', ...at('/guides/nowhere"'), target: '/guides/nowhere', reason: '/guides/nowhere is not a page or file of this site', severity: 'warning', code: 'broken-link' },
      { file: 'build/guides/c/index.html', ...at('/guides/b#nope"'), target: '/guides/b#nope', reason: '/guides/b has no anchor #nope', severity: 'warning', code: 'broken-anchor' },
      { file: 'build/guides/c/index.html', ...at('/guides/a#part"'), target: '/guides/a#part', reason: '/guides/a has no anchor #part', severity: 'warning', code: 'broken-anchor' },
    ].sort((a, b) => a.line - b.line || a.column - b.column));
    const r = run(['--dir', 'build', '--on-broken-links', 'throw'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^build\/guides\/c\/index\.html:\d+:\d+  \/guides\/nowhere  \/guides\/nowhere is not a page or file of this site \(error\)$/m);
    expect(r.stderr).toMatch(/on \d+ HTML files in/);
  });

  it('a clean build passes, assets and all', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config({ baseUrl: '/docs/', trailingSlash: false }) });
    await build({ root: dir, logger: createMemoryLogger() });
    const r = run(['--dir', 'build'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ no broken links or anchors: checked \d+ links on \d+ HTML files in/);
  });

  it('a built site moved under another base URL is all broken links (the baseUrl case on real HTML)', async () => {
    const dir = writeFiles({ ...good, 'docsgen.config.ts': config() });
    await build({ root: dir, logger: createMemoryLogger() });
    fs.writeFileSync(path.join(dir, 'docsgen.config.ts'), config({ baseUrl: '/docs/' }));
    const found = await problems(dir, { dir: path.join(dir, 'build') });
    expect(found.length).toBeGreaterThan(10);
    expect(found.every((p) => p.reason.includes('outside the base URL /docs/'))).toBe(true);
  });

  it('works without a config (defaults), and fails clearly on a missing folder', async () => {
    const dir = writeFiles({ 'site/index.html': '<!doctype html><a href="/missing">x</a><a href="#top">top</a><p id="top"></p>' });
    fs.rmSync(path.join(dir, 'docsgen.config.ts'));
    const r = run(['--dir', 'site'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('site/index.html:1:25  /missing  /missing is not a page or file of this site (error)');
    const missing = run(['--dir', 'nope'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('The folder nope does not exist.');
  });

  it("prints a link's escape sequences as escapes and a megabyte-long one cut: any HTML file's text is untrusted", () => {
    const longAnchor = `#${'a'.repeat(1_000_000)}`;
    const dir = writeFiles({ 'site/index.html': `<!doctype html><a href="/nowhere\u001b[31mRED\u001b[0m">x</a><a href="${longAnchor}">y</a>` });
    fs.rmSync(path.join(dir, 'docsgen.config.ts'));
    const r = run(['--dir', 'site'], dir);
    expect(r.code).toBe(1);
    // Printed raw, the sequence coloured the rest of the terminal or CI log; the anchor was a 2 MB line.
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(r.stderr).toContain('site/index.html:1:25  /nowhere\\u001b[31mRED\\u001b[0m  ');
    expect(r.stderr).toContain(`  ${longAnchor.slice(0, 160)}… (1,000,001 characters)  `);
    for (const line of r.stderr.split('\n')) expect(line.length).toBeLessThan(2_500);
  });
});

describe('check-links --external', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      if (req.url === '/ok') return void res.writeHead(200).end('ok');
      if (req.url === '/no-head' && req.method === 'HEAD') return void res.writeHead(405).end();
      if (req.url === '/no-head') return void res.writeHead(200).end('ok');
      if (req.url === '/flaky') return void res.writeHead(hits.filter((h) => h.endsWith('/flaky')).length < 2 ? 503 : 200).end();
      res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it('fetches nothing without --external; with it, reports dead links as warnings and caches the results', async () => {
    const dir = writeFiles({
      'content/guides/a.md': `---\ntitle: A\n---\n[ok](${base}/ok), [dead](${base}/dead), [no HEAD](${base}/no-head), [flaky](${base}/flaky) and ${base}/ok#autolinked.\n`,
    });
    hits.length = 0;
    expect(await problems(dir)).toEqual([]);
    expect(hits).toEqual([]);

    const found = await problems(dir, { external: { retries: 2 } });
    expect(found).toEqual([{ file: 'content/guides/a.md', line: 4, column: expect.any(Number), target: `${base}/dead`, reason: 'the server answered 404', severity: 'warning', code: 'broken-external-link' }]);
    expect(hits.filter((h) => h.endsWith('/ok'))).toEqual(['HEAD /ok']);
    expect(hits).toContain('GET /no-head');
    expect(hits.filter((h) => h.endsWith('/flaky')).length).toBe(2);
    const cache = JSON.parse(fs.readFileSync(path.join(dir, '.docsgen/external-links.json'), 'utf8'));
    expect(cache.results[`${base}/ok`]).toMatchObject({ ok: true, status: 200 });

    // Good results come from the cache; bad ones are asked again.
    hits.length = 0;
    const r = await runAsync(['--external'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${base}/dead  the server answered 404 (warning)`);
    expect(hits).toEqual([`HEAD /dead`]);
  });
});
