// Figures for the git backend:
//   1. Load cost of a git-CLI runner: simple-git (if installed somewhere: --simple-git DIR, the folder
//      holding its node_modules) vs git-memory's own runner (src/git/cli.ts in the built library),
//      each as a new node process that loads it and runs `git --version` once; baseline `node -e ''`.
//   2. Reading a partial clone (`git clone --filter=blob:none` of a bare remote on disk) of N memories
//      (default 100): `memory list` in a fresh partial clone (read-ahead: one `git fetch` of every
//      missing blob), vs the same list in a full clone, vs reading each missing blob with its own
//      `git cat-file` (what a per-object fallback would cost; measured on a third fresh clone).
//
//   node bench/git-backend.mjs [--memories 300] [--runs 5] [--simple-git DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const N = Number(argOf('memories', 100));
const RUNS = Number(argOf('runs', 5));
const SG = argOf('simple-git', null);

const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-git-'));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: tmp, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'gc.auto', GIT_CONFIG_VALUE_0: '0', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@e', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@e' };
for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'MEMORY_BRANCH']) delete env[k];
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env, encoding: 'utf8' }).trim();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (fn) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const node = (code, cwd = tmp) => {
  const r = spawnSync(process.execPath, ['-e', code], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
};

console.log(`# git backend bench (${N} memories, ${RUNS} runs, median ms)`);
// Built under node_modules/ (as the tests do) so the bundle's external dependencies resolve.
const build = mkdtempSync(join(root, 'node_modules', '.cache', 'gm-bench-git-'));
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), build], { stdio: 'ignore' });
const CLI = join(build, 'cli.cjs');

// 1. Runner load cost.
const base = median(Array.from({ length: RUNS }, () => time(() => node(''))));
const spawnOnly = median(Array.from({ length: RUNS }, () => time(() => node("require('child_process').spawnSync('git',['--version'])"))));
console.log(`node -e '' baseline: ${base.toFixed(0)} ms`);
console.log(`node + spawnSync git --version (what src/git/cli.ts adds: node:child_process only): ${spawnOnly.toFixed(0)} ms (${(spawnOnly / base).toFixed(2)}x)`);
// In-process load time (less sensitive to a loaded machine than whole process starts).
const loadMs = (mod) => {
  const r = spawnSync(process.execPath, ['-e', `const t=performance.now();require(${JSON.stringify(mod)});process.stdout.write(String(performance.now()-t))`], { env, encoding: 'utf8' });
  return Number(r.stdout);
};
const cpLoad = median(Array.from({ length: RUNS }, () => loadMs('node:child_process')));
console.log(`in-process require('node:child_process') (all src/git/cli.ts loads): ${cpLoad.toFixed(2)} ms`);
if (SG) {
  const sgPath = join(SG, 'node_modules', 'simple-git');
  const sgIn = median(Array.from({ length: RUNS }, () => loadMs(sgPath)));
  console.log(`in-process require('simple-git'): ${sgIn.toFixed(1)} ms (${(sgIn / cpLoad).toFixed(0)}x node:child_process; ${(sgIn / base).toFixed(2)}x a whole node start)`);
  const sgLoad = median(Array.from({ length: RUNS }, () => time(() => node(`require(${JSON.stringify(sgPath)})`))));
  const sgRun = median(Array.from({ length: RUNS }, () => time(() => node(`require(${JSON.stringify(sgPath)}).simpleGit().raw(['--version']).then(()=>{})`))));
  console.log(`node + require('simple-git'): ${sgLoad.toFixed(0)} ms (${(sgLoad / base).toFixed(2)}x; +${(sgLoad - base).toFixed(0)} ms)`);
  console.log(`node + simple-git raw(['--version']): ${sgRun.toFixed(0)} ms (${(sgRun / base).toFixed(2)}x; vs spawnSync ${(sgRun - spawnOnly).toFixed(0)} ms more)`);
}

// 2. Partial clones.
const src = join(tmp, 'src');
git(tmp, 'init', '-q', '-b', 'main', src);
git(src, 'commit', '-q', '--allow-empty', '-m', 'init');
const lines = Array.from({ length: N }, (_, i) => JSON.stringify({ content: `bench memory ${i} about partial clones and ${Math.random().toString(36).slice(2)}`, tags: ['bench'] })).join('\n');
execFileSync(process.execPath, [CLI, 'import', '-', '--json'], { cwd: src, env, input: lines, stdio: ['pipe', 'ignore', 'inherit'] });
const bare = join(tmp, 'remote.git');
git(tmp, 'clone', '-q', '--bare', src, bare);
git(bare, 'config', 'uploadpack.allowFilter', 'true');
let k = 0;
const clone = (partial) => {
  const d = join(tmp, `c${k++}`);
  git(tmp, 'clone', '-q', ...(partial ? ['--filter=blob:none'] : []), '--no-checkout', `file://${bare}`, d);
  git(d, 'fetch', '-q', 'origin', 'memory:memory');
  return d;
};
const list = (d) => {
  const r = spawnSync(process.execPath, [CLI, 'list', '--json', '--limit', '1'], { cwd: d, env, encoding: 'utf8' });
  const total = JSON.parse(r.stdout).total;
  if (total !== N) throw new Error(`listed ${total} of ${N}`);
};
const full = [];
const partial = [];
const perObject = [];
for (let r = 0; r < RUNS; r++) {
  const f = clone(false);
  full.push(time(() => list(f)));
  const p = clone(true);
  partial.push(time(() => list(p)));
  if (r < 1) {
    const q = clone(true);
    const missing = git(q, 'rev-list', '--objects', '--missing=print', 'memory').split('\n').filter((l) => l.startsWith('?')).map((l) => l.slice(1));
    perObject.push(time(() => missing.forEach((oid) => execFileSync('git', ['cat-file', '-t', oid], { cwd: q, env, stdio: ['ignore', 'pipe', 'ignore'] }))));
  }
}
console.log(`memory list, cold, full clone: ${median(full).toFixed(0)} ms (${(median(full) / base).toFixed(1)}x node start)`);
console.log(`memory list, cold, partial clone (read-ahead: one fetch): ${median(partial).toFixed(0)} ms (${(median(partial) / median(full)).toFixed(2)}x the full clone)`);
console.log(`one git cat-file per missing blob (${N}+ spawns + fetches): ${median(perObject).toFixed(0)} ms (${(median(perObject) / median(partial)).toFixed(1)}x the read-ahead)`);
rmSync(tmp, { recursive: true, force: true });
rmSync(build, { recursive: true, force: true });
