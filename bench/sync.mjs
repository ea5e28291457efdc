// Concurrent sync: W writer processes, each in its own clone of one bare remote, store M memories
// each and sync after every store. Reports total wall time, retries per sync, failed syncs, and
// checks that no memory was lost (remote holds W*M after one final sync per clone; git fsck clean).
// Baselines timed in the same run: an empty `node -e ''` start, and one writer alone (no contention).
//   node bench/sync.mjs [--writers 8] [--memories 25] [--runs 3] [--retries N (default: the config's, 8)]
//                       [--preload N: the branch already holds N memories, to show sync cost does not grow with it]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, median, privateBuild, timeSpawn, root, idHelpers } from './lib.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const W = arg('writers', 8);
const M = arg('memories', 25);
const RUNS = arg('runs', 3);
const RETRIES = arg('retries', undefined);
const PRELOAD = arg('preload', 0);
if (RETRIES !== undefined) benchEnv.MEMORY_SYNC_RETRIES = String(RETRIES);

const { lib } = privateBuild();
const libUrl = lib; // a file: URL already
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env: benchEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

async function preload(seed, n) {
  const { openMemory, MemoryStore } = await import(libUrl);
  const { newId, pathFor } = await idHelpers();
  const m = openMemory({ repo: seed });
  const files = new Map();
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const ts = new Date(t0 + i * 60_000).toISOString();
    const id = newId(t0 + i * 60_000);
    files.set(pathFor(id, ts), Buffer.from(`---\nid: ${id}\ntags:\n  - preload\ncategory: general\npriority: medium\ntimestamp: ${ts}\n---\npreloaded memory ${i}\n`));
  }
  // The preload is one commit through the store's mutate (MemoryStore, the library's store class).
  const pre = new MemoryStore({ repo: seed });
  await pre.mutate(() => ({ change: { changes: files, message: `preload ${n}\n` }, result: {} }));
  pre.close();
  await m.sync();
  m.close();
}

async function world(writers) {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-sync-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const remote = join(dir, 'remote.git');
  git(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  const seed = join(dir, 'seed');
  git(dir, 'clone', '-q', remote, seed);
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  if (PRELOAD) await preload(seed, PRELOAD);
  const clones = Array.from({ length: writers }, (_, i) => {
    const c = join(dir, `clone${i}`);
    git(dir, 'clone', '-q', remote, c);
    return c;
  });
  return { dir, remote, clones };
}

function runWriter(clone, w, m) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [join(root, 'bench', 'sync-writer.mjs'), libUrl, clone, String(w), String(m)], { env: benchEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))) : reject(new Error(`writer ${w} exited ${code}: ${err}`))));
  });
}

async function scenario(writers, memories) {
  const { remote, clones } = await world(writers);
  const t = performance.now();
  const lines = (await Promise.all(clones.map((c, w) => runWriter(c, w, memories)))).flat();
  const wall = performance.now() - t;
  // Syncs that gave up (retries exhausted) left their memories local: one more sync per clone sends them.
  for (const c of clones) execFileSync(process.execPath, ['-e', `import(${JSON.stringify(libUrl)}).then(async ({ openMemory }) => { const m = openMemory({ repo: ${JSON.stringify(c)} }); await m.sync({ retries: 50 }); m.close(); })`], { env: benchEnv });
  const onRemote = git(remote, 'ls-tree', '-r', '--name-only', 'memory', '--', 'memories').split('\n').filter((p) => p.endsWith('.md')).length;
  git(remote, 'fsck', '--strict', '--no-progress');
  const merges = Number(git(remote, 'rev-list', '--merges', '--count', 'memory'));
  const commits = Number(git(remote, 'rev-list', '--count', 'memory'));
  const ok = lines.filter((l) => l.ok);
  const retries = ok.map((l) => l.retries);
  return {
    wall,
    syncs: lines.length,
    failed: lines.filter((l) => !l.ok).length,
    failedCodes: [...new Set(lines.filter((l) => !l.ok).map((l) => l.code))],
    retriesMean: retries.reduce((a, b) => a + b, 0) / Math.max(1, retries.length),
    retriesP95: [...retries].sort((a, b) => a - b)[Math.floor(retries.length * 0.95)] ?? 0,
    retriesMax: Math.max(0, ...retries),
    syncMsMedian: median(ok.map((l) => l.ms)),
    expected: writers * memories,
    onRemote: onRemote - PRELOAD,
    lost: writers * memories - (onRemote - PRELOAD),
    commits,
    merges,
  };
}

const nodeStart = median(Array.from({ length: 5 }, () => timeSpawn(process.execPath, ['-e', ''])));
const results = [];
for (let r = 0; r < RUNS; r++) {
  const solo = await scenario(1, M);
  const many = await scenario(W, M);
  results.push({ solo, many });
  console.error(`run ${r + 1}: ${W}x${M} wall ${many.wall.toFixed(0)} ms, solo ${solo.wall.toFixed(0)} ms, retries mean ${many.retriesMean.toFixed(2)} max ${many.retriesMax}, failed ${many.failed}, lost ${many.lost}`);
}
const med = (f) => median(results.map(f));
const summary = {
  writers: W,
  retriesAllowed: RETRIES ?? 'default (8)',
  preloaded: PRELOAD,
  memoriesPerWriter: M,
  runs: RUNS,
  nodeStartMs: +nodeStart.toFixed(1),
  soloWallMs: +med((x) => x.solo.wall).toFixed(0),
  soloSyncMsMedian: +med((x) => x.solo.syncMsMedian).toFixed(1),
  wallMs: +med((x) => x.many.wall).toFixed(0),
  syncMsMedian: +med((x) => x.many.syncMsMedian).toFixed(1),
  retriesPerSyncMean: +med((x) => x.many.retriesMean).toFixed(2),
  retriesPerSyncP95: med((x) => x.many.retriesP95),
  retriesPerSyncMax: Math.max(...results.map((x) => x.many.retriesMax)),
  failedSyncs: results.map((x) => x.many.failed),
  failedCodes: [...new Set(results.flatMap((x) => x.many.failedCodes))],
  lost: results.map((x) => x.many.lost),
  onRemote: results.map((x) => x.many.onRemote),
  mergeCommits: results.map((x) => x.many.merges),
  wallOverSolo: +(med((x) => x.many.wall) / med((x) => x.solo.wall)).toFixed(2),
  syncOverNodeStart: +(med((x) => x.many.syncMsMedian) / nodeStart).toFixed(1),
};
console.log(JSON.stringify(summary, null, 2));
