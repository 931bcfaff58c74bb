// The try-it console in a real browser, against the repository's development API
// (fixtures/dev-api.ts): a site built from fixtures/specs/try-it.yaml with `openapi.tryIt`
// pointing at one dev API that allows the docs' origin and one that sends no CORS headers.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { startDevApi, type DevApi } from '../../fixtures/dev-api';
import { OAUTH_CLIENT } from '../../fixtures/dev-api-routes';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { configSource, repoRoot, writeFiles } from '../helpers/fixture';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'hl_test_Q7mR2xV9pL4k';

let browser: Browser;
let api: DevApi;
let noCors: DevApi;
let site: { url: string; close(): Promise<void> };
let dir: string;
const apiLog: string[] = [];

beforeAll(async () => {
  api = await startDevApi({ port: 0, log: (line) => apiLog.push(line) });
  noCors = await startDevApi({ port: 0, cors: false });
  dir = writeFiles({
    'docsgen.config.ts': configSource({
      openapi: {
        spec: 'openapi.yaml',
        downloadUrl: 'https://api.test.example/docs/yaml',
        tryIt: { enabled: true, servers: [{ url: api.url, description: 'Local sandbox' }, { url: noCors.url, description: 'Sandbox without CORS' }] },
      },
    }),
    'openapi.yaml': withOAuth(fs.readFileSync(path.join(repoRoot, 'fixtures/specs/try-it.yaml'), 'utf8'), api.url),
  });
  const out = path.join(dir, 'out');
  await build({ root: dir, outDir: out, logger: createMemoryLogger() });
  site = await serveStatic(out);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  await noCors?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The spec with a second alternative: OAuth 2.0 against the dev API's sandbox token endpoints. */
function withOAuth(spec: string, origin: string): string {
  const scheme = `  securitySchemes:
    OAuth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: ${origin}/oauth/token
          scopes: { 'boundaries:read': Read boundaries }
        authorizationCode:
          authorizationUrl: ${origin}/oauth/authorize
          tokenUrl: ${origin}/oauth/token
          scopes: { 'boundaries:read': Read boundaries }
`;
  return spec.replace('security:\n  - ApiKeyAuth: []\n', "security:\n  - ApiKeyAuth: []\n  - OAuth: ['boundaries:read']\n").replace('  securitySchemes:\n', scheme);
}

async function openConsole(route: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<{ page: Page; context: BrowserContext; scripts: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(site.url + route);
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.locator('.try-it-form').waitFor();
  return { page, context, scripts };
}

const form = (page: Page) => page.locator('.try-it-form');
/** A parameter's input: its label is the name, with "(required)" after a required one's. */
const field = (page: Page, name: string) => form(page).getByLabel(new RegExp(`^${name}( \\(required\\))?$`));
const send = async (page: Page) => {
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.locator('.try-it-result').waitFor();
};

describe('try-it console', () => {
  it('loads its code only on interaction, then sends a GET with the pre-filled query parameters', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${site.url}/api/search-boundaries`);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /island-TryIt/.test(s))).toEqual([]);
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.locator('.try-it-form').waitFor();
    expect(scripts.filter((s) => /island-TryIt/.test(s)).length).toBe(1);

    expect(await field(page, 'lat').inputValue()).toBe('34.0782');
    expect(await field(page, 'layers').inputValue()).toBe('neighborhood,zip');
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await send(page);
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('200');
    const body = JSON.parse((await page.locator('.try-it-response-body').textContent())!);
    expect(body.data.boundaries.map((b: { boundary_id: string }) => b.boundary_id)).toEqual(['bnd_nbhd_la_echo-park', 'bnd_zip_90026']);
    expect(body.meta.limit).toBe(10);
    expect(apiLog.some((line) => line.startsWith('GET /v1/boundaries/search?lat=34.0782&lng=-118.2606&layers=neighborhood%2Czip&limit=10 200'))).toBe(true);
    expect(await page.locator('.try-it-response-headers summary').textContent()).toMatch(/Response headers \(\d+\)/);
    expect(await page.locator('.try-it-response-headers').textContent()).toContain('x-ratelimit-limit');
    expect(await page.locator('[role="status"]').last().textContent()).toMatch(/^Response 200 OK in \d+ ms, /);
    await context.close();
  });

  it('shows a 401 when the API key is missing, and a 404 for an unknown id', async () => {
    const { page, context } = await openConsole('/api/get-boundary');
    await page.getByLabel('API key (x-api-key, in the header)').fill('');
    await send(page);
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('401');
    expect(await page.locator('.try-it-response-body').textContent()).toContain('missing_api_key');

    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await field(page, 'boundary_id').fill('bnd_city_9999999');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('404');
    expect(await page.locator('.try-it-response-body').textContent()).toContain('No boundary with id bnd_city_9999999.');
    await context.close();
  });

  it('sends the headers the reader adds', async () => {
    const { page, context } = await openConsole('/api/get-boundary');
    // The key as a header of the reader's own, with the authentication panel left empty.
    await page.getByLabel('API key (x-api-key, in the header)').fill('');
    await form(page).getByRole('button', { name: 'Add a header' }).click();
    await form(page).getByLabel('Header name').fill('x-api-key');
    await form(page).getByLabel('Header value').fill(KEY);
    await send(page);
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('200');
    await form(page).getByRole('button', { name: 'Remove header x-api-key' }).click();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('401');
    await context.close();
  });

  it('uses a named parameter example picked from its list', async () => {
    const { page, context } = await openConsole('/api/get-boundary');
    await page.getByLabel('Examples for boundary_id').selectOption({ label: 'A city: bnd_city_0644000' });
    expect(await field(page, 'boundary_id').inputValue()).toBe('bnd_city_0644000');
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await send(page);
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('200');
    expect(await page.locator('.try-it-response-body').textContent()).toContain('"layer": "city"');
    await context.close();
  });

  it('sends a POST with the JSON body of the chosen example', async () => {
    const { page, context } = await openConsole('/api/create-virtual-boundary');
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await form(page).getByLabel('Body example').selectOption({ label: '10-minute drive' });
    expect(JSON.parse(await page.locator('textarea.try-it-body').inputValue())).toEqual({ layer: 'drive_time', center: { lat: 34.0781, lng: -118.2606 }, minutes: 10 });
    await send(page);
    await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('201');
    const body = JSON.parse((await page.locator('.try-it-response-body').textContent())!);
    expect(body.data.name).toBe('10-minute drive from 34.0781, -118.2606');
    expect(body.data.boundary_id).toMatch(/^vbnd_/);
    await context.close();
  });

  it('offers a binary answer (a vector tile) as a download', async () => {
    const { page, context } = await openConsole('/api/vector-tile');
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await send(page);
    const link = form(page).getByRole('link', { name: /^Download the response \(\d+ B\)$/ });
    await link.waitFor();
    expect(await link.getAttribute('download')).toBe('6540.mvt');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 12).toString('latin1')).toContain('listings');
    await context.close();
  });

  it('checks parameters and the body against the schema before sending, with a message per field', async () => {
    const { page, context } = await openConsole('/api/search-boundaries');
    const before = api.requests;
    await field(page, 'lat').fill('134.07');
    await field(page, 'limit').fill('ten');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.locator('.try-it-field-errors').allTextContents()).toEqual(['lat must be ≤ 90', 'limit must be a whole number']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toContain('lat');
    expect(await page.locator('[role="status"]').last().textContent()).toBe('Fix 2 field(s) before sending.');
    expect(api.requests).toBe(before);
    await context.close();

    const post = await openConsole('/api/create-virtual-boundary');
    await post.page.locator('textarea.try-it-body').fill('{ "layer": "radius", "center": { "lat": 34.07 }, "radius_m": 50 }');
    await post.page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => post.page.locator('.try-it-field-errors').allTextContents()).toEqual(['Request body center.lng is requiredRequest body radius_m must be ≥ 100']);
    await post.page.locator('textarea.try-it-body').fill('{ "layer": ');
    await post.page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => post.page.locator('.try-it-field-errors').textContent()).toMatch(/^Request body is not valid JSON/);
    expect(api.requests).toBe(before);
    await post.context.close();
  });

  it('explains a CORS failure and what to do about it', async () => {
    const { page, context } = await openConsole('/api/search-boundaries');
    await form(page).getByLabel('Server', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await send(page);
    const alert = page.locator('.try-it-failure[role="alert"]');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('The request did not get an answer');
    expect(text).toContain(new URL(noCors.url).origin);
    expect(text).toContain(`allow the origin ${site.url}`);
    expect(text).toContain('openapi.tryIt.proxyUrl');
    await context.close();
  });

  it('keeps credentials in sessionStorage, and in localStorage only when remembered', async () => {
    const { page, context } = await openConsole('/api/search-boundaries');
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    const storage = () => page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    await expect.poll(async () => (await storage()).session).toContain(KEY);
    expect((await storage()).local).not.toContain(KEY);
    await page.getByLabel('Remember on this device').check();
    await expect.poll(async () => (await storage()).local).toContain(KEY);
    expect((await storage()).session).not.toContain(KEY);
    expect(page.url()).not.toContain(KEY);
    await page.getByLabel('Remember on this device').uncheck();
    await expect.poll(async () => (await storage()).local).not.toContain(KEY);
    await context.close();
  });

  it('offers the spec’s templated server with its variables when no servers are configured', async () => {
    const specSite = writeFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', tryIt: { enabled: true } } }),
      'openapi.yaml': fs.readFileSync(path.join(repoRoot, 'fixtures/specs/try-it.yaml'), 'utf8'),
    });
    await build({ root: specSite, outDir: path.join(specSite, 'out'), logger: createMemoryLogger() });
    const server = await serveStatic(path.join(specSite, 'out'));
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/api/get-boundary`);
      await page.getByRole('button', { name: 'Try it' }).click();
      const environment = form(page).getByLabel('environment');
      expect(await environment.inputValue()).toBe('sandbox');
      expect(await environment.locator('option').allTextContents()).toEqual(['sandbox', 'api']);
      expect(await form(page).getByText('sandbox takes hl_test_ keys, api takes hl_live_ keys.').isVisible()).toBe(true);
      expect(await form(page).locator('.try-it-url').textContent()).toBe('https://sandbox.hyperlocal.example/v1/boundaries/{boundary_id}');
      await environment.selectOption('api');
      expect(await form(page).locator('.try-it-url').textContent()).toBe('https://api.hyperlocal.example/v1/boundaries/{boundary_id}');
      await context.close();
    } finally {
      await server.close();
      fs.rmSync(specSite, { recursive: true, force: true });
    }
  });

  for (const flow of ['Client credentials', 'Authorization code (PKCE)']) {
    it(`gets an OAuth 2.0 token by ${flow.toLowerCase()} and sends it as a bearer`, async () => {
      const { page, context } = await openConsole('/api/search-boundaries');
      await form(page).getByLabel('Credentials to send').selectOption({ label: 'OAuth' });
      await form(page).getByLabel('OAuth 2.0 flow').selectOption({ label: flow });
      await form(page).getByLabel('Client ID').fill(OAUTH_CLIENT.id);
      if (flow === 'Client credentials') await form(page).getByLabel('Client secret').fill(OAUTH_CLIENT.secret);
      expect(await form(page).getByRole('checkbox', { name: 'boundaries:read' }).isChecked()).toBe(true);
      await form(page).getByRole('button', { name: 'Get a token' }).click();
      await expect.poll(() => form(page).getByText('Token received.').isVisible()).toBe(true);
      expect(await form(page).getByLabel('Access token').inputValue()).toMatch(/^hl_oauth_/);
      expect(context.pages().length).toBe(1);
      await send(page);
      await expect.poll(() => page.locator('.try-it-status .status-code').textContent()).toBe('200');
      await context.close();
    });
  }

  for (const width of [390, 1440]) {
    it(`fits a ${width} px screen with the console open and a response shown`, async () => {
      const { page, context } = await openConsole('/api/create-virtual-boundary', { width });
      await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
      await form(page).getByRole('button', { name: 'Add a header' }).click();
      await send(page);
      await page.locator('.try-it-status').waitFor();
      await page.locator('.try-it-response-headers summary').click();
      const overflow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth - innerWidth, console: [...document.querySelectorAll('.try-it *')].filter((el) => el.getBoundingClientRect().right > document.querySelector('.try-it')!.getBoundingClientRect().right + 1 && !el.closest('pre, textarea')).map((el) => el.className || el.tagName) }));
      expect(overflow).toEqual({ page: 0, console: [] });
      await context.close();
    });
  }

  for (const mode of ['light', 'dark'] as const) {
    it(`has no WCAG 2.1 A/AA violations with the console open and a response shown (${mode})`, async () => {
      const { page, context } = await openConsole('/api/search-boundaries', { colorScheme: mode });
      await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
      await send(page);
      await page.locator('.try-it-status').waitFor();
      await page.locator('.try-it-response-headers summary').click();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
      });
      expect(violations).toEqual([]);
      await context.close();
    });
  }
});
