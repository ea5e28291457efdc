// The figures at 1,000,000 memories: what a CI job costs as the memory branch grows.
//
//   node bench/ci-cost.mjs [--sizes 1000,100000,1000000] [--search-sizes 100000,1000000] [--runs 1]
//                          [--repos DIR] [--before CLI]
//
// --repos DIR: the remotes are kept in DIR/n<size> and reused by the next run with the same DIR (a
// 1,000,000-memory branch takes minutes to write; each store job adds one commit to it, so a reused
// branch is a few commits longer). --before CLI: every store job is also run, interleaved, with another
// build's bin/memory.js (e.g. main's), so before and after are measured under the same load.
//
// Per size, a bare remote (`uploadpack.allowFilter` on) whose memory branch of N memories is written
// by writeBranchFast (bench/lib.mjs: blobs through `git fast-import`, trees by `git mktree --batch`;
// a 1,000,000-memory branch in minutes, not the hours of a fast-import of every path; loose trees then
// packed with `git repack -d`), then one real `memory store --sync` (the branch as the CLI writes it). Then, per run:
//   store job : `git clone --depth 1 --single-branch --branch main` (what actions/checkout gives a job)
//               + `memory store … --sync --json`: bytes `git upload-pack` sent it (a wrapper counts
//               them), wall and CPU time (/usr/bin/time: the job's processes and, through file://, the
//               server side). Each store job moves the branch one commit.
//   search job (sizes in --search-sizes): the index cache was filled by a search job before that store
//               job, so it is one commit behind; `git clone --no-checkout --depth 1 --branch memory`
//               + `memory search … --index-cache COPY`. Floor: the same clone + `node -e ''`. The
//               bytes the clone fetched are counted the same way. The cache the hit wrote back becomes
//               the cache of the next run (one commit behind again after the next store job).
// Ratios: store wall to the store job at the smallest size, search wall to its floor; node start timed
// in the same run.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchEnv, ciClone, median, privateBuild, timeSpawn, writeBranchFast } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = opt('sizes', '1000,100000').split(',').map(Number);
const SEARCH = new Set(opt('search-sizes', '100000').split(',').filter(Boolean).map(Number));
const RUNS = Number(opt('runs', '1'));
const REPOS = opt('repos', null);
const BEFORE = opt('before', null) && resolve(opt('before', null));
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
delete env.MEMORY_SYNC_BLOBLESS;
delete env.MEMORY_INDEX_CACHE;
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-cicost-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const { cli } = privateBuild();
const git = (cwd, args, input) => execFileSync('git', args, { cwd, env, input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: [input !== undefined ? 'pipe' : 'ignore', 'pipe', 'pipe'] }).trim();
const log = (m) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

const WORDS = 'deploy staging cluster restart api rate limit database migration cache index search token build test release rollback queue worker retry timeout config secret rotate log metric alert schema backup restore shard replica latency'.split(' ');
function text(i) {
  let s = (i * 2654435761) >>> 0;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: 12 + Math.floor(rnd() * 20) }, () => WORDS[Math.floor(rnd() * rnd() * WORDS.length)]).join(' ') + ` (note ${i})`;
}

async function remoteWith(n) {
  const dir = join(REPOS ?? tmp, `n${n}`);
  const remote = join(dir, 'remote.git');
  if (REPOS && existsSync(join(dir, 'done'))) {
    const treeBytes = Number(git(remote, ['rev-list', '--objects', '--filter=blob:none', '--disk-usage', '--max-count=1', 'memory']));
    return { remote, treeBytes, reused: true };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '--bare', '-b', 'main', remote]);
  const empty = git(remote, ['mktree'], '');
  git(remote, ['update-ref', 'refs/heads/main', git(remote, ['commit-tree', empty, '-m', 'init'])]);
  await writeBranchFast(remote, n, { env, text });
  // The trees and commits are loose objects: packed as a hosted remote keeps them (pack-objects then
  // reuses them instead of compressing every tree again on every fetch). Only the loose objects: the
  // blobs are already in fast-import's pack.
  git(remote, ['repack', '-d', '-q']);
  git(remote, ['config', 'uploadpack.allowFilter', 'true']);
  const seed = storeClone(remote, 'seed');
  const r = spawnSync(process.execPath, [cli, 'store', 'seed: the branch as the CLI writes it', '--sync', '--json'], { cwd: seed, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  rmSync(seed, { recursive: true, force: true });
  const treeBytes = Number(git(remote, ['rev-list', '--objects', '--filter=blob:none', '--disk-usage', '--max-count=1', 'memory']));
  if (REPOS) writeFileSync(join(dir, 'done'), '');
  return { remote, treeBytes };
}

/** A wrapper around `git upload-pack` that appends what it sends to `out`. */
function counter(name) {
  const out = join(tmp, `${name}.sent`);
  const wrap = join(tmp, `${name}.sh`);
  writeFileSync(wrap, `#!/bin/sh\ngit upload-pack "$@" | tee -a "${out}"\n`);
  chmodSync(wrap, 0o755);
  return { wrap, bytes: () => (existsSync(out) ? statSync(out).size : 0), reset: () => rmSync(out, { force: true }) };
}

let seq = 0;
function storeClone(remote, name = `job${seq++}`) {
  return ciClone(`file://${remote}`, join(tmp, name), { env });
}

function storeJob(remote, i, bin = cli) {
  const c = storeClone(remote);
  const count = counter(`store${seq}`);
  git(c, ['config', 'remote.origin.uploadpack', count.wrap]);
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', 'GMCPU %U %S', process.execPath, bin, 'store', `run ${i}: the store job learned rollback fact ${seq}`, '--sync', '--json'], { cwd: c, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`store failed: ${r.stderr}`);
  if (!JSON.parse(r.stdout).sync?.pushed) throw new Error('store: nothing pushed');
  const m = /GMCPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
  rmSync(c, { recursive: true, force: true });
  // Jobs here follow each other within seconds, so each one sees the last as a burst and parks a
  // redundant copy of its commits in a pending ref (docs/sync.md): the branch holds them, so they are
  // deleted, as the next fold would, and every job starts from the same state (a branch, no pending
  // refs), as sequential CI jobs minutes apart do.
  for (const ref of git(remote, ['for-each-ref', '--format=%(refname)', 'refs/memory-pending/']).split('\n').filter(Boolean)) git(remote, ['update-ref', '-d', ref]);
  return { ms, bytes: count.bytes(), cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
}

/** `git clone --no-checkout --depth 1` of the memory branch, timed, with the bytes fetched. */
function searchClone(remote) {
  const d = join(tmp, `s${seq++}`);
  const count = counter(`search${seq}`);
  const t = process.hrtime.bigint();
  git(tmp, ['clone', '-q', '--no-checkout', '--depth', '1', '--branch', 'memory', `--upload-pack=${count.wrap}`, `file://${remote}`, d]);
  return { d, ms: Number(process.hrtime.bigint() - t) / 1e6, bytes: count.bytes() };
}

function timed(args, cwd) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return { ms, json: args.includes('--json') ? JSON.parse(r.stdout) : null };
}
const QUERY = ['search', 'rollback', 'latency', '--json'];

const stores = [];
const searches = [];
const nodeStart = [];
for (const n of SIZES) {
  let t = performance.now();
  const w = await remoteWith(n);
  log(`branch of ${n} built in ${((performance.now() - t) / 1000).toFixed(1)} s; tip trees ${w.treeBytes} bytes`);
  let cache = null;
  let fill = null;
  if (SEARCH.has(n)) {
    cache = join(tmp, `cache-${n}`);
    const c = searchClone(w.remote);
    fill = timed([cli, ...QUERY, '--index-cache', cache], c.d);
    rmSync(c.d, { recursive: true, force: true });
    log(`${n}: first search job (cache miss, full build) ${Math.round(fill.ms)} ms, ${fill.json.indexCache.bytesWritten} bytes to the cache`);
  }
  const runs = [];
  const before = [];
  const hits = [];
  for (let i = 0; i < RUNS; i++) {
    nodeStart.push(timeSpawn(process.execPath, ['-e', ''], { env }));
    if (BEFORE) {
      before.push(storeJob(w.remote, i, BEFORE));
      log(`${n}: store job (before) ${JSON.stringify(before.at(-1))}`);
    }
    runs.push(storeJob(w.remote, i));
    log(`${n}: store job ${JSON.stringify(runs.at(-1))}`);
    if (!cache) continue;
    const f = searchClone(w.remote);
    const floor = f.ms + timed(['-e', ''], tmp).ms;
    rmSync(f.d, { recursive: true, force: true });
    const copy = join(tmp, `cache-${n}-${i}`);
    cpSync(cache, copy, { recursive: true });
    const c = searchClone(w.remote);
    const h = timed([cli, ...QUERY, '--index-cache', copy], c.d);
    rmSync(c.d, { recursive: true, force: true });
    if (h.json.indexCache.index === 'full') throw new Error('the restored index was rebuilt in full');
    rmSync(cache, { recursive: true, force: true });
    cache = copy;
    hits.push({ floor, cloneMs: c.ms, hit: c.ms + h.ms, bytes: c.bytes, report: h.json.indexCache });
    log(`${n}: search job floor ${Math.round(floor)} ms, hit ${Math.round(c.ms + h.ms)} ms (${h.json.indexCache.index}), fetched ${c.bytes} bytes`);
  }
  const sum = (rs) => ({ fetchedBytes: median(rs.map((r) => r.bytes)), wallMs: Math.round(median(rs.map((r) => r.ms))), cpuMs: Math.round(median(rs.map((r) => r.cpu))) });
  stores.push({ memories: n, treeBytes: w.treeBytes, ...sum(runs), ...(BEFORE ? { before: sum(before) } : {}) });
  if (hits.length) {
    const fl = median(hits.map((h) => h.floor));
    const hi = median(hits.map((h) => h.hit));
    const last = hits.at(-1).report;
    searches.push({ memories: n, floorMs: Math.round(fl), hitMs: Math.round(hi), hitOverFloor: +(hi / fl).toFixed(2), fetchedBytes: median(hits.map((h) => h.bytes)), cloneMs: Math.round(median(hits.map((h) => h.cloneMs))), index: last.index, cacheBytesRead: last.bytesRead, cacheBytesWritten: last.bytesWritten, missMs: Math.round(fill.ms) });
  }
  if (!REPOS) rmSync(join(tmp, `n${n}`), { recursive: true, force: true });
}
const base = stores[0].wallMs;
const node = median(nodeStart);
const cpuBase = stores[0].cpuMs;
for (const s of stores) {
  Object.assign(s, { wallOverSmallest: +(s.wallMs / base).toFixed(2), cpuOverSmallest: +(s.cpuMs / cpuBase).toFixed(2), wallOverNodeStart: +(s.wallMs / node).toFixed(1) });
  if (s.before) Object.assign(s.before, { wallOverSmallest: +(s.before.wallMs / stores[0].before.wallMs).toFixed(2), cpuOverSmallest: +(s.before.cpuMs / stores[0].before.cpuMs).toFixed(2) });
}
console.log(JSON.stringify({ runs: RUNS, node: process.version, nodeStartMs: Math.round(node), load: loadavg().map((x) => +x.toFixed(1)), stores, searches }, null, 2));
