// Cost of the core-memory, versions, trash and stats commands, run as a user runs them (a `node cli.cjs`
// process per command) on a branch holding N memories (default 2,000, spread over 12 months, so N+
// commits of history). Baseline in the same run: an empty `node -e ''` start, and `memory get`.
// Then, in-process: `clear --confirm` of all N (moves every file to the trash in one commit) and
// `trash empty` of all N.
//
//   node bench/core-trash.mjs [--memories 2000] [--runs 7]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('memories', 2000);
const RUNS = arg('runs', 7);

const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-core-'));
// Built inside node_modules/.cache so the library's external dependencies resolve; never dist/.
const cacheBase = join(root, 'node_modules', '.cache', 'git-memory-bench');
mkdirSync(cacheBase, { recursive: true });
const build = mkdtempSync(join(cacheBase, 'core-trash-'));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b', MEMORY_BRANCH: '' };
delete env.GITHUB_ACTIONS;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(args, cwd) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return { ms, out: r.stdout };
}

try {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), build], { stdio: 'inherit' });
  const cliJs = join(build, 'cli.cjs');
  const { openMemory, MemoryStore, purgeTrash } = await import(pathToFileURL(join(build, 'index.js')).href);

  const repo = join(tmp, 'repo');
  mkdirSync(repo);
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo, env });
  Object.assign(process.env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b' });
  const mem = openMemory({ repo, warn: () => {} });
  const ids = [];
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const tStore = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const r = await mem.store({ content: `memory ${i}: the deploy of service ${i % 37} needs the VPN and a ticket`, tags: [`t${i % 11}`, 'bench'], timestamp: new Date(t0 + (i * 365 * 86400000) / N) });
    ids.push(r.id);
  }
  const storeMs = Number(process.hrtime.bigint() - tStore) / 1e6;
  const target = ids[Math.floor(N / 2)];
  for (let v = 2; v <= 4; v++) await mem.update(target, { content: `version ${v} of the middle memory` });
  await mem.coreSet({ content: Array.from({ length: 40 }, (_, i) => `- fact ${i}: something stable about the user`).join('\n') + '\n' });

  // Rounds interleave every command, so load from other processes on this shared machine hits all
  // of them alike; the median per command is taken over the rounds.
  const plan = [];
  const measure = (label, mk) => plan.push([label, mk]);
  measure("node -e '' (baseline)", () => ['-e', '']);
  measure('memory get <id>', () => [cliJs, 'get', ids[1], '--json']);
  measure('memory store', (r) => [cliJs, 'store', `bench store ${r}`, '--json']);
  measure('memory update <id>', (r) => [cliJs, 'update', ids[10], '--content', `updated ${r}`, '--json']);
  measure('memory delete <id> (move to trash)', (r) => [cliJs, 'delete', ids[100 + r], '--json']);
  measure('memory trash list', () => [cliJs, 'trash', 'list', '--json']);
  measure('memory trash restore <id>', (r) => [cliJs, 'trash', 'restore', ids[100 + r], '--json']);
  measure('memory history <id> (4 versions)', () => [cliJs, 'history', target, '--json']);
  measure('memory get <id> --at 2', () => [cliJs, 'get', target, '--at', '2', '--json']);
  measure('memory core view', () => [cliJs, 'core', 'view', '--json']);
  measure('memory core edit', (r) => [cliJs, 'core', 'edit', '--old', `fact ${r}:`, '--new', `fact ${r} (edited):`, '--json']);
  measure('memory core history', () => [cliJs, 'core', 'history', '--json']);
  measure('memory stats', () => [cliJs, 'stats', '--json']);
  const samples = plan.map(() => []);
  for (let r = 0; r < RUNS; r++) plan.forEach(([, mk], i) => samples[i].push(time(mk(r), repo).ms));
  const rows = plan.map(([label], i) => [label, median(samples[i])]);

  // purgeTrash takes the branch's store (the library's MemoryStore), opened here beside `mem`.
  const store = new MemoryStore({ repo, warn: () => {} });
  let t = process.hrtime.bigint();
  const cleared = await mem.clear({ confirm: true });
  const clearMs = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint();
  const purged = await purgeTrash(store, 0, new Date(Date.now() + 86400000));
  const purgeMs = Number(process.hrtime.bigint() - t) / 1e6;

  const base = rows[0][1];
  const get = rows[1][1];
  console.log(`\n${N} memories (${(storeMs / N).toFixed(1)} ms per in-process store to build), ${RUNS} runs each, medians:\n`);
  console.log('| command | ms | × node start | × memory get |');
  console.log('|---|---|---|---|');
  for (const [label, ms] of rows) console.log(`| ${label} | ${ms.toFixed(0)} | ${(ms / base).toFixed(2)} | ${(ms / get).toFixed(2)} |`);
  console.log(`\nin-process clear --confirm of ${cleared.deleted} memories (to the trash, one commit): ${clearMs.toFixed(0)} ms (${(clearMs / cleared.deleted).toFixed(2)} ms per memory)`);
  console.log(`in-process purgeTrash of ${purged.purged.length} items (one commit): ${purgeMs.toFixed(0)} ms`);
  store.close();
  mem.close();
} finally {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
}
