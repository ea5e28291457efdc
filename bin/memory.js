#!/usr/bin/env node
// The `memory` / `git-memory` command. CommonJS (bin/package.json), like the CLI bundle it loads,
// dist/cli.cjs, built by `npm install` (prepare): no ES-module loader on the start-up path (DESIGN.md).
'use strict';

// Node 22+ keeps compiled code between runs (a faster start); Node 20 has no such switch.
require('node:module').enableCompileCache?.();

try {
  require('../dist/cli.cjs');
} catch (err) {
  // Only dist/cli.cjs itself missing; anything else (a missing chunk, a bug) is reported as it is.
  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).split('\n')[0].includes('dist/cli.cjs')) {
    process.stderr.write('git-memory is not built: run "npm install" (or "npm run build") in its directory\n');
    process.exit(1);
  }
  throw err;
}
