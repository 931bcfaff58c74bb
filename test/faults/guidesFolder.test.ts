// What the content folders, and the files the config names, may be besides files and folders. Links are followed (a guide folder
// shared between projects by a link builds), but a link back to a folder holding it listed the
// guides for ever, until the path grew too long and the build died with an internal error. A
// pipe named like a guide kept the build waiting for a writer for good, and deaf to SIGTERM:
// reading it is one synchronous call. Both are refused now, naming them; serve --watch reports
// them and goes on serving, and builds again once they are gone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WatchEvent } from '../../src/serve/watch';
import { configSource, writeFiles } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';
import { startServer } from '../serve/helpers';
import { hashTree, runDocsgen } from './harness';

const guide = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

function project(): string {
  return writeFiles({
    'content/guides/zoning.md': guide('Zoning', 'Zoning codes by parcel.'),
    'content/guides/permits/open-permits.md': guide('Open permits', 'Permits filed in the last year.'),
  });
}

/** Runs `docsgen <command>` in `dir`, which must end in time with exit 1 (docsgen never hangs). */
async function fails(command: string, dir: string) {
  const run = await runDocsgen([command], dir, { timeoutMs: 30_000 });
  expect(run.hung, `${command} ended in time`).toBe(false);
  expect(run.code, run.stderr).toBe(1);
  return run;
}

describe('the guides folder', () => {
  it('a link back to a folder that holds it, and a pipe named like a guide: the build fails at once, naming each', async () => {
    const dir = project();
    fs.symlinkSync('..', path.join(dir, 'content/guides/permits/again'));
    execFileSync('mkfifo', [path.join(dir, 'content/guides/waiting.md')]);
    const before = hashTree(dir, ['.docsgen']);
    const run = await fails('build', dir);
    expect(run.stderr).toContain('content/guides/permits/again The symbolic link permits/again in the guides folder leads back to a folder that contains it (→ ..)');
    expect(run.stderr).toContain('content/guides/waiting.md The guides folder holds waiting.md, which is neither a file nor a folder (a pipe, a socket or a device)');
    expect(run.stderr).not.toMatch(/internal error|ELOOP/);
    expect(hashTree(dir, ['.docsgen'])).toEqual(before);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);

    const check = await fails('check-links', dir);
    expect(check.stderr).toContain('leads back to a folder that contains it');
  }, 90_000);

  it('a guide whose file name holds a newline is an error naming it: its URL could not hold it, nor the output its list of files', async () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, 'content/guides/permits/closed\npermits.md'), guide('Closed permits', 'Permits closed this year.'));
    const run = await fails('build', dir);
    expect(run.stderr).toContain('The guides folder holds "permits/closed\\npermits.md", whose name has a control character (a newline, a tab…), which a page\'s URL cannot hold.');
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  }, 60_000);

  it('a guide larger than the process can render is an error naming it, at once: it died in a V8 abort after a minute, a temporary folder left', async () => {
    const dir = project();
    // With an old space of 200 MB a page may be about 3.5 MB (a 64th of the heap).
    const paragraph = 'Parcels in the flood zone carry a *zone code* and a [link](./zoning.md) to its map.\n\n';
    fs.writeFileSync(path.join(dir, 'content/guides/bulk-export.md'), guide('Bulk export', paragraph.repeat(Math.ceil(5e6 / paragraph.length))));
    // One past what Node reads into a string at all (sparse: no disk used), refused by its size before it is read.
    const archive = path.join(dir, 'content/guides/archive.md');
    fs.writeFileSync(archive, guide('Archive', 'Every parcel since 1990.'));
    fs.truncateSync(archive, 3 * 2 ** 30);
    const run = await runDocsgen(['build'], dir, { env: { NODE_OPTIONS: '--max-old-space-size=200' }, timeoutMs: 30_000 });
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^✗ error content\/guides\/bulk-export\.md This Markdown file is 5\.0 MB, more than this process can render in its memory: Node's heap limit is [\d.]+ MB, and a page needs about 64 times its text \(at most [\d.]+ MB here\)\.$/m);
    expect(run.stderr).toMatch(/hint: Split it into several pages, or give Node a larger heap, e\.g\. NODE_OPTIONS=--max-old-space-size=\d+ \(MB\) before docsgen\./);
    expect(run.stderr).toMatch(/^✗ error content\/guides\/archive\.md This Markdown file is 3\.2 GB, more than this process can render in its memory/m);
    // No output, temporary folder or lock left.
    expect(fs.readdirSync(dir).filter((name) => name === 'build' || name.startsWith('.build'))).toEqual([]);
    fs.rmSync(archive);
    // With the heap it asks for, the same guide builds.
    const built = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(built.code, built.stderr).toBe(0);
  }, 120_000);

  it('a link to a folder beside it is followed: its guides are built under the link\'s name', async () => {
    const dir = project();
    fs.symlinkSync('./permits', path.join(dir, 'content/guides/licences'));
    const run = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'build/guides/licences/open-permits/index.html'), 'utf8')).toContain('Permits filed in the last year.');
  }, 90_000);

  it("an image that is not a file (/dev/zero, a pipe) is an error at the image's line: read whole to be hashed, it never ended", async () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, 'media'));
    execFileSync('mkfifo', [path.join(dir, 'media/plan.png')]);
    const up = '../'.repeat(path.join(dir, 'content/guides').split(path.sep).length);
    fs.writeFileSync(path.join(dir, 'content/guides/zoning.md'), guide('Zoning', `Zoning codes by parcel.\n\n![Site plan](../../media/plan.png)\n\n![Noise](${up}dev/zero)`));
    const run = await fails('build', dir);
    expect(run.stderr).toContain('content/guides/zoning.md:7:14 The image "../../media/plan.png" is not a file (a folder, a pipe or a device).');
    expect(run.stderr).toContain(`content/guides/zoning.md:9:10 The image "${up}dev/zero" is not a file (a folder, a pipe or a device).`);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  }, 60_000);

  it('a pipe named like a page in content/pages (pricing.md, plans.tsx) is an error naming it; the other pages build', async () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, 'content/pages'));
    fs.writeFileSync(path.join(dir, 'content/pages/about.md'), guide('About', 'Who maintains the parcel data.'));
    for (const name of ['pricing.md', 'plans.tsx']) {
      execFileSync('mkfifo', [path.join(dir, 'content/pages', name)]);
      const run = await fails('build', dir);
      expect(run.stderr).toContain(`content/pages/${name} The pages folder holds ${name}, which is neither a file nor a folder (a pipe, a socket or a device)`);
      fs.rmSync(path.join(dir, 'content/pages', name));
    }
    const built = await runDocsgen(['build'], dir, { timeoutMs: 60_000 });
    expect(built.code, built.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'build/about/index.html'), 'utf8')).toContain('Who maintains the parcel data.');
  }, 90_000);

  it("a pipe where a guide's translation goes (i18n/fr/guides/zones.md) is an error naming it", async () => {
    const dir = writeFiles(twoLocaleSite());
    fs.mkdirSync(path.join(dir, 'i18n/fr/guides'), { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'i18n/fr/guides/zones.md')]);
    const run = await fails('build', dir);
    expect(run.stderr).toContain('i18n/fr/guides/zones.md The translations folder holds zones.md, which is neither a file nor a folder (a pipe, a socket or a device)');
  }, 60_000);

  it('serve --watch: a loop made while serving is reported and the last good build stays served; removed, the guides build again', async () => {
    const dir = project();
    const server = await startServer({ root: dir, watch: true, watchTemplates: false });
    try {
      await server.context!.ready;
      const next = (predicate: (e: WatchEvent) => boolean) =>
        new Promise<WatchEvent>((resolve) => {
          const stop = server.context!.subscribe((e) => {
            if (!predicate(e)) return;
            stop();
            resolve(e);
          });
        });
      const failed = next((e) => e.type === 'failed');
      fs.symlinkSync('..', path.join(dir, 'content/guides/permits/again'));
      const event = await failed;
      if (event.type !== 'failed') throw new Error('expected a failed build');
      expect(event.errors.map((e) => e.text)).toEqual([expect.stringContaining('The symbolic link permits/again in the guides folder leads back to a folder that contains it')]);
      expect(String(server.context!.state.files.get('guides/zoning/index.html'))).toContain('Zoning codes by parcel.');
      const built = next((e) => e.type === 'built' && String(server.context!.state.files.get('guides/zoning/index.html')).includes('Zoning codes, revised.'));
      fs.unlinkSync(path.join(dir, 'content/guides/permits/again'));
      fs.writeFileSync(path.join(dir, 'content/guides/zoning.md'), guide('Zoning', 'Zoning codes, revised.'));
      await built;
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('files the config names', () => {
  it('a favicon that is a pipe and custom CSS that is a folder: errors at their keys, not a build that waits for good', async () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, 'docsgen.config.ts'), configSource({ favicon: 'static/favicon.ico', branding: { customCss: ['static/theme.css'] } }));
    fs.mkdirSync(path.join(dir, 'static/theme.css'), { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'static/favicon.ico')]);
    const run = await fails('build', dir);
    expect(run.stderr).toMatch(/docsgen\.config\.ts:\d+:\d+ "favicon" names static\/favicon\.ico, which is not a file \(a folder, a pipe or a device\)\./);
    expect(run.stderr).toMatch(/docsgen\.config\.ts:\d+:\d+ "branding\.customCss\[0\]" names static\/theme\.css, which is not a file \(a folder, a pipe or a device\)\./);
  }, 60_000);
});
