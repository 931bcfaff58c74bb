// #21 `serve --watch` and the branding files: the config names them, so a save to the custom
// stylesheet or the logo builds again with the file's new hashed URL, and a logo that goes
// missing is reported at its config key while the last good build is served.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchEvent } from '../../src/serve/watch';
import { configSource, writeFiles } from '../helpers/fixture';
import { request, startServer } from './helpers';

type Server = Awaited<ReturnType<typeof startServer>>;

function nextEvent(server: Server, file: string, timeoutMs = 20_000): Promise<WatchEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no build after ${file} changed`)), timeoutMs);
    const stop = server.context!.subscribe((event) => {
      if (!event.changed.some((c) => c.endsWith(file))) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

describe('#21 serve --watch with branding files', () => {
  let dir: string;
  let server: Server;
  const page = async () => cheerio.load((await request(server.url, '/guides/a')).body);
  beforeAll(async () => {
    dir = writeFiles({
      'docsgen.config.ts': configSource({
        navbar: { logo: { alt: 'Acme', src: 'brand/logo.svg' }, items: [{ label: 'Guides', to: '/guides/a', position: 'left' }] },
        branding: { customCss: 'brand/custom.css' },
      }),
      'content/guides/a.md': '---\ntitle: A\n---\nText.\n',
      'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="32"/>',
      'brand/custom.css': '.navbar { border-bottom-width: 2px; }\n',
    });
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it('a saved custom stylesheet is served at its new hashed URL, which the pages link', async () => {
    const before = (await page())('link[rel="stylesheet"]').last().attr('href')!;
    const built = nextEvent(server, 'brand/custom.css');
    fs.writeFileSync(path.join(dir, 'brand/custom.css'), '.navbar { border-bottom-width: 3px; }\n');
    expect((await built).type).toBe('built');
    const after = (await page())('link[rel="stylesheet"]').last().attr('href')!;
    expect(after).toMatch(/^\/assets\/brand\/custom\.[0-9a-f]{10}\.css$/);
    expect(after).not.toBe(before);
    expect((await request(server.url, after)).body).toBe('.navbar { border-bottom-width: 3px; }\n');
  });

  it('a logo that goes missing is an error at navbar.logo.src; put back, the site builds again', async () => {
    const failed = nextEvent(server, 'brand/logo.svg');
    fs.rmSync(path.join(dir, 'brand/logo.svg'));
    const event = await failed;
    expect(event.type).toBe('failed');
    if (event.type === 'failed') expect(event.errors.map((e) => e.text)).toEqual(['"navbar.logo.src" names brand/logo.svg, which does not exist (paths in the config are relative to it).']);
    const rebuilt = nextEvent(server, 'brand/logo.svg');
    fs.writeFileSync(path.join(dir, 'brand/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32"/>');
    expect((await rebuilt).type).toBe('built');
    const src = (await page())('.navbar-brand img').attr('src')!;
    expect((await request(server.url, src)).body).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32"/>');
  });
});
