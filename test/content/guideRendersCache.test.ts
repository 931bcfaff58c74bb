// The rendered guides kept in the build cache (content/guideMemo.ts): a guide rendered once is
// not rendered again by a later build from the cache, however many builds ago it was edited; a
// damaged part costs its guides' renders and one warning, never a wrong page.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build';
import { GUIDE_PARTS_STAGE } from '../../src/content/guideMemo';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { listFiles, writeFiles } from '../helpers/fixture';

// The guides each build renders, by file: renderMarkdown is wrapped, not replaced.
const rendered: string[] = [];
vi.mock('../../src/content/markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/content/markdown')>();
  return {
    ...original,
    renderMarkdown: (...args: Parameters<typeof original.renderMarkdown>) => {
      rendered.push(args[2].file);
      return original.renderMarkdown(...args);
    },
  };
});

const TOPICS = ['parcels', 'zones', 'permits', 'schools', 'transit', 'noise', 'flood-risk', 'land-use', 'assessments', 'boundaries', 'sales', 'rentals'];
const guide = (topic: string, note = '') => `---\ntitle: ${topic}\n---\n\n${note}How the API answers questions about ${topic} near an address.\n\n## Reading the ${topic} response\n\nEach record carries its source and the date it was last checked.\n`;

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('rendered guides in the build cache', () => {
  it('a guide edited builds ago is not rendered again; a damaged part renders its guides again and warns once', async () => {
    dir = writeFiles(Object.fromEntries(TOPICS.map((topic) => [`content/guides/${topic}.md`, guide(topic)])));
    const file = (topic: string) => path.join(dir, 'content/guides', `${topic}.md`);
    let builds = 0;
    const run = async (cacheDir: string | false) => {
      const logger = createMemoryLogger();
      const outDir = path.join(dir, `build-${++builds}`);
      rendered.length = 0;
      await build({ root: dir, outDir, cacheDir, logger });
      return { logger, outDir, rendered: rendered.filter((f) => f.startsWith(path.join(dir, 'content'))).sort() };
    };
    const sameAsCold = async (built: { outDir: string }) => {
      const { outDir } = await run(false);
      const files = listFiles(outDir);
      expect(listFiles(built.outDir)).toEqual(files);
      expect(files.filter((f) => !fs.readFileSync(path.join(built.outDir, f)).equals(fs.readFileSync(path.join(outDir, f))))).toEqual([]);
    };

    expect((await run('.cache')).rendered).toHaveLength(TOPICS.length);
    expect((await run('.cache')).rendered).toEqual([]);

    fs.writeFileSync(file('zones'), guide('zones', 'Flood zones come from the county, not from FEMA.\n\n'));
    const edited = await run('.cache');
    expect(edited.rendered).toEqual([file('zones')]);
    await sameAsCold(edited);
    // The next build takes the edited guide from the cache too.
    expect((await run('.cache')).rendered).toEqual([]);

    fs.writeFileSync(file('transit'), guide('transit', 'Stops are counted within 800 metres.\n\n'));
    expect((await run('.cache')).rendered).toEqual([file('transit')]);
    const after = await run('.cache');
    expect(after.rendered).toEqual([]);
    await sameAsCold(after);

    // A damaged part: its guides are rendered again (not all of them: the others' parts are
    // intact), one warning, the pages of a cold build; the build after it renders none.
    const stage = path.join(dir, '.cache', GUIDE_PARTS_STAGE);
    const parts = listFiles(stage);
    expect(parts.length).toBeGreaterThan(1);
    const damagedFile = path.join(stage, parts[0]);
    const bytes = fs.readFileSync(damagedFile);
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(damagedFile, bytes);
    const damaged = await run('.cache');
    expect(damaged.logger.lines.filter((l) => /failed (its|their) checksum/.test(l))).toHaveLength(1);
    expect(damaged.rendered.length).toBeGreaterThan(0);
    expect(damaged.rendered.length).toBeLessThan(TOPICS.length);
    await sameAsCold(damaged);
    expect((await run('.cache')).rendered).toEqual([]);
  }, 120_000);
});
