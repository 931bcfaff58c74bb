// Files a spec is read from that are not ordinary files. Spec text is untrusted, and a `$ref` may
// name any path: `$ref: /dev/zero` took 12 GB of memory in a minute and heeded no signal, a
// `$ref` to a pipe waited for a writer for good. Such `$ref`s are refused before the bundler
// reads anything, at the `$ref`'s line. `--spec` given a pipe is read until it ends
// (`--spec <(curl …)` works), and refused once it passes what the process can parse.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen, specWithRef as spec } from './harness';

const config = configSource({ navbar: { items: [] }, openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' } });
// An old space of 200 MB: the process parses specs of about 10 MB at most (a 25th of its heap).
const smallHeap = { NODE_OPTIONS: '--max-old-space-size=200' };

describe("a spec's $ref to something that is not a YAML or JSON file", () => {
  it('/dev/zero, file:///dev/zero, a pipe and a folder: build, lint and check-links refuse each at its line, at once', async () => {
    const cases: [ref: string, names: string][] = [
      ['/dev/zero', '/dev/zero'],
      ['file:///dev/zero', '/dev/zero'],
      ['./schemas/parcel.yaml', 'schemas/parcel.yaml'],
      ['./schemas/', 'schemas'],
    ];
    for (const [ref, names] of cases) {
      const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': spec(ref), 'schemas/.keep': '' });
      execFileSync('mkfifo', [path.join(dir, 'schemas/parcel.yaml')]);
      const before = hashTree(dir, ['.docsgen']);
      for (const command of ['build', 'lint', 'check-links']) {
        const run = await runDocsgen([command], dir, { timeoutMs: 30_000 });
        expect(run.hung, `${command} ${ref}`).toBe(false);
        expect(run.code, `${command} ${ref}: ${run.stderr}`).toBe(1);
        const out = run.stdout + run.stderr;
        expect(out, `${command} ${ref}`).toContain(`openapi.yaml:16:17`);
        expect(out, `${command} ${ref}`).toMatch(new RegExp(`The \\$ref "${ref.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" names \\S*${names.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, which is not a file \\(a folder, a pipe or a device\\)`));
      }
      expect(hashTree(dir, ['.docsgen'])).toEqual(before);
    }
  }, 180_000);

  it('a YAML file larger than the process can parse is refused at the $ref, before it is read', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': spec('./schemas/parcel.yaml') });
    fs.mkdirSync(path.join(dir, 'schemas'));
    fs.writeFileSync(path.join(dir, 'schemas/parcel.yaml'), `type: object\ndescription: |\n${`  ${'boundary '.repeat(100)}\n`.repeat(15_000)}`);
    const run = await runDocsgen(['build'], dir, { env: smallHeap, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/openapi\.yaml:16:17 The \$ref "\.\/schemas\/parcel\.yaml" names \S+schemas\/parcel\.yaml, which is 13\.\d MB, more than this process can parse \(at most [\d.]+ MB\)/);
  }, 60_000);
});

describe('--spec given something other than a file', () => {
  it('/dev/zero is refused once it passes what the process can parse', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': spec('#/components/schemas/Parcel') });
    const run = await runDocsgen(['build', '--spec', '/dev/zero'], dir, { env: smallHeap, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/The OpenAPI spec is over [\d.]+ MB, more than this process can parse in its memory/);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    const check = await runDocsgen(['check-links', '--spec', '/dev/zero'], dir, { env: smallHeap, timeoutMs: 30_000 });
    expect(check.hung).toBe(false);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toMatch(/The OpenAPI spec is over [\d.]+ MB, more than this process can parse in its memory/);
  }, 60_000);

  it('a pipe another process writes the spec into (`--spec <(curl …)`) builds', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': config, 'openapi.yaml': '' });
    const pipe = path.join(dir, 'spec.pipe');
    execFileSync('mkfifo', [pipe]);
    const text = spec('#/components/schemas/Parcel') + 'components:\n  schemas:\n    Parcel: { type: object, properties: { apn: { type: string } } }\n';
    const written = () => spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(pipe)}, ${JSON.stringify(text)})`]);
    let writer = written();
    const run = await runDocsgen(['build', '--spec', pipe], dir, { timeoutMs: 60_000 });
    writer.kill();
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'build/api/get-parcel/index.html'), 'utf8')).toContain('Get a parcel');
    // check-links read the spec once more for its cache's key, and found the pipe empty after it.
    writer = written();
    const check = await runDocsgen(['check-links', '--spec', pipe], dir, { timeoutMs: 60_000 });
    writer.kill();
    expect(check.code, check.stdout + check.stderr).toBe(0);
  }, 90_000);
});
