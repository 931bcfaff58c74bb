// `docsgen serve` as a user runs it: a child process, its output, Ctrl+C, its exit code.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFiles, repoRoot } from '../helpers/fixture';
import { request } from './helpers';

const bin = path.join(repoRoot, 'bin/docsgen.js');
const site = { 'content/guides/a.md': '---\ntitle: A\n---\nHello from A.\n' };
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' };

/** Starts `docsgen serve …`, resolves with the URL it prints. */
function serve(args: string[], cwd: string) {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /Serving \S+ at (http:\/\/\S+)/.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  // A test that stops the server before it serves never asks for the URL.
  url.catch(() => {});
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

describe('docsgen serve (CLI)', () => {
  it('prints "Serving build/ at <url>", serves, and exits 0 on Ctrl+C', async () => {
    const f = await buildFiles(site);
    const s = serve(['--port', '0'], f.dir);
    const url = await s.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(s.output().stdout).toMatch(/^Serving build\/ at http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect((await request(url, '/guides/a')).body).toContain('Hello from A.');
    s.child.kill('SIGINT');
    expect(await s.exited).toBe(0);
  });

  it('exits 1 when the port given is taken, naming it and suggesting --port', async () => {
    const f = await buildFiles(site);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = spawnSync(process.execPath, [bin, 'serve', '--port', String(port)], { cwd: f.dir, env, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
      expect(r.stderr).toContain(`hint: Stop the other server, or choose another port: --port ${port + 1}.`);
    } finally {
      blocker.close();
    }
  });

  it('--allowed-hosts: the names given are answered, others get 403 and a warning naming the flag', async () => {
    const f = await buildFiles(site);
    const s = serve(['--port', '0', '--allowed-hosts', 'docs.test,.preview.test'], f.dir);
    const url = await s.url;
    const port = new URL(url).port;
    expect((await request(url, '/guides/a', 'GET', { host: `docs.test:${port}` })).status).toBe(200);
    expect((await request(url, '/guides/a', 'GET', { host: `pr-3.preview.test:${port}` })).status).toBe(200);
    const refused = await request(url, '/guides/a', 'GET', { host: `evil.example:${port}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('docsgen serve --allowed-hosts evil.example');
    await expect.poll(() => s.output().stderr + s.output().stdout).toContain('Refused a request for the host "evil.example"');
    s.child.kill('SIGINT');
    expect(await s.exited).toBe(0);
  });

  it('rejects --allowed-hosts with something that is not a host name (exit 2)', () => {
    const r = spawnSync(process.execPath, [bin, 'serve', '--allowed-hosts', 'docs.test:3000'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Expected host names separated by commas');
  });

  it('rejects a port that is not a number with a usage error (exit 2)', () => {
    const r = spawnSync(process.execPath, [bin, 'serve', '--port', 'abc'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Expected a whole number from 0 to 65535.');
  });

  it('stops with exit 130 and says so on a Ctrl+C during its first build', async () => {
    const f = await buildFiles(site);
    // A spec server that never answers holds the first build in its download.
    let answer = () => {};
    const requested = new Promise<void>((resolve) => (answer = resolve));
    const hanging = http.createServer(() => answer());
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hanging.address() as net.AddressInfo;
      const s = serve(['--port', '0', '--watch', '--spec', `http://127.0.0.1:${port}/docs/yaml`], f.dir);
      await requested;
      s.child.kill('SIGINT');
      expect(await s.exited).toBe(130);
      expect(s.output().stderr).toContain('✗ serve stopped by SIGINT');
      expect(s.output().stdout).not.toContain('Serving');
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
