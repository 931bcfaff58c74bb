// The measuring machinery of issue 18: `npm run bench -- --baseline <commit>` compares the current
// code with an older commit in one run, and `--large` reports a build that runs out of memory.
// A wrong order or ratio here would make every speed target read as met or missed wrongly, so
// the pure parts are checked on hand-made runs (no real baseline build runs in a test).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { alternation, formatRatio, ratioHeader, ratioRows, resolveCommit } from '../../bench/baseline.mjs';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { describeOutOfMemory, growthRows, outOfMemory, withResponseMistake } from '../../bench/largeSites.mjs';
// @ts-expect-error: plain ESM benchmark script without type declarations
import { UsageError, parseArgs } from '../../bench/options.mjs';

const run = (wallMs: number, cpuMs: number, maxRssKiB: number, extra: Record<string, number> = {}) => ({ wallMs, processWallMs: wallMs + 200, cpuMs, processCpuMs: cpuMs + 300, maxRssKiB, ...extra });

describe('npm run bench options', () => {
  it('reads --baseline and --large beside the existing options', () => {
    const opts = parseArgs(['--baseline', '2860eab', '--large', '--site', 'generated-7000', '--runs', '5', '--no-write']);
    expect(opts).toMatchObject({ baseline: '2860eab', large: true, sites: ['generated-7000'], runs: 5, write: false });
    expect(parseArgs([])).toMatchObject({ baseline: undefined, large: false, runs: 3, sites: [], sections: [] });
  });

  it('refuses a --baseline without a commit, and anything that is not a commit-ish', () => {
    expect(() => parseArgs(['--baseline'])).toThrow(/--baseline needs a value/);
    expect(() => parseArgs(['--baseline', '--large'])).toThrow(/--baseline needs a value/);
    expect(() => parseArgs(['--baseline', 'main; rm -rf /'])).toThrow(UsageError);
    expect(parseArgs(['--baseline', 'HEAD~3']).baseline).toBe('HEAD~3');
    expect(() => parseArgs(['--runs', '0'])).toThrow(/positive integer/);
    expect(() => parseArgs(['--lagre'])).toThrow(/unknown option --lagre/);
  });
});

describe('bench/baseline.mjs', () => {
  it('alternates baseline and current, baseline first, the same number of runs each', () => {
    expect(alternation(3).map((o: { side: string; run: number }) => `${o.side[0]}${o.run}`)).toEqual(['b1', 'c1', 'b2', 'c2', 'b3', 'c3']);
    expect(alternation(1).map((o: { side: string }) => o.side)).toEqual(['baseline', 'current']);
  });

  it('prints both medians and current ÷ baseline for every figure', () => {
    const baseline = [run(20_000, 34_000, 1_048_576), run(22_000, 35_000, 1_100_000), run(21_000, 33_000, 1_000_000)];
    const current = [run(10_000, 16_000, 524_288), run(10_500, 17_000, 524_288), run(9_000, 15_000, 524_288)];
    const rows = ratioRows(baseline, current);
    expect(rows.map((r: string[]) => r[0])).toEqual(['Wall time, build()', 'Wall time, whole process', 'CPU time, build()', 'CPU time, whole process', 'Peak RSS']);
    expect(rows[0]).toEqual(['Wall time, build()', '21,000 ms (20,000 ms – 22,000 ms)', '10,000 ms (9,000 ms – 10,500 ms)', '0.48×']);
    expect(rows[1][3]).toBe('0.48×'); // 10,200 / 21,200
    expect(rows[2][3]).toBe('0.47×'); // 16,000 / 34,000
    // Equal runs print one figure, not a range; 512 MiB against 1,048,576 KiB (1 GiB) is 0.50×.
    expect(rows[4][2]).toBe('512.0 MiB');
    expect(rows[4][3]).toBe('0.50×');
    expect(ratioHeader('2860eab')).toEqual(['Metric', 'Baseline 2860eab', 'Current', 'Current / baseline']);
  });

  it('says a ratio is above 1 when the current code is slower, and has none without a baseline figure', () => {
    expect(formatRatio(1500, 1000)).toBe('1.50×');
    expect(formatRatio(5, 0)).toBe('—');
  });

  it('names the commit that does not exist', () => {
    expect(() => resolveCommit(process.cwd(), 'deadbeefdeadbeef')).toThrow(/--baseline deadbeefdeadbeef: no such commit/);
  });
});

describe('bench/largeSites.mjs', () => {
  it('recognises V8 running out of heap, and says when, at what RSS and how far the build got', () => {
    expect(outOfMemory('<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory')).toBe(true);
    expect(outOfMemory('{"error":"Error [ERR_WORKER_OUT_OF_MEMORY]: Worker terminated due to reaching memory limit: JS heap out of memory"}')).toBe(true);
    expect(outOfMemory('Error: ENOENT: no such file')).toBe(false);
    const text = describeOutOfMemory({ processWallMs: 183_400, maxRssKiB: 4_404_019, progress: { label: 'rendering pages', done: 12_000, total: 36_073, ms: 170_000 } });
    expect(text).toBe("ran out of memory (Node's default heap) after 183 s at 4301 MiB peak RSS; last progress at 170 s: rendering pages 12,000/36,073.");
    expect(describeOutOfMemory({ processWallMs: 60_000, maxRssKiB: undefined, progress: undefined })).toMatch(/peak RSS unknown; it reported no progress/);
  });

  it("breaks the invalid site's spec in one place: the first response's description, at the line it reports", () => {
    const spec = ['paths:', '  /a:', '    get:', '      summary: A', '      description: Not a response.', '      responses:', "        '200':", '          description: Success.', '  /b:', '    get:', '      responses:', "        '200':", '          description: Success.', ''].join('\n');
    const { text, line } = withResponseMistake(spec);
    expect(line).toBe(8);
    expect(text.split('\n')[line - 1]).toBe('          description: 42');
    expect(text.replace('description: 42', 'description: Success.')).toBe(spec);
    expect(() => withResponseMistake('paths: {}\n')).toThrow(/no response/);
  });

  it('puts time and memory per page in the growth table, in page order, keeping a site that ran out of memory', () => {
    const site = (name: string, pages: number, wallMs: number, cpuMs: number, maxRssKiB: number) => ({ name, growth: true, pages, runs: [{ ...run(wallMs, cpuMs, maxRssKiB), pages, bytes: pages * 81_920 }] });
    const rows = growthRows([
      site('generated-7000', 7000, 31_500, 45_500, 1_157_632),
      site('generated-1000', 1000, 6_700, 10_200, 404_480),
      { name: 'generated-35000', growth: true, pages: 36_073, runs: [], error: 'ran out of memory', failure: { outOfMemory: true, processWallMs: 200_000, maxRssKiB: 4_400_000 } },
      { name: 'shipped', runs: [{ ...run(700, 1300, 150_000), pages: 73, bytes: 1 }] },
    ]);
    expect(rows).toEqual([
      ['generated-1000', '1,000', '1', '6,700 ms', '10,200 ms', '395.0 MiB', '6.70', '10.20', '404.5', '78.1 MiB'],
      ['generated-7000', '7,000', '1', '31,500 ms', '45,500 ms', '1130.5 MiB', '4.50', '6.50', '165.4', '546.9 MiB'],
      ['generated-35000', '36,073', '0', 'out of memory after 200 s', '—', '4296.9 MiB (at failure)', '—', '—', '≥ 122.0', '—'],
    ]);
  });
});
