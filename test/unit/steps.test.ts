// A stage run in steps lets the event loop turn, so that a signal's handler runs while it works.
import { describe, expect, it } from 'vitest';
import { steps, stepsYielding } from '../../src/steps';

/** A stage of `n` steps, each busy for `ms` (as a page of a large spec is), returning `value`. */
function* busy<T>(n: number, ms: number, value: T) {
  for (let i = 0; i < n; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    yield;
  }
  return value;
}

describe('a stage in steps', () => {
  it('run with stepsYielding, lets what waits on the event loop run before the stage ends, and returns its value', async () => {
    let stageEnded = false;
    let ranMidStage = false;
    setImmediate(() => (ranMidStage = !stageEnded));
    const value = await stepsYielding(busy(8, 20, 'site'));
    stageEnded = true;
    expect(value).toBe('site');
    expect(ranMidStage).toBe(true);
  });

  it('run with steps, returns the value at once', () => {
    expect(steps(busy(3, 1, 42))).toBe(42);
  });
});
