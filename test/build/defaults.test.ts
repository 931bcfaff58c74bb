// #21 A config needs only `title` and `url`: the navbar links the sections the site has, the
// footer names it and the year, the spec is copied into the output for the download link, and a
// site may have only guides or only a spec.
import { describe, expect, it } from 'vitest';
import { buildFails, buildFiles } from '../helpers/fixture';

const minimal = (extra = '') => `export default { title: 'Flood Risk', url: 'https://docs.flood.example'${extra} };\n`;

const SPEC = `openapi: 3.1.0
info: { title: Flood zones, version: '1.2' }
paths:
  /zones/lookup:
    get:
      operationId: lookupZone
      summary: Look up a flood zone
      tags: [Zones]
      responses: { '200': { description: The zone of the point. } }
`;

const GUIDE = '---\ntitle: Reading a zone\n---\nZone AE means a base flood elevation is known.\n';

/** The navbar's links as [text, href]. */
const navLinks = ($: ReturnType<Awaited<ReturnType<typeof buildFiles>>['$']>) =>
  $('nav.navbar a.navbar-link, nav.navbar a.navbar-item')
    .map((_, a) => [[$(a).text().trim(), $(a).attr('href')]])
    .get();

describe('#21 config defaults', () => {
  it('builds a site with guides and a spec from a title and a url', async () => {
    const f = await buildFiles({ 'docsgen.config.ts': minimal(", openapi: { spec: 'openapi.yaml' }"), 'openapi.yaml': SPEC, 'content/guides/zones.md': GUIDE });
    expect(f.logger.diagnostics).toEqual([]);
    const home = f.$('index.html');
    expect(navLinks(home)).toEqual([
      ['Guides', '/guides'],
      ['API', '/api'],
    ]);
    expect(home('nav.navbar [data-island="SearchBox"]').length).toBe(1);
    expect(home('nav.navbar [data-island="ColorModeToggle"]').length).toBe(1);
    expect(home('footer').text()).toContain(`Copyright © ${new Date().getFullYear()} Flood Risk`);
    // No downloadUrl: the spec itself is published, and the API pages link to that copy.
    expect(f.read('openapi.yaml')).toBe(SPEC);
    expect(f.$('api/index.html')('a[href="/openapi.yaml"]').length).toBeGreaterThan(0);
    expect(f.exists('guides/zones/index.html')).toBe(true);
    expect(f.exists('api/lookup-zone/index.html')).toBe(true);
  }, 60_000);

  it('builds a site of guides only, with no API link and no API pages', async () => {
    const f = await buildFiles({ 'docsgen.config.ts': minimal(), 'content/guides/zones.md': GUIDE });
    expect(navLinks(f.$('index.html'))).toEqual([['Guides', '/guides']]);
    expect(f.exists('api/index.html')).toBe(false);
    expect(f.exists('openapi.yaml')).toBe(false);
    // The not-found page offers what there is: home and guides, no API.
    expect(f.$('404.html')('.not-found-links a').map((_, a) => f.$('404.html')(a).attr('href')).get()).toEqual(['/', '/guides/zones']);
    expect(f.$('guides/zones/index.html')('main').text()).toContain('Zone AE means');
  }, 60_000);

  it('builds a site of a spec only, with no Guides link', async () => {
    const f = await buildFiles({ 'docsgen.config.ts': minimal(", openapi: { spec: 'openapi.yaml' }"), 'openapi.yaml': SPEC });
    expect(navLinks(f.$('index.html'))).toEqual([['API', '/api']]);
    expect(f.$('index.html')('main a[href="/api"]').length).toBeGreaterThan(0);
    expect(f.exists('api/lookup-zone/index.html')).toBe(true);
    // The empty guides' landing and tags' list are kept out of the sitemap, search engines and the Markdown copies.
    for (const file of ['guides/index.html', 'guides/tags/index.html']) expect(f.$(file)('meta[name="robots"]').attr('content'), file).toBe('noindex');
    expect(f.read('sitemap.xml')).not.toContain('/guides');
    expect(f.exists('guides.md')).toBe(false);
  }, 60_000);

  it('keeps what the config does set: its own navbar items and footer', async () => {
    const f = await buildFiles({
      'docsgen.config.ts': minimal(", navbar: { items: [{ label: 'Status', href: 'https://status.flood.example' }] }, footer: { copyright: 'Flood Risk Ltd.' }"),
      'content/guides/zones.md': GUIDE,
    });
    expect(navLinks(f.$('index.html'))).toEqual([['Status', 'https://status.flood.example']]);
    expect(f.$('index.html')('footer').text()).toContain('Flood Risk Ltd.');
  }, 60_000);

  it('still requires a title and a url, named at the config file', async () => {
    const { error } = await buildFails({ 'docsgen.config.ts': "export default { url: 'https://docs.flood.example' };\n", 'content/guides/zones.md': GUIDE });
    expect(error.diagnostics[0].text).toBe('Invalid config: "title" is required but missing (expected a string).');
    expect(error.diagnostics[0].location?.file).toMatch(/docsgen\.config\.ts$/);
  }, 60_000);
});
