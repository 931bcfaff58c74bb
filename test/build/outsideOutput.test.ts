// docsgen never writes outside its output folder: a slug or a redirect with `..` segments is an
// error at its file, and the writer refuses any path that climbs out, whatever made it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { insideOutput, joinPath } from '../../src/output/insideOutput';
import { buildFails, configSource } from '../helpers/fixture';

describe('writing outside the output folder', () => {
  it('reports a guide whose slug climbs out, at the guide, and writes nothing anywhere', async () => {
    const { error, dir } = await buildFails({ 'content/guides/a.md': '---\nslug: /../../../../escaped-by-slug\n---\n# A\n', 'content/guides/b.md': '# B\n' });
    expect(error.diagnostics.map((d) => [d.code, path.basename(d.location!.file)])).toContainEqual(['bad-slug', 'a.md']);
    expect(error.diagnostics.find((d) => d.code === 'bad-slug')!.text).toBe('The slug "/../../../../escaped-by-slug" makes the route /guides/../../../../escaped-by-slug, which climbs out of the guides with "." or ".." segments; the guide is left out.');
    // Wherever the slug's four `..` would have led from the output folder or the one beside it.
    for (let up = dir, i = 0; i < 6; i++, up = path.dirname(up)) expect(fs.existsSync(path.join(up, 'escaped-by-slug')), up).toBe(false);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  }, 60_000);

  it("reports a slug no output folder can hold (a long name, a control character, a long path) at the slug's line", async () => {
    const { error, dir } = await buildFails({
      'content/guides/long-name.md': `---\ntitle: Long\nslug: ${'flood-zone-'.repeat(30)}\n---\n# A\n`,
      'content/guides/nul.md': '---\ntitle: Nul\nslug: "zones\\u0000x"\n---\n# B\n',
      'content/guides/deep.md': `---\nslug: ${'ward/'.repeat(500)}x\n---\n# C\n`,
      'content/guides/fine.md': '# E\n',
    });
    const found = Object.fromEntries(error.diagnostics.filter((d) => d.code === 'bad-slug').map((d) => [path.basename(d.location!.file), [d.text, d.location!.line]]));
    expect(found['long-name.md']).toEqual([`The slug "${'flood-zone-'.repeat(30).slice(0, 80)}…" makes the route /guides/${'flood-zone-'.repeat(30).slice(0, 72)}…, which has a segment of 330 bytes, and a folder's name holds at most 255; the guide is left out.`, 3]);
    expect(found['nul.md']).toEqual(['The slug "zones\u0000x" makes the route /guides/zones\u0000x, which holds a control character (U+0000), not allowed in a URL; the guide is left out.', 3]);
    expect(found['deep.md'][0]).toMatch(/, which is 2,509 bytes long, more than a sitemap's URL may be \(2,000 here\); the guide is left out\.$/);
    expect(found['deep.md'][1]).toBe(2);
    expect(Object.keys(found)).toHaveLength(3);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  }, 60_000);

  it('reports a redirect from a path with .. segments at its line of the config', async () => {
    const config = configSource({ redirects: [{ from: '/../../escaped-by-redirect', to: '/guides/a' }] });
    const { error } = await buildFails({ 'docsgen.config.ts': config, 'content/guides/a.md': '# A\n' });
    expect(error.diagnostics[0].text).toBe('Invalid config: "redirects[0].from" expected a site path starting with "/", without "." or ".." segments, "?" or "#", got "/../../escaped-by-redirect".');
    expect(error.diagnostics[0].location?.line).toBe(config.split('\n').findIndex((l) => l.includes('escaped-by-redirect')) + 1);
  }, 60_000);

  it('refuses, as the last check, any file path that is absolute or climbs out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-inside-'));
    expect(insideOutput(root, 'guides/a/index.html')).toBe(path.join(root, 'guides/a/index.html'));
    for (const rel of ['../x.html', 'guides/../../x.html', '/etc/x.html', '', '.']) {
      expect(() => insideOutput(root, rel), rel).toThrow(DocsgenError);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('joins a plain path as path.resolve would, and leaves every other to it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-inside-'));
    // Joined as strings (a page, a file with dots in its name, a cache entry) or not (a `.` or empty
    // segment, a backslash, a root that is not normalised): each as Node's path module makes it.
    const inside = ['guides/a/index.html', 'search-index/f/3fa9/12.json', '...json', 'a..b/.hidden', 'page/3f/3f0a', 'guides/./a.html', 'guides//a.html', 'guides/a/', 'back\\slash.html'];
    for (const rel of inside) expect(insideOutput(root, rel), rel).toBe(path.resolve(root, rel));
    for (const base of [`${root}/`, `${root}/./sub/..`, `${root}//x`]) {
      expect(insideOutput(base, 'guides/a.html'), base).toBe(path.resolve(base, 'guides/a.html'));
      expect(joinPath(base, 'guides/a.html'), base).toBe(path.join(base, 'guides/a.html'));
    }
    for (const rel of ['guides/../../x.html', 'a/..', './..', 'guides/a/../../../x']) expect(() => insideOutput(root, rel), rel).toThrow(DocsgenError);
    expect(joinPath('/', 'a.html')).toBe('/a.html');
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
