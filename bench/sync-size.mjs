// Does the cost of a sync grow with the branch? One store + sync in a clone of a branch holding 1
// memory vs 10,000, interleaved run by run so both see the same machine load. Two cases: nobody else
// pushed (the optimistic push is accepted), and another clone pushed first (rejected push, fetch,
// re-apply on the new tip, push again).
// Baseline: an empty `node -e ''` start, timed in the same run.
//   node bench/sync-size.mjs [--memories 10000] [--runs 15]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, median, privateBuild, timeSpawn, idHelpers } from './lib.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('memories', 10_000);
const RUNS = arg('runs', 15);
Object.assign(process.env, benchEnv); // the library runs in this process

const { lib } = privateBuild();
const { openMemory, MemoryStore } = await import(lib);
const { newId, pathFor } = await idHelpers();
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env: benchEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

async function cloneOfBranchWith(n) {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-size-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q', '--bare', '-b', 'main', 'remote.git');
  git(dir, 'clone', '-q', 'remote.git', 'seed');
  const seed = join(dir, 'seed');
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const m = openMemory({ repo: seed });
  const files = new Map();
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const ts = new Date(t0 + i * 60_000).toISOString();
    const id = newId(t0 + i * 60_000);
    files.set(pathFor(id, ts), Buffer.from(`---\nid: ${id}\ntimestamp: ${ts}\n---\npreloaded memory ${i}\n`));
  }
  // The preload is one commit through the store's mutate (MemoryStore, the library's store class).
  const pre = new MemoryStore({ repo: seed });
  await pre.mutate(() => ({ change: { changes: files, message: `preload ${n}\n` }, result: {} }));
  pre.close();
  await m.sync();
  m.close();
  git(dir, 'clone', '-q', 'remote.git', 'clone');
  git(dir, 'clone', '-q', 'remote.git', 'other');
  return { clone: join(dir, 'clone'), other: join(dir, 'other') };
}

async function storeAndSync(repo, content) {
  const m = openMemory({ repo });
  await m.store({ content });
  const t = performance.now();
  const r = await m.sync();
  const ms = performance.now() - t;
  m.close();
  return { ms, r };
}

const repos = { one: await cloneOfBranchWith(1), many: await cloneOfBranchWith(N) };
const times = { node: [], one: [], many: [], oneRaced: [], manyRaced: [] };
for (let i = 0; i < RUNS; i++) {
  times.node.push(timeSpawn(process.execPath, ['-e', '']));
  for (const k of ['one', 'many']) {
    times[k].push((await storeAndSync(repos[k].clone, `run ${i}`)).ms);
    await storeAndSync(repos[k].other, `other ${i}`);
    const raced = await storeAndSync(repos[k].clone, `raced ${i}`);
    if (!raced.r.replayed) throw new Error('expected the raced sync to re-apply its commit');
    times[`${k}Raced`].push(raced.ms);
  }
}
const node = median(times.node);
const f = (k) => +median(times[k]).toFixed(1);
console.log(
  JSON.stringify(
    {
      memories: N,
      runs: RUNS,
      nodeStartMs: +node.toFixed(1),
      alone: { syncMsWith1: f('one'), [`syncMsWith${N}`]: f('many'), ratio: +(f('many') / f('one')).toFixed(2), overNodeStart: +(f('many') / node).toFixed(2) },
      racedByAnotherPush: { syncMsWith1: f('oneRaced'), [`syncMsWith${N}`]: f('manyRaced'), ratio: +(f('manyRaced') / f('oneRaced')).toFixed(2), overNodeStart: +(f('manyRaced') / node).toFixed(2) },
    },
    null,
    2,
  ),
);
