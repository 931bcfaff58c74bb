// A failed build names what is wrong and never touches the previous output.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { buildFails, configSource, listFiles, writeFiles } from '../helpers/fixture';

const good = { 'content/guides/a.md': '---\ntitle: A\n---\nSee [B](./b.md).\n', 'content/guides/b.md': '---\ntitle: B\n---\n## Part\n\nText.\n' };

describe('build failures', () => {
  it('fails on a link to a route that does not exist, naming the file, line and target', async () => {
    const { error } = await buildFails({ ...good, 'content/guides/c.md': '---\ntitle: C\n---\nIntro.\n\nGo to [nowhere](/guides/nowhere).\n' });
    const d = error.diagnostics.filter((x) => x.severity === 'error');
    expect(d.map((x) => [x.code, x.text, path.basename(x.location!.file), x.location!.line])).toEqual([
      ['broken-link', 'The link "/guides/nowhere" points to /guides/nowhere, which is not a page of this site.', 'c.md', 6],
    ]);
  });

  it('warns only (and builds) under onBrokenLinks: "warn", and about broken anchors and markdown links', async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource({ onBrokenLinks: 'warn' }),
      ...good,
      'content/guides/c.md': '---\ntitle: C\n---\n[x](/guides/nowhere) [y](./b.md#no-such-part) [z](./missing.md)\n',
    });
    const result = await build({ root: dir, logger: createMemoryLogger() });
    // Content-stage warnings first, then the link check's in the order of the source (#15: by column within a line).
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['broken-markdown-link', 'warning'],
      ['broken-link', 'warning'],
      ['broken-anchor', 'warning'],
    ]);
  });

  it('lets the CLI policy override the config (build({ onBrokenLinks }))', async () => {
    const dir = writeFiles({ ...good, 'content/guides/c.md': '---\ntitle: C\n---\n[x](/guides/nowhere)\n' });
    const result = await build({ root: dir, logger: createMemoryLogger(), onBrokenLinks: 'ignore' });
    expect(result.diagnostics).toEqual([]);
  });

  it('fails on a config link (navbar) to a missing page, pointing at the config line', async () => {
    const { error } = await buildFails({ 'docsgen.config.ts': configSource({ navbar: { items: [{ label: 'Docs', to: '/documentation' }] } }), ...good });
    expect(error.diagnostics[0].location).toMatchObject({ file: expect.stringMatching(/docsgen\.config\.ts$/), line: expect.any(Number) });
    expect(error.diagnostics[0].location!.lineText).toContain('/documentation');
  });

  it('leaves the previous output exactly as it was after a failed build', async () => {
    const dir = writeFiles(good);
    await build({ root: dir, logger: createMemoryLogger() });
    const out = path.join(dir, 'build');
    const snapshot = () => listFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]);
    const before = snapshot();
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), '---\ntitle: A changed\n---\n[broken](/guides/gone)\n');
    await expect(build({ root: dir, logger: createMemoryLogger() })).rejects.toBeInstanceOf(DocsgenError);
    expect(snapshot()).toEqual(before);
    expect(fs.readdirSync(dir).filter((f) => f.includes('docsgen-tmp') || f.includes('docsgen-old'))).toEqual([]);
  });

  it('replaces the output on success, removing files of pages that no longer exist', async () => {
    const dir = writeFiles(good);
    await build({ root: dir, logger: createMemoryLogger() });
    fs.rmSync(path.join(dir, 'content/guides/b.md'));
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), '---\ntitle: A\n---\nAlone now.\n');
    await build({ root: dir, logger: createMemoryLogger() });
    expect(fs.existsSync(path.join(dir, 'build/guides/b/index.html'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'build/guides/a/index.html'))).toBe(true);
  });

  it('refuses an output folder that contains the project', async () => {
    const dir = writeFiles(good);
    await expect(build({ root: dir, outDir: dir, logger: createMemoryLogger() })).rejects.toThrow(/is the project \(.*\); a build would replace it/);
    expect(fs.existsSync(path.join(dir, 'content/guides/a.md'))).toBe(true);
  });

  it('ends the spec validator thread when the content stage fails before the spec is read', async () => {
    // buildFails asserts that no thread is left running (a live one hung the CLI forever).
    const { error } = await buildFails({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
      'openapi.yaml': "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\n",
      'content/guides/a.md': '---\ntitle: A\nsidebar_position: "three"\n---\nText.\n',
    });
    expect(error.diagnostics.map((d) => d.code)).toContain('frontmatter-invalid');
  });

  it('never modifies the sources it reads', async () => {
    const dir = writeFiles(good);
    const before = listFiles(path.join(dir, 'content')).map((f) => fs.readFileSync(path.join(dir, 'content', f), 'utf8'));
    await build({ root: dir, logger: createMemoryLogger() });
    expect(listFiles(path.join(dir, 'content')).map((f) => fs.readFileSync(path.join(dir, 'content', f), 'utf8'))).toEqual(before);
  });
});
