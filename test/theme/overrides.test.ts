// Component overrides: a file in the project's theme/ named like a built-in replaces it on every
// page, can wrap the original, and is reported at its own file when it fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
      'theme/Footer.tsx': `import { Footer as OriginalFooter } from 'docsgen/theme/original/Footer';\nimport type { FooterProps } from 'docsgen/theme';\nexport function Footer(props: FooterProps) {\n  return <>\n    <aside className="before-footer">Was this page useful?</aside>\n    <OriginalFooter {...props} />\n  </>;\n}\n`,
    });
    const $ = site.$('guides/intro/index.html');
    expect($('aside.before-footer').text()).toBe('Was this page useful?');
    expect($('footer.footer .footer-copyright').text()).toBe('Copyright © 2025 Test');
    // The aside comes right before the footer.
    expect($('aside.before-footer').next().is('footer.footer')).toBe(true);
  });

  it('a page override (Home) replaces the home page only', async () => {
    const site = await buildFiles({
      ...guides,
      'theme/Home.tsx': `import type { HomeProps } from 'docsgen/theme';\nexport function Home({ site }: HomeProps) {\n  return <main className="custom-home"><h1>Welcome to {site.title}</h1></main>;\n}\n`,
    });
    expect(site.$('index.html')('main.custom-home h1').text()).toBe('Welcome to Test Docs');
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
    expect(d.text).toMatch(/^Rendering the page \/\S* failed in the override theme\/Footer\.tsx: /);
    expect(d.location).toMatchObject({ file: path.join(dir, 'theme/Footer.tsx'), line: 4 });
  });
});
