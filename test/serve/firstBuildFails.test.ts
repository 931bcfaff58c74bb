// `serve --watch` when the very first build fails: there is no site yet, so every URL answers
// with one "Build failed" page that carries the live-reload client (the browser shows the error
// overlay and reloads itself); the save that fixes the file serves the real site.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSource, writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

describe('serve --watch with a failing first build', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    dir = writeFiles({ 'content/guides/a.md': '---\ntitle: [unclosed\n---\nBroken.\n', 'docsgen.config.ts': configSource({}) });
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it('serves the build-failed page with the reload client on every URL, then the site once the file is fixed', async () => {
    expect(server.context!.state.errors?.[0]).toMatchObject({ file: 'content/guides/a.md', line: 2 });
    for (const url of ['/', '/guides/a']) {
      const page = await request(server.url, url);
      expect(page.status, url).toBe(404);
      expect(page.body, url).toContain('The first build failed');
      expect(page.body, url).toMatch(/<script src="\/__docsgen\/client\.js\?v=[0-9a-f]{10}"/);
    }
    fs.writeFileSync(path.join(dir, 'content/guides/a.md'), '---\ntitle: A\n---\nFixed at last.\n');
    const end = Date.now() + 20_000;
    let page = await request(server.url, '/guides/a');
    while (page.status !== 200 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      page = await request(server.url, '/guides/a');
    }
    expect(page.status).toBe(200);
    expect(page.body).toContain('Fixed at last.');
    expect(server.context!.state.errors).toBeUndefined();
  });
});
