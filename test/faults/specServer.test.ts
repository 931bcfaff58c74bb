// A spec server that misbehaves after it has answered. `docsgen build` read the answer whole
// before looking at it, so a body that never ended filled the memory until the timeout (4 GB in
// 20 s on a 2-core machine, where CI would be killed first), and a body that stopped halfway was
// reported as "no answer". Now the body is measured as it arrives and refused past what the
// process can parse (the limit a spec file already had), and a stalled body says how much came.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { runDocsgen, specWithRef } from './harness';

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

/** An answer's body that never ends: `chunk` again and again, as fast as the client takes it. */
function writeForEver(res: http.ServerResponse, chunk: string): void {
  const more = () => {
    while (res.write(chunk));
  };
  res.on('drain', more);
  more();
}

describe('a spec server that misbehaves after answering', () => {
  it('a body that never ends is refused once it passes what the process can parse, long before the timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.write(head);
      writeForEver(res, `  ${'parcel boundary notes '.repeat(46)}\n`.repeat(64));
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

// A spec in several files served over HTTP: the parser refuses private and loopback addresses,
// which kept `--spec http://localhost:…` from reading its own schema files ("Unable to resolve
// $ref pointer" naming the spec itself); and it read a $ref's answer whole, without a size limit.
describe("a spec's $refs over HTTP", () => {
  const parcel = JSON.stringify({ type: 'object', properties: { flood_zone_code: { type: 'string', description: 'FEMA flood zone of the parcel.' } } });

  it("reads the files beside a spec on the spec's own origin, a loopback one included", async () => {
    const url = await serve((req, res) => {
      if (req.url === '/docs/yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(specWithRef('./schemas/parcel.json'));
      else if (req.url === '/docs/schemas/parcel.json') res.writeHead(200, { 'content-type': 'application/json' }).end(parcel);
      else res.writeHead(404).end();
    });
    const dir = project(url);
    const run = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const page = fs.readFileSync(path.join(dir, 'build/api/get-parcel/index.html'), 'utf8');
    expect(cheerio.load(page)('main').text()).toContain('flood_zone_code');
  }, 90_000);

  it("a $ref whose answer never ends is refused at the size limit, naming the $ref's URL", async () => {
    const url = await serve((req, res) => {
      if (req.url === '/docs/yaml') return void res.writeHead(200, { 'content-type': 'application/yaml' }).end(specWithRef('./endless.json'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"description": "');
      writeForEver(res, 'parcel '.repeat(10_000));
    });
    const run = await runDocsgen(['build'], project(url, 60_000), { env: smallHeap, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`✗ error ${url.replace('/docs/yaml', '/docs/endless.json')} The OpenAPI spec is over [\\d.]+ MB, more than this process can parse`));
  }, 60_000);

  it('a $ref to another private address is refused, and the message says why', async () => {
    const other = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(parcel));
    const dir = writeFiles({ 'docsgen.config.ts': configSource({ navbar: { items: [] }, openapi: { spec: 'openapi.yaml' } }), 'openapi.yaml': specWithRef(other) });
    const run = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`✗ error openapi.yaml A $ref of the spec points to a file or URL that could not be read: Unable to resolve $ref pointer "${other}".`);
    expect(run.stderr).toContain("hint: A $ref's URL is read when it is on the spec's own origin");
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  }, 60_000);
});
