import { describe, expect, it } from 'vitest';
import { capText, createExampleFiles, shortenValue } from '../../../src/openapi/exampleFiles';
import { jsonHead } from '../../../src/openapi/jsonHead';

describe('openapi/jsonHead', () => {
  const values: unknown[] = [
    null,
    1,
    'a"b\n',
    [],
    {},
    [1, [2, {}], { a: undefined, b: () => 1, c: [undefined, NaN, Infinity] }],
    { x: { y: { z: [true, false, null, 'é😀'] } }, d: new Date(0) },
    { a: [], b: {}, c: { d: [] } },
  ];

  it('writes exactly the start of JSON.stringify(value, null, indent), however short the limit', () => {
    for (const value of values) {
      for (const indent of [0, 2]) {
        const whole = JSON.stringify(value, null, indent) ?? '';
        expect(jsonHead(value, { indent, maxChars: Infinity })).toEqual({ text: whole, complete: true });
        for (let max = 0; max <= whole.length + 1; max++) {
          expect(jsonHead(value, { indent, maxChars: max })).toEqual({ text: whole.slice(0, max), complete: whole.length <= max });
        }
      }
    }
  });

  it('stops early on a huge value and marks a circular one instead of throwing', () => {
    const huge = Array.from({ length: 1_000_000 }, (_, i) => ({ i }));
    expect(jsonHead(huge, { indent: 2, maxChars: 30 })).toEqual({ text: '[\n  {\n    "i": 0\n  },\n  {\n    ', complete: false });
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(jsonHead(loop, { maxChars: 100 }).text).toBe('{"a":1,"self":"[Circular]"}');
  });
});

describe('openapi/exampleFiles', () => {
  it('caps a text at a line boundary, or inside a line longer than the limit', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    expect(capText(text, { lines: 3, chars: 1000 })).toEqual({ text: 'line 0\nline 1\nline 2', truncated: { shownLines: 3, totalLines: 10 } });
    expect(capText(text, { lines: 100, chars: 15 })).toEqual({ text: 'line 0\nline 1', truncated: { shownLines: 2, totalLines: 10 } });
    expect(capText('x'.repeat(50), { lines: 100, chars: 20 })).toEqual({ text: 'x'.repeat(20), truncated: { shownLines: 1, totalLines: 1 } });
    expect(capText(text, { lines: 10, chars: 1000 })).toEqual({ text });
  });

  it('writes one file per distinct content and links every page showing it there', () => {
    const files = createExampleFiles({ href: (f) => `/${f}` });
    const value = Array.from({ length: 1000 }, (_, i) => ({ i }));
    const a = files.forPage().value(value, { name: 'List readings', language: 'json' });
    const b = files.forPage().value(structuredClone(value), { name: 'Other', language: 'json' });
    expect(a.truncated).toEqual({ shownLines: 200, totalLines: 3002, totalBytes: Buffer.byteLength(JSON.stringify(value, null, 2)), href: expect.stringMatching(/^\/assets\/examples\/list-readings-[0-9a-f]{10}\.json$/) });
    expect(b.truncated?.href).toBe(a.truncated?.href);
    expect([...files.files.keys()]).toEqual([a.truncated!.href!.slice(1)]);
    expect(files.files.get(a.truncated!.href!.slice(1))).toBe(JSON.stringify(value, null, 2));
  });

  it('shortens a request body for code samples to the first items, keeping its shape', () => {
    const body = { items: Array.from({ length: 100_000 }, (_, i) => ({ id: i, text: 'x'.repeat(1000) })), total: 100_000 };
    const short = shortenValue(body, 4000) as typeof body;
    expect(JSON.stringify(short, null, 2).length).toBeLessThanOrEqual(4000);
    expect(short.total).toBe(100_000);
    expect(short.items.length).toBeGreaterThanOrEqual(1);
    expect(short.items[0].id).toBe(0);
  });
});
