import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/helpers/globalSetup.ts'],
    // Vitest's default (cores − 1) runs one file at a time on 2 cores, yet tests often wait (on
    // Chromium, on a child build's start-up and files): two at once took the suite from 1,703 s
    // to 1,186 s on a 2-core machine (BENCHMARKS.md, "The test suite's time").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser tests wait for what a page does next; CI machines run several test files at once.
    expect: { poll: { timeout: 5_000 } },
  },
});
