// The guides' front matter kept in the build cache by its text (content/guideMemo.ts): a build
// from the cache shows what a cold build shows, reports a problem every time, and survives a
// damaged entry.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { FRONT_MATTER_STAGE } from '../../src/content/guideMemo';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { configSource, listFiles, writeFiles } from '../helpers/fixture';

const guide = (title: string, extra = '') => `---\ntitle: ${title}\nsidebar_position: 1\n${extra}---\n\nHow to look up a parcel by its county number.\n`;

describe('front matter from the build cache', () => {
  it('shows an edited title, warns of a problem on every build, and survives a damaged entry', async () => {
    const dir = writeFiles({
      'docsgen.config.ts': configSource(),
      'content/guides/parcels.md': guide('Parcel lookups'),
      // Two guides with the same front matter: each keeps its own body.
      'content/guides/zones.md': guide('Zones').replace('a parcel by its county number', 'a flood zone'),
      'content/guides/zones-again.md': guide('Zones'),
      'content/guides/permits.md': guide('Permits', 'sidebr_label: Permits\n'),
    });
    const run = async (cacheDir: string | false, outDir = path.join(dir, 'build')) => {
      const logger = createMemoryLogger();
      await build({ root: dir, outDir, cacheDir, logger });
      return { logger, read: (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8'), outDir };
    };
    const unknownKey = (logger: ReturnType<typeof createMemoryLogger>) => logger.diagnostics.filter((d) => d.text === 'Unknown front matter key "sidebr_label" is ignored.' && d.location?.line === 4);
    let colds = 0;
    const cold = async () => run(false, path.join(dir, `cold-${++colds}`));
    const sameAsCold = async (built: { outDir: string }) => {
      const { outDir } = await cold();
      const files = listFiles(outDir);
      expect(listFiles(built.outDir)).toEqual(files);
      expect(files.filter((f) => !fs.readFileSync(path.join(built.outDir, f)).equals(fs.readFileSync(path.join(outDir, f))))).toEqual([]);
    };

    const first = await run('.cache');
    expect(unknownKey(first.logger)).toHaveLength(1);
    expect(first.read('guides/zones/index.html')).toContain('a flood zone');
    expect(first.read('guides/zones-again/index.html')).toContain('a parcel by its county number');

    // From the cache: the same pages, and the warning again.
    const second = await run('.cache');
    expect(unknownKey(second.logger)).toHaveLength(1);
    await sameAsCold(second);

    // A title edited in the front matter.
    fs.writeFileSync(path.join(dir, 'content/guides/parcels.md'), guide('Looking up parcels'));
    const edited = await run('.cache');
    expect(edited.read('guides/parcels/index.html')).toContain('<title>Looking up parcels');
    await sameAsCold(edited);

    // A damaged entry: one warning, and the pages of a cold build.
    const stage = path.join(dir, '.cache', FRONT_MATTER_STAGE);
    const [entry] = listFiles(stage);
    const bytes = fs.readFileSync(path.join(stage, entry));
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(path.join(stage, entry), bytes);
    const damaged = await run('.cache');
    expect(damaged.logger.lines.filter((l) => /failed (its|their) checksum/.test(l))).toHaveLength(1);
    await sameAsCold(damaged);
  }, 120_000);
});
