#!/usr/bin/env node
// The `memory` / `git-memory` command. CommonJS (bin/package.json), like the CLI bundle it loads,
// dist/cli.cjs: no ES-module loader on the start-up path (DESIGN.md).
'use strict';

// Node 22+ keeps compiled code between runs (a faster start); Node 20 has no such switch.
require('node:module').enableCompileCache?.();

function load() {
  require('../dist/cli.cjs');
}

try {
  load();
} catch (err) {
  // Only dist/cli.cjs itself missing; anything else (a missing chunk, a bug) is reported as it is.
  if (!(err && err.code === 'MODULE_NOT_FOUND' && String(err.message).split('\n')[0].includes('dist/cli.cjs'))) throw err;
  // A clone (scripts/ is not in the package): the first run builds dist/. The package has no install
  // script (no `prepare`), so `npm install` of a tarball runs nothing, and `npm install && node
  // bin/memory.js ...` in a fresh clone still works: the build happens here, once, on stderr.
  const { existsSync } = require('node:fs');
  const { join } = require('node:path');
  const build = join(__dirname, '..', 'scripts', 'build.mjs');
  if (!existsSync(build)) {
    process.stderr.write('git-memory is not built: dist/cli.cjs is missing from the package; reinstall it\n');
    process.exit(1);
  }
  process.stderr.write('git-memory: first run in this clone: building dist/ (node scripts/build.mjs --no-action)…\n');
  const started = Date.now();
  const r = require('node:child_process').spawnSync(process.execPath, [build, '--no-action'], { stdio: ['ignore', 2, 2] });
  if (r.status !== 0) {
    process.stderr.write('git-memory: the build failed: run "npm install" in its directory first (it installs esbuild), then "npm run build"\n');
    process.exit(1);
  }
  process.stderr.write(`git-memory: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  load();
}
