// `docsgen serve` answers only to localhost, IP addresses and allowed names (DNS rebinding), and
// its state-changing endpoints only to its own pages: raw HTTP requests with forged Host, Origin
// and Sec-Fetch-Site headers, as another site's page (or a rebound DNS name) would send them.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostName, isHostAllowed } from '../../src/serve/hosts';
import { buildFiles, writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

const site = { 'content/guides/a.md': '---\ntitle: A\n---\nHello from A.\n' };
type Server = Awaited<ReturnType<typeof startServer>>;

/** The status of a response, without waiting for its end (the event stream never ends). */
function status(url: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: hostname, port, path, headers }, (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
  });
}

describe('hosts.ts: which Host headers are answered', () => {
  const local = { host: '127.0.0.1' };
  it.each([
    ['localhost', true],
    ['localhost:3000', true],
    ['LOCALHOST:3000', true],
    ['docs.localhost:3000', true],
    ['127.0.0.1:3000', true],
    ['192.168.1.20', true],
    ['[::1]:3000', true],
    ['[::1]', true],
    ['evil.example', false],
    ['evil.example:3000', false],
    ['localhost.evil.example', false],
    ['evillocalhost', false],
    ['127.0.0.1.evil.example', false],
    ['[not-ipv6]:3000', false],
    ['localhost:abc', false],
    ['', false],
  ])('%s → %s', (header, allowed) => {
    expect(isHostAllowed(header, local)).toBe(allowed);
  });

  it('no Host header is refused, unless every name is allowed', () => {
    expect(isHostAllowed(undefined, local)).toBe(false);
    expect(isHostAllowed(undefined, { ...local, allowedHosts: true })).toBe(true);
  });

  it('the --host name and allowedHosts are answered too; a leading dot allows the subdomains', () => {
    const options = { host: 'mybox.lan', allowedHosts: ['docs.test', '.preview.test'] };
    expect(isHostAllowed('mybox.lan:3000', options)).toBe(true);
    expect(isHostAllowed('docs.test', options)).toBe(true);
    expect(isHostAllowed('docs.test.:3000', options)).toBe(true);
    expect(isHostAllowed('a.docs.test', options)).toBe(false);
    expect(isHostAllowed('preview.test', options)).toBe(true);
    expect(isHostAllowed('pr-12.preview.test:8080', options)).toBe(true);
    expect(isHostAllowed('notpreview.test', options)).toBe(false);
    expect(isHostAllowed('evil.example', { ...options, allowedHosts: true })).toBe(true);
  });

  it('hostName lowercases and drops the port and a trailing dot', () => {
    expect(hostName('Docs.Test.:8080')).toBe('docs.test');
    expect(hostName('[::1]:80')).toBe('[::1]');
    expect(hostName('a b')).toBeUndefined();
  });
});

describe('serve --watch: Host check on every request', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ root: writeFiles(site), watch: true });
    await server.context!.ready;
  });
  afterAll(() => server?.close());
  const port = () => server.port;

  it('Host: evil.example gets 403 with a plain-text body saying how to allow it, and one warning', async () => {
    const warningsBefore = server.logger.lines.filter((l) => l.includes('evil.example')).length;
    const res = await request(server.url, '/guides/a', 'GET', { host: 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('does not answer to the host "evil.example"');
    expect(res.body).toContain('docsgen serve --allowed-hosts evil.example');
    expect(res.body).not.toContain('Hello from A');
    expect((await request(server.url, '/', 'GET', { host: `evil.example:${port()}` })).status).toBe(403);
    const warnings = server.logger.lines.filter((l) => l.includes('evil.example'));
    expect(warnings.length - warningsBefore).toBe(1);
    expect(warnings.at(-1)).toMatch(/^\(!\) Refused a request for the host "evil\.example".*--allowed-hosts evil\.example\.$/);
  });

  it('the dev endpoints are covered too: events, client script, refetch-spec', async () => {
    const evil = { host: 'evil.example' };
    expect(await status(server.url, '/__docsgen/events', evil)).toBe(403);
    expect((await request(server.url, '/__docsgen/client.js', 'GET', evil)).status).toBe(403);
    expect((await request(server.url, '/__docsgen/refetch-spec', 'POST', evil)).status).toBe(403);
    expect((await request(server.url, '/__docsgen/refetch-spec', 'POST', { ...evil, origin: 'http://evil.example' })).status).toBe(403);
    expect(await status(server.url, '/__docsgen/events', { host: `localhost:${port()}` })).toBe(200);
  });

  it('a request without a Host header is refused: 400 from Node for HTTP/1.1, 403 for HTTP/1.0', async () => {
    expect((await request(server.url, '/guides/a', 'GET', { host: null })).status).toBe(400);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(server.port, '127.0.0.1', () => socket.end('GET /guides/a HTTP/1.0\r\n\r\n'));
      socket.setEncoding('utf8').on('data', (d: string) => (text += d)).on('end', () => resolve(text)).on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('Host header is missing');
    expect(answer).not.toContain('Hello from A');
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'docs.localhost'])('Host: %s:<port> → 200', async (name) => {
    const res = await request(server.url, '/guides/a', 'GET', { host: `${name}:${port()}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Hello from A');
  });
});

describe('serve --watch: POST /__docsgen/refetch-spec only from the same origin', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ root: writeFiles(site), watch: true });
    await server.context!.ready;
  });
  afterAll(() => server?.close());
  const post = (headers: Record<string, string>) => request(server.url, '/__docsgen/refetch-spec', 'POST', headers);
  const self = () => `http://127.0.0.1:${server.port}`;

  it.each([
    ['Origin: http://evil.example', { origin: 'http://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Origin: the same host over https', { origin: 'https://127.0.0.1:PORT' }],
    ['Origin: another port', { origin: 'http://127.0.0.1:1' }],
    ['Origin: localhost while the Host is 127.0.0.1', { origin: 'http://localhost:PORT' }],
    ['Sec-Fetch-Site: cross-site, no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site, no Origin', { 'sec-fetch-site': 'same-site' }],
  ])('%s → 403', async (_, headers) => {
    const sent = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(server.port))]));
    const res = await post(sent);
    expect(res.status).toBe(403);
    expect(res.body).toContain('another site');
  });

  // Accepted: the endpoint answers for itself (409: this site's spec is not a URL).
  it.each([
    ['Origin: the same origin', () => ({ origin: self() })],
    ['Origin: the same origin, Host under another allowed name', () => ({ origin: `http://localhost:${server.port}`, host: `localhost:${server.port}` })],
    ['Sec-Fetch-Site: same-origin, no Origin', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['neither header (curl)', () => ({})],
  ])('%s → accepted', async (_, headers) => {
    const res = await post(headers());
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body)).toEqual({ refetched: false, reason: 'The OpenAPI spec is not a URL.' });
  });
});

describe('serve: allowedHosts', () => {
  let servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('plain serve (a built folder) checks the Host as well, and answers the allowed names', async () => {
    const { dir } = await buildFiles(site);
    const server = await startServer({ root: dir, allowedHosts: ['docs.test', '.preview.test'] });
    servers.push(server);
    const get = (host: string) => request(server.url, '/guides/a', 'GET', { host: `${host}:${server.port}` });
    expect((await get('docs.test')).status).toBe(200);
    expect((await get('pr-7.preview.test')).status).toBe(200);
    expect((await get('127.0.0.1')).status).toBe(200);
    expect((await get('evil.example')).status).toBe(403);
  });

  it('allowedHosts: true answers any name', async () => {
    const { dir } = await buildFiles(site);
    const server = await startServer({ root: dir, allowedHosts: true });
    servers.push(server);
    expect((await request(server.url, '/guides/a', 'GET', { host: 'evil.example' })).status).toBe(200);
    expect(server.logger.lines.some((l) => l.includes('Refused'))).toBe(false);
  });
});
