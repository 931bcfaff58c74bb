// What `docsgen init` plans to write, read as the user will read it: the config, the guide, the
// sample spec, the workflow and the hook config, for each kind of spec answer.
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { planInit, type PlanInput } from '../../src/init/plan';
import { githubPagesUrl, originUrl, splitSiteUrl, defaultTitle, checkSiteUrl, headBranch } from '../../src/init/answers';

const sample: PlanInput = {
  answers: { title: "Acme's API", siteUrl: 'https://acme.github.io/widgets/', spec: { kind: 'sample', file: 'openapi.yaml' } },
  folderName: 'widgets',
  projectDir: '',
};
const fileOf = (input: PlanInput, path: string) => {
  const file = planInit(input).files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} in the plan`);
  return file.content;
};

describe('the planned files', () => {
  it('lists the scaffold, all to be created', () => {
    const plan = planInit(sample);
    expect(plan.files.map((f) => [f.path, f.action])).toEqual([
      ['docsgen.config.ts', 'create'],
      ['content/guides/getting-started.md', 'create'],
      ['openapi.yaml', 'create'],
      ['.github/workflows/docs.yml', 'create'],
      ['.pre-commit-config.yaml', 'create'],
      ['package.json', 'create'],
      ['.gitignore', 'create'],
    ]);
  });

  it('writes a config with the title, the origin, the path as baseUrl and the spec', () => {
    expect(fileOf(sample, 'docsgen.config.ts')).toContain(`  title: 'Acme\\'s API',\n`);
    const config = fileOf(sample, 'docsgen.config.ts');
    expect(config).toContain(`  url: 'https://acme.github.io',\n`);
    expect(config).toContain(`  baseUrl: '/widgets/',\n`);
    expect(config).toContain(`  openapi: { spec: 'openapi.yaml' },\n`);
    expect(config).not.toMatch(/navbar|footer|downloadUrl/);
    const atRoot = fileOf({ ...sample, answers: { ...sample.answers, siteUrl: 'https://docs.acme.dev' } }, 'docsgen.config.ts');
    expect(atRoot).not.toContain('baseUrl:');
  });

  it('writes a sample OpenAPI 3.1 spec of its own, with examples and errors', () => {
    const spec = load(fileOf(sample, 'openapi.yaml')) as { openapi: string; info: { title: string }; paths: Record<string, Record<string, { operationId: string }>> };
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.title).toBe('Shortlinks API');
    const ids = Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => op.operationId).filter(Boolean));
    expect(ids).toEqual(['listLinks', 'createLink', 'getLink', 'deleteLink', 'getLinkStats']);
    expect(JSON.stringify(spec).toLowerCase()).not.toContain('pet');
  });

  it('writes a guide that tells how to preview, edit, regenerate the reference and check links', () => {
    const text = fileOf(sample, 'content/guides/getting-started.md');
    expect(text).toMatch(/^---\ntitle: Getting started\n/);
    for (const said of ['npm run docs:dev', 'http://127.0.0.1:3000/', 'content/guides/', '`openapi.yaml`', '(/api)', 'npm run docs:check', 'pre-commit install', '[create a link](op:createLink)']) expect(text).toContain(said);
    expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|placeholder/i);
  });

  it('names the spec the user gave, a file or a URL, in the config and the guide', () => {
    const file = { ...sample, answers: { ...sample.answers, spec: { kind: 'file' as const, file: '../api/openapi.json' } } };
    expect(fileOf(file, 'docsgen.config.ts')).toContain(`openapi: { spec: '../api/openapi.json' }`);
    expect(fileOf(file, 'content/guides/getting-started.md')).toContain('read from `../api/openapi.json` at every build');
    expect(planInit(file).files.map((f) => f.path)).not.toContain('openapi.yaml');
    const url = { ...sample, answers: { ...sample.answers, spec: { kind: 'url' as const, url: 'https://api.acme.dev/openapi.yaml' } } };
    expect(fileOf(url, 'docsgen.config.ts')).toContain(`openapi: { spec: 'https://api.acme.dev/openapi.yaml' }`);
    const guide = fileOf(url, 'content/guides/getting-started.md');
    expect(guide).toContain('fetched from https://api.acme.dev/openapi.yaml at every build');
    // The user's operation ids are unknown: the guide shows the syntax in code, not as a link.
    expect(guide.replace(/`[^`]*`/g, '')).not.toMatch(/\]\(<?op:/);
    expect(guide).toContain('`[text](op:listOrders)`');
  });

  it('plans a copy of a spec from outside the repository with its text', () => {
    const copy = { ...sample, answers: { ...sample.answers, spec: { kind: 'file' as const, file: 'openapi.json', copyFrom: '/tmp/dl/openapi.json' } }, specText: '{"openapi":"3.1.0"}' };
    expect(fileOf(copy, 'openapi.json')).toBe('{"openapi":"3.1.0"}');
  });
});

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; needs?: string; permissions?: Record<string, string>; defaults?: { run: { 'working-directory': string } }; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
}

describe('the GitHub Actions workflow', () => {
  it('installs, builds, checks the built links, and deploys to Pages from main only', () => {
    const wf = load(fileOf(sample, '.github/workflows/docs.yml')) as Workflow;
    expect(Object.keys(wf.on)).toEqual(['push', 'pull_request', 'workflow_dispatch']);
    const build = wf.jobs.build;
    expect(build.steps.filter((s) => s.run).map((s) => s.run)).toEqual(['npm ci', 'npm run docs:build', 'npm run docs:check -- --dir build']);
    expect(build.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({ path: 'build' });
    const deploy = wf.jobs.deploy;
    expect(deploy.needs).toBe('build');
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy.steps.map((s) => s.uses)).toEqual(['actions/deploy-pages@v4']);
  });

  it('publishes the branch the repository is on', () => {
    const wf = load(fileOf({ ...sample, branch: 'master' }, '.github/workflows/docs.yml')) as Workflow & { on: { push: { branches: string[] } } };
    expect(wf.on.push.branches).toEqual(['master']);
    expect(wf.jobs.deploy.if).toContain("github.ref == 'refs/heads/master'");
  });

  it('runs in the project folder when the project is a folder of the repository', () => {
    const nested = { ...sample, projectDir: 'docs/site' };
    const paths = planInit(nested).files.map((f) => f.path);
    expect(paths).toContain('../../.github/workflows/docs.yml');
    expect(paths).toContain('../../.pre-commit-config.yaml');
    const wf = load(fileOf(nested, '../../.github/workflows/docs.yml')) as Workflow;
    expect(wf.jobs.build.defaults?.run['working-directory']).toBe('docs/site');
    expect(wf.jobs.build.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({ path: 'docs/site/build' });
    expect(wf.jobs.build.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['cache-dependency-path']).toBe('docs/site/package-lock.json');
  });
});

describe('the pre-commit config', () => {
  interface Hooks { repos: { repo: string; hooks: { id: string; entry: string; language: string; pass_filenames: boolean; files: string }[] }[] }

  it('is a local hook running docs:check when guides, config or spec change', () => {
    const config = load(fileOf(sample, '.pre-commit-config.yaml')) as Hooks;
    const hook = config.repos[0].hooks[0];
    expect(config.repos[0].repo).toBe('local');
    expect(hook).toMatchObject({ id: 'docsgen-check-links', entry: 'npm run --silent docs:check -- --quiet', language: 'system', pass_filenames: false });
    const files = new RegExp(hook.files);
    for (const changed of ['content/guides/a.md', 'docsgen.config.ts', 'openapi.yaml']) expect(changed).toMatch(files);
    expect('src/index.ts').not.toMatch(files);
  });

  it('runs the script in the project folder and watches its files from the repository root', () => {
    const nested = { ...sample, projectDir: 'docs', answers: { ...sample.answers, spec: { kind: 'file' as const, file: '../api/openapi.yaml' } } };
    const hook = (load(fileOf(nested, '../.pre-commit-config.yaml')) as Hooks).repos[0].hooks[0];
    expect(hook.entry).toBe('npm --prefix docs run --silent docs:check -- --quiet');
    const files = new RegExp(hook.files);
    for (const changed of ['docs/content/guides/a.md', 'docs/docsgen.config.ts', 'api/openapi.yaml']) expect(changed).toMatch(files);
    expect('content/guides/a.md').not.toMatch(files);
  });
});

describe('answers', () => {
  it('splits a published address into url and baseUrl', () => {
    expect(splitSiteUrl('https://acme.github.io/widgets')).toEqual({ url: 'https://acme.github.io', baseUrl: '/widgets/' });
    expect(splitSiteUrl('https://docs.acme.dev/')).toEqual({ url: 'https://docs.acme.dev', baseUrl: '/' });
    expect(checkSiteUrl('docs.acme.dev')).toMatch(/is not a URL/);
    expect(checkSiteUrl('ftp://acme.dev/')).toMatch(/not an http\(s\) address/);
    expect(checkSiteUrl('https://acme.dev/')).toBeUndefined();
  });

  it('proposes the GitHub Pages address of the origin remote', () => {
    const gitConfig = '[core]\n\tbare = false\n[remote "upstream"]\n\turl = https://github.com/other/x.git\n[remote "origin"]\n\turl = git@github.com:Acme/widgets.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n';
    expect(githubPagesUrl(originUrl(gitConfig)!)).toBe('https://acme.github.io/widgets/');
    expect(githubPagesUrl('https://github.com/acme/acme.github.io')).toBe('https://acme.github.io/');
    expect(githubPagesUrl('https://gitlab.com/acme/widgets.git')).toBeUndefined();
  });

  it('reads the branch of .git/HEAD', () => {
    expect(headBranch('ref: refs/heads/release/2.x\n')).toBe('release/2.x');
    expect(headBranch('4b825dc642cb6eb9a060e54bf8d69288fbee4904\n')).toBeUndefined();
  });

  it('proposes a title from the package or folder name', () => {
    expect(defaultTitle('@acme/shortlinks-docs')).toBe('Shortlinks Docs');
    expect(defaultTitle('widgets_api')).toBe('Widgets Api');
  });
});
