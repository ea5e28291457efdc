import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// Two projects (test/README.md). `fast`: everything in-process (the command line through
// test/run-cli.ts, the library directly), nothing built: `npm run test:fast`. `e2e`: files named
// `*.e2e.test.ts`, which spawn the built CLI, the MCP server, the action or the daemon; only this
// project builds dist (the global setup). `npm test` runs both.
const E2E = 'test/**/*.e2e.test.ts';

export default defineConfig({
  // The in-process command line reports the package's version, as the build stamps it into dist.
  define: { __VERSION__: JSON.stringify(pkg.version) },
  test: {
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn git (and, in e2e, node); two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
    // `npm run test:coverage`: statement coverage of src/ by the test processes (the in-process
    // command line counts; code run only inside a spawned CLI does not).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], reportOnFailure: true, reporter: ['text-summary', 'json-summary'] },
    projects: [
      // GIT_MEMORY_TEST_CLI emptied: under `npm test` the e2e project's global setup sets it in the
      // shared main process, and a fast file that spawned the CLI would pass there but not alone.
      // isolate false: the files a worker runs share one module graph, so src/ (and the command line's
      // whole import tree) is loaded once per worker instead of once per file; test/setup-env.ts still
      // runs before every file and resets the environment (about 0.9 s of CPU a file saved, measured
      // by bench/test-loop.mjs). Files that need a fresh process belong in e2e.
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [E2E], env: { GIT_MEMORY_TEST_CLI: '' }, isolate: false } },
      { extends: true, test: { name: 'e2e', include: [E2E], globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
