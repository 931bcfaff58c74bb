// serve --watch and component overrides: saving an override re-renders the pages that show it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchEvent } from '../../src/serve/watch';
import { writeFiles } from '../helpers/fixture';
import { request, startServer } from '../serve/helpers';

type Server = Awaited<ReturnType<typeof startServer>>;

function nextBuild(server: Server, file: string, timeoutMs = 20_000): Promise<WatchEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no build after ${file}`)), timeoutMs);
    const stop = server.context!.subscribe((event) => {
      if (!event.changed.some((c) => c.endsWith(file))) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

const footer = (text: string) => `export function Footer() {\n  return <footer className="acme-footer">${text}</footer>;\n}\n`;

describe('serve --watch with theme/ overrides', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nPage A.\n',
      'content/guides/b.md': '---\ntitle: B\n---\nPage B.\n',
      'theme/Footer.tsx': footer('First footer'),
    });
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it('an edited override is compiled again and every page shows it', async () => {
    expect((await request(server.url, '/guides/a')).body).toContain('<footer class="acme-footer">First footer</footer>');
    const built = nextBuild(server, 'theme/Footer.tsx');
    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), footer('Second footer'));
    const event = await built;
    expect(event.type).toBe('built');
    if (event.type !== 'built') return;
    expect(event.rendered).toEqual(expect.arrayContaining(['/guides/a', '/guides/b', '/']));
    for (const route of ['/guides/a', '/guides/b', '/']) expect((await request(server.url, route)).body, route).toContain('<footer class="acme-footer">Second footer</footer>');
  });

  it('a save that breaks the override is reported at its line, and the next good save recovers', async () => {
    const failed = nextBuild(server, 'theme/Footer.tsx');
    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), 'export function Footer() {\n  return <footer>oops</foter>;\n}\n');
    const event = await failed;
    expect(event.type).toBe('failed');
    if (event.type !== 'failed') return;
    expect(event.errors[0]).toMatchObject({ file: 'theme/Footer.tsx', line: 2 });
    const fixed = nextBuild(server, 'theme/Footer.tsx');
    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), footer('Third footer'));
    expect((await fixed).type).toBe('built');
    expect((await request(server.url, '/guides/b')).body).toContain('Third footer');
  });
});

describe('serve --watch: a theme folder and custom pages made while it runs', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nPage A.\n' });
    server = await startServer({ root: dir, watch: true, watchTemplates: false });
    await server.context!.ready;
  });
  afterAll(() => server.close());

  it('a theme/ folder created after the start is compiled in', async () => {
    const built = nextBuild(server, 'theme/Footer.tsx');
    fs.mkdirSync(path.join(dir, 'theme'));
    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), footer('Late footer'));
    expect((await built).type).toBe('built');
    expect((await request(server.url, '/guides/a')).body).toContain('<footer class="acme-footer">Late footer</footer>');
  });

  it('a custom page added while it runs gets its route, and its edits show', async () => {
    const added = nextBuild(server, 'content/pages/pricing.tsx');
    fs.mkdirSync(path.join(dir, 'content/pages'));
    fs.writeFileSync(path.join(dir, 'content/pages/pricing.tsx'), "export const title = 'Pricing';\nexport default function Pricing() {\n  return <p className=\"price\">Free</p>;\n}\n");
    expect((await added).type).toBe('built');
    const page = await request(server.url, '/pricing');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<p class="price">Free</p>');
    expect(page.body).toContain('<title>Pricing | Test Docs</title>');
    const edited = nextBuild(server, 'content/pages/pricing.tsx');
    fs.writeFileSync(path.join(dir, 'content/pages/pricing.tsx'), "export const title = 'Plans';\nexport default function Pricing() {\n  return <p className=\"price\">Ten dollars</p>;\n}\n");
    expect((await edited).type).toBe('built');
    const after = (await request(server.url, '/pricing')).body;
    expect(after).toContain('<p class="price">Ten dollars</p>');
    expect(after).toContain('<title>Plans | Test Docs</title>');
  });
});

