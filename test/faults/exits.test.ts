// Every failure ends the process: docsgen runs unattended in CI, where a hang costs the job's
// whole timeout. Each kind of build failure, with a spec configured (its validator thread is
// started first), must exit 1 within a second or two and change no file of the project.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen } from './harness';

const spec = `openapi: 3.0.3
info: { title: Parcels, version: '1.0' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Parcel:
      type: object
      properties:
        apn: { type: string, example: 123-456-78 }
`;

const site = {
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
  'openapi.yaml': spec,
  'content/guides/a.md': '---\ntitle: A\n---\nHello.\n',
};

/** Each failure, as the file that causes it, and what the message must name. */
const failures: [kind: string, files: Record<string, string>, message: RegExp][] = [
  ['front matter of the wrong type', { 'content/guides/b.md': '---\ntitle: B\nsidebar_position: "three"\n---\nText.\n' }, /content\/guides\/b\.md:3/],
  ['front matter that is not YAML', { 'content/guides/b.md': '---\ntitle: [unclosed\n---\nText.\n' }, /content\/guides\/b\.md:2/],
  ['a missing image', { 'content/guides/b.md': '---\ntitle: B\n---\n![Map](./img/map.png)\n' }, /content\/guides\/b\.md:4/],
  ['a broken link', { 'content/guides/b.md': '---\ntitle: B\n---\nSee [nowhere](/guides/nowhere).\n' }, /content\/guides\/b\.md:4/],
  ['a spec that is not YAML', { 'openapi.yaml': `${spec}  broken: [\n` }, /openapi\.yaml/],
  ['a spec that is not OpenAPI', { 'openapi.yaml': 'openapi: 3.0.3\ninfo: { title: X }\npaths: 42\n' }, /openapi\.yaml/],
  ['a missing spec file', { 'docsgen.config.ts': configSource({ openapi: { spec: 'nowhere.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }) }, /nowhere\.yaml/],
  ['an invalid config', { 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' }, colorMode: { defaultMode: 'blue' } }) }, /docsgen\.config\.ts:\d+/],
];

describe('a failing build exits', () => {
  it.each(failures)('on %s: exit code 1 within seconds, the file named, nothing changed', async (_kind, files, message) => {
    const dir = writeFiles({ ...site, ...files });
    const before = hashTree(dir, ['.docsgen']);
    const run = await runDocsgen(['build'], dir);
    expect(run.hung, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/✗ build failed with \d+ errors?\./);
    // Start-up (compiling the config, loading the parser) is most of it; a hang is 20 s.
    expect(run.ms).toBeLessThan(8_000);
    expect(hashTree(dir, ['.docsgen'])).toEqual(before);
  });

  it('plain serve exits 1 when the site it must build first fails', async () => {
    const dir = writeFiles({ ...site, 'content/guides/b.md': '---\ntitle: B\nsidebar_position: "three"\n---\nText.\n' });
    const before = hashTree(dir, ['.docsgen']);
    const run = await runDocsgen(['serve', '--port', '0'], dir);
    expect(run.hung, run.stderr).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('content/guides/b.md:3');
    expect(hashTree(dir, ['.docsgen'])).toEqual(before);
  });

  it('check-links exits 1 on a broken link with a spec configured', async () => {
    const dir = writeFiles({ ...site, 'content/guides/b.md': '---\ntitle: B\n---\nSee [nowhere](/guides/nowhere).\n' });
    const run = await runDocsgen(['check-links'], dir);
    expect(run.hung, run.stderr).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('content/guides/b.md:4');
  });

  it('a successful build exits 0 and leaves only its output, its manifest and no lock', async () => {
    const dir = writeFiles(site);
    const run = await runDocsgen(['build'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['.docsgen', 'build', 'content', 'docsgen.config.ts', 'openapi.yaml']);
    expect(fs.existsSync(path.join(dir, 'build/.docsgen-output'))).toBe(true);
  });
});
