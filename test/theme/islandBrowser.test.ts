// An island override in a real browser: the server-rendered markup and the browser's bundle are
// the project's component, which hydrates without a mismatch and works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFiles, configSource } from '../helpers/fixture';
import { launchBrowser, serveStatic } from '../helpers/browser';

let browser: Browser;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const site = await buildFiles(
    {
      'docsgen.config.ts': configSource({ navbar: { items: [{ type: 'colorMode', position: 'right' }] } }),
      'content/guides/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nHello.\n',
      'theme/ColorModeToggle.tsx': `import { useState } from 'react';
export default function ColorModeToggle() {
  const [clicks, setClicks] = useState(0);
  return <button type="button" className="acme-toggle" onClick={() => setClicks(clicks + 1)}>Clicked {clicks} times</button>;
}
`,
    },
    // Development React reports hydration mismatches on the console.
    { dev: true },
  );
  server = await serveStatic(site.result.config.outDir);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an overridden island in the browser', () => {
  it('hydrates on the first click, which it counts, and keeps counting', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || /hydrat/i.test(m.text())) && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/guides/intro`);
    const button = page.locator('button.acme-toggle');
    await expect.poll(() => button.textContent()).toBe('Clicked 0 times');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Clicked 1 times');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Clicked 2 times');
    expect(problems).toEqual([]);
    await page.close();
  });
});
