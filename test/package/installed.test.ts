// #21 The package as a new user gets it: `npm pack` (which compiles dist/ and the type
// declarations), installed into an empty project outside this repository, then `init --yes`,
// `build`, `check-links` and `serve` (one page fetched). Nothing of this checkout may leak into
// the installed package (no path of it in the bundles), and nothing is written inside
// node_modules while it runs.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixture';

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });

/** Every file under `dir` with its modification time. */
function snapshot(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) files.set(rel, fs.lstatSync(path.join(dir, rel)).mtimeMs);
  return files;
}

let work: string;
let project: string;
let installed: string;
let before: Map<string, number>;

/** The installed CLI, run as `npx docsgen` would, in the project. */
function docsgen(args: string[]): { status: number; out: string } {
  try {
    return { status: 0, out: execFileSync(process.execPath, [path.join(project, 'node_modules/.bin/docsgen'), ...args], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', CI: 'true' } }) };
  } catch (e) {
    const failed = e as { status: number; stdout: string; stderr: string };
    return { status: failed.status, out: failed.stdout + failed.stderr };
  }
}

describe('#21 the packed package, installed in a new project', () => {
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-package-'));
    // Packed from a copy, so that the dist/ which `npm pack` writes never appears under the
    // checkout while other tests run its CLI.
    const source = path.join(work, 'source');
    for (const entry of ['bin', 'src', 'templates', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json', 'README.md']) fs.cpSync(path.join(repoRoot, entry), path.join(source, entry), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(source, 'node_modules'));
    npm(['pack', '--pack-destination', work], source);
    const tarball = fs.readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    project = path.join(work, 'flood-docs');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'flood-docs', version: '1.0.0', private: true }, null, 2));
    // The dependencies come from npm's cache, filled by the checkout's own `npm ci`.
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(work, tarball)], project);
    installed = path.join(project, 'node_modules/docsgen');
    before = snapshot(installed);
  }, 300_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('ships compiled bundles, the OpenAPI schema\'s compiled validators, prebuilt islands and type declarations, with no path of this checkout in them', () => {
    for (const file of ['dist/cli.mjs', 'dist/index.mjs', 'dist/render-worker.mjs', 'dist/openapi-schema-v2.cjs', 'dist/openapi-schema-v3.cjs', 'dist/openapi-schema-v31.cjs', 'dist/islands-production.json', 'dist/types/src/index.d.ts', 'dist/types/src/theme/props.d.ts']) expect(fs.existsSync(path.join(installed, file)), file).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(fs.existsSync(path.join(installed, manifest.exports['.'].types))).toBe(true);
    for (const file of fs.readdirSync(path.join(installed, 'dist')).filter((f) => f.endsWith('.mjs') || f.endsWith('.cjs'))) {
      const text = fs.readFileSync(path.join(installed, 'dist', file), 'utf8');
      expect(text.includes(repoRoot), file).toBe(false);
      expect(text.includes(work), file).toBe(false);
    }
  });

  it('scaffolds with init --yes, builds, and checks the links of the new project', () => {
    const init = docsgen(['init', '--yes', '--title', 'Flood Docs', '--url', 'https://docs.flood.example']);
    expect(init.status, init.out).toBe(0);
    const build = docsgen(['build']);
    expect(build.status, build.out).toBe(0);
    expect(build.out).toMatch(/✓ built \d+ pages/);
    expect(fs.existsSync(path.join(project, 'build/index.html'))).toBe(true);
    expect(fs.readFileSync(path.join(project, 'build/guides/getting-started/index.html'), 'utf8')).toContain('Flood Docs');
    const check = docsgen(['check-links']);
    expect(check.status, check.out).toBe(0);
    expect(check.out).toContain('no broken links');
    // The config is typed by the package's declarations: defineConfig and the UserConfig it takes.
    const types = fs.readFileSync(path.join(installed, 'dist/types/src/index.d.ts'), 'utf8');
    expect(types).toMatch(/defineConfig/);
  }, 120_000);

  it('serves the built site', async () => {
    const child = spawn(process.execPath, [path.join(project, 'node_modules/.bin/docsgen'), 'serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (found) resolve(found[0]);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const response = await fetch(`${url}guides/getting-started/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Getting started | Flood Docs</title>');
    } finally {
      child.kill();
    }
  }, 60_000);

  it('wrote nothing inside node_modules/docsgen while it ran', () => {
    expect(snapshot(installed)).toEqual(before);
  });
});
