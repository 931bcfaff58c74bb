// The pure parts of the watch-at-scale bench (bench/watchScale.mjs): when the dev server's memory
// is read, how growth per save is worked out from those readings (the issue's "no growth over
// 500 saves"), and the edit each save makes.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module of the bench
import { growth, samplePoints, summary, withParagraph, withSummary } from '../../bench/watchScale.mjs';

const MiB = 1024 * 1024;

describe('samplePoints', () => {
  it('reads memory before the first save, after 50, every 100 and after the last', () => {
    expect(samplePoints(500)).toEqual([0, 50, 100, 200, 300, 400, 500]);
    expect(samplePoints(250)).toEqual([0, 50, 100, 200, 250]);
    expect(samplePoints(30)).toEqual([0, 30]);
  });
});

describe('growth', () => {
  it('measures growth per save from the reading after 50 saves, once the caches are warm', () => {
    const samples = [
      { saves: 0, rss: 400 * MiB, heapUsed: 200 * MiB },
      { saves: 50, rss: 500 * MiB, heapUsed: 250 * MiB },
      { saves: 500, rss: 545 * MiB, heapUsed: 259 * MiB },
    ];
    const g = growth(samples);
    expect(g).toMatchObject({ from: 50, to: 500 });
    // 45 MiB over 450 saves = 102.4 KiB a save; heap 9 MiB / 450.
    expect(g.rssPerSave).toBeCloseTo((45 * MiB) / 450);
    expect(g.heapPerSave).toBeCloseTo((9 * MiB) / 450);
    expect(g.rssPerSaveFromStart).toBeCloseTo((145 * MiB) / 500);
    // 9 % above the reading after 50 saves: more than the 5 % tolerated.
    expect(g.met).toBe(false);
  });

  it('counts a heap that grows by more than 1 % as growth even when RSS stays within 5 %', () => {
    const g = growth([
      { saves: 50, rss: 500 * MiB, heapUsed: 250 * MiB },
      { saves: 500, rss: 510 * MiB, heapUsed: 254 * MiB },
    ]);
    expect(g.heapRatio).toBeCloseTo(1.016);
    expect(g.met).toBe(false);
  });

  it('counts a flat or shrinking RSS as no growth, and needs two readings', () => {
    const flat = growth([
      { saves: 0, rss: 400 * MiB, heapUsed: 200 * MiB },
      { saves: 50, rss: 500 * MiB, heapUsed: 250 * MiB },
      { saves: 500, rss: 520 * MiB, heapUsed: 240 * MiB },
    ]);
    expect(flat.met).toBe(true);
    expect(growth([{ saves: 0, rss: 1, heapUsed: 1 }, { saves: 30, rss: 0.5, heapUsed: 1 }])).toMatchObject({ from: 0, to: 30, met: true });
    expect(growth([{ saves: 0, rss: 1, heapUsed: 1 }])).toBeUndefined();
  });
});

describe('summary and the edit', () => {
  it('gives median, nearest-rank p95 and range', () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(summary(values)).toEqual({ median: 10.5, p95: 19, min: 1, max: 20 });
  });

  it("puts the marker paragraph first in the guide's body", () => {
    expect(withParagraph('---\ntitle: T\n---\n\nBody.\n', 'Marker 1.')).toBe('---\ntitle: T\n---\n\nMarker 1.\n\nBody.\n');
    expect(withParagraph('Body.\n', 'M.')).toBe('\nM.\nBody.\n');
  });

  it("changes the first operation's summary of the spec, not a schema's or another operation's", () => {
    const spec = 'info:\n  summary: The API\npaths:\n  /a:\n    get:\n      summary: List a\n  /b:\n    get:\n      summary: List b\n';
    expect(withSummary(spec, 'Edited 1')).toBe(spec.replace('List a', 'Edited 1'));
  });
});
