import { describe, expect, it } from 'vitest';
import { valueColumn } from '../../../src/lint/locate';

describe('lint/locate valueColumn: where a finding about a value points', () => {
  it('at the value after `key:`, quoted keys and spaces before the colon included', () => {
    expect(valueColumn('    summary: List parcels', 5)).toBe(14);
    expect(valueColumn('    summary   :  List parcels', 5)).toBe(18);
    expect(valueColumn('  "x-rate": 12', 3)).toBe(13);
    expect(valueColumn("  'it''s': yes", 3)).toBe(12);
  });

  it('at the key when the value is on later lines, a comment, or there is no value', () => {
    expect(valueColumn('    description: |', 5)).toBe(5);
    expect(valueColumn('    description: >- # folded', 5)).toBe(5);
    expect(valueColumn('    items: # below', 5)).toBe(5);
    expect(valueColumn('    items:', 5)).toBe(5);
    expect(valueColumn('    - plain item', 5)).toBe(5);
  });

  it('a line with a long run of spaces and no colon (spec text is untrusted) is answered at once', () => {
    const line = `  a${' \t'.repeat(100_000)}b`;
    const start = performance.now();
    expect(valueColumn(line, 3)).toBe(3);
    // The pattern used to try the run again from each of its spaces: 200,000² steps, minutes.
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
