import { describe, expect, it } from 'vitest';
import { invariant } from '../../../src/shared/invariant';

describe('shared/invariant', () => {
  it('throws the generic "Invariant failed" when its condition is false', () => {
    expect(() => invariant(false)).toThrow(new Error('Invariant failed'));
    expect(() => invariant('')).toThrow('Invariant failed');
    expect(() => invariant(1)).not.toThrow();
  });
});
