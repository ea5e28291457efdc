// What a fold pays to find a pending ref's commits among the branch's replays (src/sync/union.ts
// replayedPrefix) when many branch commits share one key (author line with the time in seconds, and
// message): a bot identity in one second, or a hostile branch (branch content is untrusted). The remote
// branch gets N commits, each adding one file, all with one author line and message; a pending ref
// holds the first L of them again, as a writer that published them by another road would have left it.
// Case "one key": as built; case "distinct keys" (the baseline): the same commits, each with its own
// author time, so each key names one branch commit. Each run folds a fresh copy with `memory sync
// --fold` (the built CLI), the cases interleaved; the median and the ratio to the baseline are printed.
//   node bench/sync-replay-twins.mjs [--commits 1000] [--ref 300] [--runs 3]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, median, privateBuild, timeSpawn } from './lib.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('commits', 1000);
const L = arg('ref', 300);
const RUNS = arg('runs', 3);

const { cli } = privateBuild();
const git = (cwd, args, input, env = benchEnv) => execFileSync('git', args, { cwd, env, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();
const dir = mkdtempSync(join(tmpdir(), 'gm-bench-twins-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

function fixture(name, sameKey) {
  const top = join(dir, name);
  git(dir, ['init', '-q', '--bare', '-b', 'main', join(top, 'remote.git')]);
  const remote = join(top, 'remote.git');
  git(dir, ['clone', '-q', remote, join(top, 'seed')]);
  const seed = join(top, 'seed');
  git(seed, ['commit', '-q', '--allow-empty', '-m', 'init']);
  git(seed, ['push', '-q', 'origin', 'HEAD:main']);
  git(dir, ['clone', '-q', remote, join(top, 'clone')]);
  const clone = join(top, 'clone');
  timeSpawn(process.execPath, [cli, 'store', 'seed memory', '--sync', '--json'], { cwd: clone });
  const tip = git(remote, ['rev-parse', 'memory']);
  const when = (i) => `${1764500000 + (sameKey ? 0 : i)} +0000`;
  let s = '';
  for (let i = 1; i <= N; i++) s += `blob\nmark :${i}\ndata ${`file ${i}\n`.length}\nfile ${i}\n`;
  for (let i = 1; i <= N; i++) {
    s += `commit refs/heads/memory\nauthor Bot <bot@example.com> ${when(i)}\ncommitter Bot <bot@example.com> ${when(i)}\ndata 2\nm\n`;
    s += `${i === 1 ? `from ${tip}\n` : ''}M 100644 :${i} memories/2026-11/aa/f${i}.md\n\n`;
  }
  git(remote, ['fast-import', '--quiet'], s);
  const line = git(remote, ['rev-list', '--first-parent', '--reverse', `${tip}..memory`]).split('\n');
  const env = (i) => ({ ...benchEnv, GIT_AUTHOR_NAME: 'Bot', GIT_AUTHOR_EMAIL: 'bot@example.com', GIT_AUTHOR_DATE: when(i), GIT_COMMITTER_NAME: 'Bot', GIT_COMMITTER_EMAIL: 'bot@example.com', GIT_COMMITTER_DATE: when(i) });
  let c = git(remote, ['commit-tree', git(remote, ['rev-parse', `${tip}^{tree}`])], 'memory: pending base\n', env(0));
  for (let i = 0; i < L; i++) c = git(remote, ['commit-tree', git(remote, ['rev-parse', `${line[i]}^{tree}`]), '-p', c], 'm\n', env(i + 1));
  git(remote, ['update-ref', 'refs/memory-pending/memory/0aaaaaaaa-0000000000', c]);
  return top;
}

const cases = { 'one key': fixture('same', true), 'distinct keys': fixture('distinct', false) };
const times = { 'one key': [], 'distinct keys': [] };
for (let run = 0; run < RUNS; run++) {
  for (const [name, top] of Object.entries(cases)) {
    const copy = join(dir, `run-${name.replace(' ', '-')}-${run}`);
    cpSync(top, copy, { recursive: true });
    git(join(copy, 'clone'), ['remote', 'set-url', 'origin', join(copy, 'remote.git')]);
    const ms = timeSpawn(process.execPath, [cli, 'sync', '--fold', '--json'], { cwd: join(copy, 'clone') });
    const left = git(join(copy, 'remote.git'), ['for-each-ref', 'refs/memory-pending/']);
    if (left) throw new Error(`${name}: the fold left a pending ref`);
    times[name].push(ms);
    rmSync(copy, { recursive: true, force: true });
  }
}
const base = median(times['distinct keys']);
console.log(`fold of a ${L}-commit pending ref over ${N} branch commits, ${RUNS} runs (median ms, ratio to distinct keys)`);
for (const [name, xs] of Object.entries(times)) console.log(`  ${name.padEnd(14)} ${median(xs).toFixed(0).padStart(7)} ms  x${(median(xs) / base).toFixed(2)}`);
