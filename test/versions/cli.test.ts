// #19 `docsgen version <name>` as a user runs it: a child process in a scratch project, its
// output, its exit code, and the project's files before and after.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen } from '../faults/harness';

const SPEC = "openapi: 3.0.3\ninfo: { title: Pets, version: '1.0' }\npaths: {}\n";

function project(config: Record<string, unknown> = { openapi: { spec: 'openapi.yaml' } }): string {
  return writeFiles({
    'docsgen.config.ts': configSource(config),
    'openapi.yaml': SPEC,
    'content/guides/intro.md': '# Intro\n\nHello.\n',
    'content/guides/basics/_category_.yml': 'label: Basics\n',
    'content/guides/basics/auth.md': '# Auth\n',
  });
}

/** `.docsgen/` is docsgen's cache folder (the config is bundled there), not the project's. */
const tree = (dir: string) => hashTree(dir, ['.docsgen']);

describe('#19 docsgen version (CLI)', () => {
  it('cuts the version, prints what it wrote with paths relative to the working directory, and exits 0', async () => {
    const dir = project();
    const run = await runDocsgen(['version', '2025-06'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const guideBytes = ['# Intro\n\nHello.\n', 'label: Basics\n', '# Auth\n'].reduce((n, s) => n + s.length, 0);
    expect(run.stdout).toBe(
      [
        `✓ cut version 2025-06: 4 files (${guideBytes + SPEC.length} B) → versioned/2025-06/`,
        `  versioned/2025-06/guides/  3 files, ${guideBytes} B`,
        `  versioned/2025-06/openapi.yaml  ${SPEC.length} B`,
        '  versions.json  2025-06',
        '',
      ].join('\n'),
    );
    expect(fs.readFileSync(path.join(dir, 'versioned/2025-06/guides/basics/_category_.yml'), 'utf8')).toBe('label: Basics\n');
    expect(fs.readFileSync(path.join(dir, 'versioned/2025-06/openapi.yaml'), 'utf8')).toBe(SPEC);
    expect(fs.readFileSync(path.join(dir, 'versions.json'), 'utf8')).toBe('[\n  "2025-06"\n]\n');
  });

  it('--config from another folder: the project is the config file\'s folder, the paths printed are relative to where it runs', async () => {
    const dir = project();
    const site = path.basename(dir);
    const runFromParent = await runDocsgen(['version', 'v2', '--config', `${site}/docsgen.config.ts`], path.dirname(dir));
    expect(runFromParent.code).toBe(0);
    expect(runFromParent.stdout).toContain(`✓ cut version v2: 4 files`);
    expect(runFromParent.stdout).toContain(`  ${site}/versioned/v2/guides/  3 files`);
    expect(runFromParent.stdout).toContain(`  ${site}/versioned/v2/openapi.yaml  ${SPEC.length} B\n`);
    expect(runFromParent.stdout).toContain(`  ${site}/versions.json  v2\n`);
    expect(fs.existsSync(path.join(dir, 'versioned/v2/guides/intro.md'))).toBe(true);
  });

  it('refuses an existing name with exit code 1 and a message naming versions.json, changing nothing', async () => {
    const dir = project();
    expect((await runDocsgen(['version', 'v1'], dir)).code).toBe(0);
    const before = tree(dir);
    const run = await runDocsgen(['version', 'v1'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      [
        '✗ error versions.json The version "v1" exists already: versions.json lists it.',
        '    hint: Choose another name, or remove the version first (delete versioned/v1/ and its entry in versions.json).',
        '✗ version v1 failed with 1 error.',
        '',
      ].join('\n'),
    );
    expect(tree(dir)).toEqual(before);
  });

  it('refuses a guides folder with a symbolic link out of it, and a site with several APIs, changing nothing', async () => {
    const linked = project();
    fs.symlinkSync('/etc', path.join(linked, 'content/guides/etc'));
    const before = tree(linked);
    const link = await runDocsgen(['version', 'v1'], linked);
    expect(link.code).toBe(1);
    expect(link.stderr).toContain('✗ error content/guides/etc The guides folder holds a symbolic link that points outside it: etc → /etc.');
    expect(tree(linked)).toEqual(before);

    const several = project({ openapi: [{ id: 'a', spec: 'openapi.yaml' }, { id: 'b', spec: 'openapi.yaml' }] });
    const run = await runDocsgen(['version', 'v1'], several);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('✗ error docsgen.config.ts Versions need a site with one API: this site has 2 specs');
    expect(fs.existsSync(path.join(several, 'versioned'))).toBe(false);
  });

  it('--help says what is copied where and how to remove a version', async () => {
    const run = await runDocsgen(['version', '--help'], project());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: docsgen version [options] <name>');
    expect(run.stdout).toContain('<contentDir>/guides/  →  <root>/versioned/<name>/guides/');
    expect(run.stdout).toContain('openapi.spec          →  <root>/versioned/<name>/openapi.yaml');
    expect(run.stdout).toContain('To remove a version: delete the folder versioned/<name>/ and its entry in versions.json.');
  });

  it('a name missing is a usage error (exit 2)', async () => {
    const run = await runDocsgen(['version'], project());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required argument 'name'");
  });
});
