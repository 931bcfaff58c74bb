// Guides named with accents, spaces or other scripts: markdown-it hands docsgen each link and
// image percent-encoded (`./café.md` → `./caf%C3%A9.md`), which named no file, so a link to
// such a guide was "broken" (a failed build under the default onBrokenLinks) and a missing one
// was reported without its column.
import { describe, expect, it } from 'vitest';
import { buildFails, buildFiles } from '../helpers/fixture';

const guide = (title: string, body = 'Text.') => `---\ntitle: ${title}\n---\n${body}\n`;
// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64').toString('latin1');

describe('links to guides and images named with accents and spaces', () => {
  it('resolve to their pages and files, written as is or percent-encoded', async () => {
    const site = await buildFiles({
      'content/guides/intro.md': guide('Intro', 'See [the café](./café.md), [plans](./zoning%20plans.md), [年表](./年表.md) and [again](/guides/café).\n\n![Plan](./plan%20v2.png) ![Carte](./carté.png)'),
      'content/guides/café.md': guide('Café'),
      'content/guides/zoning plans.md': guide('Zoning plans'),
      'content/guides/年表.md': guide('Timeline'),
      'content/guides/plan v2.png': png,
      'content/guides/carté.png': png,
    });
    expect(site.logger.diagnostics.map((d) => d.text)).toEqual([]);
    const $ = site.$('guides/intro/index.html');
    const hrefs = $('article a').map((_, a) => decodeURI($(a).attr('href')!)).get();
    expect(hrefs).toEqual(expect.arrayContaining(['/guides/café', '/guides/zoning plans', '/guides/年表']));
    expect($('article img').length).toBe(2);
    for (const img of $('article img').get()) expect(site.exists(decodeURI($(img).attr('src')!).slice(1))).toBe(true);
  });

  it('a missing one is reported at its line and column as written', async () => {
    const failed = await buildFails({ 'content/guides/intro.md': guide('Intro', 'See [the bakery](./bäckerei.md).'), 'docsgen.config.ts': "export default { title: 'T', url: 'https://t.example', onBrokenMarkdownLinks: 'throw' };\n" });
    const [diagnostic] = failed.error.diagnostics;
    expect(diagnostic.text).toContain('points to a file that does not exist');
    expect(diagnostic.location).toMatchObject({ line: 4, column: 18 });
  });
});
