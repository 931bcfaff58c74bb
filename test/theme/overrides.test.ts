// Component overrides: a file in the project's theme/ named like a built-in replaces it on every
// page, can wrap the original, and is reported at its own file when it fails.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { buildFails, buildFiles, configSource } from '../helpers/fixture';

const guides = {
  'content/guides/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nHello.\n',
  'content/guides/usage.md': '---\ntitle: Usage\n---\n\n# Usage\n\nMore.\n',
};

const spec = `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      tags: [pets]
      responses: { '200': { description: ok } }
`;

const withSpec = {
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://docs.test.example/openapi.yaml' } }),
  'openapi.yaml': spec,
};

describe('theme/ overrides', () => {
  it('a Footer override replaces the footer on every page, guides and API alike', async () => {
    const site = await buildFiles({
      ...guides,
      ...withSpec,
      'theme/Footer.tsx': `import type { FooterProps } from 'docsgen/theme';\nexport function Footer({ footer }: FooterProps) {\n  return <footer className="acme-footer">Acme Corp · {footer.copyright}</footer>;\n}\n`,
    });
    const pages = ['index.html', 'guides/intro/index.html', 'guides/usage/index.html', 'api/index.html', 'api/list-pets/index.html', '404.html'];
    for (const page of pages) {
      const $ = site.$(page);
      expect($('footer.acme-footer').text(), page).toBe('Acme Corp · Copyright © 2025 Test');
      expect($('footer.footer').length, page).toBe(0);
    }
  });

  it('an override can wrap the original it replaces', async () => {
    const site = await buildFiles({
      ...guides,
      'theme/Footer.tsx': `import { Footer as OriginalFooter } from 'docsgen/theme/original/components/Footer';\nimport type { FooterProps } from 'docsgen/theme';\nexport function Footer(props: FooterProps) {\n  return <>\n    <aside className="before-footer">Was this page useful?</aside>\n    <OriginalFooter {...props} />\n  </>;\n}\n`,
    });
    const $ = site.$('guides/intro/index.html');
    expect($('aside.before-footer').text()).toBe('Was this page useful?');
    expect($('footer.footer .footer-copyright').text()).toBe('Copyright © 2025 Test');
    // The aside comes right before the footer.
    expect($('aside.before-footer').next().is('footer.footer')).toBe(true);
  });

  it('a page override (Home) replaces the home page only, and may wrap it by its short name', async () => {
    const site = await buildFiles({
      ...guides,
      'theme/Home.tsx': `import { Home as OriginalHome } from 'docsgen/theme/original/Home';\nimport type { HomeProps } from 'docsgen/theme';\nexport function Home(props: HomeProps) {\n  return <><main className="custom-home"><h1>Welcome to {props.site.title}</h1></main><OriginalHome {...props} /></>;\n}\n`,
    });
    expect(site.$('index.html')('main.custom-home h1').text()).toBe('Welcome to Test Docs');
    expect(site.$('index.html')('main').length).toBe(2);
    expect(site.$('guides/intro/index.html')('main.custom-home').length).toBe(0);
  });

  it('a site without overrides compiles nothing into .docsgen/theme', async () => {
    const site = await buildFiles({ ...guides, 'theme/notes.txt': 'not a component' });
    expect(fs.existsSync(path.join(site.dir, '.docsgen/theme'))).toBe(false);
    expect(site.$('guides/intro/index.html')('footer.footer').length).toBe(1);
  });

  it('an override that does not compile fails the build at its file, line and column', async () => {
    const { dir, error } = await buildFails({
      ...guides,
      'theme/Footer.tsx': `export function Footer() {\n  return <footer>oops</foter>;\n}\n`,
    });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.location).toMatchObject({ file: path.join(dir, 'theme/Footer.tsx'), line: 2 });
    expect(d.location?.column).toBe('  return <footer>oops</foter>;'.indexOf('foter') + 1);
    expect(d.text).toContain('Footer.tsx');
  });

  it('an override that exports none of the names it replaces says which to export', async () => {
    const { dir, error } = await buildFails({ ...guides, 'theme/Footer.tsx': `export function MyFooter() {\n  return <footer />;\n}\n` });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.location?.file).toBe(path.join(dir, 'theme/Footer.tsx'));
    expect(d.text).toContain('exports none of its names (Footer)');
  });

  it('an override that throws while rendering names its file, line and the page', async () => {
    const { dir, error } = await buildFails({
      ...guides,
      'theme/Footer.tsx': `import type { FooterProps } from 'docsgen/theme';\nexport function Footer(props: FooterProps) {\n  const links = (props as unknown as { nope: string[] }).nope;\n  return <footer>{links.length}</footer>;\n}\n`,
    });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.text).toMatch(/^Rendering the page \/\S* failed in theme\/Footer\.tsx: /);
    expect(d.location).toMatchObject({ file: path.join(dir, 'theme/Footer.tsx'), line: 4 });
  });

  it('an island override is server-rendered, bundled for the browser, and its JavaScript size reported', async () => {
    const site = await buildFiles({
      ...guides,
      'docsgen.config.ts': configSource({ navbar: { items: [{ type: 'colorMode', position: 'right' }] } }),
      'theme/ColorModeToggle.tsx': `import { useState } from 'react';\nexport default function ColorModeToggle() {\n  const [dark, setDark] = useState(false);\n  return <button className="acme-toggle" onClick={() => setDark(!dark)}>{dark ? 'Dark' : 'Light'}</button>;\n}\n`,
    });
    const $ = site.$('guides/intro/index.html');
    expect($('[data-island="ColorModeToggle"] button.acme-toggle').text()).toBe('Light');
    const manifest = JSON.parse($('#docsgen-islands').text()) as { islands: Record<string, string> };
    expect(site.read(manifest.islands.ColorModeToggle.slice(1))).toContain('acme-toggle');
    const line = site.logger.lines.find((l) => l.startsWith('islands: ColorModeToggle'));
    expect(line).toMatch(/^islands: ColorModeToggle \(theme\/ColorModeToggle\.tsx\) \d+\.\d KB gzip before interaction, \d+\.\d KB of it its own \(budget 100\.0 KB\)$/);
    // The override's own code is small; React and the runtime are most of it.
    const [total, own] = [...line!.matchAll(/(\d+\.\d) KB/g)].map((m) => Number(m[1]));
    expect(own).toBeLessThan(2);
    expect(total).toBeGreaterThan(20);
  });

  it('overrides also render in worker threads', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 30; i++) many[`content/guides/g${i}.md`] = `---\ntitle: Guide ${i}\n---\n\nText ${i}.\n`;
    const site = await buildFiles(
      { ...many, 'theme/Footer.tsx': `export function Footer() {\n  return <footer className="acme-footer">Threads</footer>;\n}\n` },
      { threads: 2 },
    );
    for (const i of [0, 15, 29]) expect(site.$(`guides/g${i}/index.html`)('footer.acme-footer').text()).toBe('Threads');
  });

  it('an island override over the JavaScript budget is warned about at its file', async () => {
    // 48 KB of random text: gzip cannot shrink it, so the island alone weighs about 36 KB.
    const blob = crypto.randomBytes(36 * 1024).toString('base64');
    const site = await buildFiles({
      ...guides,
      'docsgen.config.ts': configSource({ navbar: { items: [{ type: 'colorMode', position: 'right' }] } }),
      'theme/ColorModeToggle.tsx': `const BLOB = ${JSON.stringify(blob)};\nexport default function ColorModeToggle() {\n  return <button onClick={() => console.log(BLOB)}>Theme</button>;\n}\n`,
    });
    const warned = site.logger.diagnostics.find((d) => d.code === 'island-budget');
    expect(warned?.severity).toBe('warning');
    expect(warned?.location?.file).toBe('theme/ColorModeToggle.tsx');
    expect(warned?.text).toMatch(/^The island ColorModeToggle loads 1\d\d\.\d KB of JavaScript \(gzip\) before interaction, over the budget of 100\.0 KB\.$/);
  });

  it('with the build cache, an edited override renders every page again', async () => {
    const site = await buildFiles({ ...guides, 'theme/Footer.tsx': `export function Footer() {\n  return <footer className="acme-footer">One</footer>;\n}\n` });
    expect(site.$('guides/usage/index.html')('footer.acme-footer').text()).toBe('One');
    fs.writeFileSync(path.join(site.dir, 'theme/Footer.tsx'), `export function Footer() {\n  return <footer className="acme-footer">Two</footer>;\n}\n`);
    const again = await build({ root: site.dir, logger: createMemoryLogger() });
    expect(again.cached).toEqual({ pages: 0, of: again.pages });
    expect(site.$('guides/usage/index.html')('footer.acme-footer').text()).toBe('Two');
    // Unchanged, the next build takes every page from the cache.
    const third = await build({ root: site.dir, logger: createMemoryLogger() });
    expect(third.cached).toEqual({ pages: third.pages, of: third.pages });
  });
});
