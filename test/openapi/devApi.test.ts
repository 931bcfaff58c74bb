// The local development API server (fixtures/dev-api.ts) and docsgen's spec fetching against it
// over real HTTP: success, refused connection, timeout, 5xx (retried), 4xx (not retried), and a
// broken YAML body (reported with its line and column).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_FILE, startDevApi, type DevApi, type DevApiOptions } from '../../fixtures/dev-api';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { formatDiagnostic } from '../../src/diagnostics/format';
import { fetchSpec, loadSpec } from '../../src/openapi/load';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shippedSpec = path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml');
const brokenSpec = path.join(repoRoot, 'fixtures/specs/broken.yaml');

const servers: DevApi[] = [];
async function start(options: DevApiOptions = {}): Promise<DevApi> {
  const api = await startDevApi({ port: 0, ...options });
  servers.push(api);
  return api;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((api) => api.close()));
});

/** The DocsgenError a promise rejects with (fails the test if it resolves or throws something else). */
async function rejection(promise: Promise<unknown>): Promise<DocsgenError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(DocsgenError);
    return e as DocsgenError;
  }
  throw new Error('expected the promise to reject');
}

/** A port nothing listens on: start a server on a free port, then close it. */
async function closedPort(): Promise<number> {
  const api = await startDevApi({ port: 0 });
  await api.close();
  return api.port;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('fixtures/dev-api', () => {
  describe('the server', () => {
    it('serves the shipped spec at /docs/yaml byte for byte as YAML', async () => {
      expect(DEFAULT_SPEC_FILE).toBe(shippedSpec);
      const api = await start();
      const res = await fetch(`${api.url}/docs/yaml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(shippedSpec))).toBe(true);
    });

    it('reads the spec file on every request, so edits show up without a restart', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-dev-api-'));
      const specFile = path.join(dir, 'spec.yaml');
      fs.writeFileSync(specFile, 'openapi: 3.0.3\ninfo: { title: Before, version: "1" }\npaths: {}\n');
      const api = await start({ specFile });
      expect(await (await fetch(`${api.url}/docs/yaml`)).text()).toContain('title: Before');
      fs.writeFileSync(specFile, 'openapi: 3.0.3\ninfo: { title: After, version: "1" }\npaths: {}\n');
      expect(await (await fetch(`${api.url}/docs/yaml`)).text()).toContain('title: After');
    });

    it('serves the same document as JSON at /docs/json', async () => {
      const api = await start();
      const res = await fetch(`${api.url}/docs/json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual(loadYaml(fs.readFileSync(shippedSpec, 'utf8')));
    });

    it('answers /healthz with ok', async () => {
      const api = await start();
      const res = await fetch(`${api.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('ok');
    });

    it('answers anything else with a 404 JSON error', async () => {
      const api = await start();
      for (const [method, route] of [['GET', '/docs/yml'], ['GET', '/'], ['POST', '/docs/yaml']] as const) {
        const res = await fetch(`${api.url}${route}`, { method });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const body = await res.json();
        expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
        expect(body.error.message).toContain(route);
      }
    });

    it('binds to 127.0.0.1 by default', async () => {
      const api = await start();
      expect(api.url).toBe(`http://127.0.0.1:${api.port}`);
      expect(api.port).toBeGreaterThan(0);
      expect(await connects('127.0.0.1', api.port)).toBe(true);
    });

    // On Linux all of 127.0.0.0/8 is loopback: a server on 0.0.0.0 accepts 127.0.0.2, one bound
    // to 127.0.0.1 refuses it, which tells the two apart without a second network interface.
    it.runIf(process.platform === 'linux')('does not listen on other addresses unless host is given', async () => {
      const local = await start();
      expect(await connects('127.0.0.2', local.port)).toBe(false);
      const wildcard = await start({ host: '0.0.0.0' });
      expect(wildcard.url).toBe(`http://127.0.0.1:${wildcard.port}`);
      expect(await connects('127.0.0.2', wildcard.port)).toBe(true);
    });

    it('waits delayMs before answering', async () => {
      const api = await start({ delayMs: 300 });
      const started = performance.now();
      const res = await fetch(`${api.url}/docs/yaml`);
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    });

    it('answers the spec routes with the status knob and a short body', async () => {
      const api = await start({ status: 503 });
      const res = await fetch(`${api.url}/docs/yaml`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toContain('503 Service Unavailable');
      expect(text.length).toBeLessThan(100);
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    });

    it('serves the body knob instead of the spec file', async () => {
      const body = 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n';
      const api = await start({ body });
      const res = await fetch(`${api.url}/docs/yaml`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
      // The JSON route cannot convert it, and says so.
      const json = await fetch(`${api.url}/docs/json`);
      expect(json.status).toBe(500);
      expect((await json.json()).error.code).toBe('spec_invalid_yaml');
    });

    it('counts every request', async () => {
      const api = await start();
      expect(api.requests).toBe(0);
      await (await fetch(`${api.url}/docs/yaml`)).arrayBuffer();
      await (await fetch(`${api.url}/healthz`)).text();
      await (await fetch(`${api.url}/nope`)).text();
      expect(api.requests).toBe(3);
    });

    it('close() ends a request that is still waiting on delayMs', async () => {
      const api = await startDevApi({ port: 0, delayMs: 30_000 });
      const pending = fetch(`${api.url}/docs/yaml`).then(
        () => 'answered',
        () => 'failed',
      );
      while (api.requests === 0) await new Promise((r) => setTimeout(r, 10));
      const started = performance.now();
      await api.close();
      expect(await pending).toBe('failed');
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(await connects('127.0.0.1', api.port)).toBe(false);
    });
  });

  describe('docsgen fetchSpec() and loadSpec() against it', () => {
    it('loads the spec from the URL', async () => {
      const api = await start();
      const url = `${api.url}/docs/yaml`;
      const spec = await loadSpec(url, { root: repoRoot, timeoutMs: 5_000 });
      expect(spec.source).toBe(url);
      expect(spec.text).toBe(fs.readFileSync(shippedSpec, 'utf8'));
      expect((spec.document.info as { title: string }).title).toBe('Hyperlocal API Reference');
      expect(api.requests).toBe(1);
    });

    it('reports a refused connection with the URL', async () => {
      const url = `http://127.0.0.1:${await closedPort()}/docs/yaml`;
      const e = await rejection(fetchSpec(url, 2_000));
      expect(e.message).toBe(`Fetching the OpenAPI spec from ${url} failed twice: the connection was refused.`);
      expect(e.diagnostics).toHaveLength(1);
      expect(e.diagnostics[0]).toMatchObject({ code: 'spec-fetch-failed', severity: 'error', location: { file: url } });
      expect(e.diagnostics[0].hint).toMatch(/development server/);
    });

    it('gives up on a slow server after the timeout, retrying once', async () => {
      const api = await start({ delayMs: 1_000 });
      const url = `${api.url}/docs/yaml`;
      const started = performance.now();
      const e = await rejection(loadSpec(url, { root: repoRoot, timeoutMs: 200 }));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(e.message).toBe(`Fetching the OpenAPI spec from ${url} failed twice: no answer within 200 ms (timed out).`);
      expect(e.diagnostics[0]).toMatchObject({ code: 'spec-fetch-failed', location: { file: url } });
      expect(api.requests).toBe(2);
    });

    it('reports a 500 with its status, retrying once', async () => {
      const api = await start({ status: 500 });
      const url = `${api.url}/docs/yaml`;
      const e = await rejection(fetchSpec(url, 2_000));
      expect(e.message).toBe(`Fetching the OpenAPI spec from ${url} failed twice: the server answered 500 Internal Server Error.`);
      expect(api.requests).toBe(2);
    });

    it('does not retry a 404', async () => {
      const api = await start({ status: 404 });
      const url = `${api.url}/docs/yaml`;
      const e = await rejection(fetchSpec(url, 2_000));
      expect(e.message).toBe(`Fetching the OpenAPI spec from ${url} failed: the server answered 404 Not Found.`);
      expect(api.requests).toBe(1);
    });

    it('does not retry a wrong path either', async () => {
      const api = await start();
      const url = `${api.url}/docs/yml`;
      const e = await rejection(fetchSpec(url, 2_000));
      expect(e.message).toBe(`Fetching the OpenAPI spec from ${url} failed: the server answered 404 Not Found.`);
      expect(api.requests).toBe(1);
    });

    it('reports broken YAML with the source, line and column', async () => {
      const api = await start({ body: fs.readFileSync(brokenSpec, 'utf8') });
      const url = `${api.url}/docs/yaml`;
      const e = await rejection(loadSpec(url, { root: repoRoot, timeoutMs: 5_000 }));
      expect(e.message).toBe(`The OpenAPI spec from ${url} is not valid YAML or JSON: bad indentation of a mapping entry (line 17, column 6).`);
      const [d] = e.diagnostics;
      expect(d).toMatchObject({ code: 'spec-invalid-yaml', location: { file: url, line: 17, column: 6, lineText: '     responses:' } });
      // The header comment of the fixture states where the error is.
      expect(fs.readFileSync(brokenSpec, 'utf8')).toMatch(/^# syntax error on line 17, column 6\b/);
      // As printed: the URL with line and column, the source line and a caret under the column.
      expect(formatDiagnostic(d, { color: false, cwd: repoRoot })).toBe(
        [`✗ error ${url}:17:6 ${e.message}`, '    17 |      responses:', `    ${' '.repeat('17 | '.length + 5)}^`].join('\n'),
      );
      expect(api.requests).toBe(1);
    });
  });
});
