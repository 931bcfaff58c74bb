// #21 Standalone pages: content/pages/<name>.md becomes /<name>, written like a guide and shown
// in the site's shell without anything of the guides around it.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFails, buildFiles, configSource, type Fixture } from '../helpers/fixture';
import { versionedSite } from '../helpers/versionedSite';
import { twoLocaleSite } from '../helpers/i18nSite';

const PRICING = `---
title: Plans and limits
description: What each plan includes and how overage is billed.
---

A Growth key keeps working past its monthly requests. See [the quick start](/guides/start#keys)
and [the support page](./support.md).

## When you go over

:::tip Stay under the limit
Batch your lookups.
:::
`;

const site = {
  'docsgen.config.ts': configSource(),
  'content/guides/start.md': '---\ntitle: Start\n---\nRead [the plans](../pages/pricing.md#when-you-go-over) and [support](/support).\n\n## Keys\n\nAsk for one.\n',
  'content/pages/pricing.md': PRICING,
  'content/pages/support.md': '---\ntitle: Support\n---\nWrite to the team.\n',
};

describe('#21 standalone pages (content/pages/*.md)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(site);
  }, 60_000);

  it('makes /<name> in the shell, with its title, table of contents and the guide syntax rendered', () => {
    const $ = f.$('pricing/index.html');
    expect($('title').text()).toBe('Plans and limits | Test Docs');
    expect($('meta[name="description"]').attr('content')).toBe('What each plan includes and how overage is billed.');
    expect($('nav.navbar').length).toBe(1);
    expect($('footer').text()).toContain('Copyright © 2025 Test');
    expect($('main h1').text()).toBe('Plans and limits');
    expect($('main .admonition').text()).toContain('Batch your lookups.');
    expect($('main a[href="/guides/start#keys"]').length).toBe(1);
    expect($('main a[href="/support"]').length).toBe(1);
    expect($('[aria-label="On this page"] a, .toc a').map((_, a) => $(a).text()).get()).toContain('When you go over');
  });

  it('shows nothing of the guides around it: no sidebar, breadcrumbs, previous or next', () => {
    const $ = f.$('pricing/index.html');
    expect($('nav.sidebar, nav.breadcrumbs, nav.pagination').length).toBe(0);
    expect(f.$('guides/start/index.html')('nav.sidebar, nav.breadcrumbs, nav.pagination').length).toBe(2);
    const guides = f.$('guides/index.html');
    expect(guides('main a[href="/pricing"]').length).toBe(0);
    expect(f.$('guides/start/index.html')('nav.sidebar a[href="/pricing"]').length).toBe(0);
  });

  it('is a link target for guides, by path and by its .md file', () => {
    expect(f.$('guides/start/index.html')('main a[href="/pricing#when-you-go-over"]').length).toBe(1);
    expect(f.logger.diagnostics).toEqual([]);
  });

  it('has a Markdown copy, listed in llms.txt under Pages', () => {
    expect(f.read('pricing.md')).toContain('## When you go over');
    expect(f.read('llms.txt')).toMatch(/## Pages\n\n- \[Plans and limits\]\(https:\/\/docs\.test\.example\/pricing\.md\): What each plan includes/);
  });

  it('reports a file name it cannot route, and one that would take a route of the site, at the file', async () => {
    const bad = await buildFails({ ...site, 'docsgen.config.ts': configSource({ onBrokenLinks: 'ignore' }), 'content/pages/Price List.md': 'Prices.\n', 'content/pages/api.md': 'Mine.\n' });
    const texts = bad.error.diagnostics.map((d) => [d.text, d.location?.file.split('/').pop()]);
    expect(texts).toContainEqual(['The page name "Price List" is not a page name docsgen can route: use lower-case letters, digits and dashes.', 'Price List.md']);
    expect(texts).toContainEqual(['The page name "api" would take /api, which the site\'s own pages use.', 'api.md']);
  }, 60_000);

  it('reports a slug whose folder name no file system holds, at the file', async () => {
    const bad = await buildFails({ ...site, 'docsgen.config.ts': configSource({ onBrokenLinks: 'ignore' }), 'content/pages/terms.md': `---\nslug: ${'terms-of-service-'.repeat(20)}\n---\nTerms.\n` });
    const texts = bad.error.diagnostics.map((d) => [d.text, d.location?.file.split('/').pop()]);
    expect(texts).toContainEqual([`The page slug "${'terms-of-service-'.repeat(20).slice(0, 80)}…" has a segment of 340 bytes, and a folder's name holds at most 255.`, 'terms.md']);
  }, 60_000);

  it('keeps the .md page when a .tsx page of the same name exists, and says so at the .tsx file', async () => {
    const g = await buildFiles({ ...site, 'content/pages/pricing.tsx': "export default function Pricing() { return <p>React prices</p>; }\n" });
    expect(g.$('pricing/index.html')('main').text()).toContain('A Growth key keeps working');
    expect(g.$('pricing/index.html')('main').text()).not.toContain('React prices');
    expect(g.logger.diagnostics.map((d) => [d.severity, d.text, d.location?.file.split('/').pop()])).toEqual([['warning', 'The route /pricing is produced by both pricing.tsx and pricing.md; the .tsx page is left out.', 'pricing.tsx']]);
  }, 60_000);

  it('is translated from i18n/<locale>/pages/, and shown in the default text where it is not', async () => {
    const g = await buildFiles(twoLocaleSite({ 'content/pages/support.md': '---\ntitle: Support\n---\nWrite to the team.\n', 'content/pages/terms.md': '---\ntitle: Terms\n---\nThe terms.\n', 'i18n/fr/pages/support.md': '---\ntitle: Assistance\n---\nÉcrivez à l’équipe.\n' }));
    expect(g.$('fr/support/index.html')('main').text()).toContain('Écrivez à l’équipe.');
    expect(g.$('fr/terms/index.html')('main').text()).toContain('The terms.');
    expect(g.$('support/index.html')('main').text()).toContain('Write to the team.');
    expect(g.logger.diagnostics).toEqual([]);
  }, 60_000);

  it('is the site\'s, not a version\'s: an older version makes no copy of it', async () => {
    const g = await buildFiles({ ...versionedSite(), 'content/pages/support.md': '---\ntitle: Support\n---\nWrite to the team.\n' });
    expect(g.exists('support/index.html')).toBe(true);
    expect(g.exists('1.0/support/index.html') || g.exists('guides/1.0/support/index.html')).toBe(false);
  }, 60_000);
});
