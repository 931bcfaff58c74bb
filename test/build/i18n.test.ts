// Issue #15, locales (SPEC §2: per-locale URLs are built from the site base URL and the locale
// prefix): with `locales: ['en', 'fr']` every page is built under /fr/ too, from the translated
// guide where there is one (else the English text with a notice), with French UI strings, a
// language menu that stays on the site being viewed, hreflang alternates, a French search index,
// a sitemap of both, and the link checker looking at the French pages.
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { buildFails, buildFiles, listFiles, repoRoot, type Fixture } from '../helpers/fixture';
import { twoLocaleSite } from '../helpers/i18nSite';

describe('#15 locales: a site in English and French', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(twoLocaleSite());
  });
  afterAll(() => fs.rmSync(f.dir, { recursive: true, force: true }));

  it('builds every page under /fr/ as well, 404 page included, with <html lang> of its locale', () => {
    const files = listFiles(f.result.config.outDir).filter((p) => p.endsWith('.html'));
    const en = files.filter((p) => !p.startsWith('fr/'));
    const fr = files.filter((p) => p.startsWith('fr/')).map((p) => p.slice(3));
    expect(en).toContain('guides/intro/index.html');
    expect(en.some((p) => p.startsWith('api/'))).toBe(true);
    expect(fr).toEqual(en);
    expect(f.$('guides/intro/index.html')('html').attr('lang')).toBe('en');
    expect(f.$('fr/guides/intro/index.html')('html').attr('lang')).toBe('fr');
    expect(f.$('fr/index.html')('html').attr('lang')).toBe('fr');
  });

  it('shows the translated guide where there is one, and the English text with a notice where there is none', () => {
    const intro = f.$('fr/guides/intro/index.html');
    expect(intro('h1').text()).toBe('Présentation');
    expect(intro('.markdown').text()).toContain('Bienvenue');
    expect(intro('.page-banner-untranslated')).toHaveLength(0);
    const zones = f.$('fr/guides/zones/index.html');
    expect(zones('.markdown').text()).toContain('Zones come from FEMA maps.');
    expect(zones('.page-banner-untranslated').text()).toContain('This page has not been translated into Français yet.');
    expect(zones('.markdown').attr('lang')).toBe('en');
    expect(intro('.markdown').attr('lang')).toBeUndefined();
    expect(f.$('guides/zones/index.html')('.page-banner-untranslated')).toHaveLength(0);
  });

  it('uses the French UI strings of i18n/fr/messages.json, English where it has none, and English on English pages', () => {
    const fr = f.$('fr/guides/intro/index.html');
    expect(fr('.toc-title').text()).toBe('Sur cette page');
    expect(fr('.pagination-next .pagination-sub').text()).toBe('Suivant');
    expect(fr('.skip-link').text()).toBe('Aller au contenu principal');
    expect(fr('.navbar-search-input').attr('placeholder')).toBe('Rechercher');
    expect(fr('.breadcrumbs').attr('aria-label')).toBe('Breadcrumbs');
    expect(f.$('fr/search/index.html')('main h1').text()).toBe('Rechercher dans la documentation');
    // The wrong-base-URL banner, with the base URL still shown as code.
    expect(fr('#docsgen-base-url-banner').text()).toMatch(/^Ce site ne s’est pas chargé correctement : il doit être servi sous \/\S*\/?, or cette page/);
    expect(fr('#docsgen-base-url-banner code').first().text()).toBe(f.$('guides/intro/index.html')('#docsgen-base-url-banner code').first().text());
    expect(f.$('guides/intro/index.html')('#docsgen-base-url-banner').text()).toMatch(/^This site did not load properly\./);
    // The config's own text, from "config" in the messages file.
    expect(fr('.navbar-link').first().text()).toBe('Les guides');
    expect(fr('.footer-copyright').text()).toBe('Droits réservés © 2025 Test');
    expect(f.$('guides/intro/index.html')('.navbar-link').first().text()).toBe('Guides');
    expect(f.$('search/index.html')('main h1').text()).toBe('Search the documentation');
    const en = f.$('guides/intro/index.html');
    expect(en('.toc-title').text()).toBe('On this page');
    expect(en('.navbar-search-input').attr('placeholder')).toBe('Search');
  });

  it('islands get the French strings as props: search box, search page, mobile menu; English pages get no labels', () => {
    const props = (file: string, island: string) => JSON.parse(f.$(file)(`[data-island="${island}"]`).attr('data-props') ?? 'null');
    const box = props('fr/guides/intro/index.html', 'SearchBox');
    expect(box.labels).toMatchObject({ searchSeeAll: 'Voir tous les résultats', searchLoading: 'Chargement de l’index de recherche…', searchResultOther: '{count} résultats', searchPlaceholder: 'Rechercher', noResults: 'No results' });
    const page = props('fr/search/index.html', 'SearchPage');
    expect(page.labels).toMatchObject({ searchPageFoundOther: '{count} documents trouvés', searchPageRange: 'Résultats {first}–{last} sur {total}', previous: 'Précédent', next: 'Suivant', searchPageNextPage: 'Page suivante' });
    expect(props('fr/guides/intro/index.html', 'MobileMenu').labels).toMatchObject({ mobileMenuBack: 'Retour au menu principal', mobileMenuClose: 'Fermer la navigation', mobileMenuOpen: 'Ouvrir ou fermer la navigation' });
    for (const file of ['guides/intro/index.html', 'search/index.html']) {
      for (const el of f.$(file)('[data-island]').toArray()) expect(JSON.parse(f.$(file)(el).attr('data-props')!), file).not.toHaveProperty('labels');
    }
  });

  it('#17 a schema tree’s controls are rendered and hydrated with the French words; English pages pass none', () => {
    const file = listFiles(f.result.config.outDir).find((p) => p.startsWith('api/') && f.$(p)('[data-island="SchemaControls"]').length > 0)!;
    const fr = f.$(`fr/${file}`);
    const island = fr('[data-island="SchemaControls"]').first();
    expect(JSON.parse(island.attr('data-props')!).labels).toMatchObject({ apiExpandAll: 'Tout déplier', apiCollapseAll: 'Tout replier', apiLevels: 'Levels' });
    expect(island.find('button').map((_, b) => fr(b).text()).get()).toEqual(['Tout déplier', 'Tout replier']);
    expect(JSON.parse(f.$(file)('[data-island="SchemaControls"]').first().attr('data-props')!)).not.toHaveProperty('labels');
  });

  it('the page runtime (copy button, back to top, island errors) gets the French strings in <body data-labels>, English pages none', () => {
    const labels = JSON.parse(f.$('fr/guides/intro/index.html')('body').attr('data-labels')!);
    expect(labels).toMatchObject({ copy: 'Copier', copied: 'Copié', copyLabel: 'Copier le code', backToTop: 'Retour en haut', islandCrashed: 'Cette page a planté', islandTryAgain: 'Réessayer', islandRetry: 'Recharger', islandDismiss: 'Fermer le message', islandLoadFailed: 'This part of the page could not be loaded' });
    expect(f.$('guides/intro/index.html')('body').attr('data-labels')).toBeUndefined();
  });

  it('the theme menu and the announcement bar’s close button are named in French', async () => {
    const navbar = { items: [{ type: 'colorMode', position: 'right' }, { type: 'localeDropdown', position: 'right' }] };
    const g = await buildFiles(twoLocaleSite({}, { navbar, announcementBar: { id: 'v2', content: 'Version 2', isCloseable: true } }));
    expect(JSON.parse(g.$('fr/guides/intro/index.html')('[data-island="ColorModeToggle"]').attr('data-props')!).labels).toMatchObject({ colorModeMenu: 'Thème', colorModeSystem: 'Système', colorModeDark: 'Sombre' });
    expect(JSON.parse(g.$('guides/intro/index.html')('[data-island="ColorModeToggle"]').attr('data-props')!)).toEqual({});
    // The button's server markup already holds the three choices' names and tooltips.
    const fr = g.$('fr/guides/intro/index.html');
    expect(fr('.color-mode-state-dark').attr('title')).toBe('Thème : Sombre');
    expect(fr('.color-mode-state-system .visually-hidden').text()).toBe('Thème : Système');
    expect(fr('.color-mode-state-light .visually-hidden').text()).toBe('Thème : Clair');
    const props = (file: string) => JSON.parse(g.$(file)('[data-island="AnnouncementDismiss"]').attr('data-props')!);
    expect(props('fr/guides/intro/index.html')).toEqual({ id: 'v2', label: 'Fermer' });
    expect(props('guides/intro/index.html')).toEqual({ id: 'v2' });
    fs.rmSync(g.dir, { recursive: true, force: true });
  });

  it('API reference pages: the same content under /fr/api with the UI strings translated, the spec text as it is', () => {
    const op = listFiles(f.result.config.outDir).find((p) => /^api\/[^/]+\/index\.html$/.test(p) && f.read(p).includes('id="responses"'))!;
    const en = f.$(op);
    const fr = f.$(`fr/${op}`);
    expect(en('h2#responses').text()).toBe('Responses');
    expect(fr('h2#responses').text()).toBe('Réponses');
    expect(fr('.toc a[href="#responses"]').text()).toBe('Réponses');
    expect(en('.toc a[href="#responses"]').text()).toBe('Responses');
    expect(fr('h1').text()).toBe(en('h1').text());
    expect(fr('.doc-sidebar nav').attr('aria-label')).toBe('API sidebar');
    expect(fr('.doc-sidebar nav a').first().text()).toBe('Présentation de l’API');
    expect(en('.doc-sidebar nav a').first().text()).toBe('Introduction');
    expect(f.$('fr/guides/index.html')('main').text()).toContain('Des guides pas à pas, par sujet.');
    expect(f.$('fr/guides/intro/index.html')('.doc-sidebar nav').attr('aria-label')).toBe('Barre latérale des guides');
  });

  it('API pages: parameter groups (heading and table of contents), the required badge and schema facts in French', () => {
    const files = listFiles(f.result.config.outDir).filter((p) => p.startsWith('api/') && p.endsWith('.html'));
    const lookup = files.find((p) => f.$(p)('h3#query-parameters').length > 0)!;
    const fr = f.$(`fr/${lookup}`);
    expect(fr('h3#query-parameters').text()).toBe('Paramètres de requête');
    expect(fr('.toc a[href="#query-parameters"]').text()).toBe('Paramètres de requête');
    expect(fr('.badge-required').first().text()).toBe('obligatoire');
    expect(fr('.schema-facts dt').map((_, d) => fr(d).text()).get()).toContain('Exemple');
    expect(fr('.schema-field .hash-link').first().attr('aria-label')).toBe('Lien direct vers lat');
    expect(f.$(lookup)('h3#query-parameters').text()).toBe('Query parameters');
  });

  it('API pages: the request body (heading and table of contents), the deprecated badge and an example cut short, in French', async () => {
    const spec = fs.readFileSync(`${repoRoot}/fixtures/specs/openapi31.yaml`, 'utf8').replace('        - name: lng\n          in: query\n', '        - name: lng\n          in: query\n          deprecated: true\n');
    // A response example of 401 lines: shown cut to 200.
    const big = `\n              example:\n${Array.from({ length: 400 }, (_, i) => `                - ${i}`).join('\n')}`;
    const body = '      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              type: object\n              properties:\n                note:\n                  type: string\n';
    const g = await buildFiles(twoLocaleSite({ 'openapi.yaml': spec.replace('      summary: Look up the flood zone of a point\n', (m) => m + body).replace("          description: The zone at this point.\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/FloodZone'", (m) => m + big) }));
    const files = listFiles(g.result.config.outDir).filter((p) => p.startsWith('api/') && p.endsWith('.html'));
    const lookup = files.find((p) => g.$(p)('h3#query-parameters').length > 0)!;
    const fr = g.$(`fr/${lookup}`);
    expect(fr('.badge-deprecated').first().text()).toBe('obsolète');
    expect(g.$(lookup)('.badge-deprecated').first().text()).toBe('deprecated');
    expect(fr('.code-truncated strong').first().text()).toBe('Exemple tronqué :');
    expect(fr('.code-truncated').first().text()).toContain('200 lignes sur 402');
    expect(fr('.code-more').first().text()).toBe('… 202 lignes de plus');
    expect(g.$(lookup)('.code-truncated strong').first().text()).toBe('Example truncated:');
    const heading = fr('h3[id$="-title"]').first();
    expect(heading.text()).toBe('Corps de la requête obligatoire');
    expect(fr(`.toc a[href="#${heading.parent().attr('id')}"]`).text()).toBe('Corps de la requête');
    expect(g.$(lookup)('h3[id$="-title"]').first().text()).toBe('Request body required');
    fs.rmSync(g.dir, { recursive: true, force: true });
  });

  it('the <title> suffix, og:site_name and the generated pages’ meta descriptions in French, the site title from "config"', () => {
    const fr = f.$('fr/guides/intro/index.html');
    expect(fr('title').text()).toBe('Présentation | Documentation de test');
    expect(fr('meta[property="og:site_name"]').attr('content')).toBe('Documentation de test');
    expect(f.$('fr/index.html')('title').text()).toBe('Documentation de test');
    expect(f.$('fr/index.html')('meta[name="description"]').attr('content')).toBe('Documentation de test: La documentation des tests');
    expect(f.$('fr/search/index.html')('meta[name="description"]').attr('content')).toBe('Rechercher dans la documentation Documentation de test.');
    expect(f.$('fr/search/index.html')('title').text()).toBe('Search | Documentation de test');
    const schemas = listFiles(f.result.config.outDir).find((p) => p === 'fr/api/schemas/index.html')!;
    expect(f.$(schemas)('meta[name="description"]').attr('content')).toMatch(/^Tous les schémas de données de l’/);
    expect(f.$('guides/intro/index.html')('title').text()).toBe('Introduction | Test Docs');
    expect(f.$('search/index.html')('meta[name="description"]').attr('content')).toBe('Search the Test Docs documentation.');
  });

  it('writes a French 404 page (fr/404.html) whose links stay in French; the root 404.html stays English; neither is in the sitemap', () => {
    const fr = f.$('fr/404.html');
    expect(fr('html').attr('lang')).toBe('fr');
    expect(fr('main h1').text()).toBe('Page introuvable');
    expect(fr('title').text()).toBe('Page introuvable | Documentation de test');
    expect(fr('meta[name="description"]').attr('content')).toBe('La page demandée n’existe pas.');
    expect(fr('main a').filter((_, a) => fr(a).text() === 'Aller à l’accueil').attr('href')).toBe('/fr/');
    expect(fr('meta[name="robots"]').attr('content')).toBe('noindex');
    const en = f.$('404.html');
    expect(en('html').attr('lang')).toBe('en');
    expect(en('main h1').text()).toBe('Page not found');
    expect(f.read('sitemap.xml')).not.toContain('404');
  });

  it('keeps links within the locale: guide links, sidebar, navbar, breadcrumbs and API pages', () => {
    const $ = f.$('fr/guides/intro/index.html');
    expect($('.markdown p a').attr('href')).toBe('/fr/guides/zones#zone-codes');
    expect($('nav.sidebar a').map((_, a) => $(a).attr('href')).get()).toEqual(['/fr/guides/intro', '/fr/guides/zones']);
    expect($('.navbar-brand').attr('href')).toBe('/fr/');
    expect($('.pagination-next').attr('href')).toBe('/fr/guides/zones');
    const api = f.$('fr/api/index.html');
    expect(api('html').attr('lang')).toBe('fr');
    const apiLinks = api('main a').map((_, a) => api(a).attr('href')).get().filter((h) => h.startsWith('/'));
    expect(apiLinks.length).toBeGreaterThan(0);
    for (const href of apiLinks) expect(href).toMatch(/^\/fr\//);
    // Assets are the site's, not copied per locale.
    expect($('link[rel="stylesheet"]').attr('href')).toMatch(/^\/assets\/css\//);
  });

  it('the language menu links to the same page in each locale as a site path, the current one marked', () => {
    for (const [file, current] of [['guides/intro/index.html', 'en'], ['fr/guides/intro/index.html', 'fr']] as const) {
      const $ = f.$(file);
      const links = $('.navbar-dropdown-menu a');
      expect(links.map((_, a) => $(a).attr('href')).get()).toEqual(['/guides/intro', '/fr/guides/intro']);
      expect(links.map((_, a) => $(a).attr('lang')).get()).toEqual(['en', 'fr']);
      expect($(`.navbar-dropdown-menu a[aria-current="true"]`).attr('lang')).toBe(current);
    }
    expect(f.$('fr/index.html')('.navbar-dropdown-menu a').map((_, a) => f.$('fr/index.html')(a).attr('href')).get()).toEqual(['/', '/fr/']);
  });

  it('has <link rel="alternate" hreflang> for every locale and x-default on every page', () => {
    for (const file of ['guides/intro/index.html', 'fr/guides/intro/index.html']) {
      const $ = f.$(file);
      const alt = $('link[rel="alternate"][hreflang]')
        .map((_, l) => `${$(l).attr('hreflang')} ${$(l).attr('href')}`)
        .get();
      expect(alt).toEqual(['en https://docs.test.example/guides/intro', 'fr https://docs.test.example/fr/guides/intro', 'x-default https://docs.test.example/guides/intro']);
    }
    expect(f.$('fr/guides/intro/index.html')('link[rel="canonical"]').attr('href')).toBe('https://docs.test.example/fr/guides/intro');
  });

  it('writes a search index per locale, each locale pointing at its own; the French one holds the French text', () => {
    expect(f.$('guides/intro/index.html')('[data-search-index]').attr('data-search-index')).toMatch(/^\/search-index\.json\?_=/);
    expect(f.$('fr/guides/intro/index.html')('[data-search-index]').attr('data-search-index')).toMatch(/^\/fr\/search-index\.json\?_=/);
    const fr = f.read('fr/search-index.json');
    expect(fr).toContain('Bienvenue');
    expect(fr).toContain('/fr/guides/intro');
    expect(fr).not.toContain('"/guides/intro"');
    expect(f.read('search-index.json')).not.toContain('Bienvenue');
  });

  it('lists every locale’s pages in sitemap.xml', () => {
    const sitemap = f.read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://docs.test.example/guides/intro</loc>');
    expect(sitemap).toContain('<loc>https://docs.test.example/fr/guides/intro</loc>');
    expect(sitemap).toContain('<loc>https://docs.test.example/fr/api</loc>');
  });
});

describe('#15 locales: a sharded search index per locale', () => {
  it('above shardAbovePages each locale gets its own manifest and shards under its prefix, and its pages point at its manifest', async () => {
    const f = await buildFiles(twoLocaleSite({}, { search: { shardAbovePages: 1 } }));
    const files = [...f.result.files.keys()];
    const enIndex = f.$('guides/intro/index.html')('[data-search-index]').attr('data-search-index')!;
    const frIndex = f.$('fr/guides/intro/index.html')('[data-search-index]').attr('data-search-index')!;
    // Named without a hash (the search box revalidates a manifest).
    expect(enIndex).toBe('/search-index/manifest.json');
    expect(frIndex).toBe('/fr/search-index/manifest.json');
    const manifest = frIndex.slice(1);
    expect(files).toContain(manifest);
    const frShards = files.filter((p) => p.startsWith('fr/search-index/') && p !== manifest);
    expect(frShards.length).toBeGreaterThan(0);
    expect(frShards.some((p) => f.read(p).includes('bienvenue') || f.read(p).includes('Bienvenue'))).toBe(true);
    fs.rmSync(f.dir, { recursive: true, force: true });
  });
});

describe('#15 locales: the link checker covers every locale', () => {
  it('a broken link only in a French translation fails the build, named at the translation’s file and line', async () => {
    const { messages, error } = await buildFails(twoLocaleSite({ 'i18n/fr/guides/zones.md': '# Zones\n\nVoir [la page](/guides/nulle-part).\n\n## Zone codes\n' }));
    expect(messages).toEqual(['error: The link "/guides/nulle-part" points to /guides/nulle-part, which is not a page of this site.']);
    expect(error.diagnostics[0].location?.file).toMatch(/i18n\/fr\/guides\/zones\.md$/);
    expect(error.diagnostics[0].location?.line).toBe(3);
  });

  it('a broken link of an English guide is reported once, not once per locale', async () => {
    const { messages } = await buildFails(twoLocaleSite({ 'content/guides/zones.md': 'See [nothing](/guides/nowhere).\n\n## Zone codes\n' }));
    expect(messages).toEqual(['error: The link "/guides/nowhere" points to /guides/nowhere, which is not a page of this site.']);
  });

  it('raw HTML links are resolved from the site root on every locale: to the English or the French page, both fine; a broken one in a translation is reported', async () => {
    const raw = {
      'content/guides/zones.md': '---\ntitle: Flood zones\n---\nSee <a href="/guides/intro">intro</a>.\n\n## Zone codes\n',
      'i18n/fr/guides/zones.md': '# Zones\n\nVoir <a href="/fr/guides/intro#obtenir-une-clé">la clé</a>, <a href="/guides/intro">l’original</a> et <a href="intro">relatif</a>.\n\n## Zone codes\n',
    };
    const f = await buildFiles(twoLocaleSite(raw));
    expect(f.logger.diagnostics.map((d) => d.text)).toEqual([]);
    fs.rmSync(f.dir, { recursive: true, force: true });
    const { messages, error } = await buildFails(twoLocaleSite({ ...raw, 'i18n/fr/guides/zones.md': '# Zones\n\n<a href="/fr/guides/nulle-part">x</a>\n\n## Zone codes\n' }));
    expect(messages).toEqual(['error: The link "/fr/guides/nulle-part" points to /fr/guides/nulle-part, which is not a page or file of this site.']);
    expect(error.diagnostics[0].location?.file).toMatch(/i18n\/fr\/guides\/zones\.md$/);
  });

  it('a locale that is not a language tag stops the build', async () => {
    const { messages } = await buildFails(twoLocaleSite({}, { i18n: { defaultLocale: 'en', locales: ['en', '../fr'] } }));
    expect(messages).toEqual(['error: The locale "../fr" is not a language tag such as fr or pt-BR; it becomes a URL segment and a folder name.']);
  });

  it('a translation that has no original and an unknown key in messages.json are warnings', async () => {
    const f = await buildFiles(twoLocaleSite({ 'i18n/fr/guides/orphan.md': '# Orpheline\n', 'i18n/fr/messages.json': '{"onThisPage":"Sur cette page","nope":"x"}' }));
    const text = f.logger.diagnostics.map((d) => d.text).join('\n');
    expect(text).toContain('This translation has no guide of the same path in the content folder (orphan.md)');
    expect(text).toContain('The messages file sets "nope", which is not a UI string of docsgen');
    fs.rmSync(f.dir, { recursive: true, force: true });
  });
});

describe('#15 locales: a site with one locale', () => {
  it('builds no locale folder, no hreflang, and its language menu links to the page as a site path (not the production URL)', async () => {
    const f = await buildFiles(
      twoLocaleSite({}, { i18n: { defaultLocale: 'en', locales: ['en'] }, openapi: undefined }),
    );
    expect(listFiles(f.result.config.outDir).some((p) => p.startsWith('fr/'))).toBe(false);
    const $ = f.$('guides/intro/index.html');
    expect($('link[hreflang]')).toHaveLength(0);
    expect($('.navbar-dropdown-menu a').attr('href')).toBe('/guides/intro');
    fs.rmSync(f.dir, { recursive: true, force: true });
  });
});

describe('#15 locales: the shipped site stays English-only', () => {
  it('builds the same routes as before (no locale folder), every page in English without alternates, its language menu a site path', async () => {
    const result = await build({ root: repoRoot, write: false, logger: createMemoryLogger() });
    const pages = [...result.files.keys()].filter((f) => f.endsWith('.html'));
    expect(new Set(pages.map((f) => f.split('/')[0]).filter((top) => !top.endsWith('.html')))).toEqual(new Set(['api', 'guides', 'search']));
    expect(pages).toContain('guides/getting-started/quick-start/index.html');
    for (const file of pages) {
      const $ = cheerio.load(String(result.files.get(file)));
      expect($('html').attr('lang'), file).toBe('en');
      expect($('link[hreflang]'), file).toHaveLength(0);
      // UI strings in English are built into the islands and the runtime: none in the page.
      expect($('body').attr('data-labels'), file).toBeUndefined();
      for (const el of $('[data-island]').toArray()) expect(JSON.parse($(el).attr('data-props')!), file).not.toHaveProperty('labels');
      expect(String(result.files.get(file)), file).not.toMatch(/data-labels|&quot;labels&quot;|"labels"/);
    }
    const $ = cheerio.load(String(result.files.get('guides/getting-started/quick-start/index.html')));
    expect($('.navbar-dropdown:not([data-version-menu]) .navbar-dropdown-menu a').map((_, a) => $(a).attr('href')).get()).toEqual(['/guides/getting-started/quick-start']);
  });
});
