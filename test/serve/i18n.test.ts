// Issue #15, locales, in `serve --watch`: the French pages are served from memory, a new
// translation (i18n/fr/guides/…) and a changed messages file are picked up by a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';
import { request, startServer } from './helpers';

type Server = Awaited<ReturnType<typeof startServer>>;

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('#15 locales in serve --watch', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = writeFiles(twoLocaleSite());
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves both locales and their search indexes', async () => {
    const fr = await request(server.url, '/fr/guides/intro');
    expect(fr.status).toBe(200);
    expect(fr.body).toContain('Bienvenue');
    expect(fr.body).toContain('lang="fr"');
    expect((await request(server.url, '/fr/search-index.json')).body).toContain('Bienvenue');
    expect((await request(server.url, '/search-index.json')).body).not.toContain('Bienvenue');
  });

  it('answers a missing page under /fr/ with the French 404 page, elsewhere with the English one', async () => {
    const fr = await request(server.url, '/fr/guides/nulle-part');
    expect(fr.status).toBe(404);
    expect(fr.body).toContain('lang="fr"');
    expect(fr.body).toContain('Page introuvable');
    const en = await request(server.url, '/guides/nowhere');
    expect(en.status).toBe(404);
    expect(en.body).toContain('lang="en"');
    expect(en.body).toContain('Page not found');
  });

  it('a new translation replaces the notice with its text; a changed messages file changes the UI strings', async () => {
    expect((await request(server.url, '/fr/guides/zones')).body).toContain('This page has not been translated into Français yet.');
    fs.writeFileSync(path.join(dir, 'i18n/fr/guides/zones.md'), '---\ntitle: Zones inondables\n---\nLes zones viennent des cartes.\n\n## Zone codes\n');
    await waitFor(async () => (await request(server.url, '/fr/guides/zones')).body.includes('Les zones viennent des cartes.'));
    expect((await request(server.url, '/fr/guides/zones')).body).not.toContain('has not been translated');
    expect((await request(server.url, '/guides/zones')).body).toContain('Zones come from FEMA maps.');
    fs.writeFileSync(path.join(dir, 'i18n/fr/messages.json'), JSON.stringify({ onThisPage: 'Dans cette page' }));
    await waitFor(async () => (await request(server.url, '/fr/guides/zones')).body.includes('Dans cette page'));
  });
});
