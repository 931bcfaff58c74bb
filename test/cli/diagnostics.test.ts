// Issue #15, guides: what the terminal says about a broken link, as a user runs docsgen (a child
// process). `build` and `check-links` name the same `file:line:column` with the source line and
// a caret beneath, and every diagnostic is printed once, whether the command fails or not.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, runDocsgen } from '../faults/harness';
import { configSource, writeFiles } from '../helpers/fixture';

const guide = [
  '---',
  'title: A',
  '---',
  'Intro text.',
  '',
  'A paragraph that goes on for a while and then,',
  'on its second line, has [a missing file](./nope.md) in it.',
  '',
  'And [a missing page](/guides/nowhere) here.',
  '',
].join('\n');

const site = () => writeFiles({ 'content/guides/a.md': guide });

const mdWarning = 'The markdown link "./nope.md" points to a file that does not exist (or is a draft).';
const brokenLink = 'The link "/guides/nowhere" points to /guides/nowhere, which is not a page of this site.';

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** The location printed before `needle` on its line, and the two lines of code frame after it. */
function reportOf(output: string, needle: string): { where: string; frame: string[] } {
  const lines = output.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  expect(i, `"${needle}" in:\n${output}`).toBeGreaterThanOrEqual(0);
  const where = /(content\/guides\/a\.md:\d+(?::\d+)?)/.exec(lines[i])?.[1] ?? '';
  return { where, frame: lines.slice(i + 1, i + 3).map((l) => l.replace(/^ {4}/, '')) };
}

describe('#15 build errors as promised: file:line:column and the source line with a caret', () => {
  it('build and check-links print the same location and code frame for a broken link and a broken .md link', async () => {
    const dir = site();
    const build = await runDocsgen(['build'], dir);
    const check = await runDocsgen(['check-links'], dir);
    expect(build.code).toBe(1);
    expect(check.code).toBe(1);

    // The column is the link target's, in the file's 7th line (the paragraph's second).
    const md = reportOf(build.stderr, mdWarning);
    expect(md.where).toBe('content/guides/a.md:7:42');
    expect(md.frame).toEqual(['7 | on its second line, has [a missing file](./nope.md) in it.', `${' '.repeat('7 | '.length + 41)}^`]);
    const link = reportOf(build.stderr, brokenLink);
    expect(link.where).toBe('content/guides/a.md:9:22');
    expect(link.frame).toEqual(['9 | And [a missing page](/guides/nowhere) here.', `${' '.repeat('9 | '.length + 21)}^`]);

    // check-links: one line per problem, then the same frame.
    expect(reportOf(check.stderr, './nope.md')).toEqual(md);
    expect(reportOf(check.stderr, '/guides/nowhere  ')).toEqual(link);
  });

  it('a link in a spec description: the spec file, line and column in both, with the JSON pointer', async () => {
    const spec = ['openapi: 3.0.3', 'info:', '  title: Mini API', '  version: "1"', 'paths:', '  /ping:', '    get:', '      operationId: ping', '      summary: Ping', '      description: See [the guide](/guides/gone).', '      responses:', '        "200":', '          description: OK', ''].join('\n');
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nText.\n',
      'openapi.yaml': spec,
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
    });
    const build = await runDocsgen(['build'], dir);
    const check = await runDocsgen(['check-links'], dir);
    const frame = ['10 |       description: See [the guide](/guides/gone).', `${' '.repeat('10 | '.length + 35)}^`];
    const at = (output: string, needle: string) => {
      const lines = output.split('\n');
      const i = lines.findIndex((l) => l.includes(needle));
      return { where: /openapi\.yaml(:\d+)*/.exec(lines[i] ?? '')?.[0], frame: lines.slice(i + 1, i + 3).map((l) => l.replace(/^ {4}/, '')) };
    };
    expect(at(build.stderr, 'The link "/guides/gone"'), build.stderr).toEqual({ where: 'openapi.yaml:10:36', frame });
    expect(build.stderr).toContain('note: in the OpenAPI spec at /paths/~1ping/get/description');
    expect(at(check.stderr, '/guides/gone  '), check.stderr).toEqual({ where: 'openapi.yaml:10:36', frame });
  });

  it('the caret sits under the link in the terminal, whatever the gutter width', async () => {
    const dir = writeFiles({ 'content/guides/a.md': `${'Text.\n\n'.repeat(60)}Then [gone](/guides/gone).\n` });
    const build = await runDocsgen(['build'], dir);
    const lines = build.stderr.split('\n');
    const i = lines.findIndex((l) => l.includes('"/guides/gone"'));
    expect(lines[i]).toContain('content/guides/a.md:121:13 ');
    const source = lines[i + 1];
    const caret = lines[i + 2];
    expect(source).toBe('    121 | Then [gone](/guides/gone).');
    expect(source.slice(caret.indexOf('^'))).toBe('/guides/gone).');
  });
});

describe('#15 no warning printed twice', () => {
  it('a failing build prints each warning and each error once', async () => {
    const r = await runDocsgen(['build'], site());
    expect(r.code).toBe(1);
    expect(count(r.stderr, mdWarning)).toBe(1);
    expect(count(r.stderr, brokenLink)).toBe(1);
    expect(count(r.stderr, 'build failed with 1 error.')).toBe(1);
  });

  it('a succeeding build prints each warning once', async () => {
    const r = await runDocsgen(['build', '--on-broken-links', 'warn'], site());
    expect(r.code).toBe(0);
    expect(count(r.stderr, mdWarning)).toBe(1);
    expect(count(r.stderr, brokenLink)).toBe(1);
  });

  it('check-links prints each problem once, failing or not', async () => {
    const dir = site();
    for (const args of [['check-links'], ['check-links', '--on-broken-links', 'warn']]) {
      const r = await runDocsgen(args, dir);
      expect(r.code).toBe(args.length === 1 ? 1 : 0);
      expect(count(r.stderr, './nope.md')).toBe(2); // the report line and its source line
      expect(count(r.stderr, '  /guides/nowhere  ')).toBe(1);
    }
  });

  it('serve with no output folder: its failing first build prints each warning once', async () => {
    const r = await runDocsgen(['serve', '--port', '0'], site());
    expect(r.code).toBe(1);
    expect(count(r.stderr, mdWarning)).toBe(1);
    expect(count(r.stderr, brokenLink)).toBe(1);
  });

  it('serve --watch prints each warning once: not again on every rebuild while it stays, again when it comes back', async () => {
    const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nSee [x](./nope.md).\n', 'content/guides/b.md': '---\ntitle: B\n---\nB.\n' });
    const warning = 'The markdown link "./nope.md" points to a file that does not exist (or is a draft).';
    const child = spawn(process.execPath, [bin, 'serve', '--watch', '--port', '0'], { cwd: dir, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', CI: 'true' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const eventually = async (done: () => boolean | Promise<boolean>, what: string) => {
      const end = Date.now() + 25_000;
      while (!(await done()) && Date.now() < end) await sleep(50);
      expect(await done(), `${what}\n${stdout}\n${stderr}`).toBe(true);
    };
    // Each edit is waited for by its text on the served page, not by counting builds: a build
    // that took in two saves at once, or one more than expected, must not skip a state.
    let origin = '';
    const edit = async (file: string, text: string, shows: string) => {
      fs.writeFileSync(path.join(dir, file), text);
      const url = `${origin}guides/${path.basename(file, '.md')}/`;
      await eventually(async () => (await (await fetch(url)).text()).includes(shows), `${url} shows "${shows}"`);
      await sleep(200); // a warning printed twice would be on stderr by now
    };
    try {
      await eventually(() => /Serving .* at (http:\/\/\S+)/.test(stdout), 'the server is up');
      origin = /Serving .* at (http:\/\/\S+)/.exec(stdout)![1];
      expect(count(stderr, warning)).toBe(1);
      // Edits elsewhere, and one to a.md that keeps its broken link: the warning stays, printed once.
      await edit('content/guides/b.md', '---\ntitle: B\n---\nB, edited.\n', 'B, edited.');
      await edit('content/guides/b.md', '---\ntitle: B two\n---\nB, edited.\n', 'B two');
      await edit('content/guides/a.md', '---\ntitle: A\n---\nSee [x](./nope.md), still.\n', 'still.');
      expect(count(stderr, warning), stderr).toBe(1);
      // Fixed, then broken again: printed again.
      await edit('content/guides/a.md', '---\ntitle: A\n---\nSee [x](./b.md), fixed.\n', 'fixed.');
      await edit('content/guides/a.md', '---\ntitle: A\n---\nSee [x](./nope.md), broken again.\n', 'broken again.');
      await eventually(() => count(stderr, warning) === 2, 'the warning printed a second time');
      await sleep(200);
      expect(count(stderr, warning), stderr).toBe(2);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  });
});
