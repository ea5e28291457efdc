// Many writers sharing one memory branch. Every writer is a CI-like job: its own shallow,
// single-branch clone (depth 1, main only), storing one memory with --sync at the same moment, against
// a bare remote whose pre-receive hook sleeps 0.5 s (a hosted remote takes 0.5-2 s to accept a push).
//   processes: W writer processes (the CLI), pending refs (default) vs the branch-only protocol
//              (MEMORY_SYNC_MODE=branch, the protocol before pending refs) in the same run.
//   inproc:    N writers simulated in a few processes (each writer still has its own clone).
//   bytes:     what a store job and a search job fetch and push with a branch of N memories.
//   floor:     the same W jobs doing only what no writer can avoid, without git-memory: a node start, then
//              git alone (a fetch of the branch and a push of one new commit to a ref of its own, or the
//              push alone): the wall time any implementation with that many round trips pays here.
//              "store+fetch+push": the node start replaced by a local `memory store` (no sync).
// Reported per case: wall time, failed writers, memories on the remote branch after one more sync
// (from a fresh clone), memories a fresh clone reads, max retries, pending refs left.
// Baseline timed in the same run: an empty `node -e ''` start.
//   node bench/sync-concurrency.mjs processes [--writers 32,64] [--modes pending,branch] [--hook 0.5] [--history 1]
//   node bench/sync-concurrency.mjs inproc [--writers 16,256] [--procs 8] [--hook 0.5] [--git-timeout ms (120000)]
//   node bench/sync-concurrency.mjs bytes [--memories 1000,10000]
//   node bench/sync-concurrency.mjs floor [--writers 64] [--shapes fetch+push,push,store+fetch+push] [--hook 0.5]
//   node bench/sync-concurrency.mjs ratio [--writers 64] [--rounds 2] [--hook 0.5] [--tip-age 0]   (writers between two floors, alternated)
//   node bench/sync-concurrency.mjs single [--runs 5] [--hook 0.5]   (one writer against its floor, then two at once:
//              wall, CPU and the git commands each runs, counted by a `git` wrapper first on PATH)
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, ciClone, median, privateBuild, root, timeSpawn, idHelpers } from './lib.mjs';

const part = process.argv[2] ?? 'processes';
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const list = (name, dflt) => String(opt(name, dflt)).split(',').filter(Boolean);
const HOOK = Number(opt('hook', '0.5'));
// Commits on the branch before the writers start (each one memory more): with more than the first
// fetch's depth (4), a CI clone's fetch is shallow, as it is against a branch with a history.
const HISTORY = Number(opt('history', '1'));
// How long ago the branch tip was written before the writers start (seconds). 0: just now (a burst
// already under way). A writer takes a branch tip another writer committed in the
// last 30 s as a sign of a burst (docs/sync.md): --tip-age 3600 is a matrix whose branch was last
// written an hour ago, so its first writers have no such sign.
const TIP_AGE = Number(opt('tip-age', '0'));
const { cli, lib } = privateBuild();
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env: benchEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 }).trim();
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-conc-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let seq = 0;

function run(cmd, args, { cwd, env = {} } = {}) {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd, env: { ...benchEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A bare remote (main with one commit, memory with `preload` memories) whose pre-receive hook sleeps. */
async function world(preload = 1, hook = HOOK) {
  const dir = join(tmp, `w${seq++}`);
  const remote = join(dir, 'remote.git');
  git(tmp, 'init', '-q', '--bare', '-b', 'main', remote);
  const seed = join(dir, 'seed');
  git(tmp, 'clone', '-q', remote, seed);
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const { openMemory, MemoryStore } = await import(lib);
  const { newId, pathFor } = await idHelpers();
  const clock = TIP_AGE > 0 ? { now: () => new Date(Date.now() - TIP_AGE * 1000) } : {};
  const m = openMemory({ repo: seed, ...clock });
  const files = new Map();
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < preload; i++) {
    const ts = new Date(t0 + i * 60_000).toISOString();
    const id = newId(t0 + i * 60_000);
    files.set(pathFor(id, ts), Buffer.from(`---\nid: ${id}\ntags:\n  - preload\ncategory: general\npriority: medium\ntimestamp: ${ts}\n---\npreloaded memory ${i} about topic ${i % 97}\n`));
  }
  // The preload is one commit through the store's mutate (MemoryStore, the library's store class).
  const pre = new MemoryStore({ repo: seed, ...clock });
  await pre.mutate(() => ({ change: { changes: files, message: `preload ${preload}\n` }, result: {} }));
  pre.close();
  for (let i = 1; i < HISTORY; i++) await m.store({ content: `history ${i} of the branch`, tags: ['preload'] });
  await m.sync({ mode: 'branch' });
  m.close();
  if (hook > 0) {
    // Each push the remote receives is one line of pushes.log (pushes per writer that reached the hook).
    writeFileSync(join(remote, 'hooks', 'pre-receive'), `#!/bin/sh\ncat >/dev/null\necho >> pushes.log\nsleep ${hook}\n`);
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
  }
  return { dir, remote, url: `file://${remote}` };
}

/** What actions/checkout gives a job: depth 1, one branch, detached HEAD. */
const jobClone = (w, name) => ciClone(w.url, join(w.dir, name), { detach: true });

const idsOnRemote = (remote) => git(remote, 'ls-tree', '-r', '--name-only', 'memory', '--', 'memories').split('\n').filter((p) => p.endsWith('.md')).length;
const pendingLeft = (remote) => git(remote, 'for-each-ref', '--format=%(refname)', 'refs/memory-pending/').split('\n').filter(Boolean).length;

async function afterwards(w, expected) {
  // One more sync, from a fresh job (the writers' clones are thrown away, as a CI runner's are).
  const folder = jobClone(w, `folder${seq++}`);
  const t = performance.now();
  const f = await run(process.execPath, [cli, 'sync', '--json'], { cwd: folder });
  const foldMs = performance.now() - t;
  const onBranch = idsOnRemote(w.remote) - HISTORY;
  git(w.remote, 'fsck', '--strict', '--no-progress');
  const reader = jobClone(w, `reader${seq++}`);
  const r = await run(process.execPath, [cli, 'list', '--sync', '--limit', '100000', '--json'], { cwd: reader });
  return {
    foldMs: Math.round(foldMs),
    foldOk: f.code === 0,
    onBranchAfterOneMoreSync: onBranch,
    readableFromFreshClone: (JSON.parse(r.out).total ?? 0) - HISTORY,
    pendingLeft: pendingLeft(w.remote),
    lost: expected - onBranch,
  };
}

async function processes(W, mode) {
  const w = await world(1);
  const clones = Array.from({ length: W }, (_, i) => jobClone(w, `job${i}`));
  const env = mode === 'branch' ? { MEMORY_SYNC_MODE: 'branch' } : {};
  const t = performance.now();
  // CPU of each writer with every process it waited for (its git commands, and through a file://
  // remote the server side too: upload-pack, receive-pack, the hook), from /usr/bin/time.
  const timed = existsSync('/usr/bin/time');
  const cmd = (args) => (timed ? ['/usr/bin/time', ['-f', 'GMCPU %U %S', process.execPath, ...args]] : [process.execPath, args]);
  // git push processes each writer starts, logged by a `git` wrapper first on PATH: a push whose lease
  // git rejects before sending (the branch moved before it connected) never reaches the remote's hook.
  const shim = join(w.dir, 'shim');
  execFileSync('mkdir', ['-p', shim]);
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  // Every git process the writer starts is one line of gm-git (the floor starts 4: fetch, rev-parse, commit-tree, push).
  writeFileSync(join(shim, 'git'), `#!/bin/sh\necho >> "$GM_PUSHLOG.all"\nfor a in "$@"; do case "$a" in push) echo >> "$GM_PUSHLOG"; break;; -c) ;; -*|*=*) ;; *) break;; esac; done\nexec "${realGit}" "$@"\n`);
  chmodSync(join(shim, 'git'), 0o755);
  const res = await Promise.all(clones.map((c, i) => run(...cmd([cli, 'store', `job ${i} learned something: ${'lorem ipsum '.repeat(6)}`, '--sync', '--json']), { cwd: c, env: { ...env, PATH: `${shim}:${process.env.PATH}`, GM_PUSHLOG: join(c, '.git', 'gm-pushes') } })));
  const pushProcs = clones.map((c) => (existsSync(join(c, '.git', 'gm-pushes')) ? readFileSync(join(c, '.git', 'gm-pushes'), 'utf8').length : 0));
  const gitProcs = clones.map((c) => (existsSync(join(c, '.git', 'gm-pushes.all')) ? readFileSync(join(c, '.git', 'gm-pushes.all'), 'utf8').length : 0));
  const wall = performance.now() - t;
  const cpus = res.map((r) => /GMCPU ([\d.]+) ([\d.]+)/.exec(r.err)).filter(Boolean).map((m) => Number(m[1]) + Number(m[2]));
  const parsed = res.map((r) => {
    try {
      return { code: r.code, j: JSON.parse(r.out) };
    } catch {
      return { code: r.code, j: null };
    }
  });
  const ok = parsed.filter((p) => p.code === 0);
  const retries = parsed.map((p) => (p.code === 0 ? p.j?.sync?.retries : p.j?.error?.data?.retries) ?? 0);
  const pushes = existsSync(join(w.remote, 'pushes.log')) ? readFileSync(join(w.remote, 'pushes.log'), 'utf8').length : 0;
  const after = await afterwards(w, W);
  return {
    writers: W,
    mode,
    wallMs: Math.round(wall),
    ...(cpus.length ? { cpuTotalS: +cpus.reduce((a, b) => a + b, 0).toFixed(1), cpuPerWriterMedianMs: Math.round(median(cpus) * 1000) } : {}),
    failed: W - ok.length,
    failedCodes: [...new Set(parsed.filter((p) => p.code !== 0).map((p) => p.j?.error?.code ?? `exit ${p.code}`))],
    viaPendingRef: ok.filter((p) => p.j?.sync?.pendingRef).length,
    maxRetries: Math.max(0, ...retries),
    meanRetries: +(retries.reduce((a, b) => a + b, 0) / W).toFixed(2),
    pushesPerWriter: +(pushes / W).toFixed(2),
    pushProcessesPerWriter: +(pushProcs.reduce((a, b) => a + b, 0) / W).toFixed(2),
    writersPushingTwice: pushProcs.filter((n) => n > 1).length,
    gitProcessesPerWriter: +(gitProcs.reduce((a, b) => a + b, 0) / W).toFixed(2),
    tipAgeS: TIP_AGE,
    ...after,
  };
}

async function inproc(N, procs, mode) {
  const w = await world(1);
  const clones = Array.from({ length: N }, (_, i) => jobClone(w, `job${i}`));
  const per = Math.ceil(N / procs);
  const startAt = Date.now() + 1500;
  const env = { ...(mode === 'branch' ? { MEMORY_SYNC_MODE: 'branch', MEMORY_SYNC_RETRIES: '1000' } : {}), BENCH_GIT_TIMEOUT_MS: opt('git-timeout', '120000') };
  const tStart = performance.now() + (startAt - Date.now());
  const outs = await Promise.all(
    Array.from({ length: procs }, (_, p) => run(process.execPath, [join(root, 'bench', 'sync-inproc-writer.mjs'), lib, String(startAt), `p${p}`, ...clones.slice(p * per, (p + 1) * per)], { env })),
  );
  const wall = performance.now() - tStart;
  const lines = outs.flatMap((o) => o.out.split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  const ok = lines.filter((l) => l.ok);
  const retries = lines.map((l) => l.retries ?? 0);
  const after = await afterwards(w, N);
  return {
    writers: N,
    processes: procs,
    mode,
    wallMs: Math.round(wall),
    failed: N - ok.length,
    failedCodes: [...new Set(lines.filter((l) => !l.ok).map((l) => `${l.code}: ${String(l.message).slice(0, 120)}`))].slice(0, 5),
    gitTimeoutMs: Number(env.BENCH_GIT_TIMEOUT_MS ?? 120_000),
    viaPendingRef: ok.filter((l) => l.pendingRef).length,
    maxRetries: Math.max(0, ...retries),
    meanRetries: +(retries.reduce((a, b) => a + b, 0) / N).toFixed(3),
    medianWriteMs: Math.round(median(ok.map((l) => l.ms))),
    ...after,
  };
}

/** Counts the bytes of every fetch and push of a clone (both directions) through wrappers around git's transport programs. */
function counting(clone) {
  const dir = join(clone, '.git', 'bytes');
  execFileSync('mkdir', ['-p', dir]);
  const wrap = join(clone, '.git', 'count-transport.sh');
  writeFileSync(wrap, `#!/bin/sh\np=$1; shift\ntee -a "${dir}/$p.in" | git "$p" "$@" | tee -a "${dir}/$p.out"\n`);
  chmodSync(wrap, 0o755);
  git(clone, 'config', 'remote.origin.uploadpack', `${wrap} upload-pack`);
  git(clone, 'config', 'remote.origin.receivepack', `${wrap} receive-pack`);
  const size = (f) => (existsSync(join(dir, f)) ? statSync(join(dir, f)).size : 0);
  return () => ({ fetched: size('upload-pack.out'), fetchSent: size('upload-pack.in'), pushed: size('receive-pack.in'), pushReceived: size('receive-pack.out') });
}

async function bytes(N) {
  const w = await world(N, 0);
  // Some history on the branch, as a long-lived one has.
  const hist = jobClone(w, 'hist');
  for (let i = 0; i < 10; i++) await run(process.execPath, [cli, "store", `history ${i}`, '--sync'], { cwd: hist });
  const out = {};
  for (const job of ['store', 'search']) {
    const c = jobClone(w, `bytes-${job}`);
    const count = counting(c);
    const t = performance.now();
    const args = job === 'store' ? ['store', 'what this job learned', '--sync', '--json'] : ['search', 'topic 42', '--sync', '--json'];
    const r = await run(process.execPath, [cli, ...args], { cwd: c });
    if (r.code !== 0) throw new Error(`${job} failed: ${r.err}`);
    out[job] = { ...count(), ms: Math.round(performance.now() - t) };
  }
  const branchBytes = Number(git(w.remote, 'rev-list', '--objects', '--disk-usage', 'memory'));
  return { memories: N, historyCommits: Number(git(w.remote, 'rev-list', '--count', 'memory')), branchObjectsBytes: branchBytes, ...out };
}

/**
 * W jobs at once, each: `node -e ''`, then git only. "fetch+push": a shallow fetch of the branch and
 * its pending refs, a commit made with `git commit-tree`, a push of it to a new ref (cannot be
 * rejected); "push": the push alone. No git-memory code runs.
 */
async function floor(W, shape) {
  const w = await world(1);
  const clones = Array.from({ length: W }, (_, i) => jobClone(w, `floor${i}`));
  const start = shape.startsWith('store') ? `"${process.execPath}" "${cli}" store "job learned something" --json >/dev/null` : `"${process.execPath}" -e ''`;
  const script = [
    start,
    ...(shape.endsWith('fetch+push') ? [`git -c maintenance.auto=false -c gc.auto=0 fetch -q --no-tags --refmap= --depth=4 origin +refs/heads/memory:refs/floor/memory '+refs/memory-pending/memory/*:refs/floor/pending/*'`] : []),
    `c=$(git commit-tree -m job "$(git rev-parse HEAD^{tree})")`,
    `git push -q --no-verify origin "$c:refs/memory-pending/memory/floor-$$"`,
  ].join(' && ');
  // CPU of each job with every process it waited for (git and, through file://, the server side), as for the writers.
  const timed = existsSync('/usr/bin/time');
  const t = performance.now();
  const res = await Promise.all(clones.map((c) => (timed ? run('/usr/bin/time', ['-f', 'GMCPU %U %S', '/bin/sh', '-c', script], { cwd: c }) : run('/bin/sh', ['-c', script], { cwd: c }))));
  const cpus = res.map((r) => /GMCPU ([\d.]+) ([\d.]+)/.exec(r.err)).filter(Boolean).map((m) => Number(m[1]) + Number(m[2]));
  return { writers: W, shape, wallMs: Math.round(performance.now() - t), ...(cpus.length ? { cpuPerJobMedianMs: Math.round(median(cpus) * 1000) } : {}), failed: res.filter((r) => r.code !== 0).length };
}

/**
 * One CI job (fresh clone each run), alone: `node -e ''`, the floor (node start, fetch, push of a
 * pending ref) and `memory store --sync`, interleaved run by run; then two writers started together
 * (both see the same tip: one wins the branch, the other's push is rejected after the remote's hook
 * ran, and it pushes again to a pending ref). The git commands each job started are logged by a
 * wrapper named `git` first on PATH (git's own sub-processes, and the server side through file://,
 * run from git's exec path and are not counted).
 */
async function single(runs) {
  const shim = join(tmp, 'shim');
  execFileSync('mkdir', ['-p', shim]);
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(shim, 'git'), `#!/bin/sh\n[ -n "$GM_GITLOG" ] && printf '%s\\n' "$*" >> "$GM_GITLOG"\nexec "${realGit}" "$@"\n`);
  chmodSync(join(shim, 'git'), 0o755);
  const PATH = `${shim}:${process.env.PATH}`;
  const floorScript = [
    `"${process.execPath}" -e ''`,
    `git -c maintenance.auto=false -c gc.auto=0 fetch -q --no-tags --refmap= --depth=4 origin +refs/heads/memory:refs/floor/memory '+refs/memory-pending/memory/*:refs/floor/pending/*'`,
    `c=$(git commit-tree -m job "$(git rev-parse HEAD^{tree})")`,
    `git push -q --no-verify origin "$c:refs/memory-pending/memory/floor-$$"`,
  ].join(' && ');
  const jobs = {
    node: () => ['/bin/sh', ['-c', `"${process.execPath}" -e ''`]],
    floor: () => ['/bin/sh', ['-c', floorScript]],
    writer: (i) => [process.execPath, [cli, 'store', `job ${i} learned something: ${'lorem ipsum '.repeat(6)}`, '--sync', '--json']],
  };
  const timedRun = async (kind, c, i) => {
    const log = join(c, '.git', 'gm-gitlog');
    const [cmd, args] = jobs[kind](i);
    const t = performance.now();
    // CPU from /usr/bin/time where there is one (the job and every process it waited for); else wall only.
    const timed = existsSync('/usr/bin/time');
    const r = await run(timed ? '/usr/bin/time' : cmd, timed ? ['-f', 'GMCPU %U %S', cmd, ...args] : args, { cwd: c, env: { PATH, GM_GITLOG: log } });
    const ms = performance.now() - t;
    if (r.code !== 0) throw new Error(`${kind} failed: ${r.err.slice(0, 400)}`);
    const m = /GMCPU ([\d.]+) ([\d.]+)/.exec(r.err);
    const cmds = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    let out = null;
    try {
      out = JSON.parse(r.out);
    } catch {}
    return { ms, cpu: m ? Number(m[1]) + Number(m[2]) : NaN, git: cmds.map((l) => l.replace(/^(-c \S+ )*/, '').split(' ')[0]), pendingRef: !!out?.sync?.pendingRef };
  };
  const acc = { node: [], floor: [], writer: [] };
  for (let r = 0; r < runs; r++) {
    for (const kind of ['node', 'floor', 'writer']) {
      const w = await world(1);
      acc[kind].push(await timedRun(kind, jobClone(w, `${kind}${r}`), r));
    }
  }
  const sum = (xs) => ({ wallMs: Math.round(median(xs.map((x) => x.ms))), cpuMs: Math.round(median(xs.map((x) => x.cpu)) * 1000), gitCommands: xs[0].git.join(',') || '-' });
  const out = { runs, node: sum(acc.node), floor: sum(acc.floor), writer: sum(acc.writer) };
  out.writer.overFloorWall = +(out.writer.wallMs / out.floor.wallMs).toFixed(2);
  out.writer.overFloorCpu = +(out.writer.cpuMs / out.floor.cpuMs).toFixed(2);
  // Two writers at once, and the same two floors at once.
  const pairs = { floor: [], writer: [] };
  for (let r = 0; r < runs; r++) {
    for (const kind of ['floor', 'writer']) {
      const w = await world(1);
      const cs = [jobClone(w, `p${kind}${r}a`), jobClone(w, `p${kind}${r}b`)];
      const t = performance.now();
      const rs = await Promise.all(cs.map((c, i) => timedRun(kind, c, i)));
      pairs[kind].push({ ms: performance.now() - t, rs });
    }
  }
  const pair = (kind) => ({
    wallMs: Math.round(median(pairs[kind].map((p) => p.ms))),
    gitCommandsPerRun: pairs[kind].map((p) => p.rs.map((x) => x.git.join(',')).join(' | ')),
    ...(kind === 'writer' ? { viaPendingRef: pairs[kind].map((p) => p.rs.filter((x) => x.pendingRef).length) } : {}),
  });
  out.two = { floor: pair('floor'), writer: pair('writer') };
  out.two.writer.overFloorWall = +(out.two.writer.wallMs / out.two.floor.wallMs).toFixed(2);
  return out;
}

const nodeStart = median(Array.from({ length: 5 }, () => timeSpawn(process.execPath, ['-e', ''])));
const results = [];
if (part === 'processes') {
  for (const W of list('writers', '32,64').map(Number)) for (const mode of list('modes', 'pending,branch')) {
    const r = await processes(W, mode);
    console.error(JSON.stringify(r));
    results.push(r);
  }
} else if (part === 'inproc') {
  for (const N of list('writers', '16,256').map(Number)) for (const mode of list('modes', 'pending')) {
    const r = await inproc(N, Number(opt('procs', '8')), mode);
    console.error(JSON.stringify(r));
    results.push(r);
  }
} else if (part === 'bytes') {
  for (const N of list('memories', '1000,10000').map(Number)) {
    const r = await bytes(N);
    console.error(JSON.stringify(r));
    results.push(r);
  }
} else if (part === 'floor') {
  for (const W of list('writers', '64').map(Number)) for (const shape of list('shapes', 'fetch+push,push,store+fetch+push')) {
    const r = await floor(W, shape);
    console.error(JSON.stringify(r));
    results.push(r);
  }
} else if (part === 'ratio') {
  // The writers and their floor alternated in one run (floor, writers, floor, …), so both see the same
  // machine; the ratio is each writers' run over the mean of the floors either side of it.
  const W = Number(opt('writers', '64'));
  const rounds = Number(opt('rounds', '2'));
  const floors = [await floor(W, 'fetch+push')];
  console.error(JSON.stringify(floors[0]));
  for (let i = 0; i < rounds; i++) {
    const r = await processes(W, 'pending');
    console.error(JSON.stringify(r));
    floors.push(await floor(W, 'fetch+push'));
    console.error(JSON.stringify(floors.at(-1)));
    const floorCpu = (floors.at(-2).cpuPerJobMedianMs + floors.at(-1).cpuPerJobMedianMs) / 2;
    results.push({
      ...r,
      floorWallMs: Math.round((floors.at(-2).wallMs + floors.at(-1).wallMs) / 2),
      overFloor: +((2 * r.wallMs) / (floors.at(-2).wallMs + floors.at(-1).wallMs)).toFixed(2),
      ...(floorCpu && r.cpuPerWriterMedianMs ? { floorCpuPerJobMs: Math.round(floorCpu), cpuOverFloor: +(r.cpuPerWriterMedianMs / floorCpu).toFixed(2) } : {}),
    });
  }
  results.push({ floors: floors.map((f) => f.wallMs), load: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)) });
} else if (part === 'single') {
  results.push(await single(Number(opt('runs', '5'))));
  results.push({ load: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)) });
} else throw new Error(`unknown part ${part}`);
console.log(JSON.stringify({ part, hookSeconds: part === 'bytes' ? 0 : HOOK, nodeStartMs: +nodeStart.toFixed(1), results }, null, 2));
