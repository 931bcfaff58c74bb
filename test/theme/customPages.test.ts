// content/pages/*.tsx: a project's own React pages, each a standalone route inside the site's shell.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSiteLinks } from '../../src/links/checkSite';
import { buildFails, buildFiles, writeFiles } from '../helpers/fixture';

const guide = { 'content/guides/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nHello.\n' };

const pricing = `import { useState } from 'react';
import type { CustomPageProps } from 'docsgen/theme';

export const title = 'Pricing';
export const description = 'What the API costs.';

export default function Pricing({ site, page }: CustomPageProps) {
  const [plan] = useState('Free');
  return (
    <section>
      <h1>Plans for {site.title}</h1>
      <p className="plan">{plan} at {page.route}</p>
    </section>
  );
}
`;

describe('custom pages (content/pages/*.tsx)', () => {
  it('a page becomes its own route with the site shell, its title and description', async () => {
    const site = await buildFiles({ ...guide, 'content/pages/pricing.tsx': pricing, 'content/pages/api-status.tsx': 'export default function Status() {\n  return <p className="status">All systems go</p>;\n}\n' });
    const $ = site.$('pricing/index.html');
    expect($('title').text()).toBe('Pricing | Test Docs');
    expect($('meta[name="description"]').attr('content')).toBe('What the API costs.');
    expect($('main#main-content.custom-page h1').text()).toBe('Plans for Test Docs');
    expect($('main .plan').text()).toBe('Free at /pricing');
    // The shell: the navbar and the footer of every page.
    expect($('nav.navbar').length).toBe(1);
    expect($('footer.footer .footer-copyright').text()).toBe('Copyright © 2025 Test');
    // Without a title export, the file name is the title.
    expect(site.$('api-status/index.html')('title').text()).toBe('Api status | Test Docs');
    expect(site.$('api-status/index.html')('main .status').text()).toBe('All systems go');
    expect(site.read('sitemap.xml')).toContain('<loc>https://docs.test.example/pricing</loc>');
  });

  it('a page without a default export is an error at its file', async () => {
    const { dir, error } = await buildFails({ ...guide, 'content/pages/pricing.tsx': 'export function Pricing() {\n  return <p />;\n}\n' });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.location?.file).toBe(path.join(dir, 'content/pages/pricing.tsx'));
    expect(d.text).toBe('pricing.tsx has no default export: a page\'s component is its file\'s default export.');
  });

  it('a page that throws while rendering is reported at its file and line', async () => {
    const { dir, error } = await buildFails({ ...guide, 'content/pages/pricing.tsx': 'export default function Pricing() {\n  const plans: string[] | undefined = undefined;\n  return <p>{plans!.length}</p>;\n}\n' });
    const d = error.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.text).toMatch(/^Rendering the page \/pricing failed in content\/pages\/pricing\.tsx: /);
    expect(d.location).toMatchObject({ file: path.join(dir, 'content/pages/pricing.tsx'), line: 3 });
  });

  it('a page cannot take a route of docsgen\'s own (a warning under the default onDuplicateRoutes)', async () => {
    const site = await buildFiles({ ...guide, 'content/pages/search.tsx': 'export default function S() {\n  return <p className="mine" />;\n}\n' });
    const d = site.logger.diagnostics.find((x) => x.code === 'duplicate-route')!;
    expect(d.text).toBe("The route /search is docsgen's own; the page search.tsx is left out.");
    expect(d.severity).toBe('warning');
    expect(site.$('search/index.html')('.mine').length).toBe(0);
    expect(site.$('search/index.html')('main.search-page').length).toBe(1);
  });
});

describe('check-links and custom pages', () => {
  it('a guide\'s link to a custom page and its anchor is checked against the page as built', async () => {
    const dir = writeFiles({
      'content/guides/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nSee [the plans](/pricing#plans) and [the limits](/pricing#limits).\n',
      'content/pages/pricing.tsx': 'export default function Pricing() {\n  return <h2 id="plans">Plans</h2>;\n}\n',
    });
    const report = await checkSiteLinks({ root: dir });
    const broken = report.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => d.text);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toContain('/pricing#limits');
  });
});
