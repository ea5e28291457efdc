// `npm test` / `npm run test:fast`: vitest, without colour codes when the output is not a terminal.
// vitest's colour library turns colour on whenever TERM is set, so a log file or a CI capture filled
// with escape codes; NO_COLOR (no-color.org) turns it off. FORCE_COLOR, or NO_COLOR already set, wins.
// Test workers drop both again (test/setup-env.ts): each test sets the colour environment it tests.
//
//   node scripts/test.mjs [vitest arguments]      (npm test -- --project e2e, npm run test:fast -- test/cli)
if (!process.stdout.isTTY && process.env.FORCE_COLOR === undefined && process.env.NO_COLOR === undefined) process.env.NO_COLOR = '1';
// vitest reads its arguments from process.argv, which are already this script's arguments. Its bin
// file is not in its package exports, so it is found next to its package.json.
const { createRequire } = await import('node:module');
const { dirname, join } = await import('node:path');
const { pathToFileURL } = await import('node:url');
const bin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
await import(pathToFileURL(bin).href);
