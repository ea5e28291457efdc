import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn git and node processes; two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
  },
});
