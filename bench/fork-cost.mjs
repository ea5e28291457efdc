// Fork cost: what one git call costs a test worker in CPU time, by the size of the worker,
// with node's own spawnSync (libuv forks the worker) and through the tests' spawner (test/spawner.ts:
// one python3 process per worker that starts children with vfork).
//
//   node bench/fork-cost.mjs [--calls N] [--heaps 0,100,300]
//
// Each case runs in a fresh node process that touches HEAP MB of heap (a vitest worker of the fast
// project holds 90-130 MB), then makes N calls of `git --version` through test/spawner.ts. CPU is
// counted for the whole tree: the process itself, its waited children, and the spawner with its
// children (read from /proc before the spawner exits). Figures are CPU ms per call (user+sys), not wall,
// so they hold on a shared machine; the ratio on/off is the result.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};

if (process.argv[2] === '--child') {
  const [, , , lib, heapMb, calls] = process.argv;
  const { spawnSyncVia, spawnerPid } = await import(lib);
  const hold = [];
  for (let i = 0; i < Number(heapMb); i++) hold.push(new Float64Array(131072).fill(i));
  const ticks = 100;
  const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const tree = (pid) => {
    const f = stat(pid);
    return { self: (+f[11] + +f[12]) / ticks, kids: (+f[13] + +f[14]) / ticks };
  };
  spawnSyncVia('git', ['--version'], { cwd: tmpdir(), env: process.env }); // start the spawner
  const me0 = tree('self');
  const sp = spawnerPid();
  const sp0 = sp ? tree(sp) : { self: 0, kids: 0 };
  const t0 = performance.now();
  for (let i = 0; i < Number(calls); i++) {
    const r = spawnSyncVia('git', ['--version'], { cwd: tmpdir(), env: process.env });
    if (r.status !== 0 || !r.stdout.toString().startsWith('git version')) throw new Error('git --version failed');
  }
  const wall = performance.now() - t0;
  const me = tree('self');
  const spn = sp ? tree(sp) : { self: 0, kids: 0 };
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  console.log(JSON.stringify({ rss, worker: me.self - me0.self, direct: me.kids - me0.kids, spawner: spn.self - sp0.self + spn.kids - sp0.kids, wall, calls: Number(calls), hold: hold.length }));
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'gm-forkcost-'));
const lib = join(dir, 'spawner.mjs');
try {
  buildSync({ entryPoints: [join(root, 'test/spawner.ts')], outfile: lib, format: 'esm', platform: 'node', bundle: false, logLevel: 'error' });
  // The bundle looks for spawner.py beside itself.
  spawnSync('cp', [join(root, 'test/spawner.py'), dir]);
  const calls = arg('calls', '100');
  const heaps = arg('heaps', '0,100,300').split(',');
  console.log(`${calls} x git --version; CPU ms per call (user+sys of the worker, of its own children, of the spawner and its children)`);
  console.log('| worker RSS | mode | worker | children (direct) | spawner + children | total | ratio on/off |');
  console.log('|---|---|---|---|---|---|---|');
  for (const heap of heaps) {
    const res = {};
    // Interleaved: off, on, off, on; each figure the sum of its two runs.
    for (const round of [0, 1]) {
      for (const mode of ['off', 'on']) {
        const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', lib, heap, calls], { env: { ...process.env, GIT_MEMORY_TEST_SPAWNER: mode }, encoding: 'utf8' });
        if (r.status !== 0) throw new Error(r.stderr);
        const m = JSON.parse(r.stdout);
        const acc = (res[mode] ??= { rss: 0, worker: 0, direct: 0, spawner: 0, calls: 0 });
        acc.rss = Math.max(acc.rss, m.rss);
        for (const k of ['worker', 'direct', 'spawner', 'calls']) acc[k] += m[k];
      }
    }
    const per = (m, k) => (m[k] * 1000) / m.calls;
    const total = (m) => per(m, 'worker') + per(m, 'direct') + per(m, 'spawner');
    for (const mode of ['off', 'on']) {
      const m = res[mode];
      console.log(`| ${m.rss} MB | ${mode} | ${per(m, 'worker').toFixed(1)} | ${per(m, 'direct').toFixed(1)} | ${per(m, 'spawner').toFixed(1)} | ${total(m).toFixed(1)} | ${mode === 'on' ? (total(m) / total(res.off)).toFixed(2) : ''} |`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
