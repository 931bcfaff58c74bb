// #19 `docsgen version <name>` without the CLI: cutVersion() on scratch projects written in the
// test. A cut copies the guides and the spec into versioned/<name>/ and lists the name first in
// versions.json; every refusal names what is wrong and leaves the project as it was.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configSource, listFiles, writeFiles } from '../helpers/fixture';
import { hashTree } from '../faults/harness';
import { cutVersion } from '../../src/versions/cutVersion';
import { DocsgenError } from '../../src/diagnostics/diagnostic';

const SPEC = `openapi: 3.0.3
# A comment the snapshot keeps.
info: { title: Pets, version: '1.0' }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': { description: The pets. }
`;

/** A tiny PNG's first bytes: a binary file must be copied byte for byte. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);

function project(files: Record<string, string> = {}, config: Record<string, unknown> = { openapi: { spec: 'openapi.yaml' } }): string {
  const dir = writeFiles({
    'docsgen.config.ts': configSource(config),
    'openapi.yaml': SPEC,
    'content/guides/intro.md': '---\ntitle: Intro\n---\nHello.\n',
    'content/guides/01-basics/_category_.json': '{ "label": "Basics" }\n',
    'content/guides/01-basics/auth.md': '# Auth\n\n![logo](./img/logo.png)\n',
    ...files,
  });
  fs.mkdirSync(path.join(dir, 'content/guides/01-basics/img'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'content/guides/01-basics/img/logo.png'), PNG);
  return dir;
}

/** The project's files, `.docsgen/` left out: loading the config bundles it there (as every command does), and that is docsgen's cache, not the project. */
const tree = (dir: string) => hashTree(dir, ['.docsgen']);

async function refused(dir: string, name: string): Promise<DocsgenError> {
  const before = tree(dir);
  const e = await cutVersion({ root: dir, name }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(DocsgenError);
  expect(tree(dir)).toEqual(before);
  return e as DocsgenError;
}

const read = (dir: string, rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('#19 versions/cutVersion', () => {
  it('copies every file of the guides folder and the spec text unchanged, and lists the name in versions.json', async () => {
    const dir = project();
    const result = await cutVersion({ root: dir, name: '2025-06' });
    const copy = path.join(dir, 'versioned/2025-06/guides');
    expect(listFiles(copy)).toEqual(['01-basics/_category_.json', '01-basics/auth.md', '01-basics/img/logo.png', 'intro.md']);
    for (const file of listFiles(copy)) expect(fs.readFileSync(path.join(copy, file)), file).toEqual(fs.readFileSync(path.join(dir, 'content/guides', file)));
    expect(fs.readFileSync(path.join(copy, '01-basics/img/logo.png'))).toEqual(PNG);
    expect(read(dir, 'versioned/2025-06/openapi.yaml')).toBe(SPEC);
    expect(read(dir, 'versions.json')).toBe('[\n  "2025-06"\n]\n');
    expect(result.guides).toMatchObject({ files: 4 });
    expect(result.spec).toMatchObject({ bundled: false, bytes: Buffer.byteLength(SPEC) });
    // Only the version's folder and versions.json were added; no temporary folder is left.
    expect(fs.readdirSync(path.join(dir, 'versioned'))).toEqual(['2025-06']);
    expect(fs.readdirSync(path.join(dir, 'versioned/2025-06')).sort()).toEqual(['guides', 'openapi.yaml']);
  });

  it('puts the newest version first, and each version keeps the docs as they were when it was cut', async () => {
    const dir = project();
    await cutVersion({ root: dir, name: '2025-01' });
    fs.writeFileSync(path.join(dir, 'content/guides/intro.md'), '---\ntitle: Intro\n---\nHello, June.\n');
    await cutVersion({ root: dir, name: '2025-06' });
    expect(JSON.parse(read(dir, 'versions.json'))).toEqual(['2025-06', '2025-01']);
    expect(read(dir, 'versioned/2025-01/guides/intro.md')).toContain('Hello.');
    expect(read(dir, 'versioned/2025-06/guides/intro.md')).toContain('Hello, June.');
  });

  it('keeps the names versions.json had, after the new one', async () => {
    const dir = project({ 'versions.json': '["2024-12", "2024-06"]', 'versioned/2024-12/openapi.yaml': SPEC, 'versioned/2024-06/openapi.yaml': SPEC });
    await cutVersion({ root: dir, name: '2025-06' });
    expect(read(dir, 'versions.json')).toBe('[\n  "2025-06",\n  "2024-12",\n  "2024-06"\n]\n');
  });

  it('cuts the guides alone when the site has no spec, and the spec alone when it has no guides', async () => {
    const guidesOnly = project({}, {});
    const a = await cutVersion({ root: guidesOnly, name: 'v1' });
    expect(a.spec).toBeUndefined();
    expect(fs.readdirSync(path.join(guidesOnly, 'versioned/v1'))).toEqual(['guides']);

    const specOnly = writeFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }), 'openapi.yaml': SPEC });
    const b = await cutVersion({ root: specOnly, name: 'v1' });
    expect(b.guides).toBeUndefined();
    expect(fs.readdirSync(path.join(specOnly, 'versioned/v1'))).toEqual(['openapi.yaml']);
  });

  it('writes a spec split over several files by $refs as one bundled file', async () => {
    const dir = project({
      'openapi.yaml': `openapi: 3.0.3
info: { title: Pets, version: '1.0' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: The pets.
          content:
            application/json:
              schema: { $ref: './schemas/pet.yaml' }
`,
      'schemas/pet.yaml': 'type: object\nproperties:\n  whiskers_count: { type: integer }\n',
    });
    const result = await cutVersion({ root: dir, name: 'v1' });
    expect(result.spec?.bundled).toBe(true);
    const text = read(dir, 'versioned/v1/openapi.yaml');
    expect(text).not.toContain('pet.yaml');
    const doc = loadYaml(text) as any;
    expect(doc.paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual({ type: 'object', properties: { whiskers_count: { type: 'integer' } } });
    // The snapshot stands alone: changing the schema file later does not change the version.
    fs.writeFileSync(path.join(dir, 'schemas/pet.yaml'), 'type: string\n');
    expect(loadYaml(read(dir, 'versioned/v1/openapi.yaml'))).toEqual(doc);
  });

  it('writes a bundled JSON spec as JSON', async () => {
    const dir = project(
      {
        'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: {}, components: { schemas: { Pet: { $ref: 'pet.json' } } } }),
        'pet.json': '{ "type": "object", "properties": { "name": { "type": "string" } } }',
      },
      { openapi: { spec: 'openapi.json' } },
    );
    await cutVersion({ root: dir, name: 'v1' });
    const doc = JSON.parse(read(dir, 'versioned/v1/openapi.json'));
    expect(doc.components.schemas.Pet).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
    expect(fs.existsSync(path.join(dir, 'versioned/v1/openapi.yaml'))).toBe(false);
  });

  describe('a spec at a URL', () => {
    let server: http.Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    async function serveSpecs(routes: Record<string, { type: string; body: string }>): Promise<string> {
      server = http.createServer((req, res) => {
        const route = routes[req.url ?? ''];
        if (!route) return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': route.type }).end(route.body);
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    }

    it('is written in the format it was served in: JSON from an address without an extension, YAML from a .yaml one', async () => {
      const json = JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: {} }, null, 1);
      const origin = await serveSpecs({ '/docs/spec': { type: 'application/json', body: json }, '/docs/openapi.yaml': { type: 'application/yaml', body: SPEC } });

      const a = project({}, { openapi: { spec: `${origin}/docs/spec` } });
      const result = await cutVersion({ root: a, name: 'v1' });
      expect(result.spec?.source).toBe(`${origin}/docs/spec`);
      expect(fs.readdirSync(path.join(a, 'versioned/v1')).sort()).toEqual(['guides', 'openapi.json']);
      expect(read(a, 'versioned/v1/openapi.json')).toBe(json);

      const b = project({}, { openapi: { spec: `${origin}/docs/openapi.yaml` } });
      await cutVersion({ root: b, name: 'v1' });
      expect(read(b, 'versioned/v1/openapi.yaml')).toBe(SPEC);
    });

    it('that cannot be fetched is refused with the loader\'s message naming the URL', async () => {
      const origin = await serveSpecs({});
      const e = await refused(project({}, { openapi: { spec: `${origin}/missing.yaml` } }), 'v1');
      expect(e.diagnostics[0].text).toBe(`Fetching the OpenAPI spec from ${origin}/missing.yaml failed: the server answered 404 Not Found.`);
    });
  });

  it('copies a symbolic link inside the guides folder as the file it points to', async () => {
    const dir = project();
    fs.symlinkSync('intro.md', path.join(dir, 'content/guides/start.md'));
    await cutVersion({ root: dir, name: 'v1' });
    const copied = path.join(dir, 'versioned/v1/guides/start.md');
    expect(fs.lstatSync(copied).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(copied, 'utf8')).toBe('---\ntitle: Intro\n---\nHello.\n');
  });

  it('leaves nothing behind when writing versions.json fails', async () => {
    const dir = project();
    const before = tree(dir);
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to).endsWith('versions.json')) throw Object.assign(new Error('disk full'), { code: 'ENOSPC', path: String(to) });
      rename(from, to);
    });
    await expect(cutVersion({ root: dir, name: 'v1' })).rejects.toThrow('Writing the version "v1" failed (ENOSPC); nothing was changed.');
    expect(tree(dir)).toEqual(before);
  });

  describe('refusals: a clear message, and the project unchanged', () => {
    it('an invalid or reserved name', async () => {
      const dir = project();
      expect((await refused(dir, '../escape')).message).toBe('"../escape" is not a version name: use letters, digits, ".", "_" and "-", starting with a letter or digit (at most 64 characters); it becomes a URL segment and a folder name.');
      expect((await refused(dir, '.hidden')).message).toMatch(/^"\.hidden" is not a version name/);
      expect((await refused(dir, 'Current')).message).toMatch(/^"Current" cannot be a version's name: "current", "next", "changelog", "tags" are taken/);
      // The name is checked before the config is looked for.
      const empty = fs.mkdtempSync(path.join(path.dirname(dir), 'docsgen-test-'));
      expect((await refused(empty, 'a b')).message).toMatch(/^"a b" is not a version name/);
    });

    it('a name versions.json lists already', async () => {
      const dir = project({ 'versions.json': '["v1"]\n', 'versioned/v1/openapi.yaml': SPEC });
      const e = await refused(dir, 'v1');
      expect(e.message).toBe('The version "v1" exists already: versions.json lists it.');
      expect(e.diagnostics[0].location?.file).toBe(path.join(dir, 'versions.json'));
    });

    it('a folder versioned/<name> that exists already', async () => {
      const dir = project({ 'versioned/v1/notes.txt': 'left over\n' });
      const e = await refused(dir, 'v1');
      expect(e.message).toBe('The folder of the version "v1" exists already (versions.json does not list it).');
      expect(e.diagnostics[0].location?.file).toBe(path.join(dir, 'versioned/v1'));
    });

    it('a versions.json that is not a JSON array of strings, naming the file', async () => {
      for (const text of ['["v0",', '{ "versions": ["v0"] }', '["v0", 1]']) {
        const dir = project({ 'versions.json': text });
        const e = await refused(dir, 'v1');
        expect(e.diagnostics[0].location?.file).toBe(path.join(dir, 'versions.json'));
        expect(e.message).toMatch(text === '["v0",' ? /^versions\.json is not valid JSON \(.+\), so docsgen version cannot add to it\.$/ : /^versions\.json must hold an array of version names \(strings\)/);
      }
    });

    it('a config that lists its versions (versions.list): the command cannot rewrite the config', async () => {
      const dir = project({}, { openapi: { spec: 'openapi.yaml' }, versions: { list: ['v0'] } });
      const e = await refused(dir, 'v1');
      expect(e.message).toBe('This site lists its versions in the config (versions.list), which docsgen version cannot rewrite, and versions.json is not read while it is set.');
      expect(e.diagnostics[0].hint).toMatch(/^Add "v1" to versions\.list in the config yourself/);
      expect(e.diagnostics[0].location?.file).toBe(path.join(dir, 'docsgen.config.ts'));
    });

    it('a site with several APIs', async () => {
      const dir = project({ 'other.yaml': SPEC }, { openapi: [{ id: 'pets', spec: 'openapi.yaml' }, { id: 'other', spec: 'other.yaml' }] });
      expect((await refused(dir, 'v1')).message).toBe('Versions need a site with one API: this site has 2 specs (openapi is a list), and a version snapshots one spec.');
    });

    it('nothing to snapshot: no guides folder and no spec', async () => {
      const dir = writeFiles({});
      expect((await refused(dir, 'v1')).message).toBe(`There is nothing to snapshot: the guides folder ${path.relative(process.cwd(), path.join(dir, 'content/guides'))} does not exist and the config sets no openapi.spec.`);
    });

    it('a guides folder that is a file', async () => {
      const dir = project({}, {});
      fs.rmSync(path.join(dir, 'content/guides'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'content/guides'), 'not a folder\n');
      const e = await refused(dir, 'v1');
      expect(e.message).toBe(`The guides folder ${path.relative(process.cwd(), path.join(dir, 'content/guides'))} is a file, not a folder.`);
    });

    it('a spec file that does not exist, or is not valid YAML, or not valid OpenAPI, with the loader\'s message and the file', async () => {
      const missing = await refused(project({}, { openapi: { spec: 'gone.yaml' } }), 'v1');
      expect(missing.message).toBe('The OpenAPI spec file does not exist.');
      expect(missing.diagnostics[0].location?.file).toMatch(/gone\.yaml$/);

      const yaml = await refused(project({ 'openapi.yaml': 'openapi: 3.0.3\ninfo: [unclosed\n' }), 'v1');
      expect(yaml.message).toMatch(/^The OpenAPI spec from .*openapi\.yaml is not valid YAML or JSON: .*\(line 3, column 1\)\.$/);

      const notOpenApi = await refused(project({ 'openapi.yaml': 'title: just some YAML\n' }), 'v1');
      expect(notOpenApi.message).toBe('The document is not an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 spec (its "openapi"/"swagger" field is null).');

      const invalid = await refused(project({ 'openapi.yaml': "openapi: 3.0.3\ninfo: { title: Pets, version: '1' }\npaths:\n  /pets:\n    get:\n      responses: 42\n" }), 'v1');
      expect(invalid.message).toBe('/paths/~1pets/get/responses must be object (got integer).');
      expect(invalid.diagnostics[0].location).toMatchObject({ line: 6, column: 7 });
      expect(invalid.diagnostics[0].location?.file).toMatch(/openapi\.yaml$/);
    });

    it('a symbolic link in the guides folder that points outside it, naming it', async () => {
      const dir = project({ 'secrets/key.txt': 'private\n' });
      fs.symlinkSync('../../secrets', path.join(dir, 'content/guides/shared'));
      const e = await refused(dir, 'v1');
      expect(e.message).toBe('The guides folder holds a symbolic link that points outside it: shared → ../../secrets. A version copies only what is inside the guides folder.');
      expect(e.diagnostics[0].location?.file).toBe(path.join(dir, 'content/guides/shared'));
    });

    it('a broken symbolic link, or one that loops back, in the guides folder', async () => {
      const broken = project();
      fs.symlinkSync('nowhere.md', path.join(broken, 'content/guides/01-basics/gone.md'));
      expect((await refused(broken, 'v1')).message).toBe('The guides folder holds a symbolic link to something that does not exist: 01-basics/gone.md → nowhere.md.');

      const loop = project();
      fs.symlinkSync('..', path.join(loop, 'content/guides/01-basics/up'));
      expect((await refused(loop, 'v1')).message).toBe('The guides folder holds a symbolic link that leads back to a folder containing it: 01-basics/up → ... Copying it would never end.');
    });
  });
});
