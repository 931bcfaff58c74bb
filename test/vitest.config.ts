import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/helpers/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser tests wait for what a page does next; CI machines run several test files at once.
    expect: { poll: { timeout: 5_000 } },
  },
});
