// Issue #15, locales: `docsgen check-links` looks at every locale's pages, from the sources and
// in a built folder (`--dir`), and reports a problem its French pages alone have.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { checkSiteLinks } from '../../src/links/checkSite';
import { toProblems } from '../../src/links/report';
import { repoRoot, writeFiles } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';

const bin = path.join(repoRoot, 'bin/docsgen.js');

async function problems(dir: string, options: Parameters<typeof checkSiteLinks>[0] = {}) {
  const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts'), ...options });
  return toProblems(report.diagnostics, dir).map((p) => `${p.file}:${p.line}  ${p.target}  ${p.reason} (${p.severity})`);
}

describe('#15 check-links covers every locale', () => {
  it('from the sources: a broken link and a broken anchor found only in French translations, each once; the shared ones once', async () => {
    const dir = writeFiles(
      twoLocaleSite({
        'i18n/fr/guides/zones.md': '# Zones\n\nVoir [la page](/guides/nulle-part).\n\n## Codes des zones\n',
        'content/guides/zones.md': '---\ntitle: Flood zones\n---\nSee [nothing](/guides/nowhere).\n\n## Zone codes\n',
      }),
    );
    expect(await problems(dir)).toEqual([
      'content/guides/zones.md:4  /guides/nowhere  /guides/nowhere is not a page of this site (error)',
      // The French introduction links to #zone-codes, which the translated page titles differently.
      'i18n/fr/guides/intro.md:8  ./zones.md#zone-codes  /guides/zones has no anchor #zone-codes (warning)',
      'i18n/fr/guides/zones.md:3  /guides/nulle-part  /guides/nulle-part is not a page of this site (error)',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('from the sources: raw HTML links in French pages resolve from the site root (English or French pages), a broken one is reported', async () => {
    const dir = writeFiles(
      twoLocaleSite({
        'content/guides/zones.md': '---\ntitle: Flood zones\n---\nSee <a href="/guides/intro">intro</a>.\n\n## Zone codes\n',
        'i18n/fr/guides/zones.md': '# Zones\n\n<a href="/fr/guides/intro#obtenir-une-clé">a</a> <a href="/guides/intro">b</a> <a href="/fr/guides/nulle-part">c</a>\n\n## Zone codes\n',
      }),
    );
    expect(await problems(dir)).toEqual(['i18n/fr/guides/zones.md:3  /fr/guides/nulle-part  /fr/guides/nulle-part is not a page or file of this site (error)']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the CLI exits 1 for a broken link that only a French page has, naming the translation', () => {
    const dir = writeFiles(twoLocaleSite({ 'i18n/fr/guides/zones.md': '# Zones\n\nVoir [la page](/guides/nulle-part).\n\n## Zone codes\n' }));
    const r = spawnSync(process.execPath, [bin, 'check-links'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain('i18n/fr/guides/zones.md:3:');
    expect(r.stdout + r.stderr).toContain('/guides/nulle-part is not a page of this site (error)');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([true, false])('trailingSlash %s under a base URL: every page of both locales and every link between them resolve in the built folder', async (trailingSlash) => {
    const dir = writeFiles(twoLocaleSite({}, { trailingSlash, baseUrl: '/docs/' }));
    const result = await build({ root: dir, logger: createMemoryLogger() });
    expect(result.files.has(trailingSlash ? 'fr/guides/intro/index.html' : 'fr/guides/intro.html')).toBe(true);
    const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts'), dir: result.config.outDir });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--dir on a built two-locale site: every page of both locales and their language menus are checked, and all resolve', async () => {
    const dir = writeFiles(twoLocaleSite());
    const result = await build({ root: dir, logger: createMemoryLogger() });
    const report = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts'), dir: result.config.outDir });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The French pages are there to be checked: a French page linking to a page of no locale is caught.
    const frIntro = path.join(result.config.outDir, 'fr/guides/intro/index.html');
    fs.writeFileSync(frIntro, fs.readFileSync(frIntro, 'utf8').replace('href="/fr/guides/zones"', 'href="/fr/guides/zonez"'));
    const after = await checkSiteLinks({ root: dir, configFile: path.join(dir, 'docsgen.config.ts'), dir: result.config.outDir });
    expect(after.diagnostics.filter((d) => d.severity === 'error').map((d) => d.location?.file && path.relative(result.config.outDir, d.location.file))).toContain('fr/guides/intro/index.html');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
