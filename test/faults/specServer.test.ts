// A spec server that misbehaves after it has answered. `docsgen build` read the answer whole
// before looking at it, so a body that never ended filled the memory until the timeout (4 GB in
// 20 s on a 2-core machine, where CI would be killed first), and a body that stopped halfway was
// reported as "no answer". Now the body is measured as it arrives and refused past what the
// process can parse (the limit a spec file already had), and a stalled body says how much came.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { runDocsgen } from './harness';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/yaml`;
}

const head = 'openapi: 3.0.3\ninfo:\n  title: Parcels\n  version: "1"\npaths: {}\nx-notes: |\n';
const project = (url: string, timeoutMs = 10_000) => writeFiles({ 'docsgen.config.ts': configSource({ navbar: { items: [] }, openapi: { spec: url, timeoutMs } }) });
// An old space of 200 MB: the process parses specs of about 10 MB at most (a 25th of its heap).
const smallHeap = { NODE_OPTIONS: '--max-old-space-size=200' };

describe('a spec server that misbehaves after answering', () => {
  it('a body that never ends is refused once it passes what the process can parse, long before the timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.write(head);
      const line = `  ${'parcel boundary notes '.repeat(46)}\n`.repeat(64);
      const more = () => {
        while (res.write(line));
      };
      res.on('drain', more);
      more();
    });
    const run = await runDocsgen(['build'], project(url, 60_000), { env: smallHeap, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`✗ error ${url} The OpenAPI spec is over [\\d.]+ MB, more than this process can parse in its memory`));
    expect(run.ms).toBeLessThan(20_000);
  }, 60_000);

  it('a Content-Length past the limit is refused before the body is read', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/yaml', 'content-length': String(2 ** 30) });
      res.write(head);
    });
    const run = await runDocsgen(['build'], project(url, 60_000), { env: smallHeap, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`✗ error ${url} The OpenAPI spec is 1.1 GB, more than this process can parse in its memory`);
  }, 60_000);

  it('a body that stops arriving: the timeout says how much of it came, not that nothing answered', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.write(head);
    });
    const run = await runDocsgen(['build'], project(url, 500), { timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`Fetching the OpenAPI spec from ${url} failed twice: the answer did not end within 500 ms (${head.length} bytes of it arrived).`);
  }, 60_000);
});
