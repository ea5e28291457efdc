import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll } from 'vitest';
import { runs } from './fc-runs.js';

// Runs before each test file, also when files share a worker's modules (the fast project: isolate
// false in vitest.config.ts): the environment below is set again for every file, and the temp
// directories a file made are removed after it. helpers.js is imported late on purpose: its `gitEnv`
// copies process.env when it loads, which must be after the settings below.
afterAll(async () => (await import('./helpers.js')).removeTempDirs());

// Every test worker: no user or system git config leaks into in-process library calls. The global
// config is the tests' own (test/gitconfig: no gc, maintenance or fsync work after a fetch or push).
process.env.GIT_CONFIG_NOSYSTEM = '1';
process.env.GIT_CONFIG_GLOBAL = fileURLToPath(new URL('./gitconfig', import.meta.url));
process.env.GIT_AUTHOR_NAME = 'Test';
process.env.GIT_AUTHOR_EMAIL = 'test@example.com';
process.env.GIT_COMMITTER_NAME = 'Test';
process.env.GIT_COMMITTER_EMAIL = 'test@example.com';
delete process.env.GITHUB_ACTIONS;
delete process.env.MEMORY_BRANCH;
delete process.env.MEMORY_AUTO_SYNC;
// Search defaults to hybrid with the offline model when one is available; tests of other areas rank
// with full-text only (fast, deterministic, no vector commits). test/hybrid turns it back on.
process.env.MEMORY_EMBEDDER = 'none';
// No test starts a background search helper by accident; test/daemon turns it on where it tests it.
process.env.MEMORY_DAEMON = 'off';
// The runner's colour choice (scripts/test.mjs sets NO_COLOR for a log) is not the tests': a test of
// colour sets the variables it tests.
delete process.env.NO_COLOR;
delete process.env.FORCE_COLOR;
// fast-check properties without their own count get the FC_RUNS default too (test/fc-runs.ts).
fc.configureGlobal({ numRuns: runs(100) });
