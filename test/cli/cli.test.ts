// The command line as a user runs it: `bin/docsgen.js` in a child process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleIslands } from '../../src/islands/bundle';
import { configSource, listFiles, repoRoot, writeFiles } from '../helpers/fixture';

const bin = path.join(repoRoot, 'bin/docsgen.js');
const site = { 'content/guides/a.md': '---\ntitle: A\n---\nHello.\n' };

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docsgen CLI', () => {
  it('explains itself with --help, listing the three commands', () => {
    const r = run(['--help'], repoRoot);
    expect(r.code).toBe(0);
    for (const command of ['build', 'serve', 'check-links']) expect(r.stdout).toMatch(new RegExp(`^  ${command}`, 'm'));
  });

  it('documents every build option in build --help', () => {
    const r = run(['build', '--help'], repoRoot);
    expect(r.code).toBe(0);
    for (const flag of ['--config <file>', '--out <dir>', '--spec <url|file>', '--on-broken-links <policy>', '--quiet', '--timings', '--threads <n>']) expect(r.stdout).toContain(flag);
  });

  it('has --help for serve and check-links', () => {
    expect(run(['serve', '--help'], repoRoot).stdout).toContain('--watch');
    expect(run(['check-links', '--help'], repoRoot).code).toBe(0);
  });

  it('exits 2 on usage errors: unknown command, unknown option, bad choice', () => {
    const unknown = run(['biuld'], repoRoot);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('docsgen does not know the command "biuld"');
    expect(run(['build', '--frobnicate'], repoRoot).code).toBe(2);
    const choice = run(['build', '--on-broken-links', 'explode'], repoRoot);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain('throw, warn, ignore');
    for (const threads of ['0', '2.5', 'many', '65']) {
      const bad = run(['build', '--threads', threads], repoRoot);
      expect(bad.code, threads).toBe(2);
      expect(bad.stderr).toContain(`option '--threads <n>' argument '${threads}' is invalid. Expected a whole number from 1 to 64.`);
    }
  });

  it('renders with the number of threads --threads asks for, and says so in its progress', () => {
    // Above 200 pages the progress is printed (a line per tenth when not on a terminal).
    const guides = Object.fromEntries(Array.from({ length: 210 }, (_, i) => [`content/guides/parcel-${i}.md`, `---\ntitle: Parcel ${i}\n---\nParcel ${i} sits on block ${i % 17}.\n`]));
    const dir = writeFiles(guides);
    const two = run(['build', '--threads', '2'], dir);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toMatch(/^rendering pages \(2 threads\) \d+\/2\d\d$/m);
    const one = run(['build', '--threads', '1', '--out', 'build-1'], dir);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^rendering pages \d+\/2\d\d$/m);
    expect(one.stdout).not.toContain('threads)');
    expect(fs.readFileSync(path.join(dir, 'build-1/guides/parcel-7/index.html'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'build/guides/parcel-7/index.html'), 'utf8'));
  });

  it('builds, prints a summary with pages, time and size, and exits 0', () => {
    const dir = writeFiles(site);
    const r = run(['build'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ built \d+ pages in \d+(\.\d+)? (ms|s) → build\/ \(\d+(\.\d)? (B|KiB|MiB)\)$/m);
    expect(fs.existsSync(path.join(dir, 'build/guides/a/index.html'))).toBe(true);
  });

  it('writes the browser code bundled from source, also once it keeps its bundle for the next builds', async () => {
    const dir = writeFiles(site);
    const fromSource = await bundleIslands({ minify: true });
    for (const out of ['first', 'second']) {
      expect(run(['build', '--out', out, '--quiet'], dir).code).toBe(0);
      const written = listFiles(path.join(dir, out)).filter((f) => f.startsWith('assets/js/'));
      expect(written.sort()).toEqual([...fromSource.files.keys()].sort());
      for (const file of written) expect(fs.readFileSync(path.join(dir, out, file)).equals(Buffer.from(fromSource.files.get(file)!)), file).toBe(true);
    }
  });

  it('honours --out and --config', () => {
    const dir = writeFiles({ ...site, 'conf/site.config.ts': configSource({ contentDir: '../content' }) });
    const r = run(['build', '--config', 'conf/site.config.ts', '--out', 'public'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'public/guides/a/index.html'))).toBe(true);
  });

  it('exits 1 on a build error, naming the file, and prints nothing but errors with --quiet', () => {
    const dir = writeFiles({ ...site, 'content/guides/b.md': '---\ntitle: B\n---\n[x](/guides/missing)\n' });
    const r = run(['build', '--quiet'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('content/guides/b.md:4');
    expect(r.stderr).toContain('The link "/guides/missing" points to /guides/missing, which is not a page of this site.');
  });

  it('exits 1 on an invalid config, naming the key and the file', () => {
    const dir = writeFiles({ ...site, 'docsgen.config.ts': configSource({ colorMode: { defaultMode: 'blue' } }) });
    const r = run(['build'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docsgen\.config\.ts:\d+:\d+ Invalid config: "colorMode\.defaultMode" expected one of "light", "dark", got the string "blue"\./);
  });

  it('honours NO_COLOR even when colour is forced', () => {
    const dir = writeFiles({ ...site, 'content/guides/b.md': '---\ntitle: B\n---\n[x](/guides/missing)\n' });
    expect(run(['build'], dir, { FORCE_COLOR: '1' }).stderr).toContain('\x1b[');
    expect(run(['build'], dir, { FORCE_COLOR: '1', NO_COLOR: '1' }).stderr).not.toContain('\x1b[');
  });

  it('prints per-stage timings with --timings', () => {
    const r = run(['build', '--timings'], writeFiles(site));
    expect(r.stdout).toMatch(/^timings: config \d+ ms, content \d+ ms, lint \d+ ms, site \d+ ms, search \d+ ms, islands \d+ ms, render \d+ ms, links \d+ ms, output \d+ ms$/m);
  });

});

describe('programmatic API', () => {
  it('exports build and loadConfig from "docsgen" in plain Node', () => {
    const dir = writeFiles(site);
    const script = `import { build, loadConfig } from 'docsgen';
const { config } = await loadConfig({ root: ${JSON.stringify(dir)} });
const result = await build({ root: ${JSON.stringify(dir)}, write: false, logger: { info() {}, warn() {}, error() {}, diagnostic() {}, progress() {}, color: false } });
console.log(JSON.stringify({ title: config.title, pages: result.pages, hasA: result.files.has('guides/a/index.html') }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ title: 'Test Docs', pages: 6, hasA: true });
  });
});
