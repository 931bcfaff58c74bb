// `serve --watch` in a real browser (Debian's Chromium through playwright-core): the open page
// follows edits by itself, build errors show in an overlay (as text), and a CSS edit swaps the
// stylesheet without reloading the page.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/format';
import { packagePath } from '../../src/paths';
import { launchBrowser } from '../helpers/browser';
import { writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

// DocPage, wrapped so that it throws for a guide containing THROW_MARKER: how a broken template
// behaves. Authors' guides render through it as usual otherwise.
vi.mock('../../templates/pages/DocPage', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../templates/pages/DocPage')>();
  const { throwingDocPage } = await import('./throwingTemplate');
  return { ...original, DocPage: throwingDocPage(original.DocPage) };
});
const { THROW_MARKER } = await import('./throwingTemplate');
const throwingTemplateFile = path.join(import.meta.dirname, 'throwingTemplate.tsx');

const guide = (body: string) => `---\ntitle: Live guide\n---\n${body}\n`;
const stylesDir = packagePath('templates/styles');
const testCss = path.join(stylesDir, `zz-docsgen-watch-test-${process.pid}.css`);

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let page: Page;
let dir: string;

beforeAll(async () => {
  for (const f of fs.readdirSync(stylesDir)) if (f.startsWith('zz-docsgen-watch-test-')) fs.rmSync(path.join(stylesDir, f));
  dir = writeFiles({ 'content/guides/live.md': guide('Version 0.'), 'content/guides/other.md': '---\ntitle: Other\n---\nOther page.\n' });
  server = await startServer({ root: dir, watch: true });
  await server.context!.ready;
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  fs.rmSync(testCss, { force: true });
  await browser?.close();
  await server?.close();
});

const main = () => page.locator('main').innerText();
// The overlay's content is in its shadow root (Playwright's CSS selectors look inside it).
const overlay = () => page.locator('#__docsgen-error-overlay [role="alertdialog"]');

describe('serve --watch in the browser', () => {
  it('an edited guide shows on the open page without a manual reload', async () => {
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await main()).toContain('Version 0.');
    // Save-to-painted time, the way an author feels it: file written → new text on screen.
    const times: number[] = [];
    for (let i = 1; i <= 5; i++) {
      await page.waitForTimeout(150);
      const start = performance.now();
      fs.writeFileSync(path.join(dir, 'content/guides/live.md'), guide(`Version ${i}.`));
      await page.waitForFunction((text) => document.querySelector('main')?.textContent?.includes(text) ?? false, `Version ${i}.`, { timeout: 15_000, polling: 'raf' });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`save → updated page painted: median ${Math.round(times[2])} ms (min ${Math.round(times[0])}, max ${Math.round(times[4])}) over 5 edits`);
  });

  const liveFile = () => path.join(dir, 'content/guides/live.md');
  const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i}: the flood zone of a parcel comes from the map panel its centroid falls in.`).join('\n\n');
  /** Opens the live guide and waits until the client holds its copy of the page to compare edits with. */
  const openLiveGuide = async () => {
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch' && e.name === location.href), undefined, { timeout: 15_000 });
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same document';
      scrollTo(0, 900);
    });
  };
  const marker = () => page.evaluate(() => (window as unknown as { __marker?: string }).__marker);

  it('an edit inside the page content is put in place: no reload, the scroll stays, new code blocks get their copy button', async () => {
    fs.writeFileSync(liveFile(), guide(`${long}\n\nIn place 0.`));
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('In place 0.') ?? false, undefined, { timeout: 15_000 });
    await openLiveGuide();
    // The Copy page island inside the content: the live element stays (React owns its DOM).
    await page.evaluate(() => ((document.querySelector('[data-island="CopyPage"]') as unknown as { __kept: boolean }).__kept = true));
    fs.writeFileSync(liveFile(), guide(`${long}\n\nIn place 1.\n\n## Try it\n\n\`\`\`bash\ncurl https://sandbox.hyperlocal.example/v1/parcels/4471203019/flood-risk\n\`\`\``));
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('In place 1.') ?? false, undefined, { timeout: 15_000 });
    expect(await marker()).toBe('same document');
    expect(await page.evaluate(() => scrollY)).toBe(900);
    expect(await page.evaluate(() => (document.querySelector('[data-island="CopyPage"]') as unknown as { __kept?: boolean }).__kept)).toBe(true);
    await expect.poll(() => page.locator('main .code-block .copy-button').count()).toBe(1);
    // The table of contents, outside <main>, follows the new heading.
    expect(await page.locator('.doc-toc').innerText()).toContain('Try it');
    // The new page came with the server's message: after the first copy it kept, the page never fetched itself.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch' && e.name === location.href).length)).toBe(1);
  });

  it('a page not found shows the guide written for its URL once it is saved', async () => {
    const soon = path.join(dir, 'content/guides/soon.md');
    fs.rmSync(soon, { force: true });
    const response = await page.goto(`${server.url}guides/soon`);
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => document.readyState === 'complete');
    fs.writeFileSync(soon, '---\ntitle: Coming soon\n---\nWritten while the page was open.\n');
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Written while the page was open.') ?? false, undefined, { timeout: 15_000 });
    expect(await page.locator('h1').innerText()).toBe('Coming soon');
    // The guide removed again, and its build awaited away from the page: a late reload must not land in the next test.
    await page.goto('about:blank');
    const removed = new Promise<void>((resolve) => {
      const stop = server.context!.subscribe((e) => {
        if (!e.changed.some((f) => f.endsWith('soon.md'))) return;
        stop();
        resolve();
      });
    });
    fs.rmSync(soon);
    await removed;
  });

  it('an edit that reaches outside the page content (its description, in the head) reloads the page', async () => {
    await openLiveGuide();
    fs.writeFileSync(liveFile(), `---\ntitle: Live guide\ndescription: Flood zones by parcel.\n---\n${long}\n\nReloaded.\n`);
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Reloaded.') ?? false, undefined, { timeout: 15_000 });
    expect(await marker()).toBeUndefined();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Flood zones by parcel.');
    fs.writeFileSync(liveFile(), guide('Version 5.'));
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Version 5.') ?? false, undefined, { timeout: 15_000 });
  });

  it('bad front matter: an overlay names the file and line (as text), the server stays up, a good save clears it', async () => {
    await page.goto(`${server.url}guides/live`);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    fs.writeFileSync(path.join(dir, 'content/guides/live.md'), '---\ntitle: [<img src=x onerror="window.__xss=1">\n---\nBroken.\n');
    await overlay().waitFor({ state: 'visible', timeout: 15_000 });
    const text = await overlay().innerText();
    expect(text).toContain('content/guides/live.md:2');
    expect(text).toContain('The front matter is not valid YAML');
    expect(text).toContain('<img src=x onerror="window.__xss=1">');
    expect(await overlay().locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // The server keeps serving the last good build.
    expect((await request(server.url, '/guides/live')).status).toBe(200);
    expect(await main()).toContain('Version 5.');

    fs.writeFileSync(path.join(dir, 'content/guides/live.md'), guide('Fixed version.'));
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Fixed version.') ?? false, undefined, { timeout: 15_000 });
    expect(await overlay().count()).toBe(0);
  });

  it('a template that throws: terminal and overlay name the template file and line, the server stays up, a good save clears it', async () => {
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => document.readyState === 'complete');
    const before = await main();
    const throwLine = fs.readFileSync(throwingTemplateFile, 'utf8').split('\n').findIndex((l) => l.includes('throw new Error')) + 1;
    const where = `${path.relative(process.cwd(), throwingTemplateFile)}:${throwLine}`;
    const diagnosticsBefore = server.logger.diagnostics.length;
    fs.writeFileSync(path.join(dir, 'content/guides/live.md'), guide(`This guide breaks the template: ${THROW_MARKER}.`));
    await overlay().waitFor({ state: 'visible', timeout: 15_000 });
    const text = await overlay().innerText();
    expect(text).toContain(where);
    expect(text).toContain('Rendering the page /guides/live failed: this template cannot render the guide');
    expect(text).toContain("throw new Error('this template cannot render the guide');");
    // The terminal says the same, and which guide was being rendered.
    const printed = server.logger.diagnostics.slice(diagnosticsBefore).map((d) => formatDiagnostic(d, { color: false, cwd: process.cwd() })).join('\n');
    expect(printed).toContain(where);
    expect(printed).toMatch(/note: while rendering \S*content\/guides\/live\.md/);
    expect(server.logger.lines.at(-1)).toMatch(/rebuild failed with 1 error; still serving the last good build/);
    // Still serving the last good build.
    const served = await request(server.url, '/guides/live');
    expect(served.status).toBe(200);
    expect(served.body).not.toContain(THROW_MARKER);
    expect(await main()).toBe(before);

    fs.writeFileSync(path.join(dir, 'content/guides/live.md'), guide('Template happy again.'));
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Template happy again.') ?? false, undefined, { timeout: 15_000 });
    expect(await overlay().count()).toBe(0);
  });

  it('a page opened while the build is broken shows the overlay at once', async () => {
    fs.writeFileSync(path.join(dir, 'content/guides/other.md'), '---\ntitle: Other\nsidebar_position: "first"\n---\nOther page.\n');
    await expect.poll(() => server.context!.state.errors?.length ?? 0, { timeout: 15_000 }).toBe(1);
    await page.goto(`${server.url}guides/other`);
    await overlay().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await overlay().innerText()).toContain('content/guides/other.md:3');
    fs.writeFileSync(path.join(dir, 'content/guides/other.md'), '---\ntitle: Other\n---\nOther page, fixed.\n');
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Other page, fixed.') ?? false, undefined, { timeout: 15_000 });
    expect(await overlay().count()).toBe(0);
  });

  it('a CSS change swaps the stylesheet without reloading the page', async () => {
    await page.goto(`${server.url}guides/live`);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'still here';
      const probe = document.createElement('div');
      probe.id = 'docsgen-watch-test-probe';
      document.body.append(probe);
    });
    const before = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    const start = performance.now();
    fs.writeFileSync(testCss, '#docsgen-watch-test-probe { color: rgb(1, 2, 3); }\n');
    await page.waitForFunction(() => getComputedStyle(document.getElementById('docsgen-watch-test-probe')!).color === 'rgb(1, 2, 3)', undefined, { timeout: 15_000 });
    console.log(`save CSS → new style applied without reload: ${Math.round(performance.now() - start)} ms`);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('still here');
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').getAttribute('href')).not.toBe(before);
    fs.rmSync(testCss);
    await page.waitForFunction(() => getComputedStyle(document.getElementById('docsgen-watch-test-probe')!).color !== 'rgb(1, 2, 3)', undefined, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('still here');
  });
});
