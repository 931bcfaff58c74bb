// `docsgen init` as a user runs it: bin/docsgen.js in a child process with no terminal (so it
// asks nothing), in folders outside this repository; then the scaffold's own scripts build it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { hashTree, runDocsgen } from '../faults/harness';
import { repoRoot } from '../helpers/fixture';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-init-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const scaffold = ['docsgen.config.ts', 'content/guides/getting-started.md', 'openapi.yaml', '.github/workflows/docs.yml', '.pre-commit-config.yaml', 'package.json', '.gitignore'];

describe('docsgen init', () => {
  it('needs no input without a terminal: writes the scaffold and says what to run next', async () => {
    const dir = tmp();
    const run = await runDocsgen(['init', 'shortlinks-docs'], dir);
    expect(run.hung).toBe(false);
    expect(run.code).toBe(0);
    const project = path.join(dir, 'shortlinks-docs');
    for (const file of scaffold) expect(fs.existsSync(path.join(project, file)), file).toBe(true);
    expect(run.stdout).toContain('Created in shortlinks-docs:\n  + docsgen.config.ts\n');
    expect(run.stdout).toMatch(/Next:\n {2}cd shortlinks-docs\n {2}npm install --save-dev docsgen +# add docsgen to the project\n {2}npm run docs:dev /);
    expect(read(project, 'docsgen.config.ts')).toContain(`title: 'Shortlinks Docs'`);
    expect(JSON.parse(read(project, 'package.json')).name).toBe('shortlinks-docs');
  });

  it('never replaces a file: existing ones stay byte-identical and are listed; package.json and .gitignore only gain', async () => {
    const dir = tmp();
    const mine = {
      'docsgen.config.ts': "export default { title: 'Mine' };\n",
      'content/guides/getting-started.md': '# My own start\n',
      '.pre-commit-config.yaml': 'repos: []\n',
    };
    for (const [file, text] of Object.entries(mine)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const pkg = '{\n  "name": "widgets",\n  "scripts": { "docs:build": "vitepress build" },\n  "devDependencies": { "docsgen": "^0.1.0" }\n}\n';
    fs.writeFileSync(path.join(dir, 'package.json'), pkg);
    fs.writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\nbuild/\n');
    const before = hashTree(dir);

    const run = await runDocsgen(['init', '--yes', '--title', 'Widgets'], dir);
    expect(run.code).toBe(0);
    const after = hashTree(dir);
    for (const file of Object.keys(mine)) expect(after.get(file), file).toBe(before.get(file));
    expect(run.stdout).toContain('Already there, left as they were:\n  = docsgen.config.ts\n  = content/guides/getting-started.md\n  = .pre-commit-config.yaml\n');
    expect(run.stdout).toContain('(!) package.json already has a "docs:build" script ("vitepress build"), kept as it is');
    // The kept script is not docsgen's: the next steps give the command itself.
    expect(run.stdout).toContain('  npx docsgen build ');
    expect(run.stdout).toContain('  npm install ');

    const merged = read(dir, 'package.json');
    expect(merged.startsWith('{\n  "name": "widgets",\n  "scripts": { "docs:build": "vitepress build"')).toBe(true);
    expect(JSON.parse(merged)).toEqual({
      name: 'widgets',
      scripts: { 'docs:build': 'vitepress build', 'docs:dev': 'docsgen serve --watch', 'docs:check': 'docsgen check-links' },
      devDependencies: { docsgen: '^0.1.0' },
    });
    expect(read(dir, '.gitignore')).toBe('node_modules/\nbuild/\n\n# docsgen: the built site and its cache\n.docsgen/\n');

    // A second run writes nothing at all.
    const settled = hashTree(dir);
    const again = await runDocsgen(['init', '--yes'], dir);
    expect(again.code).toBe(0);
    expect(hashTree(dir)).toEqual(settled);
    expect(again.stdout).not.toContain('Created in');
  });

  it('--spec with a file of the repository references it where it is; the workflow and hook go to the repository root', async () => {
    const repo = tmp();
    fs.mkdirSync(path.join(repo, '.git'));
    fs.writeFileSync(path.join(repo, '.git/config'), '[remote "origin"]\n\turl = https://github.com/acme/widgets.git\n');
    fs.writeFileSync(path.join(repo, '.git/HEAD'), 'ref: refs/heads/trunk\n');
    fs.mkdirSync(path.join(repo, 'api'));
    fs.writeFileSync(path.join(repo, 'api/openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: Widgets, version: 1.0.0 }\npaths: {}\n');

    const run = await runDocsgen(['init', 'docs', '--spec', 'api/openapi.yaml'], repo);
    expect(run.code).toBe(0);
    const config = read(repo, 'docs/docsgen.config.ts');
    expect(config).toContain(`openapi: { spec: '../api/openapi.yaml' }`);
    // The default address is the repository's GitHub Pages site.
    expect(config).toContain(`url: 'https://acme.github.io'`);
    expect(config).toContain(`baseUrl: '/widgets/'`);
    expect(fs.existsSync(path.join(repo, 'docs/openapi.yaml'))).toBe(false);
    const wf = load(read(repo, '.github/workflows/docs.yml')) as { on: { push: { branches: string[] } }; jobs: { build: { defaults: { run: { 'working-directory': string } } } } };
    expect(wf.jobs.build.defaults.run['working-directory']).toBe('docs');
    expect(wf.on.push.branches).toEqual(['trunk']);
    expect(fs.existsSync(path.join(repo, '.pre-commit-config.yaml'))).toBe(true);
    expect(run.stdout).toContain('  + ../.github/workflows/docs.yml');
  });

  it('--spec with a file outside the repository copies it into the project', async () => {
    const downloads = tmp();
    const spec = '{"openapi":"3.1.0","info":{"title":"Widgets","version":"2.0.0"},"paths":{}}\n';
    fs.writeFileSync(path.join(downloads, 'widgets.json'), spec);
    const dir = tmp();
    const run = await runDocsgen(['init', '--spec', path.join(downloads, 'widgets.json')], dir);
    expect(run.code).toBe(0);
    expect(read(dir, 'openapi.json')).toBe(spec);
    expect(read(dir, 'docsgen.config.ts')).toContain(`openapi: { spec: 'openapi.json' }`);
    expect(fs.existsSync(path.join(dir, 'openapi.yaml'))).toBe(false);
  });

  it('--spec with a URL puts the URL in the config and writes no spec', async () => {
    const dir = tmp();
    const run = await runDocsgen(['init', '--spec', 'https://api.widgets.example/openapi.yaml', '--url', 'https://docs.widgets.example'], dir);
    expect(run.code).toBe(0);
    const config = read(dir, 'docsgen.config.ts');
    expect(config).toContain(`openapi: { spec: 'https://api.widgets.example/openapi.yaml' }`);
    expect(config).toContain(`url: 'https://docs.widgets.example'`);
    expect(config).not.toContain('baseUrl:');
    expect(fs.readdirSync(dir).filter((f) => /^openapi\./.test(f))).toEqual([]);
  });

  it('stops before writing anything when the spec file or the address is wrong', async () => {
    const dir = tmp();
    const missing = await runDocsgen(['init', '--spec', 'nowhere.yaml'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('The spec file nowhere.yaml does not exist');
    const badUrl = await runDocsgen(['init', '--url', 'docs.widgets.example'], dir);
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('"docs.widgets.example" is not a URL');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    const notAFolder = await runDocsgen(['init', 'notes.txt'], dir);
    expect(notAFolder.code).toBe(1);
    expect(notAFolder.stderr).toContain('notes.txt is a file, not a folder');
    fs.rmSync(path.join(dir, 'notes.txt'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "widgets", }');
    const badPackage = await runDocsgen(['init'], dir);
    expect(badPackage.code).toBe(1);
    expect(badPackage.stderr).toContain('package.json could not be read as a package.json');
    expect(fs.readdirSync(dir)).toEqual(['package.json']);
  });

  it('scaffolds a project that builds and passes check-links with its own scripts', async () => {
    const dir = tmp();
    expect((await runDocsgen(['init', '--yes', '--url', 'https://acme.github.io/shortlinks/'], dir)).code).toBe(0);
    const scripts = JSON.parse(read(dir, 'package.json')).scripts as Record<string, string>;
    // Each script's command, run as `docsgen …` from this repository's bin.
    const args = (script: string) => scripts[script].split(' ').slice(1);
    const build = await runDocsgen(args('docs:build'), dir, { timeoutMs: 60_000 });
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'build/guides/getting-started/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/api/create-link/index.html'))).toBe(true);
    const guideHtml = read(dir, 'build/guides/getting-started/index.html');
    expect(guideHtml).toContain('href="/shortlinks/api/create-link/"');
    const sources = await runDocsgen(args('docs:check'), dir);
    expect(sources.code).toBe(0);
    expect(sources.stdout).toContain('no broken links or anchors');
    // What the workflow runs after the build: the built HTML, as the host will serve it.
    const built = await runDocsgen([...args('docs:check'), '--dir', 'build'], dir);
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('no broken links or anchors');
  }, 90_000);

  it('the workflow runs the commands the README documents for a new project', () => {
    const dir = tmp();
    return runDocsgen(['init', '--yes'], dir).then(() => {
      const wf = load(read(dir, '.github/workflows/docs.yml')) as { jobs: { build: { steps: { run?: string }[] } } };
      const runs = wf.jobs.build.steps.flatMap((s) => (s.run ? [s.run] : []));
      const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
      const section = /\n## Start a new project\n([\s\S]*?)\n## /.exec(readme)?.[1];
      expect(section, 'README has a "Start a new project" section').toBeDefined();
      const documented = [...section!.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((m) => m[1].split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()));
      expect(runs).toEqual(['npm ci', 'npm run docs:build', 'npm run docs:check -- --dir build']);
      for (const command of runs) expect(documented).toContain(command);
    });
  });
});
