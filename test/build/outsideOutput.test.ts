// docsgen never writes outside its output folder: a slug or a redirect with `..` segments is an
// error at its file, and the writer refuses any path that climbs out, whatever made it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../src/diagnostics/diagnostic';
import { insideOutput } from '../../src/output/insideOutput';
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
});
