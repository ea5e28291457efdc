// The root-only tests (test/root-only.ts: another user's repository, a full or read-only disk, a
// container job's workspace) once more under `sudo`, where they must run rather than skip
// (GIT_MEMORY_REQUIRE_ROOT=1). CI runners are not root but have passwordless sudo. As root, `npm test`
// already ran them and this does nothing; without sudo it says they were not run.
//
//   node scripts/test-root.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

if (process.getuid?.() === 0) {
  console.log('root-only tests: ran as root in npm test');
  process.exit(0);
}
const files = [];
(function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.test.ts') && readFileSync(p, 'utf8').includes('rootOnly(')) files.push(p);
  }
})('test');
if (!files.length) process.exit(0);
if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
  console.log(`root-only tests not run: not root and no passwordless sudo (npm test reported them as skipped): ${files.join(' ')}`);
  process.exit(0);
}
const env = [`PATH=${process.env.PATH}`, 'GIT_MEMORY_REQUIRE_ROOT=1', `FC_RUNS=${process.env.FC_RUNS ?? ''}`];
const r = spawnSync('sudo', ['-n', 'env', ...env, process.execPath, 'scripts/test.mjs', 'run', '-t', '\\[root\\]', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
