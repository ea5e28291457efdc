#!/usr/bin/env node
// The `memory` / `git-memory` command. The CLI is bundled into dist/cli.js by `npm install` (prepare).
import module from 'node:module';

// Node 22+ keeps compiled code between runs (a faster start); Node 20 has no such switch.
module.enableCompileCache?.();

import('../dist/cli.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli.js')) {
    process.stderr.write('git-memory is not built: run "npm install" (or "npm run build") in its directory\n');
    process.exit(1);
  }
  throw err;
});
