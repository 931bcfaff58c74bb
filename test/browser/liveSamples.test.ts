// #17 live samples in a real browser: with the try-it console open, the sidecar's code samples
// follow what the reader types (parameters, body, server), with the API key masked until the
// reader asks to show it; closing the console puts the built samples back.
import fs from 'node:fs';
import path from 'node:path';
import { dump, load } from 'js-yaml';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { launchBrowser, serveStatic } from '../helpers/browser';
import { configSource, repoRoot, writeFiles } from '../helpers/fixture';

const KEY = 'hl_test_Live5ampleK3y';

let browser: Browser;
let site: { url: string; close(): Promise<void> };
let dir: string;

beforeAll(async () => {
  // The console is not sent anything here: the sandbox URL only has to be what the samples show.
  dir = writeFiles({
    'docsgen.config.ts': configSource({
      openapi: { spec: 'openapi.yaml', tryIt: { enabled: true, servers: [{ url: 'http://127.0.0.1:9/sandbox', description: 'Local sandbox' }] } },
    }),
    'openapi.yaml': withLongBody(fs.readFileSync(path.join(repoRoot, 'fixtures/specs/try-it.yaml'), 'utf8')),
  });
  const out = path.join(dir, 'out');
  await build({ root: dir, outDir: out, logger: createMemoryLogger() });
  site = await serveStatic(out);
  browser = await launchBrowser();
});

/** The try-it spec plus an operation whose body example is 40 fields long (its built samples are bounded). */
function withLongBody(source: string): string {
  const spec = load(source) as { paths: Record<string, unknown> };
  const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i + 1}`, i + 1]));
  spec.paths['/v1/notes'] = {
    post: {
      operationId: 'createNote',
      summary: 'Create a note',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' }, example: fields } } },
      responses: { '201': { description: 'Created.' } },
    },
  };
  return dump(spec);
}

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The text of a language's sample in the sidecar (hidden tabs included). */
const sample = (page: Page, lang: string) => page.locator(`.operation-samples .code-block[data-language="${lang}"] code`).first().textContent();

/** A parameter's input, by its name (a required one's label says so after it). */
const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\(required\\))?$`));

async function open(route: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(site.url + route);
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.locator('.try-it-form').waitFor();
  return page;
}

describe('#17 live code samples', () => {
  it('follow the query values typed, in curl and Python, and a parameter cleared leaves the URL', async () => {
    const page = await open('/api/search-boundaries');
    const built = 'https://sandbox.hyperlocal.example/v1/boundaries/search';
    // Opening the console shows the console's server and pre-filled values.
    await expect.poll(() => sample(page, 'curl')).toContain("--url 'http://127.0.0.1:9/sandbox/v1/boundaries/search?lat=34.0782&lng=-118.2606&layers=neighborhood%2Czip&limit=10'");
    expect(await sample(page, 'curl')).not.toContain(built);

    await field(page, 'lat').fill(`34.1'; echo "$(id)"`);
    await expect.poll(() => sample(page, 'curl')).toContain("lat=34.1'\\''%3B%20echo%20%22%24(id)%22&");
    await expect.poll(() => sample(page, 'python')).toContain(`url = "http://127.0.0.1:9/sandbox/v1/boundaries/search?lat=34.1'%3B%20echo%20%22%24(id)%22&lng=-118.2606`);

    await field(page, 'limit').fill('');
    await expect.poll(() => sample(page, 'python')).not.toContain('limit=');
    await field(page, 'x-data-version').fill('2024-06');
    await expect.poll(() => sample(page, 'go')).toContain('req.Header.Add("x-data-version", "2024-06")');
    // Highlighted as the built samples are: the URL is a string.
    expect(await page.locator('.operation-samples .code-block[data-language="python"] code .hljs-string').first().textContent()).toMatch(/^"http:\/\/127\.0\.0\.1:9\/sandbox/);
    await page.context().close();
  });

  it('mask the API key until the reader asks to show it', async () => {
    const page = await open('/api/get-boundary');
    await page.getByLabel('API key (x-api-key, in the header)').fill('');
    await expect.poll(() => sample(page, 'curl')).toContain("--header 'x-api-key: YOUR_API_KEY'");
    await page.getByLabel('API key (x-api-key, in the header)').fill(KEY);
    await expect.poll(() => sample(page, 'curl')).toContain("--header 'x-api-key: ••••'");
    for (const lang of ['curl', 'node', 'php', 'python', 'csharp', 'go', 'ruby', 'java', 'powershell']) expect(await sample(page, lang), lang).not.toContain(KEY);

    await page.getByLabel('Show credentials in the code samples').check();
    await expect.poll(() => sample(page, 'curl')).toContain(`--header 'x-api-key: ${KEY}'`);
    expect(await sample(page, 'powershell')).toContain(`$headers.Add('x-api-key', '${KEY}')`);
    await page.getByLabel('Show credentials in the code samples').uncheck();
    await expect.poll(() => sample(page, 'curl')).not.toContain(KEY);
    await page.context().close();
  });

  it('write the JSON body typed as a structure in Python and Node.js, as a string elsewhere', async () => {
    const page = await open('/api/create-virtual-boundary');
    await page.getByLabel('Body example', { exact: true }).selectOption({ label: '10-minute drive' });
    await page.locator('textarea.try-it-body').fill('{"layer": "drive_time", "minutes": 12, "name": "Joe\'s \\"cafe\\""}');
    await expect.poll(() => sample(page, 'python')).toContain('payload = {\n    "layer": "drive_time",\n    "minutes": 12,\n    "name": "Joe\'s \\"cafe\\""\n}');
    expect(await sample(page, 'node')).toContain("body: JSON.stringify({\n    layer: 'drive_time',\n    minutes: 12,\n    name: 'Joe\\'s \"cafe\"'\n  })");
    expect(await sample(page, 'curl')).toContain(`--data '{"layer": "drive_time", "minutes": 12, "name": "Joe'\\''s \\"cafe\\""}'`);
    expect(await sample(page, 'java')).toContain('.body("{\\"layer\\": \\"drive_time\\", \\"minutes\\": 12, \\"name\\": \\"Joe\'s \\\\\\"cafe\\\\\\"\\"}")');
    await page.context().close();
  });

  it('keep "Show all N lines" true to the sample typed', async () => {
    const page = await open('/api/create-note');
    await page.locator('.operation-samples label[for="code-samples-tabs-python"]').click();
    const python = page.locator('.operation-samples .code-block[data-language="python"]').first();
    await expect.poll(() => python.locator('.code-expand').isVisible()).toBe(true);
    const built = await python.locator('.code-expand-more').textContent();
    expect(built).toMatch(/^Show all \d+ lines$/);
    await page.locator('textarea.try-it-body').fill('{"short": true}');
    await expect.poll(() => python.locator('.code-expand').isHidden()).toBe(true);
    const long = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])));
    await page.locator('textarea.try-it-body').fill(long);
    await expect.poll(() => python.locator('.code-expand').isVisible()).toBe(true);
    const lines = (await sample(page, 'python'))!.replace(/\n$/, '').split('\n').length;
    expect(await python.locator('.code-expand-more').textContent()).toBe(`Show all ${lines} lines`);
    expect(lines).toBeGreaterThan(60);
    await page.context().close();
  });

  it('go back to the built samples when the console is closed', async () => {
    const page = await open('/api/get-boundary');
    await expect.poll(() => sample(page, 'curl')).toContain('127.0.0.1:9/sandbox');
    await page.getByRole('button', { name: 'Hide the console' }).click();
    await expect.poll(() => sample(page, 'curl')).toContain('https://sandbox.hyperlocal.example/v1/boundaries/');
    expect(await sample(page, 'curl')).not.toContain('127.0.0.1');
    await page.context().close();
  });
});
