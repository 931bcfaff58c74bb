// Errors that point at the right place and say enough (#14, point 7): each probe runs docsgen
// in a child process on a project written here, and checks the exit code, the message word for
// word with its file:line:column, that the process ended, and that no file of the project changed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen, type Run } from './harness';

/** What docsgen itself writes: the output folder and its cache (the config bundle goes there for a moment). */
const WRITTEN = ['build', '.docsgen'];
const guide = { 'content/guides/a.md': '---\ntitle: A\n---\nHello.\n' };

/** Runs docsgen in a new project and checks it ended in time and changed none of the project's files. */
async function probe(files: Record<string, string>, args: string[] = ['build']): Promise<Run & { dir: string }> {
  const dir = writeFiles(files);
  const before = hashTree(dir, WRITTEN);
  const run = await runDocsgen(args, dir, { timeoutMs: 30_000 });
  expect(run.hung, `${run.stdout}${run.stderr}`).toBe(false);
  expect(hashTree(dir, WRITTEN)).toEqual(before);
  return { ...run, dir };
}

/** The line and column (1-based) where `needle` starts in `text`. */
function position(text: string, needle: string, from = 0): string {
  const offset = text.indexOf(needle, from);
  if (offset === -1) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

describe('#14 point 7: errors that point at the wrong place or say too little', () => {
  it('reports an invalid nested key at its own line, not at the first key of the same name', async () => {
    const config = [
      "import { defineConfig } from 'docsgen';",
      'export default defineConfig({',
      "  title: 'Test Docs',",
      "  url: 'https://docs.test.example',",
      '  navbar: {',
      "    items: [{ label: 'Guides', to: '/guides/a' }],",
      '    title: 42,',
      '  },',
      "  footer: { copyright: 'c', links: [{ label: 'Home', to: '/' }, { label: 42 }] },",
      '});',
      '',
    ].join('\n');
    const run = await probe({ 'docsgen.config.ts': config, ...guide });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`✗ error docsgen.config.ts:${position(config, 'title: 42')} Invalid config: "navbar.title" expected a string, got a number.\n    7 |     title: 42,\n`);
    expect(run.stderr).toContain(`✗ error docsgen.config.ts:${position(config, 'label: 42')} Invalid config: "footer.links[1].label" expected a string, got a number.`);
    expect(run.stderr).not.toContain('docsgen.config.ts:3:3');
  });

  it('says that the config has no default export, naming the file', async () => {
    const run = await probe({ 'docsgen.config.ts': "export const config = { title: 'Test Docs' };\n", ...guide });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '✗ error docsgen.config.ts The config file docsgen.config.ts has no default export: `export default defineConfig({…})` is missing. It exports "config" by name, but docsgen reads only the default export.\n' +
        '    hint: Export it as the default: `export default config;`.\n',
    );
    expect(run.stderr).not.toMatch(/expected an object|a undefined/);
  });

  it('says "got undefined", not "got a undefined", for a default export that is undefined', async () => {
    const run = await probe({ 'docsgen.config.ts': 'export default undefined;\n', ...guide });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('✗ error docsgen.config.ts:1:1 Invalid config: the default export of docsgen.config.ts expected an object, got undefined.');
  });

  describe('a missing content folder', () => {
    const linksToGuide = configSource({ navbar: { items: [{ label: 'Guides', to: '/guides/getting-started/quick-start' }] } });

    it('is an error, before and instead of the broken links, when the navbar links to a guide', async () => {
      const run = await probe({ 'docsgen.config.ts': linksToGuide });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `✗ error docsgen.config.ts:${position(linksToGuide, '"to": "/guides/getting-started')} The content folder content/ does not exist, but the navbar links to the guide /guides/getting-started/quick-start, so guides are expected.\n`,
      );
      expect(run.stderr).toContain('    hint: Create content/guides/ with the markdown guides, or set contentDir in the config to the folder that holds them (in its guides/ folder).\n');
      expect(run.stderr).not.toContain('is not a page of this site');
      expect(run.stderr).toMatch(/✗ build failed with 1 error\.\n$/);
    });

    it('is the only error check-links reports', async () => {
      const run = await probe({ 'docsgen.config.ts': linksToGuide }, ['check-links']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `docsgen.config.ts:${position(linksToGuide, '"to": "/guides/getting-started')}  -  The content folder content/ does not exist, but the navbar links to the guide /guides/getting-started/quick-start, so guides are expected (error)`,
      );
      expect(run.stderr).toContain('✗ 1 error, 0 warnings in 1 file');
    });

    it('is an error when the config sets contentDir, naming the folder', async () => {
      const config = configSource({ contentDir: 'docs' });
      const run = await probe({ 'docsgen.config.ts': config, ...guide });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`✗ error docsgen.config.ts:${position(config, '"contentDir"')} The content folder docs/ does not exist, yet the config sets contentDir to docs/, so guides are expected.`);
    });

    it('names the guides folder when the content folder exists without it', async () => {
      const config = configSource({ contentDir: 'docs' });
      const run = await probe({ 'docsgen.config.ts': config, 'docs/img/logo.svg': '<svg/>' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('The guides folder docs/guides/ does not exist, yet the config sets contentDir to docs/, so guides are expected.');
    });

    it('is a warning when nothing expects guides and there is no spec either, and the build succeeds', async () => {
      const run = await probe({ 'docsgen.config.ts': configSource() });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('(!) warning docsgen.config.ts The content folder content/ does not exist, and no OpenAPI spec is configured: the site has no guides and no API reference.\n');
      expect(run.stdout).toMatch(/✓ built \d+ pages in .*, 1 warning/);
    });

    it('says nothing on a site of API reference only', async () => {
      const config = configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } });
      const run = await probe({ 'docsgen.config.ts': config, 'openapi.yaml': "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\n" });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('content');
      expect(run.stdout).not.toContain('warning');
    });
  });

  describe('a spec URL that answers with an HTML page', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/untitled') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('<!DOCTYPE html>\n<html><body>Proxy error</body></html>');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head>\n<title>\n  Sign in &middot; Corp\u001b[31m SSO &amp; ${'very '.repeat(30)}long</title></head><body><form>user: <input></form></body></html>`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('says that text/html came back, with the page title and the URL', async () => {
      const url = `${origin}/docs/yaml`;
      const run = await probe({ 'docsgen.config.ts': configSource({ openapi: { spec: url, downloadUrl: url, timeoutMs: 5000 } }), ...guide });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `✗ error ${url} Fetching the OpenAPI spec from ${url} returned text/html instead of an OpenAPI document: a page titled "Sign in · Corp SSO & very very very very very very very very very very very…".\n` +
          '    hint: A login page or a proxy may be answering for the API: open the URL in a browser to see the page, or pass --spec <file> to build from a file.\n',
      );
      expect(run.stderr).not.toContain('\u001b');
      expect(run.stderr).not.toContain('is not an OpenAPI 3.0/3.1 or Swagger 2.0 spec');
    });

    it('knows an HTML page served as text/plain', async () => {
      const url = `${origin}/untitled`;
      const run = await probe({ 'docsgen.config.ts': configSource({ openapi: { spec: url, downloadUrl: url, timeoutMs: 5000 } }), ...guide });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Fetching the OpenAPI spec from ${url} returned an HTML page (served as text/plain) instead of an OpenAPI document: a page with no title.`);
    });
  });

  describe('a $ref that points at nothing', () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: Things, version: "1" }',
      'paths:',
      '  /things:',
      '    get:',
      '      operationId: listThings',
      '      responses:',
      "        '200':",
      '          description: OK',
      '          content:',
      '            application/json:',
      "              schema: { type: array, items: { $ref: '#/components/schemas/Thingg' } }",
      '        default:',
      '          description: Error',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Nope'",
      'components:',
      '  schemas:',
      '    Thing: { type: object }',
      '',
    ].join('\n');
    const files = { 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }), 'openapi.yaml': spec, ...guide };

    it('names the spec file, the line of the $ref and its JSON pointer, with one period', async () => {
      const run = await probe(files);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `✗ error openapi.yaml:${position(spec, '$ref')} The $ref "#/components/schemas/Thingg" at /paths/~1things/get/responses/200/content/application~1json/schema/items points to nothing: the spec has no /components/schemas/Thingg.\n` +
          `    12 |               schema: { type: array, items: { $ref: '#/components/schemas/Thingg' } }\n`,
      );
      expect(run.stderr).toContain('    hint: Did you mean "#/components/schemas/Thing"?\n');
      expect(run.stderr).toContain(
        `✗ error openapi.yaml:${position(spec, "$ref: '#/components/schemas/Nope'")} The $ref "#/components/schemas/Nope" at /paths/~1things/get/responses/default/content/application~1json/schema points to nothing: the spec has no /components/schemas/Nope.\n`,
      );
      expect(run.stderr).toContain('    hint: Add "Nope" under /components/schemas, or correct the $ref.\n');
      expect(run.stderr).not.toContain('..\n');
      expect(run.stderr).toMatch(/✗ build failed with 2 errors\.\n$/);
    });

    it('is reported by check-links too, which does not validate the spec', async () => {
      const run = await probe(files, ['check-links']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`openapi.yaml:${position(spec, "$ref: '#/components/schemas/Nope'")}  -  The $ref "#/components/schemas/Nope"`);
    });
  });

  it.each([
    ['buld', 'build'],
    ['check-link', 'check-links'],
    ['serv', 'serve'],
  ])('suggests the command meant by "docsgen %s" (Did you mean %s?) and exits 2', async (typed, meant) => {
    const run = await probe({ ...guide }, [typed]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`docsgen does not know the command "${typed}". Did you mean ${meant}? Run "docsgen --help" to see the commands.\n`);
  });

  it('suggests nothing for a command that is like none', async () => {
    const run = await probe({ ...guide }, ['deploy']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('docsgen does not know the command "deploy". Run "docsgen --help" to see the commands.\n');
  });
});
