// The output folder as a careless or unlucky user meets it: a wrong --out, a symlink, two builds
// at once, Ctrl+C, a killed build, a read-only folder. docsgen replaces only a folder it wrote
// itself (or an empty one), never leaves litter behind, and never changes a file it did not write.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { compiled } from '../../bin/compile.js';
import { MANIFEST } from '../../src/output/guard';
import { configSource, listFiles, repoRoot, writeFiles } from '../helpers/fixture';
import { hashTree, runDocsgen, type Run } from './harness';
// @ts-expect-error plain JS module without types
import { generateSite } from '../../bench/generateSite.mjs';

const guides = {
  'content/guides/a.md': '---\ntitle: A\n---\nSee [B](./b.md).\n',
  'content/guides/b.md': '---\ntitle: B\n---\n## Part\n\nText.\n',
};
const withSpec = {
  ...guides,
  'docsgen.config.ts': configSource({ openapi: { spec: 'spec/openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
  'spec/openapi.yaml': "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\n",
};

/** A project in a folder of its own (so `..` of it is a folder of the test's), with a Git repository. */
function project(files: Record<string, string> = withSpec): { dir: string; project: string } {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'docsgen-faults-'));
  const root = path.join(dir, 'project');
  writeFiles(files, root);
  fs.mkdirSync(path.join(root, '.git/objects'), { recursive: true });
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
  fs.mkdirSync(path.join(dir, 'notes'));
  fs.writeFileSync(path.join(dir, 'notes/ideas.md'), 'Things I must not lose.\n');
  return { dir, project: root };
}

/** What must stay as it was: everything but docsgen's own cache and the output folder. */
const userFiles = (dir: string) => hashTree(dir, ['.docsgen', 'build']);
const litter = (dir: string) => fs.readdirSync(dir).filter((f) => /docsgen-(tmp|old|lock)/.test(f));

function expectRefused(run: Run, folder: string, reason: RegExp) {
  expect(run.hung, run.stderr).toBe(false);
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(`The output folder ${folder}`);
  expect(run.stderr).toMatch(reason);
  expect(run.stderr).toMatch(/hint: /);
}

describe('--out never replaces what the user wrote', () => {
  const cases: [out: (p: { dir: string; project: string }) => string, reason: RegExp][] = [
    [(p) => path.join(p.project, 'content/guides'), /is inside .*content, which holds your sources/],
    [(p) => path.join(p.project, 'content'), /holds your sources/],
    [(p) => path.join(p.project, 'spec'), /contains .*spec\/openapi\.yaml; a build would delete it/],
    [(p) => path.join(p.project, '.git'), /is inside \.git\//],
    [(p) => path.join(p.project, 'node_modules/site'), /is inside node_modules\//],
    [(p) => p.project, /is the project/],
    [(p) => p.dir, /contains the project/],
    [(p) => path.join(p.dir, 'notes'), /already exists and was not made by docsgen \(it holds ideas\.md\)/],
    [() => path.join(repoRoot, 'templates'), /holds your sources/],
  ];
  it.each(cases.map(([out, reason], i) => [i, out, reason] as const))('case %i: refused with a message naming the folder, nothing changed', async (_i, out, reason) => {
    const p = project();
    const before = userFiles(p.dir);
    const folder = out(p);
    const run = await runDocsgen(['build', '--out', folder], p.project);
    expectRefused(run, folder, reason);
    expect(userFiles(p.dir)).toEqual(before);
    expect(litter(p.project)).toEqual([]);
  });

  it('refuses outDir in the config that names an existing folder of the user (src)', async () => {
    const p = project({ ...guides, 'docsgen.config.ts': configSource({ outDir: 'src' }), 'src/main.ts': 'export const answer = 42;\n' });
    const before = userFiles(p.dir);
    expectRefused(await runDocsgen(['build'], p.project), path.join(p.project, 'src'), /not made by docsgen \(it holds main\.ts\)/);
    expect(userFiles(p.dir)).toEqual(before);
  });

  it('refuses symlinks to the content, to .git and to a folder of the user, and a path through one', async () => {
    const p = project();
    for (const [link, target] of [['to-content', 'content'], ['to-git', '.git'], ['to-notes', '../notes']]) fs.symlinkSync(target, path.join(p.project, link));
    const before = userFiles(p.dir);
    for (const link of ['to-content', 'to-git', 'to-notes']) {
      expectRefused(await runDocsgen(['build', '--out', link], p.project), path.join(p.project, link), /is a symbolic link/);
    }
    // Not itself a link, but inside one: the real path decides.
    expectRefused(await runDocsgen(['build', '--out', 'to-content/site'], p.project), path.join(p.project, 'to-content/site'), /is inside .*content, which holds your sources/);
    expectRefused(await runDocsgen(['build', '--out', 'to-git/site'], p.project), path.join(p.project, 'to-git/site'), /is inside \.git\//);
    expect(userFiles(p.dir)).toEqual(before);
  });

  it('replaces its own output and an empty folder; refuses its output once it holds a file of the user, until --empty-out-dir', async () => {
    const p = project();
    fs.mkdirSync(path.join(p.project, 'build'));
    expect((await runDocsgen(['build'], p.project)).code).toBe(0); // empty: fine
    const first = listFiles(path.join(p.project, 'build'));
    expect(first).toContain(MANIFEST);
    expect((await runDocsgen(['build'], p.project)).code).toBe(0); // its own: fine
    fs.writeFileSync(path.join(p.project, 'build/CNAME'), 'docs.test.example\n');
    expectRefused(await runDocsgen(['build'], p.project), path.join(p.project, 'build'), /holds a file that docsgen did not write \(CNAME\)/);
    expect(fs.readFileSync(path.join(p.project, 'build/CNAME'), 'utf8')).toBe('docs.test.example\n');
    const forced = await runDocsgen(['build', '--empty-out-dir'], p.project);
    expect(forced.code, forced.stderr).toBe(0);
    expect(listFiles(path.join(p.project, 'build'))).toEqual(first);
    // Even --empty-out-dir never replaces the sources.
    expectRefused(await runDocsgen(['build', '--empty-out-dir', '--out', 'content'], p.project), path.join(p.project, 'content'), /holds your sources/);
  });
});

/** A site large enough that a build takes a few seconds (render threads, many files). */
function bigSite(): Record<string, string> {
  const files: Record<string, string> = { ...withSpec };
  for (let i = 0; i < 700; i++) files[`content/guides/topic-${i % 7}/page-${i}.md`] = `---\ntitle: Page ${i}\n---\n## Section\n\n${'Parcels, boundaries and schools. '.repeat(40)}\n`;
  return files;
}

/** Resolves once a build of `dir` has made its temporary folder: it is then mid-build. */
async function midBuild(dir: string, deadline = Date.now() + 15_000): Promise<void> {
  while (!fs.readdirSync(dir).some((f) => f.includes('docsgen-tmp-'))) {
    if (Date.now() > deadline) throw new Error('the build never started writing');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('signals, killed builds and two builds at once', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s mid-build exits %i, removes the temporary folder and the lock, and leaves the previous site as it was', async (signal, code) => {
    const p = project(bigSite());
    expect((await runDocsgen(['build'], p.project, { timeoutMs: 60_000 })).code).toBe(0);
    const before = hashTree(p.project, ['.docsgen']);
    const run = await runDocsgen(['build'], p.project, {
      timeoutMs: 60_000,
      onStart: (child) => void midBuild(p.project).then(() => child.kill(signal)),
    });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).toContain(`stopped by ${signal}`);
    expect(litter(p.project)).toEqual([]);
    expect(hashTree(p.project, ['.docsgen'])).toEqual(before);
  });

  it('SIGTERM while the pages\' folders are made ahead of the render stage: the folders go with the temporary folder, and the thread stops', async () => {
    // Over 500 pages: a thread makes their folders while the search stage runs (src/output/folders.ts).
    const p = project(bigSite());
    let caught = false;
    // The window between the first folder and the first page is short: on a busy machine the
    // poll can miss it, and the build is then run again (at most three times).
    for (let attempt = 0; attempt < 3 && !caught; attempt++) {
      const run = await runDocsgen(['build', '--no-cache'], p.project, {
        timeoutMs: 60_000,
        onStart: (child) => {
          const poll = setInterval(() => {
            const tmp = fs.readdirSync(p.project).find((f) => f.includes('docsgen-tmp-'));
            const guides = tmp && path.join(p.project, tmp, 'guides');
            if (!guides || !fs.existsSync(guides)) return;
            clearInterval(poll);
            // Folders made and no page in them yet: the render stage has not started.
            caught = listFiles(guides).length === 0;
            child.kill('SIGTERM');
          }, 2);
          child.once('close', () => clearInterval(poll));
        },
      });
      expect(run.hung).toBe(false);
      expect(run.code, run.stderr).toBe(143);
      expect(litter(p.project)).toEqual([]);
      expect(fs.existsSync(path.join(p.project, 'build'))).toBe(false);
    }
    expect(caught, 'the signal came after the first page was written, three times').toBe(true);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s while a large spec\'s operation pages are made stops the build there, not once the stage ends', async (signal) => {
    // 3,000 operations: the site stage makes pages for seconds, without returning to the event loop between them before steps.ts.
    const p = project({});
    generateSite({ guides: 10, operations: 3000, out: p.project });
    const progress = /making API pages (\d+)\/(\d+)/;
    let sent = false;
    const run = await runDocsgen(['build', '--no-cache'], p.project, {
      timeoutMs: 120_000,
      onStart: (child, output) => {
        const poll = setInterval(() => {
          if (!progress.test(output.stdout())) return;
          clearInterval(poll);
          sent = true;
          child.kill(signal);
        }, 5);
        child.once('close', () => clearInterval(poll));
      },
    });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(run.stderr).toContain(`stopped by ${signal}`);
    // The last progress line it printed: the stage was stopped before its last page.
    const last = run.stdout.split('\n').map((line) => progress.exec(line)).filter((m) => m !== null).at(-1);
    expect(sent && last, run.stdout).toBeTruthy();
    expect(Number(last![1]), run.stdout).toBeLessThan(Number(last![2]));
    expect(litter(p.project)).toEqual([]);
    expect(fs.existsSync(path.join(p.project, 'build'))).toBe(false);
  });

  it.each([
    // About 450 pages: rendered by the main thread (PARALLEL_THRESHOLD), which let no signal in between pages before it rendered in steps.
    ['a site of under 500 pages renders in the build\'s own thread', { guides: 350, operations: 25 }, /rendering pages (\d+)\/(\d+)/, [1, 500]],
    // About 1,200 pages: written by render threads while the main thread removes the folder (output/writeGate.ts).
    ['render threads write a site\'s pages', { guides: 1000, operations: 100 }, /rendering pages \(\d+ threads\) (\d+)\/(\d+)/, [501, Infinity]],
  ] as const)('SIGTERM while %s stops the build there, not after its last page, and the temporary folder is removed for good', async (_what, size, progress, [fewest, most]) => {
    const p = project({});
    generateSite({ ...size, out: p.project });
    let sent = false;
    const run = await runDocsgen(['build', '--no-cache'], p.project, {
      timeoutMs: 120_000,
      onStart: (child, output) => {
        const poll = setInterval(() => {
          if (!progress.test(output.stdout())) return;
          clearInterval(poll);
          sent = true;
          child.kill('SIGTERM');
        }, 2);
        child.once('close', () => clearInterval(poll));
      },
    });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(143);
    expect(run.stderr).toContain('stopped by SIGTERM');
    const last = run.stdout.split('\n').map((line) => progress.exec(line)).filter((m) => m !== null).at(-1);
    expect(sent && last, run.stdout).toBeTruthy();
    // The pages render where the case says: in the main thread up to PARALLEL_THRESHOLD, in render threads above it.
    expect(Number(last![2]), 'the pages render where this case says').toBeGreaterThanOrEqual(fewest);
    expect(Number(last![2]), 'the pages render where this case says').toBeLessThanOrEqual(most);
    expect(Number(last![1]), run.stdout).toBeLessThan(Number(last![2]));
    expect(litter(p.project)).toEqual([]);
    expect(fs.existsSync(path.join(p.project, 'build'))).toBe(false);
  });

  it("SIGTERM early in a large spec's build (start-up, the 13 MB parse, validation): exit 143 within seconds each time, nothing left", async () => {
    // GitHub's REST description: its parse and $ref walk are seconds of one thread that a signal must not wait out.
    const spec = path.join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json');
    const p = project({ 'content/guides/a.md': '---\ntitle: A\n---\nText.\n' });
    fs.writeFileSync(path.join(p.project, 'docsgen.config.ts'), configSource({ navbar: { items: [] }, openapi: { spec, downloadUrl: 'https://api.github.com/openapi.json' } }));
    for (const afterMs of [150, 400, 800, 1_500]) {
      let sentAt = 0;
      const run = await runDocsgen(['build', '--no-cache'], p.project, {
        timeoutMs: 60_000,
        onStart: (child) =>
          void setTimeout(() => {
            sentAt = performance.now();
            child.kill('SIGTERM');
          }, afterMs),
      });
      expect(run.hung, `at ${afterMs} ms`).toBe(false);
      // A signal that lands before docsgen's handlers (Node still loading it: 150 ms was that on a
      // busy CI machine) ends the process as Node's default does, before anything is written.
      if (run.code === null) expect(run.signal, `at ${afterMs} ms`).toBe('SIGTERM');
      else {
        expect(run.code, `at ${afterMs} ms: ${run.stderr}`).toBe(143);
        expect(run.stderr).toContain('✗ build stopped by SIGTERM; nothing was written to the output folder.');
      }
      expect(litter(p.project), `at ${afterMs} ms`).toEqual([]);
      expect(fs.existsSync(path.join(p.project, 'build'))).toBe(false);
      // From the signal to the exit: what a build step holding it up would show (the parse alone is about a second here).
      expect(performance.now() - sentAt, `at ${afterMs} ms`).toBeLessThan(5_000);
    }
  }, 120_000);

  it('after SIGKILL, the next build removes the temporary folder and takes over the lock', async () => {
    const p = project(bigSite());
    const killed = await runDocsgen(['build'], p.project, { timeoutMs: 60_000, onStart: (child) => void midBuild(p.project).then(() => child.kill('SIGKILL')) });
    expect(killed.signal).toBe('SIGKILL');
    expect(litter(p.project).length).toBeGreaterThan(0); // what a killed process cannot clean
    const next = await runDocsgen(['build'], p.project, { timeoutMs: 60_000 });
    expect(next.code, next.stderr).toBe(0);
    expect(litter(p.project)).toEqual([]);
  });

  it('a build killed before it marked its temporary folder: the next build removes the empty folder, and keeps one holding a file docsgen did not write', async () => {
    const p = project();
    const gone = spawnSync(process.execPath, ['-e', '']).pid; // a process that has ended
    const empty = path.join(p.project, `.build.docsgen-tmp-${gone}-a1`);
    const foreign = path.join(p.project, `.build.docsgen-tmp-${gone}-b2`);
    fs.mkdirSync(empty);
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'notes.txt'), 'Mine.\n');
    const run = await runDocsgen(['build'], p.project);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.existsSync(empty)).toBe(false);
    expect(fs.readFileSync(path.join(foreign, 'notes.txt'), 'utf8')).toBe('Mine.\n');
  });

  it('a second build of the same folder fails fast naming the first; the first finishes intact', async () => {
    const p = project(bigSite());
    let second: Promise<Run> | undefined;
    const first = await runDocsgen(['build'], p.project, {
      timeoutMs: 60_000,
      onStart: (child) => void midBuild(p.project).then(() => (second = runDocsgen(['build'], p.project))),
    });
    const other = await second!;
    expect(first.code, first.stderr).toBe(0);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/Another docsgen build \(pid \d+\) is writing .*build\./);
    expect(other.ms).toBeLessThan(8_000);
    const out = path.join(p.project, 'build');
    const manifest = fs.readFileSync(path.join(out, MANIFEST), 'utf8').trim().split('\n').slice(1);
    expect(listFiles(out).filter((f) => f !== MANIFEST)).toEqual(manifest);
    expect(litter(p.project)).toEqual([]);
  });
});

/**
 * Permissions as a user who is not root (root may write anywhere): the test runs docsgen as
 * `nobody` through setpriv when it is root.
 */
describe('read-only folders', () => {
  const root = process.getuid?.() === 0;
  // `nobody` cannot write the compiled CLI's cache: compile it now, as this user, if a source changed.
  beforeAll(() => compiled('cli'));
  const asUser = (dir: string): { env?: NodeJS.ProcessEnv; wrap: string[] } => {
    if (!root) return { wrap: [] };
    spawnSync('chown', ['-R', '65534:65534', dir]);
    return { wrap: ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] };
  };
  const run = (args: string[], cwd: string, wrap: string[]) => {
    const r = spawnSync(wrap[0] ?? process.execPath, [...wrap.slice(1), ...(wrap.length ? [process.execPath] : []), path.join(repoRoot, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
    return { code: r.status, stderr: r.stderr };
  };

  it('a read-only output folder: the new site is swapped in, and the old copy it cannot remove is a warning', () => {
    const p = project(withSpec);
    const { wrap } = asUser(p.dir);
    expect(run(['build'], p.project, wrap).code).toBe(0);
    fs.writeFileSync(path.join(p.project, 'content/guides/a.md'), '---\ntitle: A, again\n---\nNew text.\n');
    fs.chmodSync(path.join(p.project, 'build'), 0o555);
    const r = run(['build'], p.project, wrap);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning .*The new site is in place, but the previous one, moved to .*docsgen-old-.*, could not be removed/);
    expect(fs.readFileSync(path.join(p.project, 'build/guides/a/index.html'), 'utf8')).toContain('New text.');
  });

  it('a folder of the old copy it cannot empty: the copy keeps its marker, and the next build removes it once it can', () => {
    const p = project(withSpec);
    const { wrap } = asUser(p.dir);
    expect(run(['build'], p.project, wrap).code).toBe(0);
    fs.chmodSync(path.join(p.project, 'build/guides'), 0o555);
    const r = run(['build'], p.project, wrap);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/The new site is in place, but the previous one, moved to .*docsgen-old-.*, could not be removed/);
    // The new site is whole; what is left of the old one is marked as docsgen's (its marker goes last)…
    expect(listFiles(path.join(p.project, 'build'))).toContain('guides/a/index.html');
    const left = litter(p.project);
    expect(left).toEqual([expect.stringMatching(/^\.build\.docsgen-old-/)]);
    expect(fs.existsSync(path.join(p.project, left[0], MANIFEST))).toBe(true);
    // …so once it can be emptied, the next build removes it.
    fs.chmodSync(path.join(p.project, left[0], 'guides'), 0o755);
    expect(run(['build'], p.project, wrap).code).toBe(0);
    expect(litter(p.project)).toEqual([]);
  });

  it('a read-only parent folder: exit 1 before rendering, naming the folder that must be writable', () => {
    const p = project(withSpec);
    const { wrap } = asUser(p.dir);
    fs.mkdirSync(path.join(p.dir, 'locked'));
    if (root) spawnSync('chown', ['65534:65534', path.join(p.dir, 'locked')]);
    fs.chmodSync(path.join(p.dir, 'locked'), 0o555);
    const r = run(['build', '--out', '../locked/site'], p.project, wrap);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path.join(p.dir, 'locked')} must be writable`);
    expect(fs.readdirSync(path.join(p.dir, 'locked'))).toEqual([]);
  });
});
