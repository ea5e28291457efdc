// Wall time of one GitHub Action step, run the way a runner runs it (a `node dist/action/index.js`
// process with INPUT_* variables), in a fresh depth-1 checkout of a bare remote whose memory branch
// holds N memories (default 1,000):
//   - store + push (sync: true)   - fetch + search (sync: true, cold index: a fresh runner has none)
//   - 4, 8, 16 and 32 store steps started at once (a matrix finishing together): wall time, retries, losses.
//   - store with sync: false, fetch + list, a plain `git fetch` of the branch and the bundle's start-up
//     (recent with no local branch, no network), to show where the time goes.
// Baseline in the same run: an empty `node -e ''` start.
//
//   node bench/action.mjs [--memories 1000] [--runs 7]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ciClone } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('memories', 1000);
const RUNS = arg('runs', 7);

const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-action-'));
const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: tmp,
  GITHUB_ACTIONS: 'true',
  GITHUB_RUN_ID: '1',
  GITHUB_JOB: 'bench',
  GITHUB_WORKFLOW: 'bench',
  GITHUB_SHA: '0'.repeat(40),
  GITHUB_REPOSITORY: 'bench/bench',
  GITHUB_ACTOR: 'bench',
};
for (const k of Object.keys(env)) if (k.startsWith('INPUT_') || k.startsWith('GIT_AUTHOR') || k.startsWith('GIT_COMMITTER') || k === 'MEMORY_BRANCH') delete env[k];
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0)} ms`;

let buildDir = null;
try {
  // The bundle and the library, built from this checkout (never racing on dist/). Inside the repo:
  // the library build leaves its dependencies external, to be found in node_modules.
  mkdirSync(join(root, '.bench-tmp'), { recursive: true });
  buildDir = mkdtempSync(join(root, '.bench-tmp', 'action-'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), buildDir], { stdio: 'inherit' });
  // The action runs from its own copy, away from node_modules, as on a runner.
  cpSync(join(buildDir, 'action'), join(tmp, 'action'), { recursive: true });
  const entry = join(tmp, 'action', 'index.js');
  const { openMemory } = await import(pathToFileURL(join(buildDir, 'index.js')).href);

  // The remote: main with one commit, memory with N memories.
  const bare = join(tmp, 'remote.git');
  const seed = join(tmp, 'seed');
  mkdirSync(seed);
  git(seed, 'init', '-q', '-b', 'main');
  writeFileSync(join(seed, 'README.md'), '# bench\n');
  git(seed, 'add', '.');
  git(seed, '-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'init');
  git(tmp, 'init', '-q', '--bare', bare);
  git(seed, 'push', '-q', bare, 'main');
  const words = 'deploy cache timeout retry database index query latency token release migration rollback queue worker schema vpn proxy memory agent branch'.split(' ');
  const t0 = performance.now();
  const m = openMemory({ repo: seed, source: 'bench' });
  for (let i = 0; i < N; i++) {
    const w = (k) => words[(i * 7 + k * 13) % words.length];
    await m.store({ content: `Note ${i}: the ${w(1)} ${w(2)} needs a ${w(3)} before the ${w(4)}; seen in job ${i % 50}.`, tags: [w(5), `t${i % 20}`], category: ['infra', 'api', 'ci'][i % 3], timestamp: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000) });
  }
  m.close();
  git(seed, 'push', '-q', bare, 'memory');
  process.stderr.write(`seeded ${N} memories in ${fmt(performance.now() - t0)}\n`);

  const checkout = (i) => {
    return ciClone(pathToFileURL(bare).href, join(tmp, `ws-${i}`), { env });
  };
  const time = (cmd, args, cwd, extraEnv = {}) => {
    const s = performance.now();
    const r = spawnSync(cmd, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8' });
    const ms = performance.now() - s;
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
    return ms;
  };
  let n = 0;
  const step = (inputs) => {
    const ws = checkout(n++);
    const out = join(ws, '..', `out-${n}`);
    writeFileSync(out, '');
    writeFileSync(out + '.md', '');
    const inputEnv = { GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: out, GITHUB_STEP_SUMMARY: out + '.md' };
    for (const [k, v] of Object.entries({ command: 'store', branch: 'memory', remote: 'origin', sync: 'true', ...inputs })) inputEnv[`INPUT_${k.toUpperCase()}`] = v;
    const ms = time(process.execPath, [entry], ws, inputEnv);
    rmSync(ws, { recursive: true, force: true });
    return ms;
  };
  const fetchOnly = () => {
    const ws = checkout(n++);
    const ms = time('git', ['fetch', '-q', '--depth', '1', 'origin', '+refs/heads/memory:refs/remotes/origin/memory'], ws);
    rmSync(ws, { recursive: true, force: true });
    return ms;
  };

  const cases = {
    "baseline: node -e ''": () => time(process.execPath, ['-e', ''], tmp),
    'git fetch of the memory branch (depth 1)': fetchOnly,
    'action start: recent on an empty local branch (sync: false)': () => step({ command: 'recent', sync: 'false' }),
    'store + push (sync: true)': () => step({ content: 'The deploy needs the VPN on; learned in the bench', tags: 'deploy,vpn' }),
    'fetch + search (sync: true, cold index)': () => step({ command: 'search', query: 'deploy vpn', limit: '10' }),
    'store, local only (sync: false)': () => step({ content: 'local only', sync: 'false' }),
    'fetch + list (sync: true)': () => step({ command: 'list', limit: '10' }),
  };
  // A matrix finishing together: W store steps started at once, each in its own fresh checkout.
  const race = async (W) => {
    const { spawn } = await import('node:child_process');
    const dirs = Array.from({ length: W }, () => checkout(n++));
    const s = performance.now();
    const runs = await Promise.all(
      dirs.map(
        (ws, i) =>
          new Promise((resolve) => {
            const out = join(ws, '..', `race-${i}-${n}`);
            writeFileSync(out, '');
            const e = { ...env, GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: out, INPUT_COMMAND: 'store', INPUT_BRANCH: 'memory', INPUT_REMOTE: 'origin', INPUT_SYNC: 'true', INPUT_CONTENT: `race ${n} writer ${i}: a fact only this writer learned`, INPUT_TAGS: 'race' };
            const p = spawn(process.execPath, [entry], { cwd: ws, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
            let log = '';
            p.stdout.on('data', (d) => (log += d));
            p.on('close', (code) => resolve({ code, retries: Number(/after (\d+) retr/.exec(log)?.[1] ?? 0) }));
          }),
      ),
    );
    return { ms: performance.now() - s, failed: runs.filter((r) => r.code !== 0).length, retries: runs.map((r) => r.retries) };
  };

  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  // Interleaved, so drift on the shared machine hits every case alike.
  for (let r = 0; r < RUNS; r++) for (const [k, fn] of Object.entries(cases)) samples[k].push(fn());
  const base = median(samples["baseline: node -e ''"]);
  console.log(`\nGitHub Action step wall time, ${N} memories on the branch, median of ${RUNS} (Node ${process.versions.node})\n`);
  console.log('| step | median | × node start |');
  console.log('|---|--:|--:|');
  for (const [k, xs] of Object.entries(samples)) console.log(`| ${k} | ${fmt(median(xs))} | ${(median(xs) / base).toFixed(1)}× |`);

  const before = git(bare, 'ls-tree', '-r', '--name-only', 'memory').split('\n').filter((f) => f.startsWith('memories/')).length;
  console.log(`\nConcurrent store steps (sync: true), all started at once, each in its own checkout:\n`);
  console.log('| writers | wall time | failed | retries per push (median / max) | memories added |');
  console.log('|--:|--:|--:|--:|--:|');
  let count = before;
  for (const W of [4, 8, 16, 32]) {
    const r = await race(W);
    const after = git(bare, 'ls-tree', '-r', '--name-only', 'memory').split('\n').filter((f) => f.startsWith('memories/')).length;
    console.log(`| ${W} | ${fmt(r.ms)} | ${r.failed} | ${median(r.retries)} / ${Math.max(...r.retries)} | ${after - count} |`);
    count = after;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
}
