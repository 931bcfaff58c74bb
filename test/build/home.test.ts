// #17 the home page: a landing page for an API product, from the config's `home` (hero, feature
// cards, quick start) with what it leaves out made from the site: the title and tagline, buttons
// to the guides and the API, a quick start from the spec's first GET operation, the API's tags
// and the guides' sections as cards. Bad `home` options fail the build at their line.
import fs from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFails, buildFiles, configSource, type Fixture } from '../helpers/fixture';

const SPEC = `openapi: 3.0.3
info:
  title: Weather API
  version: 1.0.0
servers:
  - url: https://api.weather.example
tags:
  - name: Forecasts
    description: Hourly and daily forecasts for a town. Each forecast covers ten days.
  - name: Stations
    description: The weather stations behind the forecasts.
paths:
  /v1/forecasts/refresh:
    post:
      operationId: refreshForecasts
      summary: Refresh the forecasts
      tags: [Forecasts]
      responses:
        '202': { description: Accepted }
  /v1/forecasts:
    get:
      operationId: getForecast
      summary: Get a forecast
      tags: [Forecasts]
      parameters:
        - { name: town, in: query, required: true, schema: { type: string }, example: Oslo }
      responses:
        '200':
          description: The forecast.
          content:
            application/json:
              example: { town: Oslo, temperature_c: 4 }
  /v1/stations:
    get:
      operationId: listStations
      summary: List stations
      tags: [Stations]
      responses:
        '200': { description: The stations. }
  /v1/stations/{id}:
    get:
      operationId: getStation
      summary: Get a station
      tags: [Stations]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: The station. }
`;

const GUIDES = {
  'content/guides/start/_category_.yml': 'label: Getting going\nposition: 1\n',
  'content/guides/start/intro.md': '---\ntitle: Intro\nsidebar_position: 1\ndescription: What the API is for.\n---\nHello.\n',
  'content/guides/start/setup.md': '---\ntitle: Setup\nsidebar_position: 2\ndescription: Keys and hosts.\n---\nSet up.\n',
  'content/guides/reference/_category_.yml': 'label: Reference\nposition: 2\n',
  'content/guides/reference/units.md': '---\ntitle: Units\ndescription: Every unit the API uses, and how to convert them.\n---\nCelsius.\n',
};

const withApi = (overrides: Record<string, unknown> = {}) => ({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, ...overrides }), 'openapi.yaml': SPEC, ...GUIDES });
const texts = ($: CheerioAPI, selector: string) => $(selector).map((_, el) => $(el).text().trim()).get();
const hrefs = ($: CheerioAPI, selector: string) => $(selector).map((_, el) => $(el).attr('href')).get();

const fixtures: Fixture[] = [];
afterAll(() => {
  for (const f of fixtures) fs.rmSync(f.dir, { recursive: true, force: true });
});

describe('#17 the home page with nothing configured', () => {
  let f: Fixture;
  let $: CheerioAPI;
  beforeAll(async () => {
    f = await buildFiles(withApi());
    fixtures.push(f);
    $ = f.$('index.html');
  });

  it('has the site title and tagline in its hero, and buttons to the first guide and the API reference', () => {
    expect($('h1').text()).toBe('Test Docs');
    expect($('.home-tagline').text()).toBe('Docs for tests');
    expect(texts($, '.hero-actions a')).toEqual(['Read the guides', 'Browse the API reference']);
    expect(hrefs($, '.hero-actions a')).toEqual(['/guides/start/intro', '/api']);
  });

  it('makes a quick start of the first GET operation: its curl sample, its short 2xx example, and a link to its page', () => {
    const quick = $('.home-quickstart');
    expect(quick.find('h2').text()).toBe('Quick start');
    expect(quick.find('.home-quickstart-description').text()).toBe('GET /v1/forecasts: Get a forecast');
    const [request, response] = quick.find('pre code').map((_, el) => $(el).text()).get();
    expect(request).toMatch(/^curl /);
    expect(request).toContain('https://api.weather.example/v1/forecasts?town=Oslo');
    expect(response).toContain('"temperature_c": 4');
    const more = quick.find('.home-more a');
    expect(more.text()).toBe('Reference of Get a forecast');
    expect(f.$(`${more.attr('href')!.slice(1)}/index.html`)('h1').text()).toContain('Get a forecast');
  });

  it('shows the API’s tags as cards: name, number of endpoints, first sentence of the description', () => {
    const section = $('section[aria-labelledby="home-api"]');
    expect(section.find('h2').text()).toBe('Explore the API');
    expect(texts($, 'section[aria-labelledby="home-api"] .home-all')).toEqual(['All endpoints']);
    expect(section.find('.home-card-title').map((_, el) => $(el).text()).get()).toEqual(['Forecasts', 'Stations']);
    expect(section.find('.home-card-meta').map((_, el) => $(el).text()).get()).toEqual(['2 endpoints', '2 endpoints']);
    expect(section.find('.home-card-description').first().text()).toBe('Hourly and daily forecasts for a town.');
    for (const href of hrefs($, 'section[aria-labelledby="home-api"] .home-card-link')) expect(f.exists(`${href.slice(1)}/index.html`), href).toBe(true);
  });

  it('shows one card per guide section, listing its guides (a lone guide shows its description)', () => {
    const section = $('section[aria-labelledby="home-guides"]');
    expect(section.find('.home-card-title').map((_, el) => $(el).text()).get()).toEqual(['Getting going', 'Reference']);
    expect(section.find('.home-card-meta').map((_, el) => $(el).text()).get()).toEqual(['2 guides', '1 guide']);
    expect(texts($, 'section[aria-labelledby="home-guides"] .home-card-links a')).toEqual(['Intro', 'Setup']);
    expect(section.find('.home-card').eq(1).find('.home-card-description').text()).toBe('Every unit the API uses, and how to convert them.');
  });

  it('has no feature cards, and a search form that works without JavaScript (it opens the search page)', () => {
    expect($('#home-features').length).toBe(0);
    const form = $('form.home-search');
    expect(form.attr('action')).toBe('/search');
    expect(form.find('input[name="q"]').attr('id')).toBe('home-search-input');
    expect($(`label[for="home-search-input"]`).text()).toBe('Search the documentation');
  });

  it('sizes each card grid to its cards: two tags in two columns, two sections in two', () => {
    expect($('section[aria-labelledby="home-api"] .home-grid').attr('data-wide')).toBe('2');
    expect($('section[aria-labelledby="home-guides"] .home-grid').attr('data-wide')).toBe('2');
  });
});

describe('#17 the home page from the config', () => {
  it('shows the configured hero, feature cards and quick start, with site paths under baseUrl and external links in a new tab', async () => {
    const f = await buildFiles(
      withApi({
        baseUrl: '/docs/',
        home: {
          hero: { title: 'Weather for builders', tagline: 'Forecasts in one call.', actions: [{ label: 'Start here', to: '/guides/start/intro' }, { label: 'Status', href: 'https://status.weather.example' }] },
          features: [
            { title: 'Hourly', body: 'Every hour, every town.', to: '/api' },
            { title: 'Plain', body: 'A card without a link.' },
            { title: 'Status page', body: 'Uptime and incidents.', href: 'https://status.weather.example' },
          ],
          quickStart: { title: 'Try it', description: 'One call, one town.', code: 'curl https://api.weather.example/v1/forecasts?town=Bergen\n', language: 'bash', response: '{ "town": "Bergen" }', to: '/guides/start/setup' },
        },
      }),
    );
    fixtures.push(f);
    const $ = f.$('index.html');
    expect($('h1').text()).toBe('Weather for builders');
    expect($('.home-tagline').text()).toBe('Forecasts in one call.');
    expect(hrefs($, '.hero-actions a')).toEqual(['/docs/guides/start/intro', 'https://status.weather.example']);
    expect($('.hero-actions a').eq(1).attr('target')).toBe('_blank');
    expect($('#home-features').text()).toBe('What the API gives you');
    expect(texts($, '.home-feature .home-card-title')).toEqual(['Hourly', 'Plain', 'Status page']);
    expect(texts($, '.home-feature .home-card-description')).toEqual(['Every hour, every town.', 'A card without a link.', 'Uptime and incidents.']);
    expect($('.home-feature').map((_, li) => $(li).children('a').attr('href') ?? null).get()).toEqual(['/docs/api', 'https://status.weather.example']);
    expect($('.home-features').attr('data-wide')).toBe('3');
    const quick = $('.home-quickstart');
    expect(quick.find('h2').text()).toBe('Try it');
    expect(quick.find('.home-quickstart-description').text()).toBe('One call, one town.');
    expect(quick.find('pre code').map((_, el) => $(el).text()).get()).toEqual(['curl https://api.weather.example/v1/forecasts?town=Bergen', '{ "town": "Bergen" }']);
    expect(hrefs($, '.home-more a')).toEqual(['/docs/guides/start/setup']);
  });

  it('shows no quick start with quickStart: false, and no API parts on a site without a spec', async () => {
    const off = await buildFiles(withApi({ home: { quickStart: false } }));
    fixtures.push(off);
    expect(off.$('index.html')('.home-quickstart').length).toBe(0);
    expect(off.$('index.html')('.home-hero').hasClass('home-hero-split')).toBe(false);
    expect(off.$('index.html')('section[aria-labelledby="home-api"] .home-card').length).toBe(2);

    const guidesOnly = await buildFiles(GUIDES);
    fixtures.push(guidesOnly);
    const $ = guidesOnly.$('index.html');
    expect(texts($, '.hero-actions a')).toEqual(['Read the guides']);
    expect($('.home-quickstart').length).toBe(0);
    expect($('section[aria-labelledby="home-api"]').length).toBe(0);
    expect(texts($, 'section[aria-labelledby="home-guides"] .home-card-title')).toEqual(['Getting going', 'Reference']);
  });

  it('shows one card per API on a site with several, each linking to its own landing', async () => {
    const tiles = 'openapi: 3.1.0\ninfo:\n  title: Tiles API\n  version: 1.0.0\n  summary: Map tiles of the forecasts.\npaths:\n  /tiles:\n    get:\n      operationId: getTile\n      summary: Get a tile\n      responses:\n        "200": { description: A tile. }\n';
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: [{ id: 'weather', label: 'Weather', spec: 'openapi.yaml' }, { id: 'tiles', label: 'Tiles', spec: 'tiles.yaml' }] }),
      'openapi.yaml': SPEC,
      'tiles.yaml': tiles,
      ...GUIDES,
    });
    fixtures.push(f);
    const $ = f.$('index.html');
    expect(texts($, 'section[aria-labelledby="home-api"] .home-card-title')).toEqual(['Weather', 'Tiles']);
    expect(hrefs($, 'section[aria-labelledby="home-api"] .home-card-link')).toEqual(['/api/weather', '/api/tiles']);
    expect($('section[aria-labelledby="home-api"] .home-card-description').last().text()).toBe('Map tiles of the forecasts.');
    expect(hrefs($, '.hero-actions a')).toEqual(['/guides/start/intro', '/api']);
  });

  it('reports every bad home option at its line in docsgen.config.ts', async () => {
    const config = configSource({
      home: {
        hero: { title: 'Weather', actions: [{ label: 'Nowhere' }] },
        features: [{ title: 'Hourly' }],
        quickStart: true,
        heroes: {},
      },
    });
    const { error, dir } = await buildFails({ 'docsgen.config.ts': config, ...GUIDES });
    const lines = config.split('\n');
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(error.diagnostics.map((d) => [d.text, path.basename(d.location!.file), d.location!.line])).toEqual([
      ['Invalid config: "home.hero.actions[0]" needs "to" (a site path) or "href" (a URL).', 'docsgen.config.ts', lineOf('"label": "Nowhere"') - 1],
      ['Invalid config: "home.features[0].body" is required but missing (expected a string).', 'docsgen.config.ts', lineOf('"title": "Hourly"') - 1],
      ['Invalid config: "home.quickStart" expected false or an object, got true.', 'docsgen.config.ts', lineOf('"quickStart": true')],
      ['Invalid config: "home.heroes" is not a known option; did you mean "hero"?', 'docsgen.config.ts', lineOf('"heroes"')],
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
